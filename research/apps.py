from django.apps import AppConfig


class ResearchConfig(AppConfig):
    name = "research"
    verbose_name = "Research runs"

    def ready(self):
        from research import login_throttle  # noqa: F401  (connects the failed-login counter)

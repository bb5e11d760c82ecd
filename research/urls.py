from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from research.api import api
from research.login_throttle import LoginView

handler404 = "research.api.not_found"

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/", api.urls),
    path("login/", LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("i18n/", include("django.conf.urls.i18n")),  # set_language: POST, CSRF-checked
    path("", include("corpus.urls")),
    path("", include("research.urls_pages")),
]  # static files: WhiteNoise (research/settings.py)

"""Admin: roles are managed with Django's own User and Group pages; runs and reviews are read here."""

from django.contrib import admin

from research.models import Review, ReviewAudit, Run
from research.tokens import ApiToken


class ReadOnlyAdmin(admin.ModelAdmin):
    """Runs and their audit trail are written by the app, never edited by hand."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(Run)
class RunAdmin(ReadOnlyAdmin):
    list_display = ["pk", "question", "engine", "status", "gate", "created_by", "created_at"]
    list_filter = ["status", "gate", "engine", "recorded"]
    search_fields = ["question"]


class ReviewAuditInline(admin.TabularInline):
    model = ReviewAudit
    extra = 0
    can_delete = False
    readonly_fields = ["actor", "action", "comment", "content_sha256", "at"]
    fields = readonly_fields


@admin.register(Review)
class ReviewAdmin(ReadOnlyAdmin):
    list_display = ["pk", "run", "status", "reviewer", "decided_at"]
    list_filter = ["status"]
    inlines = [ReviewAuditInline]


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    list_display = ["pk", "user", "name", "created_at", "last_used_at"]
    readonly_fields = [f.name for f in ApiToken._meta.fields]

    def has_add_permission(self, request):
        return False  # tokens are issued once by `manage.py create_api_token`

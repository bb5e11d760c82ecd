"""Admin: the corpus is loaded by the importer; these pages only read it."""

from django.contrib import admin

from corpus.models import Act, ActVersion


@admin.register(Act)
class ActAdmin(admin.ModelAdmin):
    list_display = ["code", "title_en", "title_fr"]
    search_fields = ["code", "title_en", "title_fr"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(ActVersion)
class ActVersionAdmin(ActAdmin):
    list_display = ["act", "lang", "pit_date", "current_date", "provision_count", "has_pending_amendments"]
    list_filter = ["lang"]
    search_fields = ["act__code"]

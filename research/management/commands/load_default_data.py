"""manage.py load_default_data — the default corpus and the reviewer group (idempotent).

`make run` calls it; re-running it writes nothing that is already there.
"""

from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand

from research.roles import ensure_roles


class Command(BaseCommand):
    help = "Load the default corpus and roles (safe to re-run)."

    def handle(self, *args, **options):
        paths = [str(p) for p in settings.VERBATIM_DEFAULT_CORPUS if Path(p).exists()]
        call_command("ingest_justice_laws", *paths, stdout=self.stdout)
        korean = [str(p) for p in settings.VERBATIM_KOREAN_CORPUS if Path(p).exists()]
        if korean:
            call_command("ingest_korean_laws", *korean, stdout=self.stdout)
        call_command("embed_sections", stdout=self.stdout)
        ensure_roles()
        self.stdout.write("Roles ready: group 'Reviewers' holds the review permission.")
        recorded = sorted((Path(settings.BASE_DIR) / "research" / "recorded").glob("*.json"))
        if recorded:
            call_command("import_runs", *[str(p) for p in recorded], stdout=self.stdout)

"""manage.py create_api_token USER [--name NAME] — print a new API token once.

Only its SHA-256 is stored; the token cannot be shown again. Clients send it as
`Authorization: Bearer <token>`.
"""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from research.tokens import create_token


class Command(BaseCommand):
    help = "Create an API token for USER and print it (shown once)."

    def add_arguments(self, parser):
        parser.add_argument("username")
        parser.add_argument("--name", default="", help="a label to recognise the token by")

    def handle(self, *args, username, name, **options):
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise CommandError(f"no user named {username!r}; create one with manage.py createsuperuser")
        _, token = create_token(user, name=name)
        self.stdout.write(token)

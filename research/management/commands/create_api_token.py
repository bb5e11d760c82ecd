"""manage.py create_api_token USER [--name NAME] [--scope read|research] [--days N | --no-expiry]
— print a new API token once.

Only its SHA-256 is stored; the token cannot be shown again. Clients send it as
`Authorization: Bearer <token>`. Users make and revoke their own on /account/tokens/.
"""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from research.tokens import ApiToken, create_token


class Command(BaseCommand):
    help = "Create an API token for USER and print it (shown once)."

    def add_arguments(self, parser):
        parser.add_argument("username")
        parser.add_argument("--name", default="", help="a label to recognise the token by")
        parser.add_argument("--scope", choices=[ApiToken.SCOPE_READ, ApiToken.SCOPE_RESEARCH],
                            default=ApiToken.SCOPE_RESEARCH, help="read: read runs; research: also start them")
        parser.add_argument("--days", type=int, default=90, help="days until it expires (default 90)")
        parser.add_argument("--no-expiry", action="store_true", help="a token that never expires")

    def handle(self, *args, username, name, scope, days, no_expiry, **options):
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise CommandError(f"no user named {username!r}; create one with manage.py createsuperuser")
        if not no_expiry and days < 1:
            raise CommandError("--days must be at least 1 (or use --no-expiry)")
        _, token = create_token(user, name=name, scope=scope, days=None if no_expiry else days)
        self.stdout.write(token)

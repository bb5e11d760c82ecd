"""manage.py create_user USERNAME [--reviewer] [--email EMAIL] — a lawyer or reviewer account.

A lawyer is any signed-in user (they ask and read runs); --reviewer adds the Reviewers group
(approve, reject, request changes). The password is read from the VERBATIM_NEW_PASSWORD
environment variable, or asked twice on the terminal; it is never an argument, so it stays out
of shell history and process lists. An existing user gets the new password and, with
--reviewer, the group.
"""

import getpass
import os

from django.contrib.auth import get_user_model, password_validation
from django.contrib.auth.models import Group
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from research.roles import REVIEWERS, ensure_roles

PASSWORD_ENV = "VERBATIM_NEW_PASSWORD"


class Command(BaseCommand):
    help = "Create (or update) a lawyer account, or a reviewer with --reviewer."

    def add_arguments(self, parser):
        parser.add_argument("username")
        parser.add_argument("--reviewer", action="store_true", help="add to the Reviewers group")
        parser.add_argument("--email", default="")

    def handle(self, *args, username, reviewer, email, **options):
        username = username.strip()
        if not username:
            raise CommandError("the username is empty")
        password = self._password()
        user_model = get_user_model()
        user = user_model.objects.filter(username=username).first() or user_model(username=username)
        try:
            password_validation.validate_password(password, user)
        except ValidationError as error:
            raise CommandError(" ".join(error.messages)) from error
        created = user.pk is None
        if email:
            user.email = email
        user.set_password(password)
        user.save()
        if reviewer:
            ensure_roles()
            user.groups.add(Group.objects.get(name=REVIEWERS))
        role = "reviewer" if user.groups.filter(name=REVIEWERS).exists() else "lawyer"
        self.stdout.write(f"{'created' if created else 'updated'} {role} {username}")

    def _password(self):
        password = os.environ.get(PASSWORD_ENV)
        if password:
            return password
        try:
            first = getpass.getpass("Password: ")
            second = getpass.getpass("Password (again): ")
        except (EOFError, OSError) as error:
            raise CommandError(f"no terminal to ask a password on: set {PASSWORD_ENV}") from error
        if first != second:
            raise CommandError("the two passwords differ")
        return first

"""Roles: lawyers are any signed-in user; reviewers are members of the Reviewers group."""

from django.contrib.auth.models import Group, Permission

REVIEWERS = "Reviewers"
REVIEW_PERMISSION = "research.review_run"


def ensure_roles():
    """Create the Reviewers group with the review permission if it is missing."""
    group, _ = Group.objects.get_or_create(name=REVIEWERS)
    perm = Permission.objects.filter(codename="review_run", content_type__app_label="research").first()
    if perm is not None:
        group.permissions.add(perm)
    return group


def is_reviewer(user):
    return user.is_authenticated and user.has_perm(REVIEW_PERMISSION)

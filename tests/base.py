"""Named personas and small builders shared by tests (healthchecks-style)."""

from django.contrib.auth.models import Group, User

from research.models import Citation, Claim, Run
from research.roles import REVIEWERS, ensure_roles

PASSWORD = "pass-for-tests-only"


def personas():
    """alice (lawyer), bob (reviewer), charlie (outsider)."""
    ensure_roles()
    alice = User.objects.create_user("alice", password=PASSWORD)
    bob = User.objects.create_user("bob", password=PASSWORD)
    bob.groups.add(Group.objects.get(name=REVIEWERS))
    charlie = User.objects.create_user("charlie", password=PASSWORD)
    return alice, bob, charlie


def finished_run(user, quote="required to comply with a subpoena or warrant issued",
                 provision_id="P-8.6:s7(3)(c)", status=Claim.STATUS_PASS):
    """A finished run with one claim quoting a real provision of the default corpus."""
    run = Run.objects.create(question="May an organization disclose without consent for a subpoena?",
                             engine="scripted", created_by=user, status=Run.STATUS_DONE,
                             gate=Run.GATE_PASS if status != Claim.STATUS_BLOCKED else Run.GATE_BLOCKED,
                             reading="Section 7(3)(c) permits it.")
    claim = Claim.objects.create(run=run, position=0, text="Disclosure is allowed for a subpoena.", status=status)
    Citation.objects.create(claim=claim, position=0, provision_id=provision_id, checked_id=provision_id,
                            quote=quote, status=status)
    return run

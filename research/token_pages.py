"""The user's API tokens page: list their tokens, make one (shown once), revoke one.

A user sees and revokes only their own tokens (another user's token id is 404). A new token is
shown in the response to the POST that made it and never again: only its hash is stored.
"""

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_POST

from research.tokens import EXPIRY_DAYS, ApiToken, create_token

# The page's words for each scope (ApiToken.SCOPE_CHOICES stays as the API and admin show it).
SCOPE_LABELS = {ApiToken.SCOPE_READ: gettext_lazy("read-only: read runs"),
                ApiToken.SCOPE_RESEARCH: gettext_lazy("research: read and start runs")}


class TokenForm(forms.Form):
    name = forms.CharField(max_length=100, label=gettext_lazy("Name"),
                           help_text=gettext_lazy("What the token is for, e.g. “memo checker script”."))
    days = forms.TypedChoiceField(label=gettext_lazy("Expires after"), coerce=int, initial=90,
                                  choices=[(d, d) for d in EXPIRY_DAYS])
    scope = forms.ChoiceField(choices=[(value, SCOPE_LABELS.get(value, label)) for value, label in ApiToken.SCOPE_CHOICES],
                              initial=ApiToken.SCOPE_READ, widget=forms.RadioSelect, label=gettext_lazy("Scope"))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["days"].choices = [(d, ngettext("%(days)s day", "%(days)s days", d) % {"days": d})
                                       for d in EXPIRY_DAYS]


@login_required
def tokens(request):
    """GET: the user's tokens and the form. POST: make a token and show it once."""
    form = TokenForm(request.POST or None)
    new_token = None
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        _, new_token = create_token(request.user, name=data["name"].strip(), scope=data["scope"],
                                    days=data["days"])
        form = TokenForm()
    rows = list(ApiToken.objects.filter(user=request.user).order_by("-created_at"))
    for row in rows:
        row.scope_label = SCOPE_LABELS.get(row.scope, row.get_scope_display())
    status = 201 if new_token else 200
    return render(request, "research/tokens.html", {"form": form, "tokens": rows, "new_token": new_token},
                  status=status)


@login_required
@require_POST
def revoke_token(request, pk):
    """Revoke one of the user's own tokens."""
    row = get_object_or_404(ApiToken, pk=pk, user=request.user)
    row.revoke()
    messages.success(request, _("Token “%(name)s” revoked: it is refused from now on.") % {"name": row.name or row.pk})
    return redirect("research:tokens")

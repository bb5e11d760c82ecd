"""Forms of the research pages."""

from django import forms
from django.conf import settings

from corpus.models import Act
from verifier.service import MAX_TEXT_CHARS


class AskForm(forms.Form):
    """A question, an optional as-at date and optional Acts. The deeper checks (date held,
    Acts known, spend) are research.submit.create_run's, so the page and the API agree."""

    question = forms.CharField(
        max_length=settings.VERBATIM_MAX_QUESTION_CHARS,
        widget=forms.Textarea(attrs={"rows": 4, "autofocus": True}),
        help_text="Ask about the text of a statute, e.g. “May an organization disclose personal "
                  "information without consent to comply with a subpoena?”",
    )
    as_at = forms.DateField(
        required=False, label="As at (optional)",
        widget=forms.DateInput(attrs={"type": "date"}),
        help_text="The law as it stood on this date. Leave empty for the latest consolidation held.",
    )
    acts = forms.MultipleChoiceField(
        required=False, label="Acts (optional)", widget=forms.CheckboxSelectMultiple,
        help_text="Leave all unticked to search every Act.",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["acts"].choices = [(a.code, f"{a.title() or a.code} ({a.code})")
                                       for a in Act.objects.order_by("code")]


class CheckForm(forms.Form):
    """The /check page's form: a memo to audit and an optional as-at date."""

    text = forms.CharField(
        label="Memo text", max_length=MAX_TEXT_CHARS, strip=True,
        widget=forms.Textarea(attrs={"rows": 12, "cols": 80, "spellcheck": "false"}),
        help_text="Paste a memo or answer; each sentence or bullet that cites a provision is checked.",
    )
    as_at = forms.DateField(label="As at", required=False, widget=forms.DateInput(attrs={"type": "date"}),
                            help_text="Leave empty for the latest consolidation held.")

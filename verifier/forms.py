"""The /check page's form: a memo to audit and an optional as-at date."""

from django import forms

from verifier.service import MAX_TEXT_CHARS


class CheckForm(forms.Form):
    text = forms.CharField(
        label="Memo text", max_length=MAX_TEXT_CHARS, strip=True,
        widget=forms.Textarea(attrs={"rows": 12, "cols": 80, "spellcheck": "false"}),
        help_text="Paste a memo or answer; each sentence or bullet that cites a provision is checked.",
    )
    as_at = forms.DateField(label="As at", required=False, widget=forms.DateInput(attrs={"type": "date"}),
                            help_text="Leave empty for the latest consolidation held.")

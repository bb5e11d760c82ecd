"""Forms of the research pages."""

from django import forms
from django.conf import settings

from corpus.languages import question_lang
from corpus.models import Act
from research.docx_memo import MAX_DOCX_BYTES
from research.models import Citation
from verifier.acts import RESOLVED, resolve_act
from verifier.adapter import DbCorpus
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
    # The statute book holds thousands of instruments: they are named, not picked from a list.
    acts = forms.CharField(
        required=False, label="Acts or regulations (optional)", max_length=2000,
        help_text="Names, abbreviations, citations or codes, separated by semicolons: “PIPEDA; "
                  "Canada Labour Code” or “SOR/2001-7”. Leave empty to search every instrument.",
    )
    lang = forms.ChoiceField(
        required=False, label="Text to answer from", initial="auto",
        choices=[("auto", "The question’s language"), ("eng", "English"), ("fra", "French")],
        help_text="English and French are equally authoritative; Korean questions read the Korean laws.",
    )

    def clean_acts(self):
        """Instrument codes from the names given, each resolved as the claim checker resolves
        citations (verifier/acts.py): an unknown or ambiguous name is an error saying so."""
        raw = self.cleaned_data.get("acts")
        names = raw if isinstance(raw, list) else [n for n in (raw or "").replace("\n", ";").split(";")]
        names = [n.strip() for n in names if n and n.strip()]
        if not names:
            return []
        refs, codes, errors = DbCorpus().act_refs(), [], []
        for name in names:
            found = resolve_act(name, refs)
            if found.status == RESOLVED:
                codes.append(found.code)
            else:
                errors.append(found.message)
        if errors:
            raise forms.ValidationError(errors)
        return list(dict.fromkeys(codes))

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("lang") in ("auto", "", None):
            cleaned["lang"] = question_lang(cleaned.get("question") or "")
        return cleaned


class CheckForm(forms.Form):
    """The /check page's form: a memo to audit and an optional as-at date."""

    text = forms.CharField(
        label="Memo text", max_length=MAX_TEXT_CHARS, strip=True,
        widget=forms.Textarea(attrs={"rows": 12, "cols": 80, "spellcheck": "false"}),
        help_text="Paste a memo or answer; each sentence or bullet that cites a provision is checked.",
    )
    as_at = forms.DateField(label="As at", required=False, widget=forms.DateInput(attrs={"type": "date"}),
                            help_text="Leave empty for the latest consolidation held.")


class CheckDocxForm(forms.Form):
    """The /check page's other form: a Word memo and an optional as-at date (prefix "docx")."""

    memo = forms.FileField(
        label="Word memo (.docx)", widget=forms.ClearableFileInput(attrs={"accept": ".docx"}),
        help_text=f"At most {MAX_DOCX_BYTES // 1000:,} kB and {MAX_TEXT_CHARS:,} characters of text; paragraphs, "
                  "lists, tables and footnotes are read in order.",
    )
    as_at = forms.DateField(label="As at", required=False, widget=forms.DateInput(attrs={"type": "date"}),
                            help_text="Leave empty for the latest consolidation held.")

    def clean_memo(self):
        memo = self.cleaned_data["memo"]
        if memo.size > MAX_DOCX_BYTES:
            raise forms.ValidationError(f"The file is {memo.size:,} bytes; at most {MAX_DOCX_BYTES:,} per memo.")
        return memo


class RunFilterForm(forms.Form):
    """Filters of "My runs"; every field optional."""

    STATUS_CHOICES = [("", "any status"), ("queued", "queued"), ("running", "running"), ("done", "done"),
                      ("failed", "failed")]
    DECISION_CHOICES = [("", "any decision"), ("none", "not decided"), ("approved", "approved"),
                        ("rejected", "rejected"), ("changes_requested", "changes requested")]

    status = forms.ChoiceField(choices=STATUS_CHOICES, required=False)
    decision = forms.ChoiceField(choices=DECISION_CHOICES, required=False, label="Review")
    act = forms.ChoiceField(required=False, label="Act cited")
    since = forms.DateField(required=False, label="From", widget=forms.DateInput(attrs={"type": "date"}))
    until = forms.DateField(required=False, label="To", widget=forms.DateInput(attrs={"type": "date"}))

    def __init__(self, *args, user=None, **kwargs):
        super().__init__(*args, **kwargs)
        # The instruments the user's runs cite, not every one held (the statute book has thousands).
        cited = (Citation.objects.filter(claim__run__created_by=user).values_list("provision_id", flat=True)
                 .distinct() if user is not None else [])
        codes = {provision_id.rsplit(":", 1)[0] for provision_id in cited}
        self.fields["act"].choices = [("", "any Act")] + [(a.code, f"{a.title() or a.code} ({a.code})")
                                                          for a in Act.objects.filter(code__in=codes).order_by("code")]

"""Forms of the research pages."""

from django import forms
from django.conf import settings
from django.utils.formats import number_format
from django.utils.functional import lazy
from django.utils.text import format_lazy
from django.utils.translation import get_language, gettext_lazy, pgettext_lazy
from django.utils.translation import gettext as _

from corpus.languages import question_lang
from corpus.messages import translated
from corpus.models import Act
from research.docx_memo import MAX_DOCX_BYTES
from research.models import Citation
from verifier.acts import RESOLVED, resolve_act
from verifier.adapter import DbCorpus
from verifier.service import MAX_TEXT_CHARS


def _grouped(number):
    """`number` with the active language's thousands separator: 5,000 in English as the API and
    the checker's own messages write it (Django's en-CA format would give 5 000), 5 000 in French."""
    if (get_language() or "en").startswith("en"):
        return f"{number:,}"
    return number_format(number, force_grouping=True)


lazy_number = lazy(_grouped, str)


class AskForm(forms.Form):
    """A question, an optional as-at date and optional Acts. The deeper checks (date held,
    Acts known, spend) are research.submit.create_run's, so the page and the API agree."""

    question = forms.CharField(
        max_length=settings.VERBATIM_MAX_QUESTION_CHARS,
        widget=forms.Textarea(attrs={"rows": 4, "autofocus": True}),
        label=gettext_lazy("Question"),
        help_text=gettext_lazy("Ask about the text of a statute, e.g. “May an organization disclose personal "
                               "information without consent to comply with a subpoena?”"),
    )
    as_at = forms.DateField(
        required=False, label=gettext_lazy("As at (optional)"),
        widget=forms.DateInput(attrs={"type": "date"}),
        help_text=gettext_lazy("The law as it stood on this date. Leave empty for the latest consolidation held."),
    )
    # The statute book holds thousands of instruments: they are named, not picked from a list.
    acts = forms.CharField(
        required=False, label=gettext_lazy("Acts or regulations (optional)"), max_length=2000,
        help_text=gettext_lazy("Names, abbreviations, citations or codes, separated by semicolons: “PIPEDA; "
                               "Canada Labour Code” or “SOR/2001-7”. Leave empty to search every instrument."),
    )
    lang = forms.ChoiceField(
        required=False, label=gettext_lazy("Text to answer from"), initial="auto",
        choices=[("auto", gettext_lazy("The question’s language")), ("eng", gettext_lazy("English")),
                 ("fra", gettext_lazy("French"))],
        help_text=gettext_lazy("English and French are equally authoritative; Korean questions read the Korean "
                               "laws."),
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
                errors.append(translated(found.message))
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
        label=gettext_lazy("Memo text"), max_length=MAX_TEXT_CHARS, strip=True,
        widget=forms.Textarea(attrs={"rows": 12, "cols": 80, "spellcheck": "false"}),
        help_text=gettext_lazy("Paste a memo or answer; each sentence or bullet that cites a provision is checked."),
    )
    as_at = forms.DateField(label=gettext_lazy("As at"), required=False, widget=forms.DateInput(attrs={"type": "date"}),
                            help_text=gettext_lazy("Leave empty for the latest consolidation held."))


class CheckDocxForm(forms.Form):
    """The /check page's other form: a Word memo and an optional as-at date (prefix "docx")."""

    memo = forms.FileField(
        label=gettext_lazy("Word memo (.docx)"), widget=forms.ClearableFileInput(attrs={"accept": ".docx"}),
        help_text=format_lazy(gettext_lazy("At most {kb} kB and {chars} characters of text; paragraphs, lists, "
                                           "tables and footnotes are read in order."),
                              kb=lazy_number(MAX_DOCX_BYTES // 1000), chars=lazy_number(MAX_TEXT_CHARS)),
    )
    as_at = forms.DateField(label=gettext_lazy("As at"), required=False, widget=forms.DateInput(attrs={"type": "date"}),
                            help_text=gettext_lazy("Leave empty for the latest consolidation held."))

    def clean_memo(self):
        memo = self.cleaned_data["memo"]
        if memo.size > MAX_DOCX_BYTES:
            raise forms.ValidationError(_("The file is %(size)s bytes; at most %(limit)s per memo.") % {
                "size": _grouped(memo.size), "limit": _grouped(MAX_DOCX_BYTES)})
        return memo


class RunFilterForm(forms.Form):
    """Filters of "My runs"; every field optional."""

    STATUS_CHOICES = [("", gettext_lazy("any status")), ("queued", pgettext_lazy("run status", "queued")),
                      ("running", pgettext_lazy("run status", "running")), ("done", pgettext_lazy("run status", "done")),
                      ("failed", pgettext_lazy("run status", "failed"))]
    DECISION_CHOICES = [("", gettext_lazy("any decision")), ("none", gettext_lazy("not decided")),
                        ("approved", gettext_lazy("approved")), ("rejected", gettext_lazy("rejected")),
                        ("changes_requested", gettext_lazy("changes requested"))]

    status = forms.ChoiceField(choices=STATUS_CHOICES, required=False, label=gettext_lazy("Status"))
    decision = forms.ChoiceField(choices=DECISION_CHOICES, required=False, label=gettext_lazy("Review"))
    act = forms.ChoiceField(required=False, label=gettext_lazy("Act cited"))
    since = forms.DateField(required=False, label=gettext_lazy("From"), widget=forms.DateInput(attrs={"type": "date"}))
    until = forms.DateField(required=False, label=gettext_lazy("To"), widget=forms.DateInput(attrs={"type": "date"}))

    def __init__(self, *args, user=None, **kwargs):
        super().__init__(*args, **kwargs)
        # The instruments the user's runs cite, not every one held (the statute book has thousands).
        cited = (Citation.objects.filter(claim__run__created_by=user).values_list("provision_id", flat=True)
                 .distinct() if user is not None else [])
        codes = {provision_id.rsplit(":", 1)[0] for provision_id in cited}
        self.fields["act"].choices = [("", _("any Act"))] + [(a.code, f"{a.title() or a.code} ({a.code})")
                                                          for a in Act.objects.filter(code__in=codes).order_by("code")]

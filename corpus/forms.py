"""Forms of the corpus pages."""

from django import forms
from django.utils.translation import gettext_lazy as _

from corpus.languages import question_lang
from corpus.messages import translated
from corpus.models import LANG_CHOICES
from verifier.acts import RESOLVED, resolve_act
from verifier.adapter import DbCorpus

# The statute text's languages as the interface names them (LANG_CHOICES gives the codes).
TEXT_LANGUAGE_NAMES = {"eng": _("English"), "fra": _("French"), "kor": _("Korean")}


class SearchForm(forms.Form):
    q = forms.CharField(label=_("Search the statutes"), required=False, max_length=500,
                        widget=forms.TextInput(attrs={"type": "search", "autocomplete": "off"}))
    # Thousands of instruments: named (title, abbreviation, citation or code), not picked from a list.
    act = forms.CharField(label=_("Act or regulation"), required=False, max_length=300,
                          widget=forms.TextInput(attrs={"placeholder": _("all; or e.g. PIPEDA, SOR/2001-7")}))
    lang = forms.ChoiceField(label=_("Language"), required=False, initial="auto",
                             choices=[("auto", _("the query’s")),
                                      *[(code, TEXT_LANGUAGE_NAMES[code]) for code, _name in LANG_CHOICES]])
    as_at = forms.DateField(label=_("As at"), required=False, input_formats=["%Y-%m-%d"],
                            widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
                            help_text=_("YYYY-MM-DD; empty means the latest version"))
    page = forms.IntegerField(required=False, min_value=1, max_value=1000, widget=forms.HiddenInput)

    def clean_act(self):
        """The instrument's code, resolved as citations are (verifier/acts.py); "" for all."""
        name = (self.cleaned_data.get("act") or "").strip()
        if not name:
            return ""
        found = resolve_act(name, DbCorpus().act_refs())
        if found.status != RESOLVED:
            raise forms.ValidationError(translated(found.message))
        return found.code

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("lang") in ("auto", "", None):
            cleaned["lang"] = question_lang(cleaned.get("q") or "")
        return cleaned

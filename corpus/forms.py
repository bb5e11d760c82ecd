"""Forms of the corpus pages."""

from django import forms

from corpus.models import LANG_CHOICES, Act


class SearchForm(forms.Form):
    q = forms.CharField(label="Search the statutes", required=False, max_length=500,
                        widget=forms.TextInput(attrs={"type": "search", "autocomplete": "off"}))
    act = forms.ChoiceField(label="Act", required=False)
    lang = forms.ChoiceField(label="Language", choices=LANG_CHOICES, required=False, initial="eng")
    as_at = forms.DateField(label="As at", required=False, input_formats=["%Y-%m-%d"],
                            widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
                            help_text="YYYY-MM-DD; empty means the latest version")
    page = forms.IntegerField(required=False, min_value=1, max_value=1000, widget=forms.HiddenInput)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["act"].choices = [("", "All Acts")] + [
            (a.code, f"{a.title()} ({a.code})") for a in Act.objects.all()]

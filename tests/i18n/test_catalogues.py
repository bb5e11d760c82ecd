"""The interface catalogues (locale/) are complete, current and compiled, and no template holds
interface text outside a translate tag."""

import gettext
import re
from html.parser import HTMLParser
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.core.management import call_command
from django.template.base import Lexer, TokenType

ROOT = Path(settings.BASE_DIR)
LANGS = [code for code, _ in settings.LANGUAGES if not code.startswith("en")]
# Words that are the same in every language: the product's name.
UNTRANSLATED_OK = {"Verbatim"}
# Attributes people read (or hear, from a screen reader) as interface text.
TEXT_ATTRIBUTES = {"title", "aria-label", "placeholder", "alt", "aria-description"}


def catalogue(lang):
    return polib.pofile(str(ROOT / "locale" / lang / "LC_MESSAGES" / "django.po"))


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_is_translated(lang):
    po = catalogue(lang)
    untranslated = [e.msgid for e in po.untranslated_entries()]
    fuzzy = [e.msgid for e in po.fuzzy_entries()]
    assert not untranslated, f"{lang}: {len(untranslated)} untranslated, e.g. {untranslated[:5]}"
    assert not fuzzy, f"{lang}: {len(fuzzy)} fuzzy, e.g. {fuzzy[:5]}"


@pytest.mark.parametrize("lang", LANGS)
def test_compiled_catalogue_matches_its_source(lang):
    """The committed .mo is what `make messages` compiles from the .po (run time needs no gettext)."""
    mo_path = ROOT / "locale" / lang / "LC_MESSAGES" / "django.mo"
    with mo_path.open("rb") as handle:
        compiled = gettext.GNUTranslations(handle)
    for entry in catalogue(lang).translated_entries():
        key = f"{entry.msgctxt}\x04{entry.msgid}" if entry.msgctxt else entry.msgid
        if entry.msgid_plural:
            assert compiled.ngettext(entry.msgid, entry.msgid_plural, 1) == entry.msgstr_plural[0]
        else:
            assert compiled._catalog.get(key) == entry.msgstr, f"{lang}: stale .mo for {entry.msgid!r}"


def test_catalogues_hold_every_marked_string(tmp_path, settings, monkeypatch):
    """A string marked for translation but missing from the catalogue fails here, not in French.

    makemessages runs over links to the sources, writing to a scratch locale/, never to ours.
    """
    if not any(Path(d, "xgettext").exists() for d in ("/usr/bin", "/usr/local/bin")):
        pytest.fail("xgettext is missing: install gettext (make browser-deps does)")
    for name in SOURCES:
        (tmp_path / name).symlink_to(ROOT / name)
    (tmp_path / "locale").mkdir()
    settings.LOCALE_PATHS = []
    monkeypatch.chdir(tmp_path)
    call_command("makemessages", locale=LANGS, verbosity=0, symlinks=True)
    for lang in LANGS:
        fresh = {e.msgid for e in polib.pofile(str(tmp_path / "locale" / lang / "LC_MESSAGES" / "django.po"))}
        held = {e.msgid for e in catalogue(lang)}
        assert not fresh - held, f"{lang}: run `make messages`; missing {sorted(fresh - held)[:5]}"


# What `make messages` reads: the apps and the project's templates.
SOURCES = ["corpus", "research", "verifier", "templates"]


class _InterfaceText(HTMLParser):
    """Collects text nodes and read-aloud attributes of an HTML document."""

    def __init__(self):
        super().__init__()
        self.found = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in TEXT_ATTRIBUTES and value:
                self.found.append(value)
            if tag == "input" and name == "value" and dict(attrs).get("type") in ("submit", "button"):
                self.found.append(value or "")

    def handle_data(self, data):
        self.found.append(data)


def untranslated_text(source):
    """The words a template shows outside {% translate %} / {% blocktranslate %}.

    Template tags and variables are dropped (what they print is checked where it is made);
    blocktranslate bodies and comment blocks are skipped; what is left is read as HTML.
    """
    kept, skip_until = [], None
    for token in Lexer(source).tokenize():
        if token.token_type == TokenType.BLOCK:
            name = token.contents.split(" ", 1)[0]
            if skip_until:
                skip_until = None if name == skip_until else skip_until
            elif name in ("blocktranslate", "blocktrans"):
                skip_until = "end" + name
            elif name == "comment":
                skip_until = "endcomment"
        elif token.token_type == TokenType.TEXT and not skip_until:
            kept.append(token.contents)
    parser = _InterfaceText()
    parser.feed("".join(kept))
    words = []
    for text in parser.found:
        words += [w for w in re.findall(r"[A-Za-z][A-Za-z'’-]*", text) if w not in UNTRANSLATED_OK]
    return words


TEMPLATES = sorted((ROOT / "templates").rglob("*.html"))


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda p: str(p.relative_to(ROOT / "templates")))
def test_template_text_is_marked_for_translation(path):
    words = untranslated_text(path.read_text(encoding="utf-8"))
    assert not words, f"{path.name}: text outside translate tags: {' '.join(words[:12])}"


def test_the_scan_sees_text_and_attributes_but_not_translated_text():
    source = (
        '{% load i18n %}<p title="Help">{% translate "Fine" %} Loose words</p>'
        "{% blocktranslate %}Kept {{ n }} away{% endblocktranslate %}{% comment %}Note{% endcomment %}"
        '<input type="submit" value="Send">{{ value }} <b>Verbatim</b>'
    )
    assert untranslated_text(source) == ["Help", "Loose", "words", "Send"]

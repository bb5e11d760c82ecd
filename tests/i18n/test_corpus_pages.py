"""The site shell and the corpus pages in the interface language: French from the browser or the
language cookie, Korean on a Korean law's pages; statute text marked with its own language."""

import pytest
from django.conf import settings
from django.test import Client
from django.utils import translation

from corpus.models import ActVersion
from research.login_throttle import refusal_message

pytestmark = pytest.mark.django_db

PIPEDA = "Personal Information Protection and Electronic Documents Act"


@pytest.fixture
def french():
    """A browser asking for French."""
    return Client(HTTP_ACCEPT_LANGUAGE="fr")


def page(client, url, status=200, **params):
    response = client.get(url, params)
    assert response.status_code == status, (url, response.status_code)
    return response.content.decode()


def assert_shows(html, present, absent):
    for text in present:
        assert text in html, f"missing {text!r}"
    for text in absent:
        assert text not in html, f"still shows {text!r}"


def test_the_home_page_is_in_french(french):
    html = page(french, "/")
    assert '<html lang="fr">' in html
    assert_shows(html, ["<label for=\"home-q\">Rechercher dans les lois</label>", "<strong>Parcourir</strong>",
                        "textes disponibles, à toute date détenue", ">Règlements</a>", "Passer au contenu principal",
                        "Ceci n’est pas un avis juridique"],
                 ["Search the statutes", "Browse", "instruments held", "Skip to main content", "Not legal advice"])


def test_the_acts_list_is_in_french(french):
    html = page(french, "/acts/")
    assert_shows(html, ["<h1>Lois</h1>", "Dernière codification", "Titre anglais", "Titre français",
                        "6 en anglais · 1 en français", f'<td lang="en"><a href="/acts/P-8.6/">{PIPEDA}</a></td>'],
                 ["Latest consolidation", "6 English · 1 French", "<h1>Acts</h1>"])


def test_the_regulations_list_is_in_french(french):
    html = page(french, "/regulations/")
    assert_shows(html, ["<h1>Règlements</h1>", "Le titre ou le numéro contient", ">Filtrer</button>",
                        "Pris en vertu de"],
                 ["Title or number contains", ">Filter</button>", "Made under"])


def test_an_acts_contents_are_in_french_over_the_english_text(french):
    html = page(french, "/acts/P-8.6/")
    assert_shows(html, ['<h2 id="contents">Table des matières</h2>', "Modifications non en vigueur",
                        "Codification à jour au 2026-03-26", "Page officielle sur le site Web de la législation",
                        '<h1 lang="en">' + PIPEDA, '<ol class="toc" lang="en">'],
                 [">Contents</h2>", "Amendments not in force", "Consolidated to"])


def test_a_section_with_its_as_at_picker_and_history_is_in_french(french):
    html = page(french, "/acts/P-8.6/s7/", as_at="2020-01-01")
    assert_shows(html, ['<label for="as_at">Version au</label>', "Historique des versions",
                        "codification du 2019-06-21", "Voici le texte codifié au 2019-06-21",
                        "Anglais et français côte à côte", "Copier la référence", "(affichée)",
                        "Modifications de cet article", ">Afficher les modifications</button>"],
                 ["Version history", "not the latest version", "Copy citation", "Show changes", ">As at<"])
    versions = sorted(ActVersion.objects.filter(act__code="P-8.6", lang="eng"), key=lambda v: v.pit_date)
    diff = page(french, "/acts/P-8.6/s7/", diff=f"{versions[0].pk},{versions[-1].pk}")
    assert_shows(diff, ["les mots supprimés sont <del>barrés</del>, les mots ajoutés <ins>soulignés</ins>.",
                        '<div class="diff" lang="en">'], ["removed words are"])


def test_the_statute_text_keeps_its_language_under_a_french_interface(french):
    html = page(french, "/acts/P-8.6/s7/")
    assert '<html lang="fr">' in html
    assert '<h1 lang="en">Section 7 — Collection without knowledge or consent</h1>' in html
    assert '<article class="statute" aria-label="Texte de 7" lang="en">' in html
    # Side by side: each column is marked with its own text's language, the headers with the interface's.
    both = page(french, "/acts/P-8.6/s7/", compare="1")
    assert '<div role="columnheader">Anglais · 2026-03-26</div>' in both
    assert both.count('data-scroll-target lang="en"') + both.count('" lang="en">') > 10
    assert '<div role="cell" lang="fr" class="bilingual__cell depth-1"' in both
    # French text under the English interface: the page is English, the text French.
    text_fr = page(Client(), "/acts/P-8.6/s7/", lang="fra")
    assert '<html lang="en-ca">' in text_fr
    assert '<article class="statute" aria-label="Text of 7" lang="fr">' in text_fr


def test_search_results_are_in_french(french):
    html = page(french, "/search/", q="collection without knowledge", act="P-8.6")
    assert_shows(html, ["<h1>Rechercher dans les lois</h1>", ">Loi ou règlement</label>", "celle de la requête",
                        " trouvé", '<li class="result" lang="en">',
                        '<a href="/acts/P-8.6/s7/">7 — Collection without knowledge or consent</a>'],
                 ["Act or regulation", "matching", "the query’s"])


def test_a_version_not_held_is_said_in_french(french):
    html = page(french, "/acts/P-8.6/s7/", status=404, as_at="2001-01-01")
    assert_shows(html, ["<h1>Version non disponible</h1>",
                        "version non disponible : la plus ancienne version eng de P-8.6 détenue est à jour au "
                        "2019-06-21", "Toutes les lois"], ["Version not held", "All Acts"])


def test_the_login_page_is_in_french(french):
    html = page(french, "/login/")
    assert_shows(html, ["<h1>Se connecter</h1>", ">Nom d’utilisateur</label>", ">Mot de passe</label>",
                        '<button type="submit">Se connecter</button>'],
                 ["Username", "Password", "Log in"])
    with translation.override("fr"):
        assert refusal_message(90) == ("Trop de tentatives de connexion ont échoué pour ce compte ou depuis cette "
                                       "adresse. La connexion est suspendue; réessayez dans 2 minutes.")


def test_the_404_page_is_in_french(french):
    html = page(french, "/no-such-page/", status=404)
    assert_shows(html, ["<h1>Page introuvable</h1>", "Il n’y a rien à cette adresse.", ">Accueil</a>"],
                 ["Not found", "There is nothing at this address", ">Home</a>"])


def test_the_language_form_sets_the_cookie_and_returns_to_the_page(client):
    response = client.post("/i18n/setlang/", {"language": "fr", "next": "/acts/"})
    assert response.status_code == 302
    assert response["Location"] == "/acts/"
    assert client.cookies[settings.LANGUAGE_COOKIE_NAME].value == "fr"
    assert "<h1>Lois</h1>" in page(client, "/acts/")  # no Accept-Language: the cookie decides
    client.post("/i18n/setlang/", {"language": "en-ca", "next": "/acts/"})
    assert "<h1>Acts</h1>" in page(client, "/acts/")


@pytest.mark.parametrize("headers", [{}, {"HTTP_ACCEPT_LANGUAGE": "en"}], ids=["no-language", "accept-en"])
def test_a_korean_laws_pages_are_in_korean(headers):
    client = Client(**headers)
    contents = client.get("/acts/민법/")
    assert contents["Content-Language"] == "ko"
    html = contents.content.decode()
    assert '<html lang="ko">' in html
    assert_shows(html, ['<h2 id="contents">목차</h2>', "국가법령정보센터(law.go.kr) 공식 페이지", ">법률</a>"],
                 [">Contents</h2>", "Official law.go.kr page"])
    article = page(client, "/acts/민법/제4조/", as_at="2013-06-01")
    assert_shows(article, ['<h2 id="history-title">개정 이력</h2>', "시행 2009-08-09 (공포 2009-05-08, 법령MST 93194)",
                           "아직 시행되지 않음: 2013-07-01부터 시행", '<h1 lang="ko">제4조 (성년기)</h1>'],
                 ["Version history", "Not yet in force", "in force from"])
    # The Korean interface ends with the page: the next page, and code after it, are not in Korean.
    assert translation.get_language() != "ko"
    assert '<html lang="ko">' not in page(client, "/acts/P-8.6/")


def test_a_readers_choice_wins_on_a_korean_laws_pages(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en-ca"
    html = page(client, "/acts/민법/제4조/", as_at="2013-06-01")
    assert '<html lang="en-ca">' in html
    assert_shows(html, ["Version history", "in force from 2009-08-09 (promulgated 2009-05-08, MST 93194)",
                        '<h1 lang="ko">제4조 (성년기)</h1>', '<div class="diff" lang="ko">'], ["개정 이력"])
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"
    assert "Historique des versions" in page(client, "/acts/민법/제4조/")

"""Messages made by code the pages share with the API (corpus/messages.py): in the reader's
language on a page, whether the browser or the language cookie asks for it; in English in the
API, whatever either asks for."""

import html as html_lib
import json

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils import translation

from corpus.messages import Message, gettext_noop, joined, translated
from research.models import Run
from research.tokens import create_token
from tests.base import login

pytestmark = pytest.mark.django_db

QUESTION = "May an organization disclose personal information without consent to comply with a subpoena?"
INVISIBLE = "\u200b\u200c\u2060\ufeff \u3164"
PIPEDA_NOT_HELD_FR = ("version non disponible : la plus ancienne version eng de P-8.6 détenue est à jour au "
                      "2019-06-21")


@pytest.fixture(params=["accept-language", "cookie"])
def french(request, client):
    """A browser asking for French: by its Accept-Language, or by the language cookie."""
    if request.param == "cookie":
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"
    else:
        client.defaults["HTTP_ACCEPT_LANGUAGE"] = "fr"
    return client


def text_of(response, status=200):
    """The page as text: tags kept, entities read, whitespace folded."""
    assert response.status_code == status, (response.status_code, response.content[:300])
    return html_lib.unescape(" ".join(response.content.decode().split()))


def ask(client, **data):
    return text_of(client.post(reverse("research:ask"), {"question": QUESTION, **data}))


def assert_shows(text, present, absent=()):
    for words in present:
        assert words in text, words
    for words in absent:
        assert words not in text, words


# --- the mechanism ---------------------------------------------------------------------------


def test_a_message_is_english_wherever_it_is_kept_and_translated_only_when_asked():
    message = Message(gettext_noop("%(date)s is in the future; the law as at a later date is not known"),
                      date="2999-01-01")
    with translation.override("fr"):
        assert str(message) == "2999-01-01 is in the future; the law as at a later date is not known"
        assert json.dumps({"as_at": message}) == ('{"as_at": "2999-01-01 is in the future; the law as at a later '
                                                  'date is not known"}')
        assert translated(message) == "2999-01-01 est dans l’avenir; le droit à une date ultérieure n’est pas connu"
        both = joined([message, Message(gettext_noop("No instrument was named."))])
        assert str(both) == ("2999-01-01 is in the future; the law as at a later date is not known; "
                             "No instrument was named.")
        assert translated(both) == ("2999-01-01 est dans l’avenir; le droit à une date ultérieure n’est pas connu; "
                                    "Aucune loi ni aucun règlement n’a été nommé.")
        assert translated("a statute's own words") == "a statute's own words"


# --- the ask page ------------------------------------------------------------------------------


def test_the_ask_page_says_why_a_question_cannot_be_asked_in_french(french, people):
    alice, _, _ = people
    client = login(french, alice)
    assert_shows(ask(client, question=INVISIBLE), ["posez une question (elle ne contient que des caractères "
                                                   "invisibles)"], ["ask a question"])
    assert_shows(ask(client, as_at="2999-01-01"),
                 ["2999-01-01 est dans l’avenir; le droit à une date ultérieure n’est pas connu"], ["in the future"])
    assert_shows(ask(client, as_at="2001-01-01", acts="PIPEDA"), [PIPEDA_NOT_HELD_FR], ["version not held"])
    assert not Run.objects.exists()


def test_the_ask_page_names_an_act_it_cannot_resolve_in_french(french, people):
    alice, _, _ = people
    text = ask(login(french, alice), acts="Frobnication Act; Act")
    assert_shows(text, ["Aucune loi ni aucun règlement du corpus ne s’appelle « Frobnication Act ».",
                        "« Act » peut désigner ", "; nommez la loi ou le règlement exactement."],
                 ["No instrument", "could mean"])
    assert not Run.objects.exists()


def test_the_ask_page_says_a_cap_is_reached_in_french(french, people, settings, monkeypatch):
    alice, _, _ = people
    client = login(french, alice)
    settings.VERBATIM_MAX_ACTIVE_RUNS_PER_USER = 1
    Run.objects.create(question=QUESTION, engine="extractive", created_by=alice)
    assert_shows(ask(client), ["limite de recherches atteinte : 1 de vos recherches sont en file d’attente ou en "
                               "cours (limite 1); attendez qu’une se termine"], ["run limit reached"])
    Run.objects.all().delete()
    # With a model key the page starts model runs, which the site's daily spend cap guards.
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-test-not-used")
    settings.VERBATIM_DAILY_USD_CAP = 0
    assert_shows(ask(client), ["plafond quotidien de dépenses atteint : 0.00 $ sur 0.00 $ utilisés aujourd’hui; "
                               "réessayez demain ou utilisez le moteur extractif (sans modèle, non plafonné)"],
                 ["daily spend cap reached"])
    assert not Run.objects.exists()


# --- the search and corpus pages ------------------------------------------------------------


def test_the_search_page_names_an_act_it_cannot_resolve_in_french(french):
    text = text_of(french.get("/search/", {"q": "consent", "act": "Frobnication Act"}))
    assert_shows(text, ["Aucune loi ni aucun règlement du corpus ne s’appelle « Frobnication Act »."],
                 ["No instrument"])
    text = text_of(french.get("/search/", {"q": "consent", "act": "Act"}))
    assert_shows(text, ["« Act » peut désigner ", "; nommez la loi ou le règlement exactement."], ["could mean"])


def test_the_search_page_names_an_act_it_cannot_resolve_in_korean():
    text = text_of(Client(HTTP_ACCEPT_LANGUAGE="ko").get("/search/", {"q": "성년", "act": "없는법"}))
    assert_shows(text, ["“없는법”(이)라는 법령은 없습니다."], ["No instrument"])


def test_the_search_page_says_a_version_is_not_held_in_french(french):
    text = text_of(french.get("/search/", {"q": "consent", "act": "PIPEDA", "as_at": "2001-01-01"}))
    assert_shows(text, [PIPEDA_NOT_HELD_FR], ["version not held"])


def test_the_search_page_says_which_acts_it_left_out_in_french(french):
    text = text_of(french.get("/search/", {"q": "collection without knowledge", "as_at": "2019-07-01"}))
    assert_shows(text, ["Non recherché à cette date : ",
                        "version non disponible à cette date : la plus ancienne version eng détenue est à jour au "],
                 ["version not held for that date"])


def test_an_acts_pages_say_a_version_is_not_held_in_french(french):
    for url in ("/acts/P-8.6/", "/acts/P-8.6/s7/"):
        text = text_of(french.get(url, {"as_at": "2001-01-01"}), status=404)
        assert_shows(text, ["<h1>Version non disponible</h1>", PIPEDA_NOT_HELD_FR], ["version not held"])


def test_a_korean_laws_pages_say_a_version_is_not_held_in_korean():
    text = text_of(Client().get("/acts/민법/제4조/", {"as_at": "1990-01-01"}), status=404)
    assert_shows(text, ["보유하지 않은 버전: 민법, 기준일 1990-01-01. 보유한 가장 오래된 개정은 2009-08-09부터 시행됩니다"],
                 ["version not held"])


@pytest.mark.parametrize("headers", [{}, {"HTTP_ACCEPT_LANGUAGE": "en"}, {"HTTP_ACCEPT_LANGUAGE": "fr"}],
                         ids=["no-language", "accept-en", "accept-fr"])
def test_a_korean_laws_unknown_unit_is_not_found_in_korean(headers):
    response = Client(**headers).get("/acts/민법/제9999조/")
    text = text_of(response, status=404)
    assert response["Content-Language"] == "ko"
    assert_shows(text, ['<html lang="ko">', "<h1>찾을 수 없음</h1>"], ["<h1>Not found</h1>", "Page introuvable"])
    # The Korean interface ends with the page: another Act's missing unit is in the browser's language.
    assert '<html lang="ko">' not in text_of(Client(**headers).get("/acts/P-8.6/s9999/"), status=404)


def test_a_readers_choice_wins_on_a_korean_laws_404(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"
    text = text_of(client.get("/acts/민법/제9999조/"), status=404)
    assert_shows(text, ['<html lang="fr">', "Page introuvable"], ["찾을 수 없음"])


# --- the claim checker and the rate limits --------------------------------------------------


def test_the_check_page_says_a_file_is_not_a_word_memo_in_french(french, people):
    alice, _, _ = people
    response = login(french, alice).post(reverse("research:check"), {
        "source": "docx", "docx-memo": SimpleUploadedFile("memo.docx", b"not a Word file")})
    assert_shows(text_of(response, status=422), ["le fichier n’est pas un document Word (.docx) lisible : BadZipFile"],
                 ["is not a Word document"])


def test_a_rate_limit_is_said_in_french(french, settings):
    settings.VERBATIM_RATE_WINDOW_SECONDS = 60
    settings.VERBATIM_RATE_LIMITS = {**settings.VERBATIM_RATE_LIMITS, "search": {"anonymous": 1, "user": 1}}
    assert french.get("/search/", {"q": "consent"}).status_code == 200
    text = text_of(french.get("/search/", {"q": "consent"}), status=429)
    assert_shows(text, ["<h1>Trop de requêtes</h1>", "limite de fréquence atteinte : au plus 1 recherches toutes les "
                        "60 s par adresse pour un usage anonyme (connectez-vous pour en avoir plus); réessayez dans"],
                 ["Too many requests", "rate limit reached"])


def test_refused_text_is_said_in_french(french):
    text = text_of(french.get("/search/", {"q": "a\x00b"}), status=422)
    assert_shows(text, ["<h1>Cette demande est illisible</h1>",
                        "texte non valide dans q : un caractère NUL (U+0000) à la position 1"],
                 ["invalid text", "That request cannot be read"])
    text = text_of(french.get("/acts/P-8.6/%01/"), status=404)
    assert_shows(text, ["<h1>Page introuvable</h1>",
                        "introuvable : l’adresse contient un caractère de contrôle (U+0001) à la position 12"],
                 ["not found: the address holds"])


# --- the API stays English -------------------------------------------------------------------


def test_the_api_refuses_a_run_in_english_to_a_french_browser(french, people):
    alice, _, _ = people
    _, token = create_token(alice)

    def start(body):
        return french.post("/api/v1/research", json.dumps(body), content_type="application/json",
                           headers={"Authorization": f"Bearer {token}"})

    response = start({"question": INVISIBLE})
    assert (response.status_code, response["Content-Language"]) == (422, "en-ca")
    assert response.json()["errors"] == {"question": "ask a question (it holds only invisible characters)"}
    response = start({"question": "a\x00b"})
    assert response.json()["errors"] == {"question": "a NUL character (U+0000) at position 1"}
    response = start({"question": QUESTION, "acts": ["P-8.6"], "as_at": "2001-01-01"})
    assert response.json()["errors"] == {"as_at": "version not held: the earliest eng version of P-8.6 we hold is "
                                                  "consolidated to 2019-06-21"}
    assert not Run.objects.exists()


def test_the_api_resolves_names_and_dates_in_english_to_a_french_browser(french):
    response = french.post("/api/v1/claims/check", json.dumps({
        "text": "Under section 7 of the Frobnication Act, an organization may disclose personal information."}),
        content_type="application/json")
    assert (response.status_code, response["Content-Language"]) == (200, "en-ca")
    assert response.json()["claims"][0]["rationale"] == "No instrument in the corpus is called “Frobnication Act”."
    response = french.get("/api/v1/search", {"q": "consent", "act": "P-8.6", "as_at": "2001-01-01"})
    assert response.status_code == 404
    assert response.json()["detail"] == ("version not held: the earliest eng version of P-8.6 we hold is "
                                         "consolidated to 2019-06-21")

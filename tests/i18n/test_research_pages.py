"""The research pages in French and Korean: the interface follows Accept-Language, the content
(questions, claims, quotes, the Reading, checker results) stays in its own language."""

import html as html_lib
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from research.docx_memo import MAX_DOCX_BYTES
from research.eval_models import EvalResult, EvalRun
from research.models import Review, Run
from research.tokens import create_token
from tests.base import finished_run, login
from tests.research.pages import SUBPOENA, SUMMONS, checked_run

pytestmark = pytest.mark.django_db

MEMO = (f'Under s. 7(3)(c) of PIPEDA, an organization may disclose personal information without consent '
        f'if the disclosure is "{SUBPOENA}".\nSection 99 of PIPEDA requires an ombudsman.')


def page(client, url, lang="fr", method="get", **data):
    """The page at `url` in `lang`, as text: tags kept, entities read, whitespace folded."""
    response = getattr(client, method)(url, data or None, HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code in (200, 201, 422), response.status_code
    return html_lib.unescape(" ".join(response.content.decode().split()))


def assert_shows(text, french, english=()):
    for words in french:
        assert words in text, words
    for words in english:
        assert words not in text, words


def test_the_ask_page_is_in_french(client, people):
    alice, _, _ = people
    text = page(login(client, alice), reverse("research:ask"))
    assert '<html lang="fr">' in text
    assert_shows(text, ["<title>Poser une question", "Poser une question sur les lois", "Lancer la recherche",
                        "En date du (facultatif)", "Lois ou règlements (facultatif)", "Texte à partir duquel répondre",
                        "La langue de la question", "Les versions anglaise et française font également autorité"],
                 ["Ask a question about the statutes", "Start the research run", "As at (optional)",
                  "Text to answer from", "The question’s language"])


def test_its_validation_errors_are_in_french(client, people):
    alice, _, _ = people
    text = page(login(client, alice), reverse("research:ask"), method="post", question="", as_at="hier")
    assert_shows(text, ["Ce champ est obligatoire.", "Saisissez une date valide."],
                 ["This field is required.", "Enter a valid date."])
    assert not Run.objects.exists()


def test_the_recent_runs_on_the_ask_page_carry_french_badges(client, people):
    alice, bob, _ = people
    run = finished_run(alice)
    Review.open_for(run).reject(bob, "Wrong section.")
    text = page(login(client, alice), reverse("research:ask"))
    assert_shows(text, ["Vos recherches récentes", "Citations : vérifiées mot pour mot", ">Rejetée</span> par bob le",
                        "Toutes mes recherches, avec filtres"],
                 ["Your recent runs", "Quotes: verified verbatim", "by bob on"])


def test_a_finished_run_is_in_french_and_its_content_is_not(client, people):
    alice, bob, _ = people
    run = checked_run(alice, [("P-8.6:s7(3)(c)", SUBPOENA), ("P-8.6:s7(3)(c)", SUMMONS)])
    text = page(login(client, bob), reverse("research:run", args=[run.pk]))
    # Badges, sections, the citation line and the review panel.
    assert_shows(text, [f"<title>Recherche {run.pk}", "Citations : bloquées",
                        "Au moins une affirmation a échoué aux vérifications",
                        "Répond à la question : non démontré", "Affirmations bloquées", ">Bloquée</span> Affirmation 2",
                        "Constats pour l’affirmation 2", "La citation ne correspond pas au texte de la loi",
                        "Passage le plus proche dans la loi", "Chemin :", "Vérifié :", "Copier la référence",
                        "texte officiel", "en date de la dernière version disponible", "ouvrir l’article",
                        "Lecture", "Absent du texte ci-dessus", "Consommation", "Jetons en entrée",
                        "Exporter en Markdown", "Révision", "En attente de révision", "Votre décision",
                        "Commentaire sur l’affirmation 1", "Demander des modifications", "Rejeter",
                        "L’approbation n’est pas possible : une recherche bloquée ne peut pas être approuvée",
                        "Déroulement", "Appel d’outil : get_provision", "40 résultats : PIPEDA s 7"],
                 ["Quotes: blocked", "Blocked claims", "Copy citation", "Your decision", "Request changes",
                  'id="nit-heading">Not in the text above', "Export as Markdown", "Tool call:", "Approval is not open"])
    # The content stays as it was written, and the law's text says which language it is in.
    assert run.question in text and "Whether a foreign subpoena counts." in text
    assert f'<blockquote class="quote" lang="en">“{SUBPOENA}”</blockquote>' in text
    assert re.search(r'<p class="section-text__unit depth-\d" lang="en">', text)
    # The verifier's own finding stays in English (stored data, as the API gives it).
    assert "Checked: blocked: quote-mismatch" not in text and "blocked: quote-mismatch" in text


def test_a_decision_is_recorded_with_a_french_notice(client, people):
    alice, bob, _ = people
    run = finished_run(alice)
    response = login(client, bob).post(reverse("research:review_run", args=[run.pk]),
                                       {"approve": "1", "seen_review": "0"}, HTTP_ACCEPT_LANGUAGE="fr",
                                       headers={"HX-Request": "true"})
    text = html_lib.unescape(" ".join(response.content.decode().split()))
    assert_shows(text, ["Révision enregistrée : approuvée.", ">Approuvée</span> par bob le", "Historique de révision (2)",
                        "Ouverte pour révision", "Approuvée"],
                 ["Review recorded", "Opened for review"])


def test_my_runs_is_in_french(client, people):
    alice, _, _ = people
    client = login(client, alice)
    empty = page(client, reverse("research:my_runs"))
    assert_shows(empty, ["<title>Mes recherches", "Poser une nouvelle question", "Filtrer les recherches",
                         "Statut", "tout statut", "en file d’attente", "toute décision", "modifications demandées",
                         "Loi citée", "toute loi", ">Du<", ">Au<", "Filtrer</button>", "Aucune recherche."],
                 ["any status", "any decision", "Act cited", "No runs."])
    finished_run(alice)
    listed = page(client, reverse("research:my_runs"))
    assert_shows(listed, ["1 recherche", "Réponse", "Citations : vérifiées mot pour mot", "non décidée"],
                 ["1 run", "not decided"])
    filtered = page(client, reverse("research:my_runs"), status="failed")
    assert_shows(filtered, ["Aucune recherche ne correspond à ces filtres.", "Effacer les filtres"],
                 ["No runs match these filters."])


def test_the_review_queue_is_in_french(client, people):
    alice, bob, _ = people
    waiting = finished_run(alice)
    decided = finished_run(alice)
    Review.open_for(decided).request_changes(bob, "Cite s. 9 too.")
    text = page(login(client, bob), reverse("research:review_queue"))
    assert_shows(text, ["<title>File de révision", "Recherches terminées qui attendent un réviseur",
                        f"Recherche {waiting.pk}</a>", "Vérifications", "Posée par", "Décisions récentes",
                        ">Modifications demandées</span>", "Réviseur", "Cite s. 9 too."],
                 ["Review queue", "Awaiting review", "Recent decisions", "Changes requested"])
    # Nothing waiting: the empty states.
    Review.open_for(waiting).reject(bob)
    assert "Rien n’attend. Bravo." in page(client, reverse("research:review_queue"))


def test_check_shows_its_form_and_a_result_in_french(client, people):
    alice, _, _ = people
    client = login(client, alice)
    form = page(client, reverse("research:check"))
    assert_shows(form, ["<title>Vérifier une note", "Vérifier les références d’une note", "Texte de la note",
                        "Vérifier les références</button>", "Ou vérifier une note Word", "Note Word (.docx)",
                        "Télécharger la note annotée", "Au plus 1 000 ko et"],
                 ["Check a memo's citations", "Memo text", "Download the memo annotated", "At most"])
    result = page(client, reverse("research:check"), method="post", text=MEMO)
    assert_shows(result, ["Résultats", "2 affirmations citantes : 1 vérifiée(s), 1 contredite(s), 0 indéterminée(s).",
                          "Justification", ">vérifiée</span>", ">contredite</span>"],
                 ["2 citing claims", "Rationale", ">verified</span>"])
    # The memo's sentences are content: shown as written.
    assert "Section 99 of PIPEDA requires an ombudsman." in result


def test_check_errors_are_in_french(client, people):
    alice, _, _ = people
    client = login(client, alice)
    empty = page(client, reverse("research:check"), method="post", text="  ")
    assert "Texte de la note : Ce champ est obligatoire." in empty
    too_big = page(client, reverse("research:check"), method="post", source="docx",
                   **{"docx-memo": SimpleUploadedFile("memo.docx", b"x" * (MAX_DOCX_BYTES + 1))})
    assert re.search(r"Note Word \(\.docx\) : Le fichier fait 1\s000\s001 octets; au plus 1\s000\s000 par note\.", too_big)


def test_the_demo_list_and_a_replay_are_in_french(client, people):
    alice, _, _ = people
    run = checked_run(alice, [("P-8.6:s7(3)(c)", SUBPOENA), ("P-8.6:s7(3)(c)", SUMMONS)],
                      recorded=True, recorded_label="Subpoena: one quote altered")
    listing = page(client, reverse("research:demo"))
    assert_shows(listing, ["<title>Démo", "Démo : recherches enregistrées", "Rien n’est envoyé à un modèle",
                           ">Bloquée</span>", "moteur scripted", "Derniers résultats d’évaluation",
                           ">Subpoena: one quote altered</a>"],
                 ["Demo: recorded research runs", ">Blocked</span>", "scripted engine"])
    replay = page(client, reverse("research:demo_replay", args=[run.pk]))
    assert_shows(replay, ["<title>Reprise : Subpoena: one quote altered", "Recherche enregistrée : Subpoena",
                          ">Lire</button>", ">Pause</button>", ">Étape</button>", ">Recommencer</button>",
                          'data-msg-ready="Prêt : {total} étapes.', "Déroulement", "4 événements",
                          "En file d’attente (moteur scripted)", "Appel d’outil : get_provision",
                          "Verdict : bloqué", "Citations : bloquées", "Affirmations bloquées"],
                 [">Play</button>", "Tool call:", "Quotes: blocked", "Export as Markdown"])
    # The events' JSON is for clients and stays English, whatever the page's language.
    events = client.get(reverse("research:demo_events", args=[run.pk]), HTTP_ACCEPT_LANGUAGE="fr").json()
    assert events["events"][1]["title"] == "Tool call: get_provision"


def test_the_evals_page_is_in_french(client):
    empty = page(client, reverse("research:demo_evals"))
    assert_shows(empty, ["<title>Résultats d’évaluation", "Aucune évaluation pour l’instant."], ["No eval runs yet"])
    retrieval = EvalRun.objects.create(kind="retrieval", engine="verbatim-search", golden_file="g.yaml",
                                       golden_sha256="0" * 64, n=1, metrics={"k": 5, "recall_at_k": 1.0, "mrr": 0.5})
    EvalResult.objects.create(eval_run=retrieval, question_id="q1", question="Q?", ok=False, reason="not in the top 5")
    text = page(client, reverse("research:demo_evals"))
    assert_shows(text, ["Derniers chiffres par ensemble de questions", "Ensemble de questions", "Seuils",
                        "Rang réciproque moyen", "Tendances", "1 évaluation", "Recherche de sections",
                        f"Exécution {retrieval.pk}", ">Manqué</span>", "not in the top 5", "aucune exécution pour l’instant"],
                 ["Latest figures by question set", "Mean reciprocal rank", "Trends", ">Miss</span>", "no runs yet"])


def test_the_tokens_page_is_in_french(client, people):
    alice, _, _ = people
    client = login(client, alice)
    empty = page(client, reverse("research:tokens"))
    assert_shows(empty, ["<title>Jetons d’API", "Vous n’avez encore aucun jeton.", "Créer un jeton", "Expire après",
                         "90 jours", "lecture seule : lire les recherches", "Créer le jeton</button>"],
                 ["You have no tokens yet.", "Make token", "90 days", "read-only: read runs"])
    create_token(alice, name="", scope="read", days=30)
    listed = page(client, reverse("research:tokens"))
    assert_shows(listed, ["Vos jetons", "(sans nom)", "actif", "Révoquer</button>", "Dernière utilisation", "jamais"],
                 ["(no name)", "Revoke", "never"])
    made = page(client, reverse("research:tokens"), method="post", name="", days="90", scope="read")
    assert "Ce champ est obligatoire." in made


@pytest.mark.parametrize("name, korean, english", [
    ("research:ask", ["법령에 관해 질문하기", "리서치 실행 시작", "기준일 (선택)"], ["Start the research run"]),
    ("research:my_runs", ["내 실행", "필터</button>", "실행이 없습니다."], ["No runs."]),
    ("research:check", ["메모의 인용 확인", "메모 본문"], ["Memo text"]),
])
def test_pages_are_in_korean_for_a_korean_browser(client, people, name, korean, english):
    alice, _, _ = people
    text = page(login(client, alice), reverse(name), lang="ko")
    assert '<html lang="ko">' in text
    assert_shows(text, korean, english)


def test_a_run_page_is_in_korean(client, people):
    alice, _, _ = people
    run = checked_run(alice, [("P-8.6:s7(3)(c)", SUBPOENA)])
    text = page(login(client, alice), reverse("research:run", args=[run.pk]), lang="ko")
    assert_shows(text, ["인용문: 원문 그대로 검증됨", "주장 1", "해석", "인용 복사", "검토 대기 중"],
                 ["Quotes: verified verbatim", "Copy citation", "Awaiting review"])

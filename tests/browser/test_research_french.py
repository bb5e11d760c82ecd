"""The research pages in French, on a laptop and on a phone: asked for by the browser
(Accept-Language) or chosen in the footer; no sideways scroll, no console (CSP) errors."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PASSWORD, _check_host

pytestmark = pytest.mark.browser

SUBPOENA = "required to comply with a subpoena or warrant issued"
WIDTHS = {"laptop": {"width": 1366, "height": 900}, "phone": {"width": 390, "height": 844}}


@pytest.fixture
def french_page(browser, app_server):
    """A page whose browser speaks Canadian French (Accept-Language: fr-CA), strict as `page` is:
    a console error, CSP included, or a request off loopback fails the test."""
    context = browser.new_context(base_url=app_server, viewport=WIDTHS["laptop"], locale="fr-CA",
                                  timezone_id="America/Toronto")
    context.set_default_timeout(10_000)
    page = context.new_page()
    problems = []
    page.on("console", lambda msg: msg.type == "error" and problems.append(f"console error: {msg.text}"))
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    page.on("request", lambda request: _check_host(request.url, problems))
    yield page
    context.close()
    if problems:
        pytest.fail("the page was not clean:\n" + "\n".join(problems))


def sign_in(page, username):
    """Sign in through the login form by its fields' names (its labels are in French here)."""
    page.goto("/login/")
    page.locator("input[name=username]").fill(username)
    page.locator("input[name=password]").fill(PASSWORD)
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(re.compile(r"^(?!.*/login/).*$"))


def no_sideways_scroll(page):
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


@pytest.mark.parametrize("device", WIDTHS)
def test_a_french_browser_asks_and_checks_in_french(french_page, screenshot, device):
    page = french_page
    sign_in(page, "alice")
    page.set_viewport_size(WIDTHS[device])

    page.goto("/ask/")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.get_by_role("heading", level=1)).to_have_text("Poser une question sur les lois")
    expect(page.get_by_label("En date du (facultatif)")).to_be_visible()
    expect(page.get_by_label("Lois ou règlements (facultatif)")).to_be_visible()
    expect(page.get_by_role("button", name="Lancer la recherche")).to_be_visible()
    expect(page.get_by_text("Start the research run")).to_have_count(0)
    no_sideways_scroll(page)
    screenshot(page, f"research-fr-ask-{device}")

    page.goto("/check/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Vérifier les références d’une note")
    memo = page.get_by_label("Texte de la note")
    memo.fill(f'LPRPDE, alinéa 7(3)c) — PIPEDA, paragraph 7(3)(c): a disclosure "{SUBPOENA}".\n'
              "Section 99 of PIPEDA requires an ombudsman.")
    page.locator("form").filter(has=memo).get_by_role("button", name="Vérifier les références").click()
    results = page.locator("#results")
    expect(results.get_by_role("heading", name="Résultats")).to_be_visible()
    expect(results).to_contain_text("affirmations citantes")
    expect(page.locator('td[data-label="Justification"]').first).to_be_visible()
    expect(results.locator(".badge").first).to_have_text(re.compile(r"^(vérifiée|contredite|indéterminée)$"))
    no_sideways_scroll(page)
    screenshot(page, f"research-fr-check-{device}")


@pytest.mark.parametrize("device", WIDTHS)
def test_a_visitor_chooses_french_in_the_footer_and_replays_a_demo(page, screenshot, device):
    page.set_viewport_size(WIDTHS[device])
    page.goto("/demo/")
    form = page.locator("form.language-form")
    form.locator("select").select_option("fr")
    form.locator("button[type=submit]").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Démo : recherches enregistrées")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    no_sideways_scroll(page)
    screenshot(page, f"research-fr-demo-list-{device}")

    # The recordings' names are their own (English) content; the page around them is French.
    page.get_by_role("link", name=re.compile(r"Blocked after repair")).click()
    expect(page).to_have_url(re.compile(r"/demo/\d+/$"))
    total = page.locator("[data-replay-list] > li").count()
    status = page.locator("[data-replay-status]")
    expect(status).to_have_text(f"Prêt : {total} étapes. Appuyez sur Lire, ou avancez une étape à la fois avec Étape.")
    page.get_by_role("button", name="Étape").click()
    expect(status).to_contain_text(f"Étape 1 sur {total} : En file d’attente")
    page.get_by_role("button", name="Lire").click()
    expect(status).to_contain_text("Terminé", timeout=total * 3000)
    result = page.locator("[data-replay-result]")
    expect(result).to_be_visible()
    expect(result.locator("#blocked-heading")).to_contain_text("Affirmations bloquées")
    expect(result.locator(".gate")).to_contain_text("Citations")
    expect(page.get_by_role("button", name="Recommencer")).to_be_visible()
    no_sideways_scroll(page)
    screenshot(page, f"research-fr-demo-replay-{device}")

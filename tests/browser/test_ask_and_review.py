"""A lawyer asks and watches the run finish; a blocked claim shows its closest passage; a
reviewer approves; the lawyer sees it; a changed quoted text voids the approval."""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
QUESTION = "May an organization disclose personal information without consent to comply with a subpoena?"
# One the extractive engine answers (its retrieval confidence is above its threshold), and one it
# answers with leads only.
ASKED = "What must an organization do when it has a breach of security safeguards involving personal information?"
VAGUE = "Can my employer read my work email?"
SUBPOENA = "required to comply with a subpoena or warrant issued"
RUN_DONE = 60_000  # ms: the worker picks the run up and the extractive engine answers


def shell(env, code):
    """Run Python in `manage.py shell` against the server's database; returns its last line."""
    done = subprocess.run([sys.executable, "manage.py", "shell", "-c", code], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip().splitlines()[-1]  # shell may print a banner first


def scripted_run(env, quote):
    """Queue a scripted run for alice that fetches PIPEDA s. 7(3)(c) and quotes `quote`; the
    db_worker runs it through the real pipeline and verifier. Returns the run id."""
    script = {"turns": [
        {"tool_calls": [{"name": "get_provision", "arguments": {"id": "P-8.6:s7(3)(c)"}}]},
        {"submit_answer": {"claims": [{"text": "Disclosure is allowed to comply with a subpoena.",
                                       "citations": [{"provision_id": "P-8.6:s7(3)(c)", "quote": quote}]}],
                           "reading": "Paragraph 7(3)(c) allows it.", "not_in_text": "What a valid subpoena is."}},
    ]}
    return int(shell(env, (
        "import json\nfrom django.contrib.auth.models import User\nfrom research.submit import create_run\n"
        f"run, _ = create_run(User.objects.get(username='alice'), {QUESTION!r}, acts=['P-8.6'], "
        f"engine='scripted', script=json.loads({json.dumps(script)!r}))\nprint(run.pk)")))


def wait_for_result(page):
    expect(page.locator("#run-result .answer")).to_be_visible(timeout=RUN_DONE)
    expect(page.locator("#trace[hx-trigger]")).to_have_count(0)


def test_a_lawyer_asks_and_watches_the_run_finish(page, login, screenshot, db_worker):
    login(page, "alice")
    page.goto("/ask/")
    page.get_by_label("Question").fill(ASKED)
    page.get_by_label("Acts or regulations (optional)").fill("PIPEDA")
    screenshot(page, "research-ask")
    page.get_by_role("button", name="Start the research run").click()
    expect(page).to_have_url(re.compile(r"/runs/\d+/$"))
    expect(page.get_by_role("heading", level=1)).to_have_text(ASKED)
    # The trace fills in live, then the answer replaces the waiting notice without a reload.
    wait_for_result(page)
    expect(page.locator(".trace__item").filter(has_text="Tool call: search_statutes").first).to_be_visible()
    expect(page.locator(".trace__item").filter(has_text="Finished")).to_have_count(1)
    expect(page.locator(".gate [data-signal=quotes] .badge")).to_have_text("Quotes: verified verbatim")
    expect(page.locator(".gate [data-signal=answers] .badge")).to_have_text("Answers the question: partly")
    expect(page.locator(".section-text mark").first).to_be_visible()
    expect(page.locator(".path-line").first).to_contain_text("Path: ")
    expect(page.locator(".path-line").first).to_contain_text("Checked: verbatim · text sha256")
    screenshot(page, "research-run")


def test_a_question_no_provision_clearly_answers_gets_leads(page, login, screenshot, db_worker):
    login(page, "alice")
    page.goto("/ask/")
    page.get_by_label("Question").fill(VAGUE)
    page.get_by_role("button", name="Start the research run").click()
    wait_for_result(page)
    expect(page.locator(".gate [data-signal=quotes] .badge")).to_have_text("No clear answer")
    leads = page.locator(".leads__item")
    expect(leads.first).to_be_visible()
    assert 1 <= leads.count() <= 3
    expect(page.get_by_role("heading", name="Leads to read (not an answer)")).to_be_visible()
    expect(page.locator(".claim")).to_have_count(0)
    screenshot(page, "research-run-leads")
    leads.first.get_by_role("link").click()
    expect(page).to_have_url(re.compile(r"/acts/[^/]+/s[^/]+/"))


def test_a_blocked_claim_shows_the_closest_passage(page, login, screenshot, browser_env, db_worker):
    run_id = scripted_run(browser_env, SUBPOENA.replace("subpoena", "summons"))
    login(page, "alice")
    page.goto(f"/runs/{run_id}/")
    wait_for_result(page)
    panel = page.locator("#blocked")
    expect(panel.get_by_role("heading", level=2)).to_contain_text("Blocked claims")
    finding = panel.locator(".finding--blocking").first
    expect(finding).to_contain_text("The quote does not match the law's text")
    expect(finding.locator(".closest__diff del")).to_have_text("summons")
    expect(finding.locator(".closest__diff ins")).to_have_text("subpoena")
    expect(panel.locator(".section-text--closest mark")).to_have_text(SUBPOENA)
    expect(panel.locator(".checked")).to_have_text("Checked: blocked: quote-mismatch")
    panel.scroll_into_view_if_needed()
    screenshot(page, "research-run-blocked")

    # At phone width nothing is wider than the screen, and the review of findings still reads.
    page.set_viewport_size({"width": 375, "height": 800})
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    screenshot(page, "research-run-blocked-phone")
    page.set_viewport_size({"width": 1280, "height": 900})


def test_a_reviewer_approves_and_a_changed_text_voids_it(page, login, screenshot, browser_env, db_worker):
    run_id = scripted_run(browser_env, SUBPOENA)
    login(page, "alice")
    page.goto(f"/runs/{run_id}/")
    wait_for_result(page)
    expect(page.locator(".gate [data-signal=quotes] .badge")).to_have_text("Quotes: verified verbatim")
    expect(page.locator(".gate [data-signal=answers] .badge")).to_have_text("Answers the question: not shown")
    expect(page.locator("#review")).to_contain_text("Awaiting review")
    expect(page.locator("#review form")).to_have_count(0)

    login(page, "bob")
    page.goto("/review/")
    screenshot(page, "research-review-queue")
    page.get_by_role("link", name=f"Run {run_id}", exact=True).first.click()
    expect(page).to_have_url(re.compile(rf"/runs/{run_id}/#review$"))
    page.get_by_label("Comment on the answer").fill("The quote is verbatim and on point.")
    page.get_by_label(re.compile(r"^Comment on claim 1")).fill("Right paragraph.")
    with page.expect_response(lambda r: r.request.headers.get("hx-request") == "true"):
        page.get_by_role("button", name="Approve").click()
    expect(page.locator("#review .review__status .badge")).to_have_text("Approved")
    expect(page.locator("#review")).to_contain_text("Review recorded: approved.")
    # The decision at the top of the page follows without a reload (sent out of band).
    expect(page.locator("#decision .badge")).to_have_text("Approved")
    screenshot(page, "research-run-approved")

    login(page, "alice")
    page.goto(f"/runs/{run_id}/")
    status = page.locator("#review .review__status")
    expect(status.locator(".badge")).to_have_text("Approved")
    expect(status).to_contain_text("by bob on")
    expect(status).to_contain_text("Right paragraph.")

    # A new consolidation changes the quoted paragraph: the approval no longer holds.
    original = _repoint(browser_env, "P-8.6", "s7(3)(c)", replace=("subpoena", "summons"))
    try:
        page.reload()
        expect(status.locator(".badge")).to_have_text("Approval void")
        expect(status).to_contain_text("the answer or a quoted text has changed since")
        screenshot(page, "research-run-approval-void")
    finally:
        _repoint(browser_env, "P-8.6", "s7(3)(c)", sha=original)


def _repoint(env, code, unit, replace=None, sha=None):
    """Point the latest English version's `unit` at another stored text (new text made by
    `replace`, or the existing text `sha`); returns the sha it pointed at before."""
    return shell(env, (
        "import hashlib\nfrom corpus.models import Act, Provision, ProvisionText\n"
        f"version = Act.objects.get(code={code!r}).version_at('eng')\n"
        f"row = Provision.objects.get(version=version, unit_id={unit!r})\n"
        "before = row.text_id\n"
        f"replace, sha = {replace!r}, {sha!r}\n"
        "if replace:\n"
        "    text = row.text.text.replace(*replace)\n"
        "    sha = hashlib.sha256(text.encode()).hexdigest()\n"
        "    ProvisionText.objects.get_or_create(sha256=sha, defaults={'text': text})\n"
        "Provision.objects.filter(pk=row.pk).update(text_id=sha)\n"
        "print(before)"))

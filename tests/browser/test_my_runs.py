"""A lawyer finds a run in My runs and shares it; a colleague reads it; tables stack on a phone."""

import pytest
from playwright.sync_api import expect

from tests.browser.test_ask_and_review import SUBPOENA, scripted_run, wait_for_result

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


def no_sideways_scroll(page):
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


def test_a_lawyer_shares_a_run_from_my_runs_and_a_colleague_reads_it(page, login, screenshot, browser_env,
                                                                     db_worker):
    run_id = scripted_run(browser_env, SUBPOENA)
    login(page, "alice")
    page.goto("/runs/")
    expect(page.get_by_role("heading", level=1)).to_have_text("My runs")
    row = page.locator("table.my-runs tbody tr").filter(has=page.locator(f'a[href="/runs/{run_id}/"]'))
    expect(row).to_have_count(1)
    expect(row.locator('td[data-label="Review"]')).to_contain_text("not decided")
    screenshot(page, "research-my-runs")
    page.set_viewport_size(PHONE)
    no_sideways_scroll(page)
    screenshot(page, "research-my-runs-phone")
    page.set_viewport_size({"width": 1366, "height": 900})

    row.locator(f'a[href="/runs/{run_id}/"]').click()
    wait_for_result(page)
    page.get_by_role("button", name="Share with the firm").click()
    expect(page.locator(".messages")).to_contain_text("every signed-in colleague can read this run")
    expect(page.get_by_role("button", name="Stop sharing")).to_be_visible()

    page.context.clear_cookies()
    login(page, "charlie")
    page.goto(f"/runs/{run_id}/")
    expect(page.get_by_text("Shared with the firm by alice.")).to_be_visible()
    wait_for_result(page)


def test_the_review_queue_and_the_claim_checker_stack_on_a_phone(page, login, browser_env, db_worker):
    scripted_run(browser_env, SUBPOENA)
    login(page, "bob")
    page.set_viewport_size(PHONE)
    page.goto("/review/")
    expect(page.locator('table.queue td[data-label="Checks"]').first).to_be_visible()
    no_sideways_scroll(page)
    page.goto("/check/")
    page.get_by_label("Memo text").fill(f'PIPEDA, paragraph 7(3)(c): a disclosure "{SUBPOENA}".')
    page.locator("form").filter(has=page.get_by_label("Memo text")).get_by_role("button", name="Check citations").click()
    expect(page.locator('td[data-label="Rationale"]').first).to_be_visible()
    no_sideways_scroll(page)


def test_a_printed_run_shows_its_quoted_sections_whole(page, login, browser_env, db_worker):
    run_id = scripted_run(browser_env, SUBPOENA)
    login(page, "alice")
    page.goto(f"/runs/{run_id}/")
    wait_for_result(page)
    box = page.locator(".section-text").first
    assert box.evaluate("e => e.scrollHeight > e.clientHeight")  # on screen, PIPEDA s. 7 scrolls
    page.emulate_media(media="print")
    assert box.evaluate("e => getComputedStyle(e).maxHeight") == "none"
    assert box.evaluate("e => e.scrollHeight <= e.clientHeight + 1")
    expect(page.locator("form.share-form")).to_be_hidden()


def test_on_a_phone_the_header_is_one_row_with_a_menu(page, login):
    login(page, "alice")
    page.set_viewport_size(PHONE)
    page.goto("/acts/")
    header = page.locator(".site-header").bounding_box()
    assert header["height"] < 80, header  # brand and "Menu" on one row, not three rows of links
    expect(page.get_by_role("link", name="Ask")).to_have_count(0)  # folded away
    page.get_by_text("Menu", exact=True).click()
    expect(page.get_by_role("link", name="Ask")).to_be_visible()
    expect(page.get_by_role("link", name="My runs")).to_be_visible()
    no_sideways_scroll(page)
    page.get_by_role("link", name="Ask").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Ask a question about the statutes")
    page.set_viewport_size({"width": 1366, "height": 900})
    expect(page.get_by_text("Menu", exact=True)).to_be_hidden()
    expect(page.get_by_role("link", name="Ask")).to_have_count(1)

"""A stakeholder replays a recorded run step by step: no API key, nothing sent anywhere."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_a_recorded_run_replays_step_by_step(page, screenshot):
    page.goto("/demo/")
    links = page.locator(".demo-list__link")
    expect(links.first).to_be_visible()
    screenshot(page, "research-demo-list")
    page.get_by_role("link", name=re.compile(r"Blocked after repair")).click()
    expect(page).to_have_url(re.compile(r"/demo/\d+/$"))

    items = page.locator("[data-replay-list] > li")
    total = items.count()
    assert total >= 5
    status = page.locator("[data-replay-status]")
    expect(status).to_have_text(f"Ready: {total} steps. Press Play, or Step through one at a time.")
    expect(page.locator("[data-replay-list] > li:visible")).to_have_count(0)
    expect(page.locator("[data-replay-result]")).to_be_hidden()

    step = page.get_by_role("button", name="Step")
    step.click()
    step.click()
    expect(page.locator("[data-replay-list] > li:visible")).to_have_count(2)
    expect(status).to_contain_text(f"Step 2 of {total}")

    page.get_by_role("button", name="Play").click()
    expect(page.get_by_role("button", name="Pause")).to_be_enabled()
    visible = page.locator("[data-replay-list] > li:visible")
    for _ in range(100):  # the page's CSP forbids eval, so poll from here
        if visible.count() > 2:
            break
        page.wait_for_timeout(50)
    page.get_by_role("button", name="Pause").click()
    shown = page.locator("[data-replay-list] > li:visible").count()
    page.wait_for_timeout(3000)  # longer than the longest capped delay: nothing more appears
    expect(page.locator("[data-replay-list] > li:visible")).to_have_count(shown)
    expect(status).to_contain_text(f"Paused at step {shown} of {total}")
    screenshot(page, "research-demo-replay-paused")

    # Play to the end: the checked answer appears, with the blocked claim and its closest passage.
    page.get_by_role("button", name="Play").click()
    expect(status).to_contain_text("Finished", timeout=total * 3000)
    expect(page.locator("[data-replay-list] > li:visible")).to_have_count(total)
    expect(page.locator("[data-replay-result]")).to_be_visible()
    expect(page.locator("#blocked .closest__diff").first).to_be_visible()
    expect(step).to_be_disabled()
    screenshot(page, "research-demo-replay")

    # Keyboard: Restart is reachable and works from the keyboard.
    page.get_by_role("button", name="Restart").focus()
    page.keyboard.press("Enter")
    expect(page.locator("[data-replay-list] > li:visible")).to_have_count(0)
    page.get_by_role("button", name="Step").focus()
    page.keyboard.press("Space")
    expect(page.locator("[data-replay-list] > li:visible")).to_have_count(1)


def test_the_replay_works_without_javascript(browser, app_server):
    context = browser.new_context(base_url=app_server, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto("/demo/")
        page.get_by_role("link", name=re.compile(r"Blocked after repair")).click()
        items = page.locator("[data-replay-list] > li")
        expect(items.first).to_be_visible()
        expect(page.locator("[data-replay-list] > li:visible")).to_have_count(items.count())
        expect(page.locator("[data-replay-controls]")).to_be_hidden()
        expect(page.locator("#blocked")).to_be_visible()
    finally:
        context.close()


def test_the_evals_page_shows_what_exists(page):
    page.goto("/demo/evals/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Evaluation results")

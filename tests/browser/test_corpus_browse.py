"""One reader's journey through the corpus pages in a real Chromium."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PIPEDA = "Personal Information Protection and Electronic Documents Act"
ADDED_IN_2024 = "it was disclosed under paragraph (3)(d.21);"


def test_a_reader_browses_pipeda_section_7_and_searches(page, screenshot):
    page.goto("/acts/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Acts")
    screenshot(page, "corpus-acts-list")

    page.get_by_role("link", name=PIPEDA, exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_contain_text(PIPEDA)
    expect(page.locator("#not-in-force")).to_contain_text("Amendments not in force")
    screenshot(page, "corpus-pipeda-contents")

    page.locator('a[href="/acts/P-8.6/s7/"]').first.click()
    expect(page.get_by_role("heading", level=1)).to_have_text(
        "Section 7 — Collection without knowledge or consent")
    expect(page.locator("article.statute")).to_contain_text(ADDED_IN_2024)
    expect(page.locator("#s7-3-c")).to_contain_text("required to comply with a subpoena or warrant")
    screenshot(page, "corpus-section-7")

    # The as-at picker: in 2020 the 2019 consolidation applies, before paragraph (b.01) existed.
    page.get_by_label("As at").fill("2020-01-01")
    page.get_by_role("button", name="Show", exact=True).click()
    expect(page).to_have_url(re.compile(r"as_at=2020-01-01"))
    expect(page.locator(".path-line")).to_contain_text("consolidation 2019-06-21")
    expect(page.locator("article.statute")).not_to_contain_text(ADDED_IN_2024)
    screenshot(page, "corpus-section-7-as-at-2020")

    # The version history's diff loads in place (htmx) and marks the insertion.
    page.get_by_label("To", exact=True).select_option(label="2026-03-26 (current to 2026-03-31)")
    with page.expect_response(lambda r: r.request.headers.get("hx-request") == "true"):
        page.get_by_role("button", name="Show changes").click()
    expect(page.locator("#history .diff ins").first).to_contain_text("(b.01)")

    # English and French side by side, for the latest version.
    page.get_by_label("As at").fill("")
    page.get_by_label("English and French side by side").check()
    page.get_by_role("button", name="Show", exact=True).click()
    expect(page).to_have_url(re.compile(r"compare=1"))
    row = page.locator(".bilingual__row", has_text="For the purpose of clause 4.3 of Schedule 1").first
    expect(row).to_contain_text("Pour l’application de l’article 4.3 de l’annexe 1")
    screenshot(page, "corpus-section-7-bilingual")

    # At phone width nothing is wider than the screen.
    page.set_viewport_size({"width": 375, "height": 800})
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    screenshot(page, "corpus-section-7-phone")
    page.set_viewport_size({"width": 1280, "height": 900})

    # Live search: results arrive while typing, without leaving the page.
    page.get_by_role("link", name="Search", exact=True).click()
    box = page.get_by_label("Search the statutes")
    with page.expect_response(lambda r: "/search/" in r.url and r.request.headers.get("hx-request") == "true"):
        box.press_sequentially("collection without knowledge", delay=40)
    expect(page.locator("#results .result").first).to_be_visible()
    expect(page.locator("#results")).to_contain_text("Collection without knowledge or consent")
    expect(page).to_have_url(re.compile(r"/search/\?q=collection"))
    screenshot(page, "corpus-search-live")

    page.locator("#results a", has_text="Collection without knowledge or consent").first.click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Section 7")

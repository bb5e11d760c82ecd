"""A reader switches the interface to French with the footer form, at desktop and phone widths."""

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

WIDTHS = [(1366, 900), (390, 844)]


def assert_no_sideways_scroll(page, width):
    assert page.evaluate("document.documentElement.scrollWidth") <= width, page.url


@pytest.mark.parametrize(("width", "height"), WIDTHS, ids=[f"{w}px" for w, _ in WIDTHS])
def test_a_reader_chooses_french_and_reads_home_search_and_a_section(page, screenshot, width, height):
    page.set_viewport_size({"width": width, "height": height})
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("lang", "en-ca")
    page.get_by_label("Interface language").select_option("fr")
    page.get_by_role("button", name="Change").click()

    # Back on the home page, in French.
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.get_by_label("Rechercher dans les lois")).to_be_visible()
    expect(page.locator(".jobs")).to_contain_text("Parcourir")
    assert_no_sideways_scroll(page, width)
    screenshot(page, f"interface-fr-home-{width}")

    page.get_by_label("Rechercher dans les lois").fill("collection without knowledge")
    page.get_by_role("button", name="Rechercher", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Rechercher dans les lois")
    expect(page.locator("#results")).to_contain_text("trouvé")
    expect(page.locator("li.result").first).to_have_attribute("lang", "en")
    assert_no_sideways_scroll(page, width)
    screenshot(page, f"interface-fr-search-{width}")

    page.goto("/acts/P-8.6/s7/")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.get_by_role("heading", level=1)).to_have_text("Section 7 — Collection without knowledge or consent")
    expect(page.get_by_role("heading", level=1)).to_have_attribute("lang", "en")
    expect(page.locator("#history-title")).to_have_text("Historique des versions")
    expect(page.get_by_label("Version au")).to_be_visible()
    expect(page.get_by_role("button", name="Copier la référence")).to_be_visible()
    assert_no_sideways_scroll(page, width)
    screenshot(page, f"interface-fr-section-7-{width}")

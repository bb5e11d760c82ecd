"""A defined term's definition opens in place (a popover, no script) and closes again."""

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_a_reader_opens_a_definition_in_place(page, screenshot):
    page.goto("/acts/P-8.6/s7/")
    popover = page.locator("#peek-s2_1__personal-information")
    expect(popover).to_be_hidden()
    page.get_by_role("button", name="Show the definition of personal information").click()
    expect(popover).to_be_visible()
    expect(popover).to_contain_text("information about an identifiable individual")
    screenshot(page, "corpus-defined-term-popover")
    popover.get_by_role("button", name="Close").click()
    expect(popover).to_be_hidden()
    page.set_viewport_size({"width": 390, "height": 844})
    page.get_by_role("button", name="Show the definition of personal information").click()
    expect(popover).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

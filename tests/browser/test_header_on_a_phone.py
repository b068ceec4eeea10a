"""The header on a 390 px phone in every language (issue 23): one line (the brand, the next link and a menu that
opens without a script), logged in and out; the players' footer offers no API schema. Axe clean, light and dark.
Screenshots go to each test's tmp_path."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, axe_options, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LANGUAGES = ["en", "hu", "pl", "hi"]
# The middles of the header's brand, link and menu: one line when they are within a few pixels of each other.
MIDDLES = """() => [...document.querySelectorAll('body > header nav > ul > li')]
  .map((item) => { const box = item.getBoundingClientRect(); return Math.round(box.top + box.height / 2); })"""


@pytest.mark.parametrize("logged_in", [True, False])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_header_keeps_one_line_in_every_language(
    browser: Any, live_server: Any, demo_user: Any, logged_in: bool, scheme: str, tmp_path: Path
) -> None:
    context = browser.new_context(viewport=PHONE, has_touch=True, color_scheme=scheme)
    page = context.new_page()
    if logged_in:
        log_in(page, live_server)
    for language in LANGUAGES:
        context.add_cookies([{"name": "trickbook_language", "value": language, "url": live_server.url}])
        page.goto(f"{live_server.url}/rules/")
        assert page.get_attribute("html", "lang") == language
        middles = page.evaluate(MIDDLES)
        assert len(middles) == 3 and max(middles) - min(middles) <= 6, (language, middles)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], language
        menu = page.locator("body > header details.site-menu")
        menu.locator("summary").click()
        expect(menu.locator("a[href='/rules/']")).to_be_visible()
        expect(menu.locator("a[href='/referee/']")).to_be_visible()  # Check a hand
        if logged_in:
            expect(menu.locator("form[action$='/logout/'] button")).to_be_visible()
        box = menu.locator("ul").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], (language, box)
        page.screenshot(
            path=str(tmp_path / f"header-{language}-{'in' if logged_in else 'out'}-{scheme}.png"),
            clip={"x": 0, "y": 0, "width": PHONE["width"], "height": 400},
        )
        violations = Axe().run(page, options=axe_options(page)).response["violations"]
        assert [(violation["id"], [node["target"] for node in violation["nodes"]]) for violation in violations] == []
        # The footer is the players': the JSON API's schema is offered to developers on the rules index only.
        expect(page.locator("footer a[href='/api/openapi.json']")).to_have_count(0)
        expect(page.locator("main .for-developers a[href='/api/openapi.json']")).to_have_count(1)
    context.close()

"""The rules pages on a phone: a game's rules and their anchors, and a rule link opening the rule in a dialog."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe

from scoring.core.games import GAMES
from tests.browser.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def axe_violations(page: Any) -> list[str]:
    return [violation["id"] for violation in Axe().run(page).response["violations"]]


def in_view(page: Any, selector: str) -> bool:
    """Whether the element's top comes into the screen (after any smooth scrolling)."""
    script = "selector => { const top = document.querySelector(selector).getBoundingClientRect().top;"
    script += " return top > -1 && top < window.innerHeight; }"
    page.wait_for_function(script, arg=selector, timeout=3000)
    return True


def fits_the_phone(page: Any) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_bridgette_rules_open_at_the_rule_an_anchor_names(phone: Any, live_server: Any, scheme: str) -> None:
    page = phone.new_page()
    page.emulate_media(color_scheme=scheme)
    page.goto(f"{live_server.url}/rules/")
    page.get_by_role("link", name="Bridgette", exact=True).tap()
    page.get_by_role("heading", name="Bridgette", level=1).wait_for()
    assert fits_the_phone(page)
    assert axe_violations(page) == []
    # The table of contents leads to a section...
    page.get_by_role("navigation", name="Contents").get_by_role("link", name="End of the match").tap()
    page.wait_for_url("**/rules/bridgette/#end-of-the-match")
    assert in_view(page, "#end-of-the-match")
    # ...and a rule's anchor, given in the address, to that rule, marked.
    page.goto(f"{live_server.url}/rules/bridgette/#BG-7.3")
    assert in_view(page, "[id='BG-7.3']")
    assert page.evaluate("document.querySelector(':target').id") == "BG-7.3"
    assert axe_violations(page) == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_rule_link_opens_the_rule_in_a_dialog_and_gives_focus_back(phone: Any, live_server: Any, scheme: str) -> None:
    page = phone.new_page()
    page.emulate_media(color_scheme=scheme)
    page.goto(f"{live_server.url}/rules/rule/BG-7.3/")
    assert axe_violations(page) == []
    link = page.locator(".see-also a.rule", has_text="R-BG-7")
    dialog = page.get_by_role("dialog", name="R-BG-7 Undertricks past the end of the table")

    # Close button.
    link.tap()
    dialog.wait_for()
    assert "the 6-undertrick row is a cap" in dialog.inner_text()
    assert page.url == f"{live_server.url}/rules/rule/BG-7.3/"  # the page stayed where it was
    box = page.locator("#rule-dialog > article").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    assert axe_violations(page) == []
    dialog.get_by_role("button", name="Close").tap()
    dialog.wait_for(state="hidden")
    assert page.evaluate("document.activeElement.textContent") == "R-BG-7"

    # Escape.
    link.tap()
    dialog.wait_for()
    page.keyboard.press("Escape")
    dialog.wait_for(state="hidden")
    assert page.evaluate("document.activeElement.textContent") == "R-BG-7"

    # A tap on the backdrop, above the card.
    link.tap()
    dialog.wait_for()
    page.touchscreen.tap(PHONE["width"] // 2, 2)
    dialog.wait_for(state="hidden")
    assert page.evaluate("document.activeElement.textContent") == "R-BG-7"


def test_a_rule_link_in_the_dialog_shows_the_next_rule_in_the_same_dialog(phone: Any, live_server: Any) -> None:
    page = phone.new_page()
    page.goto(f"{live_server.url}/rules/rule/BG-7.3/")
    page.locator(".see-also a.rule", has_text="R-BG-6").tap()
    page.get_by_role("dialog", name="R-BG-6 What the ×2 and ×4 multiply").wait_for()
    page.locator("#rule-dialog-body a.rule", has_text="R-BG-5").first.tap()
    page.get_by_role("dialog", name="R-BG-5 Insult bonuses").wait_for()
    page.get_by_role("button", name="Close").tap()
    assert page.evaluate("document.activeElement.textContent") == "R-BG-6"


def test_a_rule_that_cannot_be_loaded_says_so_in_the_dialog(phone: Any, live_server: Any) -> None:
    page = phone.new_page()
    page.route("**/rules/rule/R-BG-7/", lambda route: route.abort())
    page.goto(f"{live_server.url}/rules/rule/BG-7.3/")
    page.locator(".see-also a.rule", has_text="R-BG-7").tap()
    dialog = page.get_by_role("dialog", name="The rule could not be loaded")
    dialog.wait_for()
    assert dialog.get_by_role("link", name="Open it on the rules page").get_attribute("href") == (
        "/rules/bridgette/#R-BG-7"
    )


def test_without_javascript_a_rule_link_goes_to_the_rule_on_its_games_page(browser: Any, live_server: Any) -> None:
    context = browser.new_context(viewport=PHONE, has_touch=True, java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{live_server.url}/rules/rule/BG-7.3/")
    page.locator(".see-also a.rule", has_text="R-BG-7").tap()
    page.wait_for_url(f"{live_server.url}/rules/bridgette/#R-BG-7")
    assert in_view(page, "[id='R-BG-7']")
    context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_each_games_page_opens_with_how_to_score_in_a_screen_or_two(
    browser: Any, live_server: Any, scheme: str, tmp_path: Path
) -> None:
    # Issue 23: Belote's page was about 27,000 px tall on a phone with no "how to score" at the top.

    for language in ("en", "hu", "pl", "hi"):
        context = browser.new_context(viewport=PHONE, has_touch=True, color_scheme=scheme)
        context.add_cookies([{"name": "trickbook_language", "value": language, "url": live_server.url}])
        page = context.new_page()
        for game in GAMES:
            page.goto(f"{live_server.url}/rules/{game}/")
            box = page.locator(".how-to-score").bounding_box()
            assert box["y"] < PHONE["height"] / 2, (game, language)  # it opens the page
            assert box["height"] <= 2 * PHONE["height"], (game, language, box["height"])  # a screen or two
            assert fits_the_phone(page), (game, language)
            if language in ("en", "hi") and game in ("belote", "contract_bridge"):
                page.screenshot(path=str(tmp_path / f"rules-how-to-score-{game}-{language}-{scheme}.png"))
                assert axe_violations(page) == [], (game, language)
        context.close()

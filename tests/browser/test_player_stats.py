"""A player's statistics on a 390 x 844 phone, light and dark: reached from the home page through the players page,
the figures of tests/scoring/test_stats.py's three matches shown, the charts' type at least 9 pt, nothing scrolls
sideways, axe clean; in Hindi, Hungarian and Polish too. The new-match form offers the names as they are typed.
Screenshots in tmp_path."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from scoring.stats_chart import FONT_SIZE, WIDTH
from tests.browser.conftest import PHONE, axe_options, log_in
from tests.scoring.test_view_players import three  # noqa: F401 (the fixture, for demo_user below)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NINE_POINTS_IN_PX = 12


@pytest.fixture
def owner(demo_user: Any) -> Any:
    """The three matches of test_view_players.py belong to the account the browser logs in with."""
    return demo_user


def phone_page(browser: Any, live_server: Any, scheme: str, language: str = "en") -> Any:
    context = browser.new_context(viewport=PHONE, has_touch=True, color_scheme=scheme)
    context.set_default_timeout(10_000)
    context.add_cookies([{"name": "trickbook_language", "value": language, "url": live_server.url}])
    page = context.new_page()
    log_in(page, live_server)
    return page


def fits_the_phone(page: Any) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


def assert_axe_clean(page: Any) -> None:
    violations = Axe().run(page, options=axe_options(page)).response["violations"]
    assert [(violation["id"], [node["target"] for node in violation["nodes"]]) for violation in violations] == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_annas_statistics_on_a_phone(
    browser: Any,
    live_server: Any,
    three: list[Any],  # noqa: F811
    scheme: str,
    tmp_path: Path,
) -> None:
    page = phone_page(browser, live_server, scheme)
    page.get_by_role("button", name="Players", exact=True).tap()  # the home page's link, drawn as a button
    expect(page.locator("h1")).to_have_text("Players")
    assert fits_the_phone(page)
    assert_axe_clean(page)
    page.screenshot(path=str(tmp_path / f"players-{scheme}-390.png"), full_page=True)

    page.get_by_role("link", name="Anna", exact=True).tap()
    expect(page.locator("h1")).to_have_text("Statistics of Anna")
    expect(page.get_by_test_id("stats-summary")).to_have_text("3 matches played, 2 won.")
    # Worked by hand in tests/scoring/test_stats.py.
    bridgette = page.get_by_test_id("figures-bridgette")
    expect(bridgette.locator("dd")).to_have_text(
        ["2", "1", "450.0 (3,600 in 8 deals)", "4 of 5", "1,600 points: Anna v Ben, deal 3"]
    )
    belote = page.get_by_test_id("figures-belote")
    expect(belote.locator("dd")).to_have_text(
        ["1", "1", "191.0 (382 in 2 deals)", "1 of 1", "212 points: Anna & Cleo v Ben & Dan, deal 2"]
    )
    expect(page.get_by_test_id("rivals").locator("tbody :is(th, td)")).to_have_text(
        ["Ben", "3", "2", "0", "Dan", "1", "1", "0"]
    )
    expect(page.get_by_role("img", name="Matches won of those played, per game")).to_be_visible()
    assert fits_the_phone(page)
    # The charts' type: FONT_SIZE units of a WIDTH-unit viewBox, drawn at the chart's width.
    drawn = page.locator("svg.chart").first.bounding_box()["width"]
    assert FONT_SIZE * drawn / WIDTH >= NINE_POINTS_IN_PX
    page.screenshot(path=str(tmp_path / f"stats-anna-{scheme}-390.png"), full_page=True)
    assert_axe_clean(page)

    # One game alone, then its best deal's match.
    page.get_by_role("link", name="Belote", exact=True).tap()
    expect(page.get_by_test_id("stats-summary")).to_have_text("1 match played, 1 won. (Belote)")
    expect(page.get_by_test_id("figures-bridgette")).to_have_count(0)
    page.get_by_role("link", name="Anna & Cleo v Ben & Dan, deal 2").tap()
    page.wait_for_url(f"{live_server.url}/matches/{three[2].pk}/")
    page.context.close()


@pytest.mark.parametrize(
    ("language", "title"), [("hi", "Ben के आँकड़े"), ("hu", "Statisztika: Ben"), ("pl", "Statystyki: Ben")]
)
def test_the_statistics_in_every_language_fit_the_phone(
    browser: Any,
    live_server: Any,
    three: list[Any],  # noqa: F811
    language: str,
    title: str,
    tmp_path: Path,
) -> None:
    page = phone_page(browser, live_server, "light", language)
    page.goto(f"{live_server.url}/players/stats/?player=Ben")
    expect(page.locator("html")).to_have_attribute("lang", language)
    expect(page.locator("h1")).to_have_text(title)
    expect(page.get_by_test_id("rivals").locator("tbody :is(th, td)")).to_have_text(
        ["Anna", "3", "0", "2", "Cleo", "1", "0", "1"]
    )
    assert fits_the_phone(page)
    page.screenshot(path=str(tmp_path / f"stats-ben-{language}-390.png"), full_page=True)
    assert_axe_clean(page)
    page.context.close()


def test_the_new_match_form_offers_the_names_as_they_are_typed(
    browser: Any,
    live_server: Any,
    three: list[Any],  # noqa: F811
) -> None:
    page = phone_page(browser, live_server, "light")
    page.goto(f"{live_server.url}/matches/new/")
    field = page.locator("#id_player_0")
    expect(field).to_have_attribute("list", "player-names")
    options = page.locator("datalist#player-names option")
    expect(options).to_have_count(4)
    assert options.evaluate_all("options => options.map(option => option.value)") == ["Anna", "Ben", "Cleo", "Dan"]
    page.context.close()

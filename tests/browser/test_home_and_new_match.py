"""The list of matches and the new-match form on a 390 px phone: the form follows the game tapped, a duplicate name
is refused at its field, a match is rematched, renamed and deleted (after a confirmation) from the list, its time is
shown in the phone's zone, named, and axe finds nothing in the light and the dark scheme. Screenshots in
the test's tmp_path."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from scoring.core.games import GAMES
from scoring.core.match import parse_match
from scoring.models import Match
from scoring.services import create_match
from tests.browser.conftest import PHONE, log_in
from tests.browser.test_never_lose_a_deal import assert_axe_clean
from tests.conftest import B1_ANNA_2H_EXACT, B2_BEN_1NT_3_OVER

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

MINUS_OR_DASH_AS_MINUS = re.compile(r"(^|[\s(])-\d")  # a hyphen written as a minus sign


@pytest.fixture(params=["light", "dark"])
def scheme_phone(browser: Any, request: Any) -> Iterator[Any]:
    context = browser.new_context(viewport=PHONE, has_touch=True, color_scheme=request.param)
    context.set_default_timeout(10_000)
    yield context
    context.close()


@pytest.fixture
def tokyo_phone(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport=PHONE, has_touch=True, timezone_id="Asia/Tokyo")
    context.set_default_timeout(10_000)
    yield context
    context.close()


def bridgette_match(owner: Any, deals: list[dict[str, Any]]) -> Match:
    doc = {"game": "bridgette", "players": ["Nora", "Dan"], "first_dealer": 0, "deals": deals}
    return create_match(owner=owner, match_file=parse_match(doc))


def fits_the_phone(page: Any) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def shown_names(page: Any) -> int:
    return page.locator(".name-field:visible input:enabled").count()


def test_the_form_follows_each_game_tapped(scheme_phone: Any, live_server: Any, demo_user: Any, tmp_path: Path) -> None:
    page = scheme_phone.new_page()
    log_in(page, live_server)
    page.goto(f"{live_server.url}/matches/new/")
    expect(page.get_by_role("button", name="Show this game's players and house rules")).to_be_hidden()
    page.fill("#id_player_0", "Anna")
    page.fill("#id_player_1", "Ben")
    # (title, seats, target prefilled, sides) as docs/rules give them: BG-1.3, R-DB-9, R-CB-5, KJ-1.1, R-BR-1, R-BL-13.
    expected = [
        ("Bridgette", 2, None, ""),
        ("Draw Bridge", 2, "500", ""),
        ("Call Bridge", 4, "30", ""),
        ("Klaberjass", 2, "500", ""),
        ("Contract Bridge", 4, None, "Anna & South v Ben & West"),  # BR-1.1: the seats named North to West
        ("Belote", 4, "1000", "Anna & Player 3 v Ben & Player 4"),
    ]
    assert [title for title, *_rest in expected] == [game.title for game in GAMES.values()]
    for title, seats, target, sides in expected:
        page.get_by_role("radio", name=title, exact=True).check()
        # The server lays the form out for the game tapped (htmx), keeping the names typed.
        laid_out = next(name for name, game in GAMES.items() if game.title == title)
        expect(page.locator("input[name=laid_out]")).to_have_value(laid_out)
        expect(page.locator("#id_player_0")).to_have_value("Anna")
        assert shown_names(page) == seats
        assert page.locator(".dealer-option:visible").count() == seats + 1  # and Draw at random
        if target is None:
            expect(page.locator("#id_target")).to_be_hidden()
            expect(page.locator("#no-target")).to_be_visible()
        else:
            expect(page.locator("#id_target")).to_have_value(target)
        if sides:
            expect(page.locator("#sides")).to_have_text(f"Sides: {sides}")
        else:
            expect(page.locator("#sides")).to_be_hidden()
        name = next(name for name, game in GAMES.items() if game.title == title)
        assert page.locator(".rule-group:visible").evaluate_all("gs => gs.map(g => g.dataset.game)") == [name]
        # R-BR-2: a game's form (rubber or Chicago) is asked before the players, where the game has one to choose.
        first = page.locator(".first-choice:visible").evaluate_all("gs => gs.map(g => g.dataset.game)")
        assert first == (["contract_bridge"] if name == "contract_bridge" else [])
        fits_the_phone(page)
    # The names typed follow into the sides and the first dealer as they are typed.
    page.fill("#id_player_2", "Cleo")
    expect(page.locator("#sides")).to_have_text("Sides: Anna & Cleo v Ben & Player 4")
    expect(page.locator(".dealer-option", has_text="Cleo")).to_be_visible()
    scheme = "dark" if page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches") else "light"
    page.screenshot(path=str(tmp_path / f"new-match-belote-{scheme}-390.png"), full_page=True)
    assert_axe_clean(page)
    # Back to a two-player game: the names past its seats are not posted.
    page.get_by_role("radio", name="Klaberjass", exact=True).check()
    page.locator("input[name=first_dealer][value='1']").check()
    page.get_by_role("button", name="Start match").click()
    page.wait_for_url(re.compile(r"/matches/\d+/$"))
    match = Match.objects.get()
    assert (match.game, match.players, match.target, match.first_dealer) == ("klaberjass", ["Anna", "Ben"], 500, 1)


def test_a_duplicate_name_is_refused_at_its_field(phone: Any, live_server: Any, demo_user: Any, tmp_path: Path) -> None:
    page = phone.new_page()
    log_in(page, live_server)
    page.goto(f"{live_server.url}/matches/new/")
    page.get_by_role("radio", name="Call Bridge", exact=True).check()
    for seat, name in enumerate(["Anna", "Ben", "Cleo", "ben"]):
        page.fill(f"#id_player_{seat}", name)
    page.get_by_role("button", name="Start match").click()
    error = page.locator("#err-player_3")
    expect(error).to_contain_text("player 2 is already called Ben")
    expect(page.locator("#id_player_3")).to_have_attribute("aria-invalid", "true")
    # The page is still laid out for the game, with what was typed.
    assert shown_names(page) == 4
    expect(page.locator("#id_player_3")).to_have_value("ben")
    expect(page.locator("#id_target")).to_have_value("30")
    page.screenshot(path=str(tmp_path / "new-match-duplicate-390.png"), full_page=True)
    assert_axe_clean(page)
    assert not Match.objects.exists()


def test_home_states_rematch_rename_and_delete(
    scheme_phone: Any, live_server: Any, demo_user: Any, tmp_path: Path
) -> None:
    # B1 (Nora +500) and B2 (Dan +600), docs/rules/bridgette.md: Dan leads after two of six deals.
    match = bridgette_match(demo_user, [B1_ANNA_2H_EXACT, B2_BEN_1NT_3_OVER])
    page = scheme_phone.new_page()
    log_in(page, live_server)
    item = page.locator(".match-item", has_text="Nora v Dan")
    expect(item.locator(".match-state")).to_have_text("Deal 3 of 6, Dan leads 600–500")
    assert not MINUS_OR_DASH_AS_MINUS.search(page.locator("main").inner_text())
    fits_the_phone(page)
    scheme = "dark" if page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches") else "light"
    page.screenshot(path=str(tmp_path / f"home-{scheme}-390.png"), full_page=True)
    assert_axe_clean(page)

    # Rematch: the next player, Dan, deals first.
    item.get_by_role("link", name="Rematch: Nora v Dan").click()
    # It asks before it makes the match.
    expect(page.get_by_role("heading", name="Start a rematch?")).to_be_visible()
    expect(page.locator("main")).to_contain_text("Dan deals first.")
    assert Match.objects.count() == 1
    page.screenshot(path=str(tmp_path / "rematch-ask-390.png"), full_page=True)
    assert_axe_clean(page)
    page.get_by_role("button", name="Start the rematch").click()
    page.wait_for_url(re.compile(r"/matches/\d+/$"))
    expect(page.locator("#messages")).to_contain_text("Rematch: Nora v Dan, Dan deals first.")
    rematch = Match.objects.exclude(pk=match.pk).get()
    assert page.url.endswith(f"/matches/{rematch.pk}/")
    assert (rematch.players, rematch.first_dealer) == (["Nora", "Dan"], 1)

    # Rename the first match's players.
    page.goto(f"{live_server.url}/")
    page.locator(".match-item", has_text="Deal 3 of 6").get_by_role(
        "link", name="Rename the players of Nora v Dan"
    ).click()
    page.fill("#id_player_0", "Nell")
    page.get_by_role("button", name="Save the names").click()
    page.wait_for_url(f"{live_server.url}/")
    expect(page.locator(".match-item", has_text="Nell v Dan")).to_contain_text("Dan leads 600–500")

    # Delete it: asked first, "Keep it" keeps it, then deleted.
    page.get_by_role("link", name="Delete Nell v Dan").click()
    expect(page.get_by_role("heading", name="Delete this match?")).to_be_visible()
    assert_axe_clean(page)
    page.get_by_role("button", name="Delete the match").click()
    page.wait_for_url(f"{live_server.url}/")
    expect(page.locator("#messages")).to_contain_text("Match Nell v Dan deleted.")
    expect(page.locator(".match-item")).to_have_count(1)
    assert not Match.objects.filter(pk=match.pk).exists()


def test_each_match_shows_its_time_in_the_phones_zone_named(tokyo_phone: Any, live_server: Any, demo_user: Any) -> None:
    match = bridgette_match(demo_user, [])
    tokyo = match.updated + timedelta(hours=9)  # Asia/Tokyo is UTC+9 all year
    page = tokyo_phone.new_page()
    log_in(page, live_server)
    when = page.locator(".match-item time")
    expect(when).to_have_text(re.compile(rf"{tokyo.day} {tokyo:%b %Y}, {tokyo:%H:%M} GMT\+9"))
    expect(when).to_have_attribute("title", "Asia/Tokyo")
    assert when.get_attribute("datetime") == match.updated.isoformat()

"""A finished match on a phone: the result said once, the winner's card says "wins", and every row of the sheet
says what came of its deal (made, down, bate) without opening its breakdown. Light and dark, axe clean."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from scoring.core.match import parse_match
from scoring.services import create_match
from tests.browser.conftest import PHONE, axe_options, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp")


def contract(declarer: int, level: int, strain: str, tricks: int, doubled: int = 0) -> dict[str, Any]:
    return {"declarer": declarer, "level": level, "strain": strain, "doubled": doubled, "tricks": tricks}


# Bridgette, each deal worked by hand from docs/rules/bridgette.md (Anna seat 0, Ben seat 1):
BRIDGETTE = [
    (contract(0, 2, "H", 8), "2♥ by Anna, made exactly (BG-7.1)"),  # B1: 250 + 250 = 500 to Anna
    (contract(1, 4, "S", 9, doubled=1), "4♠X by Ben, down 1 (BG-7.3)"),  # needs 10: 200 to Anna, doubled
    (contract(1, 1, "NT", 10), "1NT by Ben, made with 3 over (BG-7.1)"),  # B2: 250 + 350 = 600 to Ben
    ({"passed_out": True}, "passed out (BG-7.4)"),  # 0 each, and it counts
    (contract(0, 1, "C", 9), "1♣ by Anna, made with 2 over"),  # B10: 150 to Anna, no bonus (R-BG-2)
    (contract(1, 3, "D", 9), "3♦ by Ben, made exactly (BG-7.1)"),  # 250 + 250 = 500 to Ben
]
# Anna 500 + 200 + 150 = 850; Ben 600 + 500 = 1100: Ben has the higher total after six deals (BG-8.1).

# Klaberjass, Anna making spades: 140 card points + 10 for the last trick against Ben's 6 is 150 to 6 (KJ-9.2);
# 30 against Ben's 40 + 10 leaves her bate: Ben scores both, 80 (KJ-9.2).
KJ_MADE = {"maker": 0, "trump": "S", "card_points": [140, 6], "last_trick": 0, "sequence_points": [0, 0], "bella": None}
KJ_BATE = {"maker": 0, "trump": "D", "card_points": [30, 40], "last_trick": 1, "sequence_points": [0, 0], "bella": None}
KLABERJASS = [
    (KJ_MADE, "Anna makes ♠: 150 to 6"),
    (KJ_BATE, "Anna makes ♦ and is bate, 30 to 50 (KJ-9.2)"),
    (KJ_MADE, "Anna makes ♠: 150 to 6"),
    (KJ_MADE, "Anna makes ♠: 150 to 6"),
    (KJ_MADE, "Anna makes ♠: 150 to 6"),
]
# Anna 150 × 4 = 600, Ben 6 + 80 + 6 + 6 + 6 = 104: Anna passes 500 in the last deal, alone (KJ-10.1).

MATCHES = {
    "bridgette": (
        BRIDGETTE,
        "Ben wins.",
        "Ben has the higher total, 1100–850, after 6 deals (BG-8.1).",
        [("Anna", ""), ("Ben", "wins")],
    ),
    "klaberjass": (KLABERJASS, "Anna wins.", "Anna passed 500 first (KJ-10.1).", [("Anna", "wins"), ("Ben", "")]),
}


@pytest.fixture(params=["light", "dark"])
def screen(request: Any, browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport=PHONE, has_touch=True, color_scheme=request.param)
    context.set_default_timeout(10_000)
    yield context
    context.close()


@pytest.mark.parametrize("game", sorted(MATCHES))
def test_bg_8_1_kj_10_1_a_finished_match_reads_finished_and_each_row_says_what_happened(
    screen: Any, live_server: Any, demo_user: Any, game: str
) -> None:
    rows, headline, reason, cards = MATCHES[game]
    doc = {"game": game, "players": ["Anna", "Ben"], "first_dealer": 0, "deals": [deal for deal, _text in rows]}
    match = create_match(owner=demo_user, match_file=parse_match(doc))
    page = screen.new_page()
    log_in(page, live_server)
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    banner = page.locator("#winner-banner")
    expect(banner).to_have_text(f"{headline} {reason}")
    standings = page.locator(".standings article")
    assert [
        (
            card.locator("span").first.inner_text(),
            card.locator("small").inner_text() if card.locator("small").count() else "",
        )
        for card in standings.all()
    ] == cards
    # Each row says what came of its deal with the breakdown closed.
    summaries = page.locator("#sheet tbody summary")
    assert summaries.all_inner_texts() == [text for _deal, text in rows]
    assert all(not details.get_attribute("open") for details in page.locator("#sheet tbody details").all())
    # Nothing wider than the phone, and axe finds nothing, in either scheme.
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    scheme = "dark" if page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches") else "light"
    page.screenshot(path=str(SHOTS / f"tb-finished-{game}-{scheme}-390.png"), full_page=True)
    violations = Axe().run(page, options=axe_options(page)).response["violations"]
    assert [violation["id"] for violation in violations] == []


def test_kj_10_1_an_edit_that_would_end_the_match_early_is_refused_saying_what_to_do(
    phone: Any, live_server: Any, demo_user: Any
) -> None:
    # Anna's bate in deal 2 made instead (150 to 6) puts her at 600 after deal 4 (KJ-10.1): deal 5 must go first.
    deals = [KJ_MADE, KJ_BATE, KJ_MADE, KJ_MADE, KJ_BATE]
    doc = {"game": "klaberjass", "players": ["Anna", "Ben"], "first_dealer": 0, "deals": deals}
    match = create_match(owner=demo_user, match_file=parse_match(doc))  # Anna 450, Ben 6 + 80 + 6 + 6 + 80: open
    page = phone.new_page()
    log_in(page, live_server)
    page.goto(f"{live_server.url}/matches/{match.pk}/deals/2/edit/")
    page.locator("fieldset", has=page.locator('legend:text-is("Trump")')).locator('label:text-is("♠")').click()
    page.get_by_label("Anna's card points").fill("140")
    page.get_by_label("Ben's card points").fill("6")
    page.locator("fieldset", has=page.locator('legend:text-is("Last trick")')).locator('label:text-is("Anna")').click()
    why = (
        "first undo deal 5: with it the match ends after deal 4 (Anna passed 500 first), and no deal is played "
        "after the end (KJ-10.1)"
    )
    expect(page.locator("#preview")).to_contain_text(f"To make this change, {why}")
    page.get_by_role("button", name=re.compile(r"^Save deal 2")).click()
    expect(page.locator("#deal-form")).to_contain_text(f"Nothing was saved. To make this change, {why}")
    page.screenshot(path=str(SHOTS / "tb-edit-ends-the-match-early-390.png"), full_page=True)
    violations = Axe().run(page).response["violations"]
    assert [violation["id"] for violation in violations] == []

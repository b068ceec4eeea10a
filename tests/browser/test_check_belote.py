"""Recording a contested Belote hand on the Check a hand page at 390 px: Cleo did not overtrump (BL-7.4 (c)).

The hand is fixtures/belote/overtrump.json: the worked deal BL1 of docs/rules/belote.md, except that Ben plays
A♥ to the first trick and trumps the seventh with 7♥. Cleo, with no diamond and K♥ in her hand, then had to beat
the 7♥ of Ben, an opponent; she played 9♣.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from tests.browser.conftest import log_in
from vocabulary.cards import card_name, parse_card

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

RECORD = json.loads((Path(__file__).resolve().parents[2] / "fixtures" / "belote" / "overtrump.json").read_text())
PLAYERS = RECORD["players"]
# Each player's cards as held in play: the cards each plays in the record.
HELD = [
    [event["card"] for event in RECORD["events"] if event.get("seat") == seat and event["type"] == "play"]
    for seat in range(4)
]


def test_bl_7_4_a_broken_overtrump_is_flagged_naming_cleo(
    phone: Any, live_server: Any, demo_user: Any, tmp_path: Path
) -> None:
    page = phone.new_page()
    log_in(page, live_server)
    page.goto(f"{live_server.url}/referee/")
    page.get_by_role("radio", name="Belote").check()
    for seat, name in enumerate(PLAYERS):
        page.fill(f"#id_player_{seat}", name)
    page.locator("input[name=dealer][value='3']").check()  # Dan deals
    page.get_by_label("The hands first, then the plays").check()  # they enter the hands
    page.get_by_role("button", name="Start recording").click()
    # The hands as held when the play starts (BL-3.4): the turn-up first, then each player's 8 cards, the turn-up
    # among Anna's (she takes it); the fourth hand fills itself. The order of the dealt lots is never asked.
    expect(page.locator("#picker-title")).to_have_text("Tap cards into the turn-up card")
    page.locator("#picker").get_by_role("button", name=card_name(parse_card(RECORD["turn_up"])), exact=True).click()
    page.get_by_role("heading", name="Tap cards into Anna's hand").wait_for()
    for seat, cards in enumerate(HELD[:3]):
        page.fill(f"#hand-text-{seat}", " ".join(cards))
        page.get_by_role("button", name=f"Set {PLAYERS[seat]}'s hand").click()
        page.get_by_text(f"{PLAYERS[seat]} (8 cards)").wait_for(state="attached")
    page.get_by_text("Dan's hand filled itself with the 8 cards left").wait_for()
    # Anna, the dealer's next player, takes the turn-up's hearts (BL-4.1).
    page.locator("#turn button[value='take']").click()
    page.get_by_text("Undo the last event (1 recorded)").wait_for()
    for count, event in enumerate(RECORD["events"][1:], start=2):
        if event.get("announce"):
            page.get_by_label(f"Say {event['announce']} with this card").check()
        page.locator(f"#turn button[value='{parse_card(event['card']).code}']").click()
        page.get_by_text(f"Undo the last event ({count} recorded)").wait_for()
        if count == 27:
            # Before Cleo's card in trick 7: K♥ is the one card the rules allow her.
            assert page.get_by_role("button", name="Play K♥, allowed").count() == 1
            assert page.get_by_role("button", name="Play 9♣, not allowed").count() == 1
    flagged = page.locator("ol.violations li")
    assert flagged.count() == 1
    text = flagged.inner_text()
    assert "Cleo had no diamonds" in text and "K♥" in text
    assert page.locator("ol.violations li > .rule").inner_text() == "BL-7.4"  # the remedy has its own rule
    # The deal is still scored: Anna & Cleo 131 card points, the last trick and belote-rebelote; Ben & Dan 21.
    assert "Deal result" in page.locator("#verdict").inner_text()
    # The deal's short form counts the trick points as the verdict does, the dix de der included (BL-2.3): the
    # takers' 131 card points and the last trick are 141, against 21.
    assert "card points: 141, 21" in page.locator("main").inner_text()
    assert "Deal result: Anna ♥ 141–21, made" in page.locator("#verdict").inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(tmp_path / "check-belote-390.png"), full_page=True)
    violations = Axe().run(page).response["violations"]
    assert [violation["id"] for violation in violations] == []

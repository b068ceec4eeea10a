"""Recording a short Call Bridge deal with one revoke on the Check a hand page."""

from __future__ import annotations

from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe

from tests.browser.conftest import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# docs/rules/call_bridge.md C9: P1 leads 5♥; P2 has no hearts and holds ♠3, ♠J and ♦9, so must play a spade.
HANDS = [
    "5H AH KH QH JH TH AC KC QC JC TC 9C 8C",
    "3S JS 9D AD KD QD JD TD 8D 7D 6D 5D 4D",
    "2S TS 3D 2D 7C 6C 5C 4C 3C 2C AS KS QS",
    "9H 8H 7H 6H 4H 3H 2H 9S 8S 7S 6S 5S 4S",
]


def test_cb_5_2_a_revoke_is_flagged_at_once(phone: Any, live_server: Any, demo_user: Any) -> None:
    page = phone.new_page()
    log_in(page, live_server)
    page.goto(f"{live_server.url}/referee/")
    page.get_by_label("Call Bridge").check()
    for seat, name in enumerate(["P1", "P2", "P3", "P4"]):
        page.fill(f"#id_player_{seat}", name)
    page.locator("input[name=dealer][value='3']").check()
    page.get_by_label("The hands first, then the plays").check()  # they enter the hands
    page.get_by_role("button", name="Start recording").click()
    for seat, cards in enumerate(HANDS[:3]):
        page.fill(f"#hand-text-{seat}", cards)
        page.get_by_role("button", name=f"Set P{seat + 1}'s hand").click()
        page.get_by_text(f"P{seat + 1} (13 cards)").wait_for(state="attached")
    # The last hand fills itself with the 13 cards left (CB-3.2: 13 cards to each player).
    page.get_by_text("P4's hand filled itself with the 13 cards left").wait_for()
    for count in range(1, 5):
        page.locator("#turn button[value='3']").click()
        page.get_by_text(f"Undo the last event ({count} recorded)").wait_for()
    page.get_by_role("button", name="Play 5♥, allowed").click()
    # P2 may play only a spade: the 9♦ is offered but not marked as allowed.
    page.get_by_role("button", name="Play 3♠, allowed").wait_for()
    page.get_by_role("button", name="Play 9♦, not allowed").click()
    flagged = page.locator("ol.violations li")
    flagged.wait_for()
    assert "CB-5.2" in flagged.inner_text()
    assert "P2" in flagged.inner_text()
    # P3 now must play a spade, any spade, since no spade is in the trick (CB-5.2 b).
    assert page.get_by_role("button", name="Play 2♠, allowed").count() == 1
    assert page.get_by_role("button", name="Play 2♣, not allowed").count() == 1
    violations = Axe().run(page).response["violations"]
    assert [violation["id"] for violation in violations] == []

"""Recording a short Contract Bridge deal on the Check a hand page at 390 px: the auction call by call, dummy's
cards tapped by the declarer, and a revoke flagged with its rule (docs/referee/contract_bridge.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# fixtures/contract_bridge/revoke.json: Anna deals and opens 1♣, three passes; Ben leads A♥, Cleo is dummy.
REVOKE = json.loads((Path(__file__).resolve().parents[2] / "fixtures" / "contract_bridge" / "revoke.json").read_text())
NAMES = REVOKE["players"]


def test_br_5_3_a_revoke_by_the_declarer_is_flagged_with_its_rule(phone: Any, live_server: Any, demo_user: Any) -> None:
    page = phone.new_page()
    log_in(page, live_server)
    page.goto(f"{live_server.url}/referee/")
    page.get_by_role("radio", name="Contract Bridge").check()
    for seat, name in enumerate(NAMES):
        page.fill(f"#id_player_{seat}", name)
    page.locator("input[name=dealer][value='0']").check()
    page.get_by_label("The hands first, then the plays").check()  # they enter the hands
    page.get_by_role("button", name="Start recording").click()
    for seat, name in enumerate(NAMES[:3]):
        page.fill(f"#hand-text-{seat}", " ".join(REVOKE["hands"][seat]))
        page.get_by_role("button", name=f"Set {name}'s hand").click()
        page.locator("header", has_text=f"{name} (13 cards)").wait_for()  # stored: the page shows it whole
    # The last hand fills itself with the 13 cards left (BR-3.2: the whole pack is dealt).
    page.get_by_text("Dev's hand filled itself with the 13 cards left").wait_for()
    turn = page.locator("#turn-title")
    # BR-4.1: the dealer calls first; 1♣ and three passes end the auction (BR-4.6).
    for name, word in zip(NAMES, ["1C", "pass", "pass", "pass"], strict=True):
        assert turn.inner_text().startswith(f"{name} to call")
        page.locator(f"#turn button[value='{word}']").click()
        page.wait_for_function("(name) => !document.querySelector('#turn-title').innerText.startsWith(name)", arg=name)
    # BR-5.1: Ben, on the declarer's left, leads.
    assert turn.inner_text() == "Ben to lead to trick 1, on the declarer's left (BR-5.1)"
    page.get_by_role("button", name="Play A♥, allowed").click()
    # BR-5.2: Cleo is dummy; Anna taps dummy's card from Cleo's hand.
    page.get_by_text("Anna (declarer) to play to trick 1 from dummy, Cleo's hand (BR-5.2)").wait_for()
    page.get_by_role("button", name="Play 6♥, allowed").click()
    page.get_by_text("Dev to play to trick 1").wait_for()
    page.get_by_role("button", name="Play 3♥, allowed").click()
    page.get_by_text("Anna to play to trick 1").wait_for()
    # Anna holds 5♥ and 2♥: her spades are offered, not marked allowed, and recorded if tapped (BR-5.3).
    page.get_by_role("button", name="Play 4♠, not allowed").click()
    flagged = page.locator("ol.violations li")
    flagged.wait_for()
    assert "Anna played 4♠ to A♥ while holding 5♥" in flagged.inner_text()
    assert "BR-5.3" in flagged.inner_text()
    # The trick still counts: Ben's A♥ wins and Ben leads again (BR-5.4); a second trick, dummy's card tapped again.
    page.get_by_text("Ben to lead to trick 2").wait_for()
    page.get_by_role("button", name="Play K♥, allowed").click()
    page.get_by_text("Anna (declarer) to play to trick 2 from dummy, Cleo's hand (BR-5.2)").wait_for()
    page.get_by_role("button", name="Play 7♥, allowed").click()
    page.get_by_text("Dev to play to trick 2").wait_for()
    page.get_by_role("button", name="Play 8♥, allowed").click()
    page.get_by_text("Anna to play to trick 2").wait_for()
    page.get_by_role("button", name="Play 5♥, allowed").click()
    page.get_by_text("Ben to lead to trick 3").wait_for()
    assert page.locator("ol.violations li").count() == 1  # the revoke alone
    tricks = page.locator("section[aria-labelledby=tricks-title] tbody tr")
    assert tricks.count() == 2
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

"""The remedies and the deal as ruled on the Check a hand page at 390 px, and "Use this result" with a ruling
(docs/hand-record.md, "Remedies and the deal as ruled"); a lead out of turn accepted by a tap (BR-10.3)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from referee.models import ContestedHand
from scoring.models import Deal
from tests.browser.conftest import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
# Trick 7: Cleo, one of the takers, does not overtrump Ben's 7♥ (BL-7.4): a renonce, BL-10.1.
OVERTRUMP = json.loads((FIXTURES / "belote" / "overtrump.json").read_text())


def fits_the_phone(page: Any) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


def test_bl_10_1_the_remedy_and_the_ruled_score_read_on_a_phone_and_fill_the_match(
    phone: Any, live_server: Any, demo_user: Any, make_match: Any, tmp_path: Path
) -> None:
    match = make_match(game="belote", first_dealer=OVERTRUMP["dealer"])
    match.owner = demo_user
    match.save()
    record = {**OVERTRUMP, "players": list(match.players)}
    hand = ContestedHand.objects.create(owner=demo_user, match=match, deal_number=1, record=record)
    page = phone.new_page()
    log_in(page, live_server)
    page.goto(f"{live_server.url}/referee/{hand.pk}/")
    remedy = page.locator("ol.violations .remedy")
    assert remedy.count() == 1
    assert remedy.inner_text().startswith("Remedy: A renonce by Cleo, one of the takers")
    ruling = page.locator(".ruling")
    assert "As ruled:" in ruling.inner_text()
    assert "renonce by Cleo in trick 7: the deal goes to the defenders" in ruling.inner_text()
    assert fits_the_phone(page)
    ruling.scroll_into_view_if_needed()
    page.screenshot(path=str(tmp_path / "belote-ruling.png"), full_page=True)
    page.get_by_role("button", name="Use this result in the match").click()
    page.get_by_text("This is the deal as ruled, after the remedies:").wait_for()
    assert fits_the_phone(page)
    page.screenshot(path=str(tmp_path / "belote-use.png"), full_page=True)
    page.get_by_role("button", name="Yes, use it").click()
    page.wait_for_url(f"{live_server.url}/matches/{match.pk}/**")
    assert Deal.objects.get(match=match).entry["renonce"] == "takers"


def test_br_10_3_a_lead_out_of_turn_waits_for_the_declarers_tap(
    phone: Any, live_server: Any, demo_user: Any, tmp_path: Path
) -> None:
    # 4♠ by Cleo after the rules' auction of the play example; Ben leads 9♣ where Dev had the lead.
    hands = [
        ["KS", "QS", "5S", "2H", "AD", "KD", "QD", "JD", "AC", "KC", "QC", "JC", "TC"],
        ["3S", "2S", "TD", "9D", "8D", "7D", "6D", "9C", "8C", "7C", "6C", "5C", "4C"],
        ["AS", "JS", "TS", "9S", "8S", "7S", "6S", "4S", "AH", "5D", "4D", "3C", "2C"],
        ["KH", "QH", "JH", "TH", "9H", "8H", "7H", "6H", "5H", "4H", "3H", "3D", "2D"],
    ]
    calls = [
        {"type": "call", "seat": (2 + n) % 4, "call": word} for n, word in enumerate(["4S", "pass", "pass", "pass"])
    ]
    record = {
        "game": "contract_bridge",
        "players": ["Anna", "Ben", "Cleo", "Dev"],
        "dealer": 2,
        "flags": [],
        "hands": hands,
        "events": [*calls, {"type": "play", "seat": 1, "card": "9C"}],
    }
    hand = ContestedHand.objects.create(owner=demo_user, record=record)
    page = phone.new_page()
    log_in(page, live_server)
    page.goto(f"{live_server.url}/referee/{hand.pk}/")
    assert "Cleo, the declarer, may accept the lead" in page.locator("ol.violations .remedy").inner_text()
    assert fits_the_phone(page)
    page.screenshot(path=str(tmp_path / "contract-bridge-lead-out-of-turn.png"), full_page=True)
    page.locator("#turn button[value='accept']").click()
    page.get_by_text("Undo the last event (6 recorded)").wait_for()
    assert "Cleo accepted the lead" in page.locator("ol.violations .remedy").inner_text()
    hand.refresh_from_db()
    assert hand.record["events"][-1] == {"type": "choice", "seat": 2, "choice": "accept"}
    page.screenshot(path=str(tmp_path / "contract-bridge-accepted.png"), full_page=True)


def test_br_10_11_a_refused_lead_is_a_penalty_card_and_the_declarer_chooses_the_lead(
    phone: Any, live_server: Any, demo_user: Any, tmp_path: Path
) -> None:
    """Ben leads 10♦ out of turn and Cleo refuses it (Law 56): 10♦ is Ben's major penalty card, and before Dev leads
    Cleo requires a diamond (Law 50D2): Dev's diamonds alone are marked allowed."""
    hands = [
        ["KS", "QS", "5S", "2H", "AD", "KD", "QD", "JD", "AC", "KC", "QC", "JC", "TC"],
        ["3S", "2S", "TD", "9D", "8D", "7D", "6D", "9C", "8C", "7C", "6C", "5C", "4C"],
        ["AS", "JS", "TS", "9S", "8S", "7S", "6S", "4S", "AH", "5D", "4D", "3C", "2C"],
        ["KH", "QH", "JH", "TH", "9H", "8H", "7H", "6H", "5H", "4H", "3H", "3D", "2D"],
    ]
    calls = [
        {"type": "call", "seat": (2 + n) % 4, "call": word} for n, word in enumerate(["4S", "pass", "pass", "pass"])
    ]
    record = {
        "game": "contract_bridge",
        "players": ["Anna", "Ben", "Cleo", "Dev"],
        "dealer": 2,
        "flags": [],
        "hands": hands,
        "events": [*calls, {"type": "play", "seat": 1, "card": "TD"}],
    }
    hand = ContestedHand.objects.create(owner=demo_user, record=record)
    page = phone.new_page()
    log_in(page, live_server)
    page.goto(f"{live_server.url}/referee/{hand.pk}/")
    page.locator("#turn button[value='refuse']").click()
    page.get_by_text("Undo the last event (6 recorded)").wait_for()
    turn = page.locator("#turn-title")
    assert turn.inner_text().startswith("Ben's 10♦ is a penalty card and Dev is to lead: Cleo may require or forbid")
    assert "went back to Ben as a major penalty card" in page.locator("ol.violations .remedy").inner_text()
    assert fits_the_phone(page)
    page.screenshot(path=str(tmp_path / "contract-bridge-lead-option.png"), full_page=True)
    page.locator("#turn button[value='require']").click()
    page.get_by_text("Undo the last event (7 recorded)").wait_for()
    assert turn.inner_text() == "Dev to lead to trick 1, on the declarer's left (BR-5.1)"
    page.get_by_role("button", name="Play 3♦, allowed").wait_for()
    page.get_by_role("button", name="Play K♥, not allowed").wait_for()
    hand.refresh_from_db()
    assert hand.record["events"][-1] == {"type": "choice", "seat": 2, "choice": "require"}
    assert fits_the_phone(page)
    page.screenshot(path=str(tmp_path / "contract-bridge-required-lead.png"), full_page=True)


def test_check_this_deal_of_a_contract_bridge_match_starts_at_the_play(
    phone: Any, live_server: Any, demo_user: Any, make_match: Any, tmp_path: Path
) -> None:
    """From deal 1's edit page: the start form names the seats North to West, and the hand starts with the auction of
    the deal's 4♠ doubled by South (BR-4.6), so West's opening lead is the first tap."""
    entry = {"declarer": 2, "level": 4, "strain": "S", "doubled": 1, "tricks": 10}
    match = make_match(game="contract_bridge", deals=[entry])
    match.owner = demo_user
    match.save()
    page = phone.new_page()
    log_in(page, live_server)
    page.goto(f"{live_server.url}/matches/{match.pk}/deals/1/edit/")
    page.get_by_role("link", name="Check deal 1 card by card").click()
    for seat, name in enumerate(["North", "East", "South", "West"]):
        assert page.locator(f"label[for='id_player_{seat}']").inner_text().startswith(name)
    assert fits_the_phone(page)
    page.screenshot(path=str(tmp_path / "check-this-deal-start.png"), full_page=True)
    page.get_by_role("button", name="Start recording").click()
    turn = page.locator("#turn-title")
    turn.wait_for()
    west = match.players[3]
    assert turn.inner_text() == f"{west} to lead to trick 1, on the declarer's left (BR-5.1)"
    assert fits_the_phone(page)
    page.screenshot(path=str(tmp_path / "check-this-deal-play.png"), full_page=True)


def test_check_this_deal_of_bridgette_records_the_deals_bidding_in_one_tap(
    phone: Any, live_server: Any, demo_user: Any, make_match: Any, tmp_path: Path
) -> None:
    """Bridgette's exchange comes first (BG-4.1): once it is in, the auction's first turn offers deal 1's bidding,
    2♥ by the dealer and the other player's pass (BG-5.5), in one tap; the play's first lead comes next (BG-6.1)."""
    fixture = json.loads((FIXTURES / "bridgette" / "hand.json").read_text())
    entry = {"declarer": fixture["dealer"], "level": 2, "strain": "H", "doubled": 0, "tricks": 8}
    match = make_match(game="bridgette", deals=[entry], first_dealer=fixture["dealer"])
    match.owner = demo_user
    match.save()
    exchange = [event for event in fixture["events"] if event["type"] in ("draw", "discard")]
    record = {**fixture, "players": list(match.players), "events": exchange}
    hand = ContestedHand.objects.create(owner=demo_user, match=match, deal_number=1, record=record)
    page = phone.new_page()
    log_in(page, live_server)
    page.goto(f"{live_server.url}/referee/{hand.pk}/")
    dealer, other = match.players[fixture["dealer"]], match.players[1 - fixture["dealer"]]
    tap = page.locator("#match-calls")
    assert tap.inner_text() == f"Record the bidding of deal 1 (2♥ by {dealer}, 8 tricks)"
    assert fits_the_phone(page)
    page.screenshot(path=str(tmp_path / "bridgette-bidding-tap.png"), full_page=True)
    tap.click()
    page.get_by_text(f"Undo the last event ({len(exchange) + 2} recorded)").wait_for()
    assert page.locator("#turn-title").inner_text().startswith(f"{other} leads to trick 1")
    hand.refresh_from_db()
    assert [(event["seat"], event["call"]) for event in hand.record["events"][len(exchange) :]] == [
        (fixture["dealer"], "2H"),
        (1 - fixture["dealer"], "pass"),
    ]
    page.screenshot(path=str(tmp_path / "bridgette-bidding-recorded.png"), full_page=True)

"""A whole deal fed in a minute, at 390 px: the Check a hand page started with the plays only (docs/hand-record.md),
each card one tap for the player whose turn it is. Taps are counted as a player makes them: a radio, a button, a
card (the names are typed). Failure paths: a wrong card undone in one tap, and a session that ends mid-entry.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from referee.models import ContestedHand
from tests.browser.conftest import PHONE, axe_options, log_in
from vocabulary.cards import card_name, parse_card

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


class Taps:
    """Counts what a player taps: a radio, a checkbox, a button."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.count = 0

    def tap(self, locator: Any) -> None:
        locator.click()
        self.count += 1


def start(page: Any, live_server: Any, taps: Taps, game: str, players: list[str], dealer: int) -> None:
    page.goto(f"{live_server.url}/referee/")
    taps.tap(page.get_by_role("radio", name=game))
    page.locator("#id_player_3, #id_player_1").last.wait_for()
    for seat, name in enumerate(players):
        page.fill(f"#id_player_{seat}", name)
    if dealer:
        taps.tap(page.locator(f"input[name=dealer][value='{dealer}']"))
    # The plays only are the first way in, chosen already.
    expect(page.get_by_label("The cards as they were played: no hands to enter (quickest)")).to_be_checked()
    taps.tap(page.get_by_role("button", name="Start recording"))
    page.wait_for_url(re.compile(r"/referee/\d+/$"))


def recorded(page: Any, count: int) -> None:
    page.get_by_text(re.compile(rf"^Undo the last event \({count} recorded\)$")).wait_for()


def record_event(page: Any, taps: Taps, event: dict[str, Any], count: int) -> None:
    """One event of a fixture, tapped as a player taps it: a call or a bid from the options, a card from the cards
    nobody has played yet (with its saying ticked first)."""
    if event["type"] == "play":
        if event.get("announce"):
            taps.tap(page.get_by_label(f"Say {event['announce']} with this card"))
        taps.tap(page.get_by_role("button", name=f"Play {card_name(parse_card(event['card']))}", exact=True))
    else:
        word = event.get("call") or event.get("choice")
        taps.tap(page.locator(f"#turn button[value='{word}']"))
    recorded(page, count)


def assert_axe_clean(page: Any) -> None:
    violations = Axe().run(page, options=axe_options(page)).response["violations"]
    assert [(violation["id"], [node["target"] for node in violation["nodes"]]) for violation in violations] == []


def test_br_9_1_a_whole_contract_bridge_deal_of_the_plays_only_in_63_taps(
    phone: Any, live_server: Any, demo_user: Any, tmp_path: Path
) -> None:
    # fixtures/contract_bridge/hand.json, the rules' worked auction (11 calls, the last three passes in one tap) and
    # its 52 cards: 2♣X by Anna, 8 tricks, made; Anna's A Q J 10 of clubs are honours, all played, so N-S score
    # 80 + 50 + 100 = 230.
    record = json.loads((FIXTURES / "contract_bridge" / "hand.json").read_text())
    page = phone.new_page()
    log_in(page, live_server)
    taps = Taps(page)
    start(page, live_server, taps, "Contract Bridge", record["players"], record["dealer"])
    assert taps.count == 2  # the game and Start: Anna, seat 0, deals by default
    turn = page.locator("#turn-title")
    for count, event in enumerate(record["events"], start=1):
        if count in (10, 11):
            continue  # recorded with the 9th: Anna's, Ben's and Cleo's passes end the auction (BR-4.6), one tap
        if count == 9:
            taps.tap(page.get_by_role("button", name="Anna, Ben and Cleo pass: the bidding ends"))
            recorded(page, 11)
            continue
        if count == 12:
            # BR-5.1: Ben leads; all 52 cards are offered, and one tap records his.
            assert turn.inner_text() == "Ben to lead to trick 1, on the declarer's left (BR-5.1)"
            assert page.locator("#turn .cards button").count() == 52
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
            page.screenshot(path=str(tmp_path / "plays-only-bridge-lead-390.png"), full_page=True)
            assert_axe_clean(page)
        if count == 13:
            assert turn.inner_text() == "Anna (declarer) to play to trick 1 from dummy, Cleo's hand (BR-5.2)"
        record_event(page, taps, event, count)
    assert taps.count == 2 + 8 + 1 + 52 == 63  # at most 65
    verdict = page.locator("#verdict")
    expect(verdict).to_contain_text("Deal result: 2♣X N =, honours N-S 100: Anna & Cleo 230, Ben & Dev 0")
    assert page.locator("ol.violations li").count() == 0
    page.screenshot(path=str(tmp_path / "plays-only-bridge-done-390.png"), full_page=True)
    assert_axe_clean(page)


def test_bl_8_7_a_whole_belote_deal_of_the_plays_only_in_40_taps(
    phone: Any, live_server: Any, demo_user: Any, tmp_path: Path
) -> None:
    # fixtures/belote/hand.json, the worked deal BL1: Dan deals, the turn-up is 8♥, Anna takes it. Anna & Cleo
    # 120 card points and the last trick, Ben & Dan 32; with Cleo's belote-rebelote (150, 32).
    record = json.loads((FIXTURES / "belote" / "hand.json").read_text())
    page = phone.new_page()
    log_in(page, live_server)
    taps = Taps(page)
    start(page, live_server, taps, "Belote", record["players"], record["dealer"])
    # Only the turn-up is asked: its suit is offered as trumps (BL-4.1). No hands, no stock.
    expect(page.locator("#picker-title")).to_have_text("Tap cards into the turn-up card")
    assert page.locator(".dealt header", has_text="hand").count() == 0
    page.screenshot(path=str(tmp_path / "plays-only-belote-turn-up-390.png"), full_page=True)
    taps.tap(page.locator("#picker").get_by_role("button", name="8♥", exact=True))
    expect(page.locator("#turn-title")).to_have_text("Anna: take hearts as trumps, or pass (BL-4.1)")
    for count, event in enumerate(record["events"], start=1):
        record_event(page, taps, event, count)
    # the game, the dealer, Start, the turn-up, the take, 32 cards and the two sayings
    assert taps.count == 3 + 1 + 1 + 32 + 2 == 39
    verdict = page.locator("#verdict")
    expect(verdict).to_contain_text("Deal result:")
    expect(verdict).to_contain_text("Anna & Cleo 150")
    expect(verdict).to_contain_text("Ben & Dan 32")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path=str(tmp_path / "plays-only-belote-done-390.png"), full_page=True)
    assert_axe_clean(page)


def test_br_5_3_a_revoke_proven_later_and_a_wrong_card_undone_in_one_tap(
    phone: Any, live_server: Any, demo_user: Any, tmp_path: Path
) -> None:
    # Anna deals and opens 1♣, three passes; Ben leads A♥, dummy 6♥, Dev 3♥, Anna 4♠ (out of hearts); Ben leads
    # K♥, dummy 7♥, Dev 8♥, and Anna's 5♥ proves the revoke at trick 1.
    page = phone.new_page()
    log_in(page, live_server)
    taps = Taps(page)
    start(page, live_server, taps, "Contract Bridge", ["Anna", "Ben", "Cleo", "Dev"], 0)
    for count, call in enumerate(["1C", "pass", "pass", "pass"], start=1):
        record_event(page, taps, {"type": "call", "call": call}, count)
    plays = [(1, "AH"), (2, "6H"), (3, "3H"), (0, "4S"), (1, "KH"), (2, "7H"), (3, "8H"), (0, "5H")]
    for count, (_seat, card) in enumerate(plays[:2], start=5):
        record_event(page, taps, {"type": "play", "card": card}, count)
    # Dev's 3♥, but the 3♦ is tapped: one tap undoes it, and the 3♦ is offered again.
    taps.tap(page.get_by_role("button", name="Play 3♦", exact=True))
    recorded(page, 7)
    expect(page.locator("#turn-title")).to_have_text("Anna to play to trick 1")
    taps.tap(page.get_by_role("button", name="Undo the last event (7 recorded)"))
    expect(page.locator("#turn-title")).to_have_text("Dev to play to trick 1")
    expect(page.get_by_role("button", name="Play 3♦", exact=True)).to_have_count(1)
    for count, (_seat, card) in enumerate(plays[2:], start=7):
        record_event(page, taps, {"type": "play", "card": card}, count)
        if count == 8:
            assert page.locator("ol.violations li").count() == 0  # nothing shows a heart of Anna's yet
    flagged = page.locator("ol.violations li")
    expect(flagged).to_have_count(1)
    expect(flagged).to_contain_text("Anna played 4♠ to A♥ while holding 5♥")
    # The fault's rule, then its remedy's: established once Cleo, Anna's partner, plays to trick 2 (BR-10.4).
    expect(flagged.locator(".rule")).to_have_text(["BR-5.3", "BR-10.5"])
    expect(flagged).to_contain_text("Established (Law 63A)")
    assert taps.count == 2 + 4 + 8 + 2  # the revoke shown in 16 taps, a wrong card and its undo included
    page.screenshot(path=str(tmp_path / "plays-only-revoke-390.png"), full_page=True)
    assert_axe_clean(page)


def test_an_expired_session_mid_entry_keeps_every_card_through_the_log_in(
    phone: Any, live_server: Any, demo_user: Any, tmp_path: Path
) -> None:
    page = phone.new_page()
    log_in(page, live_server)
    taps = Taps(page)
    start(page, live_server, taps, "Contract Bridge", ["Anna", "Ben", "Cleo", "Dev"], 0)
    for count, call in enumerate(["1C", "pass", "pass", "pass"], start=1):
        record_event(page, taps, {"type": "call", "call": call}, count)
    record_event(page, taps, {"type": "play", "card": "AH"}, 5)
    url = page.url
    phone.clear_cookies()  # logged out elsewhere: no session, no CSRF cookie
    page.get_by_role("button", name="Play 6♥", exact=True).click()
    page.wait_for_url(re.compile(r"/accounts/login/\?next=/referee/\d+/&why=expired$"))
    expect(page.locator("main")).to_contain_text("Your session had ended, so you were logged out.")
    page.screenshot(path=str(tmp_path / "plays-only-expired-login-390.png"), full_page=True)
    page.fill("#id_username", "tablemate")
    page.fill("#id_password", "a-long-passphrase-1")
    page.click("main button[type=submit]")
    page.wait_for_url(url)
    # Every card tapped before is kept; the one refused is asked again, for the same player.
    recorded(page, 5)
    dummy = "Anna (declarer) to play to trick 1 from dummy, Cleo's hand (BR-5.2)"
    expect(page.locator("#turn-title")).to_have_text(dummy)
    assert len(ContestedHand.objects.get().record["events"]) == 5
    record_event(page, taps, {"type": "play", "card": "6H"}, 6)

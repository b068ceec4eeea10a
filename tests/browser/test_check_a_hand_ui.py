"""The Check a hand page on a 390 px phone: cards drawn as distinct cards, allowed and not allowed told apart by more
than colour, the last hand filled with the cards left, the stock and the turn-up chosen by tapping, the deal told in
the game's words, and axe clean in the light and the dark colour scheme. Screenshots in the test's tmp_path."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe

from referee.models import ContestedHand
from tests.browser.conftest import PHONE, axe_options, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
# docs/rules/call_bridge.md C9: P1 leads; P2 has no hearts and holds ♠3, ♠J and ♦9.
C9_HANDS = [
    "5H AH KH QH JH TH AC KC QC JC TC 9C 8C",
    "3S JS 9D AD KD QD JD TD 8D 7D 6D 5D 4D",
    "2S TS 3D 2D 7C 6C 5C 4C 3C 2C AS KS QS",
    "9H 8H 7H 6H 4H 3H 2H 9S 8S 7S 6S 5S 4S",
]
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SPADES = "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
# A Python value on the page: a dict or list as str() writes it ({'calls': [3, 3, 3, 3], ...}).
PYTHON_VALUE = re.compile(r"\{'\w+': |\[\d+, \d+")


@pytest.fixture
def dark_phone(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport=PHONE, has_touch=True, color_scheme="dark")
    context.set_default_timeout(10_000)
    yield context
    context.close()


def call_bridge_lead(owner: Any) -> ContestedHand:
    """The C9 deal with four calls of 3 made (dealer P4): P1 is on lead, and every card of P1's hand is allowed."""
    events = [{"type": "call", "seat": seat, "call": 3} for seat in range(4)]
    record = {
        "game": "call_bridge",
        "players": ["P1", "P2", "P3", "P4"],
        "dealer": 3,
        "flags": [],
        "hands": [hand.split() for hand in C9_HANDS],
        "events": events,
    }
    return ContestedHand.objects.create(owner=owner, record=record)


def boxes(locator: Any) -> list[dict[str, float]]:
    return [locator.nth(number).bounding_box() for number in range(locator.count())]


def assert_apart(cards: list[dict[str, float]]) -> None:
    """No two cards overlap or touch: a visible gap on one side or the other."""
    for a, b in combinations(cards, 2):
        apart = (
            a["x"] + a["width"] < b["x"]
            or b["x"] + b["width"] < a["x"]
            or a["y"] + a["height"] < b["y"]
            or b["y"] + b["height"] < a["y"]
        )
        assert apart, (a, b)


def assert_tappable(cards: list[dict[str, float]]) -> None:
    for card in cards:
        assert card["width"] >= 44 and card["height"] >= 44, card


def wait_until(page: Any, done: Any, seconds: float = 10) -> None:
    """Let the page's events (a routed request, a failed one) reach the test until done() holds, or fail."""
    for _ in range(int(seconds * 20)):
        if done():
            return
        page.wait_for_timeout(50)
    assert done()


def assert_axe_clean(page: Any) -> None:
    violations = Axe().run(page, options=axe_options(page)).response["violations"]
    assert [(violation["id"], [node["target"] for node in violation["nodes"]]) for violation in violations] == []


def assert_no_python_value(page: Any) -> None:
    text = page.locator("body").inner_text()
    assert not PYTHON_VALUE.search(text), PYTHON_VALUE.search(text)


def test_cb_5_1_on_a_lead_every_card_is_a_distinct_card_with_a_gap(
    phone: Any, live_server: Any, demo_user: Any, tmp_path: Path
) -> None:
    hand = call_bridge_lead(demo_user)
    page = phone.new_page()
    log_in(page, live_server)
    page.goto(f"{live_server.url}/referee/{hand.pk}/")
    allowed = page.locator("#turn button.allowed")
    assert allowed.count() == 13  # a lead: any card (CB-5.1)
    cards = boxes(allowed)
    assert_apart(cards)
    assert_tappable(cards)
    # Each shows its rank and suit; hearts are red, clubs are not.
    five = page.get_by_role("button", name="Play 5♥, allowed")
    assert five.inner_text().split() == ["5", "♥", "✓"]
    red = five.locator(".face").evaluate("e => getComputedStyle(e).color")
    black = (
        page.get_by_role("button", name="Play A♣, allowed").locator(".face").evaluate("e => getComputedStyle(e).color")
    )
    assert red != black
    page.screenshot(path=str(tmp_path / "check-a-hand-lead-390.png"), full_page=True)
    assert_axe_clean(page)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_cb_5_2_a_card_not_allowed_is_struck_crossed_and_named_so(
    phone: Any, dark_phone: Any, live_server: Any, demo_user: Any, scheme: str, tmp_path: Path
) -> None:
    hand = call_bridge_lead(demo_user)
    page = (dark_phone if scheme == "dark" else phone).new_page()
    log_in(page, live_server)
    page.goto(f"{live_server.url}/referee/{hand.pk}/")
    page.get_by_role("button", name="Play 5♥, allowed").click()
    # P2 has no heart and must play a spade (CB-5.2): ♠3 and ♠J allowed, the eleven diamonds not.
    page.get_by_role("button", name="Play 3♠, allowed").wait_for()
    # Focus goes on to the next turn's first card (P2's hand sorted: ♠J first).
    page.wait_for_function("document.activeElement.value === 'JS'")
    barred = page.locator("#turn button.not-allowed")
    assert barred.count() == 11
    for number in range(barred.count()):
        card = barred.nth(number)
        assert card.get_attribute("aria-label").endswith(", not allowed")
        assert "✕" in card.inner_text()
        assert "line-through" in card.locator(".face b").evaluate("e => getComputedStyle(e).textDecorationLine")
        assert card.evaluate("e => getComputedStyle(e).borderTopStyle") == "dashed"
    allowed = page.locator("#turn button.allowed")
    assert allowed.evaluate_all("cards => cards.map(e => getComputedStyle(e).borderTopStyle)") == ["solid", "solid"]
    cards = boxes(page.locator("#turn .cards button"))
    assert_apart(cards)
    assert_tappable(cards)
    page.screenshot(path=str(tmp_path / f"check-a-hand-follow-{scheme}-390.png"), full_page=True)
    assert_axe_clean(page)
    # A card not allowed can still be recorded, and is flagged.
    page.get_by_role("button", name="Play 9♦, not allowed").click()
    page.locator("ol.violations li").wait_for()
    assert "CB-5.2" in page.locator("ol.violations li").inner_text()
    assert_axe_clean(page)


def test_cb_3_2_the_last_hand_fills_itself_with_the_cards_left(
    phone: Any, live_server: Any, demo_user: Any, tmp_path: Path
) -> None:
    page = phone.new_page()
    log_in(page, live_server)
    page.goto(f"{live_server.url}/referee/")
    page.get_by_label("Call Bridge").check()
    for seat in range(4):
        page.fill(f"#id_player_{seat}", f"P{seat + 1}")
    page.get_by_label("The hands first, then the plays").check()  # they enter the hands
    page.get_by_role("button", name="Start recording").click()
    line = page.locator(".fill-note")
    assert line.inner_text() == "Record every other hand: the last hand then fills itself with the cards left."
    # P1's hand card by card from the pack, the next two typed.
    for code in C9_HANDS[0].split():
        label = code.replace("T", "10").replace("H", "♥").replace("C", "♣")
        page.get_by_role("button", name=label, exact=True).click()
        page.get_by_role("button", name=f"{label}, already used", exact=True).wait_for()
    assert "P2" in page.locator("#picker-title").inner_text()  # P1 is full: the taps go on to P2
    # Focus stays in the pack, on the first card still free after the last one tapped (8♣ is followed by 7♣).
    assert page.evaluate("document.activeElement.value") == "7C"
    assert_apart(boxes(page.locator("#picker .cards button")))
    for seat in (1, 2):
        page.fill(f"#hand-text-{seat}", C9_HANDS[seat])
        page.get_by_role("button", name=f"Set P{seat + 1}'s hand").click()
        page.get_by_text(f"P{seat + 1} (13 cards)").wait_for()
    page.get_by_text("P4's hand filled itself with the 13 cards left: the pack less the other hands.").wait_for()
    page.get_by_text("P4 (13 cards)").wait_for()
    record = ContestedHand.objects.get().record
    assert sorted(record["hands"][3]) == sorted(C9_HANDS[3].split())
    page.screenshot(path=str(tmp_path / "check-a-hand-filled-390.png"), full_page=True)
    assert_axe_clean(page)


def test_db_2_2_the_stock_is_chosen_by_tapping_in_order(
    phone: Any, live_server: Any, demo_user: Any, tmp_path: Path
) -> None:
    page = phone.new_page()
    log_in(page, live_server)
    page.goto(f"{live_server.url}/referee/")
    page.get_by_label("Draw Bridge").check()
    page.fill("#id_player_0", "Mara")
    page.fill("#id_player_1", "Nils")
    page.get_by_label("The hands first, then the plays").check()  # they enter the hands
    page.get_by_role("button", name="Start recording").click()
    page.fill("#hand-text-0", SPADES)
    page.get_by_role("button", name="Set Mara's hand").click()
    page.get_by_text("Mara (13 cards)").wait_for()
    page.locator(".targets a", has_text="Stock").click()
    page.get_by_text("Tap cards into the stock").wait_for()
    # The 26 cards of the stock (DB-2.2), top first: the diamonds from the two up, then the hearts from the ace.
    stock = [f"{rank}♦" for rank in RANKS] + [f"{rank}♥" for rank in reversed(RANKS)]
    for label in stock[:3]:
        page.get_by_role("button", name=label, exact=True).click()
        page.get_by_role("button", name=f"{label}, already used", exact=True).wait_for()
    page.screenshot(path=str(tmp_path / "check-a-hand-stock-390.png"), full_page=True)
    assert_axe_clean(page)
    for label in stock[3:-1]:
        page.get_by_role("button", name=label, exact=True).click()
        page.get_by_role("button", name=f"{label}, already used", exact=True).wait_for()
    page.get_by_role("button", name=stock[-1], exact=True).click()
    fill = "Nils's hand filled itself with the 13 cards left: the pack less the other hands and the stock."
    page.get_by_text(fill).first.wait_for()
    page.get_by_text("Nils (13 cards)").wait_for()
    record = ContestedHand.objects.get().record
    codes = {"10": "T", "♦": "D", "♥": "H"}
    assert record["stock"] == [re.sub("10|♦|♥", lambda m: codes[m.group()], label) for label in stock]
    assert sorted(record["hands"][1]) == sorted(f"{rank}C" for rank in "23456789TJQKA")
    assert page.locator("ol.in-order button").first.get_attribute("aria-label") == "Take 2♦ out of the stock (card 1)"
    page.screenshot(path=str(tmp_path / "check-a-hand-stock-done-390.png"), full_page=True)


def test_kj_3_3_the_turn_up_is_chosen_by_a_tap(
    dark_phone: Any, live_server: Any, demo_user: Any, tmp_path: Path
) -> None:
    record = json.loads((FIXTURES / "klaberjass" / "hand.json").read_text())
    record = {**record, "events": []}
    record.pop("turn_up")
    hand = ContestedHand.objects.create(owner=demo_user, record=record)
    page = dark_phone.new_page()
    log_in(page, live_server)
    page.goto(f"{live_server.url}/referee/{hand.pk}/")
    with page.expect_response(lambda response: "turn_up" in response.url):
        page.locator(".targets a", has_text="Turn-up card").click()
    page.get_by_text("Tap cards into the turn-up card").wait_for()
    page.get_by_role("button", name="10♥", exact=True).click()
    page.get_by_role("button", name="Take 10♥ out of the turn-up card").wait_for()
    hand.refresh_from_db()
    assert hand.record["turn_up"] == "TH"
    page.screenshot(path=str(tmp_path / "check-a-hand-turn-up-dark-390.png"), full_page=True)
    assert_axe_clean(page)


def test_a_tap_sent_before_the_last_answer_is_back_is_shown(phone: Any, live_server: Any, demo_user: Any) -> None:
    """Two taps in flight at once: the turn-up card chosen as the target, then a card tapped into it. The second
    request replaces the first (hx-sync "this:replace"): the first is aborted, and however late it would come back,
    the page ends showing the answer to the second, the newest state."""
    record = json.loads((FIXTURES / "klaberjass" / "hand.json").read_text())
    record = {**record, "events": []}
    record.pop("turn_up")
    hand = ContestedHand.objects.create(owner=demo_user, record=record)
    page = phone.new_page()
    log_in(page, live_server)
    page.goto(f"{live_server.url}/referee/{hand.pk}/")
    held: list[Any] = []
    failed: list[str] = []
    page.on("requestfailed", lambda request: failed.append(request.method))
    page.route(f"**/referee/{hand.pk}/?into=turn_up", lambda route: held.append(route))
    page.route(f"**/referee/{hand.pk}/action/", lambda route: held.append(route))
    page.locator(".targets a", has_text="Turn-up card").click()
    page.get_by_role("button", name="10♥", exact=True).click()
    wait_until(page, lambda: len(held) == 2 and len(failed) == 1)
    assert [route.request.method for route in held] == ["GET", "POST"]
    assert failed == ["GET"]  # the older request is aborted by the page as the newer one is sent
    held[1].continue_()
    page.get_by_role("button", name="Take 10♥ out of the turn-up card").wait_for()
    hand.refresh_from_db()
    assert hand.record["turn_up"] == "TH"


def test_two_quick_taps_end_with_the_second_answer_shown(phone: Any, live_server: Any, demo_user: Any) -> None:
    """A♠ then K♠ tapped into P1's empty hand before either answer is back. Both reach the server (each tap's
    request is let through to it at once, and only its answer is held back). The second tap's answer is released
    first and shown: P1 holds A♠ and K♠, 2 cards. The first tap's answer, released after it, is not shown: it
    would put back P1 with A♠ alone, 1 card."""
    record = {
        "game": "call_bridge",
        "players": ["P1", "P2", "P3", "P4"],
        "dealer": 3,
        "flags": [],
        "hands": [[], [], [], []],
        "events": [],
    }
    hand = ContestedHand.objects.create(owner=demo_user, record=record)
    page = phone.new_page()
    log_in(page, live_server)
    page.goto(f"{live_server.url}/referee/{hand.pk}/")
    answers: list[tuple[Any, Any]] = []

    def hold_the_answer(route: Any) -> None:
        answers.append((route, route.fetch()))  # the server records the tap; the page waits for its answer

    page.route(f"**/referee/{hand.pk}/action/", hold_the_answer)
    page.get_by_role("button", name="A♠", exact=True).click()
    wait_until(page, lambda: len(answers) == 1)
    page.get_by_role("button", name="K♠", exact=True).click()
    wait_until(page, lambda: len(answers) == 2)
    hand.refresh_from_db()
    assert hand.record["hands"][0] == ["AS", "KS"]
    second, first = answers[1], answers[0]
    second[0].fulfill(response=second[1])
    page.get_by_text("P1 (2 cards)").wait_for()
    first[0].fulfill(response=first[1])  # late, and to a request the page has aborted
    page.wait_for_timeout(300)  # time for a late answer to be swapped in, were it still awaited
    assert page.locator("article.dealt header").first.inner_text() == "P1 (2 cards) · tap a card to take it out"
    assert page.get_by_role("button", name="Remove K♠ from P1's hand").is_visible()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_result_and_use_this_result_are_in_words(
    phone: Any, dark_phone: Any, live_server: Any, demo_user: Any, scheme: str, tmp_path: Path
) -> None:
    from scoring.core.match import parse_match
    from scoring.services import create_match

    fixture = json.loads((FIXTURES / "call_bridge" / "hand.json").read_text())
    match_file = parse_match(
        {
            "game": "call_bridge",
            "players": fixture["players"],
            "first_dealer": fixture["dealer"],
            "target": 30,
            "deals": [],
        }
    )
    match = create_match(owner=demo_user, match_file=match_file)
    hand = ContestedHand.objects.create(owner=demo_user, match=match, deal_number=1, record=fixture)
    page = (dark_phone if scheme == "dark" else phone).new_page()
    log_in(page, live_server)
    page.goto(f"{live_server.url}/referee/{hand.pk}/")
    result = page.locator("#verdict p", has_text="Deal result")
    # The fixture's calls (3, 3, 4, 2 from the dealer Cleo's left: Dev 3, Anna 3, Ben 4, Cleo 2) in seat order.
    assert "calls 3 4 2 3" in result.inner_text()
    assert_no_python_value(page)
    page.screenshot(path=str(tmp_path / f"check-a-hand-result-{scheme}-390.png"), full_page=True)
    assert_axe_clean(page)
    page.get_by_role("button", name="Use this result in the match").click()
    page.get_by_role("heading", name="Use the referee's result?").wait_for()
    assert "calls 3 4 2 3" in page.locator("main").inner_text()
    assert_no_python_value(page)
    page.screenshot(path=str(tmp_path / f"check-a-hand-use-{scheme}-390.png"), full_page=True)
    assert_axe_clean(page)
    page.goto(f"{live_server.url}/referee/")
    assert_no_python_value(page)
    assert_axe_clean(page)


def first_turns(game: str) -> list[tuple[int, str]]:
    """(events so far, turn kind) for the first turn of each kind met while the game's fixture hand is played."""
    from referee.core.replay import replay_document

    record = json.loads((FIXTURES / game / "hand.json").read_text())
    seen: dict[str, int] = {}
    for count in range(len(record["events"]) + 1):
        turn = replay_document({**record, "events": record["events"][:count]})[1].next_turn
        if turn is not None and turn.kind not in seen:
            seen[turn.kind] = count
    return [(count, kind) for kind, count in seen.items()]


def every_referee() -> list[str]:
    from referee.core.games import REFEREES

    return [game for game in REFEREES if (FIXTURES / game / "hand.json").exists()]


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("game", every_referee())
def test_every_turn_of_every_game_is_drawn_apart_in_words_and_axe_clean(
    phone: Any, dark_phone: Any, live_server: Any, demo_user: Any, game: str, scheme: str, tmp_path: Path
) -> None:
    """Each game's fixture hand at the first turn of each kind: the cards and options apart and at least 44 px,
    no Python value, axe clean; and the hand complete, its result in words."""
    record = json.loads((FIXTURES / game / "hand.json").read_text())
    page = (dark_phone if scheme == "dark" else phone).new_page()
    log_in(page, live_server)
    stops = [*first_turns(game), (len(record["events"]), "end")]
    for count, kind in stops:
        hand = ContestedHand.objects.create(owner=demo_user, record={**record, "events": record["events"][:count]})
        page.goto(f"{live_server.url}/referee/{hand.pk}/")
        buttons = page.locator("#turn .cards button, #turn .cards label, #turn .options button")
        assert_apart(boxes(buttons))
        assert_tappable(boxes(buttons))
        assert_no_python_value(page)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        page.screenshot(path=str(tmp_path / f"check-a-hand-{game}-{kind}-{scheme}-390.png"), full_page=True)
        assert_axe_clean(page)
    assert "Deal result:" in page.locator("#verdict").inner_text()

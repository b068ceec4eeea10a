"""Draw Bridge referee (docs/rules/draw_bridge.md, R-DB-1, R-DB-2, worked example D10).
Expected values worked by hand."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.core.games.draw_bridge import REFEREE, contract_trick_winner, draw_trick_winner
from referee.core.verdict import RecordError, Verdict
from scoring.core.games.draw_bridge import GAME as SCORING
from vocabulary.cards import parse_card, standard_pack

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "draw_bridge" / "hand.json"
PLAYERS = ["Anna", "Ben"]
PACK = [card.code for card in standard_pack()]

# A deal where every draw trick is known in advance. Anna (seat 0) deals, so Ben leads the first
# draw trick (DB-3.1). Ben holds the 13 highest cards, leads them in this order and wins every draw
# trick against Anna's lower cards; so Ben draws stock[0], stock[2]... and Anna stock[1], stock[3]...
# (DB-3.5). Each plays out the cards dealt, so after the draw phase each holds exactly what was drawn.
BEN_DEALT = ["AS", "KS", "QS", "JS", "AH", "KH", "QH", "AD", "KD", "QD", "AC", "KC", "QC"]
ANNA_DEALT = ["JH", "JD", "JC", "TS", "TH", "TD", "TC", "9S", "9H", "9D", "9C", "8S", "8H"]
ANNA_DRAWS = ["7S", "6S", "5S", "7H", "6H", "5H", "7D", "6D", "5D", "7C", "6C", "5C", "8D"]
BEN_DRAWS = ["4S", "3S", "2S", "4H", "3H", "2H", "4D", "3D", "2D", "4C", "3C", "2C", "8C"]
STOCK = [card for pair in zip(BEN_DRAWS, ANNA_DRAWS, strict=True) for card in pair]


def play(seat: int, card: str) -> dict[str, Any]:
    return {"type": "play", "seat": seat, "card": card}


def draw(seat: int, card: str) -> dict[str, Any]:
    return {"type": "draw", "seat": seat, "card": card}


def call(seat: int, value: str) -> dict[str, Any]:
    return {"type": "call", "seat": seat, "call": value}


def draw_phase() -> list[dict[str, Any]]:
    """The 13 known draw tricks: Ben leads and wins each, then Ben draws and Anna draws."""
    events = []
    for number in range(13):
        events += [play(1, BEN_DEALT[number]), play(0, ANNA_DEALT[number])]
        events += [draw(1, STOCK[2 * number]), draw(0, STOCK[2 * number + 1])]
    return events


# Phase 2 of 1♠ by Anna (worked by hand): Ben leads (DB-5.1); Anna wins 12 tricks, Ben wins trick 12 with 8♣.
CONTRACT_PLAY = [
    play(1, "2S"), play(0, "5S"),
    play(0, "6S"), play(1, "3S"),
    play(0, "7S"), play(1, "4S"),
    play(0, "5H"), play(1, "2H"),
    play(0, "6H"), play(1, "3H"),
    play(0, "7H"), play(1, "4H"),
    play(0, "5D"), play(1, "2D"),
    play(0, "6D"), play(1, "3D"),
    play(0, "7D"), play(1, "4D"),
    play(0, "8D"), play(1, "2C"),  # Ben is out of diamonds: a discard that loses
    play(0, "5C"), play(1, "3C"),
    play(0, "6C"), play(1, "8C"),  # Ben's 8♣ wins and Ben leads
    play(1, "4C"), play(0, "7C"),
]  # fmt: skip


def record(
    events: list[dict[str, Any]],
    flags: list[str] | None = None,
    hands: list[list[str]] | None = None,
    stock: list[str] | None = None,
    dealer: int = 0,
) -> dict[str, Any]:
    return {
        "game": "draw_bridge",
        "players": PLAYERS,
        "dealer": dealer,
        "flags": flags or [],
        "hands": hands or [ANNA_DEALT, BEN_DEALT],
        "stock": stock or STOCK,
        "events": events,
    }


def deal_with(anna: str, ben: str, stock_top: str = "") -> dict[str, Any]:
    """Hands and stock holding the named cards; the rest of the pack fills them in pack order."""
    named = [anna.split(), ben.split(), stock_top.split()]
    rest = [code for code in PACK if not any(code in cards for cards in named)]
    hands = []
    for cards in named[:2]:
        hands.append(cards + rest[: 13 - len(cards)])
        rest = rest[13 - len(cards) :]
    return {"hands": hands, "stock": named[2] + rest}


def replay(doc: dict[str, Any]) -> Verdict:
    return REFEREE.replay(REFEREE.parse(doc))


def violations(verdict: Verdict) -> list[tuple[int, int, str]]:
    return [(v.event, v.seat, v.rule) for v in verdict.violations]


# --- D10 (§6.3), verbatim -----------------------------------------------------------------------------------

D10 = deal_with(anna="AS QD", ben="KH QC")


def test_db_6_3_d10_higher_rank_wins_whatever_the_suit() -> None:
    verdict = replay(record([play(1, "KH"), play(0, "AS")], **D10))
    first = verdict.tricks[0]
    assert (first.leader, first.winner, first.counts) == (1, 0, False)
    assert str(first.reason) == "A♠ outranks K♥, whatever the suit (DB-3.3)"
    # The dealer (winner) draws first, the top card of the stock.
    assert verdict.next_turn is not None
    assert (verdict.next_turn.seat, verdict.next_turn.kind) == (0, "draw")
    assert verdict.next_turn.allowed == (D10["stock"][0],)


def test_db_6_3_d10_then_the_loser_draws_and_the_winner_leads() -> None:
    stock = D10["stock"]
    after_first = replay(record([play(1, "KH"), play(0, "AS"), draw(0, stock[0])], **D10))
    assert after_first.next_turn is not None
    assert (after_first.next_turn.seat, after_first.next_turn.kind) == (1, "draw")
    assert after_first.next_turn.allowed == (stock[1],)
    after_draws = replay(record([play(1, "KH"), play(0, "AS"), draw(0, stock[0]), draw(1, stock[1])], **D10))
    assert after_draws.next_turn is not None
    assert (after_draws.next_turn.seat, after_draws.next_turn.kind) == (0, "play")
    assert len(after_draws.next_turn.allowed) == 13  # DB-3.2: any card of the 13


def test_db_6_3_d10_equal_ranks_the_leader_wins() -> None:
    stock = D10["stock"]
    events = [play(1, "KH"), play(0, "AS"), draw(0, stock[0]), draw(1, stock[1]), play(0, "QD"), play(1, "QC")]
    verdict = replay(record(events, **D10))
    assert verdict.violations == ()
    second = verdict.tricks[1]
    assert (second.leader, second.winner) == (0, 0)
    assert str(second.reason) == "equal ranks: the leader wins (DB-3.3, R-DB-1)"


def test_db_6_3_d10_led_suit_wins_gives_the_first_trick_to_the_non_dealer() -> None:
    verdict = replay(record([play(1, "KH"), play(0, "AS")], flags=["db_led_suit_wins"], **D10))
    assert verdict.tricks[0].winner == 1
    assert verdict.violations == ()  # following stays optional


# --- DB-3.3 / R-DB-1 draw-trick winners, every variant -----------------------------------------------------------


@pytest.mark.parametrize(
    ("lead", "follow", "flags", "winner"),
    [
        ("KH", "AS", [], 1),  # higher rank, any suit (DB-3.3)
        ("AS", "KH", [], 0),
        ("2C", "3D", [], 1),
        ("QD", "QC", [], 0),  # equal ranks: leader
        ("QC", "QD", [], 0),
        ("KH", "AS", ["db_led_suit_wins"], 0),  # off-suit never wins
        ("KH", "AH", ["db_led_suit_wins"], 1),
        ("AH", "2H", ["db_led_suit_wins"], 0),
        ("KH", "AS", ["db_must_follow_phase1"], 0),
        ("2H", "3H", ["db_must_follow_phase1"], 1),
        ("QD", "QC", ["db_suit_breaks_ties"], 0),  # ♦ over ♣
        ("QC", "QD", ["db_suit_breaks_ties"], 1),
        ("2H", "2S", ["db_suit_breaks_ties"], 1),  # ♠ highest
        ("2S", "2H", ["db_suit_breaks_ties"], 0),
        ("KH", "AS", ["db_suit_breaks_ties"], 1),  # ranks still decide first
        ("KH", "AS", ["db_show_stock_top"], 1),  # changes nothing here
    ],
)
def test_db_r1_draw_trick_winner(lead: str, follow: str, flags: list[str], winner: int) -> None:
    assert draw_trick_winner(0, parse_card(lead), parse_card(follow), frozenset(flags))[0] == winner
    # The same trick led by seat 1: the winner's role is the same.
    assert draw_trick_winner(1, parse_card(lead), parse_card(follow), frozenset(flags))[0] == 1 - winner


def test_db_r1_must_follow_phase1_flags_a_card_off_suit() -> None:
    deal = deal_with(anna="AS 2H", ben="KH")
    flagged = replay(record([play(1, "KH"), play(0, "AS")], flags=["db_must_follow_phase1"], **deal))
    assert violations(flagged) == [(2, 0, "R-DB-1")]
    assert flagged.violations[0].message == "Anna held 2♥ and had to follow suit to K♥ under db_must_follow_phase1"
    assert flagged.tricks[0].winner == 1  # the trick completes: the off-suit A♠ cannot win
    # Without the flag (DB-3.2) the same play is legal.
    assert replay(record([play(1, "KH"), play(0, "AS")], **deal)).violations == ()


def test_db_r1_must_follow_phase1_allows_only_the_led_suit() -> None:
    deal = deal_with(anna="AS 2H 9H", ben="KH")
    verdict = replay(record([play(1, "KH")], flags=["db_must_follow_phase1"], **deal))
    assert verdict.next_turn is not None
    assert verdict.next_turn.allowed == ("9H", "2H")


def test_db_r2_show_stock_top_shows_the_top_card_in_the_prompt() -> None:
    shown = replay(record([], flags=["db_show_stock_top"]))
    hidden = replay(record([]))
    assert shown.next_turn is not None and hidden.next_turn is not None
    assert shown.next_turn.prompt == "Ben to lead to draw trick 1, any card (DB-3.2); face up on the stock: 4♠ (R-DB-2)"
    assert hidden.next_turn.prompt == "Ben to lead to draw trick 1, any card (DB-3.2)"
    assert shown.next_turn.allowed == hidden.next_turn.allowed


# --- DB-3.7 draw-phase checks ----------------------------------------------------------------------------------


def test_db_3_1_the_non_dealer_leads_the_first_draw_trick() -> None:
    verdict = replay(record([play(0, "JH"), play(1, "AS")]))
    assert violations(verdict) == [(1, 0, "DB-3.1")]
    # The trick goes on with Anna's card as led: A♠ outranks J♥.
    assert (verdict.tricks[0].leader, verdict.tricks[0].winner) == (0, 1)


def test_db_3_5_the_winner_leads_the_next_draw_trick() -> None:
    events = [*draw_phase()[:4], play(0, "JD")]  # Ben won draw trick 1
    assert violations(replay(record(events))) == [(5, 0, "DB-3.5")]


def test_db_3_7_card_not_in_the_hand() -> None:
    verdict = replay(record([play(1, "2S")]))  # 2♠ is still in the stock
    assert violations(verdict) == [(1, 1, "DB-3.7")]
    assert verdict.violations[0].message == "Ben does not hold 2♠"
    assert verdict.violations[0].card == parse_card("2S")


def test_db_3_7_card_already_played() -> None:
    events = [*draw_phase()[:4], play(1, "AS")]
    verdict = replay(record(events))
    assert violations(verdict) == [(5, 1, "DB-3.7")]
    assert verdict.violations[0].message == "Ben played A♠, which was already played in draw trick 1"


def test_db_3_7_a_card_played_twice_names_the_trick_it_left_the_hand_in() -> None:
    # Ben leads A♠; Anna plays A♠ too, which she does not hold: both go to draw trick 1, which Ben wins on the tie.
    # After the draws Ben leads A♠ again: it left his hand in draw trick 1, whichever copy is looked at first.
    events = [play(1, "AS"), play(0, "AS"), draw(1, STOCK[0]), draw(0, STOCK[1]), play(1, "AS")]
    messages = [violation.message for violation in replay(record(events)).violations]
    assert messages == [
        "Anna played A♠, which was already played in draw trick 1",
        "Ben played A♠, which was already played in draw trick 1",
    ]
    # Anna leads K♠ out of turn, which Ben holds; Ben follows with it from his hand, and so it leaves his hand in
    # draw trick 1, which Anna wins on the tie. Ben plays it again to draw trick 2.
    events = [play(0, "KS"), play(1, "KS"), draw(0, STOCK[0]), draw(1, STOCK[1]), play(0, "JH"), play(1, "KS")]
    messages = [violation.message for violation in replay(record(events)).violations]
    assert messages == [
        "Anna led K♠ to draw trick 1, but it was Ben's lead",
        "Anna does not hold K♠",
        "Ben played K♠, which was already played in draw trick 1",
    ]


def test_db_3_7_a_second_card_from_the_leader_is_flagged_and_skipped() -> None:
    verdict = replay(record([play(1, "AS"), play(1, "KS"), play(0, "JH")]))
    assert violations(verdict) == [(2, 1, "DB-3.7")]
    assert verdict.tricks[0].plays == ((1, parse_card("AS")), (0, parse_card("JH")))


@pytest.mark.parametrize(
    ("draws", "expected"),
    [
        # Anna lost draw trick 1 but draws first: flagged once; each draw still takes the top card.
        ([draw(0, STOCK[0]), draw(1, STOCK[1])], [(3, 0, "DB-3.5")]),
        # Ben draws the second card, not the top one: flagged; Anna then takes the card left on top.
        ([draw(1, STOCK[1]), draw(0, STOCK[0])], [(3, 1, "DB-3.5")]),
        ([draw(1, STOCK[0]), draw(1, STOCK[1])], [(4, 1, "DB-3.5")]),  # Ben draws twice
        ([draw(1, "AS"), draw(0, STOCK[1])], [(3, 1, "DB-3.5")]),  # A♠ is not in the stock
        ([draw(1, STOCK[0]), draw(0, STOCK[1])], []),
    ],
)
def test_db_3_5_draw_order_and_top_card(draws: list[dict[str, Any]], expected: list[tuple[int, int, str]]) -> None:
    assert violations(replay(record([play(1, "AS"), play(0, "JH"), *draws]))) == expected


def test_db_3_5_a_draw_with_no_trick_before_it_is_flagged() -> None:
    assert violations(replay(record([draw(1, STOCK[0])]))) == [(1, 1, "DB-3.5")]


def test_db_3_5_playing_on_before_drawing_is_flagged_once_and_the_draws_are_made() -> None:
    events = [play(1, "AS"), play(0, "JH"), play(1, "KS"), play(0, "JD")]
    verdict = replay(record(events))
    assert violations(verdict) == [(3, 1, "DB-3.5")]
    assert verdict.violations[0].message == "Ben played K♠ before the draws after draw trick 1 (Ben, then Anna)"
    assert verdict.next_turn is not None
    assert verdict.next_turn.allowed == (STOCK[2],)  # the stock moved on by two cards


def test_db_3_6_a_call_during_the_draw_tricks_is_flagged() -> None:
    assert violations(replay(record([call(0, "1S")]))) == [(1, 0, "DB-3.6")]


# Draw trick 13 is Ben's Q♣ against Anna's 8♥: Ben wins it, so Ben draws STOCK[24] (8♣), then Anna STOCK[25] (8♦).
@pytest.mark.parametrize(
    ("left_out", "missing"),
    [(2, "Ben, then Anna"), (1, "Anna")],  # both draws left out, or only the loser's
)
def test_db_3_5_missing_draws_after_trick_13_flagged_once(left_out: int, missing: str) -> None:
    events = [*draw_phase()[:-left_out], *ONE_SPADE, *CONTRACT_PLAY]
    verdict = replay(record(events))
    first_call = FIRST_CALL - left_out
    assert violations(verdict) == [(first_call, 0, "DB-3.5")]
    assert verdict.violations[0].message == f"Anna called 1♠ before the draws after draw trick 13 ({missing})"
    # The draws are fixed by the stock order, so they are made, and the auction and the play are judged as
    # in test_db_5_complete_deal_is_scored: 1♠ by Anna, 12 tricks.
    assert verdict.complete is True
    assert verdict.deal_entry == {"declarer": 0, "level": 1, "strain": "S", "doubled": 0, "tricks": 12}


def test_db_3_5_a_call_with_the_draws_after_trick_13_missing_is_still_a_call() -> None:
    verdict = replay(record([*draw_phase()[:-2], call(0, "1S")]))
    assert violations(verdict) == [(FIRST_CALL - 2, 0, "DB-3.5")]
    assert verdict.next_turn is not None
    assert (verdict.next_turn.seat, verdict.next_turn.kind) == (1, "call")
    assert verdict.next_turn.allowed[:3] == ("pass", "double", "1NT")
    assert sorted(card.code for card in verdict.hands[0]) == sorted(ANNA_DRAWS)
    assert sorted(card.code for card in verdict.hands[1]) == sorted(BEN_DRAWS)


def test_db_3_6_a_call_before_draw_trick_13_is_still_out_of_place() -> None:
    # After draw trick 12 the auction is not due yet (DB-3.6): the call is flagged and skipped, and the
    # draws that follow it are judged normally.
    events = [*draw_phase()[:46], call(0, "1S"), *draw_phase()[46:]]
    verdict = replay(record(events))
    assert violations(verdict) == [(47, 0, "DB-3.6")]
    assert verdict.next_turn is not None
    assert (verdict.next_turn.seat, verdict.next_turn.kind) == (0, "call")


def test_db_3_6_after_the_draw_phase_each_hand_is_the_drawn_cards_and_the_dealer_calls() -> None:
    verdict = replay(record(draw_phase()))
    assert verdict.violations == ()
    assert [trick.counts for trick in verdict.tricks] == [False] * 13
    assert all(trick.winner == 1 for trick in verdict.tricks)
    assert verdict.tricks_won == (0, 0)  # DB-3.4: draw tricks do not count
    assert verdict.next_turn is not None
    assert (verdict.next_turn.seat, verdict.next_turn.kind) == (0, "call")
    assert verdict.next_turn.allowed == ("pass", "1C", "1D", "1H", "1S", "1NT", *[
        f"{level}{strain}" for level in range(2, 8) for strain in ("C", "D", "H", "S", "NT")
    ])  # fmt: skip
    assert len(verdict.next_turn.allowed) == 36  # pass and the 35 bids (R-DB-3)


# --- DB-4 auction ---------------------------------------------------------------------------------------------


def auction(*calls: dict[str, Any], flags: list[str] | None = None) -> Verdict:
    return replay(record([*draw_phase(), *calls], flags=flags))


FIRST_CALL = 53  # event number of the first call, after 52 draw-phase events


@pytest.mark.parametrize(
    ("calls", "expected"),
    [
        ([call(1, "1C")], [(FIRST_CALL, 1, "DB-4.2")]),  # the dealer calls first
        ([call(0, "2S"), call(1, "2H")], [(FIRST_CALL + 1, 1, "DB-4.1")]),  # does not outrank
        ([call(0, "2S"), call(1, "2S")], [(FIRST_CALL + 1, 1, "DB-4.1")]),
        ([call(0, "0NT")], [(FIRST_CALL, 0, "DB-4.1")]),  # no level-0 bid
        ([call(0, "double")], [(FIRST_CALL, 0, "DB-4.2")]),  # nothing to double
        ([call(0, "1S"), call(1, "pass"), call(0, "1NT")], [(FIRST_CALL + 2, 0, "DB-4.1")]),  # auction over
        ([call(0, "1S"), call(1, "redouble")], [(FIRST_CALL + 1, 1, "DB-4.2")]),  # not doubled, not own
        ([call(0, "1S"), call(1, "double"), call(0, "double")], [(FIRST_CALL + 2, 0, "DB-4.2")]),  # own bid
        ([call(0, "1S"), call(1, "double"), call(0, "redouble"), call(1, "redouble")], [(FIRST_CALL + 3, 1, "DB-4.2")]),
        ([call(0, "1S"), call(1, "double"), call(0, "redouble"), call(1, "pass")], []),
        ([call(0, "pass"), call(1, "1C"), call(0, "pass")], []),  # an opening pass does not end it
    ],
)
def test_db_4_calls(calls: list[dict[str, Any]], expected: list[tuple[int, int, str]]) -> None:
    assert violations(auction(*calls)) == expected


@pytest.mark.parametrize(
    ("calls", "rule", "message"),
    [
        ([call(0, "0NT")], "DB-4.1", "Anna bid 0NT, but the lowest bid in Draw Bridge is 1♣"),  # R-DB-3
        ([call(0, "double")], "DB-4.2", "Anna doubled, but there was no bid to double"),
        ([call(0, "1S"), call(1, "double"), call(0, "double")], "DB-4.2", "Anna doubled, but 1♠ was their own bid"),
        (
            [call(0, "1S"), call(1, "double"), call(0, "redouble"), call(1, "double")],
            "DB-4.2",
            "Ben doubled, but 1♠XX was already doubled",
        ),
        ([call(0, "1S"), call(1, "redouble")], "DB-4.2", "Ben redoubled, but 1♠ was the opponent's bid"),
        ([call(0, "1S"), call(1, "pass"), call(0, "1NT")], "DB-4.1", "Anna called 1NT, but the auction had ended"),
    ],
)
def test_db_4_refused_calls_say_why_and_leave_the_rule_to_its_field(
    calls: list[dict[str, Any]], rule: str, message: str
) -> None:
    verdict = auction(*calls)
    assert [(v.rule, v.message) for v in verdict.violations] == [(rule, message)]


def test_db_4_2_double_and_redouble_are_offered_only_when_allowed() -> None:
    after_bid = auction(call(0, "1NT"))
    assert after_bid.next_turn is not None
    assert after_bid.next_turn.allowed[:3] == ("pass", "double", "2C")
    after_double = auction(call(0, "1NT"), call(1, "double"))
    assert after_double.next_turn is not None
    assert after_double.next_turn.allowed[:3] == ("pass", "redouble", "2C")
    after_redouble = auction(call(0, "1NT"), call(1, "double"), call(0, "redouble"))
    assert after_redouble.next_turn is not None
    assert after_redouble.next_turn.allowed[:2] == ("pass", "2C")
    top = auction(call(0, "7NT"))
    assert top.next_turn is not None
    assert top.next_turn.allowed == ("pass", "double")


@pytest.mark.parametrize(
    ("calls", "contract", "declarer", "leader"),
    [
        ([call(0, "1S"), call(1, "pass")], (1, "S", 0), 0, 1),
        ([call(0, "1S"), call(1, "double"), call(0, "pass")], (1, "S", 1), 0, 1),
        ([call(0, "1S"), call(1, "double"), call(0, "redouble"), call(1, "pass")], (1, "S", 2), 0, 1),
        ([call(0, "1S"), call(1, "double"), call(0, "2S"), call(1, "pass")], (2, "S", 0), 0, 1),  # X cancelled
        ([call(0, "pass"), call(1, "3NT"), call(0, "pass")], (3, "NT", 0), 1, 0),
        ([call(0, "1C"), call(1, "1D"), call(0, "pass")], (1, "D", 0), 1, 0),
    ],
)
def test_db_4_auction_ends_on_a_pass_after_a_call_and_the_opponent_leads(
    calls: list[dict[str, Any]], contract: tuple[int, str, int], declarer: int, leader: int
) -> None:
    verdict = auction(*calls)
    assert verdict.violations == ()
    assert verdict.next_turn is not None
    assert (verdict.next_turn.seat, verdict.next_turn.kind) == (leader, "play")  # DB-5.1
    level, strain, doubled = contract
    finished = finish(record([*draw_phase(), *calls]))
    assert finished.violations == ()
    assert finished.deal_entry is not None
    entry = finished.deal_entry
    assert (entry["level"], entry["strain"], entry["doubled"], entry["declarer"]) == (level, strain, doubled, declarer)


def finish(doc: dict[str, Any]) -> Verdict:
    """Play a record to the end, each time the first card `next_turn` allows."""
    while (turn := replay(doc).next_turn) is not None:
        doc["events"].append({"type": turn.kind, "seat": turn.seat, "card": turn.allowed[0]})
    return replay(doc)


@pytest.mark.parametrize(
    ("calls", "contract"),
    [
        # Anna's 1♦ does not outrank Ben's 1♠: flagged, no effect; Ben's pass ends the auction on 1♠.
        ([call(0, "1H"), call(1, "1S"), call(0, "1D"), call(1, "pass")], (1, 1, "S", 0)),
        # Anna's 1♣ under her doubled 1♥ does not cancel the double (DB-4.2 is for a new bid).
        ([call(0, "1H"), call(1, "double"), call(0, "1C"), call(1, "pass")], (0, 1, "H", 1)),
    ],
)
def test_db_4_1_insufficient_bid_is_flagged_and_has_no_effect(
    calls: list[dict[str, Any]], contract: tuple[int, int, str, int]
) -> None:
    # The same treatment as Bridgette's (DB-4.1 takes BG-5.2 to BG-5.5): the highest legal bid is the contract.
    verdict = auction(*calls)
    assert violations(verdict) == [(FIRST_CALL + 2, 0, "DB-4.1")]
    declarer = contract[0]
    assert verdict.next_turn is not None
    assert (verdict.next_turn.seat, verdict.next_turn.kind) == (1 - declarer, "play")  # DB-5.1
    finished = finish(record([*draw_phase(), *calls]))
    assert violations(finished) == [(FIRST_CALL + 2, 0, "DB-4.1")]
    assert finished.deal_entry is not None
    entry = finished.deal_entry
    assert (entry["declarer"], entry["level"], entry["strain"], entry["doubled"]) == contract


def test_db_4_3_two_passes_pass_the_deal_out() -> None:
    verdict = auction(call(0, "pass"), call(1, "pass"))
    assert verdict.violations == ()
    assert verdict.complete is True
    assert verdict.deal_entry == {"passed_out": True}
    assert verdict.score is not None and verdict.score.points == (0, 0)
    assert verdict.next_turn is None
    assert verdict.notes == ("passed out: no score, and Ben deals next (DB-4.3)",)


def test_db_4_3_a_play_after_a_passed_out_deal_is_flagged() -> None:
    verdict = auction(call(0, "pass"), call(1, "pass"), play(1, "2S"))
    assert violations(verdict) == [(FIRST_CALL + 2, 1, "DB-4.3")]


def test_db_4_1_a_play_during_the_auction_is_flagged() -> None:
    verdict = auction(call(0, "1S"), play(1, "2S"))
    assert violations(verdict) == [(FIRST_CALL + 1, 1, "DB-4.1")]


# --- DB-5 play of the contract ---------------------------------------------------------------------------------

ONE_SPADE = [call(0, "1S"), call(1, "pass")]


def test_db_5_complete_deal_is_scored() -> None:
    verdict = replay(record([*draw_phase(), *ONE_SPADE, *CONTRACT_PLAY]))
    assert verdict.violations == ()
    assert verdict.complete is True
    assert [trick.counts for trick in verdict.tricks] == [False] * 13 + [True] * 13
    assert [trick.winner for trick in verdict.tricks[13:]] == [0] * 11 + [1, 0]
    assert verdict.tricks_won == (12, 1)
    assert verdict.deal_entry == {"declarer": 0, "level": 1, "strain": "S", "doubled": 0, "tricks": 12}
    assert verdict.score is not None
    assert verdict.score.points == (180, 0)  # 6 tricks above six × 30 (DB-6.1)
    assert verdict.next_turn is None
    assert verdict.card_points is None


def test_db_5_unfinished_deal_has_no_entry() -> None:
    verdict = replay(record([*draw_phase(), *ONE_SPADE, *CONTRACT_PLAY[:5]]))
    assert (verdict.complete, verdict.deal_entry, verdict.score) == (False, None, None)
    assert verdict.tricks[-1].winner is None
    assert verdict.tricks[-1].counts is True
    assert verdict.next_turn is not None
    assert verdict.next_turn.prompt == "Ben to play to trick 3 (1♠ by Anna)"


def test_db_5_1_the_declarers_opponent_leads() -> None:
    verdict = replay(record([*draw_phase(), *ONE_SPADE, play(0, "5S")]))
    assert violations(verdict) == [(FIRST_CALL + 2, 0, "DB-5.1")]


def test_db_5_2_follow_suit_if_able() -> None:
    events = [*draw_phase(), *ONE_SPADE, play(1, "2S"), play(0, "5H")]
    verdict = replay(record(events))
    assert violations(verdict) == [(FIRST_CALL + 3, 0, "DB-5.2")]
    assert verdict.violations[0].message == "Anna held 7♠ and had to follow suit to 2♠"
    assert verdict.tricks[-1].winner == 1  # the trick completes: 5♥ neither follows nor trumps


def test_db_5_2_follow_suit_allowed_cards() -> None:
    verdict = replay(record([*draw_phase(), *ONE_SPADE, play(1, "2H")]))
    assert verdict.next_turn is not None
    assert verdict.next_turn.allowed == ("7H", "6H", "5H")


def test_db_5_2_card_not_in_the_hand() -> None:
    verdict = replay(record([*draw_phase(), *ONE_SPADE, play(1, "7S")]))
    assert violations(verdict) == [(FIRST_CALL + 2, 1, "DB-5.2")]


def test_db_5_3_play_after_the_last_trick_is_flagged() -> None:
    verdict = replay(record([*draw_phase(), *ONE_SPADE, *CONTRACT_PLAY, play(1, "2S")]))
    assert violations(verdict) == [(FIRST_CALL + 2 + 26, 1, "DB-5.3")]
    assert verdict.complete is True


@pytest.mark.parametrize(
    ("lead", "follow", "trumps", "winner", "reason"),
    [
        ("7H", "9H", "S", 1, "9♥ is the higher heart (DB-5.3)"),
        ("7H", "2S", "S", 1, "2♠ trumps 7♥ (DB-5.3)"),
        ("7H", "AD", "S", 0, "A♦ neither follows suit nor trumps (DB-5.3)"),
        ("7H", "AS", "", 0, "A♠ neither follows suit nor trumps (DB-5.3)"),  # no trump
        ("7S", "8S", "S", 1, "8♠ is the higher trump (DB-5.3)"),
        ("KS", "8S", "S", 0, "K♠ is the higher trump (DB-5.3)"),
    ],
)
def test_db_5_3_trick_winner(lead: str, follow: str, trumps: str, winner: int, reason: str) -> None:
    won_by, why = contract_trick_winner(0, parse_card(lead), parse_card(follow), trumps)
    assert (won_by, str(why)) == (winner, reason)


# --- unreadable records ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "path"),
    [
        ({"game": "bridgette"}, "game"),
        ({"flags": ["db_led_suit_wins", "db_must_follow_phase1"]}, "flags"),  # R-DB-1: choose one
        ({"flags": ["kj_schmeiss"]}, "flags"),
        ({"hands": [ANNA_DEALT[:12], BEN_DEALT]}, "hands[0]"),
        ({"stock": STOCK[:25]}, "stock"),
        ({"stock": None}, "stock"),
        ({"stock": ["AS", *STOCK[1:]]}, "stock[0]"),  # A♠ is dealt to Ben already
        ({"stock": [*STOCK[:25], "XX"]}, "stock[25]"),
        ({"hands": [["GC", *ANNA_DEALT[1:]], BEN_DEALT]}, "hands[0][0]"),
        ({"events": [call(0, "8NT")]}, "events[0].call"),
        ({"events": [{"type": "call", "seat": 0, "call": 3}]}, "events[0].call"),
        ({"events": [{"type": "play", "seat": 1}]}, "events[0].card"),
        ({"events": [{"type": "draw", "seat": 1, "card": "GC"}]}, "events[0].card"),
        ({"events": [{"type": "bid", "seat": 1}]}, "events[0].type"),
        ({"events": [play(2, "AS")]}, "events[0].seat"),
    ],
)
def test_db_unreadable_records_name_the_path(change: dict[str, Any], path: str) -> None:
    with pytest.raises(RecordError) as caught:
        REFEREE.parse({**record([]), **change})
    assert caught.value.path == path


@pytest.mark.parametrize(("text", "normal"), [("1nt", "1NT"), ("3♠", "3S"), ("X", "double"), ("Pass", "pass")])
def test_db_calls_are_read_in_several_spellings(text: str, normal: str) -> None:
    parsed = REFEREE.parse(record([*draw_phase(), call(0, text)]))
    assert len(parsed.events) == 53  # after the 52 events of the draw phase
    last = parsed.events[-1]
    assert (last.type, last.seat, last.call.code) == ("call", 0, normal)


# --- the fixture ---------------------------------------------------------------------------------------------


def test_db_fixture_replays_legal_and_complete() -> None:
    doc = json.loads(FIXTURE.read_text())
    verdict = replay(doc)
    assert verdict.violations == ()
    assert verdict.complete is True
    assert verdict.deal_entry is not None and "declarer" in verdict.deal_entry
    deal = SCORING.parse_deal(verdict.deal_entry, frozenset(doc["flags"]))
    assert verdict.score == SCORING.score_deal(deal, doc["dealer"], frozenset(doc["flags"]), 0)


def test_db_docs_example_is_worked_example_d10() -> None:
    text = (FIXTURE.parents[2] / "docs" / "referee" / "draw_bridge.md").read_text()
    doc = json.loads(text.split("```json\n")[1].split("```")[0])
    verdict = replay(doc)
    assert verdict.violations == ()
    assert [(trick.leader, trick.winner) for trick in verdict.tricks] == [(1, 0), (0, 0)]
    assert verdict.next_turn is not None
    assert (verdict.next_turn.seat, verdict.next_turn.kind, verdict.next_turn.allowed) == (0, "draw", ("KD",))


# --- properties -----------------------------------------------------------------------------------------------

FLAG_SETS = [[], ["db_led_suit_wins"], ["db_must_follow_phase1"], ["db_suit_breaks_ties", "db_show_stock_top"]]


def random_legal_deal(seed: int, flags: list[str], dealer: int) -> dict[str, Any]:
    """A whole deal where every event is one the referee's `next_turn` allows."""
    rng = random.Random(seed)
    pack = list(PACK)
    rng.shuffle(pack)
    doc = record([], flags=flags, hands=[pack[:13], pack[13:26]], stock=pack[26:], dealer=dealer)
    while (turn := replay(doc).next_turn) is not None:
        if turn.kind == "call":
            # Pass often enough that auctions stay short; bid otherwise, doubling when allowed.
            choice = "pass" if rng.random() < 0.35 else rng.choice(turn.allowed[1:4])
            doc["events"].append(call(turn.seat, choice))
        else:
            doc["events"].append({"type": turn.kind, "seat": turn.seat, "card": rng.choice(turn.allowed)})
    return doc


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), flags=st.sampled_from(FLAG_SETS), dealer=st.integers(0, 1))
def test_db_random_legal_deals_replay_clean(seed: int, flags: list[str], dealer: int) -> None:
    doc = random_legal_deal(seed, flags, dealer)
    verdict = replay(doc)
    assert verdict.violations == ()
    assert verdict.complete is True
    assert verdict.deal_entry is not None and verdict.score is not None
    if "passed_out" in verdict.deal_entry:
        assert len(verdict.tricks) == 13 and verdict.tricks_won == (0, 0)
        return
    assert [trick.counts for trick in verdict.tricks] == [False] * 13 + [True] * 13
    assert sum(verdict.tricks_won) == 13
    played = [card for trick in verdict.tricks for _, card in trick.plays]
    assert sorted(played) == sorted(standard_pack())  # every card played exactly once
    drawn = [event["card"] for event in doc["events"] if event["type"] == "draw"]
    assert drawn == doc["stock"]  # DB-3.5: the stock is drawn in order, top first
    deal = SCORING.parse_deal(verdict.deal_entry, frozenset(flags))
    assert verdict.score == SCORING.score_deal(deal, dealer, frozenset(flags), 0)


def holding(doc: dict[str, Any], seat: int, upto: int) -> set[str]:
    """What ``seat`` holds before event ``upto`` (0-based) of a legal record: dealt + drawn - played."""
    hand = set(doc["hands"][seat])
    for event in doc["events"][:upto]:
        if event["seat"] == seat and event["type"] == "draw":
            hand.add(event["card"])
        elif event["seat"] == seat and event["type"] == "play":
            hand.discard(event["card"])
    return hand


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), flags=st.sampled_from(FLAG_SETS), pick=st.data())
def test_db_one_disallowed_card_is_flagged_at_that_event(seed: int, flags: list[str], pick: st.DataObject) -> None:
    doc = random_legal_deal(seed, flags, 0)
    plays = [index for index, event in enumerate(doc["events"]) if event["type"] == "play"]
    index = pick.draw(st.sampled_from(plays))
    before = replay({**doc, "events": doc["events"][:index]})
    assert before.next_turn is not None
    phase_two = sum(trick.winner is not None for trick in before.tricks) >= 13
    bad = pick.draw(st.sampled_from([code for code in PACK if code not in before.next_turn.allowed]))
    seat = doc["events"][index]["seat"]
    if phase_two:
        rule = "DB-5.2"  # not held, or not following suit
    elif bad in holding(doc, seat, index):
        rule = "R-DB-1"  # held, but db_must_follow_phase1 asks for the led suit
    else:
        rule = "DB-3.7"
    events = [*doc["events"][:index], play(seat, bad), *doc["events"][index + 1 :]]
    verdict = replay({**doc, "events": events})
    assert verdict.violations
    first = verdict.violations[0]
    assert (first.event, first.seat, first.rule) == (index + 1, seat, rule)

"""Bridgette referee (docs/rules/bridgette.md, R-BG-9 to R-BG-16). Expected verdicts are worked by hand."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.core.games.bridgette import (
    REFEREE,
    SETUP,
    Call,
    allowed_follows,
    allowed_leads,
    group,
    parse_call,
    trick_winner,
)
from referee.core.verdict import RecordError, Verdict
from vocabulary.cards import Card, parse_card

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "bridgette" / "hand.json"
PACK = [card.code for card in SETUP.pack]
NORTH, SOUTH = 0, 1

# B15 (docs/rules/bridgette.md): 2♥ by South, so North leads. Colons: GC Grand, RC Royal, LC Little.
B15_NORTH = ["AS", "RC", "TD", "9D", "8D", "7D", "6D", "5D", "4D", "3D", "KS", "QS", "QC"]
B15_SOUTH = ["7S", "GC", "LC", "5C", "6C", "7C", "8C", "9C", "2H", "3H", "4H", "5H", "6H"]


def card(code: str) -> Card:
    return parse_card(code)


def stock_for(hands: list[list[str]], upcard: str) -> list[str]:
    """The 29 cards the hands leave, with ``upcard`` on top (BG-3.3)."""
    used = {*hands[0], *hands[1], upcard}
    return [upcard, *(code for code in PACK if code not in used)]


def plain_exchange(dealer: int, stock: list[str], dealer_draws: int) -> list[dict[str, Any]]:
    """An exchange where each player discards exactly the cards drawn, so the hands stay as dealt."""
    other = 1 - dealer
    taken = stock[2 : 2 + dealer_draws]
    return [
        {"type": "draw", "seat": other, "cards": stock[:2]},
        {"type": "discard", "seat": other, "cards": stock[:2]},
        {"type": "draw", "seat": dealer, "cards": taken},
        {"type": "discard", "seat": dealer, "cards": taken},
    ]


def calls(first: int, *words: str) -> list[dict[str, Any]]:
    return [{"type": "call", "seat": (first + index) % 2, "call": word} for index, word in enumerate(words)]


def plays(*moves: tuple[int, str]) -> list[dict[str, Any]]:
    return [{"type": "play", "seat": seat, "card": code} for seat, code in moves]


def record(
    hands: list[list[str]],
    events: list[dict[str, Any]],
    *,
    dealer: int = 0,
    flags: tuple[str, ...] = (),
    stock: list[str] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    doc = {"game": "bridgette", "players": ["North", "South"], "dealer": dealer, "flags": list(flags)}
    doc.update(hands=hands, events=events, **extra)
    if stock is not None:
        doc["stock"] = stock
    return doc


def replay(doc: dict[str, Any]) -> Verdict:
    return REFEREE.replay(REFEREE.parse(doc))


def rules(verdict: Verdict) -> list[tuple[int, str]]:
    return [(violation.event, violation.rule) for violation in verdict.violations]


def b15(*moves: tuple[int, str], flags: tuple[str, ...] = ()) -> dict[str, Any]:
    """B15's deal: South deals and opens 2♥ (a jump, with five hearts), North passes; plays from event 7."""
    hands = [B15_NORTH, B15_SOUTH]
    stock = stock_for(hands, "2C")  # a spot upcard: the dealer draws 4
    events = [*plain_exchange(SOUTH, stock, 4), *calls(SOUTH, "2H", "pass"), *plays(*moves)]
    return record(hands, events, dealer=SOUTH, flags=flags, stock=stock)


def codes(*items: str) -> set[str]:
    return set(items)


# ---- BG-2.2 groups and the dealer's draw -----------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("AS", "ace"),
        ("AD", "ace"),
        ("GC", "ace"),
        ("KH", "face"),
        ("QC", "face"),
        ("JD", "face"),
        ("RC", "face"),
        ("TS", "spot"),
        ("2H", "spot"),
        ("9C", "spot"),
        ("LC", "spot"),
    ],
)
def test_bg_2_2_groups(code: str, expected: str) -> None:
    assert group(card(code)) == expected


@pytest.mark.parametrize(
    ("upcard", "draws"), [("2C", 4), ("TH", 4), ("LC", 4), ("JD", 8), ("KS", 8), ("RC", 8), ("AH", 12), ("GC", 12)]
)
def test_bg_4_3_dealer_draws_by_upcard_group(upcard: str, draws: int) -> None:
    plain = [code for code in PACK if code not in ("GC", "RC", "LC", upcard)]
    hands = [plain[:13], plain[13:26]]
    stock = stock_for(hands, upcard)
    verdict = replay(record(hands, plain_exchange(SOUTH, stock, draws), dealer=SOUTH, stock=stock))
    assert verdict.violations == ()
    assert verdict.next_turn is not None
    assert (verdict.next_turn.seat, verdict.next_turn.kind) == (SOUTH, "call")
    wrong = 12 if draws != 12 else 8
    verdict = replay(record(hands, plain_exchange(SOUTH, stock, wrong), dealer=SOUTH, stock=stock))
    assert rules(verdict) == [(3, "BG-4.3")]


# ---- BG-4 the exchange -------------------------------------------------------------------------------


def exchange_doc(
    events: list[dict[str, Any]], *, flags: tuple[str, ...] = (), with_stock: bool = True
) -> dict[str, Any]:
    hands = [B15_NORTH, B15_SOUTH]
    stock = stock_for(hands, "2C")
    return record(hands, events, dealer=SOUTH, flags=flags, stock=stock if with_stock else None)


STOCK = stock_for([B15_NORTH, B15_SOUTH], "2C")


def test_bg_4_2_next_turn_draws_the_stock_top() -> None:
    verdict = replay(exchange_doc([]))
    assert verdict.next_turn is not None
    assert (verdict.next_turn.seat, verdict.next_turn.kind) == (NORTH, "draw")
    assert verdict.next_turn.allowed == tuple(STOCK[:2])


@pytest.mark.parametrize(
    ("events", "expected"),
    [
        # BG-4.5.1: the non-dealer draws exactly 2
        (
            [
                {"type": "draw", "seat": NORTH, "cards": STOCK[:3]},
                {"type": "discard", "seat": NORTH, "cards": STOCK[:3]},
            ],
            [(1, "BG-4.2")],
        ),
        # a card that is not the next of the stock
        ([{"type": "draw", "seat": NORTH, "cards": [STOCK[0], STOCK[5]]}], [(1, "BG-4.2")]),
        # BG-4.1: the non-dealer exchanges first
        ([{"type": "draw", "seat": SOUTH, "cards": STOCK[2:6]}], [(1, "BG-4.1")]),
        # BG-4.5.3: 14 cards kept
        (
            [
                {"type": "draw", "seat": NORTH, "cards": STOCK[:2]},
                {"type": "discard", "seat": NORTH, "cards": STOCK[:1]},
            ],
            [(2, "BG-4.5")],
        ),
        # BG-4.5.4: discarding a card that is in the other hand
        (
            [
                {"type": "draw", "seat": NORTH, "cards": STOCK[:2]},
                {"type": "discard", "seat": NORTH, "cards": ["7S", STOCK[0]]},
            ],
            [(2, "BG-4.5")],
        ),
        # drawing twice
        (
            [
                {"type": "draw", "seat": NORTH, "cards": STOCK[:2]},
                {"type": "draw", "seat": NORTH, "cards": STOCK[:2]},
            ],
            [(2, "BG-4.2")],
        ),
    ],
)
def test_bg_4_5_exchange_checks(events: list[dict[str, Any]], expected: list[tuple[int, str]]) -> None:
    assert rules(replay(exchange_doc(events))) == expected


@pytest.mark.parametrize(
    ("flags", "north_draws", "south_draws", "expected"),
    [
        # North takes the top three (upcard first, R-BG-9): only that draw is wrong (BG-4.2). The stock then
        # starts at STOCK[3], and the upcard 2♣ is a spot card, so South rightly takes STOCK[3:7] (BG-4.3).
        ((), STOCK[:3], STOCK[3:7], [(1, "BG-4.2")]),
        # Under bg_upcard_to_dealer North takes the three below the upcard; South takes the upcard and the
        # next three left, STOCK[4:7].
        (("bg_upcard_to_dealer",), STOCK[1:4], [STOCK[0], *STOCK[4:7]], [(1, "BG-4.2")]),
        # North takes the upcard and STOCK[5]: the stock left is STOCK[1:5], STOCK[6]..., and South takes those four.
        ((), [STOCK[0], STOCK[5]], STOCK[1:5], [(1, "BG-4.2")]),
    ],
)
def test_bg_4_3_dealer_draw_is_judged_from_what_the_stock_has_left(
    flags: tuple[str, ...], north_draws: list[str], south_draws: list[str], expected: list[tuple[int, str]]
) -> None:
    events = [
        {"type": "draw", "seat": NORTH, "cards": north_draws},
        {"type": "discard", "seat": NORTH, "cards": north_draws},
    ]
    turn = replay(exchange_doc(events, flags=flags)).next_turn
    assert turn is not None
    assert (turn.seat, turn.kind, turn.allowed) == (SOUTH, "draw", tuple(south_draws))
    events += [
        {"type": "draw", "seat": SOUTH, "cards": south_draws},
        {"type": "discard", "seat": SOUTH, "cards": south_draws},
    ]
    assert rules(replay(exchange_doc(events, flags=flags))) == expected


def test_bg_4_1_a_dealer_drawing_first_leaves_the_non_dealers_two_cards() -> None:
    # South (the dealer) draws first, out of turn, but takes the four below North's two: one slip, one flag.
    events = [
        {"type": "draw", "seat": SOUTH, "cards": STOCK[2:6]},
        {"type": "draw", "seat": NORTH, "cards": STOCK[:2]},
    ]
    assert rules(replay(exchange_doc(events))) == [(1, "BG-4.1")]


def test_bg_4_3_a_draw_seen_only_as_a_count_takes_the_top_of_the_stock() -> None:
    # North's three cards were not seen: they are taken to be the top three, so South's draw starts at STOCK[3].
    events = [
        {"type": "draw", "seat": NORTH, "count": 3},
        {"type": "discard", "seat": NORTH, "count": 3},
        {"type": "draw", "seat": SOUTH, "cards": STOCK[3:7]},
        {"type": "discard", "seat": SOUTH, "cards": STOCK[3:7]},
    ]
    assert rules(replay(exchange_doc(events))) == [(1, "BG-4.2")]


def test_bg_4_5_drawn_card_already_in_a_hand_without_stock() -> None:
    events = [{"type": "draw", "seat": NORTH, "cards": ["2C", "7S"]}]
    verdict = replay(exchange_doc(events, with_stock=False))
    assert rules(verdict) == [(1, "BG-4.5")]
    assert "7♠" in verdict.violations[0].message
    assert "South's hand" in verdict.violations[0].message


def test_bg_4_3_upcard_from_first_drawn_card_without_stock() -> None:
    # No stock recorded: the non-dealer's first card is the upcard (R-BG-9), here K♦, a face card: 8 cards.
    events = [
        {"type": "draw", "seat": NORTH, "cards": ["KD", "2C"]},
        {"type": "discard", "seat": NORTH, "cards": ["KD", "2C"]},
        {"type": "draw", "seat": SOUTH, "cards": ["AC", "3C", "4C", "2S"]},
    ]
    assert rules(replay(exchange_doc(events, with_stock=False))) == [(3, "BG-4.3")]


def test_r_bg_9_upcard_to_dealer() -> None:
    flagged = [
        {"type": "draw", "seat": NORTH, "cards": STOCK[1:3]},
        {"type": "discard", "seat": NORTH, "cards": STOCK[1:3]},
        {"type": "draw", "seat": SOUTH, "cards": [STOCK[0], *STOCK[3:6]]},
        {"type": "discard", "seat": SOUTH, "cards": [STOCK[0], *STOCK[3:6]]},
    ]
    assert rules(replay(exchange_doc(flagged, flags=("bg_upcard_to_dealer",)))) == []
    # Under the default rules North should have taken the upcard; South then takes the top four of what
    # North left (the upcard and STOCK[3:6]), which is right (BG-4.3): only North's draw is flagged.
    assert [rule for _, rule in rules(replay(exchange_doc(flagged)))] == ["BG-4.2"]
    # Under the variant North took the upcard, which was the dealer's; South then takes STOCK[2:6], the top
    # four of what North left: only North's draw is flagged.
    default = plain_exchange(SOUTH, STOCK, 4)
    assert [rule for _, rule in rules(replay(exchange_doc(default, flags=("bg_upcard_to_dealer",))))] == ["R-BG-9"]
    turn = replay(exchange_doc([], flags=("bg_upcard_to_dealer",))).next_turn
    assert turn is not None
    assert turn.allowed == tuple(STOCK[1:3])


def test_bg_4_1_auction_before_exchange_is_flagged() -> None:
    verdict = replay(exchange_doc(calls(SOUTH, "2H")))
    assert rules(verdict) == [(1, "BG-4.1")]


# ---- BG-5 the auction ---------------------------------------------------------------------------------

# North deals. North: 1 spade, 3 hearts, 4 diamonds, 4 clubs and the Grand Colon. South: 12 spades, Royal Colon.
A_NORTH = ["AS", "2H", "3H", "4H", "2D", "3D", "4D", "5D", "2C", "3C", "4C", "5C", "GC"]
A_SOUTH = ["KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S", "RC"]
# Three cards in every suit, no four-card suit.
FLAT = ["AS", "KS", "QS", "AH", "KH", "QH", "AD", "KD", "QD", "AC", "KC", "QC", "LC"]


def auction(
    *words: str, flags: tuple[str, ...] = (), north: list[str] = A_NORTH, south: list[str] = A_SOUTH
) -> Verdict:
    hands = [north, south]
    stock = stock_for(hands, "9H")
    return replay(record(hands, [*plain_exchange(NORTH, stock, 4), *calls(NORTH, *words)], flags=flags, stock=stock))


def auction_rules(verdict: Verdict) -> list[tuple[int, str]]:
    return [(event - 4, rule) for event, rule in rules(verdict)]  # numbered from the first call


@pytest.mark.parametrize(
    ("words", "expected"),
    [
        (("1S",), [(1, "BG-5.6")]),  # one spade; the Grand Colon does not count (BG-5.6 e)
        (("1H",), []),
        (("2H",), [(1, "BG-5.6")]),  # an opening jump in hearts with three hearts
        (("2D",), []),  # a jump with four diamonds
        (("0NT",), []),
        (("3NT",), []),  # a no-trump jump needs only a card in each suit (R-BG-12)
        (("pass", "1NT"), [(2, "BG-5.6")]),  # South has no hearts, diamonds or clubs
        (("pass", "1S", "2H"), []),  # 2♥ is the cheapest heart bid over 1♠: not a jump
        (("pass", "1S", "3H"), [(3, "BG-5.6")]),  # a jump
        (("pass", "4S", "4H"), [(3, "BG-5.2")]),  # does not outrank 4♠
    ],
)
def test_bg_5_6_bidding_requirements(words: tuple[str, ...], expected: list[tuple[int, str]]) -> None:
    assert auction_rules(auction(*words)) == expected


@pytest.mark.parametrize(
    ("words", "north", "default", "strict"),
    [
        (("1H",), A_NORTH, [], [(1, "R-BG-12")]),  # not the next step (0NT): a jump, three hearts
        (("1C",), A_NORTH, [], []),  # a jump under the variant, but four clubs
        (("pass", "1S", "2H"), A_NORTH, [], [(3, "R-BG-12")]),  # 1NT was the next step
        (("1NT",), FLAT, [], [(1, "R-BG-12")]),  # a no-trump jump needs a four-card suit
        (("0NT",), FLAT, [], []),  # the next step is never a jump
    ],
)
def test_r_bg_12_strict_jump(
    words: tuple[str, ...], north: list[str], default: list[tuple[int, str]], strict: list[tuple[int, str]]
) -> None:
    south = [code for code in PACK if code not in north and code != "9H"][:13]
    assert auction_rules(auction(*words, north=north, south=south)) == default
    assert auction_rules(auction(*words, north=north, south=south, flags=("bg_strict_jump",))) == strict


@pytest.mark.parametrize(
    ("words", "expected"),
    [
        (("double",), [(1, "BG-5.4")]),  # nothing to double
        (("1H", "pass"), []),
        (("1H", "redouble"), [(2, "BG-5.4")]),  # not South's bid, and not doubled
        (("pass", "1S", "pass"), []),
        (("pass", "1S", "double", "redouble", "pass"), []),
        (("pass", "1S", "double", "double"), [(4, "BG-5.4")]),  # South doubles South's own bid
        (("1H", "double", "double"), [(3, "BG-5.4")]),  # own bid
        (("1H", "double", "2H", "double"), []),  # the new bid cancelled the double (R-BG-11)
    ],
)
def test_bg_5_4_double_and_redouble(words: tuple[str, ...], expected: list[tuple[int, str]]) -> None:
    assert auction_rules(auction(*words)) == expected


def finish_plays(doc: dict[str, Any]) -> Verdict:
    """Play a record to the end, each time the first card `next_turn` allows."""
    while (turn := replay(doc).next_turn) is not None:
        assert turn.kind == "play"
        doc["events"].append({"type": "play", "seat": turn.seat, "card": turn.allowed[0]})
    return replay(doc)


@pytest.mark.parametrize(
    ("words", "expected", "contract"),
    [
        # North's 1♦ does not outrank South's 1♠: flagged, no effect; South's pass then ends the auction on 1♠.
        (("1H", "1S", "1D", "pass"), [(3, "BG-5.2")], (SOUTH, 1, "S", 0)),
        # North's 1♣ under the doubled 1♥ does not cancel the double (R-BG-11 is for a new bid).
        (("1H", "double", "1C", "pass"), [(3, "BG-5.2")], (NORTH, 1, "H", 1)),
        # North's 1♠ (one spade) is not checked against the hand: it is not a bid that counts (BG-5.6).
        (("1H", "2S", "1S", "pass"), [(3, "BG-5.2")], (SOUTH, 2, "S", 0)),
    ],
)
def test_bg_5_2_insufficient_bid_is_flagged_and_has_no_effect(
    words: tuple[str, ...], expected: list[tuple[int, str]], contract: tuple[int, int, str, int]
) -> None:
    hands = [A_NORTH, A_SOUTH]
    stock = stock_for(hands, "9H")
    doc = record(hands, [*plain_exchange(NORTH, stock, 4), *calls(NORTH, *words)], stock=stock)
    declarer = contract[0]
    turn = replay(doc).next_turn
    assert turn is not None
    assert (turn.seat, turn.kind) == (1 - declarer, "play")  # BG-6.1: the declarer's opponent leads
    verdict = finish_plays(doc)
    assert auction_rules(verdict) == expected
    assert verdict.deal_entry is not None
    entry = verdict.deal_entry
    assert (entry["declarer"], entry["level"], entry["strain"], entry["doubled"]) == contract


def test_bg_5_2_after_an_insufficient_bid_the_auction_goes_on_over_the_current_bid() -> None:
    turn = auction("1H", "1S", "1D").next_turn
    assert turn is not None
    assert (turn.seat, turn.kind) == (SOUTH, "call")  # the turn passes on, as after every call (BG-5.3)
    assert "double" not in turn.allowed  # 1♠ is South's own bid; North's 1♦ is not there to double
    assert "2S" in turn.allowed


def test_bg_5_3_dealer_calls_first() -> None:
    hands = [A_NORTH, A_SOUTH]
    stock = stock_for(hands, "9H")
    doc = record(hands, [*plain_exchange(NORTH, stock, 4), *calls(SOUTH, "1S")], stock=stock)
    assert rules(replay(doc)) == [(5, "BG-5.3")]


def test_bg_5_5_opening_pass_does_not_end_the_auction() -> None:
    turn = auction("pass").next_turn
    assert turn is not None
    assert (turn.seat, turn.kind) == (SOUTH, "call")
    assert "1S" in turn.allowed
    assert "1NT" not in turn.allowed  # South holds no hearts (BG-5.6 b)
    assert "double" not in turn.allowed


def test_bg_5_5_pass_after_bid_ends_and_opponent_leads() -> None:
    verdict = auction("pass", "1S", "pass")
    assert verdict.next_turn is not None
    assert (verdict.next_turn.seat, verdict.next_turn.kind) == (NORTH, "play")


def test_r_bg_10_two_passes_pass_the_deal_out() -> None:
    verdict = auction("pass", "pass")
    assert verdict.complete
    assert verdict.next_turn is None
    assert verdict.deal_entry == {"passed_out": True}
    assert verdict.score is not None
    assert verdict.score.points == (0, 0)
    late = auction("pass", "pass", "1H")
    assert auction_rules(late) == [(3, "BG-5.5")]


def test_bg_5_4_next_turn_offers_double_and_redouble() -> None:
    turn = auction("1H").next_turn
    assert turn is not None
    assert "double" in turn.allowed
    assert "redouble" not in turn.allowed
    turn = auction("1H", "double").next_turn
    assert turn is not None
    assert turn.seat == NORTH
    assert "redouble" in turn.allowed
    assert "double" not in turn.allowed


def test_r_bg_13_unrecorded_hand_bid_is_noted_not_rejected() -> None:
    stock = stock_for([A_NORTH, A_SOUTH], "9H")
    events = [*plain_exchange(NORTH, stock, 4), *calls(NORTH, "pass", "7NT")]
    verdict = replay(record([A_NORTH, []], events, stock=stock))
    assert verdict.violations == ()
    assert any("unverified" in note and "7NT" in note for note in verdict.notes)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("pass", Call("pass")),
        ("Double", Call("double")),
        ("XX", Call("redouble")),
        ("0NT", Call("bid", 0, "NT")),
        ("1c", Call("bid", 1, "C")),
        ("4♠", Call("bid", 4, "S")),
        ("7NT", Call("bid", 7, "NT")),
    ],
)
def test_bg_5_1_calls_read(text: str, expected: Call) -> None:
    assert parse_call(text, "call") == expected


@pytest.mark.parametrize("text", ["0S", "8C", "1X", "bid", "", 3])
def test_bg_5_1_bad_calls_cannot_be_read(text: Any) -> None:
    with pytest.raises(RecordError):
        parse_call(text, "call")


# ---- BG-6 play: the B15 worked example, verbatim -------------------------------------------------------


def test_b15_trick_1_grand_colon_on_ace_is_legal_and_blocks_spades() -> None:
    verdict = replay(b15((NORTH, "AS"), (SOUTH, "GC")))
    assert verdict.violations == ()
    trick = verdict.tricks[0]
    assert trick.winner == NORTH
    assert "BG-6.5" in str(trick.reason)
    turn = verdict.next_turn
    assert turn is not None
    assert turn.seat == NORTH
    assert codes(*turn.allowed) == set(B15_NORTH) - {"AS", "KS", "QS"}


def test_verdict_hands_are_what_each_seat_holds_now() -> None:
    verdict = replay(b15((NORTH, "AS"), (SOUTH, "GC")))
    assert [{item.code for item in hand} for hand in verdict.hands] == [
        set(B15_NORTH) - {"AS"},
        set(B15_SOUTH) - {"GC"},
    ]
    stock = stock_for([A_NORTH, A_SOUTH], "9H")
    unrecorded = replay(record([A_NORTH, []], plain_exchange(NORTH, stock, 4), stock=stock))
    assert unrecorded.hands[1] == ()
    assert len(unrecorded.hands[0]) == 13


def test_b15_trick_2_royal_colon_lead_is_legal_and_wins_over_5c() -> None:
    verdict = replay(b15((NORTH, "AS"), (SOUTH, "GC"), (NORTH, "RC"), (SOUTH, "5C")))
    assert verdict.violations == ()
    assert verdict.tricks[1].winner == NORTH
    turn = verdict.next_turn
    assert turn is not None
    assert codes(*turn.allowed) == set(B15_NORTH) - {"AS", "RC"}  # a colon lead creates no block


def test_b15_trick_2_a_trump_would_have_won() -> None:
    verdict = replay(b15((NORTH, "AS"), (SOUTH, "GC"), (NORTH, "RC"), (SOUTH, "2H")))
    assert verdict.violations == ()
    assert verdict.tricks[1].winner == SOUTH


def test_b15_trick_3_any_card_or_little_colon_and_block_on_diamonds() -> None:
    moves = [(NORTH, "AS"), (SOUTH, "GC"), (NORTH, "RC"), (SOUTH, "5C"), (NORTH, "TD")]
    turn = replay(b15(*moves)).next_turn
    assert turn is not None
    assert turn.seat == SOUTH
    assert codes(*turn.allowed) == set(B15_SOUTH) - {"GC", "5C"}  # hearts, clubs, 7♠, Little Colon
    verdict = replay(b15(*moves, (SOUTH, "LC"), (NORTH, "9D")))
    assert verdict.tricks[2].winner == NORTH
    assert rules(verdict) == [(13, "BG-6.5")]
    assert replay(b15(*moves, (SOUTH, "LC"), (NORTH, "KS"))).violations == ()


def test_b15_illegal_grand_colon_on_queen_of_clubs() -> None:
    verdict = replay(b15((NORTH, "QC"), (SOUTH, "GC")))
    assert rules(verdict) == [(8, "BG-6.2")]
    assert "had to follow suit to Q♣" in verdict.violations[0].message
    assert verdict.violations[0].card == card("GC")
    turn = replay(b15((NORTH, "QC"))).next_turn
    assert turn is not None
    assert codes(*turn.allowed) == {"5C", "6C", "7C", "8C", "9C"}


def test_r_bg_14_colon_only_when_void() -> None:
    flags = ("bg_colon_only_when_void",)
    verdict = replay(b15((NORTH, "AS"), (SOUTH, "GC"), flags=flags))
    assert rules(verdict) == [(8, "R-BG-14")]
    # void in diamonds: the Little Colon is still allowed on 10♦
    moves = [(NORTH, "AS"), (SOUTH, "7S"), (NORTH, "TD"), (SOUTH, "LC")]
    assert replay(b15(*moves, flags=flags)).violations == ()


def test_r_bg_15_block_requires_suit_lead() -> None:
    moves = [(NORTH, "AS"), (SOUTH, "GC"), (NORTH, "RC")]
    flags = ("bg_block_requires_suit_lead",)
    assert replay(b15(*moves)).violations == ()
    assert rules(replay(b15(*moves, flags=flags))) == [(9, "R-BG-15")]
    turn = replay(b15(*moves[:2], flags=flags)).next_turn
    assert turn is not None
    assert codes(*turn.allowed) == set(B15_NORTH) - {"AS", "KS", "QS", "RC"}


def test_bg_6_5_block_lapses_when_only_the_blocked_suit_is_left() -> None:
    assert [code.code for code in allowed_leads([card("KS"), card("QS")], "S", frozenset())] == ["KS", "QS"]
    flags = frozenset({"bg_block_requires_suit_lead"})
    assert {code.code for code in allowed_leads([card("KS"), card("RC")], "S", flags)} == {"KS", "RC"}
    assert [code.code for code in allowed_leads([card("KS"), card("RC")], "S", frozenset())] == ["RC"]


@pytest.mark.parametrize(
    ("hand", "lead", "expected"),
    [
        (["RC"], "9H", ["RC"]),  # a forced non-matching colon
        (["RC", "LC"], "9H", ["LC"]),  # the matching colon is not forced out by the other
        (["RC", "2S"], "9H", ["2S"]),
        (["RC", "2H", "LC"], "9H", ["2H", "LC"]),
        (["2H", "3D"], "GC", ["2H", "3D"]),  # anything on a colon lead
    ],
)
def test_bg_6_2_allowed_follows(hand: list[str], lead: str, expected: list[str]) -> None:
    allowed = allowed_follows([card(code) for code in hand], card(lead), frozenset())
    assert [item.code for item in allowed] == expected


@pytest.mark.parametrize(
    ("lead", "follow", "trump", "follower_wins", "rule"),
    [
        ("AS", "GC", "H", False, "BG-6.3"),
        ("TD", "2H", "H", True, "BG-6.3"),
        ("TD", "5C", "H", False, "BG-6.3"),
        ("TD", "QD", None, True, "BG-6.3"),
        ("5H", "2H", "H", False, "BG-6.3"),
        ("RC", "5C", "H", False, "BG-6.4"),
        ("RC", "KD", "H", True, "BG-6.4"),  # B15: K♦ is a face card
        ("RC", "2H", "H", True, "BG-6.4"),  # B15: 2♥ is a trump
        ("LC", "TD", None, True, "BG-6.4"),  # any 2 to 10 catches the Little Colon
        ("GC", "AS", None, True, "BG-6.4"),
        ("LC", "AS", None, False, "BG-6.4"),  # in no trump only the group wins
        ("LC", "GC", "S", False, "R-BG-16"),  # a colon on a colon lead loses
    ],
)
def test_bg_6_3_and_6_4_trick_winner(lead: str, follow: str, trump: str | None, follower_wins: bool, rule: str) -> None:
    wins, reason = trick_winner(card(lead), card(follow), trump)
    assert wins is follower_wins
    assert str(reason).endswith(f"({rule})")


@pytest.mark.parametrize(
    ("moves", "expected"),
    [
        (((SOUTH, "7S"),), [(7, "BG-6.1")]),  # the declarer's opponent leads
        (((NORTH, "AS"), (SOUTH, "2H")), [(8, "BG-6.2")]),  # South holds 7♠
        (((NORTH, "AH"),), [(7, "BG-6.6")]),  # not held
        (((NORTH, "AS"), (SOUTH, "7S"), (NORTH, "AS")), [(9, "BG-4.5")]),  # already played
        (((NORTH, "2C"),), [(7, "BG-4.4")]),  # the upcard was drawn and discarded
        (((NORTH, "7S"),), [(7, "BG-4.5")]),  # in South's hand
    ],
)
def test_bg_6_6_play_checks(moves: tuple[tuple[int, str], ...], expected: list[tuple[int, str]]) -> None:
    assert rules(replay(b15(*moves))) == expected


def test_bg_6_2_message_names_player_and_card() -> None:
    verdict = replay(b15((NORTH, "AS"), (SOUTH, "2H")))
    # The rule is the violation's own field, shown beside the message; the message does not cite it.
    assert (verdict.violations[0].rule, verdict.violations[0].message) == (
        "BG-6.2",
        "South held 7♠ and had to follow suit to A♠",
    )


def test_bg_6_1_an_illegal_play_does_not_stop_the_replay() -> None:
    verdict = replay(b15((NORTH, "AS"), (SOUTH, "2H"), (SOUTH, "6H"), (NORTH, "KS")))
    # 2♥ trumped the ace (illegally) and won; South leads 6♥ to trick 2 and North, void in hearts, plays K♠.
    assert rules(verdict) == [(8, "BG-6.2")]
    assert [trick.winner for trick in verdict.tricks] == [SOUTH, SOUTH]
    assert verdict.tricks_won == (0, 2)


def test_bg_5_5_play_before_the_auction_ends() -> None:
    hands = [B15_NORTH, B15_SOUTH]
    stock = stock_for(hands, "2C")
    events = [*plain_exchange(SOUTH, stock, 4), *calls(SOUTH, "2H"), *plays((NORTH, "AS"))]
    assert rules(replay(record(hands, events, dealer=SOUTH, stock=stock))) == [(6, "BG-5.5")]


# ---- A whole deal: the fixture -------------------------------------------------------------------------


def test_fixture_replays_legal_and_scores() -> None:
    doc = json.loads(FIXTURE.read_text())
    verdict = replay(doc)
    assert verdict.violations == ()
    assert verdict.complete
    assert verdict.next_turn is None
    assert sum(verdict.tricks_won) == 13
    # 2♠ redoubled by Anna, 9 tricks: one over, so V 250 × 4 + insult 1000 = 2000 (BG-7.1).
    assert verdict.deal_entry == {"declarer": 0, "level": 2, "strain": "S", "doubled": 2, "tricks": 9}
    assert verdict.tricks_won == (9, 4)
    assert verdict.score is not None
    assert verdict.score.points == (2000, 0)
    # trick 2: Anna's Little Colon on 3♠ blocks spades for Ben; trick 13: a forced Royal Colon on 9♥, no block
    assert "BG-6.5" in str(verdict.tricks[1].reason)
    assert "BG-6.5" not in str(verdict.tricks[12].reason)
    after = {**doc, "events": [*doc["events"], {"type": "play", "seat": 0, "card": "2C"}]}
    assert rules(replay(after)) == [(len(doc["events"]) + 1, "BG-6.1")]


# ---- Reading records -----------------------------------------------------------------------------------


def good_doc() -> dict[str, Any]:
    return b15((NORTH, "AS"))


@pytest.mark.parametrize(
    ("change", "path"),
    [
        ({"game": "klaberjass"}, "game"),
        ({"hands": [B15_NORTH[:12], B15_SOUTH]}, "hands[0]"),
        ({"hands": [B15_NORTH, [*B15_SOUTH[:12], "AS"]]}, "hands[1][12]"),
        ({"stock": STOCK[:28]}, "stock"),
        ({"upcard": "3C"}, "upcard"),
        ({"events": [{"type": "call", "seat": 1, "call": "0S"}]}, "events[0].call"),
        ({"events": [{"type": "draw", "seat": 0}]}, "events[0].cards"),
        ({"events": [{"type": "draw", "seat": 0, "cards": ["2C"], "count": 2}]}, "events[0].count"),
        ({"events": [{"type": "play", "seat": 0, "card": "1Z"}]}, "events[0].card"),
        ({"events": [{"type": "play", "seat": 2, "card": "AS"}]}, "events[0].seat"),
        ({"events": [{"type": "bid", "seat": 0}]}, "events[0].type"),
    ],
)
def test_unreadable_records_name_the_path(change: dict[str, Any], path: str) -> None:
    with pytest.raises(RecordError) as caught:
        REFEREE.parse({**good_doc(), **change})
    assert caught.value.path == path


def test_counts_only_exchange_leaves_the_hand_unchecked() -> None:
    stock = stock_for([A_NORTH, A_SOUTH], "9H")
    events = [
        {"type": "draw", "seat": SOUTH, "count": 2},
        {"type": "discard", "seat": SOUTH, "count": 2},
        *plain_exchange(NORTH, stock, 4)[2:],
        *calls(NORTH, "pass", "3H"),
    ]
    verdict = replay(record([A_NORTH, A_SOUTH], events, stock=stock))
    assert verdict.violations == ()
    assert any("unverified" in note for note in verdict.notes)


# ---- Properties: random legal deals, and one play mutated -----------------------------------------------

REFEREE_FLAGS = ["bg_upcard_to_dealer", "bg_strict_jump", "bg_colon_only_when_void", "bg_block_requires_suit_lead"]


def random_deal(seed: int, dealer: int, flags: tuple[str, ...]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Play a deal choosing only from next_turn.allowed; also return what each play could have been."""
    rng = random.Random(seed)
    pack = list(PACK)
    rng.shuffle(pack)
    hands: list[list[str]] = [[], []]
    hands[1 - dealer], hands[dealer] = pack[0:26:2], pack[1:26:2]
    doc = record([list(hand) for hand in hands], [], dealer=dealer, flags=flags, stock=pack[26:])
    held = [list(hand) for hand in hands]
    choices: list[dict[str, Any]] = []
    bids_made = 0
    while True:
        verdict = replay(doc)
        assert verdict.violations == ()
        turn = verdict.next_turn
        if turn is None:
            return doc, choices
        seat = turn.seat
        if turn.kind == "draw":
            held[seat] += turn.allowed
            doc["events"].append({"type": "draw", "seat": seat, "cards": list(turn.allowed)})
        elif turn.kind == "discard":
            out = rng.sample(sorted(turn.allowed), len(held[seat]) - 13)
            held[seat] = [code for code in held[seat] if code not in out]
            doc["events"].append({"type": "discard", "seat": seat, "cards": out})
        elif turn.kind == "call":
            bids = [word for word in turn.allowed if word[0].isdigit()]
            extra = [word for word in turn.allowed if word in ("double", "redouble")]
            if bids and bids_made == 0 and rng.random() < 0.9:
                word = rng.choice(bids[:12])
            elif rng.random() < 0.6:
                word = "pass"
            elif extra:
                word = extra[0]
            else:
                word = rng.choice(bids[:4]) if bids else "pass"
            bids_made += word[0].isdigit()
            doc["events"].append({"type": "call", "seat": seat, "call": word})
        else:
            leading = not verdict.tricks or verdict.tricks[-1].winner is not None
            lead = None if leading else verdict.tricks[-1].plays[0][1]
            choices.append(
                {
                    "event": len(doc["events"]),
                    "seat": seat,
                    "hand": list(held[seat]),
                    "allowed": turn.allowed,
                    "lead": lead,
                }
            )
            code = rng.choice(turn.allowed)
            held[seat].remove(code)
            doc["events"].append({"type": "play", "seat": seat, "card": code})


@settings(max_examples=50, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 1), st.frozensets(st.sampled_from(REFEREE_FLAGS)))
def test_random_legal_deals_replay_clean(seed: int, dealer: int, flags: frozenset[str]) -> None:
    doc, _ = random_deal(seed, dealer, tuple(sorted(flags)))
    verdict = replay(doc)
    assert verdict.violations == ()
    assert verdict.complete
    played = [play[1] for trick in verdict.tricks for play in trick.plays]
    assert len(played) == len(set(played))
    if verdict.deal_entry == {"passed_out": True}:
        assert played == []
    else:
        assert len(played) == 26
        assert sum(verdict.tricks_won) == 13
        assert [trick.winner for trick in verdict.tricks].count(0) == verdict.tricks_won[0]
        assert verdict.deal_entry is not None
        assert verdict.deal_entry["tricks"] == verdict.tricks_won[verdict.deal_entry["declarer"]]


@settings(max_examples=50, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 1), st.frozensets(st.sampled_from(REFEREE_FLAGS)), st.data())
def test_a_disallowed_play_is_flagged_at_that_event(
    seed: int, dealer: int, flags: frozenset[str], data: st.DataObject
) -> None:
    doc, choices = random_deal(seed, dealer, tuple(sorted(flags)))
    open_choices = [choice for choice in choices if set(choice["hand"]) - set(choice["allowed"])]
    if not open_choices:
        return
    choice = data.draw(st.sampled_from(open_choices))
    bad = data.draw(st.sampled_from(sorted(set(choice["hand"]) - set(choice["allowed"]))))
    events = [dict(event) for event in doc["events"]]
    events[choice["event"]]["card"] = bad
    verdict = replay({**doc, "events": events})
    first = verdict.violations[0]
    bad_card = card(bad)
    lead = choice["lead"]
    if lead is None:
        expected = "R-BG-15" if bad_card.is_colon else "BG-6.5"
    elif bad_card.is_colon and group(bad_card) == group(lead) and "bg_colon_only_when_void" in flags:
        expected = "R-BG-14"
    else:
        expected = "BG-6.2"
    assert (first.event, first.seat, first.rule, first.card) == (
        choice["event"] + 1,
        choice["seat"],
        expected,
        bad_card,
    )

"""Klaberjass referee: docs/rules/klaberjass.md (referee checks KJ-8.5) and rulings R-KJ-2 to R-KJ-11.

Expected tricks, points and verdicts are worked by hand from docs/rules/ (K1 is §6.4 verbatim).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core.games.klaberjass import REFEREE, SETUP, compare_sequences
from referee.core.verdict import RecordError, Verdict
from scoring.core.games.klaberjass import GAME
from vocabulary.cards import Card, parse_card

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "klaberjass" / "hand.json"
NAMES = ("Nora", "Dan")
NONE: frozenset[str] = frozenset()

# Seat 0 is Nora (N, the non-dealer), seat 1 is Dan (D, the dealer) throughout.
K1_HANDS = [
    ["JH", "9H", "AH", "7H", "AS", "KS", "AC", "9C", "7D"],
    ["KH", "QH", "8H", "QS", "JS", "10S", "KC", "10C", "AD"],
]


def k1() -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(FIXTURE.read_text())
    return doc


def replay(doc: dict[str, Any]) -> Verdict:
    return REFEREE.replay(REFEREE.parse(doc))


def record(events: list[dict[str, Any]], hands: list[list[str]] | None = None, **extra: Any) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "game": "klaberjass",
        "players": list(NAMES),
        "dealer": 1,
        "flags": [],
        "hands": hands or K1_HANDS,
        "turn_up": "10H",
        "events": events,
    }
    doc.update(extra)
    return doc


def bid(seat: int, choice: str) -> dict[str, Any]:
    return {"type": "bid", "seat": seat, "choice": choice}


def play(seat: int, card: str, **extra: Any) -> dict[str, Any]:
    return {"type": "play", "seat": seat, "card": card, **extra}


def rules(verdict: Verdict) -> list[tuple[int, str]]:
    return [(violation.event, violation.rule) for violation in verdict.violations]


def rules_by_seat(verdict: Verdict) -> list[tuple[int, int, str]]:
    return [(violation.event, violation.seat, violation.rule) for violation in verdict.violations]


TAKE = [bid(0, "take")]

# --- §6.4 K1 ---------------------------------------------------------------------------


def test_kj_6_4_k1_replays_to_103_and_75() -> None:
    verdict = replay(k1())
    assert verdict.violations == ()
    assert verdict.complete
    assert verdict.card_points == (93, 35)
    assert verdict.tricks_won == (6, 3)
    assert [(trick.winner, trick.points) for trick in verdict.tricks] == [
        (0, 20),
        (0, 17),
        (0, 13),
        (1, 14),
        (0, 13),
        (0, 15),
        (1, 10),
        (1, 11),
        (0, 15),
    ]
    assert verdict.deal_entry == {
        "maker": 0,
        "trump": "H",
        "card_points": [93, 35],
        "last_trick": 0,
        "sequence_points": [0, 20],
        "bella": 1,
    }
    assert verdict.score is not None
    assert verdict.score.points == (103, 75)
    assert verdict.next_turn is None


def test_kj_8_3_trick_reasons_cite_the_rule() -> None:
    tricks = replay(k1()).tricks
    assert str(tricks[0].reason) == "J♥ is the higher trump (KJ-8.3)"
    assert str(tricks[3].reason) == "10♠ is the higher spade (KJ-8.3)"
    assert str(tricks[4].reason) == "10♥ is the only trump (KJ-8.3)"


def test_r_kj_8_k1_without_the_bella_announcement_dan_scores_no_bella() -> None:
    doc = k1()
    del doc["events"][-2]["announce"]
    verdict = replay(doc)
    assert verdict.violations == ()
    assert verdict.deal_entry is not None and verdict.deal_entry["bella"] is None
    assert verdict.score is not None and verdict.score.points == (103, 55)


def test_kj_8_2_next_turn_lists_only_legal_cards() -> None:
    doc = k1()
    events = doc["events"]
    doc["events"] = events[:12]  # after trick 4; Dan leads Q♠ next
    turn = replay(doc).next_turn
    assert turn is not None and (turn.seat, turn.kind) == (1, "play")
    doc["events"] = events[:13]
    turn = replay(doc).next_turn
    assert turn is not None
    assert (turn.seat, sorted(turn.allowed)) == (0, ["AH", "TH"])  # no spades: must trump (R-KJ-11)


# --- choosing trumps (KJ-4, KJ-8.5 check 1) -------------------------------------------------


def test_kj_4_1_dealer_takes_after_non_dealer_passes() -> None:
    verdict = replay(record([bid(0, "pass"), bid(1, "take")]))
    assert verdict.violations == ()
    turn = verdict.next_turn
    assert turn is not None and (turn.seat, turn.kind) == (0, "play")  # KJ-8.1: the non-dealer leads


@pytest.mark.parametrize(
    ("events", "expected"),
    [
        ([bid(1, "take")], [(1, "KJ-4.1")]),  # the dealer speaks first
        ([bid(0, "S")], [(1, "KJ-4.1")]),  # another suit in the first round
        ([bid(0, "pass"), bid(1, "pass"), bid(0, "H")], [(3, "KJ-4.2")]),  # the turn-up suit again
        ([bid(0, "pass"), bid(1, "pass"), bid(0, "take")], [(3, "KJ-4.2")]),
        ([bid(0, "pass"), bid(1, "pass"), bid(1, "D")], [(3, "KJ-4.2")]),  # the non-dealer first
        ([bid(0, "take"), bid(1, "S")], [(2, "KJ-4.3")]),  # trumps already chosen
        ([bid(0, "schmeiss")], [(1, "R-KJ-2")]),  # schmeiss is a variant
    ],
)
def test_kj_4_trumps_chosen_in_order(events: list[dict[str, Any]], expected: list[tuple[int, str]]) -> None:
    assert rules(replay(record(events))) == expected


@pytest.mark.parametrize(
    ("events", "expected", "reason"),
    [
        # Nora's first-round pass is missing and Dan takes hearts.
        ([bid(1, "take"), play(0, "JH"), play(1, "8H")], [(1, 0, "KJ-4.1")], "J♥ is the higher trump (KJ-8.3)"),
        # Dan's first-round pass is missing and Nora names spades in the second round;
        # Dan must beat A♠ and J♠ does, since spades are trumps (R-KJ-11).
        (
            [bid(0, "pass"), bid(0, "S"), play(0, "AS"), play(1, "JS")],
            [(2, 1, "KJ-4.1")],
            "J♠ is the higher trump (KJ-8.3)",
        ),
        # Nora's second-round pass is missing and Dan names clubs; 9♣ is above 10♣ in trumps.
        (
            [bid(0, "pass"), bid(1, "pass"), bid(1, "C"), play(0, "9C"), play(1, "10C")],
            [(3, 0, "KJ-4.2")],
            "9♣ is the higher trump (KJ-8.3)",
        ),
    ],
)
def test_kj_4_1_kj_4_2_missing_pass_is_flagged_once_and_the_deal_goes_on(
    events: list[dict[str, Any]], expected: list[tuple[int, int, str]], reason: str
) -> None:
    # KJ-4.1, KJ-4.2: only a pass hands the turn to the other player, so the event missing before
    # the other player's bid is the pass of the player on turn (KJ-8.5 check 1). It is flagged
    # once, against that player, and the bid that follows is applied.
    verdict = replay(record(events))
    assert rules_by_seat(verdict) == expected
    assert str(verdict.tricks[0].reason) == reason


def test_kj_4_1_missing_pass_k1_is_scored_with_the_dealer_as_maker() -> None:
    # §6.4 K1 with Nora's pass missing and Dan taking hearts: the same tricks, but Dan is the
    # maker. T_N = 93 + 10 = 103 and T_D = 35 + 20 + 20 = 75, so Dan is bate (KJ-9.2):
    # Dan scores 0 and Nora 103 + 75 = 178.
    doc = k1()
    doc["events"][0] = bid(1, "take")
    verdict = replay(doc)
    assert rules(verdict) == [(1, "KJ-4.1")]
    assert verdict.deal_entry is not None and (verdict.deal_entry["maker"], verdict.deal_entry["trump"]) == (1, "H")
    assert verdict.score is not None and verdict.score.points == (178, 0)


def test_kj_4_1_missing_pass_message_names_both_players() -> None:
    (violation,) = replay(record([bid(1, "take")])).violations
    assert (violation.event, violation.seat, violation.rule) == (1, 0, "KJ-4.1")
    assert violation.message == "Dan spoke at Nora's turn: Nora's pass is missing and is taken as made"


def test_kj_4_4_a_missing_last_pass_is_not_assumed() -> None:
    # Dan's second-round pass would annul the deal (KJ-4.4), after which Nora could not name a
    # suit; the record is ambiguous, so Nora's bid is flagged and ignored, and Dan is still to speak.
    verdict = replay(record([bid(0, "pass"), bid(1, "pass"), bid(0, "pass"), bid(0, "S")]))
    assert rules_by_seat(verdict) == [(4, 0, "KJ-4.2")]
    assert verdict.next_turn is not None and (verdict.next_turn.seat, verdict.next_turn.kind) == (1, "trump")


def test_kj_4_1_first_round_may_name_the_turn_up_suit() -> None:
    assert replay(record([bid(0, "H")])).violations == ()


def test_kj_4_2_second_round_names_another_suit() -> None:
    verdict = replay(record([bid(0, "pass"), bid(1, "pass"), bid(0, "pass"), bid(1, "C")]))
    assert verdict.violations == ()
    assert verdict.next_turn is not None and verdict.next_turn.kind == "play"


@pytest.mark.parametrize(
    ("events", "allowed"),
    [
        ([], ("take", "pass")),
        ([bid(0, "pass"), bid(1, "pass")], ("pass", "S", "D", "C")),
    ],
)
def test_kj_4_next_turn_offers_the_round_s_choices(events: list[dict[str, Any]], allowed: tuple[str, ...]) -> None:
    turn = replay(record(events)).next_turn
    assert turn is not None and (turn.seat, turn.kind, turn.allowed) == (0, "trump", allowed)


def test_kj_4_4_both_pass_twice_annuls_the_deal() -> None:
    verdict = replay(record([bid(0, "pass"), bid(1, "pass"), bid(0, "pass"), bid(1, "pass"), play(0, "AS")]))
    assert rules(verdict) == [(5, "KJ-4.4")]
    assert verdict.complete
    assert verdict.deal_entry == {"annulled": True}
    assert verdict.score is not None and verdict.score.points == (0, 0)
    assert verdict.next_turn is None


def test_kj_4_4_annulled_deal_may_record_only_the_first_six_cards() -> None:
    hands = [K1_HANDS[0][:6], K1_HANDS[1][:6]]
    verdict = replay(record([bid(0, "pass"), bid(1, "pass"), bid(0, "pass"), bid(1, "pass")], hands=hands))
    assert verdict.violations == () and verdict.deal_entry == {"annulled": True}


# --- schmeiss (R-KJ-2) ---------------------------------------------------------------------

SCHMEISS = ["kj_schmeiss"]


def test_r_kj_2_kj_schmeiss_first_round_play_makes_the_schmeisser_maker() -> None:
    events = [bid(0, "schmeiss"), {"type": "answer", "seat": 1, "choice": "play"}, {"type": "dix", "seat": 0}]
    verdict = replay(record(events, flags=SCHMEISS))
    assert verdict.violations == ()  # trumps are hearts, the turn-up suit, so the dix is allowed
    assert verdict.next_turn is not None and verdict.next_turn.seat == 0


def test_r_kj_2_kj_schmeiss_throw_in_annuls_the_deal() -> None:
    events = [bid(0, "pass"), bid(1, "schmeiss"), {"type": "answer", "seat": 0, "choice": "throw_in"}]
    verdict = replay(record(events, flags=SCHMEISS))
    assert verdict.violations == ()
    assert verdict.deal_entry == {"annulled": True}


def test_r_kj_2_kj_schmeiss_second_round_the_schmeisser_names_trumps() -> None:
    events = [bid(0, "pass"), bid(1, "pass"), bid(0, "schmeiss"), {"type": "answer", "seat": 1, "choice": "play"}]
    turn = replay(record(events, flags=SCHMEISS)).next_turn
    assert turn is not None and (turn.seat, turn.kind, turn.allowed) == (0, "trump", ("S", "D", "C"))
    verdict = replay(record([*events, bid(0, "S")], flags=SCHMEISS))
    assert verdict.violations == ()
    assert verdict.next_turn is not None and verdict.next_turn.kind == "play"


def test_r_kj_2_kj_schmeiss_is_offered_in_next_turn() -> None:
    turn = replay(record([], flags=SCHMEISS)).next_turn
    assert turn is not None and turn.allowed == ("take", "pass", "schmeiss")


@pytest.mark.parametrize(
    ("events", "schmeiss", "reason"),
    [
        # Nora's schmeiss counts as her pass; Dan takes hearts and Nora leads.
        ([bid(0, "schmeiss"), bid(1, "take"), play(0, "JH"), play(1, "8H")], 1, "J♥ is the higher trump (KJ-8.3)"),
        # In the second round too: Nora's schmeiss is a pass and Dan names clubs.
        (
            [bid(0, "pass"), bid(1, "pass"), bid(0, "schmeiss"), bid(1, "C"), play(0, "9C"), play(1, "10C")],
            3,
            "9♣ is the higher trump (KJ-8.3)",
        ),
        # The table played the offer out: Dan's answer stands and Nora makes hearts.
        (
            [bid(0, "schmeiss"), {"type": "answer", "seat": 1, "choice": "play"}, play(0, "JH"), play(1, "8H")],
            1,
            "J♥ is the higher trump (KJ-8.3)",
        ),
    ],
)
def test_r_kj_2_schmeiss_without_kj_schmeiss_is_flagged_once_and_counts_as_a_pass(
    events: list[dict[str, Any]], schmeiss: int, reason: str
) -> None:
    # R-KJ-2: schmeiss is off by default (KJ-4.5). The offer is flagged once; unless the next
    # event answers it, it counts as a pass, so the bids and cards after it are refereed as usual.
    verdict = replay(record(events))
    assert [(violation.event, violation.rule) for violation in verdict.violations] == [(schmeiss, "R-KJ-2")]
    assert str(verdict.tricks[0].reason) == reason
    assert verdict.next_turn is not None and (verdict.next_turn.seat, verdict.next_turn.kind) == (0, "play")


def test_r_kj_2_kj_schmeiss_missing_first_round_answer_is_taken_as_play() -> None:
    # Throwing in ends the deal, so a card after a first-round schmeiss means Dan answered play:
    # flagged once, against Dan, and Nora makes hearts (R-KJ-2).
    events = [bid(0, "schmeiss"), play(0, "JH"), play(1, "8H")]
    verdict = replay(record(events, flags=SCHMEISS))
    assert rules_by_seat(verdict) == [(2, 1, "R-KJ-2")]
    assert str(verdict.tricks[0].reason) == "J♥ is the higher trump (KJ-8.3)"


def test_r_kj_2_kj_schmeiss_missing_second_round_answer_is_not_assumed() -> None:
    # In the second round Nora would still have to name trumps, which the record does not say.
    events = [bid(0, "pass"), bid(1, "pass"), bid(0, "schmeiss"), play(0, "JH")]
    verdict = replay(record(events, flags=SCHMEISS))
    assert rules(verdict) == [(4, "KJ-8.1")]
    assert verdict.next_turn is not None and (verdict.next_turn.seat, verdict.next_turn.kind) == (1, "answer")


@pytest.mark.parametrize(
    "events",
    [
        [bid(0, "schmeiss"), {"type": "answer", "seat": 0, "choice": "play"}],  # not your own
        [bid(0, "schmeiss"), bid(1, "pass")],  # answer first
        [{"type": "answer", "seat": 1, "choice": "play"}],  # nothing to answer
    ],
)
def test_r_kj_2_answers_only_to_a_schmeiss(events: list[dict[str, Any]]) -> None:
    assert [rule for _, rule in rules(replay(record(events, flags=SCHMEISS)))] == ["R-KJ-2"]


# --- the dix (KJ-5.3, R-KJ-4) -------------------------------------------------------------------

DIX = {"type": "dix", "seat": 0}
SECOND_ROUND_HEARTS = [bid(0, "pass"), bid(1, "pass"), bid(0, "S")]


def test_r_kj_4_dix_only_when_trumps_are_the_turn_up_suit() -> None:
    # Turn-up 10♦: Nora names ♥ in the second round and holds 7♥.
    events = [bid(0, "pass"), bid(1, "pass"), bid(0, "H"), DIX]
    hands = [[*K1_HANDS[0][:8], "8D"], [*K1_HANDS[1][:8], "9D"]]
    assert rules(replay(record(events, hands=hands, turn_up="10D"))) == [(4, "R-KJ-4")]
    assert replay(record(events, hands=hands, turn_up="10D", flags=["kj_dix_any_trump"])).violations == ()


@pytest.mark.parametrize(
    ("events", "expected"),
    [
        ([bid(0, "take"), {"type": "dix", "seat": 1}], [(2, "KJ-5.3")]),  # Dan has no 7♥
        ([bid(0, "take"), DIX, DIX], [(3, "KJ-5.3")]),  # the turn-up is gone
        ([bid(0, "take"), play(0, "JH"), DIX], [(3, "KJ-5.3")]),  # after Nora's first card
        ([DIX], [(1, "KJ-5.3")]),  # before trumps
    ],
)
def test_kj_5_3_dix_conditions(events: list[dict[str, Any]], expected: list[tuple[int, str]]) -> None:
    assert rules(replay(record(events))) == expected


def test_kj_5_3_dealer_may_swap_after_the_first_lead() -> None:
    hands = [["JH", "9H", "AH", "8H", "AS", "KS", "AC", "9C", "7D"], ["KH", "QH", "7H", *K1_HANDS[1][3:]]]
    events = [bid(0, "take"), play(0, "JH"), {"type": "dix", "seat": 1}, play(1, "10H")]
    assert replay(record(events, hands=hands)).violations == ()


# --- sequences (KJ-6, R-KJ-5, R-KJ-6, R-KJ-7) -----------------------------------------------------


def declare(seat: int, cards: list[str]) -> dict[str, Any]:
    return {"type": "declare", "seat": seat, "cards": cards}


@pytest.mark.parametrize(
    ("events", "expected"),
    [
        ([bid(0, "take"), declare(0, ["JH", "10H", "9H"])], [(2, "KJ-6.2")]),  # before the dix: no 10♥
        ([bid(0, "take"), play(0, "AS"), declare(0, ["JH", "9H", "10H"])], [(3, "KJ-6.2")]),  # too late
        ([bid(0, "take"), declare(1, ["KH", "QH"])], [(2, "KJ-6.1")]),  # two cards
        ([bid(0, "take"), declare(1, ["KH", "QH", "8H"])], [(2, "KJ-6.1")]),  # not in a row
        ([bid(0, "take"), declare(1, ["QH", "QS", "JS"])], [(2, "KJ-6.1")]),  # two suits
        ([declare(1, ["QS", "JS", "10S"])], [(1, "KJ-6.2")]),  # before trumps
    ],
)
def test_kj_6_declarations_are_checked(events: list[dict[str, Any]], expected: list[tuple[int, str]]) -> None:
    assert rules(replay(record(events))) == expected


def test_kj_6_2_dealer_declares_after_the_first_lead() -> None:
    events = [bid(0, "take"), play(0, "AS"), declare(1, ["QS", "JS", "10S"])]
    assert replay(record(events)).violations == ()


# Nora takes hearts (turn-up 10♥) holding 9♥ 8♥ 7♥; the dix swaps her 7♥ for 10♥.
DIX_BREAKS_HANDS = [
    ["9H", "8H", "7H", "AS", "KS", "AC", "9C", "7D", "8D"],
    ["JH", "AH", "KH", "QS", "JS", "10S", "KC", "10C", "AD"],
]
DIX_BREAKS_PLAYS = [
    *(play(0, "AS"), play(1, "QS")),  # 1: Nora 11 + 3 = 14
    *(play(0, "KS"), play(1, "JS")),  # 2: Nora, K above J outside trumps: 4 + 2 = 6
    *(play(0, "AC"), play(1, "KC")),  # 3: Nora 11 + 4 = 15
    *(play(0, "9C"), play(1, "10C")),  # 4: Dan 0 + 10 = 10
    *(play(1, "AD"), play(0, "7D")),  # 5: Dan 11 + 0 = 11
    *(play(1, "10S"), play(0, "8H")),  # 6: Nora has no spades and trumps: 10 + 0 = 10
    *(play(0, "8D"), play(1, "JH")),  # 7: Dan has no diamonds and trumps: 0 + 20 = 20
    *(play(1, "AH"), play(0, "9H")),  # 8: Nora must beat A♥ and 9♥ does: 11 + 14 = 25
    *(play(0, "10H"), play(1, "KH")),  # 9: Nora 10 + 4 = 14, and the last trick
]


def test_kj_6_2_sequence_broken_by_dix_swap_does_not_score() -> None:
    # KJ-6.2 judges the sequence on the hand after the dix; 7♥ is no longer in it (KJ-8.5 check 3).
    events = [*TAKE, declare(0, ["9H", "8H", "7H"]), {"type": "dix", "seat": 0}, *DIX_BREAKS_PLAYS]
    verdict = replay(record(events, hands=DIX_BREAKS_HANDS))
    assert rules(verdict) == [(2, "KJ-6.2")]
    assert verdict.violations[0].message == (
        "Nora declared 9♥ 8♥ 7♥, then swapped 7♥ away with the dix; "
        "a sequence is judged on the hand after the dix, so it does not count"
    )
    # Nora 14 + 6 + 15 + 10 + 25 + 14 = 84, Dan 10 + 11 + 20 = 41; no sequence scores.
    assert verdict.deal_entry == {
        "maker": 0,
        "trump": "H",
        "card_points": [84, 41],
        "last_trick": 0,
        "sequence_points": [0, 0],
        "bella": None,
    }
    assert verdict.score is not None and verdict.score.points == (94, 41)  # 84 + 10 for the last trick


def test_kj_6_2_the_dix_drops_only_the_sequence_that_held_the_seven() -> None:
    # The same deal, and Dan declares Q♠ J♠ 10♠ before his first card: it still scores.
    events = [*TAKE, declare(0, ["9H", "8H", "7H"]), {"type": "dix", "seat": 0}, *DIX_BREAKS_PLAYS[:1]]
    events += [declare(1, ["QS", "JS", "10S"]), *DIX_BREAKS_PLAYS[1:]]
    verdict = replay(record(events, hands=DIX_BREAKS_HANDS))
    assert rules(verdict) == [(2, "KJ-6.2")]
    assert verdict.deal_entry is not None and verdict.deal_entry["sequence_points"] == [0, 20]


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(token) for token in text.split())


@pytest.mark.parametrize(
    ("nora", "dan", "trump", "flags", "points"),
    [
        # §6.4 K1: equal length, Q beats J
        (["JH 10H 9H"], ["QS JS 10S"], "H", NONE, [0, 20]),
        # §6.4 K4: a 4-card sequence beats both 3-card ones; only 50 scores
        (["10C 9C 8C 7C", "KH QH JH"], ["AD KD QD"], "S", NONE, [50, 0]),
        (["10C 9C 8C 7C", "KH QH JH"], ["AD KD QD"], "S", frozenset({"kj_score_all_sequences"}), [70, 0]),
        # R-KJ-5: five cards beat an ace-high four by default...
        (["KC QC JC 10C 9C"], ["AS KS QS JS"], "H", NONE, [50, 0]),
        # ...but both are worth 50 under kj_compare_by_value, so the ace wins
        (["KC QC JC 10C 9C"], ["AS KS QS JS"], "H", frozenset({"kj_compare_by_value"}), [0, 50]),
        # equal length and top card: trumps win
        (["KH QH JH"], ["KD QD JD"], "H", NONE, [20, 0]),
        # equal in every way: nobody scores
        (["KH QH JH"], ["KD QD JD"], "S", NONE, [0, 0]),
        # only one player declares
        ([], ["9D 8D 7D"], "S", NONE, [0, 20]),
        ([], [], "S", NONE, [0, 0]),
    ],
)
def test_kj_6_3_r_kj_5_r_kj_6_sequence_comparison(
    nora: list[str], dan: list[str], trump: str, flags: frozenset[str], points: list[int]
) -> None:
    declared = [[cards(text) for text in nora], [cards(text) for text in dan]]
    assert compare_sequences(declared, trump, flags, (5, 4), NAMES)[0] == points


def test_r_kj_7_kj_no_meld_without_trick() -> None:
    declared = [[cards("JH 10H 9H")], []]
    assert compare_sequences(declared, "H", NONE, (0, 9), NAMES)[0] == [20, 0]
    flags = frozenset({"kj_no_meld_without_trick"})
    assert compare_sequences(declared, "H", flags, (0, 9), NAMES)[0] == [0, 0]
    assert compare_sequences(declared, "H", flags, (1, 8), NAMES)[0] == [20, 0]


# Nora takes hearts holding none and three 9-8-7 sequences; Dan takes all nine tricks.
SHUTOUT_HANDS = [
    ["9C", "8C", "7C", "9S", "8S", "7S", "9D", "8D", "7D"],
    ["7H", "JH", "9H", "AH", "KH", "QH", "8H", "AS", "AD"],
]
SHUTOUT_EVENTS = [
    bid(0, "take"),
    declare(0, ["9C", "8C", "7C"]),
    declare(0, ["9S", "8S", "7S"]),
    declare(0, ["9D", "8D", "7D"]),
    play(0, "9C"),
    play(1, "7H"),  # void in clubs: must trump (R-KJ-11)
    *[
        event
        for lead, reply in [("JH", "8C"), ("9H", "7C"), ("AH", "7S"), ("KH", "8S"), ("QH", "9S"), ("8H", "7D")]
        for event in (play(1, lead), play(0, reply))
    ],
    play(1, "AS"),
    play(0, "8D"),
    play(1, "AD"),
    play(0, "9D"),
]


@pytest.mark.parametrize(
    ("flags", "sequences", "points"),
    [
        # card points: Dan 20 + 14 + 11 + 4 + 3 (hearts) + 11 + 11 = 74, plus the last trick: T_D = 84
        ([], [20, 0], (0, 104)),  # Nora is bate with 20: Dan scores 84 + 20
        (["kj_score_all_sequences"], [60, 0], (0, 144)),  # R-KJ-6: all three sequences, 60
        (["kj_no_meld_without_trick"], [0, 0], (0, 84)),  # R-KJ-7: no trick, no sequence
    ],
)
def test_r_kj_6_r_kj_7_sequence_flags_in_a_replayed_deal(
    flags: list[str], sequences: list[int], points: tuple[int, int]
) -> None:
    verdict = replay(record(SHUTOUT_EVENTS, hands=SHUTOUT_HANDS, flags=flags))
    assert verdict.violations == ()
    assert verdict.tricks_won == (0, 9)
    assert verdict.card_points == (0, 74)
    assert verdict.deal_entry is not None and verdict.deal_entry["sequence_points"] == sequences
    assert verdict.score is not None and verdict.score.points == points


# --- play (KJ-8.1, KJ-8.2, R-KJ-11) -----------------------------------------------------------


@pytest.mark.parametrize(
    ("plays", "expected"),
    [
        ([play(0, "AS"), play(1, "AD")], [(3, "KJ-8.2")]),  # Dan holds spades
        ([play(0, "9C"), play(1, "QS")], [(3, "KJ-8.2")]),  # Dan holds clubs
        ([play(0, "7D"), play(1, "KC")], [(3, "KJ-8.2")]),  # Dan holds A♦
        ([play(0, "AH"), play(1, "QS")], [(3, "KJ-8.2")]),  # a trump led: Dan must play a trump
        ([play(1, "AD")], [(2, "KJ-8.1")]),  # the non-dealer leads first
        ([play(0, "QS")], [(2, "KJ-5.1")]),  # Nora does not hold Q♠
        ([play(0, "AS"), play(0, "KS")], [(3, "KJ-8.1")]),
    ],
)
def test_kj_8_2_which_cards_may_be_played(plays: list[dict[str, Any]], expected: list[tuple[int, str]]) -> None:
    assert rules(replay(record([bid(0, "take"), *plays]))) == expected


def test_kj_5_1_a_turn_up_played_before_the_dix_stays_with_its_holder() -> None:
    # Dan plays the turn-up 10♥, which he does not hold (KJ-5.1); Nora's late dix still puts it in her hand
    # (KJ-5.3), and she plays it later like any other card: a card played by someone who does not hold it stays
    # with its holder, in every game (docs/hand-record.md).
    events = [*TAKE, play(0, "JH"), play(1, "10H"), DIX, play(0, "10H")]
    assert rules(replay(record(events))) == [(3, "KJ-5.1"), (4, "KJ-5.3")]


def test_kj_8_2_violation_message_names_player_and_card() -> None:
    doc = k1()
    doc["events"] = [*doc["events"][:5], play(1, "QS")]
    (violation,) = replay(doc).violations
    assert (violation.event, violation.seat, violation.trick, violation.card) == (6, 1, 1, parse_card("QS"))
    assert violation.message == "Dan held K♥ and had to follow suit to J♥"


def test_kj_8_1_play_before_trumps_is_flagged() -> None:
    assert rules(replay(record([play(0, "AS")]))) == [(1, "KJ-8.1")]


def test_r_kj_11_a_led_trump_must_be_beaten_if_able() -> None:
    # Dan leads K♥ to Nora, who holds A♥ and 7♥: 7♥ does not beat K♥.
    hands = [["AH", "7H", "AS", "KS", "AC", "9C", "7D", "8D", "9D"], K1_HANDS[1]]
    events = [bid(0, "take"), play(0, "AS"), play(1, "QS"), play(0, "KS"), play(1, "10S")]
    events += [play(1, "KH"), play(0, "7H")]
    verdict = replay(record(events, hands=hands))
    assert rules(verdict) == [(7, "R-KJ-11")]
    assert verdict.violations[0].message == "Nora held A♥, which beats K♥, and had to beat the led trump"
    assert verdict.violations[0].trick == 3


@pytest.mark.parametrize(
    "lead",
    [
        "7H",  # Dan holds K♥, Q♥ and 8♥, each beats 7♥: he could follow and beat
        "AH",  # none of Dan's trumps beats A♥: he could follow but not beat
    ],
)
def test_kj_8_2_not_following_a_trump_lead_is_one_rule_with_or_without_a_higher_trump(lead: str) -> None:
    # KJ-8.2 (a): a trump is led and the follower must play a trump. Q♠ fails that duty in both
    # cases; the duty to beat the led trump (R-KJ-11) is a different fault.
    verdict = replay(record([*TAKE, play(0, lead), play(1, "QS")]))
    assert rules(verdict) == [(3, "KJ-8.2")]
    label = {"7H": "7♥", "AH": "A♥"}[lead]
    assert verdict.violations[0].message == f"Dan held K♥ and had to follow suit to {label}"


def test_r_kj_11_void_must_trump() -> None:
    # Dan leads Q♠ to Nora, who has no spades and holds trumps.
    hands = [["AH", "7H", "AC", "8C", "9C", "7D", "8D", "9D", "10D"], K1_HANDS[1]]
    events = [bid(0, "take"), play(0, "9C"), play(1, "10C"), play(1, "QS"), play(0, "AC")]
    verdict = replay(record(events, hands=hands))
    assert rules(verdict) == [(5, "R-KJ-11")]
    assert verdict.tricks[1].winner == 1  # A♣ did not follow spades, so Q♠ wins (KJ-8.3)


def test_kj_8_2_no_trump_and_void_may_play_anything() -> None:
    hands = [
        ["AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S", "AC"],
        ["AD", "KD", "QD", "JD", "10D", "9D", "8D", "7D", "KC"],
    ]
    events = [bid(0, "take"), play(0, "AS"), play(1, "AD")]
    verdict = replay(record(events, hands=hands, turn_up="10H"))
    assert verdict.violations == ()
    assert verdict.tricks[0].winner == 0


def test_kj_8_5_replay_goes_on_after_a_revoke() -> None:
    events = [bid(0, "take"), play(0, "AS"), play(1, "AD"), play(0, "AC"), play(1, "QS")]
    verdict = replay(record(events))
    assert rules(verdict) == [(3, "KJ-8.2"), (5, "KJ-8.2")]
    assert [trick.winner for trick in verdict.tricks] == [0, 0]


# --- bella (KJ-7, R-KJ-8) --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("plays", "expected"),
    [
        ([play(0, "JH"), play(1, "QH", announce="bella")], [(3, "R-KJ-8")]),  # the first of the two
        ([play(0, "AS"), play(1, "QS", announce="bella")], [(3, "KJ-7.1")]),  # not a trump K or Q
    ],
)
def test_kj_7_1_bella_on_the_second_of_k_and_q(plays: list[dict[str, Any]], expected: list[tuple[int, str]]) -> None:
    assert rules(replay(record([bid(0, "take"), *plays]))) == expected


# --- the record format -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "path"),
    [
        ({"hands": [["2S", *K1_HANDS[0][1:]], K1_HANDS[1]]}, "hands[0][0]"),
        ({"hands": [K1_HANDS[0], ["JH", *K1_HANDS[1][1:]]]}, "hands[1][0]"),
        ({"hands": [K1_HANDS[0][:8], K1_HANDS[1]]}, "hands"),
        ({"turn_up": "JH"}, "turn_up"),
        ({"turn_up": None}, "turn_up"),
        ({"bottom": "10H"}, "bottom"),
        ({"events": [{"type": "bid", "seat": 0, "choice": "grab"}]}, "events[0].choice"),
        ({"events": [{"type": "answer", "seat": 0, "choice": "take"}]}, "events[0].choice"),
        ({"events": [{"type": "play", "seat": 0, "card": "JH", "announce": "belote"}]}, "events[0].announce"),
        ({"events": [{"type": "play", "seat": 0, "card": "6H"}]}, "events[0].card"),
        ({"events": [{"type": "declare", "seat": 0, "cards": "JH ZH"}]}, "events[0].cards[1]"),
        ({"events": [{"type": "call", "seat": 0}]}, "events[0].type"),
        ({"hands": [K1_HANDS[0][:6], K1_HANDS[1][:6]], "events": [bid(0, "take"), play(0, "JH")]}, "events[1]"),
    ],
)
def test_kj_unreadable_records_name_the_path(change: dict[str, Any], path: str) -> None:
    doc = record([])
    doc.update(change)
    if doc["turn_up"] is None:
        del doc["turn_up"]
    with pytest.raises(RecordError) as caught:
        REFEREE.parse(doc)
    assert caught.value.path == path


# --- properties ----------------------------------------------------------------------------

PACK = SETUP.pack
TRUMP_ORDER = "J9ATKQ87"
POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}


def points_of(card: Card, trump: str) -> int:
    if card.suit == trump and card.rank in "J9":
        return 20 if card.rank == "J" else 14
    return POINTS[card.rank]


def runs(hand: list[Card]) -> list[list[str]]:
    """Every maximal run of 3+ cards in sequence order A K Q J 10 9 8 7 (KJ-6.1)."""
    found = []
    for suit in "SHDC":
        run: list[Card] = []
        for rank in "AKQJT987":
            card = Card(rank, suit)
            if card in hand:
                run.append(card)
                continue
            if len(run) >= 3:
                found.append([c.code for c in run])
            run = []
        if len(run) >= 3:
            found.append([c.code for c in run])
    return found


PlayLog = list[tuple[int, list[Card], Card | None]]


def random_deal(rng: random.Random, flags: list[str]) -> tuple[dict[str, Any], PlayLog]:
    """A complete deal with every choice taken from next_turn.allowed. Also returns, for
    each play event, its index, the player's hand before it and the led card."""
    pack = list(PACK)
    rng.shuffle(pack)
    doc = record([], hands=[[c.code for c in pack[:9]], [c.code for c in pack[9:18]]], turn_up=pack[18].code)
    doc["bottom"] = pack[19].code
    doc["flags"] = flags
    doc["dealer"] = rng.randint(0, 1)
    hands = [list(pack[:9]), list(pack[9:18])]
    events: list[dict[str, Any]] = doc["events"]
    trump = ""
    started = [False, False]
    plays: PlayLog = []
    led: Card | None = None
    royals: dict[str, int] = {}
    for _ in range(80):
        verdict = replay(doc)
        turn = verdict.next_turn
        if turn is None:
            break
        if turn.kind == "trump" or turn.kind == "answer":
            choice = rng.choice(turn.allowed)
            events.append({"type": "bid" if turn.kind == "trump" else "answer", "seat": turn.seat, "choice": choice})
            continue
        if not trump:
            trump = verdict_trump(doc)
        seat = turn.seat
        if not started[seat]:
            started[seat] = True
            seven = Card("7", trump)
            if seven in hands[seat] and (rng.random() < 0.7):
                took_first_round = pack[18].suit == trump
                if took_first_round or "kj_dix_any_trump" in flags:
                    events.append({"type": "dix", "seat": seat})
                    hands[seat][hands[seat].index(seven)] = pack[18]
            for run in runs(hands[seat]):
                if rng.random() < 0.8:
                    events.append(declare(seat, run))
            verdict = replay(doc)
            assert verdict.violations == ()
            turn = verdict.next_turn
            assert turn is not None
        trick = verdict.tricks[-1] if verdict.tricks and verdict.tricks[-1].winner is None else None
        led = trick.plays[0][1] if trick else None
        plays.append((len(events) + 1, list(hands[seat]), led))
        code = rng.choice(turn.allowed)
        card = parse_card(code)
        hands[seat].remove(card)
        extra = {}
        if card.suit == trump and card.rank in "KQ":
            partner = "Q" if card.rank == "K" else "K"
            if royals.get(partner) == seat and rng.random() < 0.8:
                extra["announce"] = "bella"  # KJ-7.1: on the second of the two
            royals[card.rank] = seat
        events.append(play(seat, code, **extra))
    return doc, plays


def verdict_trump(doc: dict[str, Any]) -> str:
    """Which suit the bidding settled on, read back from the recorded events (KJ-4)."""
    up = parse_card(doc["turn_up"]).suit
    for event in reversed(doc["events"]):
        if event["type"] == "bid" and event["choice"] in ("S", "H", "D", "C"):
            return str(event["choice"])
        if event["type"] in ("bid", "answer") and event["choice"] in ("take", "play"):
            return up
    raise AssertionError("no trumps chosen")


FLAG_CHOICES = ["kj_schmeiss", "kj_dix_any_trump", "kj_compare_by_value", "kj_score_all_sequences"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.sets(st.sampled_from(FLAG_CHOICES)))
def test_kj_8_5_random_legal_deals_replay_clean(rng: random.Random, flags: set[str]) -> None:
    doc, _ = random_deal(rng, sorted(flags))
    verdict = replay(doc)
    assert verdict.violations == ()
    assert verdict.complete
    assert verdict.next_turn is None
    if verdict.deal_entry == {"annulled": True}:
        return
    assert len(verdict.tricks) == 9
    assert sum(verdict.tricks_won) == 9
    played = [card for trick in verdict.tricks for _, card in trick.plays]
    assert len(played) == len(set(played)) == 18
    trump = verdict_trump(doc)
    assert verdict.card_points is not None
    assert sum(verdict.card_points) == sum(points_of(card, trump) for card in played)
    assert verdict.deal_entry is not None and verdict.score is not None
    deal = GAME.parse_deal(verdict.deal_entry, frozenset(flags))
    assert verdict.score == GAME.score_deal(deal, doc["dealer"], frozenset(flags), 0)


def expected_rule(hand: list[Card], led: Card, played: Card, trump: str) -> str:
    """The rule a disallowed card breaks, worked out from KJ-8.2 and R-KJ-11."""
    if led.suit == trump:
        # KJ-8.2 (a): not following a trump lead; R-KJ-11: a trump that does not beat it.
        return "KJ-8.2" if played.suit != trump else "R-KJ-11"
    if any(card.suit == led.suit for card in hand):
        return "KJ-8.2"
    return "R-KJ-11"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.data())
def test_kj_8_2_a_disallowed_card_is_flagged_at_that_event(rng: random.Random, data: st.DataObject) -> None:
    doc, plays = random_deal(rng, [])
    if doc["events"][-1]["type"] != "play":
        return  # annulled
    trump = verdict_trump(doc)
    candidates = []
    for index, hand, led in plays:
        if led is None:
            continue
        verdict_hand = [card.code for card in hand]
        allowed = set(replay({**doc, "events": doc["events"][: index - 1]}).next_turn.allowed)  # type: ignore[union-attr]
        wrong = [code for code in verdict_hand if code not in allowed]
        if wrong:
            candidates.append((index, hand, led, wrong))
    if not candidates:
        return
    index, hand, led, wrong = data.draw(st.sampled_from(candidates))
    code = data.draw(st.sampled_from(wrong))
    events = [dict(event) for event in doc["events"]]
    events[index - 1]["card"] = code
    verdict = replay({**doc, "events": events})
    first = verdict.violations[0]
    assert (first.event, first.rule) == (index, expected_rule(hand, led, parse_card(code), trump))
    assert first.card == parse_card(code)

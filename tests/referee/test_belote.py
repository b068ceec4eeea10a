"""Belote referee: docs/rules/belote.md BL-3 to BL-7 (the referee checks of BL-7.7), rulings R-BL-1 and R-BL-9.

Expected tricks, points and verdicts are worked by hand from the rules. fixtures/belote/hand.json is the worked
deal BL1 with the announcements left out: Dan deals, the turn-up is 8♥, Anna takes hearts; the hands and the
eight tricks are the example's. Seats: Anna 0, Ben 1, Cleo 2, Dan 3; Anna & Cleo against Ben & Dan.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core.games.belote import REFEREE, SETUP
from referee.core.verdict import RecordError, Verdict

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "belote"
ANNA, BEN, CLEO, DAN = range(4)


def bl1() -> dict[str, Any]:
    doc: dict[str, Any] = json.loads((FIXTURES / "hand.json").read_text())
    return doc


def replay(doc: dict[str, Any]) -> Verdict:
    return REFEREE.replay(REFEREE.parse(doc))


def with_events(events: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    return {**bl1(), "events": events, **extra}


def bid(seat: int, choice: str) -> dict[str, Any]:
    return {"type": "bid", "seat": seat, "choice": choice}


def play(seat: int, card: str, **extra: Any) -> dict[str, Any]:
    return {"type": "play", "seat": seat, "card": card, **extra}


def bl1_plays(tricks: int) -> list[dict[str, Any]]:
    """The take and the first ``tricks`` tricks of BL1, as recorded."""
    return bl1()["events"][: 1 + 4 * tricks]


def faults(verdict: Verdict) -> list[tuple[int, int, str]]:
    return [(violation.event, violation.seat, violation.rule) for violation in verdict.violations]


def codes(cards: Any) -> set[str]:
    return {card.code for card in cards}


# --- the deal and the choice of trumps (BL-3, BL-4) -------------------------------------------------------------


def test_bl_4_1_the_dealers_next_player_speaks_first_and_may_take_the_turn_up() -> None:
    verdict = replay(with_events([]))
    assert verdict.next_turn is not None
    assert (verdict.next_turn.seat, verdict.next_turn.kind, verdict.next_turn.allowed) == (
        ANNA,
        "trump",
        ("take", "pass"),
    )
    assert faults(replay(with_events([bid(ANNA, "take")]))) == []


def test_bl_4_1_speaking_out_of_turn_is_flagged_and_ignored() -> None:
    verdict = replay(with_events([bid(BEN, "take")]))
    assert faults(verdict) == [(1, BEN, "BL-4.1")]
    assert verdict.next_turn is not None and verdict.next_turn.seat == ANNA


def test_bl_4_1_another_suit_in_the_first_round_is_flagged() -> None:
    verdict = replay(with_events([bid(ANNA, "S")]))
    assert faults(verdict) == [(1, ANNA, "BL-4.1")]


def test_bl_4_2_the_second_round_names_another_suit() -> None:
    passes = [bid(seat, "pass") for seat in (ANNA, BEN, CLEO, DAN)]
    verdict = replay(with_events(passes))
    assert verdict.next_turn is not None
    assert verdict.next_turn.allowed == ("pass", "S", "D", "C")  # every suit but the turn-up's hearts
    verdict = replay(with_events([*passes, bid(ANNA, "pass"), bid(BEN, "S")]))
    assert faults(verdict) == []
    assert verdict.next_turn is not None and verdict.next_turn.kind == "play"
    assert verdict.next_turn.seat == ANNA  # BL-7.1: the dealer's next player leads, whoever took


def test_bl_4_2_the_turn_ups_suit_in_the_second_round_is_flagged() -> None:
    passes = [bid(seat, "pass") for seat in (ANNA, BEN, CLEO, DAN)]
    assert faults(replay(with_events([*passes, bid(ANNA, "H")]))) == [(5, ANNA, "BL-4.2")]


def test_bl_4_3_a_bid_after_the_take_is_flagged() -> None:
    assert faults(replay(with_events([bid(ANNA, "take"), bid(BEN, "pass")]))) == [(2, BEN, "BL-4.3")]


@pytest.mark.parametrize(
    ("flags", "who_deals"), [([], "the next player deals"), (["bl_same_dealer_redeals"], "the same player deals")]
)
def test_bl_4_4_r_bl_1_eight_passes_throw_the_cards_in(flags: list[str], who_deals: str) -> None:
    passes = [bid(seat, "pass") for seat in (ANNA, BEN, CLEO, DAN) * 2]
    verdict = replay(with_events(passes, flags=flags))
    assert faults(verdict) == []
    assert verdict.complete and verdict.next_turn is None
    assert verdict.deal_entry == {"passed_out": True}
    assert verdict.score is not None and verdict.score.points == (0, 0)
    assert any(who_deals in note and "R-BL-1" in note for note in verdict.notes)
    after = replay(with_events([*passes, bid(ANNA, "take")], flags=flags))
    assert faults(after) == [(9, ANNA, "BL-4.4")]


def test_bl_3_4_the_taker_gets_the_turn_up_and_two_cards_the_others_three() -> None:
    # Ben takes: from Anna on, the stock gives Anna K♦ Q♦ K♣, Ben 10♦ 7♦ (and 8♥), Cleo J♦ 9♦ 8♦, Dan J♣ 10♣ 8♣.
    verdict = replay(with_events([bid(ANNA, "pass"), bid(BEN, "take")]))
    assert [codes(hand) for hand in verdict.hands] == [
        {"JH", "9H", "AS", "TS", "AD", "KD", "QD", "KC"},
        {"AH", "7H", "KS", "QS", "AC", "8H", "TD", "7D"},
        {"KH", "QH", "9S", "9C", "7C", "JD", "9D", "8D"},
        {"TH", "JS", "8S", "7S", "QC", "JC", "TC", "8C"},
    ]


def test_bl_3_4_play_needs_the_whole_stock() -> None:
    doc = {**bl1(), "stock": bl1()["stock"][:4]}
    verdict = replay({**doc, "events": [bid(ANNA, "take")]})
    assert verdict.next_turn is None
    assert any("4 of its 11" in note for note in verdict.notes)
    with pytest.raises(RecordError) as error:
        REFEREE.parse(doc)
    assert error.value.path == "events[1]"


@pytest.mark.parametrize(
    ("change", "path"),
    [
        ({"turn_up": "6H"}, "turn_up"),  # not in the 32-card pack (BL-1.1)
        ({"turn_up": "JH"}, "turn_up"),  # also in Anna's hand
        ({"stock": [*bl1()["stock"], "7H"]}, "stock"),  # 12 cards
        ({"hands": [["JH", "9H", "AS", "10S"], *bl1()["hands"][1:]]}, "hands[0]"),  # 4 cards (BL-3.3)
    ],
)
def test_bl_3_3_a_deal_that_cannot_be_is_refused_with_its_field(change: dict[str, Any], path: str) -> None:
    with pytest.raises(RecordError) as error:
        REFEREE.parse({**bl1(), **change})
    assert error.value.path == path


# --- the play (BL-7) ------------------------------------------------------------------------------------------


def test_bl_7_the_worked_deal_bl1_is_legal() -> None:
    verdict = replay(bl1())
    assert faults(verdict) == []
    assert verdict.complete and verdict.next_turn is None


def test_bl_7_2_follow_suit() -> None:
    # Trick 2: Anna leads A♠; Ben holds K♠ and Q♠ and plays K♣ (event 7).
    events = [*bl1_plays(1), play(ANNA, "AS"), play(BEN, "KC")]
    verdict = replay(with_events(events))
    assert faults(verdict) == [(7, BEN, "BL-7.2")]
    assert verdict.violations[0].message == "Ben held K♠ and had to follow suit to A♠"


def test_bl_7_3_a_trump_lead_must_be_beaten_when_possible() -> None:
    # Anna leads 8♥; Ben holds A♥, which beats it, and plays 7♥.
    verdict = replay(with_events([bid(ANNA, "take"), play(ANNA, "8H"), play(BEN, "7H")]))
    assert faults(verdict) == [(3, BEN, "BL-7.3")]
    # After A♥ Cleo's K♥ and Q♥ beat no trump in the trick: either of them, but a trump.
    verdict = replay(with_events([bid(ANNA, "take"), play(ANNA, "8H"), play(BEN, "AH")]))
    assert verdict.next_turn is not None and set(verdict.next_turn.allowed) == {"KH", "QH"}


def test_bl_7_3_a_player_with_trumps_plays_one_to_a_trump_lead() -> None:
    # Cleo holds K♥ Q♥, neither beats A♥, so any trump: a spade breaks the duty to follow.
    verdict = replay(with_events([bid(ANNA, "take"), play(ANNA, "8H"), play(BEN, "AH"), play(CLEO, "9S")]))
    assert faults(verdict) == [(4, CLEO, "BL-7.2")]


def test_bl_7_4_b_void_against_an_opponent_must_trump() -> None:
    # Trick 6: Ben leads A♣; Anna, with no club, holds 9♥ 8♥ Q♦ and plays Q♦ (event 25).
    events = [*bl1_plays(5), play(BEN, "AC"), play(CLEO, "7C"), play(DAN, "10C"), play(ANNA, "QD")]
    verdict = replay(with_events(events))
    assert faults(verdict) == [(25, ANNA, "BL-7.4")]


def test_bl_7_4_c_the_overtrump_duty_broken() -> None:
    # Trick 7 of fixtures/belote/overtrump.json: Anna leads Q♦, Ben trumps with 7♥, Cleo holds K♥ and plays 9♣.
    verdict = replay(json.loads((FIXTURES / "overtrump.json").read_text()))
    assert faults(verdict) == [(28, CLEO, "BL-7.4")]
    assert verdict.violations[0].trick == 7
    assert verdict.violations[0].message == (
        "Cleo had no diamonds and an opponent, Ben, held the trick with 7♥, so had to overtrump: "
        "Cleo held K♥, which beats it"
    )


def test_bl_7_4_c_no_trump_high_enough_leaves_any_card() -> None:
    # Trick 7 of BL1: Ben trumps with A♥; Cleo's K♥ cannot beat it, so her 9♣ is allowed.
    verdict = replay(with_events([*bl1_plays(6), play(ANNA, "QD"), play(BEN, "AH")]))
    assert verdict.next_turn is not None
    assert set(verdict.next_turn.allowed) == {"KH", "9C"}


@pytest.mark.parametrize(("flags", "expected"), [([], []), (["bl_must_trump_partner_master"], [(12, CLEO, "R-BL-9")])])
def test_bl_7_4_a_r_bl_9_void_with_the_partner_holding_the_trick(flags: list[str], expected: list[Any]) -> None:
    # Trick 3 of BL1: Anna's 10♠ holds the trick over Ben's K♠; Cleo has no spade, holds K♥ and discards 8♦.
    verdict = replay({**bl1(), "flags": flags})
    assert faults(verdict) == expected


def test_bl_7_1_a_lead_out_of_turn_is_flagged() -> None:
    verdict = replay(with_events([bid(ANNA, "take"), play(BEN, "AC")]))
    assert faults(verdict) == [(2, BEN, "BL-7.1")]


def test_bl_7_5_the_winner_of_every_trick_of_bl1() -> None:
    verdict = replay(bl1())
    assert [trick.winner for trick in verdict.tricks] == [ANNA, ANNA, ANNA, ANNA, BEN, ANNA, BEN, ANNA]
    assert [trick.points for trick in verdict.tricks] == [33, 14, 16, 11, 16, 21, 16, 25]
    assert verdict.tricks_won == (6, 2, 0, 0)


def test_bl_2_3_card_points_with_the_last_trick_add_up_to_162() -> None:
    # BL1: Anna & Cleo 120 card points and the last trick, Ben & Dan 32.
    assert replay(bl1()).card_points == (130, 32)
    assert replay(json.loads((FIXTURES / "overtrump.json").read_text())).card_points == (141, 21)


def test_bl_8_1_the_deal_entry_and_score_of_bl1_without_announcements() -> None:
    verdict = replay(bl1())
    # The entry as Trickbook stores it (docs/match-file.md): both sides' card points, no announcements declared.
    none_declared = {
        f"{camp}_{field}": value
        for camp in ("taker", "defender")
        for field, value in (
            ("run", 0),
            ("carre", "none"),
            ("run_top", "none"),
            ("run_in_trumps", False),
            ("other_announcements", 0),
        )
    }
    assert verdict.deal_entry == {
        "taker": ANNA,
        "trump": "H",
        "taker_card_points": 120,
        "defender_card_points": 32,
        "last_trick": "takers",
        "capot": "none",
        **none_declared,
        "equal_runs_first": "none",
        "belote": CLEO,
        "renonce": "none",  # no renonce ruled (BL-10.1): the deal as played
    }
    assert verdict.score is not None and verdict.score.points == (150, 32)  # 120 + 10 + 20 against 32


# --- belote-rebelote (BL-6.1) --------------------------------------------------------------------------------


def test_bl_6_1_rebelote_without_belote_is_flagged_and_scores_nothing() -> None:
    events = bl1()["events"]
    events[3] = play(CLEO, "QH")  # trick 1 without "belote"
    verdict = replay(with_events(events))
    assert faults(verdict) == [(31, CLEO, "BL-6.1")]
    assert verdict.deal_entry is not None and verdict.deal_entry["belote"] is None


def test_bl_6_1_belote_without_rebelote_scores_nothing() -> None:
    events = bl1()["events"]
    events[30] = play(CLEO, "KH")
    verdict = replay(with_events(events))
    assert faults(verdict) == []
    assert verdict.deal_entry is not None and verdict.deal_entry["belote"] is None
    assert any("never rebelote" in note for note in verdict.notes)


def test_bl_6_1_belote_with_the_second_of_k_and_q_is_flagged() -> None:
    events = bl1()["events"]
    events[3] = play(CLEO, "QH")
    events[30] = play(CLEO, "KH", announce="belote")  # trick 8, after her Q♥ in trick 1
    verdict = replay(with_events(events))
    assert faults(verdict) == [(31, CLEO, "BL-6.1")]
    assert verdict.violations[0].message == "Cleo said belote with K♥ after Q♥ was played"


def test_bl_6_1_belote_said_with_another_card_is_flagged() -> None:
    verdict = replay(with_events([bid(ANNA, "take"), play(ANNA, "JH", announce="belote")]))
    assert faults(verdict) == [(2, ANNA, "BL-6.1")]


# --- random deals -------------------------------------------------------------------------------------------


def trick_winner(plays: list[tuple[int, str]], trump: str) -> int:
    """BL-7.5 worked from BL-2.1 on its own: the highest trump, else the highest card of the suit led."""
    trump_order, plain_order = "J9ATKQ87", "ATKQJ987"
    trumps = [(trump_order.index(code[0]), seat) for seat, code in plays if code[1] == trump]
    if trumps:
        return min(trumps)[1]
    led = plays[0][1][1]
    return min((plain_order.index(code[0]), seat) for seat, code in plays if code[1] == led)[1]


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**32 - 1), flags=st.sampled_from([[], ["bl_must_trump_partner_master"]]))
def test_random_legal_deals_replay_as_legal(seed: int, flags: list[str]) -> None:
    rng = random.Random(seed)
    cards = [card.code for card in SETUP.pack]
    rng.shuffle(cards)
    doc: dict[str, Any] = {
        "game": "belote",
        "players": ["Anna", "Ben", "Cleo", "Dan"],
        "dealer": rng.randrange(4),
        "flags": flags,
        "hands": [cards[seat * 5 : seat * 5 + 5] for seat in range(4)],
        "turn_up": cards[20],
        "stock": cards[21:],
        "events": [],
    }
    while (turn := replay(doc).next_turn) is not None:
        if turn.kind == "trump":
            doc["events"].append(bid(turn.seat, rng.choice(turn.allowed)))
        else:
            doc["events"].append(play(turn.seat, rng.choice(turn.allowed)))
    verdict = replay(doc)
    assert verdict.violations == () and verdict.complete
    if verdict.deal_entry == {"passed_out": True}:
        return
    assert len(verdict.tricks) == 8 and sum(verdict.tricks_won) == 8
    assert verdict.card_points is not None and sum(verdict.card_points) == 162
    trump = verdict.deal_entry["trump"] if verdict.deal_entry else ""
    for trick in verdict.tricks:
        assert trick.winner == trick_winner([(seat, card.code) for seat, card in trick.plays], trump)
    assert verdict.score is not None

"""Call Bridge referee (docs/rules/call_bridge.md, R-CB-1, R-CB-7, worked example C9).
Expected values worked by hand."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.core.games.call_bridge import REFEREE, allowed_cards, trick_winner
from referee.core.verdict import RecordError, Verdict
from scoring.core.games.call_bridge import GAME as SCORING
from vocabulary.cards import parse_card, parse_cards, standard_pack

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "call_bridge" / "hand.json"
PLAYERS = ["P1", "P2", "P3", "P4"]
NO_FLAGS: frozenset[str] = frozenset()

# C9 (§6.2). Seat 3 deals, so P1 (seat 0) is on the dealer's right: P1 calls first and leads.
C9_HANDS = [
    "AH KH QH JH TH 8H 7H 6H 5H 4H 3H 2H 4S",  # P1: every heart but 9♥
    "3S JS 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD",  # P2: no hearts; ♠3, ♠J, ♦9
    "2S TS 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC",  # P3: no hearts; ♠2 and ♠10
    "9H 5S 6S 7S 8S 9S QS KS AS KD AD KC AC",  # P4: 9♥ is the only heart
]
C9_CALLS = [3, 2, 2, 4]


def calls(values: list[int], dealer: int = 3) -> list[dict[str, Any]]:
    """Call events in CB-4.1 order: from the dealer's right round to the dealer."""
    seats = [(dealer + 1 + step) % 4 for step in range(4)]
    return [{"type": "call", "seat": seat, "call": values[seat]} for seat in seats]


def plays(*pairs: tuple[int, str]) -> list[dict[str, Any]]:
    return [{"type": "play", "seat": seat, "card": card} for seat, card in pairs]


def record(
    events: list[dict[str, Any]], hands: list[str] | None = None, dealer: int = 3, flags: list[str] | None = None
) -> dict[str, Any]:
    return {
        "game": "call_bridge",
        "players": PLAYERS,
        "dealer": dealer,
        "flags": flags or [],
        "hands": [hand.split() for hand in (hands or C9_HANDS)],
        "events": events,
    }


def replay(doc: dict[str, Any]) -> Verdict:
    return REFEREE.replay(REFEREE.parse(doc))


def violations(verdict: Verdict) -> list[tuple[int, int, str]]:
    return [(v.event, v.seat, v.rule) for v in verdict.violations]


def cards(text: str) -> list[Any]:
    return list(parse_cards(text, "test"))


def trick(*pairs: tuple[int, str]) -> list[tuple[int, Any]]:
    return [(seat, parse_card(code)) for seat, code in pairs]


# --- C9, verbatim ---------------------------------------------------------------------------------


def test_cb_6_2_c9_legality_within_a_trick() -> None:
    events = calls(C9_CALLS)
    after_lead = replay(record([*events, *plays((0, "5H"))]))
    assert after_lead.next_turn is not None
    # P2 has no hearts and no spade is in the trick: a spade, either one.
    assert (after_lead.next_turn.seat, set(after_lead.next_turn.allowed)) == (1, {"3S", "JS"})
    after_p2 = replay(record([*events, *plays((0, "5H"), (1, "3S"))]))
    assert after_p2.next_turn is not None
    # P3 must beat ♠3: ♠10 is the only legal card.
    assert (after_p2.next_turn.seat, after_p2.next_turn.allowed) == (2, ("TS",))
    after_p3 = replay(record([*events, *plays((0, "5H"), (1, "3S"), (2, "TS"))]))
    assert after_p3.next_turn is not None
    # P4 holds 9♥ and must follow with it.
    assert (after_p3.next_turn.seat, after_p3.next_turn.allowed) == (3, ("9H",))
    verdict = replay(record([*events, *plays((0, "5H"), (1, "3S"), (2, "TS"), (3, "9H"))]))
    assert verdict.violations == ()
    assert verdict.tricks[0].winner == 2  # P3 wins the trick
    assert verdict.tricks[0].leader == 0
    assert verdict.tricks_won == (0, 0, 1, 0)
    assert verdict.next_turn is not None
    assert verdict.next_turn.seat == 2  # the winner leads next (CB-5.1)


@pytest.mark.parametrize(
    ("c9_plays", "event", "seat", "card"),
    [
        (((0, "5H"), (1, "9D")), 6, 1, "9D"),  # P2 must play a spade
        (((0, "5H"), (1, "3S"), (2, "2S")), 7, 2, "2S"),  # P3 must overtrump ♠3
        (((0, "5H"), (1, "3S"), (2, "2C")), 7, 2, "2C"),
        (((0, "5H"), (1, "3S"), (2, "TS"), (3, "AS")), 8, 3, "AS"),  # P4 must follow with 9♥
    ],
)
def test_cb_5_2_c9_illegal_cards_are_flagged(
    c9_plays: tuple[tuple[int, str], ...], event: int, seat: int, card: str
) -> None:
    verdict = replay(record([*calls(C9_CALLS), *plays(*c9_plays)]))
    assert violations(verdict) == [(event, seat, "CB-5.2")]
    violation = verdict.violations[0]
    assert violation.card == parse_card(card)
    assert violation.trick == 1
    assert f"{PLAYERS[seat]} played {parse_card(card).label}" in violation.message


def test_cb_5_2_illegal_play_is_recorded_and_the_trick_completes() -> None:
    # P2 discards ♦9 instead of spading: flagged, and play goes on; P3's ♠2 then wins.
    verdict = replay(record([*calls(C9_CALLS), *plays((0, "5H"), (1, "9D"), (2, "2S"), (3, "9H"))]))
    assert violations(verdict) == [(6, 1, "CB-5.2")]
    assert verdict.tricks[0].winner == 2
    assert str(verdict.tricks[0].reason) == "2♠ is the highest spade (CB-5.3)"
    assert "P2 played 9♦" in verdict.violations[0].message


@pytest.mark.parametrize(
    ("c9_plays", "message"),
    [
        (((0, "5H"), (1, "9D")), "P2 played 9♦ but had no hearts and held 3♠, so had to play a spade"),
        (((0, "5H"), (1, "3S"), (2, "2S")), "P3 played 2♠ but held 10♠ and had to beat 3♠ with a higher spade"),
        (((0, "5H"), (1, "3S"), (2, "TS"), (3, "AS")), "P4 played A♠ but held 9♥ and had to follow suit to 5♥"),
    ],
)
def test_cb_5_2_message_says_the_duty_in_words_and_leaves_the_rule_to_its_field(
    c9_plays: tuple[tuple[int, str], ...], message: str
) -> None:
    violation = replay(record([*calls(C9_CALLS), *plays(*c9_plays)])).violations[0]
    assert (violation.rule, violation.message) == ("CB-5.2", message)


# --- CB-5.2 and R-CB-7, card by card --------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "so_far", "flags", "expected", "rule"),
    [
        ("AS 2H", [], NO_FLAGS, "AS 2H", ""),  # CB-5.1: any lead, spades included
        ("2H KH 3S 4C", [(0, "5H")], NO_FLAGS, "2H KH", "CB-5.2"),  # (a) any card of the led suit
        ("2S KS 3H", [(0, "5S")], NO_FLAGS, "2S KS", "CB-5.2"),  # (a) spades led: follow in spades
        ("3S JS 9D", [(0, "5H")], NO_FLAGS, "3S JS", "CB-5.2"),  # (b) no spade yet: any spade
        ("2S TS 2C", [(0, "5H"), (1, "3S")], NO_FLAGS, "TS", "CB-5.2"),  # (b) overtrump if able
        ("2S TS 2C", [(0, "5H"), (1, "AS")], NO_FLAGS, "2S TS 2C", ""),  # (b) cannot overtrump: any card
        ("2C 3D", [(0, "5H"), (1, "3S")], NO_FLAGS, "2C 3D", ""),  # (c) neither suit nor spades
        ("2C 3H", [(0, "5S")], NO_FLAGS, "2C 3H", ""),  # (c) spades led, no spades
        ("2H KH 3S", [(0, "5H"), (1, "9H")], NO_FLAGS, "2H KH", "CB-5.2"),  # no duty to win by default
    ],
)
def test_cb_5_2_allowed_cards(
    hand: str, so_far: list[tuple[int, str]], flags: frozenset[str], expected: str, rule: str
) -> None:
    allowed, limiting = allowed_cards(cards(hand), trick(*so_far), flags)
    assert (set(allowed), limiting) == (set(cards(expected)), rule)


HEAD = frozenset({"cb_must_head_trick"})


@pytest.mark.parametrize(
    ("hand", "so_far", "expected", "rule"),
    [
        ("2H KH 3S", [(0, "5H"), (1, "9H")], "KH", "R-CB-7"),  # must beat 9♥
        ("2H 3H", [(0, "5H"), (1, "9H")], "2H 3H", "CB-5.2"),  # cannot beat it: any heart
        ("8H TH", [(0, "5H"), (1, "2C"), (2, "9H")], "TH", "R-CB-7"),  # a discard is not the highest card
        ("2H AH", [(0, "5H"), (1, "3S")], "2H AH", "CB-5.2"),  # a spade trumped: no heart beats it
        ("2S KS", [(0, "5S"), (1, "QS")], "KS", "R-CB-7"),  # spades led: beat the queen
        ("2H 4H KH", [(0, "3H")], "4H KH", "R-CB-7"),  # second hand must beat the lead too
        ("3S JS 9D", [(0, "5H")], "3S JS", "CB-5.2"),  # a void player is not affected
    ],
)
def test_cb_r7_must_head_trick(hand: str, so_far: list[tuple[int, str]], expected: str, rule: str) -> None:
    allowed, limiting = allowed_cards(cards(hand), trick(*so_far), HEAD)
    assert (set(allowed), limiting) == (set(cards(expected)), rule)


def test_cb_r7_must_head_trick_flags_a_low_follow_in_a_replay() -> None:
    # Seat 2 deals, so P4 (seat 3) calls first and leads 9♥; P1 holds every other heart.
    events = [*calls(C9_CALLS, dealer=2), *plays((3, "9H"), (0, "2H"))]
    default = replay(record(events, dealer=2))
    head = replay(record(events, dealer=2, flags=["cb_must_head_trick"]))
    assert violations(default) == []
    assert violations(head) == [(6, 0, "R-CB-7")]
    assert "9♥" in head.violations[0].message


def test_cb_r7_not_following_suit_under_must_head_trick_breaks_cb_5_2() -> None:
    events = [*calls(C9_CALLS, dealer=2), *plays((3, "9H"), (0, "4S"))]
    head = replay(record(events, dealer=2, flags=["cb_must_head_trick"]))
    assert violations(head) == [(6, 0, "CB-5.2")]


# --- CB-5.3 ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("played", "winner", "reason"),
    [
        # C9: the highest spade
        (((0, "5H"), (1, "3S"), (2, "TS"), (3, "9H")), 2, "10♠ is the highest spade (CB-5.3)"),
        # no spade: highest heart
        (((0, "5H"), (1, "2C"), (2, "9H"), (3, "KD")), 2, "9♥ is the highest heart; no spade was played (CB-5.3)"),
        (((0, "5S"), (1, "AS"), (2, "2S"), (3, "AH")), 1, "A♠ is the highest spade (CB-5.3)"),  # spades led
        (((1, "5H"), (2, "3S"), (3, "2C"), (0, "4S")), 0, "4♠ is the highest spade (CB-5.3)"),  # the overtrump wins
        # off-suit aces do not win
        (((2, "2D"), (3, "AC"), (0, "AH"), (1, "3D")), 1, "3♦ is the highest diamond; no spade was played (CB-5.3)"),
    ],
)
def test_cb_5_3_trick_winner(played: tuple[tuple[int, str], ...], winner: int, reason: str) -> None:
    assert trick_winner(trick(*played))[0] == winner
    assert str(trick_winner(trick(*played))[1]) == reason


# --- a whole deal ---------------------------------------------------------------------------------

SUITED_HANDS = [
    "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
    "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
    "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
    "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
]


def suited_deal() -> list[dict[str, Any]]:
    """Seat 3 holds every spade: it trumps the first trick, then leads spades to the end."""
    events = [*calls([2, 2, 2, 12]), *plays((0, "AH"), (1, "AD"), (2, "AC"), (3, "2S"))]
    ranks = ["A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3"]
    others = ["K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"]
    for spade, other in zip(ranks, others, strict=True):
        events += plays((3, f"{spade}S"), (0, f"{other}H"), (1, f"{other}D"), (2, f"{other}C"))
    return events


def test_cb_5_4_complete_deal_is_scored() -> None:
    verdict = replay(record(suited_deal(), SUITED_HANDS))
    assert verdict.violations == ()
    assert verdict.complete
    assert verdict.tricks_won == (0, 0, 0, 13)
    assert [t.winner for t in verdict.tricks] == [3] * 13
    assert verdict.deal_entry == {"calls": [2, 2, 2, 12], "tricks": [0, 0, 0, 13]}
    assert verdict.score is not None
    assert verdict.score.points == (-2, -2, -2, 13)  # a call of 12 made with 13 (R-CB-3)
    assert verdict.next_turn is None
    assert verdict.card_points is None


def test_cb_5_4_play_after_the_last_trick_is_flagged() -> None:
    verdict = replay(record([*suited_deal(), *plays((0, "2H"))], SUITED_HANDS))
    assert violations(verdict) == [(57, 0, "CB-3.2")]
    assert verdict.complete


def test_cb_unfinished_deal_has_no_entry() -> None:
    verdict = replay(record(suited_deal()[:10], SUITED_HANDS))
    assert (verdict.complete, verdict.deal_entry, verdict.score) == (False, None, None)
    assert len(verdict.tricks) == 2 and verdict.tricks[1].winner is None
    assert verdict.next_turn is not None
    assert (verdict.next_turn.seat, verdict.next_turn.kind) == (1, "play")


def test_cb_r1_illegal_call_blocks_the_score_with_a_note() -> None:
    events = suited_deal()
    events[3] = {"type": "call", "seat": 3, "call": 13}
    verdict = replay(record(events, SUITED_HANDS))
    assert violations(verdict) == [(4, 3, "R-CB-1")]
    assert verdict.complete and verdict.deal_entry is None and verdict.score is None
    assert any("R-CB-1" in note for note in verdict.notes)
    allowed = replay(record(events, SUITED_HANDS, flags=["cb_allow_13"]))
    assert allowed.violations == ()
    assert allowed.score is not None and allowed.score.points == (-2, -2, -2, 13)


# --- calls: CB-4.1, CB-4.2, R-CB-1 ----------------------------------------------------------------


def test_cb_4_1_first_turn_is_a_call_on_the_dealers_right() -> None:
    verdict = replay(record([], dealer=1))
    assert verdict.next_turn is not None
    assert (verdict.next_turn.seat, verdict.next_turn.kind) == (2, "call")
    assert verdict.next_turn.allowed == tuple(str(n) for n in range(2, 13))
    allow_13 = replay(record([], dealer=1, flags=["cb_allow_13"]))
    assert allow_13.next_turn is not None and allow_13.next_turn.allowed[-1] == "13"


def test_cb_5_1_after_the_calls_the_dealers_right_leads() -> None:
    verdict = replay(record(calls(C9_CALLS, dealer=1), dealer=1))
    assert verdict.next_turn is not None
    assert (verdict.next_turn.seat, verdict.next_turn.kind) == (2, "play")
    assert set(verdict.next_turn.allowed) == set(C9_HANDS[2].split())


@pytest.mark.parametrize(
    ("events", "expected"),
    [
        ([{"type": "call", "seat": 1, "call": 3}], [(1, 1, "CB-4.1")]),  # seat 0 calls first
        ([{"type": "call", "seat": 0, "call": 1}], [(1, 0, "CB-4.2")]),
        ([{"type": "call", "seat": 0, "call": 0}], [(1, 0, "CB-4.2")]),
        ([{"type": "call", "seat": 0, "call": 14}], [(1, 0, "CB-4.2")]),
        ([{"type": "call", "seat": 0, "call": 13}], [(1, 0, "R-CB-1")]),
        ([{"type": "call", "seat": 0, "call": 12}], []),
        (
            [{"type": "call", "seat": 0, "call": 3}, {"type": "call", "seat": 0, "call": 4}],
            [(2, 0, "CB-4.2")],  # one call each
        ),
        (plays((0, "5H")), [(1, 0, "CB-4.1")]),  # play before the calls
        ([*calls(C9_CALLS)[:3], *plays((0, "5H")), *calls(C9_CALLS)[3:]], [(4, 0, "CB-4.1"), (5, 3, "CB-4.1")]),
    ],
)
def test_cb_4_calls(events: list[dict[str, Any]], expected: list[tuple[int, int, str]]) -> None:
    assert violations(replay(record(events))) == expected


# --- turn, hand and duplicates: CB-5.4 ------------------------------------------------------------


@pytest.mark.parametrize(
    ("c9_plays", "expected"),
    [
        (((1, "3S"),), [(5, 1, "CB-5.4")]),  # P2 leads out of turn
        (((0, "5H"), (2, "TS")), [(6, 2, "CB-5.4")]),  # P3 plays before P2
    ],
)
def test_cb_5_4_play_out_of_turn(c9_plays: tuple[tuple[int, str], ...], expected: list[tuple[int, int, str]]) -> None:
    assert violations(replay(record([*calls(C9_CALLS), *plays(*c9_plays)]))) == expected


def test_cb_5_4_card_not_in_hand() -> None:
    verdict = replay(record([*calls(C9_CALLS), *plays((0, "5H"), (1, "AS"))]))
    assert violations(verdict) == [(6, 1, "CB-5.4")]
    assert "P4" in verdict.violations[0].message  # the card was dealt to P4


def test_cb_1_1_card_played_twice() -> None:
    events = [*calls(C9_CALLS), *plays((0, "5H"), (1, "3S"), (2, "TS"), (3, "9H"), (2, "TS"))]
    verdict = replay(record(events))
    assert violations(verdict) == [(9, 2, "CB-1.1")]
    assert "trick 1" in verdict.violations[0].message


# --- reading records ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda doc: doc["hands"][1].pop(), "hands[1]"),
        (lambda doc: doc["hands"][2].__setitem__(0, "AH"), "hands[2][0]"),  # ♥A dealt twice
        (lambda doc: doc["hands"][3].__setitem__(0, "GC"), "hands[3][0]"),  # a colon is not in this pack
        (lambda doc: doc["hands"][0].__setitem__(0, "XX"), "hands[0][0]"),
        (lambda doc: doc["events"].append({"type": "call", "seat": 0, "call": "3"}), "events[0].call"),
        (lambda doc: doc["events"].append({"type": "call", "seat": 0, "call": True}), "events[0].call"),
        (lambda doc: doc["events"].append({"type": "play", "seat": 0, "card": "1H"}), "events[0].card"),
        (lambda doc: doc["events"].append({"type": "play", "seat": 0, "card": "RC"}), "events[0].card"),
        (lambda doc: doc["events"].append({"type": "bid", "seat": 0}), "events[0].type"),
        (lambda doc: doc["events"].append({"type": "play", "seat": 4, "card": "5H"}), "events[0].seat"),
        (lambda doc: doc.__setitem__("dealer", 4), "dealer"),
    ],
)
def test_cb_unreadable_records_name_the_path(change: Any, path: str) -> None:
    doc = record([])
    change(doc)
    with pytest.raises(RecordError) as caught:
        REFEREE.parse(doc)
    assert caught.value.path == path


def test_cb_fixture_replays_legal_and_complete() -> None:
    doc = json.loads(FIXTURE.read_text())
    verdict = replay(doc)
    assert verdict.violations == ()
    assert verdict.complete
    assert sum(verdict.tricks_won) == 13
    assert verdict.deal_entry is not None and verdict.score is not None
    deal = SCORING.parse_deal(verdict.deal_entry, frozenset(doc["flags"]))
    assert verdict.score == SCORING.score_deal(deal, doc["dealer"], frozenset(doc["flags"]), 0)


# --- properties -----------------------------------------------------------------------------------

PACK = [card.code for card in standard_pack()]


@st.composite
def legal_records(draw: st.DrawFn) -> tuple[dict[str, Any], list[tuple[int, tuple[str, ...]]]]:
    """A random deal played to the end with cards from next_turn.allowed; also each play's allowed cards."""
    shuffled = draw(st.permutations(PACK))
    dealer = draw(st.integers(0, 3))
    flags = sorted(draw(st.sets(st.sampled_from(["cb_must_head_trick", "cb_allow_13", "cb_pagat_window"]))))
    values = draw(st.lists(st.integers(2, 12), min_size=4, max_size=4))
    hands = [" ".join(shuffled[seat * 13 : seat * 13 + 13]) for seat in range(4)]
    doc = record(calls(values, dealer), hands, dealer, flags)
    parsed = REFEREE.parse(doc)
    steps: list[tuple[int, tuple[str, ...]]] = []
    for _ in range(52):
        turn = REFEREE.replay(parsed).next_turn
        assert turn is not None and turn.kind == "play"
        card = draw(st.sampled_from(turn.allowed))
        steps.append((len(doc["events"]), turn.allowed))
        doc["events"].append({"type": "play", "seat": turn.seat, "card": card})
        parsed = REFEREE.parse(doc)
    return doc, steps


@settings(max_examples=50, deadline=None)
@given(legal_records())
def test_cb_random_legal_deals_replay_clean(generated: tuple[dict[str, Any], list[Any]]) -> None:
    doc, _ = generated
    verdict = replay(doc)
    assert verdict.violations == ()
    assert verdict.complete and verdict.next_turn is None
    assert len(verdict.tricks) == 13 and all(len(t.plays) == 4 for t in verdict.tricks)
    assert sum(verdict.tricks_won) == 13
    assert [sum(1 for t in verdict.tricks if t.winner == seat) for seat in range(4)] == list(verdict.tricks_won)
    played = [card for t in verdict.tricks for _, card in t.plays]
    assert len(set(played)) == 52
    assert verdict.deal_entry is not None
    assert verdict.deal_entry["tricks"] == list(verdict.tricks_won)


@settings(max_examples=50, deadline=None)
@given(legal_records(), st.data())
def test_cb_one_disallowed_card_is_flagged_at_that_event(
    generated: tuple[dict[str, Any], list[tuple[int, tuple[str, ...]]]], data: st.DataObject
) -> None:
    doc, steps = generated
    candidates = []
    for position, allowed in steps:
        event = doc["events"][position]
        played_before = {e["card"] for e in doc["events"][:position] if e["type"] == "play"}
        hand = [card for card in doc["hands"][event["seat"]] if card not in played_before]
        banned = [card for card in hand if card not in allowed]
        if banned:
            candidates.append((position, banned))
    if not candidates:
        return
    position, banned = data.draw(st.sampled_from(candidates))
    bad = data.draw(st.sampled_from(banned))
    # The rule: R-CB-7 if the card passes CB-5.2 but fails the cb_must_head_trick duty.
    default_doc = {
        **doc,
        "flags": [f for f in doc["flags"] if f != "cb_must_head_trick"],
        "events": doc["events"][:position],
    }
    default_turn = replay(default_doc).next_turn
    assert default_turn is not None
    expected_rule = "R-CB-7" if bad in default_turn.allowed else "CB-5.2"
    mutated = {
        **doc,
        "events": [*doc["events"][:position], {**doc["events"][position], "card": bad}, *doc["events"][position + 1 :]],
    }
    verdict = replay(mutated)
    first = verdict.violations[0]
    assert (first.event, first.seat, first.rule) == (position + 1, doc["events"][position]["seat"], expected_rule)
    assert first.card == parse_card(bad)

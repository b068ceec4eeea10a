"""Records of the plays only (docs/hand-record.md): no hands, each hand the cards its seat plays, so a revoke is
proven by a later card of the suit; and Belote's hands as held in play (docs/referee/belote.md).

Every record here is worked by hand: who leads, who shows out of a suit and which later card proves the revoke.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from referee.core.games import REFEREES
from referee.core.replay import replay_document, verdict_json
from referee.core.setup import PLAYS_ONLY
from referee.core.verdict import RecordError, Verdict

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
FOUR = ["Anna", "Ben", "Cleo", "Dev"]


def _plays(*plays: tuple[int, str]) -> list[dict[str, Any]]:
    return [{"type": "play", "seat": seat, "card": card} for seat, card in plays]


def _replay(record: dict[str, Any]) -> Verdict:
    return replay_document(record)[1]


def _violations(verdict: Verdict) -> list[tuple[int, int, str, str]]:
    return [(v.event, v.seat, v.rule, v.message) for v in verdict.violations]


# --- Contract Bridge ---------------------------------------------------------------------------------------------

# Anna (N) deals and opens 1♣, three passes: Anna declares, Ben (E) leads, Cleo (S) is dummy (BR-4.7, BR-5.1).
# Trick 1: Ben A♥, dummy 6♥, Dev 3♥, Anna 4♠: Anna shows out of hearts. Trick 2 (Ben's A♥ won): Ben K♥, dummy 7♥,
# Dev 8♥, Anna 5♥: the heart she held at trick 1 proves the revoke there.
BRIDGE = {
    "game": "contract_bridge",
    "players": FOUR,
    "dealer": 0,
    "flags": [],
    "events": [
        {"type": "call", "seat": 0, "call": "1C"},
        {"type": "call", "seat": 1, "call": "pass"},
        {"type": "call", "seat": 2, "call": "pass"},
        {"type": "call", "seat": 3, "call": "pass"},
        *_plays((1, "AH"), (2, "6H"), (3, "3H"), (0, "4S"), (1, "KH"), (2, "7H"), (3, "8H"), (0, "5H")),
    ],
}


def test_br_5_3_a_revoke_is_proven_by_a_later_card_of_the_suit() -> None:
    verdict = _replay(BRIDGE)
    assert _violations(verdict) == [
        (8, 0, "BR-5.3", "Anna played 4♠ to A♥ while holding 5♥: a hand holding hearts must follow suit")
    ]
    assert [trick.winner for trick in verdict.tricks] == [1, 1]  # A♥, then K♥ (BR-5.4)
    assert verdict.notes == (
        PLAYS_ONLY,
        "Honours (BR-6.7) are counted from the cards played: the whole hands once 13 tricks are played.",
    )


def test_br_5_3_a_record_that_stops_before_the_proof_is_judged_on_what_it_shows() -> None:
    record = {**BRIDGE, "events": BRIDGE["events"][:8]}  # up to Anna's 4♠: no heart of hers is seen
    verdict = _replay(record)
    assert verdict.violations == ()
    assert verdict.next_turn is not None and verdict.next_turn.seat == 1  # Ben's A♥ won: Ben leads (BR-5.4)
    assert verdict.next_turn.prompt == "Ben to lead to trick 2"


def test_br_5_6_a_card_played_twice_is_flagged_in_a_record_of_the_plays_only() -> None:
    # Dev plays Ben's A♥ again to trick 1: it is Ben's, the first to play it, and already played.
    record = {**BRIDGE, "events": [*BRIDGE["events"][:4], *_plays((1, "AH"), (2, "6H"), (3, "AH"))]}
    assert _violations(_replay(record)) == [(7, 3, "BR-5.6", "Dev played A♥, already played to trick 1")]


def test_br_9_1_a_whole_deal_of_the_plays_only_scores_as_with_its_hands() -> None:
    # fixtures/contract_bridge/hand.json (docs/referee/contract_bridge.md): 2♣X by Anna, 8 tricks, made, and Anna's
    # A Q J 10 of clubs are honours: N-S 80 + 50 + 100 = 230. Every card is played, so the honours are seen.
    record = json.loads((FIXTURES / "contract_bridge" / "hand.json").read_text())
    del record["hands"]
    verdict = _replay(record)
    assert verdict.complete and verdict.legal
    assert verdict.deal_entry is not None and verdict.deal_entry["honours"] == "NS100"
    assert verdict.score is not None and verdict.score.points == (230, 0)
    assert verdict.notes[-2:] == (
        PLAYS_ONLY,
        "Honours (BR-6.7) are counted from the cards played: the whole hands once 13 tricks are played.",
    )


# --- Call Bridge -------------------------------------------------------------------------------------------------


def test_cb_5_2_a_revoke_is_proven_by_a_later_card_of_the_suit() -> None:
    # Cleo deals; Dev, on her right, calls first and leads (CB-4.1, CB-5.1). Trick 1: Dev 2♣, Anna 3♣, Ben 5♥ (out
    # of clubs), Cleo 8♣ wins. Trick 2: Cleo 9♣, Dev 6♣, Anna 4♣, Ben Q♣: Ben held a club at trick 1.
    record = {
        "game": "call_bridge",
        "players": FOUR,
        "dealer": 2,
        "flags": [],
        "events": [
            *({"type": "call", "seat": seat, "call": call} for seat, call in ((3, 3), (0, 3), (1, 4), (2, 2))),
            *_plays((3, "2C"), (0, "3C"), (1, "5H"), (2, "8C"), (2, "9C"), (3, "6C"), (0, "4C"), (1, "QC")),
        ],
    }
    verdict = _replay(record)
    assert _violations(verdict) == [(7, 1, "CB-5.2", "Ben played 5♥ but held Q♣ and had to follow suit to 2♣")]
    assert [trick.winner for trick in verdict.tricks] == [2, 1]  # 8♣; then Q♣ (CB-5.3)


# --- Belote ------------------------------------------------------------------------------------------------------

# Dan deals, the turn-up is 8♥, Anna (his next player) takes it in the first round and leads (BL-4.1, BL-7.1).
BELOTE = {"game": "belote", "players": ["Anna", "Ben", "Cleo", "Dan"], "dealer": 3, "flags": [], "turn_up": "8H"}
TAKE = {"type": "bid", "seat": 0, "choice": "take"}


def test_bl_7_2_a_revoke_is_proven_by_a_later_card_of_the_suit() -> None:
    # Trick 1: Anna A♠, Ben 7♦ (out of spades), Cleo K♠, Dan 7♠; Anna's A♠ wins. Trick 2: Anna 10♠, Ben Q♠.
    events = [TAKE, *_plays((0, "AS"), (1, "7D"), (2, "KS"), (3, "7S"), (0, "10S"), (1, "QS"))]
    verdict = _replay({**BELOTE, "events": events})
    assert _violations(verdict) == [(3, 1, "BL-7.2", "Ben held Q♠ and had to follow suit to A♠")]
    assert verdict.tricks[0].winner == 0


def test_bl_6_1_a_belote_is_taken_at_its_word_until_the_other_card_is_played() -> None:
    # Anna leads J♥, Ben 7♥, Cleo Q♥ saying belote: nobody has played K♥, so Cleo is taken to hold it.
    events = [TAKE, *_plays((0, "JH"), (1, "7H")), {"type": "play", "seat": 2, "card": "QH", "announce": "belote"}]
    assert _replay({**BELOTE, "events": events}).violations == ()
    # Dan then plays K♥: it was his, so Cleo said belote without it.
    events = [*events, *_plays((3, "KH"))]
    assert _violations(_replay({**BELOTE, "events": events})) == [
        (4, 2, "BL-6.1", "Cleo said belote with Q♥ without holding K♥")
    ]


def test_bl_3_4_the_turn_up_is_the_takers_until_played() -> None:
    # Anna took the 8♥ and has not played it: she holds a trump. Trick 1: Anna A♠, Ben 7♠, Cleo 9♠, Dan 8♠.
    # Trick 2: Anna leads 7♣; Ben, Cleo, Dan follow. Nothing is flagged, and Anna still holds 8♥.
    events = [TAKE, *_plays((0, "AS"), (1, "7S"), (2, "9S"), (3, "8S"), (0, "7C"), (1, "8C"), (2, "9C"), (3, "10C"))]
    verdict = _replay({**BELOTE, "events": events})
    assert verdict.violations == ()
    assert [card.code for card in verdict.hands[0]] == ["8H"]


def _held_fixture() -> dict[str, Any]:
    """fixtures/belote/hand.json with each hand as held in play: the cards each seat plays (all 8)."""
    record = json.loads((FIXTURES / "belote" / "hand.json").read_text())
    held: list[list[str]] = [[] for _seat in range(4)]
    for event in record["events"]:
        if event["type"] == "play":
            held[event["seat"]].append(event["card"])
    del record["stock"]
    return {**record, "hands": held}


def test_bl_8_7_the_hands_as_held_in_play_give_the_deal_of_the_dealt_lots() -> None:
    # docs/referee/belote.md: Anna & Cleo 120 card points and the last trick, 130, Ben & Dan 32; with Cleo's
    # belote-rebelote the score is (150, 32).
    verdict = _replay(_held_fixture())
    assert verdict.complete and verdict.legal
    assert verdict.card_points == (130, 32)
    assert verdict.score is not None and verdict.score.points == (150, 32)
    assert PLAYS_ONLY not in verdict.notes  # the hands are given


def test_bl_8_7_a_record_of_the_plays_only_gives_the_same_deal() -> None:
    record = _held_fixture()
    del record["hands"]
    verdict = _replay(record)
    assert verdict.score is not None and verdict.score.points == (150, 32)
    assert PLAYS_ONLY in verdict.notes


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda record: record.update(turn_up="6H"), "turn_up"),  # no 6 in the 32-card pack (BL-1.1)
        (lambda record: record.update(stock=["7C"]), "stock"),  # the stock is dealt: held hands have none
        (lambda record: record["hands"][2].pop(), "hands[2]"),  # 7 cards beside hands of 8
        (lambda record: record["hands"][1].__setitem__(0, "JH"), "hands[1][0]"),  # Anna's J♥ again
    ],
)
def test_bl_3_4_hands_as_held_that_cannot_be_are_refused_by_field(change: Any, path: str) -> None:
    record = _held_fixture()
    change(record)
    with pytest.raises(RecordError) as refused:
        REFEREES["belote"].parse(record)
    assert refused.value.path == path


def test_bl_3_4_a_hand_of_the_wrong_size_says_both_shapes() -> None:
    record = _held_fixture()
    record["hands"][3].pop()
    with pytest.raises(RecordError) as refused:
        REFEREES["belote"].parse(record)
    assert refused.value.message == (
        "each hand holds the 8 cards it plays with once the deal is complete (BL-3.4), not 7; "
        "or give every hand's first 5 cards and the stock"
    )


# --- Klaberjass --------------------------------------------------------------------------------------------------

# Dan deals; Nora, the non-dealer, speaks first and leads (KJ-4.1, KJ-8.1). The turn-up is 10♥.
KLABERJASS = {"game": "klaberjass", "players": ["Nora", "Dan"], "dealer": 1, "flags": [], "turn_up": "10H"}
NORA_TAKES = {"type": "bid", "seat": 0, "choice": "take"}


def test_kj_8_2_a_revoke_is_proven_by_a_later_card_of_the_suit() -> None:
    # Trick 1: Nora A♠, Dan 7♣ (out of spades); Nora wins. Trick 2: Nora K♠, Dan Q♠: a spade he held at trick 1.
    events = [NORA_TAKES, *_plays((0, "AS"), (1, "7C"), (0, "KS"), (1, "QS"))]
    verdict = _replay({**KLABERJASS, "events": events})
    assert _violations(verdict) == [(3, 1, "KJ-8.2", "Dan held Q♠ and had to follow suit to A♠")]


def test_kj_5_3_the_dix_gives_the_turn_up_for_the_7_of_trumps() -> None:
    # Nora takes hearts, swaps the dix (7♥ for the 10♥ turn-up) and leads the 10♥; Dan answers 8♥.
    events = [NORA_TAKES, {"type": "dix", "seat": 0}, *_plays((0, "10H"), (1, "8H"))]
    verdict = _replay({**KLABERJASS, "events": events})
    assert verdict.violations == ()
    assert verdict.tricks[0].winner == 0  # 10♥ beats 8♥ in trumps (KJ-8.3)


def test_kj_6_2_a_declared_sequence_is_held_until_played() -> None:
    # Nora declares J♥ 10♥ 9♥ before her first card and leads J♥; 10♥ and 9♥ are not played yet.
    events = [NORA_TAKES, {"type": "dix", "seat": 0}, {"type": "declare", "seat": 0, "cards": ["JH", "10H", "9H"]}]
    verdict = _replay({**KLABERJASS, "events": [*events, *_plays((0, "JH"))]})
    assert verdict.violations == ()


# --- Draw Bridge and Bridgette: the whole fixture, without its hands and stock ------------------------------------


@pytest.mark.parametrize("game", ["draw_bridge", "bridgette"])
def test_a_whole_deal_of_the_plays_only_replays_as_with_its_hands(game: str) -> None:
    record = json.loads((FIXTURES / game / "hand.json").read_text())
    whole = verdict_json(_replay(copy.deepcopy(record)))
    for field in ("hands", "stock", "upcard"):
        record.pop(field, None)
    plays_only = verdict_json(_replay(record))
    assert plays_only["notes"][: len(whole["notes"])] == whole["notes"]
    assert plays_only["notes"][len(whole["notes"])] == PLAYS_ONLY
    assert {**plays_only, "notes": None} == {**whole, "notes": None}


def test_r_bg_13_a_bridgette_hand_is_known_only_once_all_its_cards_are_played() -> None:
    record = json.loads((FIXTURES / "bridgette" / "hand.json").read_text())
    for field in ("hands", "stock"):
        del record[field]
    first_play = next(n for n, event in enumerate(record["events"]) if event["type"] == "play")
    verdict = _replay({**record, "events": record["events"][: first_play + 2]})
    assert verdict.violations == ()
    assert "Anna's hand is not known, so Anna's plays are not checked against it." in verdict.notes


@pytest.mark.django_db
def test_br_5_3_the_api_judges_a_record_of_the_plays_only(client: Any) -> None:
    response = client.post("/api/referee", json.dumps(BRIDGE), content_type="application/json")
    assert response.status_code == 200
    assert [(v["event"], v["rule"]) for v in response.json()["violations"]] == [(8, "BR-5.3")]

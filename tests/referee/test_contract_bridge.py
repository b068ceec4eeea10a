"""The Contract Bridge referee, rule by rule (docs/rules/contract_bridge.md BR-4 and BR-5).

Expected values are worked by hand from the rules. The deal of fixtures/contract_bridge/hand.json (Anna deals):

    Anna (N)  ♠ A 4 3      ♥ 5 2          ♦ K 7 3     ♣ A Q J 10 9
    Ben (E)   ♠ K 8 2      ♥ A K Q J 4    ♦ Q 8 2     ♣ 8 3
    Cleo (S)  ♠ Q J 10 9   ♥ 7 6          ♦ A J 10 9  ♣ 7 5 2
    Dev (W)   ♠ 7 6 5      ♥ 10 9 8 3     ♦ 6 5 4     ♣ K 6 4

Its auction is the rules' worked example (BR-4): 2♣X by Anna, Ben leads, Cleo is dummy.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.core.games.contract_bridge import REFEREE, honours_held
from referee.core.verdict import RecordError, Verdict
from vocabulary.cards import parse_cards, standard_pack

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "contract_bridge"
HAND = json.loads((FIXTURES / "hand.json").read_text())
REVOKE = json.loads((FIXTURES / "revoke.json").read_text())
ANNA, BEN, CLEO, DEV = range(4)  # North, East, South, West

# The deal of the rules' play example (BR-5): Cleo declares 4♠ and Dev leads K♥; Ben has no hearts.
PLAY_HANDS = [
    ["KS", "QS", "5S", "2H", "AD", "KD", "QD", "JD", "AC", "KC", "QC", "JC", "TC"],
    ["3S", "2S", "TD", "9D", "8D", "7D", "6D", "9C", "8C", "7C", "6C", "5C", "4C"],
    ["AS", "JS", "TS", "9S", "8S", "7S", "6S", "4S", "AH", "5D", "4D", "3C", "2C"],
    ["KH", "QH", "JH", "TH", "9H", "8H", "7H", "6H", "5H", "4H", "3H", "3D", "2D"],
]


def call(seat: int, word: str) -> dict[str, Any]:
    return {"type": "call", "seat": seat, "call": word}


def play(seat: int, card: str) -> dict[str, Any]:
    return {"type": "play", "seat": seat, "card": card}


def replay(events: list[dict[str, Any]], dealer: int = ANNA, hands: list[list[str]] | None = None) -> Verdict:
    record = {**HAND, "dealer": dealer, "hands": hands or HAND["hands"], "events": events}
    return REFEREE.replay(REFEREE.parse(record))


def broken(verdict: Verdict) -> list[tuple[int, str]]:
    return [(violation.event, violation.rule) for violation in verdict.violations]


def calls(*words: str, dealer: int = ANNA) -> list[dict[str, Any]]:
    """The calls in turn from the dealer."""
    return [call((dealer + number) % 4, word) for number, word in enumerate(words)]


# 4♠ by Cleo, dealer Cleo: Dev leads (BR-5.1), Anna is dummy.
FOUR_SPADES = calls("4S", "pass", "pass", "pass", dealer=CLEO)


def play_example(*plays: dict[str, Any]) -> Verdict:
    return replay([*FOUR_SPADES, *plays], dealer=CLEO, hands=PLAY_HANDS)


# --- BR-4 the auction ---------------------------------------------------------------------------------------


def test_br_4_8_the_worked_auction_makes_2_clubs_doubled_by_anna() -> None:
    """Pass, 1♥, X, XX (Dev redoubles his partner's doubled bid), 2♣ cancels it, Dev doubles, three passes."""
    verdict = replay(HAND["events"][:11])
    assert verdict.violations == ()
    assert verdict.next_turn is not None
    assert (verdict.next_turn.seat, verdict.next_turn.kind) == (BEN, "play")  # Anna's left leads (BR-5.1)


def test_br_4_1_a_call_out_of_turn_is_flagged() -> None:
    verdict = replay([call(BEN, "1H")])  # Anna deals and calls first
    assert broken(verdict) == [(1, "BR-4.1")]
    assert verdict.violations[0].message == "Ben called out of turn: it was Anna's call"


def test_br_4_3_an_insufficient_bid_is_flagged_and_has_no_effect() -> None:
    # 1♦ is lower than 1♥: it is no bid, so 1♥ stands and the three passes after it end the auction.
    verdict = replay(calls("1H", "1D", "pass", "pass", "pass"))
    assert broken(verdict) == [(2, "BR-4.3")]
    assert verdict.violations[0].message == "Ben bid 1♦, which is not higher than 1♥"
    assert verdict.next_turn is not None
    assert verdict.next_turn.seat == BEN  # 1♥ by Anna: Ben leads


@pytest.mark.parametrize("word", ["1H", "0NT"])
def test_br_4_3_the_same_bid_again_or_a_level_0_bid_is_flagged(word: str) -> None:
    assert broken(replay(calls("1H", "pass", word))) == [(3, "BR-4.3")]


@pytest.mark.parametrize(
    ("words", "expected", "message"),
    [
        (("double",), [(1, "BR-4.4")], "Anna doubled, but there was no bid to double"),
        (("1H", "pass", "double"), [(3, "BR-4.4")], "Cleo doubled, but 1♥ was their partner Anna's bid"),
        (("1H", "double", "pass", "double"), [(4, "BR-4.4")], "Dev doubled, but 1♥X was already doubled"),
        (("1H", "redouble"), [(2, "BR-4.4")], "Ben redoubled, but 1♥ was an opponent's bid"),
        (("1H", "pass", "redouble"), [(3, "BR-4.4")], "Cleo redoubled, but 1♥ had not been doubled"),
        (("1H", "double", "pass", "redouble"), [(4, "BR-4.4")], "Dev redoubled, but 1♥ was an opponent's bid"),
        (
            ("1H", "double", "redouble", "pass", "redouble"),
            [(5, "BR-4.4")],
            "Anna redoubled, but 1♥XX was already redoubled",
        ),
    ],
)
def test_br_4_4_doubles_and_redoubles_refused(words: tuple[str, ...], expected: list[Any], message: str) -> None:
    verdict = replay(calls(*words))
    assert broken(verdict) == expected
    assert verdict.violations[0].message == message


@pytest.mark.parametrize(
    ("words", "doubled"),
    [
        (("1H", "pass", "pass", "double", "pass", "pass", "pass"), 1),  # Dev doubles after two passes
        (("1H", "double", "redouble", "pass", "pass", "pass"), 2),  # Cleo redoubles her partner's doubled bid
        (("1H", "double", "pass", "pass", "redouble", "pass", "pass", "pass"), 2),  # Anna redoubles her own
        (("1H", "double", "2H", "pass", "pass", "pass"), 0),  # BR-4.5: Cleo's new bid starts undoubled
    ],
)
def test_br_4_4_allowed_doubles_and_redoubles_make_the_contract(words: tuple[str, ...], doubled: int) -> None:
    verdict = replay(calls(*words))
    assert verdict.violations == ()
    state = _contract_of(calls(*words))
    assert state["doubled"] == doubled


def _contract_of(events: list[dict[str, Any]]) -> dict[str, Any]:
    """The contract an auction ended in, read from the deal entry after every remaining card is played legally."""
    record = {**HAND, "events": list(events)}
    while (verdict := REFEREE.replay(REFEREE.parse(record))).next_turn is not None:
        turn = verdict.next_turn
        record["events"].append(play(turn.seat, turn.allowed[0]))
    assert verdict.violations == ()
    assert verdict.deal_entry is not None
    return verdict.deal_entry


def test_br_4_4_the_calls_offered_follow_the_sides() -> None:
    after_bid = replay(calls("1H")).next_turn  # Ben, an opponent of the bidder
    assert after_bid is not None
    assert after_bid.allowed[:4] == ("pass", "double", "1S", "1NT")
    after_pass = replay(calls("1H", "pass")).next_turn  # Cleo, the bidder's partner
    assert after_pass is not None
    assert after_pass.allowed[:2] == ("pass", "1S")
    after_double = replay(calls("1H", "double")).next_turn  # Cleo may redouble her partner's bid
    assert after_double is not None
    assert after_double.allowed[:3] == ("pass", "redouble", "1S")
    assert replay(calls("7NT")).next_turn.allowed == ("pass", "double")  # type: ignore[union-attr]


def test_br_4_6_four_passes_pass_the_deal_out() -> None:
    verdict = replay(calls("pass", "pass", "pass", "pass"))
    assert verdict.violations == ()
    assert verdict.complete
    assert verdict.deal_entry == {"passed_out": True}
    assert verdict.next_turn is None
    assert verdict.score is not None and verdict.score.points == (0, 0)  # BR-6.8


def test_br_4_6_three_opening_passes_do_not_end_the_auction() -> None:
    verdict = replay(calls("pass", "pass", "pass", "1C", "pass", "pass", "pass"))
    assert verdict.violations == ()
    assert verdict.next_turn is not None
    assert (verdict.next_turn.seat, verdict.next_turn.kind) == (ANNA, "play")  # 1♣ by Dev; Anna on his left leads


@pytest.mark.parametrize(
    "events",
    [
        [*calls("pass", "pass", "pass", "pass"), call(ANNA, "1C")],  # after a pass-out
        [*calls("1C", "pass", "pass", "pass"), call(BEN, "1H")],  # after the auction
    ],
)
def test_br_4_6_a_call_after_the_auction_is_flagged(events: list[dict[str, Any]]) -> None:
    assert broken(replay(events)) == [(5, "BR-4.6")]


def test_br_4_6_a_card_during_the_auction_is_flagged() -> None:
    verdict = replay([*calls("1C"), play(BEN, "AH")])
    assert broken(verdict) == [(2, "BR-4.6")]
    assert verdict.violations[0].message == "Ben played A♥, but the auction had not ended"


def test_br_4_7_the_declarer_is_the_first_of_the_side_to_name_the_strain() -> None:
    """The rules' example: Cleo bids 1♠ first, Anna raises to 4♠: Cleo declares, Dev leads, Anna is dummy."""
    verdict = replay(calls("pass", "pass", "1S", "pass", "4S", "pass", "pass", "pass"))
    assert verdict.violations == ()
    assert verdict.next_turn is not None
    assert verdict.next_turn.seat == DEV


# --- BR-5 the play ------------------------------------------------------------------------------------------


def test_br_5_1_an_opening_lead_by_the_wrong_seat_is_flagged() -> None:
    verdict = play_example(play(BEN, "3S"))  # Dev, on Cleo's left, leads
    assert broken(verdict) == [(5, "BR-5.1")]
    assert verdict.violations[0].message == "Ben led 3♠, but the opening lead was Dev's, on the declarer's left"


def test_br_5_2_the_declarer_plays_dummys_cards_in_dummys_turn() -> None:
    """The rules' play example: Dev leads K♥, Cleo plays dummy's 2♥, Ben ruffs with 3♠, Cleo plays A♥."""
    after_lead = play_example(play(DEV, "KH"))
    turn = after_lead.next_turn
    assert turn is not None
    assert (turn.seat, turn.allowed) == (ANNA, ("2H",))  # dummy's hand, dummy's only heart
    assert turn.prompt == "Cleo (declarer) to play to trick 1 from dummy, Anna's hand (BR-5.2)"
    verdict = play_example(play(DEV, "KH"), play(ANNA, "2H"), play(BEN, "3S"), play(CLEO, "AH"))
    assert verdict.violations == ()
    assert verdict.tricks[0].winner == BEN
    assert str(verdict.tricks[0].reason) == "3♠ is the highest trump (BR-5.4)"
    assert verdict.next_turn is not None and verdict.next_turn.seat == BEN  # the winner leads


def test_br_5_2_the_declarers_own_card_in_dummys_turn_is_flagged() -> None:
    verdict = play_example(play(DEV, "KH"), play(CLEO, "AH"))
    assert broken(verdict) == [(6, "BR-5.3")]
    assert verdict.violations[0].message == (
        "Cleo played A♥ out of turn: it was dummy's (Anna's hand, played by Cleo) turn"
    )


def test_br_5_2_a_card_of_dummys_in_the_declarers_turn_is_flagged() -> None:
    verdict = play_example(play(DEV, "KH"), play(ANNA, "2H"), play(BEN, "3S"), play(ANNA, "KS"))
    assert broken(verdict) == [(8, "BR-5.3")]
    assert verdict.violations[0].message == (
        "Cleo played K♠ from dummy, Anna's hand, out of turn: it was Cleo's own turn"
    )


def test_br_5_3_a_revoke_is_flagged_and_the_trick_still_counts() -> None:
    """fixtures/contract_bridge/revoke.json: Anna plays 4♠ to Ben's A♥ while holding 5♥ and 2♥."""
    verdict = REFEREE.replay(REFEREE.parse(REVOKE))
    assert broken(verdict) == [(8, "BR-5.3")]
    violation = verdict.violations[0]
    assert (violation.seat, violation.trick) == (ANNA, 1)
    assert violation.message == "Anna played 4♠ to A♥ while holding 5♥: a hand holding hearts must follow suit"
    assert [trick.winner for trick in verdict.tricks] == [BEN, BEN]  # no trump in either: A♥, then K♥


def test_br_5_3_a_revoke_from_dummy_names_the_declarer() -> None:
    verdict = play_example(play(DEV, "KH"), play(ANNA, "KS"))
    assert broken(verdict) == [(6, "BR-5.3")]
    assert verdict.violations[0].message == (
        "Cleo played K♠ from dummy, Anna's hand, to K♥ while dummy held 2♥: a hand holding hearts must follow suit"
    )


def test_br_5_4_a_lead_by_other_than_the_trick_winner_is_flagged() -> None:
    trick = [play(DEV, "KH"), play(ANNA, "2H"), play(BEN, "3S"), play(CLEO, "AH")]  # Ben's trump wins
    assert broken(play_example(*trick, play(CLEO, "AS"))) == [(9, "BR-5.4")]


def test_br_5_6_a_card_not_held_or_already_played_is_flagged() -> None:
    verdict = play_example(play(DEV, "AS"))  # Cleo's ace
    assert broken(verdict) == [(5, "BR-5.6")]
    assert verdict.violations[0].message == "Dev played A♠, which is in Cleo's hand"
    trick = [play(DEV, "KH"), play(ANNA, "2H"), play(BEN, "3S"), play(CLEO, "AH")]
    assert broken(play_example(*trick, play(BEN, "3S"))) == [(9, "BR-5.6")]


def test_br_5_4_the_fixtures_trick_winners() -> None:
    """Worked by hand: Ben's A♥ K♥, Cleo's 2♣ ruff, Anna's 9♣ A♣, Dev's K♣ over Q♣, Anna's 10♣ ruff and J♣,
    Anna's K♦, Cleo's A♦, Ben's Q♦ over J♦, Ben's 4♥ (no trump left), Anna's A♠."""
    verdict = REFEREE.replay(REFEREE.parse(HAND))
    assert verdict.violations == ()
    winners = [BEN, BEN, CLEO, ANNA, ANNA, DEV, ANNA, ANNA, ANNA, CLEO, BEN, BEN, ANNA]
    assert [trick.winner for trick in verdict.tricks] == winners
    assert verdict.tricks_won == (6, 4, 2, 1)


def test_br_5_5_the_fixture_makes_2_clubs_doubled_and_scores_it() -> None:
    """N-S took 8 tricks, 6 + 2 needed: made. 2 × 20 × 2 = 80 below, insult 50 (BR-6.3), and Anna's A Q J 10 of
    clubs are four trump honours: 100 (BR-6.7). N-S 230 on a first deal."""
    verdict = REFEREE.replay(REFEREE.parse(HAND))
    assert verdict.complete and verdict.next_turn is None
    assert verdict.deal_entry == {
        "declarer": ANNA,
        "level": 2,
        "strain": "C",
        "doubled": 1,
        "tricks": 8,
        "honours": "NS100",
        "stopped": False,
    }
    assert verdict.score is not None and verdict.score.points == (230, 0)
    assert verdict.notes[0] == "Tricks: N-S 8, E-W 5. 2♣X by Anna needed 8 and took 8: made (BR-5.5, BR-6.1)."


@pytest.mark.parametrize(
    ("hand", "strain", "honours"),
    [
        ("AC QC JC TC 9C", "C", "NS100"),
        ("AC KC QC JC TC", "C", "NS150"),
        ("AC KC QC 9C 8C", "C", "none"),
        ("AS AH AD AC 2C", "NT", "NS150"),
        ("KS KH KD KC 2C", "NT", "none"),
    ],
)
def test_br_6_7_honours_held_in_one_hand(hand: str, strain: str, honours: str) -> None:
    north = parse_cards(hand.split(), "hand")
    rest = tuple(card for card in standard_pack() if card not in north)
    hands = (tuple(north), rest[:13], rest[13:26], rest[26:39])
    assert honours_held(hands, strain).value == honours


def test_br_6_7_honours_go_to_the_side_that_held_them() -> None:
    west = tuple(parse_cards(["KS", "QS", "JS", "TS"], "hand"))
    rest = tuple(card for card in standard_pack() if card not in west)
    assert honours_held((rest[:13], rest[13:26], rest[26:39], west), "S").value == "EW100"


# --- the record -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "path"),
    [
        ({"hands": [HAND["hands"][0][:12], *HAND["hands"][1:]]}, "hands[0]"),
        ({"hands": [[*HAND["hands"][0][:12], "KS"], *HAND["hands"][1:]]}, "hands[1][0]"),
        ({"events": [call(ANNA, "8C")]}, "events[0].call"),
        ({"events": [play(ANNA, "ZZ")]}, "events[0].card"),
        ({"game": "bridgette"}, "game"),
    ],
)
def test_a_record_that_cannot_be_read_names_its_path(change: dict[str, Any], path: str) -> None:
    with pytest.raises(RecordError) as error:
        REFEREE.parse({**HAND, **change})
    assert error.value.path == path


# --- properties ---------------------------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), dealer=st.integers(0, 3))
def test_random_legal_deals_replay_as_legal(seed: int, dealer: int) -> None:
    """Deal at random, call mostly passes, play any card allowed: no violation, 13 tricks, and the deal entry
    gives the declaring side's tricks."""
    rng = random.Random(seed)
    cards = [card.code for card in standard_pack()]
    rng.shuffle(cards)
    record: dict[str, Any] = {**HAND, "dealer": dealer, "hands": [cards[n * 13 : n * 13 + 13] for n in range(4)]}
    record["events"] = []
    while (verdict := REFEREE.replay(REFEREE.parse(record))).next_turn is not None:
        turn = verdict.next_turn
        if turn.kind == "call":
            word = "pass" if rng.random() < 0.7 else rng.choice(turn.allowed)
            record["events"].append(call(turn.seat, word))
        else:
            record["events"].append(play(turn.seat, rng.choice(turn.allowed)))
    assert verdict.violations == ()
    assert verdict.complete and verdict.deal_entry is not None
    if verdict.deal_entry.get("passed_out"):
        assert verdict.tricks == ()
        return
    assert len(verdict.tricks) == 13 and sum(verdict.tricks_won) == 13
    declarer = verdict.deal_entry["declarer"]
    assert verdict.deal_entry["tricks"] == verdict.tricks_won[declarer] + verdict.tricks_won[(declarer + 2) % 4]

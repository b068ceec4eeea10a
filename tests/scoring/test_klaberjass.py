"""Klaberjass scoring: docs/rules/klaberjass.md and rulings R-KJ-1 to R-KJ-12.

Every expected number below is worked by hand from the rules, not produced by the code. The
sequence comparison (KJ-6.3) has its own file, test_klaberjass_sequences.py.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.core.base import FormatError, Progress, RuleError
from scoring.core.games.klaberjass import GAME
from scoring.core.match import evaluate, parse_match
from tests.conftest import sample_deals

NONE: frozenset[str] = frozenset()
PLAYERS = ("Nora", "Dan")

NO_SEQUENCES = {"sequence_cards": [0, 0], "sequence_top": ["none", "none"], "sequence_in_trumps": [False, False]}
# K1: N (seat 0, non-dealer) makes hearts; D (seat 1) deals. N's J♥-10♥-9♥ (after the dix) against
# D's Q♠-J♠-10♠: both 3 cards, and the Q is higher than the J, so D scores 20 (KJ-6.3).
K1 = {
    "maker": 0,
    "trump": "H",
    "card_points": [93, 35],
    "last_trick": 0,
    "sequence_cards": [3, 3],
    "sequence_top": ["J", "Q"],
    "sequence_in_trumps": [True, False],
    "bella": 1,
}
# K4: N makes spades; D takes the last trick; N's ♣10-9-8-7 (4 cards) beats D's ♦A-K-Q (3 cards).
K4 = {
    "maker": 0,
    "trump": "S",
    "card_points": [58, 64],
    "last_trick": 1,
    "sequence_cards": [4, 3],
    "sequence_top": ["10", "A"],
    "sequence_in_trumps": [False, False],
    "bella": None,
}
# The older entry (sequence_points: what each player scored after the comparison) is still read.
K1_OLD = {"maker": 0, "trump": "H", "card_points": [93, 35], "last_trick": 0, "sequence_points": [0, 20], "bella": 1}
K4_OLD = {"maker": 0, "trump": "S", "card_points": [58, 64], "last_trick": 1, "sequence_points": [50, 0], "bella": None}


def entry(**changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "maker": 0,
        "trump": "S",
        "card_points": [60, 50],
        "last_trick": 0,
        **NO_SEQUENCES,
        "bella": None,
    }
    base.update(changes)
    return base


def old(**changes: Any) -> dict[str, Any]:
    """An entry in the older shape: sequence_points instead of the declared sequences."""
    base = {key: value for key, value in entry().items() if key not in NO_SEQUENCES}
    return {**base, "sequence_points": [0, 0], **changes}


def score(raw: dict[str, Any], flags: frozenset[str] = NONE, held_over: int = 0, dealer: int = 1) -> Any:
    return GAME.score_deal(GAME.parse_deal(raw, flags), dealer, flags, held_over)


def seat_sum(result: Any, seat: int) -> int:
    return sum(line.points for line in result.lines if line.side == seat)


# --- worked examples ---------------------------------------------------------------


def test_kj_6_4_k1_maker_wins_103_to_75() -> None:
    result = score(K1)
    assert result.points == (103, 75)
    assert result.held_over == 0
    assert [(line.side, line.points, line.rule, line.text) for line in result.lines] == [
        (0, 93, "KJ-2.2", "card points in tricks"),
        (0, 10, "KJ-8.4", "last trick"),
        (1, 35, "KJ-2.2", "card points in tricks"),
        (
            1,
            20,
            "KJ-6.3",
            "sequence of 3 cards to the Q beats the opponent's 3 cards to the J (higher top card)",
        ),
        (1, 20, "KJ-7.1", "bella"),
    ]


def test_kj_6_4_k1_in_the_older_entry_scores_the_same() -> None:
    result = score(K1_OLD)
    assert result.points == (103, 75)
    assert [(line.side, line.points, line.rule) for line in result.lines] == [
        (0, 93, "KJ-2.2"),
        (0, 10, "KJ-8.4"),
        (1, 35, "KJ-2.2"),
        (1, 20, "KJ-6.1"),
        (1, 20, "KJ-7.1"),
    ]


def test_kj_6_4_k4_longer_sequence_scores_only_50() -> None:
    assert score(K4).points == (108, 74)
    assert score(K4_OLD).points == (108, 74)


def test_r_kj_6_k4_under_score_all_sequences_n_scores_70() -> None:
    flags = frozenset({"kj_score_all_sequences"})
    assert score({**K4, "other_sequences": [20, 0]}, flags).points == (128, 74)
    assert score({**K4_OLD, "sequence_points": [70, 0]}, flags).points == (128, 74)


# --- KJ-9.1 / KJ-9.2 -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "points"),
    [
        # T = card points + last trick 10 + sequence + bella 20 (KJ-9.1)
        (entry(card_points=[60, 50], last_trick=0), (70, 50)),
        (entry(card_points=[60, 50], last_trick=1, bella=0), (80, 60)),
        # opponent is maker: maker 1 wins 70 > 60
        (entry(maker=1, card_points=[50, 60], last_trick=1), (50, 70)),
    ],
)
def test_kj_9_1_totals_when_the_maker_has_more(raw: dict[str, Any], points: tuple[int, int]) -> None:
    assert score(raw).points == points


def test_kj_9_1_totals_when_maker_seat_0_bate_by_sequence() -> None:
    # T_M = 80, T_O = 30 + 10 + 50 = 90: the maker is bate, the opponent scores 170.
    result = score(entry(card_points=[80, 30], last_trick=1, sequence_cards=[0, 4]))
    assert result.points == (0, 170)


@pytest.mark.parametrize(
    ("raw", "points"),
    [
        # T_M = 60 + 10 = 70, T_O = 70: maker ties, scores 0, opponent keeps 70 (R-KJ-9)
        (entry(card_points=[60, 70], last_trick=0), (0, 70)),
        # maker seat 1: T_M = 45 + 20 (bella) = 65; T_O = 55 + 10 = 65
        (entry(maker=1, card_points=[55, 45], last_trick=0, bella=1), (65, 0)),
    ],
)
def test_kj_9_2_r_kj_9_maker_ties_scores_nothing(raw: dict[str, Any], points: tuple[int, int]) -> None:
    result = score(raw)
    assert result.points == points
    assert result.held_over == 0
    assert any(line.rule == "KJ-9.2" for line in result.lines)


@pytest.mark.parametrize(
    ("raw", "points"),
    [
        # T_M = 40, T_O = 90: opponent scores 90 + 40 (R-KJ-10)
        (entry(card_points=[40, 80], last_trick=1), (0, 130)),
        # maker's bella goes over too: T_M = 60, T_O = 90 -> 150
        (entry(card_points=[40, 80], last_trick=1, bella=0), (0, 150)),
        # maker's sequence goes over too: T_M = 30 + 20 = 50, T_O = 80 + 10 = 90 -> 140
        (entry(card_points=[30, 80], last_trick=1, sequence_cards=[3, 0]), (0, 140)),
        # maker seat 1 bate: T_M = 40 + 10 = 50, T_O = 70 -> 120
        (entry(maker=1, card_points=[70, 40], last_trick=1), (120, 0)),
    ],
)
def test_kj_9_2_r_kj_10_bate_maker_scores_zero_and_opponent_both(raw: dict[str, Any], points: tuple[int, int]) -> None:
    assert score(raw).points == points


def test_r_kj_10_kj_bella_kept_when_bate_maker_keeps_20() -> None:
    raw = entry(card_points=[40, 80], last_trick=1, bella=0)  # T_M = 60, T_O = 90
    assert score(raw).points == (0, 150)
    result = score(raw, frozenset({"kj_bella_kept_when_bate"}))
    assert result.points == (20, 130)
    assert any(line.rule == "R-KJ-10" for line in result.lines)


def test_r_kj_10_kj_bella_kept_when_bate_changes_nothing_without_maker_bella() -> None:
    raw = entry(card_points=[40, 80], last_trick=1, bella=1)  # T_M = 40, T_O = 110
    assert score(raw, frozenset({"kj_bella_kept_when_bate"})).points == (0, 150)


def test_r_kj_10_kj_bella_kept_when_bate_does_not_apply_to_a_tie() -> None:
    raw = entry(card_points=[40, 70], last_trick=1, bella=0)  # T_M = 60, T_O = 80: bate
    assert score(raw, frozenset({"kj_bella_kept_when_bate"})).points == (20, 120)
    tie = entry(card_points=[40, 50], last_trick=1, bella=0)  # T_M = 60, T_O = 60
    assert score(tie, frozenset({"kj_bella_kept_when_bate"})).points == (0, 60)


# --- R-KJ-9 variant: kj_tie_points_hang ------------------------------------------------

HANG = frozenset({"kj_tie_points_hang"})
TIE = entry(card_points=[60, 70], last_trick=0)  # T_M = 70 = T_O


def test_r_kj_9_kj_tie_points_hang_holds_both_totals_over() -> None:
    result = score(TIE, HANG)
    assert result.points == (0, 0)
    assert result.held_over == 140
    assert {line.rule for line in result.lines if line.points < 0} == {"R-KJ-9"}


@pytest.mark.parametrize(
    ("raw", "points"),
    [
        # maker 1 wins 70 to 50 and takes the pot of 140
        (entry(maker=1, card_points=[50, 60], last_trick=1), (50, 210)),
        # maker 0 is bate (50 < 70): the opponent scores 120 and takes the pot
        (entry(card_points=[50, 60], last_trick=1), (0, 260)),
        # maker 0 wins 70 to 50
        (entry(card_points=[60, 50], last_trick=0), (210, 50)),
    ],
)
def test_r_kj_9_kj_tie_points_hang_next_deal_winner_takes_the_pot(raw: dict[str, Any], points: tuple[int, int]) -> None:
    result = score(raw, HANG, held_over=140)
    assert result.points == points
    assert result.held_over == 0
    assert [line.points for line in result.lines if line.rule == "R-KJ-9"] == [140]


def test_r_kj_9_kj_tie_points_hang_a_new_tie_adds_to_the_pot() -> None:
    result = score(TIE, HANG, held_over=140)
    assert result.points == (0, 0)
    assert result.held_over == 280


def test_r_kj_9_kj_tie_points_hang_annulled_deal_keeps_the_pot() -> None:
    result = score({"annulled": True}, HANG, held_over=140)
    assert result.points == (0, 0)
    assert result.held_over == 140


def test_r_kj_9_without_the_flag_nothing_is_held_over() -> None:
    assert score(TIE, NONE, held_over=140).held_over == 0
    assert score(entry(), NONE, held_over=140).points == (70, 50)


# --- KJ-4.4 annulled deal, KJ-3.1 dealer ---------------------------------------------


def test_kj_4_4_annulled_deal_nobody_scores() -> None:
    result = score({"annulled": True})
    assert result.points == (0, 0)
    assert result.counts is True
    assert sum(line.points for line in result.lines) == 0


@pytest.mark.parametrize(("dealer", "following"), [(0, 1), (1, 0)])
def test_kj_3_1_r_kj_3_deal_alternates_after_annulled_and_played(dealer: int, following: int) -> None:
    assert GAME.next_dealer(dealer, GAME.parse_deal({"annulled": True}, NONE), NONE) == following
    assert GAME.next_dealer(dealer, GAME.parse_deal(K1, NONE), NONE) == following


# --- validation ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "flags", "field", "rule"),
    [
        (entry(maker=2), NONE, "maker", "KJ-4.3"),
        (entry(maker=-1), NONE, "maker", "KJ-4.3"),
        (entry(trump="NT"), NONE, "trump", "KJ-4.2"),
        (entry(trump=3), NONE, "trump", "KJ-4.2"),
        (entry(card_points=[147, 0]), NONE, "card_points[0]", "KJ-2.2"),
        (entry(card_points=[50, -1]), NONE, "card_points[1]", "KJ-2.2"),
        (entry(card_points=[100, 47]), NONE, "card_points", "KJ-2.2"),
        (entry(card_points=[10, 7]), NONE, "card_points", "KJ-2.2"),
        (entry(last_trick=2), NONE, "last_trick", "KJ-8.4"),
        (entry(bella=2), NONE, "bella", "KJ-7.1"),
        (old(sequence_points=[30, 0]), NONE, "sequence_points[0]", "R-KJ-6"),
        (old(sequence_points=[0, 40]), NONE, "sequence_points[1]", "R-KJ-6"),
        (old(sequence_points=[70, 0]), NONE, "sequence_points[0]", "R-KJ-6"),
        (old(sequence_points=[0, 90]), frozenset({"kj_score_all_sequences"}), "sequence_points[1]", "R-KJ-6"),
        (old(sequence_points=[120, 0]), frozenset({"kj_score_all_sequences"}), "sequence_points[0]", "R-KJ-6"),
        (old(sequence_points=[20, 20]), NONE, "sequence_points", "KJ-6.3"),
        (old(sequence_points=[40, 50]), frozenset({"kj_score_all_sequences"}), "sequence_points", "KJ-6.3"),
        ({"annulled": True, "maker": 0}, NONE, "maker", "KJ-4.4"),
        ({"annulled": True, "card_points": [60, 50]}, NONE, "card_points", "KJ-4.4"),
    ],
)
def test_kj_rule_errors_name_field_and_rule(raw: dict[str, Any], flags: frozenset[str], field: str, rule: str) -> None:
    with pytest.raises(RuleError) as caught:
        GAME.parse_deal(raw, flags)
    assert (caught.value.field, caught.value.rule) == (field, rule)


@pytest.mark.parametrize(
    ("raw", "field"),
    [
        ({k: v for k, v in entry().items() if k != "maker"}, "maker"),
        ({k: v for k, v in entry().items() if k != "trump"}, "trump"),
        ({k: v for k, v in entry().items() if k != "card_points"}, "card_points"),
        ({k: v for k, v in entry().items() if k != "last_trick"}, "last_trick"),
        (entry(card_points=[60, 50, 0]), "card_points"),
        (entry(card_points="60 50"), "card_points"),
        (entry(card_points=[60, "50"]), "card_points[1]"),
        (entry(maker="0"), "maker"),
        (entry(bella=True), "bella"),
        (old(sequence_points=[0]), "sequence_points"),
        ({**entry(), "sequence_points": [0, 0]}, "sequence_points"),
        (entry(sequence_cards=[3]), "sequence_cards"),
        (entry(sequence_cards=["3", 0]), "sequence_cards[0]"),
        (entry(sequence_in_trumps=[False, "yes"]), "sequence_in_trumps[1]"),
        (entry(sequence_top="A"), "sequence_top"),
        (entry(tricks=[5, 4]), "tricks"),
        ({"annulled": "yes"}, "annulled"),
        ([1, 2], "deal"),
    ],
)
def test_kj_format_errors_name_field(raw: Any, field: str) -> None:
    with pytest.raises(FormatError) as caught:
        GAME.parse_deal(raw, NONE)
    assert caught.value.field == field


@pytest.mark.parametrize("value", [0, 20, 40, 50, 60, 70, 100])
def test_r_kj_6_kj_score_all_sequences_accepts_every_nine_card_sum(value: int) -> None:
    GAME.parse_deal(old(sequence_points=[value, 0]), frozenset({"kj_score_all_sequences"}))


def test_kj_entry_defaults_and_normal_form() -> None:
    deal = GAME.parse_deal({"maker": 1, "trump": "h", "card_points": [40, 60], "last_trick": 1}, NONE)
    assert GAME.to_entry(deal) == {
        "maker": 1,
        "trump": "H",
        "card_points": [40, 60],
        "last_trick": 1,
        **NO_SEQUENCES,
        "bella": None,
    }
    assert GAME.to_entry(GAME.parse_deal({"annulled": True}, NONE)) == {"annulled": True}
    assert GAME.to_entry(GAME.parse_deal(K1, NONE)) == K1
    # "annulled": false is an ordinary deal
    assert GAME.parse_deal({**K1, "annulled": False}, NONE) == GAME.parse_deal(K1, NONE)


def test_kj_describe() -> None:
    assert GAME.describe(GAME.parse_deal(K1, NONE), PLAYERS) == "Nora makes ♥, 93–35"
    assert GAME.describe(GAME.parse_deal({"annulled": True}, NONE), PLAYERS) == "annulled: both passed twice"


# Nora's 4-card sequence headed by the K, against none of Dan's (KJ-6.1: 50), when Nora took no trick (R-KJ-7).
NO_TRICK_SEQUENCE = {"sequence_cards": [4, 0], "sequence_top": ["K", "none"], "sequence_in_trumps": [False, False]}


# A score sheet's row: the maker and trumps, then the two totals KJ-9.1 makes and KJ-9.2 compares, the maker's first.
@pytest.mark.parametrize(
    ("raw", "flags", "held_over", "text"),
    [
        # K1: N 93 + 10 last trick = 103; D 35 + 20 sequence + 20 bella = 75. The maker has more.
        (K1, (), 0, "Nora makes ♥: 103 to 75"),
        # K4: N 58 + 50 = 108; D 64 + 10 = 74.
        (K4, (), 0, "Nora makes ♠: 108 to 74"),
        # Nora 50 + 10 = 60 against Dan's 70: the maker is bate (KJ-9.2).
        (entry(card_points=[50, 70]), (), 0, "Nora makes ♠ and is bate, 60 to 70 (KJ-9.2)"),
        # Dan makes: Dan 50 + 10 = 60 against Nora's 70; the maker's total comes first.
        (entry(maker=1, card_points=[70, 50], last_trick=1), (), 0, "Dan makes ♠ and is bate, 60 to 70 (KJ-9.2)"),
        # Nora 40 + 20 bella = 60 against Dan's 80 + 10 = 90: bate, and R-KJ-10's variant keeps her bella.
        (entry(card_points=[40, 80], last_trick=1, bella=0), (), 0, "Nora makes ♠ and is bate, 60 to 90 (KJ-9.2)"),
        (
            entry(card_points=[40, 80], last_trick=1, bella=0),
            ("kj_bella_kept_when_bate",),
            0,
            "Nora makes ♠ and is bate, 60 to 90; bella kept (R-KJ-10)",
        ),
        # 50 + 10 = 60 each: the maker ties and scores nothing (KJ-9.2), or both wait (R-KJ-9's variant).
        (entry(card_points=[50, 60]), (), 0, "Nora makes ♠ and ties, 60 each: nothing for the maker (KJ-9.2)"),
        (
            entry(card_points=[50, 60]),
            ("kj_tie_points_hang",),
            0,
            "Nora makes ♠ and ties, 60 each: both held over (R-KJ-9)",
        ),
        # 80 + 10 = 90 against 40, with 120 waiting from a tie: Nora scores more, so she takes them (R-KJ-9).
        (
            entry(card_points=[80, 40]),
            ("kj_tie_points_hang",),
            120,
            "Nora makes ♠: 90 to 40; Nora takes the 120 held over (R-KJ-9)",
        ),
        # Dan makes with all 30 card points + 10: Nora's 50 beats him (bate), unless a player who took no trick
        # scores no sequence (R-KJ-7): then 40 to 0.
        (
            entry(maker=1, card_points=[0, 30], last_trick=1, **NO_TRICK_SEQUENCE),
            (),
            0,
            "Dan makes ♠ and is bate, 40 to 50 (KJ-9.2)",
        ),
        (
            entry(maker=1, card_points=[0, 30], last_trick=1, no_trick=0, **NO_TRICK_SEQUENCE),
            ("kj_no_meld_without_trick",),
            0,
            "Dan makes ♠: 40 to 0",
        ),
        ({"annulled": True}, (), 0, "annulled: both passed twice (KJ-4.4)"),
    ],
)
def test_kj_9_2_a_sheet_row_says_made_tied_or_bate(
    raw: dict[str, Any], flags: tuple[str, ...], held_over: int, text: str
) -> None:
    chosen = frozenset(flags)
    deal = GAME.parse_deal(raw, chosen)
    assert GAME.describe_result(deal, GAME.score_deal(deal, 1, chosen, held_over), PLAYERS, chosen) == text


# --- flags and target --------------------------------------------------------------------


def test_r_kj_flags_can_all_be_played_together() -> None:
    # Every flag at once (the list itself is pinned in test_conformance.py). Deal 1: Nora makes
    # hearts and ties, 65 to 55 + 10: both totals, 130, are held over (R-KJ-9). Deal 2 is the
    # flagged sample K4: Nora's 50 and 20 both score (R-KJ-6), 58 + 70 = 128 against Dan's
    # 64 + 10 = 74, and Nora takes the 130 held over. The match is played to 501 (R-KJ-12).
    sample = next(deal for deal in sample_deals("klaberjass") if deal.get("flags"))
    tie = entry(trump="H", card_points=[65, 55], last_trick=1)
    result = match([tie, sample["entry"]], flags=sorted(GAME.flags))
    first, second = result.deals
    assert (first.score.points, first.score.held_over) == ((0, 0), 130)
    assert list(second.score.points) == [sample["points"][0] + 130, sample["points"][1]] == [258, 74]
    assert (result.totals, result.held_over, result.match.target) == ((258, 74), 0, 501)
    assert result.stage == "Deal 3 · Target 501"


@pytest.mark.parametrize(("flags", "target"), [(NONE, 500), (frozenset({"kj_target_501"}), 501)])
def test_r_kj_12_default_target(flags: frozenset[str], target: int) -> None:
    assert GAME.default_target(flags) == target
    assert GAME.target_required is False
    assert GAME.suggested_target == 500


def test_kj_stage_labels() -> None:
    assert GAME.stage(Progress((0, 0), 0, 0, 500, PLAYERS), NONE) == "Deal 1 · Target 500"
    assert GAME.stage(Progress((510, 510), 7, 7, 500, PLAYERS), NONE) == "Deal 8 · Tie-break · Target 500"


# --- match end (KJ-10, R-KJ-12) via the match evaluator ------------------------------------


def match(deals: list[Any], target: int | None = None, flags: list[str] | None = None, first_dealer: int = 1) -> Any:
    doc: dict[str, Any] = {
        "game": "klaberjass",
        "players": list(PLAYERS),
        "first_dealer": first_dealer,
        "flags": flags or [],
        "deals": deals,
    }
    if target is not None:
        doc["target"] = target
    return evaluate(parse_match(doc))


def test_kj_10_1_one_player_reaches_the_target() -> None:
    result = match([K1, K1], target=200)  # (103, 75) twice: Nora 206, Dan 150
    assert result.totals == (206, 150)
    assert result.outcome.winners == (0,)
    assert result.outcome.rule == "KJ-10.1"
    assert result.outcome.reason == "Nora passed 200 first"


def test_kj_10_1_deal_after_the_end_is_an_error() -> None:
    with pytest.raises(RuleError) as caught:
        match([K1, K1, K1], target=200)
    assert (caught.value.rule, caught.value.deal) == ("KJ-10.1", 3)


def test_kj_10_2_both_over_the_target_higher_total_wins() -> None:
    # K1 (103, 75), then Dan makes: T_D = 80 + 10 = 90, T_N = 60 -> (163, 165)
    second = entry(maker=1, card_points=[60, 80], last_trick=1)
    result = match([K1, second], target=150)
    assert result.totals == (163, 165)
    assert result.outcome.winners == (1,)
    assert result.outcome.rule == "KJ-10.2"


def test_kj_10_2_equal_totals_over_the_target_play_another_deal() -> None:
    # K1 (103, 75), then Dan makes 50 + 18 + 10 = 78 against 50 -> (153, 153)
    level = entry(maker=1, card_points=[50, 68], last_trick=1)
    result = match([K1, level], target=150)
    assert result.totals == (153, 153)
    assert result.outcome is None
    assert result.stage == "Deal 3 · Tie-break · Target 150"
    result = match([K1, level, {"annulled": True}, K1], target=150)
    assert result.outcome.winners == (0,)
    assert result.outcome.rule == "KJ-10.2"


def test_r_kj_12_500_exactly_reaches_the_target() -> None:
    hundred = entry(card_points=[90, 20], last_trick=0)  # Nora makes 100, Dan 20
    result = match([hundred] * 5)
    assert result.totals == (500, 100)
    assert result.outcome.winners == (0,)


def test_r_kj_12_kj_target_501_500_is_not_enough() -> None:
    hundred = entry(card_points=[90, 20], last_trick=0)
    result = match([hundred] * 5, flags=["kj_target_501"])
    assert result.outcome is None
    assert result.stage == "Deal 6 · Target 501"


@pytest.mark.parametrize("deals", [[], [K1]])
@pytest.mark.parametrize("target", [500, 1000])
def test_r_kj_12_kj_target_501_with_another_explicit_target_is_refused(deals: list[Any], target: int) -> None:
    # R-KJ-12: the flag sets the target to 501; naming another target as well contradicts it.
    with pytest.raises(RuleError) as caught:
        match(deals, target=target, flags=["kj_target_501"])
    error = caught.value
    assert (error.field, error.rule, error.deal) == ("target", "R-KJ-12", None)
    assert error.message == f"kj_target_501 plays the match to 501: leave the target empty or make it 501, not {target}"


def test_r_kj_12_kj_target_501_with_target_501_is_the_same_match() -> None:
    # An exported match file names its target, 501, next to the flag: it reads back unchanged.
    hundred = entry(card_points=[90, 20], last_trick=0)  # Nora makes 100, Dan 20
    result = match([hundred] * 5, target=501, flags=["kj_target_501"])
    assert result.totals == (500, 100)
    assert result.outcome is None
    assert result.stage == "Deal 6 · Target 501"
    assert match([hundred] * 5, target=500).outcome is not None  # without the flag, any target stands


def test_kj_3_1_r_kj_3_dealers_alternate_through_annulled_deals() -> None:
    result = match([K1, {"annulled": True}, K1], first_dealer=1)
    assert [deal.dealer for deal in result.deals] == [1, 0, 1]
    assert result.next_dealer == 0


def test_r_kj_9_kj_tie_points_hang_across_a_match() -> None:
    winner = entry(maker=1, card_points=[50, 60], last_trick=1)  # Dan makes 70 against 50
    result = match([TIE, {"annulled": True}, winner], flags=["kj_tie_points_hang"])
    assert [deal.score.held_over for deal in result.deals] == [140, 140, 0]
    assert result.totals == (50, 210)


# --- properties ------------------------------------------------------------------------


TOPS = ["A", "K", "Q", "J", "10", "9"]  # KJ-2.1, for sequences: a run of n cards tops at A down to 7 + (n - 1)
# kj_score_all_sequences (R-KJ-6): the other sequences' points, and the fewest cards they take.
OTHER_CARDS = {0: 0, 20: 3, 40: 6, 50: 4}


@st.composite
def valid_entries(draw: st.DrawFn, all_sequences: bool = False) -> dict[str, Any]:
    """A valid entry where at most one player declares a sequence, so no comparison is made."""
    first = draw(st.integers(0, 146))
    second = draw(st.integers(max(0, 18 - first), 146 - first))
    cards, tops, trumps, others = [0, 0], ["none", "none"], [False, False], [0, 0]
    melder = draw(st.integers(0, 1))
    cards[melder] = length = draw(st.sampled_from([0, 3, 4, 5, 6, 7, 8]))
    if length:
        tops[melder] = draw(st.sampled_from(["none", *TOPS[: 9 - length]]))
        trumps[melder] = draw(st.booleans())
    if length and all_sequences:
        # Nine cards in hand (KJ-5.1); a 50 among the others would be the best sequence.
        fit = [points for points, need in OTHER_CARDS.items() if length + need <= 9 and (points < 50 or length > 3)]
        others[melder] = draw(st.sampled_from(fit))
    raw = {
        "maker": draw(st.integers(0, 1)),
        "trump": draw(st.sampled_from("SHDC")),
        "card_points": [first, second],
        "last_trick": draw(st.integers(0, 1)),
        "sequence_cards": cards,
        "sequence_top": tops,
        "sequence_in_trumps": trumps,
        "bella": draw(st.sampled_from([None, 0, 1])),
    }
    if any(others):
        raw["other_sequences"] = others
    return raw


def sequence_value(cards: int) -> int:
    """KJ-6.1: 20 for three cards, 50 for four or more."""
    return 0 if cards == 0 else 20 if cards == 3 else 50


FLAG_SETS = st.sets(st.sampled_from(["kj_tie_points_hang", "kj_bella_kept_when_bate", "kj_score_all_sequences"]))


@settings(max_examples=100, deadline=None)
@given(valid_entries(), FLAG_SETS, st.integers(0, 2000), st.integers(0, 1))
def test_kj_9_lines_add_up_to_points(raw: dict[str, Any], flags: set[str], pot: int, dealer: int) -> None:
    chosen = frozenset(flags)
    result = score(raw, chosen, held_over=pot, dealer=dealer)
    for seat in (0, 1):
        assert seat_sum(result, seat) == result.points[seat]
        assert result.points[seat] >= 0
    if "kj_tie_points_hang" not in chosen:
        assert result.held_over == 0
    # Nothing is lost but a tied maker's total: what the deal hands out plus what it holds
    # over is both totals plus the pot taken in (KJ-9.2, R-KJ-9, R-KJ-10).
    totals = [
        raw["card_points"][seat]
        + sequence_value(raw["sequence_cards"][seat])
        + 10 * (raw["last_trick"] == seat)
        + 20 * (raw["bella"] == seat)
        for seat in (0, 1)
    ]
    pot_in = pot if "kj_tie_points_hang" in chosen else 0
    lost = totals[raw["maker"]] if totals[0] == totals[1] and "kj_tie_points_hang" not in chosen else 0
    assert sum(result.points) + result.held_over == sum(totals) + pot_in - lost


@settings(max_examples=100, deadline=None)
@given(valid_entries(all_sequences=True))
def test_kj_accepted_entries_score_without_error(raw: dict[str, Any]) -> None:
    flags = frozenset({"kj_score_all_sequences"})
    deal = GAME.parse_deal(raw, flags)
    assert GAME.to_entry(deal) == raw
    GAME.score_deal(deal, 0, flags, 0)


BAD_VALUES = [
    ("maker", st.integers().filter(lambda v: v not in (0, 1)), "maker", "KJ-4.3"),
    ("last_trick", st.integers().filter(lambda v: v not in (0, 1)), "last_trick", "KJ-8.4"),
    ("bella", st.integers().filter(lambda v: v not in (0, 1)), "bella", "KJ-7.1"),
    ("trump", st.text().filter(lambda v: v.upper() not in ("S", "H", "D", "C")), "trump", "KJ-4.2"),
]


@settings(max_examples=100, deadline=None)
@given(valid_entries(), st.data())
def test_kj_every_out_of_range_field_is_rejected_with_its_rule(raw: dict[str, Any], data: st.DataObject) -> None:
    key, values, field, rule = data.draw(st.sampled_from(BAD_VALUES))
    bad = {**raw, key: data.draw(values)}
    with pytest.raises(RuleError) as caught:
        GAME.parse_deal(bad, NONE)
    assert (caught.value.field, caught.value.rule) == (field, rule)


@settings(max_examples=100, deadline=None)
@given(valid_entries(), st.integers(0, 1), st.data())
def test_kj_2_2_out_of_range_card_points_are_rejected(raw: dict[str, Any], seat: int, data: st.DataObject) -> None:
    value = data.draw(st.one_of(st.integers(max_value=-1), st.integers(min_value=147)))
    points = list(raw["card_points"])
    points[seat] = value
    with pytest.raises(RuleError) as caught:
        GAME.parse_deal({**raw, "card_points": points}, NONE)
    assert (caught.value.field, caught.value.rule) == (f"card_points[{seat}]", "KJ-2.2")


@settings(max_examples=100, deadline=None)
@given(valid_entries(), st.integers(0, 1), st.integers().filter(lambda v: v not in (0, 20, 50)))
def test_r_kj_6_out_of_range_sequence_points_are_rejected(raw: dict[str, Any], seat: int, value: int) -> None:
    points = [0, 0]
    points[seat] = value
    older = {key: value for key, value in raw.items() if not key.startswith("sequence_")}
    with pytest.raises(RuleError) as caught:
        GAME.parse_deal({**older, "sequence_points": points}, NONE)
    assert (caught.value.field, caught.value.rule) == (f"sequence_points[{seat}]", "R-KJ-6")


# --- R-KJ-14: a revoke, entered as the offender's seat -----------------------------------------------


@pytest.mark.parametrize(("offender", "points"), [(0, (0, 178)), (1, (178, 0))])
def test_r_kj_14_the_other_player_scores_every_point_of_the_deal(offender: int, points: tuple[int, int]) -> None:
    # K1 is 103 to 75 (card points, last trick, Dan's sequence and bella): the other player scores all 178.
    result = score({**K1, "revoke": offender})
    assert result.points == points
    assert (seat_sum(result, 0), seat_sum(result, 1)) == points  # the breakdown adds up
    assert {line.rule for line in result.lines if line.points < 0} == {"R-KJ-14"}


def test_r_kj_14_the_other_player_takes_the_points_held_over() -> None:
    # R-KJ-9: 30 held over from a tie go to the player who scores more, Nora when Dan revoked.
    assert score({**K1, "revoke": 1}, frozenset({"kj_tie_points_hang"}), held_over=30).points == (208, 0)


def test_r_kj_14_kj_revoke_annuls_deal_scores_nobody_and_keeps_the_pot() -> None:
    flags = frozenset({"kj_revoke_annuls_deal", "kj_tie_points_hang"})
    result = score({**K1, "revoke": 0}, flags, held_over=30)
    assert (result.points, result.held_over) == ((0, 0), 30)
    assert (seat_sum(result, 0), seat_sum(result, 1)) == (0, 0)


def test_r_kj_14_the_revoke_is_in_the_entry_the_sheets_line_and_the_result() -> None:
    deal = GAME.parse_deal({**K1, "revoke": 1}, NONE)
    result = GAME.score_deal(deal, 1, NONE, 0)
    assert GAME.to_entry(deal)["revoke"] == 1
    assert "revoke" not in GAME.to_entry(GAME.parse_deal(K1, NONE))
    assert (
        GAME.describe_result(deal, result, PLAYERS, NONE)
        == "Nora makes ♥; revoke by Dan: Nora scores all 178 (R-KJ-14)"
    )
    annulled = GAME.describe_result(deal, result, PLAYERS, frozenset({"kj_revoke_annuls_deal"}))
    assert annulled == "Nora makes ♥; revoke by Dan: the deal is annulled (R-KJ-14)"
    assert GAME.deal_state(deal, result, NONE, dealer=1, before=None).result == "revoke"
    (made,) = GAME.undertakings(deal, result, NONE)
    assert (made.side, made.made) == (0, True)  # Nora made trumps, and the revoke was Dan's


def test_r_kj_14_a_revoke_by_no_seat_is_refused() -> None:
    with pytest.raises(RuleError) as caught:
        GAME.parse_deal({**K1, "revoke": 2}, NONE)
    assert (caught.value.field, caught.value.rule) == ("revoke", "R-KJ-14")

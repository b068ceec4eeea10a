"""Klaberjass sequences entered per player, compared by the app: KJ-6.1, KJ-6.3 and the rulings
R-KJ-5 (the order of the comparison), R-KJ-6 (how many score) and R-KJ-7 (no trick, no sequence).

Every expected number is worked by hand from docs/rules/klaberjass.md. Most cases share one deal:
Nora (seat 0) makes spades with 100 card points and the last trick, Dan has 20, so before sequences
Nora's total is 110 and Dan's 20 (KJ-9.1), and Nora wins as maker whatever sequence Dan scores.
"""

from __future__ import annotations

from typing import Any

import pytest

from scoring.core.base import FieldKind, FormatError, RuleError
from scoring.core.games.klaberjass import GAME

NONE: frozenset[str] = frozenset()
BY_VALUE = frozenset({"kj_compare_by_value"})
ALL = frozenset({"kj_score_all_sequences"})
NO_TRICK = frozenset({"kj_no_meld_without_trick"})


def deal(
    cards: tuple[int, int],
    tops: tuple[str, str] = ("none", "none"),
    trumps: tuple[bool, bool] = (False, False),
    **changes: Any,
) -> dict[str, Any]:
    return {
        "maker": 0,
        "trump": "S",
        "card_points": [100, 20],
        "last_trick": 0,
        "sequence_cards": list(cards),
        "sequence_top": list(tops),
        "sequence_in_trumps": list(trumps),
        "bella": None,
        **changes,
    }


def score(raw: dict[str, Any], flags: frozenset[str] = NONE) -> Any:
    return GAME.score_deal(GAME.parse_deal(raw, flags), 1, flags, 0)


def sequence_lines(result: Any) -> list[tuple[int, int, str]]:
    return [(line.side, line.points, line.rule) for line in result.lines if line.rule in ("KJ-6.1", "KJ-6.3")]


# --- KJ-6.3 with R-KJ-5: who wins the comparison -----------------------------------------------


@pytest.mark.parametrize(
    ("raw", "flags", "points", "lines"),
    [
        # 1. More cards win: Nora's 4 (50) against Dan's 3 (20).
        (deal((4, 3)), NONE, (160, 20), [(0, 50, "KJ-6.3")]),
        (deal((3, 4)), NONE, (110, 70), [(1, 50, "KJ-6.3")]),
        # R-KJ-5: a 5-card sequence beats a 4-card one headed by the ace...
        (deal((5, 4), ("J", "A")), NONE, (160, 20), [(0, 50, "KJ-6.3")]),
        # ...but under kj_compare_by_value both are worth 50 and the ace is the higher top card.
        (deal((5, 4), ("J", "A")), BY_VALUE, (110, 70), [(1, 50, "KJ-6.3")]),
        # kj_compare_by_value: 50 beats 20 before the top cards are looked at.
        (deal((4, 3), ("K", "A")), BY_VALUE, (160, 20), [(0, 50, "KJ-6.3")]),
        # 2. At equal length the higher top card wins: Q over J.
        (deal((3, 3), ("J", "Q")), NONE, (110, 40), [(1, 20, "KJ-6.3")]),
        # 3. Still equal, the sequence in trumps wins.
        (deal((3, 3), ("K", "K"), (True, False)), NONE, (130, 20), [(0, 20, "KJ-6.3")]),
        (deal((3, 3), ("K", "K"), (False, True)), NONE, (110, 40), [(1, 20, "KJ-6.3")]),
        # 4. Still equal: nobody scores a sequence.
        (deal((3, 3), ("K", "K")), NONE, (110, 20), [(0, 0, "KJ-6.3"), (1, 0, "KJ-6.3")]),
        (deal((5, 4), ("K", "K")), BY_VALUE, (110, 20), [(0, 0, "KJ-6.3"), (1, 0, "KJ-6.3")]),
        # A sequence declared alone scores; no top card is needed for it.
        (deal((0, 3)), NONE, (110, 40), [(1, 20, "KJ-6.1")]),
        (deal((8, 0), ("A", "none")), NONE, (160, 20), [(0, 50, "KJ-6.1")]),
        (deal((0, 0)), NONE, (110, 20), []),
    ],
)
def test_kj_6_3_r_kj_5_only_the_better_sequence_scores(
    raw: dict[str, Any], flags: frozenset[str], points: tuple[int, int], lines: list[tuple[int, int, str]]
) -> None:
    result = score(raw, flags)
    assert result.points == points
    assert sequence_lines(result) == lines


@pytest.mark.parametrize(
    ("raw", "flags", "side", "text"),
    [
        (deal((4, 3)), NONE, 0, "sequence of 4 cards beats the opponent's 3 cards (more cards)"),
        (
            deal((5, 4), ("J", "A")),
            BY_VALUE,
            1,
            "sequence of 4 cards to the A beats the opponent's 5 cards to the J (higher top card)",
        ),
        (
            deal((3, 3), ("K", "K"), (False, True)),
            NONE,
            1,
            "sequence of 3 cards to the K beats the opponent's 3 cards to the K (in trumps)",
        ),
        (deal((3, 3), ("K", "K")), NONE, 0, "equal sequences: neither scores one"),
    ],
)
def test_kj_6_3_the_line_says_who_won_the_comparison_and_why(
    raw: dict[str, Any], flags: frozenset[str], side: int, text: str
) -> None:
    line = next(line for line in score(raw, flags).lines if line.rule == "KJ-6.3")
    assert (line.side, line.text) == (side, text)


def test_kj_6_4_k1_equal_length_the_dealers_queen_beats_the_makers_jack() -> None:
    # K1: N's J♥-10♥-9♥ in trumps against D's Q♠-J♠-10♠: the top card decides before trumps do.
    k1 = deal((3, 3), ("J", "Q"), (True, False), trump="H", card_points=[93, 35], bella=1)
    assert score(k1).points == (103, 75)


# --- R-KJ-6 and R-KJ-7 ---------------------------------------------------------------------------


def test_r_kj_6_only_the_best_sequence_scores_by_default() -> None:
    # K4: N's 4-card club sequence wins; N's ♥K-Q-J earns nothing, and cannot even be entered.
    with pytest.raises(RuleError) as caught:
        GAME.parse_deal(deal((4, 3), other_sequences=[20, 0]), NONE)
    assert (caught.value.field, caught.value.rule) == ("other_sequences[0]", "R-KJ-6")


def test_r_kj_6_kj_score_all_sequences_the_winner_scores_every_sequence_the_loser_none() -> None:
    # Nora: 50 + her other 20 = 70 on top of 110; Dan's other 20 goes with his lost comparison.
    result = score(deal((4, 3), other_sequences=[20, 20]), ALL)
    assert result.points == (180, 20)
    assert [(line.side, line.points, line.rule) for line in result.lines if line.rule.startswith("R-KJ")] == [
        (0, 20, "R-KJ-6")
    ]


def test_r_kj_7_kj_no_meld_without_trick_a_winner_without_a_trick_scores_no_sequence() -> None:
    # Dan makes and takes every trick: 120 card points + 10 = 130. Nora's 4 cards beat Dan's 3, but
    # she took no trick, so her 50 is struck out and Dan scores 130 as maker against 0.
    raw = deal((4, 3), maker=1, card_points=[0, 120], last_trick=1, no_trick=0)
    result = score(raw, NO_TRICK)
    assert result.points == (0, 130)
    assert [(line.side, line.points, line.rule) for line in result.lines if line.side == 0] == [
        (0, 50, "KJ-6.3"),
        (0, -50, "R-KJ-7"),
    ]
    # A player with no card points may still have taken a trick of blank cards: then the 50 stands,
    # Nora's 50 against Dan's 130.
    assert score({**raw, "no_trick": None}, NO_TRICK).points == (50, 130)


def test_r_kj_7_without_the_flag_a_winner_without_a_trick_scores() -> None:
    raw = deal((4, 3), maker=1, card_points=[0, 120], last_trick=1)
    assert score(raw, NONE).points == (50, 130)


# --- bad combinations: each refused on its field with its rule ---------------------------------


@pytest.mark.parametrize(
    ("raw", "flags", "field", "rule"),
    [
        (deal((2, 0)), NONE, "sequence_cards[0]", "KJ-6.1"),
        (deal((0, 9)), NONE, "sequence_cards[1]", "KJ-6.1"),
        (deal((3, 0), ("B", "none")), NONE, "sequence_top[0]", "KJ-2.1"),
        (deal((3, 0), ("8", "none")), NONE, "sequence_top[0]", "KJ-2.1"),
        # A top card or trumps for a sequence nobody declared.
        (deal((3, 0), ("A", "K")), NONE, "sequence_top[1]", "KJ-6.1"),
        (deal((0, 3), trumps=(True, False)), NONE, "sequence_in_trumps[0]", "KJ-6.1"),
        # Five cards cannot run down from the 10: 10 9 8 7 is all there is (KJ-2.1).
        (deal((5, 0), ("10", "none")), NONE, "sequence_top[0]", "KJ-6.1"),
        (deal((8, 0), ("K", "none")), NONE, "sequence_top[0]", "KJ-6.1"),
        # Equal lengths: KJ-6.3 compares the top cards, so each one is needed.
        (deal((3, 3), ("A", "none")), NONE, "sequence_top[1]", "KJ-6.3"),
        (deal((4, 4)), NONE, "sequence_top[0]", "KJ-6.3"),
        (deal((5, 4), ("none", "A")), BY_VALUE, "sequence_top[0]", "KJ-6.3"),
        # Two equal sequences in trumps would be the same cards; two in trumps cannot share cards.
        (deal((3, 3), ("K", "K"), (True, True)), NONE, "sequence_in_trumps", "KJ-6.3"),
        (deal((3, 3), ("K", "Q"), (True, True)), NONE, "sequence_in_trumps", "KJ-6.3"),
        (deal((5, 4), ("A", "10"), (True, True)), BY_VALUE, "sequence_in_trumps", "KJ-6.3"),
        # Other sequences (R-KJ-6): only under the flag, with a best one, fitting in nine cards.
        (deal((0, 0), other_sequences=[20, 0]), ALL, "other_sequences[0]", "R-KJ-6"),
        (deal((3, 0), other_sequences=[50, 0]), ALL, "other_sequences[0]", "R-KJ-6"),
        (deal((3, 0), other_sequences=[30, 0]), ALL, "other_sequences[0]", "R-KJ-6"),
        (deal((4, 0), other_sequences=[40, 0]), ALL, "other_sequences[0]", "KJ-5.1"),
        (deal((0, 7), other_sequences=[0, 20]), ALL, "other_sequences[1]", "KJ-5.1"),
        # Who took no trick (R-KJ-7): only under the flag, and never the player with points or the last trick.
        (deal((4, 3), no_trick=1), NONE, "no_trick", "R-KJ-7"),
        (deal((4, 3), no_trick=1), NO_TRICK, "no_trick", "R-KJ-7"),
        (deal((4, 3), no_trick=0, card_points=[0, 120], last_trick=0), NO_TRICK, "no_trick", "R-KJ-7"),
        (deal((4, 3), no_trick=2), NO_TRICK, "no_trick", "R-KJ-7"),
    ],
)
def test_kj_6_bad_sequence_entries_name_field_and_rule(
    raw: dict[str, Any], flags: frozenset[str], field: str, rule: str
) -> None:
    with pytest.raises(RuleError) as caught:
        GAME.parse_deal(raw, flags)
    assert (caught.value.field, caught.value.rule) == (field, rule)


def test_kj_6_3_the_missing_top_card_message_says_why_it_is_needed() -> None:
    with pytest.raises(RuleError) as caught:
        GAME.parse_deal(deal((3, 3), ("A", "none")), NONE)
    assert str(caught.value) == (
        "sequence_top[1]: both sequences are of 3 cards, so their top cards decide: choose this one's top card (KJ-6.3)"
    )


@pytest.mark.parametrize(
    ("raw", "field"),
    [
        (deal((3, 0), sequence_points=[20, 0]), "sequence_points"),
        (deal((3, 0), sequence_cards=3), "sequence_cards"),
        (deal((3, 0), sequence_in_trumps=[0, 0]), "sequence_in_trumps[0]"),
        (deal((3, 0), sequence_cards=[True, 0]), "sequence_cards[0]"),
    ],
)
def test_kj_6_unreadable_sequence_entries_are_format_errors(raw: dict[str, Any], field: str) -> None:
    with pytest.raises(FormatError) as caught:
        GAME.parse_deal(raw, NONE)
    assert caught.value.field == field


# --- the older entry: sequence_points, read and stored in the new shape ------------------------


@pytest.mark.parametrize(
    ("points", "flags", "cards", "others"),
    [
        ([0, 20], NONE, [0, 3], None),
        ([50, 0], NONE, [4, 0], None),
        ([0, 0], NONE, [0, 0], None),
        ([70, 0], ALL, [4, 0], [20, 0]),
        ([0, 70], ALL, [0, 4], [0, 20]),
        ([100, 0], ALL, [4, 0], [50, 0]),
        ([60, 0], ALL, [3, 0], [40, 0]),
    ],
)
def test_r_kj_6_an_older_entry_is_stored_as_the_winners_sequence_and_scores_the_same(
    points: list[int], flags: frozenset[str], cards: list[int], others: list[int] | None
) -> None:
    older = {"maker": 0, "trump": "S", "card_points": [100, 20], "last_trick": 0, "sequence_points": points}
    stored = GAME.to_entry(GAME.parse_deal(older, flags))
    expected = deal((cards[0], cards[1]))
    if others:
        expected["other_sequences"] = others
    assert stored == expected
    # Nora 110 and Dan 20 before sequences (KJ-9.1), each plus what the table agreed.
    scored = (110 + points[0], 20 + points[1])
    assert score(older, flags).points == score(stored, flags).points == scored


# --- the entry spec: taps only where a sequence is declared ------------------------------------


@pytest.mark.parametrize(
    ("flags", "extra"),
    [
        (NONE, []),
        (ALL, ["other_sequences"]),
        (NO_TRICK, ["no_trick"]),
        (ALL | NO_TRICK | BY_VALUE, ["other_sequences", "no_trick"]),
    ],
)
def test_kj_6_entry_spec_sequence_fields_have_defaults(flags: frozenset[str], extra: list[str]) -> None:
    spec = GAME.entry_spec(flags)
    names = {"sequence_cards", "sequence_top", "sequence_in_trumps", *extra}
    fields = [field for field in spec.fields if field.name in names]
    assert sorted(field.name for field in fields) == sorted(names)
    assert not any(field.required for field in fields)
    assert {field.name: field.initial for field in fields if field.kind is FieldKind.CHOICE} == {
        "sequence_cards": 0,
        "sequence_top": "none",
        "sequence_in_trumps": False,
        **({"other_sequences": 0} if "other_sequences" in extra else {}),
    }
    assert spec.by_seat
    # Left out, the sequence fields read as nothing declared.
    bare = {"maker": 0, "trump": "S", "card_points": [100, 20], "last_trick": 0}
    assert GAME.to_entry(GAME.parse_deal(bare, flags)) == deal((0, 0))

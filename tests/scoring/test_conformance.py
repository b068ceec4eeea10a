"""Every game in the registry against the shared protocol and against RULES.md (STYLE.md 2).

The tables below are the product's spec, copied from RULES.md: each game's prefix, seat count and
every variant flag it names (RULES.md 0.3, §5) with the ruling that defines it. The tests walk
``GAMES``, so a game added to the registry is covered at once, and fails here until its row exists.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from scoring.core.base import DealScore, FormatError, Game, Progress
from scoring.core.games import GAMES
from scoring.core.match import evaluate, parse_match

# RULES.md: prefix and players (BG-1.1, DB-1.1, CB-1.1, KJ-1.1).
SPEC = {
    "bridgette": ("BG", 2),
    "draw_bridge": ("DB", 2),
    "call_bridge": ("CB", 4),
    "klaberjass": ("KJ", 2),
}

# RULES.md §5 (and DB-3.5 for db_show_stock_top): every flag, with the R-xx ruling that defines it.
RULES_FLAGS = {
    "bridgette": {
        "bg_score_level_made": "R-BG-2",
        "bg_three_over_or_more": "R-BG-4",
        "bg_multiply_insult": "R-BG-5",
        "bg_extend_undertricks": "R-BG-7",
        "bg_draw_after_seventh": "R-BG-8",
        "bg_upcard_to_dealer": "R-BG-9",
        "bg_passout_redeal": "R-BG-10",
        "bg_strict_jump": "R-BG-12",
        "bg_colon_only_when_void": "R-BG-14",
        "bg_block_requires_suit_lead": "R-BG-15",
    },
    "draw_bridge": {
        "db_led_suit_wins": "R-DB-1",
        "db_must_follow_phase1": "R-DB-1",
        "db_suit_breaks_ties": "R-DB-1",
        "db_show_stock_top": "R-DB-2",
        "db_fail_scores_nothing": "R-DB-5",
        "db_fail_opponent_gets_contract_value": "R-DB-5",
        "db_contract_bridge_scoring": "R-DB-6",
    },
    "call_bridge": {
        "cb_allow_13": "R-CB-1",
        "cb_pagat_window": "R-CB-2",
        "cb_decimal_overtricks": "R-CB-2",
        "cb_shared_win": "R-CB-6",
        "cb_must_head_trick": "R-CB-7",
    },
    "klaberjass": {
        "kj_schmeiss": "R-KJ-2",
        "kj_dix_any_trump": "R-KJ-4",
        "kj_compare_by_value": "R-KJ-5",
        "kj_score_all_sequences": "R-KJ-6",
        "kj_no_meld_without_trick": "R-KJ-7",
        "kj_tie_points_hang": "R-KJ-9",
        "kj_bella_kept_when_bate": "R-KJ-10",
        "kj_target_501": "R-KJ-12",
    },
}

# One normalised match-file entry per shape, in the public format.
SAMPLE_ENTRIES: dict[str, list[dict[str, Any]]] = {
    "bridgette": [
        {"declarer": 0, "level": 3, "strain": "NT", "doubled": 0, "tricks": 9},
        {"declarer": 1, "level": 4, "strain": "S", "doubled": 1, "tricks": 8},
        {"passed_out": True},
    ],
    "draw_bridge": [
        {"declarer": 0, "level": 3, "strain": "NT", "doubled": 0, "tricks": 9},
        {"declarer": 1, "level": 2, "strain": "H", "doubled": 2, "tricks": 7},
        {"passed_out": True},
    ],
    "call_bridge": [
        {"calls": [3, 4, 2, 5], "tricks": [4, 4, 1, 4]},
        {"calls": [8, 2, 2, 3], "tricks": [9, 2, 1, 1]},
    ],
    "klaberjass": [
        {"maker": 1, "trump": "H", "card_points": [93, 35], "last_trick": 0, "sequence_points": [0, 20], "bella": 1},
        {"annulled": True},
    ],
}

NO_FLAGS: frozenset[str] = frozenset()
NAMES = sorted(GAMES)
SAMPLES = [(name, entry) for name in NAMES for entry in SAMPLE_ENTRIES.get(name, [{}])]


def players(game: Game) -> list[str]:
    return ["Anna", "Ben", "Cleo", "Dev"][: game.seats]


def test_every_registered_game_has_its_spec_here() -> None:
    assert sorted(SPEC) == NAMES
    assert sorted(RULES_FLAGS) == NAMES
    assert sorted(SAMPLE_ENTRIES) == NAMES


@pytest.mark.parametrize("name", NAMES)
def test_game_describes_itself(name: str) -> None:
    game = GAMES[name]
    prefix, seats = SPEC[name]
    assert (game.name, game.rule_prefix, game.seats) == (name, prefix, seats)
    assert game.title and game.summary and "\n" not in game.summary
    assert game.dealer_rule.startswith(f"{prefix}-") or game.dealer_rule.startswith(f"R-{prefix}-")
    assert game.target_rule.startswith(f"{prefix}-") or game.target_rule.startswith(f"R-{prefix}-")
    assert game.suggested_target is None or isinstance(game.suggested_target, int)


@pytest.mark.parametrize("name", NAMES)
def test_rules_0_3_every_flag_of_rules_md_is_offered_with_its_ruling(name: str) -> None:
    game = GAMES[name]
    assert {flag_name: flag.rule for flag_name, flag in game.flags.items()} == RULES_FLAGS[name]


@pytest.mark.parametrize("name", NAMES)
def test_rules_0_3_flags_carry_the_prefix_a_ruling_and_one_sentence(name: str) -> None:
    game = GAMES[name]
    prefix = game.rule_prefix
    for key, flag in game.flags.items():
        assert flag.name == key
        assert key.startswith(f"{prefix.lower()}_")
        ruling = flag.rule.removeprefix(f"R-{prefix}-")
        assert ruling != flag.rule and ruling.isdigit(), f"{key} cites {flag.rule}, not an R-{prefix}-n ruling"
        assert flag.text.strip() == flag.text and flag.text.endswith(".") and "\n" not in flag.text


@pytest.mark.parametrize("name", NAMES)
def test_rules_0_3_no_flags_and_each_single_flag_can_be_played(name: str) -> None:
    game = GAMES[name]
    game.check_flags(NO_FLAGS)
    for flag in game.flags:
        game.check_flags(frozenset({flag}))


@pytest.mark.parametrize(("name", "entry"), SAMPLES)
def test_to_entry_gives_back_the_entry(name: str, entry: dict[str, Any]) -> None:
    game = GAMES[name]
    deal = game.parse_deal(entry, NO_FLAGS)
    assert game.to_entry(deal) == entry
    assert game.parse_deal(game.to_entry(deal), NO_FLAGS) == deal


@pytest.mark.parametrize(("name", "entry"), SAMPLES)
def test_deal_values_are_frozen_dataclasses_with_slots(name: str, entry: dict[str, Any]) -> None:
    deal = GAMES[name].parse_deal(entry, NO_FLAGS)
    assert dataclasses.is_dataclass(deal)
    params = type(deal).__dataclass_params__  # type: ignore[attr-defined]
    assert params.frozen
    assert hasattr(type(deal), "__slots__")


@pytest.mark.parametrize(("name", "entry"), SAMPLES)
def test_score_lines_add_up_to_the_points(name: str, entry: dict[str, Any]) -> None:
    game = GAMES[name]
    deal = game.parse_deal(entry, NO_FLAGS)
    score = game.score_deal(deal, 0, NO_FLAGS, 0)
    assert isinstance(score, DealScore)
    assert len(score.points) == game.seats
    assert all(type(points) is int for points in score.points)  # Decimal only under cb_decimal_overtricks
    for seat in range(game.seats):
        assert sum(line.points for line in score.lines if line.side == seat) == score.points[seat]
    assert all(0 <= line.side < game.seats and line.rule and line.text for line in score.lines)
    assert score.held_over == 0  # only kj_tie_points_hang holds points over
    description = game.describe(deal, tuple(players(game)))
    assert isinstance(description, str) and description


@pytest.mark.parametrize(("name", "entry"), SAMPLES)
def test_unreadable_entries_are_format_errors(name: str, entry: dict[str, Any]) -> None:
    game = GAMES[name]
    with pytest.raises(FormatError):
        game.parse_deal([entry], NO_FLAGS)
    with pytest.raises(FormatError) as caught:
        game.parse_deal({**entry, "no_such_field": 1}, NO_FLAGS)
    assert caught.value.field == "no_such_field"


@pytest.mark.parametrize("name", NAMES)
def test_a_new_match_has_no_outcome_and_a_stage(name: str) -> None:
    game = GAMES[name]
    doc: dict[str, Any] = {"game": name, "players": players(game), "first_dealer": 1, "deals": []}
    if game.target_required:
        doc["target"] = game.suggested_target
    result = evaluate(parse_match(doc))
    assert result.outcome is None
    assert result.next_dealer == 1
    assert result.stage
    progress = Progress(tuple([0] * game.seats), 0, 0, result.match.target, tuple(players(game)))
    assert game.outcome(progress, NO_FLAGS) is None


@pytest.mark.parametrize(("name", "entry"), SAMPLES)
def test_match_totals_are_the_deal_points(name: str, entry: dict[str, Any]) -> None:
    game = GAMES[name]
    doc: dict[str, Any] = {"game": name, "players": players(game), "first_dealer": 0, "deals": [entry]}
    if game.target_required:
        doc["target"] = game.suggested_target
    result = evaluate(parse_match(doc))
    assert result.totals == result.deals[0].score.points
    assert result.deals[0].dealer == 0
    if result.outcome is None:
        assert result.next_dealer == game.next_dealer(0, result.deals[0].deal, NO_FLAGS)

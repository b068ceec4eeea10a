"""The club's pure core: table assignments (club/core/pairing.py) and standings (club/core/standings.py),
against docs/rules/club.md. Expected values are worked by hand from the rules."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from club.core.pairing import Seating, draw, met_pairs, rotation, swiss
from club.core.standings import Result, standings, table_shares
from scoring.core.base import DEFAULT_STANDINGS_ORDER, Ranking

# Pairing


def test_cl_2_1_the_draw_is_the_same_for_the_same_seed() -> None:
    assert draw(range(12), 7) == draw(range(12), 7)
    assert sorted(draw(range(12), 7)) == list(range(12))
    assert draw(range(12), 7) != draw(range(12), 8)


def test_cl_2_2_the_best_meet_the_best_they_have_not_met() -> None:
    # 1 met 2 and 3 met 4 last round: 1 plays 3, 2 plays 4, 5 and 6 meet.
    met = frozenset({frozenset({1, 2}), frozenset({3, 4})})
    assert swiss([1, 2, 3, 4, 5, 6], 2, met).tables == ((1, 3), (2, 4), (5, 6))


def test_cl_2_2_a_complete_search_backs_off_a_greedy_choice() -> None:
    # Greedy would seat 1-3 and 2-4, leaving 5-6, who met: 2 takes 5 instead, and 4 plays 6.
    met = frozenset({frozenset({1, 2}), frozenset({3, 4}), frozenset({5, 6})})
    assert swiss([1, 2, 3, 4, 5, 6], 2, met).tables == ((1, 3), (2, 5), (4, 6))


def test_cl_2_2_an_unavoidable_rematch_is_the_only_one() -> None:
    # Four entrants after three rounds of a round robin: every pair has met; two tables, two rematches.
    met = frozenset(frozenset(pair) for pair in combinations(range(4), 2))
    assert swiss([0, 1, 2, 3], 2, met).tables == ((0, 1), (2, 3))


def test_cl_2_3_the_lowest_without_a_bye_sits_out() -> None:
    assert swiss([1, 2, 3, 4, 5], 2, frozenset()).byes == (5,)
    assert swiss([1, 2, 3, 4, 5], 2, frozenset(), {5: 1}).byes == (4,)


def test_cl_2_2_four_player_tables() -> None:
    seating = swiss(list(range(10)), 4, frozenset())
    assert seating.tables == ((0, 1, 2, 3), (4, 5, 6, 7))
    assert seating.byes == (8, 9)


def test_cl_2_2_too_few_entrants_is_refused() -> None:
    with pytest.raises(ValueError):
        swiss([1], 2, frozenset())


def _rematch_free_exists(entrants: list[int], size: int, met: frozenset[frozenset[int]]) -> bool:
    """By brute force: is there any seating of ``entrants`` (any of them sitting out) with no rematch?"""
    out = len(entrants) % size

    def seat(rest: list[int]) -> bool:
        if not rest:
            return True
        first = rest[0]
        for companions in combinations(rest[1:], size - 1):
            table = (first, *companions)
            if any(frozenset(pair) in met for pair in combinations(table, 2)):
                continue
            if seat([e for e in rest[1:] if e not in companions]):
                return True
        return False

    return any(seat([e for e in entrants if e not in sitting]) for sitting in combinations(entrants, out))


@st.composite
def rounds_so_far(draw_: st.DrawFn) -> tuple[list[int], frozenset[frozenset[int]], int]:
    size = draw_(st.sampled_from([2, 2, 4]))
    count = draw_(st.integers(min_value=size, max_value=9))
    entrants = list(range(count))
    order = draw_(st.permutations(entrants))
    pairs = list(combinations(entrants, 2))
    met = frozenset(frozenset(pair) for pair in draw_(st.lists(st.sampled_from(pairs), max_size=len(pairs))))
    return list(order), met, size


@given(rounds_so_far())
def test_cl_2_2_properties_every_entrant_once_a_bye_only_when_short_no_avoidable_rematch(
    case: tuple[list[int], frozenset[frozenset[int]], int],
) -> None:
    order, met, size = case
    seating = swiss(order, size, met)
    seated = [entrant for table in seating.tables for entrant in table]
    # Every entrant plays once (or sits out), never twice.
    assert sorted(seated + list(seating.byes)) == sorted(order)
    assert all(len(table) == size for table in seating.tables)
    # A bye only for the entrants the tables cannot hold.
    assert len(seating.byes) == len(order) % size
    # No rematch while one is avoidable.
    rematches = met & met_pairs([seating])
    if _rematch_free_exists(order, size, met):
        assert not rematches


@given(st.integers(min_value=1, max_value=6).map(lambda n: 4 * n))
def test_cl_2_4_rotation_partners_change_every_round(players: int) -> None:
    partners: set[frozenset[int]] = set()
    for number in range(1, players):
        seating = rotation(players, number)
        assert sorted(p for table in seating.tables for p in table) == list(range(players))
        for north, east, south, west in seating.tables:
            for pair in (frozenset({north, south}), frozenset({east, west})):
                assert pair not in partners, f"round {number} repeats partners {sorted(pair)}"
                partners.add(pair)
    assert len(partners) == players * (players - 1) // 2  # every two players partnered once


def test_cl_2_4_the_schedule_for_twelve_players_worked_by_hand() -> None:
    # Round 1 (r = 0): 11 partners 0; 1-10, 2-9, 3-8, 4-7, 5-6. Tables: 11 & 0 v 1 & 10, 2 & 9 v 3 & 8, 4 & 7 v 5 & 6.
    assert rotation(12, 1) == Seating(((11, 1, 0, 10), (2, 3, 9, 8), (4, 5, 7, 6)))
    # Round 2 (r = 1): 11-1; 2-0, 3-10, 4-9, 5-8, 6-7.
    assert rotation(12, 2) == Seating(((11, 2, 1, 0), (3, 4, 10, 9), (5, 6, 8, 7)))


def test_cl_2_4_rotation_needs_a_multiple_of_four() -> None:
    with pytest.raises(ValueError):
        rotation(10, 1)


# Standings


def test_cl_1_4_a_table_s_win_is_the_match_s_or_the_most_points() -> None:
    assert table_shares([120, 80], None) == (Fraction(1), Fraction(0))
    assert table_shares([100, 100], None) == (Fraction(1, 2), Fraction(1, 2))
    assert table_shares([80, 120], (0,)) == (Fraction(1), Fraction(0))  # the match's own end decides


def _res(entrant: int, opponent: int, points: int, conceded: int, won: int | Fraction) -> Result:
    return Result(entrant, (opponent,), points, conceded, Fraction(won), True)


def test_cl_3_6_wins_then_difference() -> None:
    # A beat B 200-150 and lost to C 100-300; B beat C 260-100. Each has one win.
    # Difference: A 300-450 = -150, B 410-300 = +110, C 400-360 = +40. So B, C, A.
    results = [
        _res(0, 1, 200, 150, 1), _res(1, 0, 150, 200, 0),
        _res(0, 2, 100, 300, 0), _res(2, 0, 300, 100, 1),
        _res(1, 2, 260, 100, 1), _res(2, 1, 100, 260, 0),
    ]  # fmt: skip
    ranked = standings([0, 1, 2], results, DEFAULT_STANDINGS_ORDER)
    assert [(s.entrant, s.place, s.won, s.difference) for s in ranked] == [
        (1, 1, 1, 110),
        (2, 2, 1, 40),
        (0, 3, 1, -150),
    ]


def test_cl_3_4_head_to_head_breaks_a_tie_between_the_two_who_met() -> None:
    # A (0) and B (1) both won once with difference 0; A beat B. C (2) won once with +10, D (3) lost once.
    results = [
        _res(0, 1, 110, 100, 1), _res(1, 0, 100, 110, 0),
        _res(0, 2, 90, 100, 0), _res(2, 0, 100, 90, 1),
        _res(1, 3, 110, 100, 1), _res(3, 1, 100, 110, 0),
    ]  # fmt: skip
    ranked = standings([1, 0, 2, 3], results, DEFAULT_STANDINGS_ORDER)
    assert [(s.entrant, s.place) for s in ranked] == [(2, 1), (0, 2), (1, 3), (3, 4)]


def test_cl_3_level_on_everything_share_a_place() -> None:
    ranked = standings([0, 1], [], DEFAULT_STANDINGS_ORDER)
    assert [(s.entrant, s.place) for s in ranked] == [(0, 1), (1, 1)]


def test_cl_3_7_points_first() -> None:
    results = [Result(0, (1, 2, 3), 12, 0, Fraction(1), True), Result(1, (0, 2, 3), 15, 0, Fraction(0), True)]
    ranked = standings([0, 1], results, (Ranking.POINTS, Ranking.WINS, Ranking.HEAD_TO_HEAD))
    assert [s.entrant for s in ranked] == [1, 0]


def test_cl_1_4_a_table_still_playing_counts_its_points_but_no_win() -> None:
    results = [Result(0, (1,), 80, 40, Fraction(0), False)]
    (first, _second) = standings([0, 1], results, DEFAULT_STANDINGS_ORDER)
    assert (first.entrant, first.played, first.won, first.points) == (0, 0, 0, 80)


def test_cl_2_2_a_round_where_every_pair_has_met_is_still_seated() -> None:
    # Sixty teams who have all met: every table is a rematch, and the bounded search still seats everyone.
    teams = list(range(60))
    met = frozenset(frozenset(pair) for pair in combinations(teams, 2))
    seating = swiss(teams, 2, met)
    assert sorted(e for table in seating.tables for e in table) == teams
    assert len(seating.tables) == 30

"""Movements (docs/rules/duplicate.md DP-2.1 to DP-2.7): the published schedules round by round, and the properties
every movement keeps, for any number of tables and boards a round."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from club.core.duplicate import check_flags
from club.core.duplicate.movements import SKIP_MITCHELL, Movement, movement
from scoring.core.base import FormatError, RuleError


def seatings(m: Movement) -> list[tuple[int, int, int, int, tuple[int, ...]]]:
    """Every (round, table, N-S, E-W, boards) of ``m``."""
    return [(r, t.table, t.ns, t.ew, t.boards) for r, round_ in enumerate(m.rounds, 1) for t in round_]


def boards_played(m: Movement, pair: int) -> Counter[int]:
    return Counter(b for _r, _t, ns, ew, boards in seatings(m) for b in boards if pair in (ns, ew))


def meetings(m: Movement) -> Counter[frozenset[int]]:
    return Counter(frozenset((ns, ew)) for _r, _t, ns, ew, _b in seatings(m))


def test_dp_2_1_three_and_four_tables_play_a_howell_five_and_more_a_mitchell() -> None:
    assert [movement(tables, 2).kind for tables in (3, 4, 5, 6, 7)] == [
        "howell",
        "howell",
        "mitchell",
        "mitchell",
        "mitchell",
    ]
    assert movement(6, 2, frozenset({SKIP_MITCHELL})).kind == "skip_mitchell"
    assert movement(7, 2, frozenset({SKIP_MITCHELL})).kind == "mitchell"  # a skip only helps an even number


@pytest.mark.parametrize(
    ("tables", "per_round", "field", "rule"),
    [(2, 3, "tables", "DP-2.1"), (0, 3, "tables", "DP-2.1"), (5, 0, "boards_per_round", "DP-2.2")],
)
def test_dp_2_1_too_few_tables_or_boards_are_refused_on_their_field(
    tables: int, per_round: int, field: str, rule: str
) -> None:
    with pytest.raises(RuleError) as refused:
        movement(tables, per_round)
    assert (refused.value.field, refused.value.rule) == (field, rule)


@pytest.mark.parametrize(("tables", "per_round", "field"), [("5", 2, "tables"), (5, True, "boards_per_round")])
def test_dp_2_1_a_count_that_is_not_a_whole_number_is_refused(tables: object, per_round: object, field: str) -> None:
    with pytest.raises(FormatError) as refused:
        movement(tables, per_round)
    assert refused.value.field == field


def test_an_unknown_house_rule_is_refused_and_the_known_ones_pass() -> None:
    with pytest.raises(FormatError) as refused:
        check_flags(frozenset({"dp_skip_mitchel"}))
    assert refused.value.field == "flags"
    check_flags(frozenset({"dp_skip_mitchell", "dp_acbl_matchpoints", "dp_butler_all_scores"}))


def test_dp_2_2_a_set_is_the_boards_of_one_round() -> None:
    first = movement(5, 3).rounds[0]
    assert [table.boards for table in first] == [(1, 2, 3), (4, 5, 6), (7, 8, 9), (10, 11, 12), (13, 14, 15)]


def test_dp_2_3_a_five_table_mitchell_round_two_by_hand() -> None:
    # E-W pairs 6 to 10 start at tables 1 to 5 and move up one table (10 goes from table 5 to table 1); the set of
    # table t + 1 comes down to table t (table 5 gets table 1's).
    second = movement(5, 2).rounds[1]
    assert [(t.table, t.ns, t.ew, t.boards) for t in second] == [
        (1, 1, 10, (3, 4)),
        (2, 2, 6, (5, 6)),
        (3, 3, 7, (7, 8)),
        (4, 4, 8, (9, 10)),
        (5, 5, 9, (1, 2)),
    ]


def test_dp_2_4_a_six_table_mitchell_shares_tables_1_and_6_and_rests_a_set_between_3_and_4() -> None:
    # Round 1: tables 1, 2, 3 hold sets 1, 2, 3, the relay set 4, tables 4, 5 sets 5, 6, table 6 shares set 1.
    # Round 2: each set moves down a station: set 4 comes off the relay to table 3, set 5 onto it, and the shared
    # table 1 and 6 get table 2's set 2.
    m = movement(6, 1)
    assert [t.boards for t in m.rounds[0]] == [(1,), (2,), (3,), (5,), (6,), (1,)]
    assert [t.boards for t in m.rounds[1]] == [(2,), (3,), (4,), (6,), (1,), (2,)]


def test_dp_2_5_the_three_table_howell_round_by_round() -> None:
    # 6-1 5-2 4-3; pair 6 stays at table 1 N-S, each other pair takes the place of the pair one below it (1 takes
    # 5's); every table plays the round's set.
    m = movement(3, 2)
    assert [[(t.ns, t.ew) for t in round_] for round_ in m.rounds] == [
        [(6, 1), (5, 2), (4, 3)],
        [(6, 2), (1, 3), (5, 4)],
        [(6, 3), (2, 4), (1, 5)],
        [(6, 4), (3, 5), (2, 1)],
        [(6, 5), (4, 1), (3, 2)],
    ]
    assert [{t.boards for t in round_} for round_ in m.rounds] == [{(1, 2)}, {(3, 4)}, {(5, 6)}, {(7, 8)}, {(9, 10)}]


def test_dp_2_6_the_four_table_howell_first_two_rounds() -> None:
    # McKinnon's "8-1 6-5 4-2 R 7-3 2R": tables 1, 2, 3 at stations 1 to 3 with sets 1 to 3, a relay (set 4),
    # table 4 at station 5 with set 5, two relays (sets 6 and 7). Next round each set moves down one station.
    m = movement(4, 1)
    assert [(t.table, t.ns, t.ew, t.boards) for t in m.rounds[0]] == [
        (1, 8, 1, (1,)),
        (2, 6, 5, (2,)),
        (3, 4, 2, (3,)),
        (4, 7, 3, (5,)),
    ]
    assert [(t.table, t.ns, t.ew, t.boards) for t in m.rounds[1]] == [
        (1, 8, 2, (2,)),
        (2, 7, 6, (3,)),
        (3, 5, 3, (4,)),
        (4, 1, 4, (6,)),
    ]


@given(st.sampled_from((3, 4)), st.integers(1, 4))
def test_dp_2_7_in_a_howell_every_pair_meets_every_other_once_and_plays_every_board_once(
    tables: int, per_round: int
) -> None:
    m = movement(tables, per_round)
    pairs = range(1, 2 * tables + 1)
    assert len(m.rounds) == 2 * tables - 1
    assert meetings(m) == Counter(frozenset(two) for two in combinations(pairs, 2))
    every_board = range(1, (2 * tables - 1) * per_round + 1)
    for pair in pairs:
        assert boards_played(m, pair) == Counter(every_board), pair
    # Each board is played at as many tables as there are, and never twice in one round by one pair.
    assert Counter(b for *_seat, boards in seatings(m) for b in boards) == Counter({b: tables for b in every_board})
    for round_ in m.rounds:
        assert sorted(p for t in round_ for p in (t.ns, t.ew)) == list(pairs)


@given(st.integers(5, 31), st.integers(1, 4))
def test_dp_2_7_in_a_mitchell_each_pair_plays_each_board_once_and_meets_each_opponent_once(
    tables: int, per_round: int
) -> None:
    m = movement(tables, per_round)
    north_south, east_west = range(1, tables + 1), range(tables + 1, 2 * tables + 1)
    every_board = range(1, tables * per_round + 1)
    assert len(m.rounds) == tables
    for round_ in m.rounds:
        assert [t.ns for t in round_] == list(north_south)  # N-S stay put (DP-2.3)
        assert sorted(t.ew for t in round_) == list(east_west)
    assert meetings(m) == Counter(frozenset((ns, ew)) for ns in north_south for ew in east_west)
    for pair in (*north_south, *east_west):
        assert boards_played(m, pair) == Counter(every_board), pair
    # E-W pairs move up one table a round, from the last table to the first.
    for before, after in zip(m.rounds, m.rounds[1:], strict=False):
        assert [t.ew for t in after] == [before[-1].ew, *(t.ew for t in before[:-1])]
    # Only tables 1 and T share a set, and only when T is even (DP-2.4).
    for round_ in m.rounds:
        shared = [t.table for t in round_ if [u.boards for u in round_].count(t.boards) > 1]
        assert shared == ([1, tables] if tables % 2 == 0 else [])


@given(st.sampled_from(range(6, 31, 2)), st.integers(1, 4))
def test_r_dp_2_a_skip_mitchell_never_repeats_an_opponent_or_a_board(tables: int, per_round: int) -> None:
    m = movement(tables, per_round, frozenset({SKIP_MITCHELL}))
    assert len(m.rounds) == tables - 1
    assert max(meetings(m).values()) == 1
    for pair in m.pairs:
        played = boards_played(m, pair)
        assert max(played.values()) == 1 and len(played) == (tables - 1) * per_round, pair
    # Every board is played at the same number of tables, T - 1, so every board has as many results.
    assert set(Counter(b for *_seat, boards in seatings(m) for b in boards).values()) == {tables - 1}
    # No table shares a set in a round.
    for round_ in m.rounds:
        assert len({t.boards for t in round_}) == tables

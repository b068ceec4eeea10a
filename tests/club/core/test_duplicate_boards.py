"""A board's dealer, vulnerability and N-S score, and its traveller (docs/rules/duplicate.md DP-1.1 to DP-3.2).

Every figure is worked by hand from Law 2 and the Law 77 table (BR-6.1 to BR-6.6)."""

from __future__ import annotations

from typing import Any

import pytest

from club.core.duplicate.boards import (
    Adjusted,
    Artificial,
    Vulnerable,
    dealer,
    ns_score,
    read_result,
    vulnerability,
)
from club.core.duplicate.movements import movement
from club.core.duplicate.travellers import Line, travellers
from scoring.core.base import EntryError, FormatError, RuleError

N, E, S, W = 0, 1, 2, 3

# Law 2's table of boards 1 to 16, copied by hand: dealer and vulnerable side.
LAW_2 = [
    (N, "None"),
    (E, "NS"),
    (S, "EW"),
    (W, "All"),
    (N, "NS"),
    (E, "EW"),
    (S, "All"),
    (W, "None"),
    (N, "EW"),
    (E, "All"),
    (S, "None"),
    (W, "NS"),
    (N, "All"),
    (E, "None"),
    (S, "NS"),
    (W, "EW"),
]


@pytest.mark.parametrize(("board", "expected"), list(enumerate(LAW_2, start=1)))
def test_dp_1_1_and_dp_1_2_dealer_and_vulnerability_follow_law_2(board: int, expected: tuple[int, str]) -> None:
    assert (dealer(board), vulnerability(board).value) == expected
    assert (dealer(board + 16), vulnerability(board + 32).value) == expected  # the cycle repeats


def test_dp_1_2_each_sides_vulnerability() -> None:
    assert [v.sides for v in Vulnerable] == [(False, False), (True, False), (False, True), (True, True)]


@pytest.mark.parametrize("board", [0, -3])
def test_dp_1_1_a_board_number_below_1_is_refused(board: int) -> None:
    with pytest.raises(RuleError) as refused:
        vulnerability(board)
    assert (refused.value.field, refused.value.rule) == ("board", "DP-1.1")


def contract(declarer: int, level: int, strain: str, tricks: int, doubled: int = 0) -> dict[str, Any]:
    return {"declarer": declarer, "level": level, "strain": strain, "doubled": doubled, "tricks": tricks}


@pytest.mark.parametrize(
    ("board", "entry", "score"),
    [
        (1, contract(N, 4, "S", 10), 420),  # none vulnerable: 120 + 300 (the ACBL's example)
        (2, contract(S, 4, "H", 10), 620),  # N-S vulnerable: 120 + 500 (the ACBL's example)
        (3, contract(E, 3, "NT", 9), -600),  # E-W vulnerable: 100 + 500 to E-W
        (4, contract(W, 2, "S", 7, doubled=1), 200),  # both vulnerable: doubled down 1, 200 to N-S
        (5, contract(N, 6, "NT", 12), 1440),  # N-S vulnerable: 190 + 500 + 750
        (8, contract(N, 2, "H", 10), 170),  # none vulnerable: 60 + 60 + 50 (the ACBL's example)
        (9, contract(S, 1, "NT", 7, doubled=2), 560),  # E-W vulnerable, N-S not: 160 makes game, 300 + 100 insult
        (12, contract(E, 4, "S", 9), 50),  # N-S vulnerable, E-W not: down 1, 50 to N-S
        (13, contract(W, 3, "C", 6, doubled=1), 800),  # both vulnerable: 200 + 300 + 300
        (7, {"passed_out": True}, 0),
    ],
)
def test_dp_1_3_a_tables_result_scores_for_n_s_at_the_boards_vulnerability(
    board: int, entry: dict[str, Any], score: int
) -> None:
    assert ns_score(read_result(entry), board) == score


@pytest.mark.parametrize(
    ("entry", "field"),
    [
        (contract(4, 4, "S", 10), "declarer"),
        (contract(N, 0, "S", 10), "level"),
        (contract(N, 4, "X", 10), "strain"),
        (contract(N, 4, "S", 14), "tricks"),
        (contract(N, 4, "S", 10, doubled=3), "doubled"),
        ({"passed_out": True, "level": 1}, "level"),
    ],
)
def test_dp_1_4_a_wrong_result_is_refused_on_its_field(entry: dict[str, Any], field: str) -> None:
    with pytest.raises(RuleError) as refused:
        read_result(entry)
    assert (refused.value.field, refused.value.rule) == (field, "DP-1.4")


def test_dp_1_4_a_result_must_be_an_object_of_known_fields() -> None:
    with pytest.raises(FormatError) as refused:
        read_result({**contract(N, 4, "S", 10), "vulnerable": True})
    assert refused.value.field == "vulnerable"


def test_dp_3_2_the_artificial_scores_and_their_imps() -> None:
    assert [(a.percent, a.imps) for a in Adjusted] == [(60, 3), (50, 0), (40, -3)]


def test_dp_3_1_a_traveller_lists_the_tables_that_play_the_board_in_order() -> None:
    # A 5-table Mitchell, one board a round: board 1 starts at table 1 and moves down a table each round (to 5,
    # 4, 3, 2); E-W pair 6 starts at table 1, and the E-W pair at a table is the one that sat one table lower the
    # round before.
    played = read_result(contract(N, 4, "S", 10))
    ruled = Artificial(Adjusted.AVERAGE_PLUS, Adjusted.AVERAGE_MINUS)
    board = travellers(movement(5, 1), {(1, 1): played, (1, 4): ruled})[1]
    assert board.lines == (
        Line(1, 1, 1, 6, played, 420),
        Line(2, 5, 5, 9),
        Line(3, 4, 4, 7, ruled, ruled),
        Line(4, 3, 3, 10),
        Line(5, 2, 2, 8),
    )
    assert (board.expected, board.scores) == (5, (420, ruled))


def test_dp_3_1_a_result_for_a_board_the_table_does_not_play_is_refused() -> None:
    with pytest.raises(EntryError) as refused:
        travellers(movement(5, 1), {(6, 1): read_result({"passed_out": True})})
    assert (refused.value.field, refused.value.rule) == ("board", "DP-3.1")


def test_dp_3_1_every_board_of_the_movement_has_a_traveller() -> None:
    assert sorted(travellers(movement(4, 2), {})) == list(range(1, 15))

"""The night's standings (docs/rules/duplicate.md DP-6.1 to DP-6.3): a three-table Howell of five boards worked by
hand, and bridge-scorer's ranking cases."""

from __future__ import annotations

from fractions import Fraction

from club.core.duplicate.boards import Score
from club.core.duplicate.matchpoints import ACBL_MATCHPOINTS, matchpoints
from club.core.duplicate.movements import movement
from club.core.duplicate.standings import Scoring, fields, rank, standings
from club.core.duplicate.travellers import Line, Traveller

# DP-2.5's three-table Howell, one board a round, so board r is played in round r at the three tables. The N-S
# scores are made up; each row is (table, N-S pair, E-W pair, N-S score).
SESSION: dict[int, list[tuple[int, int, int, Score]]] = {
    1: [(1, 6, 1, 420), (2, 5, 2, 420), (3, 4, 3, 450)],
    2: [(1, 6, 2, 100), (2, 1, 3, -50), (3, 5, 4, 110)],
    3: [(1, 6, 3, -600), (2, 2, 4, -600), (3, 1, 5, -620)],
    4: [(1, 6, 4, 0), (2, 3, 5, 0), (3, 2, 1, 0)],
    5: [(1, 6, 5, 1430), (2, 4, 1, 680), (3, 3, 2, 200)],
}
HOWELL = movement(3, 1)


def session() -> dict[int, Traveller]:
    return {
        board: Traveller(board, tuple(Line(board, table, ns, ew, None, score) for table, ns, ew, score in rows))
        for board, rows in SESSION.items()
    }


def summary(scoring: Scoring) -> list[tuple[int, Fraction, str]]:
    (field,) = standings(HOWELL, session(), scoring)
    return [(standing.pair, standing.points, standing.rank) for standing in field]


def expected(*rows: tuple[int, int, str]) -> list[tuple[int, Fraction, str]]:
    return [(pair, Fraction(points), place) for pair, points, place in rows]


def test_the_session_is_the_howells_seating() -> None:
    assert [[(t.table, t.ns, t.ew) for t in round_] for round_ in HOWELL.rounds] == [
        [row[:3] for row in SESSION[board]] for board in SESSION
    ]


def test_dp_6_1_a_mitchell_ranks_its_n_s_and_e_w_pairs_apart_a_howell_all_together() -> None:
    assert fields(movement(5, 2)) == ((1, 2, 3, 4, 5), (6, 7, 8, 9, 10))
    assert fields(movement(3, 2)) == ((1, 2, 3, 4, 5, 6),)


def test_dp_6_2_matchpoint_standings_worked_by_hand() -> None:
    # Top 4 a board. Board 1: 420, 420, 450 score N-S 1, 1, 4 and E-W 3, 3, 0; board 2: 100, -50, 110 score 2, 0,
    # 4 and 2, 4, 0; board 3: -600, -600, -620 score 3, 3, 0 and 1, 1, 4; board 4: three passes, 2 each; board 5:
    # 1430, 680, 200 score 4, 2, 0 and 0, 2, 4. Pair 2: 3 + 2 + 3 + 2 + 4 = 14 of 20, 70%; pair 6: 1 + 2 + 3 + 2 +
    # 4 = 12; pair 5: 1 + 4 + 4 + 2 + 0 = 11; pair 4: 4 + 0 + 1 + 2 + 2 = 9; pairs 1 and 3: 7 each.
    assert summary(Scoring.MATCHPOINTS) == expected(
        (2, 14, "1"),
        (6, 12, "2"),
        (5, 11, "3"),
        (4, 9, "4"),
        (1, 7, "5="),
        (3, 7, "5="),
    )
    (field,) = standings(HOWELL, session(), Scoring.MATCHPOINTS)
    assert [(s.boards, s.top, s.percent) for s in field][:2] == [
        (5, Fraction(20), Fraction(70)),
        (5, Fraction(20), Fraction(60)),
    ]


def test_dp_6_3_butler_standings_worked_by_hand() -> None:
    # Three scores a board, so each datum is their mean (R-DP-4), rounded (R-DP-5): 430, 50 (53.3), -610 (-606.7), 0
    # and 770. N-S IMPs: board 1 0, 0, +1; board 2 +2, -3, +2; board 3 0, 0, 0; board 4 0; board 5 +12, -3, -11.
    # Pair 6 (always N-S): 0 + 2 + 0 + 0 + 12 = 14; pair 2: 0 - 2 + 0 + 0 + 11 = 9; pair 1: 0 - 3 + 0 + 0 + 3 = 0;
    # pair 4: 1 - 2 + 0 + 0 - 3 = -4; pair 3: -1 + 3 + 0 + 0 - 11 = -9; pair 5: 0 + 2 + 0 + 0 - 12 = -10.
    assert summary(Scoring.BUTLER) == expected(
        (6, 14, "1"),
        (2, 9, "2"),
        (1, 0, "3"),
        (4, -4, "4"),
        (3, -9, "5"),
        (5, -10, "6"),
    )
    (field,) = standings(HOWELL, session(), Scoring.BUTLER)
    assert {s.percent for s in field} == {None}


def test_dp_6_2_a_board_not_yet_played_counts_for_nobody() -> None:
    travellers = session()
    del travellers[5]
    (field,) = standings(HOWELL, travellers, Scoring.MATCHPOINTS)
    assert {s.boards for s in field} == {4}


def test_dp_6_3_bridge_scorer_ranks() -> None:
    """bridge-scorer, test/rank.js "ranks the results" and "ranks the results with ties"."""
    assert rank([Fraction(n) for n in (10, 20, 30, 40)]) == ["4", "3", "2", "1"]
    assert rank([Fraction(n) for n in (10, 20, 20, 40)]) == ["4", "2=", "2=", "1"]


def test_dp_6_3_bridge_scorer_board_ranks() -> None:
    """bridge-scorer, test/matchpoints.js "ranks" (West -50, 90, 90, 90) and test/matchpointsACBL.js "ranks" (North
    420, South 430, East -500, North 420, 450, -50, 170): each line's rank on the board, N-S and E-W."""
    lines = matchpoints([50, -90, -90, -90])
    assert rank([line.ns for line in lines]) == ["1", "2=", "2=", "2="]
    assert rank([line.ew for line in lines]) == ["4", "1=", "1=", "1="]
    lines = matchpoints([420, 430, 500, 420, 450, -50, 170], flags=frozenset({ACBL_MATCHPOINTS}))
    assert rank([line.ns for line in lines]) == ["4=", "3", "1", "4=", "2", "7", "6"]
    assert rank([line.ew for line in lines]) == ["3=", "5", "7", "3=", "6", "1", "2"]

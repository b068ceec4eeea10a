"""Matchpoints (docs/rules/duplicate.md DP-4.1 to DP-4.5), against published cases.

Most cases are the test cases of the MIT-licensed ``bridge-scorer`` package (Richard Schneider,
github.com/richardschneider/bridge-scorer, ``test/matchpoints.js`` and ``test/matchpointsACBL.js``). Its games
give the declarer's score; a score by East or West is turned here into the N-S score (its negative), which is
what our functions take.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from club.core.duplicate.boards import Adjusted, Artificial, Score
from club.core.duplicate.matchpoints import ACBL_MATCHPOINTS, Matchpoints, matchpoints
from scoring.core.base import RuleError

ACBL = frozenset({ACBL_MATCHPOINTS})


def ns_ew(lines: list[Matchpoints]) -> tuple[list[Fraction], list[Fraction]]:
    return [line.ns for line in lines], [line.ew for line in lines]


@pytest.mark.parametrize(
    ("case", "scores", "ns", "ew"),
    [
        # "scores a simple game (no ties)": South declares every time.
        ("no ties", [400, 430, 150, -50], [4, 6, 2, 0], [2, 0, 4, 6]),
        # "scores a 2-way tie": West declares 110, 140, 140, 120.
        ("2-way tie", [-110, -140, -140, -120], [6, 1, 1, 4], [0, 5, 5, 2]),
        # "scores a 3-way tie": West declares -50, 90, 90, 90.
        ("3-way tie", [50, -90, -90, -90], [6, 2, 2, 2], [0, 4, 4, 4]),
        # "scores a passed in game": North 90, passed out, North -50 twice.
        ("passed out", [90, 0, -50, -50], [6, 4, 1, 1], [0, 2, 5, 5]),
        # "actual session board": North declares all but the fifth (South, 110).
        (
            "actual session",
            [-50, 150, 120, 120, 110, -100, -50, 120],
            [3, 14, 10, 10, 6, 0, 3, 10],
            [11, 0, 4, 4, 8, 14, 11, 4],
        ),
    ],
)
def test_dp_4_1_bridge_scorer_matchpoints_two_a_score_beaten_one_a_tie(
    case: str, scores: list[Score], ns: list[int], ew: list[int]
) -> None:
    """bridge-scorer, test/matchpoints.js (the E-W figures of "actual session board" are its top, 14, less N-S's)."""
    assert ns_ew(matchpoints(scores)) == ([Fraction(n) for n in ns], [Fraction(n) for n in ew]), case


def test_dp_4_3_bridge_scorer_percentages() -> None:
    """bridge-scorer, test/matchpoints.js "determines percentage": 100.00, 66.67, 16.67, 16.67 to two places."""
    lines = matchpoints([90, 0, -50, -50])
    assert [line.ns_percent for line in lines] == [100, Fraction(200, 3), Fraction(50, 3), Fraction(50, 3)]
    assert [line.ew_percent for line in lines] == [0, Fraction(100, 3), Fraction(250, 3), Fraction(250, 3)]
    assert [f"{float(line.ns_percent):.2f}" for line in lines] == ["100.00", "66.67", "16.67", "16.67"]


def test_r_dp_3_bridge_scorer_acbl_matchpoints_one_a_score_beaten_a_half_a_tie() -> None:
    """bridge-scorer, test/matchpointsACBL.js "scores", from the ACBL's "How to keep score" page: North 420,
    South 430, East -500, North 420, 450, -50 and 170."""
    lines = matchpoints([420, 430, 500, 420, 450, -50, 170], flags=ACBL)
    assert ns_ew(lines) == (
        [Fraction(5, 2), 4, 6, Fraction(5, 2), 5, 0, 1],
        [Fraction(7, 2), 2, 0, Fraction(7, 2), 1, 6, 5],
    )
    assert {line.top for line in lines} == {6}


def test_r_dp_3_bridge_scorer_fun_bridge_matchpoints_and_percentages() -> None:
    """bridge-scorer, test/matchpointsACBL.js "scores Fun Bridge" and "determines percentage" (after Funbridge's
    help page): 100.00, 68.75 four times, 31.25 twice, 12.50, 0.00."""
    lines = matchpoints([650, 620, 620, 620, 620, 170, 170, 140, 110], flags=ACBL)
    half = Fraction(1, 2)
    assert [line.ns for line in lines] == [8, 5 + half, 5 + half, 5 + half, 5 + half, 2 + half, 2 + half, 1, 0]
    assert [line.ns_percent for line in lines] == [
        100,
        *[Fraction(6875, 100)] * 4,
        *[Fraction(3125, 100)] * 2,
        Fraction(25, 2),
        0,
    ]


def test_r_dp_3_the_two_scales_give_the_same_percentages() -> None:
    scores: list[Score] = [420, 430, 500, 420, 450, -50, 170]
    usual, acbl = matchpoints(scores), matchpoints(scores, flags=ACBL)
    assert [line.ns_percent for line in usual] == [line.ns_percent for line in acbl]
    assert [line.ns for line in usual] == [2 * line.ns for line in acbl]


def test_dp_4_4_neuberg_the_ebus_board_of_ten_results_where_eleven_were_expected() -> None:
    """The EBU's article "The Neuberg Formula - the Principle" (Max Bavin, ebu.co.uk): ten N-S scores on a board
    of eleven (top 20) score 19.9, 17.7, 15.5 ... 2.3 and 0.1."""
    scores: list[Score] = [520, 500, 490, 480, 460, 450, 430, 420, 400, -50]
    lines = matchpoints(scores, expected=11)
    assert [line.ns for line in lines] == [Fraction(n, 10) for n in (199, 177, 155, 133, 111, 89, 67, 45, 23, 1)]
    assert {line.top for line in lines} == {20}
    assert all(line.ns + line.ew == 20 for line in lines)


def test_dp_4_4_neuberg_three_tables_scored_as_six() -> None:
    """pjms.nl, "Neuberg made easy": 430, 400 and -50 at three tables score 100%, 50% and 0%; factored to the six of
    the next session they score 90%, 50% and 10%, as the same three scores twice each would."""
    assert [line.ns_percent for line in matchpoints([430, 400, -50])] == [100, 50, 0]
    factored = matchpoints([430, 400, -50], expected=6)
    assert [line.ns_percent for line in factored] == [90, 50, 10]
    assert [line.ns_percent for line in matchpoints([430, 430, 400, 400, -50, -50])] == [90, 90, 50, 50, 10, 10]


def test_dp_4_5_an_artificial_score_takes_its_share_of_the_top_and_the_rest_are_factored() -> None:
    # Worked by hand: five results expected (top 8). The average-plus side scores 60% of 8, 4.8, the average-minus
    # side 40%, 3.2. The four real scores, among themselves (top 6): 450 beats three (6), each 420 beats -50 and
    # ties the other (3), -50 scores 0. Factored from 4 to 5: (6 + 1) x 5/4 - 1 = 7.75, (3 + 1) x 5/4 - 1 = 4,
    # (0 + 1) x 5/4 - 1 = 0.25; E-W score 8 less each.
    ruled = Artificial(Adjusted.AVERAGE_PLUS, Adjusted.AVERAGE_MINUS)
    lines = matchpoints([420, ruled, 420, 450, -50])
    assert ns_ew(lines) == (
        [4, Fraction(24, 5), 4, Fraction(31, 4), Fraction(1, 4)],
        [4, Fraction(16, 5), 4, Fraction(1, 4), Fraction(31, 4)],
    )
    assert [line.ns_percent for line in lines][1] == 60


def test_dp_4_3_a_board_only_one_table_plays_is_an_average() -> None:
    assert [(line.ns_percent, line.ew_percent) for line in matchpoints([620])] == [(Fraction(50), Fraction(50))]


def test_dp_4_4_more_results_than_expected_are_refused() -> None:
    with pytest.raises(RuleError) as refused:
        matchpoints([420, 450], expected=1)
    assert (refused.value.field, refused.value.rule) == ("expected", "DP-4.4")


N_S_SCORES = st.lists(st.integers(-7600, 2220).map(lambda points: points // 10 * 10), min_size=1, max_size=30)


@given(N_S_SCORES, st.integers(0, 10))
def test_dp_4_4_a_board_averages_half_the_top_factored_or_not(scores: list[int], missing: int) -> None:
    # Each comparison hands out 2 matchpoints between two scores, so the N-S pairs hold half of all there are: an
    # average of 50%, which Neuberg's formula keeps when it factors the board up to more results.
    lines = matchpoints(list(scores), expected=len(scores) + missing)
    for line in lines:
        assert 0 <= line.ns <= line.top and line.ns + line.ew == line.top
    assert sum(line.ns_percent for line in lines) == 50 * len(lines)

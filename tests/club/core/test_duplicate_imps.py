"""IMPs for pairs (docs/rules/duplicate.md DP-5.1 to DP-5.4), against published cases.

Cases marked bridge-scorer are the test cases of the MIT-licensed ``bridge-scorer`` package (Richard Schneider,
github.com/richardschneider/bridge-scorer, ``test/imps.js``). Its games give the declarer's score; a score by East
or West is turned here into the N-S score (its negative).
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from club.core.duplicate.boards import Adjusted, Artificial, Score
from club.core.duplicate.imps import BUTLER_ALL_SCORES, butler, cross_imps, datum, imps


def sides(*figures: tuple[int, int]) -> list[tuple[Fraction, Fraction]]:
    """Each line's expected (N-S, E-W) IMPs, as the exact fractions the functions give."""
    return [(Fraction(ns), Fraction(ew)) for ns, ew in figures]


# Law 78B's scale, copied by hand: the range of differences for each number of IMPs.
LAW_78B = [
    (0, 10),
    (20, 40),
    (50, 80),
    (90, 120),
    (130, 160),
    (170, 210),
    (220, 260),
    (270, 310),
    (320, 360),
    (370, 420),
    (430, 490),
    (500, 590),
    (600, 740),
    (750, 890),
    (900, 1090),
    (1100, 1290),
    (1300, 1490),
    (1500, 1740),
    (1750, 1990),
    (2000, 2240),
    (2250, 2490),
    (2500, 2990),
    (3000, 3490),
    (3500, 3990),
]


@pytest.mark.parametrize(("won", "span"), list(enumerate(LAW_78B)))
def test_dp_5_1_the_imp_scale_at_both_ends_of_each_step(won: int, span: tuple[int, int]) -> None:
    low, high = span
    assert (imps(low), imps(high), imps(-low), imps(-high)) == (won, won, -won, -won)


@pytest.mark.parametrize(
    ("difference", "won"),
    [
        *[(0, 0), (10, 0), (20, 1), (2240, 19), (3600, 23), (4000, 24), (50000, 24)],
        *[(-10, 0), (-20, -1), (-2240, -19), (-3600, -23), (-4000, -24), (-50000, -24)],
    ],
)
def test_dp_5_1_bridge_scorer_to_imps(difference: int, won: int) -> None:
    """bridge-scorer, test/imps.js: "is caclulated based on the score difference" and "is negative when difference
    is negative"."""
    assert imps(difference) == won


def test_dp_5_3_bridge_scorer_cross_imps() -> None:
    """bridge-scorer, test/imps.js "scores cross imps" (after the bridge-tips.co.il scoring notes): South 620, 170,
    140, 140, -100 score 10.50, -0.25, -1.25, -1.25 and -7.75 IMPs a comparison."""
    lines = cross_imps([620, 170, 140, 140, -100])
    assert [line.ns for line in lines] == [Fraction(n, 4) for n in (42, -1, -5, -5, -31)]
    assert [line.ew for line in lines] == [-line.ns for line in lines]


def test_dp_5_3_a_board_played_once_scores_no_cross_imps() -> None:
    assert [(line.ns, line.ew) for line in cross_imps([620])] == sides((0, 0))


def test_dp_5_2_bridge_scorer_butler_datum_of_three_scores_keeps_them_all() -> None:
    """bridge-scorer, test/imps.js "calcs datum for 3 or less games": North 650, 170, South 200; the mean is 340."""
    assert datum([650, 170, 200]) == 340


def test_dp_5_2_bridge_scorer_butler_datum_and_imps() -> None:
    """bridge-scorer, test/imps.js "calcs datum for 10 or less games" and "assigns imps based on the datum" (after
    the Woburn Sands club's Butler notes on bridgewebs.com): West 650, 170, 1440, East -100, 170, 200, that is N-S
    -650, -170, -1440, +100, -170, -200. Leaving out +100 and -1440, the mean is -297.5: the datum is -300."""
    scores: list[Score] = [-650, -170, -1440, 100, -170, -200]
    assert datum(scores) == -300
    assert [line.ns for line in butler(scores)] == [-8, 4, -15, 9, 4, 3]


def test_dp_5_2_butler_hemel_example() -> None:
    """Hemel Hempstead bridge club, "Pairs with a Team's Flavour!": E-W score 620 four times and 170 three times;
    leaving out one 620 and one 170 the datum is 440; the 620s win 5 IMPs (180), the 170s lose 7 (-270). Here as
    N-S scores, -620 and -170: the datum is -440."""
    scores: list[Score] = [*[-620] * 4, *[-170] * 3]
    assert datum(scores) == -440
    assert [line.ew for line in butler(scores)] == [5] * 4 + [-7] * 3


def test_dp_5_2_butler_nbb_example() -> None:
    """ilovebridge.nl, "Butler-regels uitgelegd": N-S +450, +420, -800, -50, +420, +420; leaving out +450 and -800
    the mean is 302.5 and the datum 300; +450 wins 4, +420 3, -800 loses 15, -50 8."""
    scores: list[Score] = [450, 420, -800, -50, 420, 420]
    assert datum(scores) == 300
    assert [line.ns for line in butler(scores)] == [4, 3, -15, -8, 3, 3]


def test_r_dp_4_butler_datum_of_every_score() -> None:
    """A Bridge Base forum answer on the Bermuda Bowl's Butler (2011): 3 x 980, 11 x 480, 7 x 450 and 1 x -50 average
    514.55, a datum of 510; 980 then wins 10 IMPs, 480 loses 1, 450 loses 2, -50 loses 11."""
    scores: list[Score] = [*[980] * 3, *[480] * 11, *[450] * 7, -50]
    flags = frozenset({BUTLER_ALL_SCORES})
    assert datum(scores, flags) == 510
    assert sorted({line.ns for line in butler(scores, flags)}) == [-11, -2, -1, 10]


@pytest.mark.parametrize(
    ("scores", "expected"),
    [([440, 450], 450), ([-440, -450], -450), ([430, 440], 440), ([0, 10], 10), ([0, -10], -10), ([0, 8], 0)],
)
def test_r_dp_5_the_datum_rounds_a_half_away_from_zero(scores: list[Score], expected: int) -> None:
    # 445 rounds to 450 and -445 to -450; 435 to 440; 5 to 10, -5 to -10; 4 to 0.
    assert datum(scores) == expected


def test_dp_5_4_artificial_scores_are_three_imps_and_stay_out_of_the_datum_and_comparisons() -> None:
    ruled = Artificial(Adjusted.AVERAGE_PLUS, Adjusted.AVERAGE_MINUS)
    scores: list[Score] = [420, ruled, 170]
    assert datum(scores) == 300  # (420 + 170) / 2 = 295
    assert [(line.ns, line.ew) for line in butler(scores)] == sides((3, -3), (3, -3), (-4, 4))
    assert [(line.ns, line.ew) for line in cross_imps(scores)] == sides((6, -6), (3, -3), (-6, 6))
    assert datum([ruled]) is None
    even = Artificial(Adjusted.AVERAGE, Adjusted.AVERAGE)
    assert [(line.ns, line.ew) for line in butler([even])] == sides((0, 0))


@given(st.lists(st.integers(-760, 222).map(lambda tens: tens * 10), min_size=1, max_size=30))
def test_dp_5_3_cross_imps_on_a_board_add_up_to_nothing(scores: list[int]) -> None:
    # Every comparison gives one score as many IMPs as it takes from the other (DP-5.1 is symmetric).
    assert sum(line.ns for line in cross_imps(list(scores))) == 0

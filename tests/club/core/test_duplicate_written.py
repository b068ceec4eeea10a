"""A table's result as bridge players write it: the contract, the declarer and =, +1, -2 (docs/rules/duplicate.md
DP-1.4), read into the contract the Law 77 table scores (DP-1.3). Figures worked by hand."""

from __future__ import annotations

import pytest

from club.core.duplicate.boards import Adjusted, ns_score, read_adjusted, read_written
from scoring.core.base import RuleError
from vocabulary.words import Doubling, Strain

N, E, S, W = 0, 1, 2, 3


@pytest.mark.parametrize(
    ("contract", "declarer", "result", "read", "score"),
    [
        # DP-1.3 on board 2 (N-S vulnerable), the D1 example: 4♥ by S making 10, 11; 2♥ by N making 10; 4♠X by W
        # down 3, E-W not vulnerable (100 + 200 + 200).
        ("4H", S, 0, (4, Strain.HEARTS, Doubling.UNDOUBLED, 10), 620),
        ("4h", S, 1, (4, Strain.HEARTS, Doubling.UNDOUBLED, 11), 650),
        ("2♥", N, 2, (2, Strain.HEARTS, Doubling.UNDOUBLED, 10), 170),
        ("4SX", W, -3, (4, Strain.SPADES, Doubling.DOUBLED, 7), 500),
        ("4 s x", W, -3, (4, Strain.SPADES, Doubling.DOUBLED, 7), 500),
        # 3NT and 3N are the same; 1NTXX by E making 7, E-W not vulnerable: 2 x 40 redoubled 160, game 300,
        # insult 100 = 560 to E-W.
        ("3N", N, 0, (3, Strain.NO_TRUMP, Doubling.UNDOUBLED, 9), 600),
        ("1NTXX", E, 0, (1, Strain.NO_TRUMP, Doubling.REDOUBLED, 7), -560),
    ],
)
def test_dp_1_4_a_result_read_as_written(
    contract: str, declarer: int, result: int, read: tuple[int, Strain, Doubling, int], score: int
) -> None:
    got = read_written(contract, declarer, result)
    assert (got.declarer, got.level, got.strain, got.doubled, got.tricks) == (declarer, *read)
    assert ns_score(got, 2) == score


@pytest.mark.parametrize("contract", ["pass", "Pass", "P", "passed out"])
def test_dp_1_4_a_board_passed_out_needs_no_declarer_or_result(contract: str) -> None:
    got = read_written(contract, None, None)
    assert got.passed_out and ns_score(got, 1) == 0


@pytest.mark.parametrize(
    ("contract", "declarer", "result", "field", "words"),
    [
        ("8S", N, 0, "contract", "not 8"),
        ("0NT", N, 0, "contract", "there is no level-0 bid"),
        ("4SXXX", N, 0, "contract", "write the contract"),
        ("four spades", N, 0, "contract", "write the contract"),
        ("4S", None, 0, "declarer", "say who declared 4S"),
        ("4S", N, None, "result", "give the result of 4S"),
        ("7NT", N, 1, "result", "+1 would make 14 tricks"),
        ("1C", N, -8, "result", "would make -1 tricks"),
    ],
)
def test_dp_1_4_a_bad_result_is_refused_on_its_field(
    contract: str, declarer: int | None, result: int | None, field: str, words: str
) -> None:
    with pytest.raises(RuleError) as refused:
        read_written(contract, declarer, result)
    assert refused.value.field == field and refused.value.rule == "DP-1.4"
    assert words in refused.value.message


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("A+/A-", (Adjusted.AVERAGE_PLUS, Adjusted.AVERAGE_MINUS)),
        ("a / a", (Adjusted.AVERAGE, Adjusted.AVERAGE)),
        ("A\u2212/A+", (Adjusted.AVERAGE_MINUS, Adjusted.AVERAGE_PLUS)),
        ("4SX", None),
        ("pass", None),
        ("AP", None),
    ],
)
def test_dp_3_2_an_artificial_score_as_written(text: str, read: tuple[Adjusted, Adjusted] | None) -> None:
    got = read_adjusted(text)
    assert (got.ns, got.ew) == read if read else got is None


@pytest.mark.parametrize("text", ["A+", "A+/B", "A++/A", "A/A/A"])
def test_dp_3_2_half_an_artificial_score_is_refused(text: str) -> None:
    with pytest.raises(RuleError) as refused:
        read_adjusted(text)
    assert refused.value.field == "contract" and refused.value.rule == "DP-3.2"

"""R-DB-6 `db_contract_bridge_scoring` checked against endplay's Law 77 scorer, on every contract there is.

R-DB-6 scores a deal "as in duplicate contract bridge, non-vulnerable", and Draw Bridge has no
vulnerability under any flag (docs/rules/draw_bridge.md never choose one), so endplay is asked for its
non-vulnerable score only. The space is small enough to enumerate: 7 levels × 5 strains × 3 doublings
× 14 trick counts × 2 declarers = 2,940 deal entries. The hand-worked docs/rules/ examples stay in
test_draw_bridge.py.
"""

from __future__ import annotations

from typing import Any

import pytest
from endplay.types import Contract, Denom, Penalty, Player, Vul

from scoring.core.games.draw_bridge import GAME
from vocabulary.words import Doubling, Strain

FLAGS = frozenset({"db_contract_bridge_scoring"})
DENOMS = {"C": Denom.clubs, "D": Denom.diamonds, "H": Denom.hearts, "S": Denom.spades, "NT": Denom.nt}
PENALTIES = (Penalty.passed, Penalty.doubled, Penalty.redoubled)
# Draw Bridge's two players sit as opponents; with Vul.none neither side is vulnerable.
DECLARERS = (Player.north, Player.east)
CONTRACTS = [(level, strain.value, doubled.value) for level in range(1, 8) for strain in Strain for doubled in Doubling]


def entry(declarer: int, level: int, strain: str, doubled: int, tricks: int) -> dict[str, Any]:
    return {"declarer": declarer, "level": level, "strain": strain, "doubled": doubled, "tricks": tricks}


def our_score(declarer: int, level: int, strain: str, doubled: int, tricks: int) -> int:
    """The deal's score for the declarer's side, as endplay gives it: negative when the opponent scores."""
    result = GAME.score_deal(GAME.parse_deal(entry(declarer, level, strain, doubled, tricks), FLAGS), 0, FLAGS, 0)
    assert 0 in result.points  # R-DB-10: only one player scores
    for seat in (0, 1):
        assert sum(line.points for line in result.lines if line.side == seat) == result.points[seat]
    return result.points[declarer] - result.points[1 - declarer]


def endplay_score(declarer: int, level: int, strain: str, doubled: int, tricks: int, vul: Vul = Vul.none) -> int:
    contract = Contract(
        level=level,
        denom=DENOMS[strain],
        declarer=DECLARERS[declarer],
        penalty=PENALTIES[doubled],
        result=tricks - 6 - level,  # overtricks if positive, undertricks if negative
    )
    return contract.score(vul)


@pytest.mark.parametrize(("level", "strain", "doubled"), CONTRACTS)
def test_db_r6_contract_bridge_scoring_is_law_77_not_vulnerable(level: int, strain: str, doubled: int) -> None:
    for declarer in (0, 1):
        ours = {tricks: our_score(declarer, level, strain, doubled, tricks) for tricks in range(14)}
        endplays = {tricks: endplay_score(declarer, level, strain, doubled, tricks) for tricks in range(14)}
        assert ours == endplays


def test_db_r6_every_contract_was_compared() -> None:
    assert len(CONTRACTS) * 14 * 2 == 2_940


@pytest.mark.parametrize(
    ("level", "strain", "doubled", "tricks"),
    [
        (4, "S", 0, 10),  # game: 300 not vulnerable, 500 vulnerable
        (6, "H", 0, 12),  # small slam: 500 / 750
        (3, "NT", 1, 10),  # doubled overtrick: 100 / 200
        (5, "C", 0, 9),  # 2 down: 50 / 100 each
    ],
)
def test_db_r6_scores_the_non_vulnerable_column(level: int, strain: str, doubled: int, tricks: int) -> None:
    ours = our_score(0, level, strain, doubled, tricks)
    assert ours == endplay_score(0, level, strain, doubled, tricks, Vul.none)
    assert ours != endplay_score(0, level, strain, doubled, tricks, Vul.both)

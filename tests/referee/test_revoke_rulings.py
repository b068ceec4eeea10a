"""The rulings on a card the rules did not allow in the four games whose sources are silent on it: R-CB-10, R-KJ-14,
R-BG-19 and R-DB-12, each with its default and its house rule (docs/rules/). The remedy is told in words, and for
Bridgette and Draw Bridge the tricks it transfers make the deal as ruled. The records are the revokes the games' own
tests flag."""

from __future__ import annotations

from typing import Any

import pytest

from referee.core.verdict import Verdict
from tests.referee import test_bridgette as bridgette
from tests.referee import test_call_bridge as call_bridge
from tests.referee import test_draw_bridge as draw_bridge
from tests.referee import test_klaberjass as klaberjass


def call_bridge_revoke(flags: list[str]) -> Verdict:
    # P2 discards 9♦ to P1's 5♥ instead of spading (CB-5.2).
    events = [*call_bridge.calls(call_bridge.C9_CALLS), *call_bridge.plays((0, "5H"), (1, "9D"))]
    return call_bridge.replay(call_bridge.record(events, flags=flags))


def klaberjass_revoke(flags: list[str]) -> Verdict:
    # Nora leads A♠; Dan, who holds spades, plays A♦ (KJ-8.2).
    events = [klaberjass.bid(0, "take"), klaberjass.play(0, "AS"), klaberjass.play(1, "AD")]
    return klaberjass.replay(klaberjass.record(events, flags=flags))


def bridgette_revoke(flags: list[str]) -> Verdict:
    # North leads Q♣; South, holding 5♣, plays the Grand Colon (BG-6.2): the players are named North and South.
    return bridgette.replay(bridgette.b15((bridgette.NORTH, "QC"), (bridgette.SOUTH, "GC"), flags=tuple(flags)))


def draw_bridge_revoke(flags: list[str]) -> Verdict:
    # Ben leads 2♠ in the play; Anna, who holds 7♠, plays 5♥ (DB-5.2).
    events = [*draw_bridge.draw_phase(), *draw_bridge.ONE_SPADE, draw_bridge.play(1, "2S"), draw_bridge.play(0, "5H")]
    return draw_bridge.replay(draw_bridge.record(events, flags=flags))


@pytest.mark.parametrize(
    ("revoke", "rule", "flag", "default", "variant"),
    [
        (
            call_bridge_revoke,
            "R-CB-10",
            "cb_revoke_voids_deal",
            "P2 played a card the rules did not allow: their call fails whatever tricks they took",
            "P2 played a card the rules did not allow: the deal is void, and nobody scores for it.",
        ),
        (
            klaberjass_revoke,
            "R-KJ-14",
            "kj_revoke_annuls_deal",
            "Dan played a card the rules did not allow: the other player scores every point of the deal",
            "Dan played a card the rules did not allow: the deal is annulled, and nobody scores.",
        ),
        (
            bridgette_revoke,
            "R-BG-19",
            "bg_revoke_three_tricks",
            "South played a card the rules did not allow: at the end of play South gives the other player the revoke",
            "South played a card the rules did not allow: at the end of play South gives three of their tricks",
        ),
        (
            draw_bridge_revoke,
            "R-DB-12",
            "db_revoke_three_tricks",
            "Anna played a card the rules did not allow: at the end of play Anna gives the other player the revoke",
            "Anna played a card the rules did not allow: at the end of play Anna gives three of their tricks",
        ),
    ],
)
def test_a_revoke_has_the_games_ruling_and_its_house_rule(
    revoke: Any, rule: str, flag: str, default: str, variant: str
) -> None:
    (violation,) = revoke([]).violations
    assert violation.remedy is not None
    assert violation.remedy.rule == rule
    assert violation.remedy.text.startswith(default)
    (under_flag,) = revoke([flag]).violations
    assert under_flag.remedy is not None and under_flag.remedy.text.startswith(variant)


def test_r_db_13_a_card_not_held_has_the_ruling_on_other_faults() -> None:
    """DB-5.2 also flags a card not held (docs/referee/draw_bridge.md): not a revoke (R-DB-12) but a card that cannot
    be played, void and replaced without penalty (R-DB-13)."""
    events = [*draw_bridge.draw_phase(), *draw_bridge.ONE_SPADE, draw_bridge.play(1, "7S")]
    (violation,) = draw_bridge.replay(draw_bridge.record(events)).violations
    assert violation.rule == "DB-5.2"
    assert violation.remedy is not None and violation.remedy.rule == "R-DB-13"
    assert violation.remedy.text.startswith("A card Ben did not hold")

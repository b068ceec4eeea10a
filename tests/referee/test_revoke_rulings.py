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


# R-CB-10 on a complete deal. P4 holds 2♥ but trumps P1's A♥ with A♠ in trick 1, then takes every trick but the last,
# which P1's 3♥ wins over P4's 2♥: tricks (1, 0, 0, 12) for calls (2, 2, 2, 12).
REVOKE_HANDS = [
    "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2S",
    "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
    "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
    "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2H",
]


def call_bridge_complete_revoke_record(flags: list[str]) -> dict[str, Any]:
    events = [*call_bridge.calls([2, 2, 2, 12]), *call_bridge.plays((0, "AH"), (1, "AD"), (2, "AC"), (3, "AS"))]
    events += call_bridge.plays((3, "KS"), (0, "2S"), (1, "KD"), (2, "KC"))
    for rank, heart in zip("QJT9876543", "KQJT987654", strict=True):  # the spades, diamonds and clubs go Q to 3
        events += call_bridge.plays((3, f"{rank}S"), (0, f"{heart}H"), (1, f"{rank}D"), (2, f"{rank}C"))
    events += call_bridge.plays((3, "2H"), (0, "3H"), (1, "2D"), (2, "2C"))
    return call_bridge.record(events, REVOKE_HANDS, flags=flags)


def call_bridge_complete_revoke(flags: list[str]) -> Verdict:
    return call_bridge.replay(call_bridge_complete_revoke_record(flags))


def test_r_cb_10_a_complete_deal_with_a_revoke_is_ruled_with_the_offenders_call_failed() -> None:
    verdict = call_bridge_complete_revoke([])
    assert [(v.seat, v.rule, v.trick) for v in verdict.violations] == [(3, "CB-5.2", 1)]
    assert verdict.complete and verdict.tricks_won == (1, 0, 0, 12)
    # As played: P1 fails 2 with 1 trick, P2 and P3 fail 2 with none, P4 makes the bonus call 12 (R-CB-3): 13.
    assert verdict.score is not None and verdict.score.points == (-2, -2, -2, 13)
    ruling = verdict.ruling
    assert ruling is not None
    assert ruling.entry == {"calls": [2, 2, 2, 12], "tricks": [1, 0, 0, 12], "revoke": 3}
    # As ruled: P4's call of 12 fails whatever the tricks, minus 12; the others score as the tricks fell.
    assert ruling.score.points == (-2, -2, -2, -12)
    (step,) = ruling.steps
    assert step.rule == "R-CB-10"
    assert step.text == "revoke by P4 in trick 1: their call fails whatever tricks they took"


def test_r_cb_10_cb_revoke_voids_deal_rules_the_deal_void() -> None:
    ruling = call_bridge_complete_revoke(["cb_revoke_voids_deal"]).ruling
    assert ruling is not None
    assert ruling.entry["revoke"] == 3
    assert ruling.score.points == (0, 0, 0, 0)
    assert ruling.steps[0].text == "revoke by P4 in trick 1: the deal is void"


def test_r_cb_10_an_unfinished_deal_with_a_revoke_has_no_ruling() -> None:
    assert call_bridge_revoke([]).ruling is None


def klaberjass_complete_revoke_record(flags: list[str]) -> dict[str, Any]:
    """K1 (docs/rules/klaberjass.md §6.4) to trick 5, then Dan, holding K♣ and 10♣, plays A♦ to Nora's A♣ (KJ-8.2).
    Trick 6 (A♣ A♦, 22) is Nora's; trick 7 (9♣ K♣, 4) Dan's; trick 8 (10♣, Nora trumps with A♥, 21) Nora's; trick 9
    (7♦, Dan trumps with K♥ and bella, 4) Dan's, with the last trick."""
    doc = klaberjass.k1()
    events = doc["events"][:14]
    events += [klaberjass.play(0, "AC"), klaberjass.play(1, "AD"), klaberjass.play(0, "9C"), klaberjass.play(1, "KC")]
    events += [klaberjass.play(1, "10C"), klaberjass.play(0, "AH"), klaberjass.play(0, "7D")]
    events += [klaberjass.play(1, "KH", announce="bella")]
    return {**doc, "events": events, "flags": flags}


def klaberjass_complete_revoke(flags: list[str]) -> Verdict:
    return klaberjass.replay(klaberjass_complete_revoke_record(flags))


def test_r_kj_14_a_complete_deal_with_a_revoke_gives_every_point_to_the_other_player() -> None:
    verdict = klaberjass_complete_revoke([])
    assert [(v.seat, v.rule, v.trick) for v in verdict.violations] == [(1, "KJ-8.2", 6)]
    assert verdict.complete and verdict.card_points == (106, 22)
    # As played: Nora 106; Dan 22 + the last trick 10 + his sequence to the Q 20 + bella 20 = 72 (KJ-9.1).
    assert verdict.score is not None and verdict.score.points == (106, 72)
    ruling = verdict.ruling
    assert ruling is not None
    assert ruling.entry["revoke"] == 1 and ruling.entry["card_points"] == [106, 22]
    # As ruled: Nora scores every point of the deal, 106 + 72; Dan nothing.
    assert ruling.score.points == (178, 0)
    (step,) = ruling.steps
    assert (step.rule, step.text) == (
        "R-KJ-14",
        "revoke by Dan in trick 6: every point of the deal goes to the other player",
    )


def test_r_kj_14_kj_revoke_annuls_deal_rules_the_deal_annulled() -> None:
    ruling = klaberjass_complete_revoke(["kj_revoke_annuls_deal"]).ruling
    assert ruling is not None
    assert ruling.score.points == (0, 0)
    assert ruling.steps[0].text == "revoke by Dan in trick 6: the deal is annulled"


def test_r_kj_14_an_unfinished_deal_with_a_revoke_has_no_ruling() -> None:
    assert klaberjass_revoke([]).ruling is None

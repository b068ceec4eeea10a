"""Belote's remedies (docs/rules/belote.md BL-10, R-BL-14) and the deal as ruled.

Expected values are worked by hand from the rules. fixtures/belote/overtrump.json: Anna takes hearts; in trick 7
Cleo, one of the takers, does not overtrump Ben's 7♥ though she holds K♥ (BL-7.4). As played, Anna & Cleo have 131
card points and the last trick and Cleo's belote-rebelote: 131 + 10 + 20 = 161, Ben & Dan 21.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from referee.core.replay import verdict_json
from tests.referee.test_belote import ANNA, BEN, CLEO, DAN, bid, bl1, bl1_plays, faults, play, replay, with_events

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "belote"


def overtrump(flags: list[str] | None = None) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads((FIXTURES / "overtrump.json").read_text())
    return {**doc, "flags": flags or []}


def test_bl_10_1_a_renonce_by_the_takers_gives_the_defenders_the_deal() -> None:
    """BL-10.1: the defenders score all 162 trick points and every announcement (none here); the takers keep Cleo's
    belote-rebelote, 20 (R-BL-7)."""
    verdict = replay(overtrump())
    assert verdict.score is not None and verdict.score.points == (161, 21)
    remedy = verdict.violations[0].remedy
    assert remedy is not None
    assert (remedy.rule, remedy.to_side, remedy.tricks) == ("BL-10.1", 1, 0)
    assert remedy.text == (
        "A renonce by Cleo, one of the takers: the defenders score all 162 trick points and every announcement, "
        "and the takers keep only their belote-rebelote."
    )
    ruling = verdict.ruling
    assert ruling is not None
    assert verdict.deal_entry is not None and verdict.deal_entry["renonce"] == "none"
    assert ruling.entry == {**verdict.deal_entry, "renonce": "takers"}
    assert ruling.score.points == (20, 162)
    assert [(step.rule, step.text) for step in ruling.steps] == [
        ("BL-10.1", "renonce by Cleo in trick 7: the deal goes to the defenders")
    ]
    assert verdict_json(verdict)["ruling"]["entry"]["renonce"] == "takers"


def test_r_bl_14_bl_renonce_deal_void_the_other_camp_scores_162_and_nothing_else() -> None:
    verdict = replay(overtrump(["bl_renonce_deal_void"]))
    remedy = verdict.violations[0].remedy
    assert remedy is not None and remedy.rule == "R-BL-14"
    assert verdict.ruling is not None
    assert verdict.ruling.score.points == (0, 162)


def test_bl_10_1_a_renonce_by_a_defender_before_the_end_has_its_remedy_and_no_ruling() -> None:
    # Trick 2 of BL1: Anna leads A♠; Ben holds K♠ and Q♠ and plays K♣ (BL-7.2).
    verdict = replay(with_events([*bl1_plays(1), play(ANNA, "AS"), play(BEN, "KC")]))
    remedy = verdict.violations[0].remedy
    assert remedy is not None
    assert (remedy.rule, remedy.to_side) == ("BL-10.1", 0)
    assert remedy.text.startswith("A renonce by Ben, one of the defenders: the takers score all 162")
    assert verdict.ruling is None  # the deal is not over


def test_bl_10_1_a_renonce_under_r_bl_9s_flag_is_ruled_too() -> None:
    # BL1 under bl_must_trump_partner_master: Cleo's 8♦ discard in trick 3, holding K♥, is a renonce (event 12).
    verdict = replay({**bl1(), "flags": ["bl_must_trump_partner_master"]})
    assert faults(verdict) == [(12, CLEO, "R-BL-9")]
    assert verdict.ruling is not None and verdict.ruling.entry["renonce"] == "takers"


def test_bl_10_2_a_false_belote_is_void() -> None:
    events = bl1()["events"]
    events[3] = play(CLEO, "QH")  # trick 1 without "belote": her "rebelote" in trick 8 is false
    verdict = replay(with_events(events))
    assert faults(verdict) == [(31, CLEO, "BL-6.1")]
    remedy = verdict.violations[0].remedy
    assert remedy is not None
    assert (remedy.rule, remedy.text) == ("BL-10.2", "Cleo's announcement is void: it scores nothing.")
    assert verdict.ruling is None  # the entry already scores no belote-rebelote


def test_a_card_named_by_someone_who_does_not_hold_it_stays_with_its_holder_who_plays_it_later() -> None:
    """docs/hand-record.md: Ben names Anna's 9♥ in trick 1 (BL-3.4); Anna leads it to trick 2 without a fault."""
    events = [bid(ANNA, "take"), play(ANNA, "JH"), play(BEN, "9H"), play(CLEO, "QH"), play(DAN, "10H")]
    verdict = replay(with_events([*events, play(ANNA, "9H")]))
    assert faults(verdict) == [(3, BEN, "BL-3.4")]
    assert verdict.tricks[1].plays[0][0] == ANNA

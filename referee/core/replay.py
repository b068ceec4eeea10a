"""One entry point for every game: read a hand record, replay it, render the verdict as JSON."""

from __future__ import annotations

from typing import Any

from referee.core.games import REFEREES
from referee.core.verdict import RecordError, Remedy, Ruling, Verdict
from scoring.core.base import DealScore
from vocabulary.cards import Card
from vocabulary.i18n import _


def replay_document(doc: Any) -> tuple[Any, Verdict]:
    """Parse ``doc`` with its game's referee and replay it; RecordError if unreadable."""
    if not isinstance(doc, dict):
        raise RecordError("record", _("a hand record must be a JSON object"))
    game = doc.get("game")
    if not isinstance(game, str) or game not in REFEREES:
        raise RecordError(
            "game", _("game must be one of {games}, not {game}").format(games=", ".join(REFEREES), game=repr(game))
        )
    referee = REFEREES[game]
    record = referee.parse(doc)
    return record, referee.replay(record)


def _card(card: Card | None) -> str | None:
    return card.code if card is not None else None


def verdict_json(verdict: Verdict) -> dict[str, Any]:
    """The verdict in the shape `manage.py referee --json` and POST /api/referee return."""
    score = verdict.score
    return {
        "legal": verdict.legal,
        "complete": verdict.complete,
        "violations": [
            {
                "event": violation.event,
                "trick": violation.trick,
                "seat": violation.seat,
                "card": _card(violation.card),
                "rule": violation.rule,
                "message": violation.message,
                "remedy": _remedy(violation.remedy),
            }
            for violation in verdict.violations
        ],
        "tricks": [
            {
                "number": trick.number,
                "leader": trick.leader,
                "cards": [{"seat": seat, "card": card.code} for seat, card in trick.plays],
                "winner": trick.winner,
                "reason": str(trick.reason),
                "points": trick.points,
                "counts": trick.counts,
            }
            for trick in verdict.tricks
        ],
        "tricks_won": list(verdict.tricks_won),
        "card_points": list(verdict.card_points) if verdict.card_points is not None else None,
        "deal_entry": verdict.deal_entry,
        "score": _score(score),
        "next_turn": None
        if verdict.next_turn is None
        else {
            "seat": verdict.next_turn.seat,
            "kind": verdict.next_turn.kind,
            "allowed": list(verdict.next_turn.allowed),
            "prompt": verdict.next_turn.prompt,
        },
        "notes": list(verdict.notes),
        "ruling": _ruling(verdict.ruling),
    }


def _score(score: DealScore | None) -> dict[str, Any] | None:
    if score is None:
        return None
    return {
        "points": list(score.points),
        "lines": [
            {"seat": line.seat, "points": line.points, "rule": line.rule, "text": line.text} for line in score.lines
        ],
    }


def _remedy(remedy: Remedy | None) -> dict[str, Any] | None:
    if remedy is None:
        return None
    return {
        "rule": remedy.rule,
        "source": remedy.source,
        "text": remedy.text,
        "established": remedy.established,
        "tricks": remedy.tricks,
        "to_side": remedy.to_side,
        "chooser": list(remedy.chooser),
        "options": list(remedy.options),
    }


def _ruling(ruling: Ruling | None) -> dict[str, Any] | None:
    if ruling is None:
        return None
    return {
        "entry": ruling.entry,
        "score": _score(ruling.score),
        "steps": [{"rule": step.rule, "source": step.source, "text": step.text} for step in ruling.steps],
    }

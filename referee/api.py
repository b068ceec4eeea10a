"""POST /api/referee: a hand record in, the referee's verdict out.

The body is a hand record (JSON), or a PBN or LIN file sent as ``application/x-pbn`` or ``application/x-lin``
(``text/plain`` with ``?format=pbn`` or ``lin`` too), with ``?board=N`` to choose a board of a file of several
(referee/formats, docs/api.md).
"""

from __future__ import annotations

import json
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from ninja import Router, Schema

from referee.core.games import REFEREES
from referee.core.protocol import RefereeGame
from referee.core.record import MAX_EVENTS
from referee.core.replay import replay_document, verdict_json
from referee.core.setup import EventField, EventKind, ExtraField, Setup, ValueKind
from referee.core.verdict import RecordError
from referee.formats import FORMATS, MAX_FILE_BYTES, with_source_notes
from scoring.api import REQUEST_ERRORS
from scoring.core.games import GAMES
from scoring.core.match import JSONTextError, PointsEncoder, load_json

router = Router(tags=["referee"])


class RecordErrorDetail(Schema):
    """Where the record or file cannot be read: ``path`` (``events[4].card``; ``line 14, [Deal]`` in a PBN or LIN
    file, whose errors also give ``line`` and ``tag``; ``board`` for a board the file does not hold)."""

    path: str
    message: str
    line: int | None = None
    tag: str | None = None


class RecordErrorOut(Schema):
    error: RecordErrorDetail


class ViolationOut(Schema):
    """One illegal event: ``message`` says in words what happened; its rule is ``rule``, never in the message."""

    event: int
    trick: int | None
    seat: int
    card: str | None
    rule: str
    message: str


class VerdictOut(Schema):
    legal: bool
    complete: bool
    violations: list[ViolationOut]
    tricks: list[dict[str, Any]]
    tricks_won: list[int]
    card_points: list[int] | None
    deal_entry: dict[str, Any] | None
    score: dict[str, Any] | None
    next_turn: dict[str, Any] | None
    notes: list[str]


CARD = {"type": "string", "maxLength": 16, "description": "a card: rank then suit, AS, TH or 10H, 7C (A♠ is read too)"}
_VALUES: dict[ValueKind, dict[str, Any]] = {
    ValueKind.CARD: CARD,
    ValueKind.CARDS: {"type": "array", "items": CARD},
    ValueKind.NUMBER: {"type": "integer"},
    ValueKind.WORD: {"type": "string"},
}


def _event_field_schema(field: EventField) -> dict[str, Any]:
    schema = {**_VALUES[field.kind], "description": field.text}
    if field.words:
        schema["enum"] = list(field.words)
    return schema


def event_schema(kind: EventKind, seats: int) -> dict[str, Any]:
    """One kind of event of a game's record, from its setup."""
    return {
        "type": "object",
        "description": kind.text,
        "required": ["type", "seat"],
        "properties": {
            "type": {"const": kind.type},
            "seat": {"type": "integer", "minimum": 0, "maximum": seats - 1},
            **{field.name: _event_field_schema(field) for field in kind.fields},
        },
    }


def _extra_schema(field: ExtraField) -> dict[str, Any]:
    if field.many:
        return {"type": "array", "items": CARD, "maxItems": field.size, "description": field.label}
    return {**CARD, "description": field.label}


def _hand_text(setup: Setup) -> str:
    text = f"the {setup.hand_size} cards of one seat as dealt"
    return f"{text}, or none when that hand was not recorded" if setup.empty_hand else text


def hand_record_schema(referee: RefereeGame) -> dict[str, Any]:
    """What a hand record of one game holds: its seats, flags, hands, fields outside the hands and events."""
    setup, game = referee.setup, GAMES[referee.name]
    return {
        "title": game.title,
        "required": [field.name for field in setup.extras if field.required],
        "properties": {
            "game": {"const": referee.name},
            "players": {"minItems": setup.seats, "maxItems": setup.seats, "description": game.seating},
            "dealer": {"minimum": 0, "maximum": setup.seats - 1, "description": game.dealer_rule},
            "flags": {"items": {"enum": list(game.flags)}},
            "hands": {
                "minItems": setup.seats,
                "maxItems": setup.seats,
                "items": {"maxItems": setup.hand_size, "description": _hand_text(setup)},
            },
            **{field.name: _extra_schema(field) for field in setup.extras},
            "events": {"items": {"oneOf": [event_schema(kind, setup.seats) for kind in setup.events]}},
        },
    }


# The request body of POST /api/referee: the fields every record holds, then one shape per game, from the
# game's referee setup (docs/hand-record.md).
HAND_RECORD_SCHEMA: dict[str, Any] = {
    "type": "object",
    # No "hands": a record of the plays only gives none, each hand being the cards its seat plays.
    "required": ["game", "players", "dealer"],
    "properties": {
        "game": {"type": "string", "enum": list(REFEREES)},
        "players": {"type": "array", "items": {"type": "string"}},
        "dealer": {"type": "integer"},
        "flags": {"type": "array", "items": {"type": "string"}},
        "hands": {"type": ["array", "null"], "items": {"type": "array", "items": CARD}},
        "events": {"type": "array", "maxItems": MAX_EVENTS, "items": {"type": "object"}},
    },
    "oneOf": [hand_record_schema(referee) for referee in REFEREES.values()],
}


def _refused(error: RecordError) -> HttpResponse:
    return HttpResponse(
        json.dumps({"error": error.as_dict()}, ensure_ascii=False), status=422, content_type="application/json"
    )


# A PBN or LIN file as the body: its media type, or text/plain with ?format= (docs/api.md).
FILE_TYPES = {"application/x-pbn": "pbn", "application/x-lin": "lin"}
HAND_FILE_SCHEMA: dict[str, Any] = {
    "type": "string",
    "maxLength": MAX_FILE_BYTES,
    "description": "a PBN (1.0 to 2.1) or LIN file, UTF-8 or Latin-1; ?board=N chooses one of its boards",
}
FILE_PARAMETERS = [
    {
        "in": "query",
        "name": "board",
        "required": False,
        "schema": {"type": "integer", "minimum": 1},
        "description": "the board to check, by its number, in a PBN or LIN file of several boards",
    },
    {
        "in": "query",
        "name": "format",
        "required": False,
        "schema": {"enum": list(FORMATS)},
        "description": "the format of a text/plain body",
    },
]


def _file_record(request: HttpRequest) -> dict[str, Any] | None:
    """The hand record of the board asked for, when the body is a PBN or LIN file; None for a JSON record."""
    content_type = request.content_type or ""
    fmt = FILE_TYPES.get(content_type) or (request.GET.get("format", "") if content_type == "text/plain" else "")
    if content_type == "text/plain" and fmt not in FORMATS:
        raise RecordError("format", _("a text/plain body needs ?format=pbn or ?format=lin"))
    if not fmt:
        return None
    asked = request.GET.get("board")
    if asked is not None and not (asked.isascii() and asked.isdigit() and len(asked) <= 6):
        raise RecordError("board", _("board is a board's number, as 1 or 12"))
    from referee.formats.boards import choose_board, read_hand_upload  # loads endplay: only where a file is read

    chosen = choose_board(read_hand_upload(request.body, fmt=fmt), int(asked) if asked is not None else None)
    if chosen.error is not None:
        raise chosen.error
    return chosen.record


@router.post(
    "/referee",
    response={200: VerdictOut, 422: RecordErrorOut, **REQUEST_ERRORS},
    summary="Replay a hand record, or a board of a PBN or LIN file, and judge every event",
    openapi_extra={
        "parameters": FILE_PARAMETERS,
        "requestBody": {
            "required": True,
            "content": {
                "application/json": {"schema": HAND_RECORD_SCHEMA},
                "application/x-pbn": {"schema": HAND_FILE_SCHEMA},
                "application/x-lin": {"schema": HAND_FILE_SCHEMA},
                "text/plain": {"schema": HAND_FILE_SCHEMA},
            },
        },
    },
)
def referee(request: HttpRequest) -> HttpResponse:
    """Replay the record; 422 with the located error if it cannot be read."""
    try:
        doc = _file_record(request)
        if doc is None:
            doc = load_json(request.body)
        _record, verdict = replay_document(doc)
        verdict = with_source_notes(doc, verdict)
    except JSONTextError as error:
        return _refused(RecordError("record", str(error)))
    except RecordError as error:
        return _refused(error)
    return HttpResponse(
        json.dumps(verdict_json(verdict), cls=PointsEncoder, ensure_ascii=False), content_type="application/json"
    )

"""POST /api/referee: a hand record in, the referee's verdict out."""

from __future__ import annotations

import json
from typing import Any

from django.http import HttpRequest, HttpResponse
from ninja import Router, Schema

from referee.core.replay import replay_document, verdict_json
from referee.core.verdict import RecordError
from scoring.api import REQUEST_ERRORS
from scoring.core.match import JSONTextError, PointsEncoder, load_json

router = Router(tags=["referee"])


class RecordErrorDetail(Schema):
    path: str
    message: str


class RecordErrorOut(Schema):
    error: RecordErrorDetail


class VerdictOut(Schema):
    legal: bool
    complete: bool
    violations: list[dict[str, Any]]
    tricks: list[dict[str, Any]]
    tricks_won: list[int]
    card_points: list[int] | None
    deal_entry: dict[str, Any] | None
    score: dict[str, Any] | None
    next_turn: dict[str, Any] | None
    notes: list[str]


HAND_RECORD_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["game", "players", "dealer", "hands"],
    "properties": {
        "game": {"type": "string", "enum": ["bridgette", "draw_bridge", "call_bridge", "klaberjass"]},
        "players": {"type": "array", "items": {"type": "string"}},
        "dealer": {"type": "integer"},
        "flags": {"type": "array", "items": {"type": "string"}},
        "hands": {"type": "array", "items": {"type": "array", "items": {"type": "string"}}},
        "events": {"type": "array", "items": {"type": "object"}},
    },
}


def _refused(error: RecordError) -> HttpResponse:
    return HttpResponse(json.dumps({"error": error.as_dict()}), status=422, content_type="application/json")


@router.post(
    "/referee",
    response={200: VerdictOut, 422: RecordErrorOut, **REQUEST_ERRORS},
    summary="Replay a hand record and judge every event",
    openapi_extra={"requestBody": {"required": True, "content": {"application/json": {"schema": HAND_RECORD_SCHEMA}}}},
)
def referee(request: HttpRequest) -> HttpResponse:
    """Replay the record; 422 with the located error if it cannot be read."""
    try:
        _record, verdict = replay_document(load_json(request.body))
    except JSONTextError as error:
        return _refused(RecordError("record", str(error)))
    except RecordError as error:
        return _refused(error)
    return HttpResponse(
        json.dumps(verdict_json(verdict), cls=PointsEncoder, ensure_ascii=False), content_type="application/json"
    )

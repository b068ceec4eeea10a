"""POST /api/score: the match file in, the score sheet JSON out (same as `manage.py score --json`)."""

from __future__ import annotations

import json
from typing import Any

from django.http import HttpRequest, HttpResponse
from ninja import Router, Schema

from scoring.core.base import EntryError
from scoring.core.match import PointsEncoder, score_document

router = Router(tags=["scoring"])


class LineOut(Schema):
    seat: int
    points: float
    rule: str
    text: str


class DealOut(Schema):
    number: int
    dealer: int
    points: list[float]
    totals: list[float]
    lines: list[LineOut]


class ScoreOut(Schema):
    deals: list[DealOut]
    totals: list[float]
    finished: bool
    winners: list[int]
    next_dealer: int | None


class ErrorDetail(Schema):
    deal: int | None
    field: str
    rule: str
    message: str


class ErrorOut(Schema):
    error: ErrorDetail


class RequestErrorDetail(Schema):
    """An error about the request, not the document (config/views.py): too large, too many."""

    deal: None
    field: str
    path: str
    rule: None
    message: str


class RequestErrorOut(Schema):
    error: RequestErrorDetail


# What every endpoint may answer before it reads the document (config/api.py).
REQUEST_ERRORS: dict[int, type[Schema]] = {413: RequestErrorOut, 429: RequestErrorOut}


MATCH_FILE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["game", "players", "first_dealer"],
    "properties": {
        "game": {"type": "string", "enum": ["bridgette", "draw_bridge", "call_bridge", "klaberjass"]},
        "players": {"type": "array", "items": {"type": "string"}},
        "first_dealer": {"type": "integer"},
        "target": {"type": ["integer", "null"]},
        "flags": {"type": "array", "items": {"type": "string"}},
        "deals": {"type": "array", "items": {"type": "object"}},
    },
}


def json_response(payload: Any, status: int = 200) -> HttpResponse:
    return HttpResponse(
        json.dumps(payload, cls=PointsEncoder, ensure_ascii=False), status=status, content_type="application/json"
    )


@router.post(
    "/score",
    response={200: ScoreOut, 422: ErrorOut, **REQUEST_ERRORS},
    summary="Score a match file",
    openapi_extra={"requestBody": {"required": True, "content": {"application/json": {"schema": MATCH_FILE_SCHEMA}}}},
)
def score(request: HttpRequest) -> HttpResponse:
    """Validate and score every deal of a match file; 422 with a located error for bad input."""
    try:
        result = score_document(request.body)
    except EntryError as error:
        return json_response({"error": error.as_dict()}, status=422)
    return json_response(result.to_json())

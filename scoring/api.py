"""POST /api/score: the match file in, the score sheet JSON out (same as `manage.py score --json`)."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from django.http import HttpRequest, HttpResponse
from ninja import Router, Schema

from scoring.core.base import EntryError, EntryField, EntrySpec, FieldKind, Game
from scoring.core.games import GAMES
from scoring.core.match import MAX_DEALS, MAX_NAME, MAX_TARGET, PointsEncoder, score_document

router = Router(tags=["scoring"])


class LineOut(Schema):
    side: int  # the side the line scores for: an index into ScoreOut.sides
    seat: int | None = None  # the same side under its former name, only in a game whose sides are single seats
    points: float
    rule: str
    text: str


class DealOut(Schema):
    number: int
    dealer: int  # a seat
    result: str  # the result kind, a code: made, down, dedans, litige, capot, passed_out... (docs/match-file.md)
    state: dict[str, Any]  # the game's own state of the deal: per-side lists, codes, numbers (docs/match-file.md)
    points: list[float]
    totals: list[float]
    held_over: int  # the points waiting for a later deal's winner after this deal
    lines: list[LineOut]


class ScoreOut(Schema):
    game: str
    players: list[str]  # names in seat order
    sides: list[str]  # each side's name, its players joined with " & "; points and totals are in this order
    side_seats: list[list[int]]  # each side's seats
    form: str | None  # the scoring form, a code ("rubber", "chicago"), or None for a game with one form
    flags: list[str]  # the house rules in force
    target: int | None  # the target in force
    deals: list[DealOut]
    totals: list[float]
    finished: bool
    winners: list[int]
    next_dealer: int | None
    held_over: int  # the points still waiting after the last deal
    lost_at_end: int  # the points still held over when the match ended, which nobody scores


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


def _value_schema(field: EntryField, seats: int) -> dict[str, Any]:
    if field.kind is FieldKind.SWITCH:
        return {"type": "boolean"}
    if field.kind is FieldKind.CHOICE:
        return {"enum": [value for value, _label in field.choices]}
    if field.kind is FieldKind.SEAT:
        kind: str | list[str] = "integer" if field.required else ["integer", "null"]
        return {"type": kind, "minimum": 0, "maximum": seats - 1}
    return {"type": "integer", "minimum": field.low, "maximum": field.high}


def _field_schema(field: EntryField, seats: int) -> dict[str, Any]:
    schema = _value_schema(field, seats)
    if field.per_seat:
        schema = {"type": "array", "items": schema, "minItems": seats, "maxItems": seats}
    return {**schema, "description": f"{field.label}{' (one per seat)' if field.per_seat else ''}; {field.rule}"}


def entry_fields(game: Game) -> tuple[EntrySpec, list[EntryField]]:
    """Every field a deal entry of ``game`` may hold under some flags, with its widest values; and the spec.

    The spec with every flag on gives the widest values (a call of 13, every sequence sum); a field it
    lacks because a flag removes it (Belote's announcements under `bl_no_announcements`) comes from the
    spec with no flags, and is required only where both specs require it. The rules refuse what a
    match's own flags do not allow."""
    widest = game.entry_spec(frozenset(game.flags))
    plain = game.entry_spec(frozenset())
    required = {field.name for field in plain.fields if field.required} & {
        field.name for field in widest.fields if field.required
    }
    fields = {field.name: field for field in plain.fields}
    fields.update((field.name, field) for field in widest.fields)
    return widest, [replace(field, required=field.name in required) for field in fields.values()]


def deal_schema(game: Game) -> dict[str, Any]:
    """The JSON schema of one deal entry of ``game``, from its entry specs (`entry_fields`, docs/match-file.md)."""
    spec, fields = entry_fields(game)
    played = [field for field in fields if field.name != spec.no_play]
    shape: dict[str, Any] = {
        "type": "object",
        "properties": {field.name: _field_schema(field, game.seats) for field in played},
        "required": [field.name for field in played if field.required],
        "additionalProperties": False,
    }
    if spec.no_play is None:
        return shape
    shape["properties"][spec.no_play] = {"const": False}
    no_play = {
        "type": "object",
        "properties": {spec.no_play: {"const": True, "description": spec.field(spec.no_play).label}},
        "required": [spec.no_play],
        "additionalProperties": False,
    }
    return {"oneOf": [shape, no_play]}


def match_file_schema(game: Game) -> dict[str, Any]:
    """What a match file of ``game`` holds: its players, first dealer, flags and deals."""
    return {
        "title": game.title,
        "properties": {
            "game": {"const": game.name},
            "players": {"minItems": game.seats, "maxItems": game.seats, "description": game.seating},
            "first_dealer": {"minimum": 0, "maximum": game.seats - 1, "description": game.dealer_rule},
            "target": {"description": game.target_text},
            "flags": {"items": {"enum": list(game.flags)}},
            "deals": {"items": deal_schema(game)},
        },
    }


# The request body of POST /api/score: the fields of every match file, then one shape per game,
# from the game's own setup and entry spec.
MATCH_FILE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["game", "players", "first_dealer"],
    "properties": {
        "game": {"type": "string", "enum": list(GAMES)},
        "players": {"type": "array", "items": {"type": "string", "minLength": 1, "maxLength": MAX_NAME}},
        "first_dealer": {"type": "integer"},
        "target": {"type": ["integer", "null"], "minimum": 1, "maximum": MAX_TARGET},
        "flags": {"type": "array", "items": {"type": "string"}},
        "deals": {"type": "array", "maxItems": MAX_DEALS, "items": {"type": "object"}},
    },
    "additionalProperties": False,
    "oneOf": [match_file_schema(game) for game in GAMES.values()],
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

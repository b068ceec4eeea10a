"""POST /api/score and the OpenAPI schema."""

from __future__ import annotations

import json
from typing import Any

import pytest

from scoring.core.games import GAMES
from tests.conftest import FIXTURES, players, sample_deals

B1 = {"declarer": 0, "level": 2, "strain": "H", "doubled": 0, "tricks": 8}


def post(client: Any, body: object) -> Any:
    data = body if isinstance(body, str) else json.dumps(body)
    return client.post("/api/score", data, content_type="application/json")


def test_bg_7_1_score_returns_totals(client: Any) -> None:
    response = post(client, {"game": "bridgette", "players": ["Anna", "Ben"], "first_dealer": 0, "deals": [B1]})
    assert response.status_code == 200
    assert response.json()["totals"] == [500, 0]


def test_bg_5_1_bad_deal_is_422_with_the_located_error(client: Any) -> None:
    bad = {**B1, "level": 0}
    response = post(client, {"game": "bridgette", "players": ["Anna", "Ben"], "first_dealer": 0, "deals": [B1, bad]})
    assert response.status_code == 422
    error = response.json()["error"]
    assert error["deal"] == 2
    assert error["rule"] == "BG-5.1"


def test_not_json_is_422(client: Any) -> None:
    response = post(client, "{oops")
    assert response.status_code == 422
    assert response.json()["error"]["field"] == "match"


def test_r_cb_5_unknown_flag_is_422(client: Any) -> None:
    doc = {
        "game": "call_bridge",
        "players": ["A", "B", "C", "D"],
        "first_dealer": 0,
        "target": 30,
        "flags": ["bg_multiply_insult"],
    }
    response = post(client, doc)
    assert response.status_code == 422
    assert "Bridgette flag" in response.json()["error"]["message"]


@pytest.mark.django_db
def test_openapi_schema_lists_score_and_referee(client: Any) -> None:
    paths = client.get("/api/openapi.json").json()["paths"]
    assert "/api/score" in paths
    assert "/api/referee" in paths


def test_unreadable_deal_is_located_at_its_number(client: Any) -> None:
    doc = {"game": "bridgette", "players": ["Anna", "Ben"], "first_dealer": 0, "deals": [B1, {**B1, "tricks": "8"}]}
    response = post(client, doc)
    assert response.status_code == 422
    assert response.json()["error"] == {
        "deal": 2,
        "field": "tricks",
        "rule": "match-file",
        "message": "tricks must be a whole number, not '8'",
    }


def request_schema(client: Any) -> dict[str, Any]:
    body = client.get("/api/openapi.json").json()["paths"]["/api/score"]["post"]["requestBody"]
    schema: dict[str, Any] = body["content"]["application/json"]["schema"]
    return schema


@pytest.mark.django_db
def test_openapi_request_schema_lists_every_game_and_its_deal_shapes(client: Any) -> None:
    schema = request_schema(client)
    assert schema["properties"]["game"]["enum"] == list(GAMES)
    shapes = {shape["properties"]["game"]["const"]: shape for shape in schema["oneOf"]}
    assert list(shapes) == list(GAMES)
    klaberjass = shapes["klaberjass"]["properties"]["deals"]["items"]["oneOf"]
    assert klaberjass[1] == {
        "type": "object",
        "properties": {"annulled": {"const": True, "description": "Annulled (both passed twice)"}},
        "required": ["annulled"],
        "additionalProperties": False,
    }
    card_points = klaberjass[0]["properties"]["card_points"]
    assert (card_points["minItems"], card_points["items"]) == (2, {"type": "integer", "minimum": 0, "maximum": 146})
    calls = shapes["call_bridge"]["properties"]["deals"]["items"]["properties"]["calls"]["items"]
    assert calls == {"enum": list(range(2, 14))}  # the widest: 13 under cb_allow_13 (R-CB-1)


@pytest.mark.django_db
def test_every_demo_match_file_and_sample_deal_fits_the_request_schema(client: Any) -> None:
    jsonschema_rs = pytest.importorskip("jsonschema_rs")
    validator = jsonschema_rs.Draft202012Validator(request_schema(client))
    for path in sorted(path for name in GAMES for path in (FIXTURES / "demo").glob(f"{name}-*.json")):
        assert validator.is_valid(json.loads(path.read_text(encoding="utf-8"))), path.name
    for name, game in GAMES.items():
        doc = {"game": name, "players": players(name), "first_dealer": 0, "flags": list(game.flags)}
        deals = [deal["entry"] for deal in sample_deals(name)]
        assert validator.is_valid({**doc, "deals": deals}), name
        assert not validator.is_valid({**doc, "deals": [{**deals[0], "unknown": 1}]}), name
    assert not validator.is_valid({**doc, "players": ["Anna"]})


def test_br_1_1_a_partnership_game_s_sheet_names_its_sides_and_each_line_s_side(client: Any) -> None:
    doc = json.loads((FIXTURES / "demo" / "contract_bridge-finished.json").read_text(encoding="utf-8"))
    response = post(client, doc)
    assert response.status_code == 200
    sheet = response.json()
    assert sheet["sides"] == ["Anna & Cleo", "Ben & Dev"]  # N-S, E-W: seats 0 and 2, 1 and 3
    lines = [line for deal in sheet["deals"] for line in deal["lines"]]
    assert {line["side"] for line in lines} == {0, 1}
    # A line's value is a side's, so it has its "side" alone: "seat" is kept only where each side is one seat.
    assert all("seat" not in line for line in lines)
    for deal in sheet["deals"]:
        for side in (0, 1):
            assert sum(line["points"] for line in deal["lines"] if line["side"] == side) == deal["points"][side]


def test_a_game_without_partners_names_each_player_as_a_side(client: Any) -> None:
    response = post(client, {"game": "bridgette", "players": ["Anna", "Ben"], "first_dealer": 0, "deals": [B1]})
    sheet = response.json()
    assert sheet["sides"] == ["Anna", "Ben"]
    assert sheet["deals"][0]["lines"][0]["side"] == sheet["deals"][0]["lines"][0]["seat"] == 0


@pytest.mark.django_db
def test_openapi_score_answer_documents_sides(client: Any) -> None:
    schemas = client.get("/api/openapi.json").json()["components"]["schemas"]
    assert schemas["ScoreOut"]["properties"]["sides"]["type"] == "array"
    assert {"side", "seat"} <= set(schemas["LineOut"]["properties"])


@pytest.mark.django_db
def test_r_bl_6_the_request_schema_takes_belote_deals_with_or_without_announcements(client: Any) -> None:
    # bl_no_announcements removes the announcement fields (R-BL-6): the schema merges the entry specs with no flag
    # and with every flag, so that an entry holding them and one without them both fit; neither is required.
    jsonschema_rs = pytest.importorskip("jsonschema_rs")
    shapes = {shape["properties"]["game"]["const"]: shape for shape in request_schema(client)["oneOf"]}
    played = shapes["belote"]["properties"]["deals"]["items"]["oneOf"][0]
    announced = {"taker_run", "taker_carre", "defender_run", "defender_carre", "equal_runs_first"}
    assert announced <= set(played["properties"])
    assert not announced & set(played["required"])
    validator = jsonschema_rs.Draft202012Validator(request_schema(client))
    deal = sample_deals("belote")[0]["entry"]
    assert deal["taker_run"] == 3  # BL1: the takers' tierce
    without = {key: value for key, value in deal.items() if not key.startswith(("taker_", "defender_", "equal_"))}
    without["taker_card_points"] = deal["taker_card_points"]
    doc = {"game": "belote", "players": players("belote"), "first_dealer": 0}
    for flags in ([], ["bl_no_announcements"]):
        assert validator.is_valid({**doc, "flags": flags, "deals": [deal, without]}), flags
    assert not validator.is_valid({**doc, "deals": [{**deal, "announcements": 20}]})

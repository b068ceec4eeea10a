"""`manage.py referee` and POST /api/referee."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from referee.core.games import REFEREES

ROOT = Path(__file__).resolve().parents[2]
K1 = json.loads((ROOT / "fixtures" / "klaberjass" / "hand.json").read_text())


def test_kj_9_k1_replays_to_103_and_75_through_the_command() -> None:
    out = StringIO()
    call_command("referee", str(ROOT / "fixtures" / "klaberjass" / "hand.json"), "--json", stdout=out)
    verdict = json.loads(out.getvalue())
    assert verdict["legal"] is True
    assert verdict["score"]["points"] == [103, 75]  # docs/rules/klaberjass.md K1: N 103, D 75


def test_unreadable_record_exits_2_with_its_path(tmp_path: Path) -> None:
    bad = {**K1, "hands": [["AS", "QQ"], K1["hands"][1]]}
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(bad))
    out = StringIO()
    with pytest.raises(SystemExit) as exit_info:
        call_command("referee", str(path), "--json", stdout=out)
    assert exit_info.value.code == 2
    assert json.loads(out.getvalue())["error"]["path"] == "hands[0][1]"


def test_api_referee_returns_the_verdict(client: Any) -> None:
    response = client.post("/api/referee", json.dumps(K1), content_type="application/json")
    assert response.status_code == 200
    assert response.json()["card_points"] == [93, 35]  # K1: N 93, D 35


def test_api_referee_422_for_a_malformed_record(client: Any) -> None:
    response = client.post("/api/referee", json.dumps({**K1, "game": "whist"}), content_type="application/json")
    assert response.status_code == 422
    assert response.json()["error"]["path"] == "game"
    response = client.post("/api/referee", "{", content_type="application/json")
    assert response.status_code == 422


def test_the_api_schema_lists_each_game_from_its_referee_setup(client: Any) -> None:
    schema = client.get("/api/openapi.json").json()
    body = schema["paths"]["/api/referee"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert body["properties"]["game"]["enum"] == list(REFEREES)
    # A record of the plays only gives no hands (docs/hand-record.md): the schema must not ask for them.
    assert body["required"] == ["game", "players", "dealer"]
    for shape, (name, referee) in zip(body["oneOf"], REFEREES.items(), strict=True):
        setup = referee.setup
        assert shape["properties"]["game"] == {"const": name}
        assert [field.name for field in setup.extras] == [
            field
            for field in shape["properties"]
            if field not in ("game", "players", "dealer", "flags", "hands", "events")
        ]
        events = shape["properties"]["events"]["items"]["oneOf"]
        assert [event["properties"]["type"]["const"] for event in events] == list(setup.event_types)


def test_the_command_prints_each_violation_with_its_rule_once(tmp_path: Path) -> None:
    record = {**K1, "events": [{"type": "play", "seat": 0, "card": "JH"}]}  # a card before trumps are chosen
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(record))
    out = StringIO()
    call_command("referee", str(path), stdout=out)
    line = next(line for line in out.getvalue().splitlines() if line.startswith("  event 1"))
    assert line == "  event 1 (Nora): Nora played a card before trumps were chosen (KJ-8.1)"

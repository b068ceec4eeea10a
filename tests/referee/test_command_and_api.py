"""`manage.py referee` and POST /api/referee."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

ROOT = Path(__file__).resolve().parents[2]
K1 = json.loads((ROOT / "fixtures" / "klaberjass" / "hand.json").read_text())


def test_kj_9_k1_replays_to_103_and_75_through_the_command() -> None:
    out = StringIO()
    call_command("referee", str(ROOT / "fixtures" / "klaberjass" / "hand.json"), "--json", stdout=out)
    verdict = json.loads(out.getvalue())
    assert verdict["legal"] is True
    assert verdict["score"]["points"] == [103, 75]  # RULES.md §6.4 K1: N 103, D 75


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

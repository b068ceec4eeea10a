"""`manage.py referee` and POST /api/referee take a Contract Bridge record through the registry."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path
from typing import Any

from django.core.management import call_command

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "contract_bridge" / "hand.json"
REVOKE = Path(__file__).resolve().parents[2] / "fixtures" / "contract_bridge" / "revoke.json"


def test_br_5_5_the_command_replays_the_fixture_to_2_clubs_doubled_made() -> None:
    out = StringIO()
    call_command("referee", str(FIXTURE), "--json", stdout=out)
    verdict = json.loads(out.getvalue())
    assert verdict["legal"] is True
    assert verdict["deal_entry"]["tricks"] == 8  # N-S's tricks: Anna 6 and dummy Cleo 2
    assert verdict["score"]["points"] == [230, 0]  # 80 below, insult 50, honours 100 (BR-6.1, BR-6.3, BR-6.7)


def test_br_5_3_the_command_prints_the_revoke_and_the_score_by_side() -> None:
    out = StringIO()
    call_command("referee", str(REVOKE), stdout=out)
    lines = out.getvalue().splitlines()
    assert "  event 8 (trick 1, Anna): Anna played 4♠ to A♥ while holding 5♥: " in lines[1]
    assert lines[1].endswith("(BR-5.3)")
    out = StringIO()
    call_command("referee", str(FIXTURE), stdout=out)
    assert out.getvalue().splitlines()[-1] == "Score: Anna & Cleo 230, Ben & Dev 0"


def test_br_5_5_the_api_replays_the_fixture(client: Any) -> None:
    response = client.post("/api/referee", FIXTURE.read_text(), content_type="application/json")
    assert response.status_code == 200
    body = response.json()
    assert body["legal"] is True
    assert body["tricks_won"] == [6, 4, 2, 1]
    assert body["score"]["points"] == [230, 0]


def test_br_5_3_the_api_reports_the_revoke_with_its_rule(client: Any) -> None:
    response = client.post("/api/referee", REVOKE.read_text(), content_type="application/json")
    assert response.status_code == 200
    [violation] = response.json()["violations"]
    assert (violation["event"], violation["rule"]) == (8, "BR-5.3")

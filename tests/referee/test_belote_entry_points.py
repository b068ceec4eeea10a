"""`manage.py referee` and POST /api/referee take a Belote hand record through the registry.

fixtures/belote/hand.json is the worked deal BL1 (docs/rules/belote.md) without its announcements: Anna & Cleo
take 120 card points and the last trick, Cleo holds belote-rebelote; Ben & Dan take 32. Made: (150, 32).
"""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "belote"


def test_bl_8_2_the_command_replays_the_fixture_to_150_and_32() -> None:
    out = StringIO()
    call_command("referee", str(FIXTURES / "hand.json"), "--json", stdout=out)
    verdict = json.loads(out.getvalue())
    assert verdict["legal"] is True and verdict["complete"] is True
    assert verdict["card_points"] == [130, 32]  # BL-2.3: with the last trick, 162 in all
    assert verdict["score"]["points"] == [150, 32]


def test_bl_7_4_the_command_names_the_player_and_rule_of_a_broken_overtrump() -> None:
    out = StringIO()
    call_command("referee", str(FIXTURES / "overtrump.json"), stdout=out)
    assert "Cleo had no diamonds" in out.getvalue()
    assert "(BL-7.4)" in out.getvalue()


@pytest.mark.django_db
def test_bl_8_2_the_api_replays_the_fixture(client: Any) -> None:
    body = (FIXTURES / "hand.json").read_text()
    response = client.post("/api/referee", body, content_type="application/json")
    assert response.status_code == 200
    verdict = response.json()
    assert verdict["legal"] is True
    assert [trick["winner"] for trick in verdict["tricks"]] == [0, 0, 0, 0, 1, 0, 1, 0]  # BL-7.5
    assert verdict["deal_entry"]["taker_card_points"] == 120
    assert verdict["score"]["points"] == [150, 32]


@pytest.mark.django_db
def test_bl_3_3_the_api_refuses_a_stock_of_twelve_on_its_field(client: Any) -> None:
    record = json.loads((FIXTURES / "hand.json").read_text())
    record["stock"].append("7H")
    response = client.post("/api/referee", json.dumps(record), content_type="application/json")
    assert response.status_code == 422
    assert response.json()["error"]["path"] == "stock"

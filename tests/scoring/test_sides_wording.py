"""A partnership match is named and won by its sides (BR-1.2, BL-1.2): "Anna & Cleo v Ben & Dan", "... win"."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse

from scoring.core.match import parse_match
from scoring.services import create_match

pytestmark = pytest.mark.django_db

DEMO = Path(__file__).resolve().parents[2] / "fixtures" / "demo"


def test_br_1_2_a_partnership_match_is_named_by_its_sides(make_match: Any) -> None:
    # Seats 0 and 2 play against seats 1 and 3 (BR-1.2).
    assert make_match(game="contract_bridge").name == "Anna & Cleo v Ben & Dan"


def test_cb_2_1_a_match_without_partners_is_named_by_its_players(make_match: Any) -> None:
    assert make_match(game="call_bridge", target=30).name == "Anna v Ben v Cleo v Dan"


@pytest.mark.parametrize("game", ["belote", "contract_bridge"])
def test_bl_9_1_a_side_that_wins_is_said_to_win_not_wins(client: Any, owner: Any, game: str) -> None:
    doc = json.loads((DEMO / f"{game}-finished.json").read_text())
    match = create_match(owner=owner, match_file=parse_match(doc))
    client.force_login(owner)
    banner = re.search(r'id="winner-banner">(.*?)</p>', client.get(reverse("match", args=[match.pk])).text, re.S)
    assert banner is not None
    names = doc["players"]
    sides = {f"{names[0]} &amp; {names[2]}", f"{names[1]} &amp; {names[3]}"}
    headline = re.match(r"<strong>(.*) win\.</strong>", banner.group(1))
    assert headline is not None and headline.group(1) in sides and " wins" not in banner.group(1)


def test_bg_8_1_a_single_winner_wins(client: Any, owner: Any) -> None:
    doc = json.loads((DEMO / "bridgette-finished.json").read_text())
    match = create_match(owner=owner, match_file=parse_match(doc))
    client.force_login(owner)
    assert re.search(
        r'id="winner-banner"><strong>\w+ wins\.</strong>', client.get(reverse("match", args=[match.pk])).text
    )

"""The Check a hand pages in words: house rules as sentences, not flag names; a broken rule a link to its text."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse

from referee.core.games import REFEREES
from referee.models import ContestedHand
from scoring.core.games import GAMES

pytestmark = pytest.mark.django_db

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


def test_every_house_rule_is_offered_as_its_sentence_and_rule(owner_client: Any) -> None:
    # Each game's own house rules, on the form of that game (?game=, the game chooser).
    for name in REFEREES:
        page = owner_client.get(reverse("check_hand"), {"game": name}).content.decode()
        for flag in GAMES[name].flags.values():
            assert f"<code>{flag.name}</code>" not in page
            assert f"({flag.rule})" in page


def test_br_5_3_a_broken_rule_in_a_verdict_links_to_its_text(owner_client: Any, owner: Any) -> None:
    record = json.loads((FIXTURES / "contract_bridge" / "revoke.json").read_text())
    hand = ContestedHand.objects.create(owner=owner, record=record)
    page = owner_client.get(reverse("hand", args=[hand.pk])).content.decode()
    # The fixture's revoke breaks BR-5.3 (follow suit); the verdict links the rule to its text.
    assert 'href="/rules/contract_bridge/#BR-5.3"' in page

"""The Check a hand form offers house rules in words, each with its rule second, never by flag name."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from scoring.core.games import GAMES

pytestmark = pytest.mark.django_db


def test_every_house_rule_is_offered_as_its_sentence_and_rule(owner_client: Any) -> None:
    page = owner_client.get(reverse("check_hand")).content.decode()
    for game in GAMES.values():
        for flag in game.flags.values():
            assert f"<code>{flag.name}</code>" not in page
            assert f"({flag.rule})" in page

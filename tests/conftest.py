"""Shared fixtures: accounts and a small match factory with obvious defaults (STYLE.md 11)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from scoring.core.match import evaluate, parse_match
from scoring.models import Match
from scoring.services import create_match

PLAYERS = {
    "bridgette": ["Anna", "Ben"],
    "draw_bridge": ["Anna", "Ben"],
    "klaberjass": ["Anna", "Ben"],
    "call_bridge": ["Anna", "Ben", "Cleo", "Dan"],
}
TARGETS = {"bridgette": None, "draw_bridge": 500, "call_bridge": 30, "klaberjass": None}


@pytest.fixture(autouse=True)
def fast_password_hashing(settings: Any) -> None:
    # Test accounts need no slow key stretching; production keeps Django's default hasher.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def fresh_cache() -> None:
    # Rate-limit counters and cached fragments live in the cache: each test starts with none.
    from django.core.cache import cache

    cache.clear()


@pytest.fixture
def owner(django_user_model: Any) -> Any:
    return django_user_model.objects.create_user(username="owner", password="pw-owner-123")


@pytest.fixture
def stranger(django_user_model: Any) -> Any:
    return django_user_model.objects.create_user(username="stranger", password="pw-stranger-123")


@pytest.fixture
def owner_client(client: Any, owner: Any) -> Any:
    client.force_login(owner)
    return client


@pytest.fixture
def stranger_client(client: Any, stranger: Any) -> Any:
    client.force_login(stranger)
    return client


@pytest.fixture
def make_match(owner: Any) -> Callable[..., Match]:
    def make(
        game: str = "bridgette",
        deals: list[dict[str, Any]] | None = None,
        flags: list[str] | None = None,
        first_dealer: int = 0,
        target: int | None = None,
    ) -> Match:
        match_file = parse_match(
            {
                "game": game,
                "players": PLAYERS[game],
                "first_dealer": first_dealer,
                "target": target if target is not None else TARGETS[game],
                "flags": flags or [],
                "deals": deals or [],
            }
        )
        evaluate(match_file)
        return create_match(owner=owner, match_file=match_file)

    return make


# Bridgette deals with hand-worked scores (RULES.md §6.1).
B1_ANNA_2H_EXACT = {"declarer": 0, "level": 2, "strain": "H", "doubled": 0, "tricks": 8}  # Anna +500
B2_BEN_1NT_3_OVER = {"declarer": 1, "level": 1, "strain": "NT", "doubled": 0, "tricks": 10}  # Ben +600
PASSED_OUT = {"passed_out": True}

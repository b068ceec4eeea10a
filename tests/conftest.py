"""Shared fixtures: accounts, a small match factory with obvious defaults, and each game's sample
deals from fixtures/<game>/deals.json (docs/style.md 11)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from scoring.core.games import GAMES
from scoring.core.match import evaluate, parse_match
from scoring.models import Match
from scoring.services import create_match

# No time limit on a hypothesis example: the properties are about results, and speed has its goals in `make bench`.
# With the default 200 ms, a slow example on a busy machine (the suite runs three workers beside Chromium on two
# cores) failed a test that passes.
settings.register_profile("trickbook", deadline=None)
settings.load_profile("trickbook")

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
NAMES = ["Anna", "Ben", "Cleo", "Dan"]  # in seat order, as many as the game seats


def sample_deals(game: str) -> list[dict[str, Any]]:
    """The game's sample deals: each an entry, its flags if any, its points per side and the rule
    (docs/rules/ worked examples) they were worked from."""
    deals: list[dict[str, Any]] = json.loads((FIXTURES / game / "deals.json").read_text(encoding="utf-8"))
    return deals


def sample_entry(game: str, rule: str) -> dict[str, Any]:
    """The entry of the sample deal worked from ``rule`` ("§6.1 B1")."""
    return next(deal["entry"] for deal in sample_deals(game) if deal["rule"] == rule)


def players(game: str) -> list[str]:
    return NAMES[: GAMES[game].seats]


def default_target(game: str) -> int | None:
    """The target the new-match form suggests where one is required, else none (the game's default)."""
    rules = GAMES[game]
    return rules.suggested_target if rules.target_required else None


@pytest.fixture(autouse=True)
def fast_password_hashing(settings: Any) -> None:
    # Test accounts need no slow key stretching; production keeps Django's default hasher.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def fresh_cache() -> None:
    # Rate-limit counters and cached fragments live in the cache: each test starts with none.
    from django.core.cache import cache

    cache.clear()


@pytest.fixture(autouse=True)
def english_to_start_with() -> Iterator[None]:
    # A request activates its reader's language for the rest of its thread (Django's LocaleMiddleware never
    # deactivates it): each test starts in English, whatever language the test before it asked for.
    from django.utils import translation

    translation.activate("en")
    yield
    translation.deactivate()


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
                "players": players(game),
                "first_dealer": first_dealer,
                "target": target if target is not None else default_target(game),
                "flags": flags or [],
                "deals": deals or [],
            }
        )
        evaluate(match_file)
        return create_match(owner=owner, match_file=match_file)

    return make


# Bridgette deals with hand-worked scores (docs/rules/bridgette.md).
B1_ANNA_2H_EXACT = sample_entry("bridgette", "§6.1 B1")  # Anna +500
B2_BEN_1NT_3_OVER = sample_entry("bridgette", "§6.1 B2")  # Ben +600
PASSED_OUT = sample_entry("bridgette", "BG-7.4")

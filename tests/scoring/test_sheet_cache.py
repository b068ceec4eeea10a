"""The share sheets' cache: the size settings.py gives the largest sheet is the size it is, and a worker keeps
no more than SHEETS_CACHE_BYTES of them however many long matches are polled."""

from __future__ import annotations

import pickle
from typing import Any

import pytest
from django.conf import settings
from django.core.cache import caches
from django.utils import translation

from bench.core import long_match
from scoring.core.games import GAMES
from scoring.core.match import MAX_DEALS, MAX_NAME, parse_match
from scoring.services import create_match
from scoring.views.sharing import _live_sheet

pytestmark = pytest.mark.django_db

# Forty characters of Devanagari, the costliest names there are (three bytes each in UTF-8).
LONG_NAMES = [("क्ष" * MAX_NAME)[: MAX_NAME - 1] + str(seat) for seat in range(4)]


def stored_size(html: str) -> int:
    return len(pickle.dumps(str(html), pickle.HIGHEST_PROTOCOL))  # what the cache holds


def test_the_largest_sheet_is_the_size_settings_gives(owner: Any) -> None:
    """Every game that runs MAX_DEALS deals, in every language, with the longest names: the largest sheet stored
    is within a tenth below SHEET_MOST_BYTES (the figure is measured, not guessed), and none is over it."""
    sizes = {}
    for name in GAMES:
        doc = long_match(name, MAX_DEALS, LONG_NAMES)
        if doc is None:  # a game that ends sooner (Bridgette's six deals, a rubber)
            continue
        match = create_match(owner=owner, match_file=parse_match(doc))
        for language, _name in settings.LANGUAGES:
            with translation.override(language):
                sizes[name, language] = stored_size(_live_sheet(match.pk, match.version, match.share_token))
    largest = max(sizes.values())
    largest_first = sorted(sizes.items(), key=lambda item: -item[1])
    assert 0.9 * settings.SHEET_MOST_BYTES <= largest <= settings.SHEET_MOST_BYTES, largest_first


def test_a_worker_keeps_at_most_the_sheets_budget() -> None:
    sheets = caches["sheets"]
    sheets.clear()
    assert sheets.max_bytes == settings.SHEETS_CACHE_BYTES
    big = "x" * (settings.SHEET_MOST_BYTES - 100)
    for number in range(2 * settings.SHEETS_CACHE_BYTES // settings.SHEET_MOST_BYTES):
        sheets.set(f"live:{number}", big)
    assert sheets.stored_bytes() <= settings.SHEETS_CACHE_BYTES
    kept = settings.SHEETS_CACHE_BYTES // settings.SHEET_MOST_BYTES
    last = 2 * kept - 1
    assert sheets.get(f"live:{last}") == big  # the latest are kept, the oldest dropped
    assert sheets.get("live:0") is None


def test_a_sheet_read_again_is_kept_before_one_not_read() -> None:
    sheets = caches["sheets"]
    sheets.clear()
    big = "x" * (settings.SHEETS_CACHE_BYTES // 3)
    sheets.set("live:a", big)
    sheets.set("live:b", big)
    assert sheets.get("live:a") == big  # a is now the more recently used
    sheets.set("live:c", big)  # three are over the budget: the least recently used goes
    assert (sheets.get("live:a"), sheets.get("live:b"), sheets.get("live:c")) == (big, None, big)

"""The scoring core's words in Hungarian, Polish and Hindi, from the project's catalogues (issue 14).

tests/scoring/test_core_i18n.py checks that every core text goes through the translation hook; this checks the
catalogues behind it: each game's breakdown lines, deal descriptions, entry errors and match ends read in each
language, with their rule IDs unchanged."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from django.utils import translation

from scoring.core.base import EntryError
from scoring.core.games import GAMES
from scoring.core.match import MatchFile, evaluate, parse_match

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("hu", "pl", "hi")
PLAYERS = ("Anna", "Ben", "Cleo", "Dev")
RULE_ID = re.compile(r"(?:R-[A-Z]{2,4}-\d+|[A-Z]{2,4}-\d+\.\d+)")


def samples(name: str) -> list[dict[str, Any]]:
    return json.loads((ROOT / "fixtures" / name / "deals.json").read_text(encoding="utf-8"))


def texts(name: str) -> list[str]:
    """Every breakdown line and deal description of the game's sample deals, in the active language."""
    game = GAMES[name]
    found = []
    for sample in samples(name):
        flags = frozenset(sample.get("flags", ()))
        deal = game.parse_deal(sample["entry"], flags)
        found.append(game.describe(deal, PLAYERS[: game.seats]))
        found.extend(line.text for line in game.score_deal(deal, 0, flags, 0).lines)
    return found


def has_words(text: str) -> bool:
    """A phrase of two words or more (a single term such as "bella" may be the same word in another language)."""
    rest = RULE_ID.sub("", text).replace("Anna", "").replace("Ben", "")
    return len([word for word in rest.split() if re.search(r"[^\W\d]{2,}", word)]) >= 2


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", list(GAMES))
def test_every_line_and_description_reads_in_the_language(name: str, language: str) -> None:
    with translation.override("en"):
        english = texts(name)
    with translation.override(language):
        translated = texts(name)
    assert len(translated) == len(english)
    for before, after in zip(english, translated, strict=True):
        if has_words(before):
            assert after != before, (language, before)
        assert RULE_ID.findall(after) == RULE_ID.findall(before)


@pytest.mark.parametrize(
    ("language", "line", "description"),
    [
        # BG-7.3: 2NT doubled, 6 tricks of the 8 needed: two down, doubled.
        ("hu", "2NTX, 2 bukás, kontrázva", "2NTX, felvevő: Anna, 6 ütés"),
        ("pl", "2NTX bez 2, z kontrą", "2NTX, gra Anna, 6 lew"),
        ("hi", "2NTX 2 डाउन, डबल", "Anna का 2NTX, 6 ट्रिक"),
    ],
)
def test_bg_7_3_two_down_doubled_in_each_language(language: str, line: str, description: str) -> None:
    game = GAMES["bridgette"]
    with translation.override(language):
        deal = game.parse_deal({"declarer": 0, "level": 2, "strain": "NT", "doubled": 1, "tricks": 6}, frozenset())
        assert [found.text for found in game.score_deal(deal, 0, frozenset(), 0).lines] == [line]
        assert game.describe(deal, ("Anna", "Ben")) == description


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", list(GAMES))
def test_an_entry_error_reads_in_the_language_and_keeps_its_rule(name: str, language: str) -> None:
    game = GAMES[name]
    errors = {}
    for active in ("en", language):
        with translation.override(active), pytest.raises(EntryError) as refused:
            game.parse_deal({}, frozenset())  # nothing entered: the first required field is missing
        errors[active] = str(refused.value)
    assert errors[language] != errors["en"]
    assert RULE_ID.findall(errors[language]) == RULE_ID.findall(errors["en"])


def ended(name: str) -> tuple[MatchFile, Any]:
    """A match of the game's house-rule-free sample deals under its lowest target, cut where it ends."""
    game = GAMES[name]
    deals = [sample["entry"] for sample in samples(name) if not sample.get("flags")]
    for target in (1, None):
        doc = {"game": name, "players": list(PLAYERS[: game.seats]), "first_dealer": 0, "target": target, "deals": []}
        try:
            match = parse_match(doc)
        except EntryError:
            continue
        for count in range(1, 120):
            cut = MatchFile(
                match.game,
                match.players,
                0,
                match.target,
                match.flags,
                tuple(deals[i % len(deals)] for i in range(count)),
            )
            result = evaluate(cut)
            if result.finished:
                return cut, result
    raise AssertionError(f"{name}: no match of its sample deals ends")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", list(GAMES))
def test_the_match_end_reads_in_the_language(name: str, language: str) -> None:
    match, _result = ended(name)
    reasons = {}
    for active in ("en", language):
        with translation.override(active):
            outcome = evaluate(match).outcome
            assert outcome is not None
            reasons[active] = outcome.reason
    assert reasons[language] != reasons["en"]
    assert RULE_ID.findall(reasons[language]) == RULE_ID.findall(reasons["en"])

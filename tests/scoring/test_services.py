"""The writes to a match store the game's normalised entry and return the match as saved."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.core.match import parse_match
from scoring.models import Change, Deal
from scoring.services import add_deal, create_match, edit_deal
from tests.conftest import B1_ANNA_2H_EXACT, B2_BEN_1NT_3_OVER

pytestmark = pytest.mark.django_db

# B1 without "doubled", which reads as 0 (docs/match-file.md), and with its keys in another order.
B1_SHORT = {"tricks": 8, "strain": "H", "level": 2, "declarer": 0}


def test_bg_7_5_add_deal_stores_the_normalised_entry_and_returns_the_match_with_it(owner: Any, make_match: Any) -> None:
    match = make_match()
    result = add_deal(match=match, user=owner, number=1, entry=B1_SHORT)
    stored = Deal.objects.get(match=match, number=1).entry
    assert stored == B1_ANNA_2H_EXACT
    # PostgreSQL's jsonb keeps its own key order; the match file lists the keys as the form does.
    assert list(match.match_file().to_json()["deals"][0]) == list(B1_ANNA_2H_EXACT)
    assert Change.objects.get(match=match).after == B1_ANNA_2H_EXACT
    assert (len(result.deals), result.totals, result.stage) == (1, (500, 0), "Deal 2 of 6")


def test_bg_7_5_edit_deal_stores_the_normalised_entry(owner: Any, make_match: Any) -> None:
    match = make_match(deals=[B2_BEN_1NT_3_OVER])
    result = edit_deal(match=match, user=owner, number=1, revision=1, entry=B1_SHORT)
    assert Deal.objects.get(match=match, number=1).entry == B1_ANNA_2H_EXACT
    assert Change.objects.get(match=match, action="edited").after == B1_ANNA_2H_EXACT
    assert result.totals == (500, 0)


def test_kj_an_imported_match_stores_normalised_entries(owner: Any) -> None:
    # Lower-case trump and no sequences or bella: read as ♥, no sequence declared and nobody.
    doc = {
        "game": "klaberjass",
        "players": ["Anna", "Ben"],
        "first_dealer": 1,
        "deals": [{"maker": 0, "trump": "h", "card_points": [93, 35], "last_trick": 0}],
    }
    match = create_match(owner=owner, match_file=parse_match(doc))
    assert Deal.objects.get(match=match).entry == {
        "maker": 0,
        "trump": "H",
        "card_points": [93, 35],
        "last_trick": 0,
        "sequence_cards": [0, 0],
        "sequence_top": ["none", "none"],
        "sequence_in_trumps": [False, False],
        "bella": None,
    }


def test_r_kj_6_an_imported_older_klaberjass_entry_is_stored_in_the_new_shape(owner: Any) -> None:
    # K4 with sequence_points, the older spelling: N's 50 is stored as N's 4-card sequence alone.
    older = {"maker": 0, "trump": "S", "card_points": [58, 64], "last_trick": 1, "sequence_points": [50, 0]}
    doc = {"game": "klaberjass", "players": ["Anna", "Ben"], "first_dealer": 1, "deals": [older]}
    match = create_match(owner=owner, match_file=parse_match(doc))
    stored = Deal.objects.get(match=match).entry
    assert (stored["sequence_cards"], stored["sequence_top"]) == ([4, 0], ["none", "none"])
    assert "sequence_points" not in stored
    assert match.evaluate().totals == (108, 74)

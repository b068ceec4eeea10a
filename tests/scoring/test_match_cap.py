"""A match holds at most MAX_DEALS deals (500) wherever a deal is written, not only when a match file is read:
the save, the first step of a deal entered in two steps, the preview and a checked hand's deal. So a match's own
download can always be imported again.

The deals are Call Bridge's "everyone calls 2 and makes it" (+2 each, CB-4.2 and R-CB-2), under a target of 10,000
that 500 of them do not reach (2 x 500 = 1,000).
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.urls import reverse

from scoring.core.base import FormatError
from scoring.core.match import MAX_DEALS, check_deal, parse_match
from scoring.models import Deal, Match
from scoring.services import save_deal, save_first_step

pytestmark = pytest.mark.django_db

DEAL = {"calls": [2, 2, 2, 2], "tricks": [3, 3, 3, 4]}
CALLS = {"calls_0": "2", "calls_1": "2", "calls_2": "2", "calls_3": "2"}
TRICKS = {"tricks_0": "3", "tricks_1": "3", "tricks_2": "3", "tricks_3": "4"}
FULL = "a match holds at most 500 deals: this one is full; a rematch starts a new one"


@pytest.fixture
def full_match(make_match: Any) -> Match:
    match: Match = make_match("call_bridge", deals=[DEAL] * MAX_DEALS, target=10_000)
    assert not match.evaluate().finished
    return match


def test_the_core_refuses_a_deal_past_the_cap_and_still_takes_an_edit(full_match: Match) -> None:
    match_file = full_match.match_file()
    with pytest.raises(FormatError) as caught:
        check_deal(match_file, DEAL)
    assert (caught.value.field, caught.value.message, caught.value.deal) == ("deals", FULL, 501)
    assert len(check_deal(match_file, DEAL, replace=MAX_DEALS).deals) == MAX_DEALS


def test_a_save_of_deal_501_is_refused_and_nothing_is_stored(full_match: Match, owner: Any) -> None:
    with pytest.raises(FormatError, match="at most 500 deals"):
        save_deal(match=full_match, user=owner, number=MAX_DEALS + 1, entry=DEAL)
    assert Deal.objects.filter(match=full_match).count() == MAX_DEALS


def test_the_calls_of_deal_501_are_refused(full_match: Match) -> None:
    with pytest.raises(FormatError, match="at most 500 deals"):
        save_first_step(match=full_match, number=MAX_DEALS + 1, revision=0, entry={"calls": [2, 2, 2, 2]})
    assert Match.objects.get(pk=full_match.pk).deal_in_progress is None


@pytest.mark.parametrize(
    ("view", "fields"),
    [
        ("deal_add", {**CALLS, **TRICKS}),
        ("deal_first", {**CALLS, "progress": "0"}),
        ("deal_preview", {**CALLS, **TRICKS}),
    ],
)
def test_the_match_page_says_the_match_is_full(
    owner_client: Any, full_match: Match, view: str, fields: dict[str, str]
) -> None:
    data = {"number": str(MAX_DEALS + 1), **fields}
    response = owner_client.post(reverse(view, args=[full_match.pk]), data, headers={"HX-Request": "true"})
    assert response.status_code in (200, 422)
    assert FULL[0].upper() + FULL[1:] in re.sub(r"<[^>]+>", "", response.content.decode())
    assert Deal.objects.filter(match=full_match).count() == MAX_DEALS


def test_a_full_match_downloaded_imports_again(owner_client: Any, full_match: Match) -> None:
    owner_client.post(reverse("deal_add", args=[full_match.pk]), {"number": str(MAX_DEALS + 1), **CALLS, **TRICKS})
    doc = json.loads(owner_client.get(reverse("match_download", args=[full_match.pk])).content)
    assert len(parse_match(doc).deals) == MAX_DEALS

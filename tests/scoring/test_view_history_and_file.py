"""The history page and the match-file download (which `manage.py score` reads back)."""

from __future__ import annotations

import json
import re
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.urls import reverse

from tests.conftest import B1_ANNA_2H_EXACT, B2_BEN_1NT_3_OVER

pytestmark = pytest.mark.django_db


def test_history_lists_who_and_what(owner_client: Any, make_match: Any) -> None:
    match = make_match()
    owner_client.post(
        reverse("deal_add", args=[match.pk]),
        {"number": "1", "declarer": "0", "level": "2", "strain": "H", "doubled": "0", "tricks": "8"},
    )
    page = owner_client.get(reverse("match_history", args=[match.pk])).content.decode()
    assert "Added deal 1" in page
    assert "owner" in page


def test_history_says_each_change_with_its_deal_before_and_after(
    owner_client: Any, owner: Any, make_match: Any
) -> None:
    from scoring.models import Change

    match = make_match()
    for action, before, after in (
        (Change.Action.ADDED, None, B1_ANNA_2H_EXACT),
        (Change.Action.EDITED, B1_ANNA_2H_EXACT, B2_BEN_1NT_3_OVER),
        (Change.Action.REMOVED, B2_BEN_1NT_3_OVER, None),
    ):
        Change.objects.create(match=match, user=owner, action=action, number=1, before=before, after=after)
    page = owner_client.get(reverse("match_history", args=[match.pk])).content.decode()
    assert "{%" not in page and "%}" not in page  # every template tag is read, none printed
    assert "<strong>Added deal 1</strong>: 2♥ by Anna, 8 tricks</li>" in page
    assert "<strong>Edited deal 1</strong>: was 2♥ by Anna, 8 tricks; now 1NT by Ben, 10 tricks</li>" in page
    # The removal comes with a way to put the deal back.
    assert re.search(r"<strong>Removed deal 1</strong>: 1NT by Ben, 10 tricks\s*<form", page)
    # Newest first: the removal (the third change), then the edit, then the addition (the first).
    assert page.index("Removed deal 1") < page.index("Edited deal 1") < page.index("Added deal 1")
    assert '<ol class="changes" reversed start="3">' in page


def test_download_is_the_match_file_and_scores_the_same(owner_client: Any, make_match: Any, tmp_path: Path) -> None:
    match = make_match(deals=[B1_ANNA_2H_EXACT, B2_BEN_1NT_3_OVER], flags=["bg_multiply_insult"])
    response = owner_client.get(reverse("match_download", args=[match.pk]))
    assert response["Content-Disposition"].startswith("attachment")
    doc = json.loads(response.content)
    assert doc == {
        "game": "bridgette",
        "players": ["Anna", "Ben"],
        "first_dealer": 0,
        "target": None,
        "flags": ["bg_multiply_insult"],
        "deals": [B1_ANNA_2H_EXACT, B2_BEN_1NT_3_OVER],
    }
    path = tmp_path / "match.json"
    path.write_bytes(response.content)
    out = StringIO()
    call_command("score", str(path), "--json", stdout=out)
    assert json.loads(out.getvalue())["totals"] == [500, 600]


@pytest.mark.parametrize("name", ["match_history", "match_download"])
def test_stranger_gets_404(stranger_client: Any, make_match: Any, name: str) -> None:
    match = make_match()
    assert stranger_client.get(reverse(name, args=[match.pk])).status_code == 404


def test_download_name_is_plain_ascii_whatever_the_names(owner_client: Any, owner: Any) -> None:
    from scoring.models import Match

    match = Match.objects.create(owner=owner, game="bridgette", players=['Zoë "Z"', "😀"], first_dealer=0)
    disposition = owner_client.get(reverse("match_download", args=[match.pk]))["Content-Disposition"]
    assert disposition == f'attachment; filename="bridgette-zoe-z-player-{match.pk}.json"'


def test_a_long_history_is_shown_a_page_at_a_time_newest_first(
    owner_client: Any, owner: Any, make_match: Any, django_assert_max_num_queries: Any
) -> None:
    """Edits are not limited, so the history is paged: a page costs the same at 250 changes as at 25,000. Page 1
    holds the newest changes; each change keeps its number in the whole history (deal N's edit is change N here)."""
    from scoring.models import Change
    from scoring.views.matches import HISTORY_PAGE

    assert HISTORY_PAGE == 100  # the figures below are worked for pages of 100
    match = make_match()
    Change.objects.bulk_create(
        Change(match=match, user=owner, action=Change.Action.EDITED, number=number, before=None, after=None)
        for number in range(1, 251)
    )
    url = reverse("match_history", args=[match.pk])
    with django_assert_max_num_queries(8):
        newest = owner_client.get(url).content.decode()
    # Page 1: changes 250 down to 151.
    assert newest.count("<strong>Edited deal") == 100
    assert "Changes 250–151 of 250, newest first." in newest
    assert '<ol class="changes" reversed start="250">' in newest
    assert newest.index("<strong>Edited deal 250</strong>") < newest.index("<strong>Edited deal 249</strong>")
    assert "<strong>Edited deal 151</strong>" in newest
    assert "<strong>Edited deal 150</strong>" not in newest
    assert '<a href="?page=2" rel="next">Older changes</a>' in newest
    assert 'rel="prev"' not in newest
    # Page 2: changes 150 down to 51, with both ways to go.
    middle = owner_client.get(url, {"page": "2"}).content.decode()
    assert "Changes 150–51 of 250, newest first." in middle
    assert '<ol class="changes" reversed start="150">' in middle
    assert middle.count("<strong>Edited deal") == 100
    assert "<strong>Edited deal 150</strong>" in middle and "<strong>Edited deal 51</strong>" in middle
    assert '<a href="?page=1" rel="prev">Newer changes</a>' in middle
    assert '<a href="?page=3" rel="next">Older changes</a>' in middle
    # Page 3: the oldest 50, changes 50 down to 1, and nothing older.
    oldest = owner_client.get(url, {"page": "3"}).content.decode()
    assert "Changes 50–1 of 250, newest first." in oldest
    assert oldest.count("<strong>Edited deal") == 50
    assert oldest.index("<strong>Edited deal 2</strong>") < oldest.index("<strong>Edited deal 1</strong>")
    assert 'rel="next"' not in oldest
    assert "Changes 50–1" in owner_client.get(url, {"page": "99"}).content.decode()  # past the end: the oldest
    assert "Changes 250–151" in owner_client.get(url, {"page": "x"}).content.decode()  # not a number: the newest

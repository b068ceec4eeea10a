"""The bytes a save sends back to the phone: the new row and what changed beside it, never the whole sheet."""

from __future__ import annotations

import gzip
from typing import Any

import pytest
from django.urls import reverse

from bench.core import open_match
from bench.web import form_posts
from scoring.core.match import parse_match
from scoring.services import create_match

pytestmark = pytest.mark.django_db

# At most this many bytes on the wire for a save's answer at 200 deals (the whole sheet was 138 kB).
MOST_BYTES = 16_000


def test_a_save_at_200_deals_answers_its_row_in_at_most_16_kb(owner: Any, owner_client: Any) -> None:
    # The widest sheet there is (the game with the most sides), 199 deals that do not end the match.
    doc = open_match(199, ["Anna", "Ben", "Cleo", "Dan"][:4])
    match = create_match(owner=owner, match_file=parse_match(doc))
    posts = form_posts(match.game)
    data = {"number": "200", **posts[199 % len(posts)]}
    if match.rules.entry_spec(match.match_file([]).flags).first:
        owner_client.post(reverse("deal_first", args=[match.pk]), {"number": "200", "progress": "0", **data})
        data["progress"] = str(match.__class__.objects.get(pk=match.pk).deal_in_progress["revision"])
    response = owner_client.post(
        reverse("deal_add", args=[match.pk]), data, headers={"HX-Request": "true", "Accept-Encoding": "gzip"}
    )
    assert response.status_code == 200, response.content[:500]
    assert response["Content-Encoding"] == "gzip"
    assert len(response.content) <= MOST_BYTES
    page = gzip.decompress(response.content).decode()
    assert 'id="deal-200"' in page  # the new row, added to the sheet out of band
    assert 'id="deal-199"' not in page  # and no row the phone already shows
    assert 'hx-swap-oob="beforeend:#sheet-rows"' in page
    assert "Deal 200 saved." in page

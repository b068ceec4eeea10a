"""The live preview: points and breakdown before saving, or the rule beside the field."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from scoring import rulebook
from scoring.models import Deal
from tests.conftest import B1_ANNA_2H_EXACT, PASSED_OUT

pytestmark = pytest.mark.django_db


def preview(client: Any, match: Any, **fields: Any) -> str:
    data = {key: str(value) for key, value in fields.items()}
    response = client.post(reverse("deal_preview", args=[match.pk]), data, headers={"HX-Request": "true"})
    assert response.status_code == 200
    return response.content.decode()


def test_bg_7_1_preview_shows_points_and_rule_lines(owner_client: Any, make_match: Any) -> None:
    match = make_match()
    # B2: 1NT made with 10 tricks: V 250 + P 350 = 600 for Ben.
    page = preview(owner_client, match, declarer=1, level=1, strain="NT", doubled=0, tricks=10)
    assert "Ben 600" in page
    assert "BG-7.2" in page
    assert not Deal.objects.exists()


def test_bg_5_1_preview_puts_the_rule_beside_the_field(owner_client: Any, make_match: Any) -> None:
    match = make_match()
    page = preview(owner_client, match, declarer=0, level=0, strain="H", doubled=0, tricks=6)
    assert 'id="err-level" hx-swap-oob="true">' in page
    assert "BG-5.1" in page


def test_incomplete_entry_lists_what_is_missing(owner_client: Any, make_match: Any) -> None:
    match = make_match()
    page = preview(owner_client, match, declarer=0)
    assert "Still to choose" in page


def test_preview_says_when_a_deal_ends_the_match(owner_client: Any, make_match: Any) -> None:
    match = make_match(deals=[{"passed_out": True}] * 5)
    page = preview(owner_client, match, declarer=0, level=2, strain="H", doubled=0, tricks=8)
    assert "this deal ends the match" in page


def test_bg_8_1_an_edit_previewed_that_would_end_the_match_early_says_what_to_do(
    owner_client: Any, make_match: Any
) -> None:
    match = make_match(deals=[PASSED_OUT] * 6 + [B1_ANNA_2H_EXACT])
    # Deal 6 as Ben's 2♥ made exactly (500, BG-7.1) ends the match after six deals (BG-8.1): deal 7 must go first.
    page = preview(owner_client, match, replace=6, declarer=1, level=2, strain="H", doubled=0, tricks=8)
    assert (
        "<p>To make this change, first undo deal 7: with it the match ends after deal 6 (Ben has the higher total, "
        f"500–0, after 6 deals), and no deal is played after the end ({rulebook.link_html('BG-8.1')})</p>"
    ) in page
    assert "Nothing was saved" not in page  # a preview saves nothing, and says nothing of saving


def test_stranger_gets_404(stranger_client: Any, make_match: Any) -> None:
    match = make_match()
    response = stranger_client.post(reverse("deal_preview", args=[match.pk]), {"declarer": "0"})
    assert response.status_code == 404

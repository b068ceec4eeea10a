"""The live preview: points and breakdown before saving, or the rule beside the field."""

from __future__ import annotations

import html
import re
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
    # Listed with every other error of the entry, in the preview.
    assert preview_errors(page) == [
        "To make this change, first undo deal 7: with it the match ends after deal 6 (Ben has the higher total, "
        "500–0, after 6 deals), and no deal is played after the end (BG-8.1)."
    ]
    assert rulebook.link_html("BG-8.1") in page
    assert "Nothing was saved" not in page  # a preview saves nothing, and says nothing of saving


def test_stranger_gets_404(stranger_client: Any, make_match: Any) -> None:
    match = make_match()
    response = stranger_client.post(reverse("deal_preview", args=[match.pk]), {"declarer": "0"})
    assert response.status_code == 404


def preview_errors(page: str) -> list[str]:
    """The preview's list of errors, each item's text without its tags (a rule ID is a link)."""
    listed = page[page.index('data-testid="preview-errors"') : page.index("</ul>")]
    return [html.unescape(re.sub(r"<[^>]+>", "", item)).strip() for item in listed.split("<li>")[1:]]


def test_bl_2_4_and_bl_5_6_every_error_of_a_belote_entry_at_once(owner_client: Any, make_match: Any) -> None:
    match = make_match("belote")
    # 151 card points cannot be taken (BL-2.4: no card is worth 1 point), and other announcements come beside a
    # camp's best run or carré, of which none is entered (BL-5.6): both said in one preview, each at its field.
    page = preview(
        owner_client, match, number=1, taker=0, trump="H", taker_card_points=151, last_trick="takers",
        capot="none", taker_other_announcements=30,
    )  # fmt: skip
    errors = preview_errors(page)
    assert errors[0] == (
        "Takers' card points (without the last trick): No side can take 151 card points: no card is worth 1 point, "
        "so neither 1 nor 151 is possible (BL-2.4)."
    )
    assert "Enter the camp's best run or carré first" in errors[1] and errors[1].endswith("(BL-5.6).")
    assert len(errors) == 2
    assert re.search(r'id="err-taker_card_points" hx-swap-oob="true">No side can take 151', page)
    assert re.search(r'id="err-taker_other_announcements" hx-swap-oob="true">Enter the camp', page)
    assert re.search(r'<button type="submit" id="save-deal" hx-swap-oob="true" disabled>Save deal 1</button>', page)


def test_kj_2_2_and_kj_6_1_every_error_of_a_klaberjass_entry_at_once(owner_client: Any, make_match: Any) -> None:
    match = make_match("klaberjass")
    # 100 + 70 card points are more than the 18 cards played hold (KJ-2.2, at most 146), and a 5-card
    # sequence reaches down to the 7 from a J at the lowest, so a 9 cannot top it (KJ-6.1).
    page = preview(
        owner_client, match, number=1, maker=0, trump="H", card_points_0=100, card_points_1=70, last_trick=0,
        sequence_cards_0=5, sequence_top_0="9", sequence_cards_1=0, sequence_top_1="none",
    )  # fmt: skip
    errors = preview_errors(page)
    assert errors == [
        "The 18 cards played hold at most 146 card points, not 170 (KJ-2.2).",
        f"{errors[1].partition(':')[0]}: A sequence of 5 cards reaches down to the 7 from a J at the lowest, so its "
        "top card cannot be the 9 (KJ-6.1).",
    ]
    assert errors[1].startswith("Anna's sequence top card:")


def test_bg_5_1_a_rule_broken_and_a_field_still_to_choose_are_said_together(owner_client: Any, make_match: Any) -> None:
    match = make_match()
    page = preview(owner_client, match, number=1, declarer=0, level=0, strain="H")
    errors = preview_errors(page)
    assert errors[0] == "Still to choose: declarer's tricks."
    assert errors[1].startswith("Level: ") and errors[1].endswith("(BG-5.1).")
    # Save waits for the rule to be kept, not for the fields still to choose.
    assert 'id="save-deal" hx-swap-oob="true" disabled>' in page
    page = preview(owner_client, match, number=1, declarer=0, level=1)
    assert preview_errors(page) == ["Still to choose: strain, declarer's tricks."]
    assert 'id="save-deal" hx-swap-oob="true">' in page

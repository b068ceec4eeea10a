"""Editing an earlier deal: recomputed totals, stale pages, reopening a match."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from scoring.models import Change, Deal
from scoring.rulebook import link_html as link
from tests.conftest import B1_ANNA_2H_EXACT, B2_BEN_1NT_3_OVER, PASSED_OUT

pytestmark = pytest.mark.django_db


def edit(client: Any, match: Any, number: int, revision: int, **fields: Any) -> Any:
    data = {"revision": str(revision), **{key: str(value) for key, value in fields.items()}}
    return client.post(reverse("deal_edit", args=[match.pk, number]), data)


def test_bg_7_3_edit_recomputes_totals(owner_client: Any, make_match: Any) -> None:
    match = make_match(deals=[B1_ANNA_2H_EXACT, B2_BEN_1NT_3_OVER])
    # Deal 2 becomes 1NT by Ben with 6 tricks: one down undoubled, Anna +100 (BG-7.3).
    response = edit(owner_client, match, 2, 1, declarer=1, level=1, strain="NT", doubled=0, tricks=6)
    assert response.status_code == 302
    page = owner_client.get(reverse("match", args=[match.pk])).content.decode()
    assert 'data-testid="total-0">600<' in page
    assert 'data-testid="total-1">0<' in page
    change = Change.objects.get(action="edited")
    assert change.before == B2_BEN_1NT_3_OVER
    assert change.after["tricks"] == 6


def test_edit_form_is_prefilled(owner_client: Any, make_match: Any) -> None:
    match = make_match(deals=[B1_ANNA_2H_EXACT])
    page = owner_client.get(reverse("deal_edit", args=[match.pk, 1])).content.decode()
    assert 'name="strain" value="H" id="id_strain_2" checked' in page


def test_stale_edit_never_overwrites_a_newer_one(owner_client: Any, make_match: Any) -> None:
    match = make_match(deals=[B1_ANNA_2H_EXACT])
    first = edit(owner_client, match, 1, 1, declarer=0, level=2, strain="H", doubled=0, tricks=9)
    assert first.status_code == 302
    second = edit(owner_client, match, 1, 1, declarer=0, level=2, strain="H", doubled=0, tricks=5)
    assert second.status_code == 302
    assert second["Location"] == reverse("deal_edit", args=[match.pk, 1])
    assert Deal.objects.get(match=match, number=1).entry["tricks"] == 9
    page = owner_client.get(second["Location"]).content.decode()
    assert "was changed from another phone" in page


def test_bg_8_1_edit_that_reopens_the_match_says_so(owner_client: Any, make_match: Any) -> None:
    match = make_match(deals=[B1_ANNA_2H_EXACT, *[PASSED_OUT] * 5])
    # Anna won 500-0; make deal 1 a pass too: 0-0 after six deals, a tie-break deal follows (BG-8.2).
    response = edit(owner_client, match, 1, 1, passed_out="on")
    assert response.status_code == 302
    page = owner_client.get(reverse("match", args=[match.pk])).content.decode()
    assert "The match is open again." in page
    assert "Tie-break deal 7" in page


def test_bg_8_1_an_edit_that_would_leave_a_deal_after_the_end_is_refused_saying_what_to_do(
    owner_client: Any, make_match: Any
) -> None:
    match = make_match(deals=[PASSED_OUT] * 6 + [B1_ANNA_2H_EXACT])
    # Tie-break deal 7 decided the match (BG-8.2). Ben's 2♥ made exactly in deal 6 is 500 to him (BG-7.1), so the
    # match would end after six deals, 500-0 (BG-8.1), with deal 7 after its end.
    response = edit(owner_client, match, 6, 1, declarer=1, level=2, strain="H", doubled=0, tricks=8)
    assert response.status_code == 422
    assert (
        "Nothing was saved. To make this change, first undo deal 7: with it the match ends after deal 6 "
        f"(Ben has the higher total, 500–0, after 6 deals), and no deal is played after the end ({link('BG-8.1')})"
    ) in response.content.decode()
    assert Deal.objects.get(match=match, number=6).entry == PASSED_OUT
    assert Deal.objects.filter(match=match).count() == 7


# Klaberjass, Anna making spades each time: 140 card points + 10 for the last trick against Ben's 6 is 150 to 6
# (KJ-9.2); 30 against Ben's 40 + 10 leaves Anna bate, 0 to 80.
KJ_BIG = {"maker": 0, "trump": "S", "card_points": [140, 6], "last_trick": 0, "bella": None}
KJ_BATE = {"maker": 0, "trump": "S", "card_points": [30, 40], "last_trick": 1, "bella": None}


def test_kj_10_1_an_edit_that_would_end_the_match_early_names_the_deals_to_undo(
    owner_client: Any, make_match: Any
) -> None:
    no_sequences = {"sequence_points": [0, 0]}
    deals = [{**deal, **no_sequences} for deal in [KJ_BIG, KJ_BIG, KJ_BIG, KJ_BATE, KJ_BATE, KJ_BATE]]
    match = make_match(game="klaberjass", deals=deals)  # Anna 450, Ben 18 + 3 × 80 = 258: no one at 500
    # Deal 4 as 150 to 6 puts Anna at 600 after it (KJ-10.1), with deals 5 and 6 after the end.
    response = edit(owner_client, match, 4, 1, maker=0, trump="S", card_points_0=140, card_points_1=6, last_trick=0)
    assert response.status_code == 422
    assert (
        "Nothing was saved. To make this change, first undo deals 5–6: with it the match ends after deal 4 "
        f"(Anna passed 500 first), and no deal is played after the end ({link('KJ-10.1')})"
    ) in response.content.decode()
    assert Deal.objects.get(match=match, number=4).entry["card_points"] == [30, 40]


def test_stranger_cannot_edit(stranger_client: Any, make_match: Any) -> None:
    match = make_match(deals=[B1_ANNA_2H_EXACT])
    assert stranger_client.get(reverse("deal_edit", args=[match.pk, 1])).status_code == 404
    response = edit(stranger_client, match, 1, 1, passed_out="on")
    assert response.status_code == 404
    assert Deal.objects.get(match=match, number=1).entry == B1_ANNA_2H_EXACT


def test_unknown_deal_is_404(owner_client: Any, make_match: Any) -> None:
    match = make_match()
    assert owner_client.get(reverse("deal_edit", args=[match.pk, 3])).status_code == 404


def test_saving_an_edit_of_a_removed_deal_is_told_with_the_current_sheet(owner_client: Any, make_match: Any) -> None:
    match = make_match(deals=[B1_ANNA_2H_EXACT, B2_BEN_1NT_3_OVER])
    owner_client.post(reverse("deal_undo", args=[match.pk]), {"number": "2"})  # another phone undoes deal 2
    response = edit(owner_client, match, 2, 1, passed_out="on")
    assert response.status_code == 409
    page = response.content.decode()
    assert "Deal 2 no longer exists; it was removed from another phone." in page
    assert "Enter deal 2" in page
    assert Deal.objects.filter(match=match).count() == 1


def test_a_revision_is_never_reused_by_a_deal_entered_again(owner_client: Any, make_match: Any) -> None:
    match = make_match()
    owner_client.post(
        reverse("deal_add", args=[match.pk]),
        {"number": "1", "declarer": "0", "level": "2", "strain": "H", "doubled": "0", "tricks": "8"},
    )
    stale = Deal.objects.get(match=match).revision  # the edit page of phone A holds this
    owner_client.post(reverse("deal_undo", args=[match.pk]), {"number": "1"})
    owner_client.post(reverse("deal_add", args=[match.pk]), {"number": "1", "passed_out": "on"})
    response = edit(owner_client, match, 1, stale, declarer=1, level=1, strain="NT", doubled=0, tricks=10)
    assert response.status_code == 302
    assert Deal.objects.get(match=match).entry == PASSED_OUT


def test_r_kj_6_an_older_klaberjass_entry_is_prefilled_in_the_sequence_fields(
    owner_client: Any, make_match: Any
) -> None:
    # A deal stored before sequences were entered per player: Ben scored 20 for sequences (K1).
    match = make_match(game="klaberjass", first_dealer=1)
    older = {"maker": 0, "trump": "H", "card_points": [93, 35], "last_trick": 0, "sequence_points": [0, 20], "bella": 1}
    Deal.objects.create(match=match, number=1, entry=older)
    page = owner_client.get(reverse("deal_edit", args=[match.pk, 1])).content.decode()
    # Read as Ben's 3-card sequence alone: saved again unchanged, it still scores 103 to 75.
    assert 'name="sequence_cards_1" value="3" id="id_sequence_cards_1_1" checked' in page
    assert 'name="sequence_cards_0" value="0" id="id_sequence_cards_0_0" checked' in page

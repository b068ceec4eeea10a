"""Undo the last deal, with a confirmation step."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from scoring.models import Change, Deal
from scoring.services import remove_last_deal
from tests.conftest import B1_ANNA_2H_EXACT, B2_BEN_1NT_3_OVER

pytestmark = pytest.mark.django_db


def test_undo_asks_then_removes_the_last_deal(owner_client: Any, make_match: Any) -> None:
    match = make_match(deals=[B1_ANNA_2H_EXACT, B2_BEN_1NT_3_OVER])
    page = owner_client.get(reverse("deal_undo", args=[match.pk])).content.decode()
    assert "Undo deal 2?" in page
    assert Deal.objects.filter(match=match).count() == 2
    response = owner_client.post(reverse("deal_undo", args=[match.pk]), {"number": "2"})
    assert response.status_code == 302
    assert [deal.number for deal in Deal.objects.filter(match=match)] == [1]
    assert Change.objects.get(action="removed").before == B2_BEN_1NT_3_OVER


def test_undo_from_a_stale_page_removes_nothing(owner_client: Any, make_match: Any) -> None:
    match = make_match(deals=[B1_ANNA_2H_EXACT, B2_BEN_1NT_3_OVER])
    owner_client.post(reverse("deal_undo", args=[match.pk]), {"number": "1"})
    assert Deal.objects.filter(match=match).count() == 2


def test_stranger_cannot_undo(stranger_client: Any, make_match: Any) -> None:
    match = make_match(deals=[B1_ANNA_2H_EXACT])
    assert stranger_client.post(reverse("deal_undo", args=[match.pk]), {"number": "1"}).status_code == 404
    assert Deal.objects.filter(match=match).count() == 1


def test_an_undo_can_be_redone_from_the_match_page(owner_client: Any, make_match: Any) -> None:
    match = make_match(deals=[B1_ANNA_2H_EXACT, B2_BEN_1NT_3_OVER])
    owner_client.post(reverse("deal_undo", args=[match.pk]), {"number": "2"})
    removal = Change.objects.get(action="removed")
    page = owner_client.get(reverse("match", args=[match.pk])).content.decode()
    redo = reverse("deal_restore", args=[match.pk, removal.pk])
    assert f'<form method="post" action="{redo}" class="inline">' in page
    assert "Redo: put deal 2 back" in page
    response = owner_client.post(redo)
    assert response.status_code == 302
    assert [(deal.number, deal.entry) for deal in Deal.objects.filter(match=match)] == [
        (1, B1_ANNA_2H_EXACT),
        (2, B2_BEN_1NT_3_OVER),
    ]
    page = owner_client.get(reverse("match", args=[match.pk])).content.decode()
    assert "Deal 2 put back." in page
    assert "Redo:" not in page  # the last change is now the deal added back
    assert 'data-testid="total-1">600<' in page  # B2: Ben +600 again


def test_a_deal_put_back_twice_is_stored_once(owner_client: Any, make_match: Any) -> None:
    match = make_match(deals=[B1_ANNA_2H_EXACT, B2_BEN_1NT_3_OVER])
    owner_client.post(reverse("deal_undo", args=[match.pk]), {"number": "2"})
    redo = reverse("deal_restore", args=[match.pk, Change.objects.get(action="removed").pk])
    owner_client.post(redo)
    owner_client.post(redo)  # a second tap, or a reload of the post
    assert Deal.objects.filter(match=match).count() == 2


def test_the_history_puts_a_removed_deal_back(owner_client: Any, make_match: Any) -> None:
    match = make_match(deals=[B1_ANNA_2H_EXACT, B2_BEN_1NT_3_OVER])
    owner_client.post(reverse("deal_undo", args=[match.pk]), {"number": "2"})
    owner_client.post(reverse("deal_undo", args=[match.pk]), {"number": "1"})
    page = owner_client.get(reverse("match_history", args=[match.pk])).content.decode()
    # Deal 2 removed first, put back from the history: the next deal, deal 1 now.
    second = Change.objects.get(action="removed", number=2)
    assert reverse("deal_restore", args=[match.pk, second.pk]) in page
    owner_client.post(reverse("deal_restore", args=[match.pk, second.pk]))
    assert [(deal.number, deal.entry) for deal in Deal.objects.filter(match=match)] == [(1, B2_BEN_1NT_3_OVER)]


def test_only_a_removal_can_be_put_back_and_only_by_a_post(owner_client: Any, make_match: Any) -> None:
    match = make_match(deals=[B1_ANNA_2H_EXACT])
    imported = Change.objects.get(match=match)
    assert owner_client.post(reverse("deal_restore", args=[match.pk, imported.pk])).status_code == 404
    owner_client.post(reverse("deal_undo", args=[match.pk]), {"number": "1"})
    removal = Change.objects.get(action="removed")
    assert owner_client.get(reverse("deal_restore", args=[match.pk, removal.pk])).status_code == 405
    assert not Deal.objects.filter(match=match).exists()


def test_someone_elses_removed_deal_is_not_found(owner: Any, stranger_client: Any, make_match: Any) -> None:
    match = make_match(deals=[B1_ANNA_2H_EXACT])
    remove_last_deal(match=match, user=owner, number=1)
    removal = Change.objects.get(action="removed")
    assert stranger_client.post(reverse("deal_restore", args=[match.pk, removal.pk])).status_code == 404
    assert not Deal.objects.filter(match=match).exists()

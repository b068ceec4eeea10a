"""Undo the last deal, with a confirmation step."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from scoring.models import Change, Deal
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

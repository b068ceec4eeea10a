"""Deleting a match: a confirmation page, then a POST that deletes it and everything in it."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from referee.models import ContestedHand
from scoring.models import Change, Deal, Match
from tests.conftest import B1_ANNA_2H_EXACT

pytestmark = pytest.mark.django_db


def test_the_match_page_links_to_delete(owner_client: Any, make_match: Any) -> None:
    match = make_match()
    page = owner_client.get(reverse("match", args=[match.pk])).content.decode()
    assert f'href="{reverse("match_delete", args=[match.pk])}"' in page


def test_get_asks_with_a_real_form_and_deletes_nothing(owner_client: Any, make_match: Any) -> None:
    match = make_match(deals=[B1_ANNA_2H_EXACT])
    response = owner_client.get(reverse("match_delete", args=[match.pk]))
    assert response.status_code == 200
    page = response.content.decode()
    assert "Delete this match?" in page
    assert "Anna v Ben, 1 deal." in page
    assert f'<form method="post" action="{reverse("match_delete", args=[match.pk])}">' in page
    assert "csrfmiddlewaretoken" in page
    assert Match.objects.filter(pk=match.pk).exists()


def test_post_deletes_the_match_its_deals_history_and_hands(owner_client: Any, owner: Any, make_match: Any) -> None:
    match = make_match(deals=[B1_ANNA_2H_EXACT])
    ContestedHand.objects.create(owner=owner, match=match, deal_number=2, record={"game": "bridgette"})
    kept = make_match()
    response = owner_client.post(reverse("match_delete", args=[match.pk]), follow=True)
    assert response.redirect_chain == [(reverse("home"), 302)]
    assert "Match Anna v Ben deleted." in response.content.decode()
    assert list(Match.objects.all()) == [kept]
    assert not Deal.objects.filter(match_id=match.pk).exists()
    assert not Change.objects.filter(match_id=match.pk).exists()
    assert not ContestedHand.objects.exists()
    assert owner_client.get(reverse("shared_match", args=[match.share_token])).status_code == 404


def test_a_stranger_gets_404_and_the_match_stays(stranger_client: Any, make_match: Any) -> None:
    match = make_match()
    assert stranger_client.get(reverse("match_delete", args=[match.pk])).status_code == 404
    assert stranger_client.post(reverse("match_delete", args=[match.pk])).status_code == 404
    assert Match.objects.filter(pk=match.pk).exists()


def test_anonymous_is_sent_to_log_in(client: Any, make_match: Any) -> None:
    match = make_match()
    response = client.post(reverse("match_delete", args=[match.pk]))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))
    assert Match.objects.filter(pk=match.pk).exists()

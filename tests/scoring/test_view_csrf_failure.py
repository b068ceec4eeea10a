"""A post refused by the CSRF check (an expired session, a token renewed by a log-in elsewhere): a page that
says so in every mode, never Django's debug page, and for htmx a navigation that keeps the entry."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scoring.models import Deal

pytestmark = pytest.mark.django_db

B1 = {"number": "1", "declarer": "0", "level": "2", "strain": "H", "doubled": "0", "tricks": "8"}


@pytest.fixture
def strict_client(owner: Any) -> Client:
    client = Client(enforce_csrf_checks=True)
    client.force_login(owner)
    return client


@pytest.mark.parametrize("debug", [True, False])
def test_a_plain_post_with_a_stale_token_gets_the_friendly_page(
    strict_client: Client, make_match: Any, settings: Any, debug: bool
) -> None:
    settings.DEBUG = debug
    match = make_match()
    page_url = f"http://testserver{reverse('match', args=[match.pk])}"
    response = strict_client.post(reverse("deal_add", args=[match.pk]), B1, headers={"Referer": page_url})
    assert response.status_code == 403
    page = response.content.decode()
    assert "This page had expired" in page
    assert "Nothing was saved" in page
    assert f'href="{reverse("match", args=[match.pk])}" role="button"' in page  # back to the page, renewed
    assert "CSRF verification failed" not in page
    assert not Deal.objects.exists()


def test_an_htmx_post_from_a_logged_out_phone_goes_to_the_log_in_page_that_says_why(
    make_match: Any, settings: Any
) -> None:
    settings.DEBUG = True
    match = make_match()
    client = Client(enforce_csrf_checks=True)
    headers = {"HX-Request": "true", "HX-Current-URL": f"http://testserver/matches/{match.pk}/"}
    response = client.post(reverse("deal_add", args=[match.pk]), B1, headers=headers)
    assert response.status_code == 403
    assert response["HX-Redirect"] == f"/accounts/login/?next=/matches/{match.pk}/&why=expired"
    login = client.get(response["HX-Redirect"]).content.decode()
    assert "Your session had ended, so you were logged out." in login


def test_an_htmx_post_with_a_stale_token_reopens_its_page(strict_client: Client, make_match: Any) -> None:
    match = make_match()
    headers = {"HX-Request": "true", "HX-Current-URL": f"http://testserver/matches/{match.pk}/"}
    response = strict_client.post(reverse("deal_add", args=[match.pk]), B1, headers=headers)
    assert response.status_code == 403
    assert response["HX-Redirect"] == f"/matches/{match.pk}/"


def test_a_page_of_another_site_is_never_where_the_player_is_sent(strict_client: Client, make_match: Any) -> None:
    match = make_match()
    response = strict_client.post(
        reverse("deal_add", args=[match.pk]), B1, headers={"Referer": "https://evil.example/"}
    )
    assert 'href="/" role="button"' in response.content.decode()


def test_a_logged_out_visitor_is_told_why_the_log_in_page_is_shown(client: Client) -> None:
    response = client.get(reverse("match_new"), follow=True)
    page = response.content.decode()
    assert "That page belongs to an account: log in to open it" in page
    assert "Your session had ended" not in page
    assert "That page belongs" not in client.get(reverse("login")).content.decode()

"""The share panel and its views: the link with its QR code, a new link, stopping and sharing again.

Only the owner changes the link, only by a POST with its CSRF token, and a replaced or stopped link
shows nothing of the match anywhere: the share page, its polled fragment, the report, PDF and CSV.
"""

from __future__ import annotations

from typing import Any

import pytest
import segno
from django.test import Client
from django.urls import reverse

from scoring.models import Match
from scoring.share import QR_ERROR_LEVEL, QR_SVG_OPTIONS
from tests.conftest import B1_ANNA_2H_EXACT

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}
# Every URL a share link opens, and the headers that ask for it (the share page's poll is htmx).
SHARED_VIEWS = [
    ("shared_match", {}),
    ("shared_match", HTMX),
    ("shared_report", {}),
    ("shared_report_pdf", {}),
    ("shared_report_csv", {}),
]
SHARED_IDS = ["page", "fragment", "report", "pdf", "csv"]


def _qr(url: str) -> str:
    return segno.make(url, error=QR_ERROR_LEVEL).svg_inline(**QR_SVG_OPTIONS)


def _token(match: Match) -> str | None:
    match.refresh_from_db()
    return match.share_token


def test_the_panel_shows_the_absolute_link_and_its_qr_code(owner_client: Any, make_match: Any) -> None:
    match = make_match()
    url = f"http://testserver/share/{match.share_token}/"
    page = owner_client.get(reverse("match", args=[match.pk])).content.decode()
    assert f'id="share-url" value="{url}" readonly' in page
    # The QR code embedded is segno's drawing of exactly the absolute URL, not of the path alone.
    assert _qr(url) in page
    assert _qr(f"/share/{match.share_token}/") not in page
    assert f'role="img" aria-label="QR code of the share link {url}"' in page
    assert 'data-share-copy="share-url"' in page


def test_the_panel_of_a_match_not_shared_offers_to_share_it(owner_client: Any, make_match: Any) -> None:
    match = make_match()
    owner_client.post(reverse("share_stop", args=[match.pk]))
    page = owner_client.get(reverse("match", args=[match.pk])).content.decode()
    assert "This match is not shared" in page
    assert f'action="{reverse("share_regenerate", args=[match.pk])}"' in page
    assert "Share this match</button>" in page
    assert "/share/" not in page.replace(reverse("share_regenerate", args=[match.pk]), "")
    assert "<svg" not in page


@pytest.mark.parametrize(
    ("name", "question"), [("share_regenerate", "Make a new share link?"), ("share_stop", "Stop sharing this match?")]
)
def test_a_get_only_asks_and_changes_nothing(owner_client: Any, make_match: Any, name: str, question: str) -> None:
    match = make_match()
    before = match.share_token
    response = owner_client.get(reverse(name, args=[match.pk]))
    assert response.status_code == 200
    page = response.content.decode()
    assert question in page
    assert "stops working for everyone" in page
    assert f'<form method="post" action="{reverse(name, args=[match.pk])}">' in page
    assert _token(match) == before


def test_the_match_page_asks_in_dialogs_before_either_change(owner_client: Any, make_match: Any) -> None:
    match = make_match()
    page = owner_client.get(reverse("match", args=[match.pk])).content.decode()
    assert '<dialog id="share-new-dialog"' in page
    assert '<dialog id="share-stop-dialog"' in page
    assert page.count('formmethod="dialog"') == 2  # each dialog's Cancel closes it and posts nothing


def test_a_new_link_replaces_the_old_one_everywhere(owner_client: Any, make_match: Any) -> None:
    match = make_match(deals=[B1_ANNA_2H_EXACT])
    old = match.share_token
    response = owner_client.post(reverse("share_regenerate", args=[match.pk]))
    assert response.status_code == 302
    assert response["Location"] == reverse("match", args=[match.pk]) + "#share"
    new = _token(match)
    assert new is not None and new != old
    for name, headers in SHARED_VIEWS:
        assert owner_client.get(reverse(name, args=[old]), headers=headers).status_code == 404, name
        assert owner_client.get(reverse(name, args=[new]), headers=headers).status_code == 200, name


@pytest.mark.parametrize(("name", "headers"), SHARED_VIEWS, ids=SHARED_IDS)
def test_a_stopped_link_is_404(client: Any, owner_client: Any, make_match: Any, name: str, headers: Any) -> None:
    match = make_match(deals=[B1_ANNA_2H_EXACT])
    token = match.share_token
    assert client.get(reverse(name, args=[token]), headers=headers).status_code == 200
    owner_client.post(reverse("share_stop", args=[match.pk]))
    client.logout()  # the stranger holding the old link
    response = client.get(reverse(name, args=[token]), headers=headers)
    assert response.status_code == 404
    assert "Anna" not in response.content.decode("utf-8", "replace")


def test_a_stopped_link_says_so_and_shows_nothing_of_the_match(owner_client: Any, make_match: Any) -> None:
    match = make_match(deals=[B1_ANNA_2H_EXACT])
    token = match.share_token
    owner_client.post(reverse("share_stop", args=[match.pk]))
    assert _token(match) is None
    page = Client().get(reverse("shared_match", args=[token])).content.decode()
    assert "This match is no longer shared" in page
    assert "Anna" not in page and "500" not in page


def test_the_cached_fragment_of_a_stopped_link_is_never_served(owner_client: Any, make_match: Any) -> None:
    # The fragment of this version is in the cache and a phone holds its ETag: neither is answered.
    match = make_match(deals=[B1_ANNA_2H_EXACT])
    url = reverse("shared_match", args=[match.share_token])
    etag = owner_client.get(url, headers=HTMX)["ETag"]
    owner_client.post(reverse("share_stop", args=[match.pk]))
    assert owner_client.get(url, headers=HTMX).status_code == 404
    assert owner_client.get(url, headers={**HTMX, "If-None-Match": etag}).status_code == 404
    assert owner_client.get(url, headers={"If-None-Match": etag}).status_code == 404


def test_sharing_again_makes_a_new_link_and_the_stopped_one_stays_dead(owner_client: Any, make_match: Any) -> None:
    match = make_match()
    old = match.share_token
    owner_client.post(reverse("share_stop", args=[match.pk]))
    owner_client.post(reverse("share_regenerate", args=[match.pk]))
    new = _token(match)
    assert new is not None and new != old
    assert owner_client.get(reverse("shared_match", args=[new])).status_code == 200
    assert owner_client.get(reverse("shared_match", args=[old])).status_code == 404


def test_stopping_a_match_not_shared_is_told_not_an_error(owner_client: Any, make_match: Any) -> None:
    match = make_match()
    owner_client.post(reverse("share_stop", args=[match.pk]))
    for method in (owner_client.get, owner_client.post):
        response = method(reverse("share_stop", args=[match.pk]), follow=True)
        assert response.status_code == 200
        assert "This match is not shared." in response.content.decode()
    assert _token(match) is None


def test_the_owner_report_and_pdf_work_while_not_shared(owner_client: Any, make_match: Any) -> None:
    match = make_match(deals=[B1_ANNA_2H_EXACT])
    owner_client.post(reverse("share_stop", args=[match.pk]))
    for name in ("report", "report_pdf", "report_csv", "match"):
        assert owner_client.get(reverse(name, args=[match.pk])).status_code == 200, name


@pytest.mark.parametrize("name", ["share_regenerate", "share_stop"])
def test_another_account_gets_404_and_changes_nothing(stranger_client: Any, make_match: Any, name: str) -> None:
    match = make_match()
    before = match.share_token
    assert stranger_client.get(reverse(name, args=[match.pk])).status_code == 404
    assert stranger_client.post(reverse(name, args=[match.pk])).status_code == 404
    assert _token(match) == before


@pytest.mark.parametrize("name", ["share_regenerate", "share_stop"])
def test_anonymous_is_sent_to_log_in_and_changes_nothing(client: Any, make_match: Any, name: str) -> None:
    match = make_match()
    before = match.share_token
    response = client.post(reverse(name, args=[match.pk]))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))
    assert _token(match) == before


@pytest.mark.parametrize("name", ["share_regenerate", "share_stop"])
def test_only_get_and_post_are_allowed(owner_client: Any, make_match: Any, name: str) -> None:
    match = make_match()
    before = match.share_token
    assert owner_client.put(reverse(name, args=[match.pk])).status_code == 405
    assert owner_client.delete(reverse(name, args=[match.pk])).status_code == 405
    assert _token(match) == before


@pytest.mark.parametrize("name", ["share_regenerate", "share_stop"])
def test_a_post_without_its_csrf_token_is_refused(owner: Any, make_match: Any, name: str) -> None:
    match = make_match()
    before = match.share_token
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(owner)
    assert strict.post(reverse(name, args=[match.pk])).status_code == 403
    assert _token(match) == before
    # With the token the confirmation page carries, the same post goes through.
    strict.get(reverse(name, args=[match.pk]))
    csrf = strict.cookies["csrftoken"].value
    assert strict.post(reverse(name, args=[match.pk]), {"csrfmiddlewaretoken": csrf}).status_code == 302
    assert _token(match) != before


def test_asking_to_share_a_match_not_shared_warns_of_nothing(owner_client: Any, make_match: Any) -> None:
    match = make_match()
    owner_client.post(reverse("share_stop", args=[match.pk]))
    page = owner_client.get(reverse("share_regenerate", args=[match.pk])).content.decode()
    assert "Share this match?" in page
    assert "stops working" not in page
    assert _token(match) is None

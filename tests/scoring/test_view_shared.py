"""The share link's live sheet: the page, the polled fragment, its ETag and its cache."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings
from django.core.cache import caches
from django.urls import reverse, set_script_prefix

from scoring.views.sharing import live_sheet_key
from tests.conftest import B1_ANNA_2H_EXACT

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def test_share_link_shows_sheet_without_edit_controls(client: Any, make_match: Any) -> None:
    match = make_match(deals=[B1_ANNA_2H_EXACT])
    response = client.get(reverse("shared_match", args=[match.share_token]))
    assert response.status_code == 200
    page = response.content.decode()
    assert 'data-testid="total-0">500<' in page
    assert "Save deal" not in page
    assert "Edit</a>" not in page
    assert 'hx-trigger="every 4s"' in page
    assert response["Cache-Control"] == "no-cache"


def test_share_link_poll_returns_the_live_fragment_only(client: Any, make_match: Any) -> None:
    match = make_match(deals=[B1_ANNA_2H_EXACT])
    response = client.get(reverse("shared_match", args=[match.share_token]), headers=HTMX)
    page = response.content.decode()
    assert page.lstrip().startswith('<div id="live"')
    assert f'hx-get="{reverse("shared_match", args=[match.share_token])}"' in page
    assert "<html" not in page
    assert "Edit</a>" not in page


def test_wrong_share_token_is_404(client: Any, make_match: Any) -> None:
    make_match()
    assert client.get(reverse("shared_match", args=["not-a-token"])).status_code == 404
    assert client.get(reverse("shared_match", args=["not-a-token"]), headers=HTMX).status_code == 404


def test_share_poll_of_an_unchanged_sheet_is_304_without_rendering(
    client: Any, make_match: Any, django_assert_num_queries: Any
) -> None:
    match = make_match(deals=[B1_ANNA_2H_EXACT])
    url = reverse("shared_match", args=[match.share_token])
    first = client.get(url, headers=HTMX)
    etag = first["ETag"]
    with django_assert_num_queries(1):
        again = client.get(url, headers={**HTMX, "If-None-Match": etag})
    assert again.status_code == 304
    assert again["ETag"] == etag
    # The full page has its own ETag: a fragment is never served for a page load.
    assert client.get(url, headers={"If-None-Match": etag}).status_code == 200


def test_two_polls_of_one_version_render_the_sheet_once(
    client: Any, make_match: Any, django_assert_num_queries: Any
) -> None:
    # Phones that do not revalidate (a first poll, a new viewer) get the fragment from the cache: after
    # the first, a poll costs the version query and a cache read, no evaluation and no render.
    match = make_match(deals=[B1_ANNA_2H_EXACT])
    url = reverse("shared_match", args=[match.share_token])
    key = live_sheet_key(match.pk, match.version, match.share_token)  # in English: a Hungarian viewer gets its own
    assert caches["sheets"].get(key) is None
    with django_assert_num_queries(3):  # the version, the match, its deals
        first = client.get(url, headers=HTMX)
    assert caches["sheets"].get(key) == first.content.decode()
    with django_assert_num_queries(1):  # the version
        second = client.get(url, headers=HTMX)
    assert second.status_code == 200
    assert second.content == first.content
    assert second["ETag"] == first["ETag"]


def test_the_share_page_holds_the_cached_fragment(client: Any, make_match: Any, django_assert_num_queries: Any) -> None:
    match = make_match(deals=[B1_ANNA_2H_EXACT])
    url = reverse("shared_match", args=[match.share_token])
    fragment = client.get(url, headers=HTMX).content.decode()
    with django_assert_num_queries(2):  # the version, then the match for the page's heading
        page = client.get(url).content.decode()
    assert fragment.strip() in page


def test_share_poll_after_a_new_deal_gets_the_new_sheet(owner_client: Any, make_match: Any) -> None:
    match = make_match(deals=[B1_ANNA_2H_EXACT])
    url = reverse("shared_match", args=[match.share_token])
    etag = owner_client.get(url, headers=HTMX)["ETag"]
    owner_client.post(reverse("deal_add", args=[match.pk]), {"number": "2", "passed_out": "on"})
    response = owner_client.get(url, headers={**HTMX, "If-None-Match": etag})
    assert response.status_code == 200
    assert response["ETag"] != etag
    assert "Deal 3 of 6" in response.content.decode()
    # Without If-None-Match too: the new version is a new key, nothing stale is served.
    assert "Deal 3 of 6" in owner_client.get(url, headers=HTMX).content.decode()


def test_a_new_share_link_polls_itself_not_the_old_one(owner_client: Any, make_match: Any) -> None:
    # A new link is made without a write (the version stays), so the cached fragment must not be the
    # old link's: it polls its own URL.
    match = make_match(deals=[B1_ANNA_2H_EXACT])
    old_url = reverse("shared_match", args=[match.share_token])
    owner_client.get(old_url, headers=HTMX)
    owner_client.post(reverse("share_regenerate", args=[match.pk]))
    match.refresh_from_db()
    new_url = reverse("shared_match", args=[match.share_token])
    fragment = owner_client.get(new_url, headers=HTMX).content.decode()
    assert f'hx-get="{new_url}"' in fragment
    assert old_url not in fragment
    assert owner_client.get(old_url, headers=HTMX).status_code == 404


def test_a_sheet_made_under_another_url_prefix_is_never_served_here(client: Any, make_match: Any) -> None:
    """The fragment's links start with the prefix it was made under: one request under /x (a client-sent
    SCRIPT_NAME, or a second mount) must not send every other viewer's poll to /x/share/..."""
    match = make_match(deals=[B1_ANNA_2H_EXACT])
    url = reverse("shared_match", args=[match.share_token])
    set_script_prefix("/x/")  # what Django's WSGI handler does with a request's SCRIPT_NAME (the test client does not)
    try:
        elsewhere = client.get(url, headers=HTMX).content.decode()
    finally:
        set_script_prefix("/")
    assert f'hx-get="/x{url}"' in elsewhere
    here = client.get(url, headers=HTMX).content.decode()
    assert f'hx-get="{url}"' in here
    assert "/x/" not in here


def test_a_revalidated_poll_carries_every_header_of_the_fragment_it_stands_for(client: Any, make_match: Any) -> None:
    # A 304 updates the headers the phone keeps with its copy (RFC 9110, 15.4.5): it must say how
    # the copy may be kept, in which language, and under which policy, exactly as the 200 did.
    match = make_match(deals=[B1_ANNA_2H_EXACT])
    url = reverse("shared_match", args=[match.share_token])
    first = client.get(url, headers=HTMX)
    again = client.get(url, headers={**HTMX, "If-None-Match": first["ETag"]})
    assert again.status_code == 304
    for header in ("ETag", "Cache-Control", "Content-Language", "Content-Security-Policy", "X-Frame-Options"):
        assert again[header] == first[header], header
    assert again["Cache-Control"] == "no-cache"
    assert again["X-Content-Type-Options"] == "nosniff"
    assert again["Referrer-Policy"] == "same-origin"
    assert {"HX-Request", "Accept-Language"} <= {name.strip() for name in again["Vary"].split(",")}


def test_a_logged_in_viewers_revalidated_poll_is_no_cache_not_no_store(owner_client: Any, make_match: Any) -> None:
    # The share sheet is the same for every viewer: a logged-in one's 304 keeps the 200's "no-cache",
    # which a "private, no-store" (for a player's own pages) would replace with a copy never kept.
    match = make_match(deals=[B1_ANNA_2H_EXACT])
    url = reverse("shared_match", args=[match.share_token])
    first = owner_client.get(url, headers=HTMX)
    again = owner_client.get(url, headers={**HTMX, "If-None-Match": first["ETag"]})
    assert again.status_code == 304
    assert first["Cache-Control"] == again["Cache-Control"] == "no-cache"


def test_a_revalidated_poll_answers_in_the_viewers_language(client: Any, make_match: Any) -> None:
    # The ETag names the language: a Hungarian viewer's copy is revalidated in Hungarian, and an
    # English copy is not taken for it.
    match = make_match(deals=[B1_ANNA_2H_EXACT])
    url = reverse("shared_match", args=[match.share_token])
    english = client.get(url, headers=HTMX)["ETag"]
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "hu"
    hungarian = client.get(url, headers=HTMX)
    assert hungarian.status_code == 200
    assert hungarian["Content-Language"] == "hu"
    assert hungarian["ETag"] != english
    again = client.get(url, headers={**HTMX, "If-None-Match": hungarian["ETag"]})
    assert again.status_code == 304
    assert again["Content-Language"] == "hu"
    assert client.get(url, headers={**HTMX, "If-None-Match": english}).status_code == 200

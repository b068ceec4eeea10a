"""Choosing the language (issue 14): Accept-Language on the first visit, the footer's switcher, the cookie
for everyone, the account for a logged-in player, and the share page's sheet per language.

"Log in" reads "Bejelentkezés" in Magyar and "Zaloguj się" in Polski by Django's own catalogues (its
admin app's), so these tests see a page really change language whatever locale/ holds."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.conf import settings
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse

from config.language import SESSION_KEY, script_words, script_words_json
from scoring.models import Preferences
from tests.conftest import B1_ANNA_2H_EXACT

pytestmark = pytest.mark.django_db

COOKIE = settings.LANGUAGE_COOKIE_NAME
HTMX = {"HX-Request": "true"}


def html_lang(page: str) -> str:
    found = re.search(r'<html lang="([^"]*)" dir="(ltr|rtl)">', page)
    assert found, "no <html lang dir> on the page"
    return found.group(1)


def choose(client: Client, language: str, next_url: str = "/rules/", **headers: str) -> Any:
    return client.post(reverse("choose_language"), {"language": language, "next": next_url}, headers=headers)


def test_english_is_the_default_and_the_page_reads_as_before(client: Client) -> None:
    page = client.get(reverse("home")).content.decode()
    assert html_lang(page) == "en"
    assert ">Log in</a>" in page
    assert '<meta name="ui-words" content="{}">' in page  # English: the scripts keep their own words


@pytest.mark.parametrize(
    ("accept", "lang", "log_in"),
    [("hu", "hu", "Bejelentkezés"), ("pl-PL,pl;q=0.9", "pl", "Zaloguj się"), ("de", "en", "Log in")],
)
def test_the_first_visit_follows_accept_language(client: Client, accept: str, lang: str, log_in: str) -> None:
    response = client.get(reverse("home"), headers={"Accept-Language": accept})
    page = response.content.decode()
    assert html_lang(page) == lang
    assert f">{log_in}</a>" in page
    assert response["Content-Language"] == lang
    assert "Accept-Language" in response["Vary"]


def test_the_footer_offers_each_language_in_its_own_words(client: Client) -> None:
    page = client.get(reverse("rules_index"), headers={"Accept-Language": "hu"}).content.decode()
    assert f'action="{reverse("choose_language")}"' in page
    assert '<input type="hidden" name="next" value="/rules/">' in page
    options = re.findall(r'<option value="(\w+)" lang="\w+"( selected)?>([^<]+)</option>', page)
    assert options == [("en", "", "English"), ("hu", " selected", "Magyar"), ("pl", "", "Polski"), ("hi", "", "हिन्दी")]


def test_the_switcher_sets_the_cookie_and_goes_back_to_the_page(client: Client) -> None:
    response = choose(client, "hu", "/rules/?game=bridgette")
    assert response.status_code == 302
    assert response["Location"] == "/rules/?game=bridgette"
    cookie = response.cookies[COOKIE]
    assert cookie.value == "hu"
    assert cookie["max-age"] == settings.LANGUAGE_COOKIE_AGE
    assert cookie["httponly"] is True
    assert cookie["samesite"] == "Lax"
    # The cookie wins over Accept-Language from then on.
    page = client.get(reverse("home"), headers={"Accept-Language": "pl"}).content.decode()
    assert html_lang(page) == "hu"


@pytest.mark.parametrize("next_url", ["https://evil.example/", "//evil.example/rules/", "javascript:alert(1)", ""])
def test_the_switcher_never_leaves_the_site(client: Client, next_url: str) -> None:
    response = choose(client, "pl", next_url)
    assert response.status_code == 302
    assert response["Location"] == reverse("home")
    assert response.cookies[COOKIE].value == "pl"


def test_the_switcher_goes_back_by_the_referer_without_next(client: Client) -> None:
    response = client.post(
        reverse("choose_language"), {"language": "pl"}, headers={"Referer": "http://testserver/rules/"}
    )
    assert response["Location"] == "http://testserver/rules/"


@pytest.mark.parametrize("language", ["xx", "", "de", "hu'><script>"])
def test_a_language_not_offered_is_refused_with_a_message(client: Client, language: str) -> None:
    response = choose(client, language)
    assert response.status_code == 302
    assert response["Location"] == "/rules/"
    assert COOKIE not in response.cookies
    page = client.get(response["Location"]).content.decode()
    assert "That language is not offered here: choose one from the list." in page
    assert html_lang(page) == "en"


def test_the_switcher_is_post_only(client: Client) -> None:
    assert client.get(reverse("choose_language")).status_code == 405


def test_a_logged_in_choice_is_kept_on_the_account_and_applied_at_the_next_log_in(client: Client, owner: Any) -> None:
    client.force_login(owner)
    choose(client, "pl")
    assert Preferences.objects.get(user=owner).language == "pl"
    # Another phone, English by its browser, logging in through the log-in page.
    other = Client(headers={"Accept-Language": "en"})
    assert html_lang(other.get(reverse("login")).content.decode()) == "en"
    response = other.post(reverse("login"), {"username": "owner", "password": "pw-owner-123"})
    assert response.status_code == 302
    page = other.get(reverse("home")).content.decode()
    assert html_lang(page) == "pl"
    assert other.cookies[COOKIE].value == "pl"  # the cookie follows the account


def test_the_accounts_language_wins_over_the_cookie(client: Client, owner: Any) -> None:
    Preferences.objects.create(user=owner, language="hu")
    client.cookies[COOKIE] = "pl"
    client.force_login(owner)
    response = client.get(reverse("home"), headers={"Accept-Language": "pl"})
    assert html_lang(response.content.decode()) == "hu"
    assert response.cookies[COOKIE].value == "hu"
    # After log-out the page keeps the account's language, by the cookie.
    client.post(reverse("logout"))
    assert html_lang(client.get(reverse("home")).content.decode()) == "hu"


def test_an_account_without_a_choice_follows_the_cookie(client: Client, owner: Any) -> None:
    client.cookies[COOKIE] = "pl"
    client.force_login(owner)
    assert SESSION_KEY not in client.session
    assert html_lang(client.get(reverse("home")).content.decode()) == "pl"


def test_a_saved_language_no_longer_offered_is_ignored(client: Client, owner: Any) -> None:
    Preferences.objects.create(user=owner, language="xx")
    client.force_login(owner)
    assert html_lang(client.get(reverse("home")).content.decode()) == "en"


def test_a_visitor_choice_saves_nothing(client: Client) -> None:
    choose(client, "hu")
    assert Preferences.objects.count() == 0


def test_a_share_link_viewer_gets_the_cookies_language(client: Client, make_match: Any) -> None:
    match = make_match(deals=[B1_ANNA_2H_EXACT])
    url = reverse("shared_match", args=[match.share_token])
    english = client.get(url)
    client.cookies[COOKIE] = "hu"
    magyar = client.get(url, headers={"If-None-Match": english["ETag"]})
    # The English page's ETag does not stand for the Magyar page: a switch is never answered 304.
    assert magyar.status_code == 200
    assert html_lang(magyar.content.decode()) == "hu"
    assert magyar["ETag"] != english["ETag"]


def test_the_share_pages_sheet_is_cached_once_per_language(client: Client, make_match: Any) -> None:
    from django.core.cache import caches
    from django.utils import translation

    from scoring.views.sharing import live_sheet_key

    match = make_match(deals=[B1_ANNA_2H_EXACT])
    url = reverse("shared_match", args=[match.share_token])
    client.get(url, headers=HTMX)
    client.get(url, headers={**HTMX, "Accept-Language": "pl"})
    for language in ("en", "pl"):
        with translation.override(language):
            assert caches["sheets"].get(live_sheet_key(match.pk, match.version, match.share_token)) is not None


def test_api_errors_follow_accept_language(client: Client) -> None:
    # Django's own words stand in for ours until locale/ is translated: the Content-Language says which.
    response = client.get("/api/no-such-endpoint", headers={"Accept-Language": "hu"})
    assert response.status_code == 404
    assert response["Content-Language"] == "hu"
    assert "Accept-Language" in response["Vary"]
    assert response.json()["error"]["field"] == "request"


def test_the_scripts_get_their_words_only_where_translated() -> None:
    from django.utils import translation

    with translation.override("en"):
        assert script_words() == {}
        assert script_words_json() == "{}"
    # Made once per language, and each language gets its own (the English above is not reused).
    for _ in range(2):
        for code in ("hu", "en", "pl"):
            with translation.override(code):
                words = json.loads(script_words_json())
                assert words == script_words()
                assert bool(words) is (code != "en")
                if words:
                    assert words["Try again"] == translation.gettext("Try again") != "Try again"


def test_a_refused_language_leaves_the_accounts_choice_alone(client: Client, owner: Any) -> None:
    client.force_login(owner)
    choose(client, "hu")
    response = choose(client, "xx")
    # Told in the account's language, which stays Hungarian.
    assert [str(message) for message in get_messages(response.wsgi_request)] == [
        "Ez a nyelv itt nem választható: válassz egyet a listából."
    ]
    assert Preferences.objects.get(user=owner).language == "hu"

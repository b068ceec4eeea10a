"""Login and sign-up throttling: django-axes per username and client address, and limits per address.

The client address is the trusted proxy's X-Forwarded-For entry when DJANGO_BEHIND_TLS_PROXY is
set (scoring/client.py), so one person's wrong passwords behind nginx lock only that person out.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from scoring.client import client_address

pytestmark = pytest.mark.django_db

LOGIN_WINDOW_SECONDS = 15 * 60  # scoring.views.accounts.LOGIN_FAILURES: 20 failures per address in 15 minutes
PROXY = "10.0.0.2"  # the nginx in front of gunicorn: every request's REMOTE_ADDR behind it


def log_in(client: Client, username: str, password: str, **meta: str) -> Any:
    return client.post(reverse("login"), {"username": username, "password": password}, **meta)


def behind_proxy(visitor: str) -> dict[str, str]:
    return {"REMOTE_ADDR": PROXY, "HTTP_X_FORWARDED_FOR": f"203.0.113.99, {visitor}"}


def test_five_wrong_passwords_lock_the_login(client: Any, owner: Any) -> None:
    for _ in range(5):
        response = log_in(client, "owner", "wrong")
        assert response.status_code in (200, 429)
    locked = log_in(client, "owner", "pw-owner-123")
    assert locked.status_code == 429
    assert "Too many failed log-ins" in locked.content.decode()
    assert "_auth_user_id" not in client.session


def test_a_right_password_logs_in(client: Any, owner: Any) -> None:
    response = log_in(client, "owner", "pw-owner-123")
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(owner.pk)


def test_behind_the_proxy_wrong_passwords_lock_only_the_visitor_who_typed_them(settings: Any, owner: Any) -> None:
    settings.TRUST_X_FORWARDED_FOR = True
    guesser, real_owner = Client(), Client()
    for _ in range(5):
        log_in(guesser, "owner", "wrong", **behind_proxy("198.51.100.7"))
    assert log_in(guesser, "owner", "pw-owner-123", **behind_proxy("198.51.100.7")).status_code == 429
    response = log_in(real_owner, "owner", "pw-owner-123", **behind_proxy("198.51.100.8"))
    assert response.status_code == 302
    assert real_owner.session["_auth_user_id"] == str(owner.pk)


def test_without_the_proxy_setting_a_forged_forwarded_for_changes_nothing(client: Any, owner: Any) -> None:
    for attempt in range(5):
        log_in(client, "owner", "wrong", HTTP_X_FORWARDED_FOR=f"192.0.2.{attempt}")
    assert log_in(client, "owner", "pw-owner-123", HTTP_X_FORWARDED_FOR="192.0.2.200").status_code == 429


@pytest.mark.parametrize(
    ("trusted", "meta", "expected"),
    [
        (True, {"REMOTE_ADDR": PROXY, "HTTP_X_FORWARDED_FOR": "1.2.3.4, 198.51.100.7"}, "198.51.100.7"),
        (True, {"REMOTE_ADDR": PROXY, "HTTP_X_FORWARDED_FOR": "not-an-address"}, PROXY),
        (True, {"REMOTE_ADDR": PROXY}, PROXY),
        (False, {"REMOTE_ADDR": PROXY, "HTTP_X_FORWARDED_FOR": "198.51.100.7"}, PROXY),
        (False, {"REMOTE_ADDR": ""}, "0.0.0.0"),
    ],
)
def test_client_address_is_always_a_valid_address(
    rf: Any, settings: Any, trusted: bool, meta: dict[str, str], expected: str
) -> None:
    settings.TRUST_X_FORWARDED_FOR = trusted
    assert client_address(rf.get("/", **meta)) == expected


def test_one_guess_at_each_of_many_usernames_is_throttled_per_address(client: Any, owner: Any) -> None:
    for number in range(20):
        assert log_in(client, f"user{number}", "guess").status_code == 200
    refused = log_in(client, "owner", "pw-owner-123")
    assert refused.status_code == 429
    # The limit counts in fixed 15-minute windows (django-ratelimit), so the wait is whatever is left of this one.
    assert 1 <= int(refused["Retry-After"]) <= LOGIN_WINDOW_SECONDS
    assert "_auth_user_id" not in client.session
    assert log_in(Client(), "owner", "pw-owner-123", REMOTE_ADDR="192.0.2.50").status_code == 302


def test_successful_log_ins_do_not_count_towards_the_address_limit(client: Any, owner: Any) -> None:
    for _ in range(25):
        assert log_in(client, "owner", "pw-owner-123").status_code == 302
        client.post(reverse("logout"))


def sign_up(client: Client, username: str, **meta: str) -> Any:
    password = "a-long-pass-phrase-92"
    data = {"username": username, "password1": password, "password2": password}
    return client.post(reverse("signup"), data, **meta)


def test_an_address_makes_at_most_five_accounts_an_hour(client: Any) -> None:
    for number in range(5):
        assert sign_up(Client(), f"player{number}").status_code == 302
    refused = sign_up(Client(), "player5")
    assert refused.status_code == 429
    assert "Too many requests" in refused.content.decode()
    assert get_user_model().objects.count() == 5
    assert sign_up(Client(), "neighbour", REMOTE_ADDR="192.0.2.60").status_code == 302


def test_sign_up_posts_are_limited_per_address(client: Any) -> None:
    for _ in range(20):
        assert client.post(reverse("signup"), {"username": "owner"}).status_code == 200
    assert client.post(reverse("signup"), {"username": "owner"}).status_code == 429


ADMIN_LOGIN = "/admin/login/"


def test_one_guess_at_each_of_many_usernames_on_the_admin_log_in_is_throttled_per_address(client: Any) -> None:
    """The admin's log-in page checks passwords too: the same 20 failures per address, then 429 with no hash."""
    for number in range(20):
        assert client.post(ADMIN_LOGIN, {"username": f"user{number}", "password": "guess"}).status_code == 200
    refused = client.post(ADMIN_LOGIN, {"username": "user20", "password": "guess"})
    assert refused.status_code == 429
    assert 1 <= int(refused["Retry-After"]) <= LOGIN_WINDOW_SECONDS
    assert Client(REMOTE_ADDR="192.0.2.51").post(ADMIN_LOGIN, {"username": "x", "password": "y"}).status_code == 200


def test_failures_on_either_log_in_page_count_together(client: Any, owner: Any) -> None:
    for number in range(10):
        client.post(ADMIN_LOGIN, {"username": f"staff{number}", "password": "guess"})
        log_in(client, f"user{number}", "guess")
    assert log_in(client, "owner", "pw-owner-123").status_code == 429
    assert client.post(ADMIN_LOGIN, {"username": "owner", "password": "pw-owner-123"}).status_code == 429


def test_five_wrong_passwords_on_the_admin_log_in_lock_that_username(client: Any, django_user_model: Any) -> None:
    django_user_model.objects.create_superuser("boss", password="pw-boss-12345")
    for _ in range(5):
        client.post(ADMIN_LOGIN, {"username": "boss", "password": "wrong"})
    assert client.post(ADMIN_LOGIN, {"username": "boss", "password": "pw-boss-12345"}).status_code == 429
    assert "_auth_user_id" not in client.session

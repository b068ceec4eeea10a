"""Production settings pass `check --deploy`; every page carries the security headers."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse

ROOT = Path(__file__).resolve().parents[2]


def production_env(**extra: str) -> dict[str, str]:
    # The browser tests allow sync ORM calls in this process; a deployment never does.
    env = {key: value for key, value in os.environ.items() if key not in {"DATABASE_URL", "DJANGO_ALLOW_ASYNC_UNSAFE"}}
    env.update(DJANGO_DEBUG="0", SECRET_KEY=secrets.token_urlsafe(50), ALLOWED_HOSTS="scores.example.org", **extra)
    return env


def test_check_deploy_passes_with_no_warnings() -> None:
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=production_env(),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_production_refuses_to_start_without_a_secret_key() -> None:
    env = production_env()
    del env["SECRET_KEY"]
    result = subprocess.run(
        [sys.executable, "manage.py", "check"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["home", "login", "signup", "check_hand"])
def test_security_headers_on_every_page(client: Any, name: str) -> None:
    response = client.get(reverse(name), follow=True)
    policy = response["Content-Security-Policy"]
    assert "script-src 'self'" in policy
    assert "unsafe-inline" not in policy
    assert "unsafe-eval" not in policy
    assert "frame-ancestors 'none'" in policy
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["X-Frame-Options"] == "DENY"
    assert response["Referrer-Policy"] == "same-origin"
    assert response["Cross-Origin-Opener-Policy"] == "same-origin"


@pytest.mark.django_db
def test_pages_have_no_inline_script(owner_client: Any, make_match: Any) -> None:
    match = make_match(deals=[{"passed_out": True}])
    for url in (reverse("home"), reverse("match", args=[match.pk]), reverse("report", args=[match.pk])):
        page = owner_client.get(url).content.decode()
        for tag in page.split("<script")[1:]:
            assert tag.lstrip().startswith("src="), f"inline script on {url}"
        assert " style=" not in page, f"inline style attribute on {url}"


@pytest.mark.parametrize("page", ["home", "match", "match_history", "report", "report_csv", "match_download"])
def test_a_players_own_pages_are_kept_by_no_cache(owner_client: Any, make_match: Any, page: str) -> None:
    match = make_match()
    url = reverse(page) if page == "home" else reverse(page, args=[match.pk])
    response = owner_client.get(url)
    assert response.status_code == 200
    assert set(response["Cache-Control"].split(", ")) == {"private", "no-store"}


def test_pages_that_say_how_they_are_kept_keep_it(owner_client: Any, make_match: Any) -> None:
    match = make_match()
    assert owner_client.get(reverse("shared_match", args=[match.share_token]))["Cache-Control"] == "no-cache"
    assert owner_client.get(reverse("rules_index"))["Cache-Control"] == "max-age=3600, private"


def test_every_answer_marks_whose_session_it_was_for_the_service_worker(client: Any, owner: Any, stranger: Any) -> None:
    """static/js/sw.js drops the pages it kept when an answer names another account or none."""
    assert client.get(reverse("login"))["Trickbook-User"] == "none"
    client.force_login(owner)
    mine = client.get(reverse("home"))["Trickbook-User"]
    assert len(mine) == 32 and set(mine) <= set("0123456789abcdef")
    assert str(owner.pk) != mine
    client.force_login(stranger)
    assert client.get(reverse("home"))["Trickbook-User"] not in (mine, "none")

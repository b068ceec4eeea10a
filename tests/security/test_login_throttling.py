"""Login throttling against password guessing (django-axes)."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_five_wrong_passwords_lock_the_login(client: Any, owner: Any) -> None:
    for _ in range(5):
        response = client.post(reverse("login"), {"username": "owner", "password": "wrong"})
        assert response.status_code in (200, 429)
    locked = client.post(reverse("login"), {"username": "owner", "password": "pw-owner-123"})
    assert locked.status_code == 429
    assert "Too many failed log-ins" in locked.content.decode()
    assert "_auth_user_id" not in client.session


def test_a_right_password_logs_in(client: Any, owner: Any) -> None:
    response = client.post(reverse("login"), {"username": "owner", "password": "pw-owner-123"})
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(owner.pk)

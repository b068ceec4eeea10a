"""A server error is logged, with its traceback, to standard error (settings.LOGGING).

Production had no LOGGING: Django mails 500s to ADMINS (there are none) and prints them only
with DEBUG on, so a club's server failed in silence. This module is also the test urlconf: one
view that fails.
"""

from __future__ import annotations

import io
import logging
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.http import HttpRequest, HttpResponse
from django.test import Client
from django.urls import path

from tests.security.test_deploy_and_headers import production_env

ROOT = Path(__file__).resolve().parents[2]


def failing_view(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("the probe failed on purpose")


urlpatterns = [path("fails/", failing_view)]


@pytest.fixture
def stderr_handler_output() -> Iterator[io.StringIO]:
    """What the LOGGING handler named "stderr" writes, caught for the length of a test."""
    (handler,) = [handler for handler in logging.getLogger().handlers if handler.name == "stderr"]
    assert isinstance(handler, logging.StreamHandler)
    caught = io.StringIO()
    original = handler.setStream(caught)
    yield caught
    handler.setStream(original)


def test_the_stderr_handler_writes_to_standard_error() -> None:
    (handler,) = [handler for handler in logging.getLogger().handlers if handler.name == "stderr"]
    assert isinstance(handler, logging.StreamHandler)
    assert logging.getLogger("django.request").getEffectiveLevel() <= logging.ERROR
    assert not logging.getLogger("django").handlers, "Django's records go to the root's stderr handler"


@pytest.mark.django_db
@pytest.mark.urls(__name__)
def test_a_500_logs_its_traceback_to_stderr(stderr_handler_output: io.StringIO) -> None:
    response = Client(raise_request_exception=False).get("/fails/")
    assert response.status_code == 500
    logged = stderr_handler_output.getvalue()
    assert "ERROR django.request: Internal Server Error: /fails/" in logged
    assert "Traceback" in logged
    assert "RuntimeError: the probe failed on purpose" in logged


PROBE = """
import django
django.setup()
from django.conf import settings
from django.test import Client
settings.ROOT_URLCONF = "tests.security.test_server_errors_logged"
client = Client(raise_request_exception=False, HTTP_HOST="scores.example.org")
print(client.get("/fails/", secure=True).status_code, client.get("/nowhere/", secure=True).status_code)
"""


def test_production_settings_log_a_500_to_the_process_stderr(tmp_path: Path) -> None:
    env = production_env(DJANGO_SETTINGS_MODULE="config.settings", DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}")
    result = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert result.stdout.strip() == "500 404", result.stderr
    assert "ERROR django.request: Internal Server Error: /fails/" in result.stderr
    assert "RuntimeError: the probe failed on purpose" in result.stderr
    # Production logs errors, not every 404 or 429 warning, which would drown them.
    assert "Not Found" not in result.stderr

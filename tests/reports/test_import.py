"""The import page: an upload past the cap is refused without being read or stored, an unreadable one
gets a message, and never a server error."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from django.test.client import BOUNDARY, MULTIPART_CONTENT, encode_multipart
from django.urls import reverse

from reports.views import IMPORT_FORM_OVERHEAD, MAX_IMPORT_BYTES
from scoring.models import Match

pytestmark = pytest.mark.django_db

DEMO = Path(__file__).resolve().parents[2] / "fixtures" / "demo"
TOO_LARGE = "file: a match file is at most 1000 kB (match-file)"


def upload(content: bytes, name: str = "match.json") -> io.BytesIO:
    handle = io.BytesIO(content)
    handle.name = name
    return handle


def padded_match_file(size: int) -> bytes:
    """A valid match file padded with spaces to `size` bytes."""
    text = (DEMO / "bridgette-finished.json").read_bytes()
    return text + b" " * (size - len(text))


def test_a_body_declared_over_the_cap_is_refused_unread(owner_client: Any) -> None:
    response = owner_client.post(reverse("import_match"), {"file": upload(b"x" * (2 * MAX_IMPORT_BYTES))})
    assert response.status_code == 413
    assert TOO_LARGE in response.content.decode()
    assert response.context["form"]["file"]  # the form is shown again
    assert not response.wsgi_request.environ["wsgi.input"].read_started  # not one byte of the body was read
    assert not Match.objects.exists()


def test_a_file_over_the_cap_inside_a_small_body_is_cut_in_memory(owner_client: Any, settings: Any) -> None:
    # No temporary directory at all: storing any part of the upload on disk would fail.
    settings.FILE_UPLOAD_TEMP_DIR = "/nonexistent/trickbook-uploads"
    response = owner_client.post(reverse("import_match"), {"file": upload(padded_match_file(MAX_IMPORT_BYTES + 500))})
    assert response.status_code == 413
    assert TOO_LARGE in response.content.decode()
    assert not Match.objects.exists()


def test_a_file_at_the_cap_is_imported(owner_client: Any, settings: Any) -> None:
    settings.FILE_UPLOAD_TEMP_DIR = "/nonexistent/trickbook-uploads"
    response = owner_client.post(reverse("import_match"), {"file": upload(padded_match_file(MAX_IMPORT_BYTES))})
    assert response.status_code == 302
    assert Match.objects.count() == 1


def test_the_cap_leaves_room_for_the_rest_of_the_form() -> None:
    body = encode_multipart(BOUNDARY, {"csrfmiddlewaretoken": "x" * 64, "file": upload(b"", "m" * 255 + ".json")})
    assert len(body) < IMPORT_FORM_OVERHEAD


def test_a_broken_multipart_body_gets_a_message_not_a_server_error(owner_client: Any) -> None:
    response = owner_client.generic(
        "POST", reverse("import_match"), b"--nope\r\n\r\n", content_type="multipart/form-data; boundary="
    )
    assert response.status_code == 400
    assert "file: the upload could not be read" in response.content.decode()


@pytest.mark.parametrize(
    ("content_length", "status", "message"),
    [
        ("-1", 400, "file: the upload could not be read"),
        ("abc", 422, "This field is required."),  # no length, so no body: the form asks for the file
    ],
)
def test_an_odd_content_length_is_not_a_server_error(
    owner_client: Any, content_length: str, status: int, message: str
) -> None:
    body = encode_multipart(BOUNDARY, {"file": upload(b"{}")})
    response = owner_client.generic(
        "POST", reverse("import_match"), body, content_type=MULTIPART_CONTENT, CONTENT_LENGTH=content_length
    )
    assert response.status_code == status
    assert message in response.content.decode()


def test_a_file_that_is_not_utf8_gets_a_message(owner_client: Any) -> None:
    response = owner_client.post(reverse("import_match"), {"file": upload(b"\xff\xfe{}")})
    assert response.status_code == 422
    assert "file: a match file is UTF-8 JSON text" in response.content.decode()


def test_the_import_still_checks_csrf(owner: Any) -> None:
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(owner)
    doc = json.dumps(json.loads((DEMO / "bridgette-finished.json").read_text())).encode()
    assert strict.post(reverse("import_match"), {"file": upload(doc)}).status_code == 403
    assert not Match.objects.exists()

"""The open JSON API: a rate per client address, a body cap that fits real matches, JSON for every error.

Before, a 245 kB Call Bridge match cost 313 ms and answered 3.7 MB, as often as anyone liked;
a body over 1 MB got Django's HTML "Bad Request (400)"; /api/docs was blank under our CSP.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.http import HttpRequest, HttpResponse
from django.test import Client
from django.urls import path

from config.api import MAX_BODY_BYTES
from config.urls import urlpatterns as site_urlpatterns
from scoring.core.match import MAX_DEALS

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
ENDPOINTS = ["/api/score", "/api/referee"]
REQUEST_ERROR_KEYS = {"deal", "field", "path", "rule", "message"}


def failing_view(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("the probe failed on purpose")


# The test urlconf for the server-error case: the site, plus one API path that fails.
urlpatterns = [path("api/fails", failing_view), *site_urlpatterns]


def largest_match_file() -> str:
    """A 500-deal Call Bridge match (the costliest game to score), padded to exactly MAX_BODY_BYTES."""
    doc = json.loads((ROOT / "fixtures" / "demo" / "call_bridge-finished.json").read_text())
    played = doc["deals"][:-1]  # the last deal ends the match
    doc.update(target=1_000_000, flags=["cb_decimal_overtricks"], deals=(played * MAX_DEALS)[:MAX_DEALS])
    text = json.dumps(doc, indent=2)
    assert len(text) < MAX_BODY_BYTES, "a real match file must fit under the cap"
    return text + " " * (MAX_BODY_BYTES - len(text))


def assert_request_error(response: Any, status: int) -> dict[str, Any]:
    assert response.status_code == status
    assert response["Content-Type"] == "application/json"
    error: dict[str, Any] = response.json()["error"]
    assert set(error) == REQUEST_ERROR_KEYS
    assert (error["field"], error["path"]) == ("request", "request")
    return error


def test_the_largest_allowed_match_file_is_scored_whole(client: Any) -> None:
    # How fast is the bench's question (bench/core.py times the longest match a file holds), not a test's.
    body = largest_match_file()
    assert len(body.encode()) == MAX_BODY_BYTES
    response = client.post("/api/score", body, content_type="application/json")
    assert response.status_code == 200
    assert len(response.json()["deals"]) == MAX_DEALS


@pytest.mark.parametrize("endpoint", ENDPOINTS)
@pytest.mark.parametrize("size", [MAX_BODY_BYTES + 1, 1_500_000], ids=["one byte over", "over Django's 1 MB"])
def test_a_larger_body_gets_413_json_unread(client: Any, endpoint: str, size: int) -> None:
    response = client.post(endpoint, " " * size, content_type="application/json")
    error = assert_request_error(response, 413)
    assert f"larger than {MAX_BODY_BYTES // 1000} kB" in error["message"]


def test_sixty_requests_a_minute_per_address_then_429_json(client: Any) -> None:
    for number in range(60):
        endpoint = ENDPOINTS[number % 2]  # one count for the whole API
        assert client.post(endpoint, "{}", content_type="application/json").status_code == 422
    refused = client.post("/api/score", "{}", content_type="application/json")
    error = assert_request_error(refused, 429)
    assert "Too many requests" in error["message"]
    assert refused["Retry-After"] == "60"
    other = Client(REMOTE_ADDR="192.0.2.77")
    assert other.post("/api/referee", "{}", content_type="application/json").status_code == 422


def test_behind_the_proxy_the_rate_counts_each_forwarded_address(settings: Any) -> None:
    settings.TRUST_X_FORWARDED_FOR = True
    first = Client(REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="198.51.100.7")
    second = Client(REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="198.51.100.8")
    for _ in range(60):
        first.post("/api/score", "{}", content_type="application/json")
    assert first.post("/api/score", "{}", content_type="application/json").status_code == 429
    assert second.post("/api/score", "{}", content_type="application/json").status_code == 422


@pytest.mark.urls(__name__)
@pytest.mark.parametrize(
    ("method", "url", "status", "words"),
    [
        ("get", "/api/score", 405, "GET is not allowed here; use POST"),
        ("put", "/api/referee", 405, "PUT is not allowed here; use POST"),
        ("get", "/api/nowhere", 404, "/api/openapi.json lists them"),
        ("post", "/api/nowhere", 404, "/api/openapi.json lists them"),
        ("get", "/api/docs", 404, "/api/openapi.json lists them"),
        ("get", "/api/fails", 500, "the server failed to answer"),
    ],
)
def test_every_api_error_is_json_in_the_request_error_shape(method: str, url: str, status: int, words: str) -> None:
    client = Client(raise_request_exception=False)
    response = getattr(client, method)(url)
    error = assert_request_error(response, status)
    assert words in error["message"]
    if status == 405:
        assert response["Allow"] == "POST"


def test_pages_outside_the_api_keep_their_html_errors(client: Any) -> None:
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")


def test_the_schema_is_served_and_lists_the_request_errors(client: Any) -> None:
    schema = client.get("/api/openapi.json").json()
    for endpoint in ENDPOINTS:
        assert set(schema["paths"][endpoint]["post"]["responses"]) == {"200", "413", "422", "429"}

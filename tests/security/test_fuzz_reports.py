"""Odd input to the import page and the share-link reports never gets a server error.

hypothesis posts match files that are odd (any JSON, match-shaped JSON with wrong values, bytes
that are not UTF-8), huge (around and past the 1 MB cap) or deeply nested to the import page as a
logged-in user, and asks for the share-link report, PDF and CSV with odd tokens, addresses and
query strings. PDFs are rendered for a real share link in a few examples only: each costs a second.
"""

from __future__ import annotations

import io
import json
from typing import Any
from urllib.parse import quote

import pytest
from django.test import Client
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from reports.views import MAX_IMPORT_BYTES
from scoring.core.games import GAMES

pytestmark = pytest.mark.django_db

FUZZ = settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=10), children, max_size=5),
    max_leaves=30,
)
odd_values = json_values | st.sampled_from([-1, 0, 2**63, 1e308, "", "NT", "H", True, [], {}, [0] * 20])
match_like = st.fixed_dictionaries(
    {
        "game": st.sampled_from([*GAMES, "chess", ""]) | odd_values,
        "players": st.lists(st.text(max_size=50), max_size=6) | odd_values,
        "first_dealer": odd_values,
    },
    optional={
        "target": odd_values,
        "flags": st.lists(st.text(max_size=20), max_size=4) | odd_values,
        "deals": st.lists(
            st.dictionaries(
                st.sampled_from(
                    ["calls", "tricks", "declarer", "level", "strain", "passed_out", "maker", "card_points"]
                ),
                odd_values,
                max_size=6,
            ),
            max_size=8,
        )
        | odd_values,
        "extra": odd_values,
    },
)


def nested(depth: int, kind: str) -> bytes:
    if kind == "list":
        return b"[" * depth + b"]" * depth
    return b'{"deals":' * depth + b"null" + b"}" * depth


file_bodies = st.one_of(
    match_like.map(lambda doc: json.dumps(doc).encode()),
    json_values.map(lambda value: json.dumps(value).encode()),
    st.binary(max_size=200),
    st.text(max_size=200).map(lambda text: text.encode("utf-8", "surrogatepass")),
    st.builds(nested, st.sampled_from([10, 1_000, 5_000, 100_000]), st.sampled_from(["list", "object"])),
    st.sampled_from([MAX_IMPORT_BYTES - 2, MAX_IMPORT_BYTES + 1, 3 * MAX_IMPORT_BYTES]).map(
        lambda size: b"{" + b" " * (size - 2) + b"}"
    ),
)


@pytest.fixture
def scorer(django_user_model: Any) -> Client:
    client = Client()
    client.force_login(django_user_model.objects.create_user(username="fuzzer", password="pw-fuzz-123"))
    return client


@FUZZ
@given(body=file_bodies, file_name=st.text(max_size=300))
@example(body=nested(100_000, "list"), file_name="deep.json")  # every run: nesting past the recursion limit
@example(body=nested(100_000, "object"), file_name="deep.json")
@example(body=b"{" + b" " * MAX_IMPORT_BYTES + b"}", file_name="big.json")  # one byte past the cap
def test_import_page_never_answers_with_a_server_error(scorer: Client, body: bytes, file_name: str) -> None:
    upload = io.BytesIO(body)
    upload.name = file_name.encode("utf-8", "replace").decode("utf-8") or "match.json"
    response = scorer.post("/matches/import/", {"file": upload})
    assert response.status_code in (302, 400, 413, 422), response.status_code


tokens = st.one_of(
    st.text(max_size=80),
    st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-", min_size=1, max_size=40),
    st.sampled_from(["\x00", "%00", "..", "%2F", "a/b", " ", "'", '"', "<script>", "\ud800", "x" * 5_000]),
)
addresses = st.ip_addresses().map(str) | st.sampled_from(["", "unknown", "::1", "999.1.1.1"])


@pytest.mark.parametrize("kind", ["report/", "report.pdf", "deals.csv"])
@FUZZ
@given(token=tokens, address=addresses, query=st.text(max_size=30))
def test_share_link_reports_with_odd_tokens_never_answer_with_a_server_error(
    client: Client, kind: str, token: str, address: str, query: str
) -> None:
    path = f"/share/{quote(token.encode('utf-8', 'surrogatepass'), safe='')}/{kind}?{quote(query)}"
    response = client.get(path, REMOTE_ADDR=address)
    assert response.status_code in (404, 429), response.status_code


@settings(max_examples=4, deadline=None, suppress_health_check=list(HealthCheck))
@given(paper=st.text(max_size=20), forwarded=st.text(max_size=40))
def test_a_real_share_link_pdf_with_odd_queries_and_proxy_headers_is_a_pdf_or_429(
    client: Client, make_match: Any, settings: Any, paper: str, forwarded: str
) -> None:
    settings.TRUST_X_FORWARDED_FOR = True
    match = make_match(game="call_bridge", deals=[{"calls": [3, 4, 2, 5], "tricks": [4, 4, 1, 4]}], target=100)
    response = client.get(f"/share/{match.share_token}/report.pdf", {"paper": paper}, HTTP_X_FORWARDED_FOR=forwarded)
    assert response.status_code in (200, 429), response.status_code

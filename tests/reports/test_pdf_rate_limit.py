"""PDF downloads are rate-limited per client address and per share link (429 past the limit)."""

from __future__ import annotations

import types
from typing import Any

import django_ratelimit.core
import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def one_minute_window(monkeypatch: pytest.MonkeyPatch) -> None:
    # django-ratelimit counts in fixed windows that end at a moment of each minute: a test that ran
    # across that moment would start counting again half-way. Its clock stands still here.
    clock = types.SimpleNamespace(time=lambda: 1_800_000_000.0)
    monkeypatch.setattr(django_ratelimit.core, "time", clock)


def test_the_11th_pdf_in_a_minute_from_one_address_is_refused(client: Any, make_match: Any) -> None:
    url = reverse("shared_report_pdf", args=[make_match().share_token])
    for _ in range(10):
        assert client.get(url, REMOTE_ADDR="203.0.113.7").status_code == 200
    refused = client.get(url, REMOTE_ADDR="203.0.113.7")
    assert refused.status_code == 429
    assert refused["Retry-After"] == "60"
    assert client.get(url, REMOTE_ADDR="203.0.113.8").status_code == 200  # another address still gets its PDF


def test_the_share_link_limit_holds_across_addresses(client: Any, make_match: Any, settings: Any) -> None:
    settings.PDF_RATE_PER_SHARE_LINK = "3/m"  # the same check as at 30 a minute, in fewer renders
    match = make_match()
    url = reverse("shared_report_pdf", args=[match.share_token])
    for last_byte in range(1, 4):
        assert client.get(url, REMOTE_ADDR=f"198.51.100.{last_byte}").status_code == 200
    assert client.get(url, REMOTE_ADDR="198.51.100.4").status_code == 429
    other_match = make_match()  # another share link is counted on its own
    assert (
        client.get(reverse("shared_report_pdf", args=[other_match.share_token]), REMOTE_ADDR="198.51.100.4").status_code
        == 200
    )


def test_an_ipv6_client_is_counted_by_its_64_network(client: Any, make_match: Any, settings: Any) -> None:
    settings.PDF_RATE_PER_ADDRESS = "2/m"
    url = reverse("shared_report_pdf", args=[make_match().share_token])
    assert client.get(url, REMOTE_ADDR="2001:db8:1:2::1").status_code == 200
    assert client.get(url, REMOTE_ADDR="2001:db8:1:2::ffff").status_code == 200
    assert client.get(url, REMOTE_ADDR="2001:db8:1:2:abcd::9").status_code == 429
    assert client.get(url, REMOTE_ADDR="2001:db8:1:3::1").status_code == 200


def test_owner_and_shared_pdfs_share_the_address_limit(owner_client: Any, make_match: Any, settings: Any) -> None:
    settings.PDF_RATE_PER_ADDRESS = "2/m"
    match = make_match()
    assert owner_client.get(reverse("report_pdf", args=[match.pk])).status_code == 200
    assert owner_client.get(reverse("shared_report_pdf", args=[match.share_token])).status_code == 200
    assert owner_client.get(reverse("report_pdf", args=[match.pk])).status_code == 429


def test_an_unknown_address_is_counted_not_a_server_error(client: Any, make_match: Any) -> None:
    url = reverse("shared_report_pdf", args=[make_match().share_token])
    assert client.get(url, REMOTE_ADDR="").status_code == 200


@pytest.mark.parametrize("name", ["shared_report", "shared_report_csv"])
def test_the_page_and_csv_are_not_counted_with_pdfs(client: Any, make_match: Any, settings: Any, name: str) -> None:
    settings.PDF_RATE_PER_ADDRESS = "1/m"
    match = make_match()
    for _ in range(3):
        assert client.get(reverse(name, args=[match.share_token])).status_code == 200
    assert client.get(reverse("shared_report_pdf", args=[match.share_token])).status_code == 200

"""Share-link reports look up only what can be a share token; anything else is a 404 at once."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

import pytest

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("token", ["\x00", "abc\x00def", "x" * 33, "a b", "<script>", "Ω"])
@pytest.mark.parametrize("kind", ["report/", "report.pdf", "deals.csv"])
def test_an_odd_token_is_a_404_without_a_query(
    client: Any, django_assert_num_queries: Any, token: str, kind: str
) -> None:
    # PostgreSQL refuses a NUL in a query: looked up, such a token was a server error there.
    with django_assert_num_queries(0):
        response = client.get(f"/share/{quote(token, safe='')}/{kind}")
    assert response.status_code == 404


def test_a_real_token_still_reaches_its_report(client: Any, make_match: Any) -> None:
    match = make_match()
    assert client.get(f"/share/{match.share_token}/report/").status_code == 200

"""Every URL of the app x {anonymous, owner, another account, share-link visitor} x {GET, POST}.

Each cell is the status code the request must get; POSTs carry no form data, so they
test the guard, not the happy path (each view's own test file has that). No cell is a 5xx.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from referee.models import ContestedHand
from scoring.models import Change
from tests.conftest import B1_ANNA_2H_EXACT, B2_BEN_1NT_3_OVER

pytestmark = pytest.mark.django_db

LOGIN = 302  # sent to the login page
# (url name, args kind): {who: (GET, POST)}; "visitor" is an anonymous phone that holds the share link.
MATRIX: list[tuple[str, str, dict[str, tuple[int, int]]]] = [
    ("home", "", {"anonymous": (200, 405), "owner": (200, 405), "stranger": (200, 405), "visitor": (200, 405)}),
    ("login", "", {"anonymous": (200, 200), "owner": (200, 200), "stranger": (200, 200), "visitor": (200, 200)}),
    ("signup", "", {"anonymous": (200, 200), "owner": (200, 200), "stranger": (200, 200), "visitor": (200, 200)}),
    (
        "match_new",
        "",
        {"anonymous": (LOGIN, LOGIN), "owner": (200, 200), "stranger": (200, 200), "visitor": (LOGIN, LOGIN)},
    ),
    (
        "import_match",
        "",
        {"anonymous": (LOGIN, LOGIN), "owner": (200, 422), "stranger": (200, 422), "visitor": (LOGIN, LOGIN)},
    ),
    (
        "check_hand",
        "",
        {"anonymous": (LOGIN, LOGIN), "owner": (200, 200), "stranger": (200, 200), "visitor": (LOGIN, LOGIN)},
    ),
    (
        "match",
        "match",
        {"anonymous": (LOGIN, LOGIN), "owner": (200, 405), "stranger": (404, 405), "visitor": (LOGIN, LOGIN)},
    ),
    (
        "deal_add",
        "match",
        {"anonymous": (LOGIN, LOGIN), "owner": (405, 302), "stranger": (405, 404), "visitor": (LOGIN, LOGIN)},
    ),
    (
        "deal_preview",
        "match",
        {"anonymous": (LOGIN, LOGIN), "owner": (405, 200), "stranger": (405, 404), "visitor": (LOGIN, LOGIN)},
    ),
    (
        "deal_edit",
        "deal",
        {"anonymous": (LOGIN, LOGIN), "owner": (200, 422), "stranger": (404, 404), "visitor": (LOGIN, LOGIN)},
    ),
    (
        "deal_undo",
        "match",
        {"anonymous": (LOGIN, LOGIN), "owner": (200, 302), "stranger": (404, 404), "visitor": (LOGIN, LOGIN)},
    ),
    (
        "match_history",
        "match",
        {"anonymous": (LOGIN, LOGIN), "owner": (200, 405), "stranger": (404, 405), "visitor": (LOGIN, LOGIN)},
    ),
    (
        "match_download",
        "match",
        {"anonymous": (LOGIN, LOGIN), "owner": (200, 405), "stranger": (404, 405), "visitor": (LOGIN, LOGIN)},
    ),
    (
        "share_regenerate",
        "match",
        {"anonymous": (LOGIN, LOGIN), "owner": (200, 302), "stranger": (404, 404), "visitor": (LOGIN, LOGIN)},
    ),
    (
        "share_stop",
        "match",
        {"anonymous": (LOGIN, LOGIN), "owner": (200, 302), "stranger": (404, 404), "visitor": (LOGIN, LOGIN)},
    ),
    (
        "match_delete",
        "match",
        {"anonymous": (LOGIN, LOGIN), "owner": (200, 302), "stranger": (404, 404), "visitor": (LOGIN, LOGIN)},
    ),
    (
        "match_rename",
        "match",
        {"anonymous": (LOGIN, LOGIN), "owner": (200, 200), "stranger": (404, 404), "visitor": (LOGIN, LOGIN)},
    ),
    (
        "match_rematch",
        "match",
        {"anonymous": (LOGIN, LOGIN), "owner": (200, 302), "stranger": (404, 404), "visitor": (LOGIN, LOGIN)},
    ),
    (
        "deal_restore",
        "change",
        {"anonymous": (LOGIN, LOGIN), "owner": (405, 302), "stranger": (405, 404), "visitor": (LOGIN, LOGIN)},
    ),
    (
        "report",
        "match",
        {"anonymous": (LOGIN, LOGIN), "owner": (200, 405), "stranger": (404, 405), "visitor": (LOGIN, LOGIN)},
    ),
    (
        "report_pdf",
        "match",
        {"anonymous": (LOGIN, LOGIN), "owner": (200, 405), "stranger": (404, 405), "visitor": (LOGIN, LOGIN)},
    ),
    (
        "report_csv",
        "match",
        {"anonymous": (LOGIN, LOGIN), "owner": (200, 405), "stranger": (404, 405), "visitor": (LOGIN, LOGIN)},
    ),
    (
        "shared_match",
        "token",
        {"anonymous": (200, 405), "owner": (200, 405), "stranger": (200, 405), "visitor": (200, 405)},
    ),
    (
        "shared_report",
        "token",
        {"anonymous": (200, 405), "owner": (200, 405), "stranger": (200, 405), "visitor": (200, 405)},
    ),
    (
        "shared_report_pdf",
        "token",
        {"anonymous": (200, 405), "owner": (200, 405), "stranger": (200, 405), "visitor": (200, 405)},
    ),
    (
        "shared_report_csv",
        "token",
        {"anonymous": (200, 405), "owner": (200, 405), "stranger": (200, 405), "visitor": (200, 405)},
    ),
    (
        "hand",
        "hand",
        {"anonymous": (LOGIN, LOGIN), "owner": (200, 405), "stranger": (404, 405), "visitor": (LOGIN, LOGIN)},
    ),
    (
        "hand_action",
        "hand",
        {"anonymous": (LOGIN, LOGIN), "owner": (405, 302), "stranger": (405, 404), "visitor": (LOGIN, LOGIN)},
    ),
    (
        "hand_download",
        "hand",
        {"anonymous": (LOGIN, LOGIN), "owner": (200, 405), "stranger": (404, 405), "visitor": (LOGIN, LOGIN)},
    ),
    # The PBN downloads are for Contract Bridge only: the world's Bridgette match and hand have none (404); their
    # happy paths are in tests/referee/test_pbn_lin_entry_points.py and tests/reports/test_report_pbn.py.
    (
        "hand_pbn",
        "hand",
        {"anonymous": (LOGIN, LOGIN), "owner": (404, 405), "stranger": (404, 405), "visitor": (LOGIN, LOGIN)},
    ),
    (
        "report_pbn",
        "match",
        {"anonymous": (LOGIN, LOGIN), "owner": (404, 405), "stranger": (404, 405), "visitor": (LOGIN, LOGIN)},
    ),
    (
        "shared_report_pbn",
        "token",
        {"anonymous": (404, 405), "owner": (404, 405), "stranger": (404, 405), "visitor": (404, 405)},
    ),
    (
        "import_hand",
        "",
        {"anonymous": (LOGIN, LOGIN), "owner": (302, 422), "stranger": (302, 422), "visitor": (LOGIN, LOGIN)},
    ),
    (
        "hand_use",
        "hand",
        {"anonymous": (LOGIN, LOGIN), "owner": (302, 302), "stranger": (404, 404), "visitor": (LOGIN, LOGIN)},
    ),
    # The players of the user's own matches: another account has no Anna (404), and its list is its own.
    (
        "players",
        "player",
        {"anonymous": (LOGIN, LOGIN), "owner": (200, 405), "stranger": (200, 405), "visitor": (LOGIN, LOGIN)},
    ),
    (
        "player_stats",
        "player",
        {"anonymous": (LOGIN, LOGIN), "owner": (200, 405), "stranger": (404, 405), "visitor": (LOGIN, LOGIN)},
    ),
    (
        "player_stats_csv",
        "player",
        {"anonymous": (LOGIN, LOGIN), "owner": (200, 405), "stranger": (404, 405), "visitor": (LOGIN, LOGIN)},
    ),
]
WHO = ("anonymous", "owner", "stranger", "visitor")


@pytest.fixture
def world(make_match: Any, owner: Any) -> dict[str, Any]:
    match = make_match(deals=[B1_ANNA_2H_EXACT])
    hand = ContestedHand.objects.create(
        owner=owner,
        match=match,
        deal_number=2,
        record={
            "game": "bridgette",
            "players": ["Anna", "Ben"],
            "dealer": 1,
            "flags": [],
            "hands": [[], []],
            "events": [],
        },
    )
    removed = Change.objects.create(
        match=match, user=owner, action=Change.Action.REMOVED, number=2, before=B2_BEN_1NT_3_OVER
    )
    return {"match": match, "hand": hand, "removed": removed}


def url_for(name: str, kind: str, world: dict[str, Any]) -> str:
    match = world["match"]
    if kind == "player":
        return reverse(name) + "?player=Anna"
    args: list[Any] = {
        "": [],
        "match": [match.pk],
        "deal": [match.pk, 1],
        "token": [match.share_token],
        "hand": [world["hand"].pk],
        "change": [match.pk, world["removed"].pk],
    }[kind]
    return reverse(name, args=args)


@pytest.mark.parametrize("who", WHO)
@pytest.mark.parametrize(("name", "kind", "expected"), MATRIX, ids=[row[0] for row in MATRIX])
def test_permission_matrix(
    client: Any, owner: Any, stranger: Any, world: dict[str, Any], who: str, name: str, kind: str, expected: Any
) -> None:
    if who == "owner":
        client.force_login(owner)
    elif who == "stranger":
        client.force_login(stranger)
    url = url_for(name, kind, world)
    before = (world["match"].deals.count(), world["match"].share_token)
    got = (client.get(url).status_code, client.post(url).status_code)
    assert got == expected[who]
    if who != "owner":
        world["match"].refresh_from_db()
        assert (world["match"].deals.count(), world["match"].share_token) == before, "a non-owner changed the match"


@pytest.mark.parametrize("path", ["/api/score", "/api/referee"])
def test_api_is_stateless_and_answers_everyone_the_same(client: Any, path: str) -> None:
    assert client.get(path).status_code == 405
    assert client.post(path, "", content_type="application/json").status_code == 422

"""Every URL of the app x {anonymous, owner, another account, share-link visitor} x {GET, POST}.

Each cell is the status code the request must get; POSTs carry no form data, so they
test the guard, not the happy path (each view's own test file has that). No cell is a 5xx.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from referee.models import ContestedHand
from scoring import table
from scoring.models import Change, Deal, TableDevice
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
    # The table link (scoring/table.py); a seat's phone at the table has its own scope (TABLE_MATRIX below).
    (
        "deal_first",
        "match",
        {"anonymous": (LOGIN, LOGIN), "owner": (405, 409), "stranger": (405, 404), "visitor": (LOGIN, LOGIN)},
    ),
    (
        "table_link",
        "match",
        {"anonymous": (LOGIN, LOGIN), "owner": (405, 302), "stranger": (405, 404), "visitor": (LOGIN, LOGIN)},
    ),
    (
        "table_confirmation",
        "match",
        {"anonymous": (LOGIN, LOGIN), "owner": (405, 302), "stranger": (405, 404), "visitor": (LOGIN, LOGIN)},
    ),
    (
        "table_remove",
        "device",
        {"anonymous": (LOGIN, LOGIN), "owner": (405, 302), "stranger": (405, 404), "visitor": (LOGIN, LOGIN)},
    ),
    # The confirmation panel is polled by htmx; a plain GET is sent to the match page, where it is (302).
    (
        "table_pending",
        "match",
        {"anonymous": (LOGIN, LOGIN), "owner": (302, 405), "stranger": (404, 405), "visitor": (LOGIN, LOGIN)},
    ),
    # The owner has no seat in the world: only a seat's phone confirms (404).
    (
        "table_confirm",
        "deal",
        {"anonymous": (LOGIN, LOGIN), "owner": (405, 404), "stranger": (405, 404), "visitor": (LOGIN, LOGIN)},
    ),
    (
        "table_dispute",
        "deal",
        {"anonymous": (LOGIN, LOGIN), "owner": (405, 404), "stranger": (405, 404), "visitor": (LOGIN, LOGIN)},
    ),
    # Anyone may open the table link and is asked for a seat; a post without one is refused on the field.
    (
        "table_join",
        "table",
        {"anonymous": (200, 422), "owner": (200, 422), "stranger": (200, 422), "visitor": (200, 422)},
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
    table.renew_table_link(match=match)
    table.set_confirmation(match=match, mode=table.SIDES)
    device = TableDevice.objects.create(match=match, seat=0, token=match.table_token)
    match.deals.update(state="waiting")  # entered on the owner's page: any seat may confirm it
    return {"match": match, "hand": hand, "removed": removed, "device": device}


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
        "device": [match.pk, world["device"].pk],
        "table": [match.table_token],
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


# A phone at the table (scoring/table.py), by the table link: "guest" joined seat 1 without an account, "seat" is
# another account joined at seat 1, "removed" a guest the owner removed, "rotated" a guest joined by a link the
# owner has since replaced, "elsewhere" a guest of another match's table. Every URL: those listed here, and every
# other one answers the guests as it answers an anonymous phone and the account as another account.
TABLE_WHO = ("guest", "seat", "removed", "rotated", "elsewhere")
TABLE_MATRIX: dict[str, dict[str, tuple[int, int]]] = {
    # The match page and a deal's posts: a seat's phone enters; a removed or outdated one is told it lost its seat
    # (403, the page that says why and nothing of the match).
    "match": {"guest": (200, 405), "seat": (200, 405), "removed": (403, 405), "rotated": (403, 405)},
    "deal_add": {"guest": (405, 302), "seat": (405, 302), "removed": (405, 403), "rotated": (405, 403)},
    "deal_preview": {"guest": (405, 200), "seat": (405, 200), "removed": (405, 403), "rotated": (405, 403)},
    "deal_first": {"guest": (405, 409), "seat": (405, 409), "removed": (405, 403), "rotated": (405, 403)},
    # Deal 1 was entered on the owner's page: a seat may not edit it (sent back to the match page).
    "deal_edit": {"guest": (302, 302), "seat": (302, 302), "removed": (403, 403), "rotated": (403, 403)},
    "table_pending": {"guest": (302, 405), "seat": (302, 405), "removed": (403, 405), "rotated": (403, 405)},
    # Posted without the deal's revision: told so on the match page (302), nothing written.
    "table_confirm": {"guest": (405, 302), "seat": (405, 302), "removed": (405, 403), "rotated": (405, 403)},
    "table_dispute": {"guest": (405, 302), "seat": (405, 302), "removed": (405, 403), "rotated": (405, 403)},
    # The link itself: the one they joined by. A removed phone may not join again by it; the rotated guest's is the
    # old one, which finds nothing.
    "table_join": {"guest": (200, 422), "seat": (200, 422), "removed": (403, 403), "rotated": (404, 404)},
}


@pytest.fixture
def seated(client: Any, stranger: Any, world: dict[str, Any], make_match: Any, who: str) -> dict[str, Any]:
    """``client`` as the phone ``who`` at the world's table."""
    match = world["match"]
    if who == "elsewhere":
        other = make_match()
        table.renew_table_link(match=other)
        client.post(reverse("table_join", args=[other.table_token]), {"seat": "1"})
        return world
    if who == "seat":
        client.force_login(stranger)
    client.post(reverse("table_join", args=[match.table_token]), {"seat": "1"})
    device = TableDevice.objects.get(match=match, seat=1)
    if who == "removed":
        table.remove_device(match=match, device_id=device.pk)
    if who == "rotated":
        world["old_token"] = match.table_token
        table.renew_table_link(match=match)
    return world


def expected_at_table(name: str, who: str) -> tuple[int, int]:
    if who != "elsewhere" and name in TABLE_MATRIX:
        return TABLE_MATRIX[name][who]
    row = next(cells for url, _kind, cells in MATRIX if url == name)
    if name == "table_join":
        return row["anonymous"]
    return row["stranger" if who == "seat" else "anonymous"]


@pytest.mark.parametrize("who", TABLE_WHO)
@pytest.mark.parametrize("name", [row[0] for row in MATRIX])
def test_table_matrix(client: Any, seated: dict[str, Any], who: str, name: str) -> None:
    kind = next(kind for url, kind, _cells in MATRIX if url == name)
    world = seated
    if kind == "table" and "old_token" in world:
        url = reverse(name, args=[world["old_token"]])
    else:
        url = url_for(name, kind, world)
    match = world["match"]
    before = (match.deals.count(), match.share_token, match.table_token, match.confirmation)
    states = list(Deal.objects.filter(match=match).values_list("state", flat=True))
    got = (client.get(url).status_code, client.post(url).status_code)
    assert got == expected_at_table(name, who)
    match.refresh_from_db()
    assert (match.deals.count(), match.share_token, match.table_token, match.confirmation) == before
    assert list(Deal.objects.filter(match=match).values_list("state", flat=True)) == states


def test_table_posts_need_the_csrf_token(world: dict[str, Any]) -> None:
    match = world["match"]
    phone = Client(enforce_csrf_checks=True)
    join_url = reverse("table_join", args=[match.table_token])
    assert phone.post(join_url, {"seat": "1"}).status_code == 403
    page = phone.get(join_url)
    token = page.cookies["csrftoken"].value
    assert phone.post(join_url, {"seat": "1", "csrfmiddlewaretoken": token}).status_code == 302
    number = {"revision": "1"}
    assert phone.post(reverse("table_confirm", args=[match.pk, 1]), number).status_code == 403
    assert phone.post(reverse("table_dispute", args=[match.pk, 1]), {**number, "reason": "no"}).status_code == 403
    assert Deal.objects.get(match=match).state == "waiting"

"""The table link (scoring/table.py, scoring/views/table.py): joining a seat, entering from a seat, confirming
and disputing the other side's deals, the owner's panel, and every refusal beside its happy path."""

from __future__ import annotations

import html
import json
import threading
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client
from django.urls import reverse

from scoring import table
from scoring.core.games import GAMES
from scoring.models import Change, Deal, Match, TableDevice
from scoring.services import save_deal
from tests.conftest import B1_ANNA_2H_EXACT

pytestmark = pytest.mark.django_db

# Bridgette B1 (§6.1): Anna 2♥ making exactly, 500 to Anna; posted as the entry form posts it.
B1_POST = {"declarer": "0", "level": "2", "strain": "H", "doubled": "0", "tricks": "8"}
# Contract Bridge, BR-6.1: 4♠ by South making 10 tricks.
BR_4S_SOUTH_MADE = {"declarer": 2, "level": 4, "strain": "S", "doubled": 0, "tricks": 10}


def join(client: Any, match: Any, seat: int) -> Any:
    return client.post(reverse("table_join", args=[match.table_token]), {"seat": str(seat)})


def post_deal(client: Any, match: Any, number: int, fields: dict[str, str] = B1_POST) -> Any:
    return client.post(reverse("deal_add", args=[match.pk]), {"number": str(number), **fields})


@pytest.fixture
def tabled(make_match: Any) -> Any:
    """A Bridgette match (Anna v Ben) with a table link, the other side confirming."""
    match = make_match()
    table.renew_table_link(match=match)
    table.set_confirmation(match=match, mode=table.SIDES)
    return match


# Who confirms: the game's sides, never its name (docs/style.md 15)


@pytest.mark.parametrize(
    ("game", "mode", "seat", "seats", "waiting"),
    [
        # Contract Bridge's sides are N-S (0, 2) and E-W (1, 3): North's deal waits for E-W (R-BR-1 seating).
        ("contract_bridge", table.SIDES, 0, {1, 3}, "E-W"),
        ("contract_bridge", table.SIDES, 3, {0, 2}, "N-S"),
        # Any other player: North's partner South too.
        ("contract_bridge", table.OTHERS, 0, {1, 2, 3}, "Ben or Cleo or Dan"),
        # Belote's two camps have no labels: the other camp's names.
        ("belote", table.SIDES, 1, {0, 2}, "Anna & Cleo"),
        # One player a side: every other player is "the other side".
        ("call_bridge", table.SIDES, 2, {0, 1, 3}, "Anna or Ben or Dan"),
        ("bridgette", table.SIDES, 0, {1}, "Ben"),
        # Entered on the owner's page with no seat: any seat confirms.
        ("bridgette", table.SIDES, None, {0, 1}, "Anna or Ben"),
        ("bridgette", table.OFF, 0, set(), ""),
    ],
)
def test_confirming_seats_follow_the_games_sides(
    game: str, mode: str, seat: int | None, seats: set[int], waiting: str
) -> None:
    rules = GAMES[game]
    players = ["Anna", "Ben", "Cleo", "Dan"][: rules.seats]
    assert table.confirming_seats(rules, mode, seat) == frozenset(seats)
    assert table.waiting_for(rules, players, mode, seat) == waiting


# The owner's link


def test_owner_makes_the_table_link_and_sees_its_qr_code(owner_client: Any, make_match: Any) -> None:
    match = make_match()
    response = owner_client.post(reverse("table_link", args=[match.pk]))
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.table_token is not None and len(match.table_token) == len(match.share_token)
    assert match.table_token != match.share_token
    page = owner_client.get(reverse("match", args=[match.pk])).content.decode()
    assert reverse("table_join", args=[match.table_token]) in page
    assert 'data-testid="table-qr"' in page


def test_another_account_cannot_make_or_renew_a_table_link(stranger_client: Any, tabled: Any) -> None:
    token = tabled.table_token
    assert stranger_client.post(reverse("table_link", args=[tabled.pk])).status_code == 404
    assert (
        stranger_client.post(reverse("table_confirmation", args=[tabled.pk]), {"confirmation": "off"}).status_code
        == 404
    )
    tabled.refresh_from_db()
    assert (tabled.table_token, tabled.confirmation) == (token, table.SIDES)


def test_confirmation_choice_is_checked_by_name(owner_client: Any, tabled: Any) -> None:
    response = owner_client.post(
        reverse("table_confirmation", args=[tabled.pk]), {"confirmation": "always"}, follow=True
    )
    assert "Choose one of the ways to confirm deals." in response.content.decode()
    tabled.refresh_from_db()
    assert tabled.confirmation == table.SIDES


# Joining


def test_guest_joins_a_seat_and_enters_a_deal_that_waits_for_the_other_side(tabled: Any) -> None:
    guest = Client()
    page = guest.get(reverse("table_join", args=[tabled.table_token])).content.decode()
    assert "Which seat is yours?" in page and "Anna" in page and "Ben" in page
    response = join(guest, tabled, 1)
    assert response.status_code == 302 and response["Location"] == reverse("match", args=[tabled.pk])
    device = TableDevice.objects.get(match=tabled)
    assert (device.seat, device.user) == (1, None)
    page = guest.get(reverse("match", args=[tabled.pk])).content.decode()
    assert "At this table as Ben (guest)." in page
    assert "Delete match" not in page and "New share link" not in page and "Undo last deal" not in page
    assert post_deal(guest, tabled, 1).status_code == 302
    deal = Deal.objects.get(match=tabled)
    assert (deal.entry, deal.state, deal.entered_seat, deal.entered_by) == (B1_ANNA_2H_EXACT, "waiting", 1, device)
    added = Change.objects.get(match=tabled, action="added")
    assert (added.seat, added.device, added.user) == (1, device, None)
    page = guest.get(reverse("match", args=[tabled.pk])).content.decode()
    assert "waiting for Anna" in page  # Ben's entry waits for the other side


def test_an_account_joins_linked_to_its_seat(tabled: Any, stranger: Any) -> None:
    player = Client()
    player.force_login(stranger)
    join(player, tabled, 0)
    join(player, tabled, 0)  # twice: still one device
    device = TableDevice.objects.get(match=tabled)
    assert (device.seat, device.user) == (0, stranger)
    assert player.get(reverse("match", args=[tabled.pk])).status_code == 200


@pytest.mark.parametrize(
    ("seat", "message"),
    [
        ("9", "Choose one of the seats of this match."),
        ("", "Choose your seat."),
        ("x", "Choose one of the seats of this match."),
    ],
)
def test_a_forged_seat_is_refused_on_the_field(tabled: Any, seat: str, message: str) -> None:
    response = Client().post(reverse("table_join", args=[tabled.table_token]), {"seat": seat})
    assert response.status_code == 422
    assert message in response.content.decode()
    assert not TableDevice.objects.exists()


def test_a_wrong_or_renewed_link_shows_nothing(tabled: Any) -> None:
    old = tabled.table_token
    table.renew_table_link(match=tabled)
    for method in ("get", "post"):
        response = getattr(Client(), method)(reverse("table_join", args=[old]), {"seat": "0"})
        assert response.status_code == 404
        assert "This table link no longer works" in response.content.decode()
    assert not TableDevice.objects.exists()


def test_a_new_link_ends_every_device_joined_by_the_old_one(owner_client: Any, tabled: Any) -> None:
    guest = Client()
    join(guest, tabled, 1)
    owner_client.post(reverse("table_link", args=[tabled.pk]))
    page = guest.get(reverse("match", args=[tabled.pk]))
    assert page.status_code == 403
    assert "The match's owner made a new table link, which ended this phone's seat" in page.content.decode()
    assert "Anna" not in page.content.decode()  # nothing of the match
    assert post_deal(guest, tabled, 1).status_code == 403
    assert not Deal.objects.exists()
    # The new link takes it back.
    tabled.refresh_from_db()
    assert join(guest, tabled, 1).status_code == 302
    assert guest.get(reverse("match", args=[tabled.pk])).status_code == 200


def test_the_owner_sees_and_removes_a_device(owner_client: Any, tabled: Any) -> None:
    guest = Client()
    join(guest, tabled, 1)
    device = TableDevice.objects.get()
    page = owner_client.get(reverse("match", args=[tabled.pk])).content.decode()
    assert "Ben (guest)" in page and 'data-testid="table-devices"' in page
    response = owner_client.post(reverse("table_remove", args=[tabled.pk, device.pk]), follow=True)
    assert "Removed Ben (guest) from the table." in response.content.decode()
    page = guest.get(reverse("match", args=[tabled.pk]))
    assert page.status_code == 403
    assert "The match's owner removed this phone from the table; ask them for a new table link." in (
        page.content.decode()
    )
    assert guest.post(reverse("table_confirm", args=[tabled.pk, 1]), {"revision": "1"}).status_code == 403
    # Removed twice (a second tap): told, no error.
    again = owner_client.post(reverse("table_remove", args=[tabled.pk, device.pk]), follow=True)
    assert "That phone is no longer at the table." in again.content.decode()


def test_a_guest_cannot_reach_another_match(tabled: Any, make_match: Any) -> None:
    other = make_match()
    guest = Client()
    join(guest, tabled, 1)
    assert guest.get(reverse("match", args=[other.pk])).status_code == 302  # to the log-in page
    assert post_deal(guest, other, 1).status_code == 302
    assert not Deal.objects.filter(match=other).exists()


def test_a_guest_cannot_use_the_owners_pages(tabled: Any) -> None:
    guest = Client()
    join(guest, tabled, 1)
    for name in ("deal_undo", "match_delete", "match_rename", "match_history", "share_regenerate", "table_link"):
        response = guest.post(reverse(name, args=[tabled.pk]))
        assert response.status_code == 302 and "/accounts/login/" in response["Location"], name
    tabled.refresh_from_db()
    assert tabled.table_token is not None


def test_a_seat_account_cannot_use_the_owners_pages(tabled: Any, stranger: Any) -> None:
    player = Client()
    player.force_login(stranger)
    join(player, tabled, 1)
    for name in ("deal_undo", "match_delete", "match_rename", "table_link", "table_confirmation"):
        assert player.post(reverse(name, args=[tabled.pk])).status_code == 404, name
    for name in ("match_history", "report", "match_download"):
        assert player.get(reverse(name, args=[tabled.pk])).status_code == 404, name


# Confirming and disputing


def test_the_other_side_confirms_and_the_entering_device_cannot(tabled: Any, stranger: Any) -> None:
    ben = Client()
    join(ben, tabled, 1)
    anna = Client()
    anna.force_login(stranger)
    join(anna, tabled, 0)
    post_deal(ben, tabled, 1)
    deal = Deal.objects.get()
    mine = ben.post(reverse("table_confirm", args=[tabled.pk, 1]), {"revision": str(deal.revision)}, follow=True)
    assert "You cannot confirm deal 1 from this seat." in mine.content.decode()
    assert Deal.objects.get().state == "waiting"
    page = anna.get(reverse("match", args=[tabled.pk])).content.decode()
    assert "Confirm deal 1" in page
    response = anna.post(
        reverse("table_confirm", args=[tabled.pk, 1]), {"revision": str(deal.revision)}, headers={"HX-Request": "true"}
    )
    assert response.status_code == 200
    assert "Deal 1 confirmed." in response.content.decode()
    assert Deal.objects.get().state == "confirmed"
    confirmed = Change.objects.get(action="confirmed")
    assert (confirmed.seat, confirmed.user) == (0, stranger)
    # Confirmed, Ben's phone can no longer edit it.
    edit = ben.get(reverse("deal_edit", args=[tabled.pk, 1]))
    assert edit.status_code == 302


def test_a_dispute_needs_a_reason_and_offers_check_this_deal(owner_client: Any, tabled: Any) -> None:
    ben, anna = Client(), Client()
    join(ben, tabled, 1)
    join(anna, tabled, 0)
    post_deal(ben, tabled, 1)
    revision = str(Deal.objects.get().revision)
    url = reverse("table_dispute", args=[tabled.pk, 1])
    empty = anna.post(url, {"revision": revision, "reason": "  "}, headers={"HX-Request": "true"})
    assert empty.status_code == 422
    assert "Deal 1 was not disputed: Say what is wrong with the deal." in empty.content.decode()
    long = anna.post(url, {"revision": revision, "reason": "x" * 201}, headers={"HX-Request": "true"})
    assert "Say it in at most 200 characters." in long.content.decode()
    tabled.refresh_from_db()
    data = {"revision": revision, "reason": "Anna made 9 tricks", "version": str(tabled.version)}
    response = anna.post(url, data, headers={"HX-Request": "true"})
    page = response.content.decode()
    assert 'data-testid="mark-1">disputed<' in page  # the sheet, out of band: its mark follows
    assert "Deal 1 disputed." in page and "Anna made 9 tricks" in page
    # The referee is the owner's: a seat's phone is told who checks it; the owner's page links it.
    assert "Check this deal" not in page
    assert "The match's owner can check this deal in the referee" in page
    owners = owner_client.get(reverse("match", args=[tabled.pk])).content.decode()
    assert f"{reverse('check_hand')}?match={tabled.pk}&amp;deal=1" in owners
    assert Deal.objects.get().state == "disputed"
    # The sheet marks it, on the share page too.
    shared = Client().get(reverse("shared_match", args=[tabled.share_token])).content.decode()
    assert 'data-testid="mark-1">disputed<' in shared


def test_an_edit_asks_again_and_a_stale_confirmation_is_refused(owner_client: Any, tabled: Any) -> None:
    ben, anna = Client(), Client()
    join(ben, tabled, 1)
    join(anna, tabled, 0)
    post_deal(ben, tabled, 1)
    old = Deal.objects.get().revision
    anna.post(reverse("table_confirm", args=[tabled.pk, 1]), {"revision": str(old)})
    assert Deal.objects.get().state == "confirmed"
    # The owner edits the confirmed deal: Anna 2♥ with 9 tricks now; the table is asked again.
    owner_client.post(reverse("deal_edit", args=[tabled.pk, 1]), {**B1_POST, "tricks": "9", "revision": str(old)})
    deal = Deal.objects.get()
    assert (deal.entry["tricks"], deal.state) == (9, "waiting")
    stale = anna.post(
        reverse("table_confirm", args=[tabled.pk, 1]), {"revision": str(old)}, headers={"HX-Request": "true"}
    )
    assert stale.status_code == 409
    assert "Deal 1 was changed from another phone" in stale.content.decode()
    assert Deal.objects.get().state == "waiting"


def test_a_seat_edits_its_own_unconfirmed_deal_but_not_another_seats(tabled: Any) -> None:
    ben, anna = Client(), Client()
    join(ben, tabled, 1)
    join(anna, tabled, 0)
    post_deal(ben, tabled, 1)
    revision = str(Deal.objects.get().revision)
    refused = anna.post(reverse("deal_edit", args=[tabled.pk, 1]), {**B1_POST, "tricks": "9", "revision": revision})
    assert refused.status_code == 302
    assert Deal.objects.get().entry["tricks"] == 8
    ben.post(reverse("deal_edit", args=[tabled.pk, 1]), {**B1_POST, "tricks": "9", "revision": revision})
    assert Deal.objects.get().entry["tricks"] == 9
    edited = Change.objects.get(action="edited")
    assert edited.seat == 1


def test_confirmation_off_asks_nothing(owner_client: Any, make_match: Any) -> None:
    match = make_match()
    post_deal(owner_client, match, 1)
    assert Deal.objects.get().state == ""
    page = owner_client.get(reverse("match", args=[match.pk])).content.decode()
    assert "Confirmations" not in page


def test_the_polled_panel_brings_another_phones_deal_to_the_sheet(tabled: Any) -> None:
    ben, anna = Client(), Client()
    join(ben, tabled, 1)
    join(anna, tabled, 0)
    tabled.refresh_from_db()
    shown = tabled.version
    url = reverse("table_pending", args=[tabled.pk])
    quiet = anna.get(url, {"version": str(shown)}, headers={"HX-Request": "true"}).content.decode()
    assert "Every deal is confirmed." in quiet and 'id="sheet"' not in quiet
    post_deal(ben, tabled, 1)
    page = anna.get(url, {"version": str(shown)}, headers={"HX-Request": "true"}).content.decode()
    assert "Confirm deal 1" in page
    assert 'id="sheet" hx-swap-oob="true"' in page and 'data-testid="total-0">500<' in page  # B1: Anna +500
    assert 'data-testid="mark-1">waiting for Anna<' in page
    assert response_trigger(anna, url, shown) == "table-changed"  # static/js/table_link.js draws the entry again


def response_trigger(client: Any, url: str, version: int) -> str | None:
    return client.get(url, {"version": str(version)}, headers={"HX-Request": "true"}).headers.get("HX-Trigger")


def test_a_finished_match_says_deals_still_wait(owner_client: Any, tabled: Any) -> None:
    # Bridgette ends after six deals (BG-8.1); B1 then five passed out, each entered by the owner with no seat.
    post_deal(owner_client, tabled, 1)
    for number in range(2, 7):
        post_deal(owner_client, tabled, number, {"passed_out": "on"})
    page = owner_client.get(reverse("match", args=[tabled.pk])).content.decode()
    assert "The match is over, but 6 deals are not confirmed." in page
    report = owner_client.get(reverse("report", args=[tabled.pk])).content.decode()
    assert "6 deals are not confirmed by the table." in report


def test_the_owner_without_a_seat_cannot_confirm(owner_client: Any, tabled: Any) -> None:
    post_deal(owner_client, tabled, 1)
    response = owner_client.post(reverse("table_confirm", args=[tabled.pk, 1]), {"revision": "1"})
    assert response.status_code == 404
    assert Deal.objects.get().state == "waiting"


def test_a_missing_revision_is_told(tabled: Any) -> None:
    ben, anna = Client(), Client()
    join(ben, tabled, 1)
    join(anna, tabled, 0)
    post_deal(ben, tabled, 1)
    response = anna.post(reverse("table_confirm", args=[tabled.pk, 1]), {}, headers={"HX-Request": "true"})
    assert response.status_code == 409
    assert "missing the deal&#x27;s revision" in response.content.decode()


def test_a_deal_that_does_not_exist_is_told(tabled: Any) -> None:
    anna = Client()
    join(anna, tabled, 0)
    response = anna.post(
        reverse("table_confirm", args=[tabled.pk, 5]), {"revision": "1"}, headers={"HX-Request": "true"}
    )
    assert response.status_code == 409
    assert "Deal 5 no longer exists" in response.content.decode()


# The record behind every deal


def test_history_and_report_say_who_entered_and_confirmed(owner_client: Any, tabled: Any, stranger: Any) -> None:
    ben, anna = Client(), Client()
    join(ben, tabled, 1)
    anna.force_login(stranger)
    join(anna, tabled, 0)
    post_deal(ben, tabled, 1)
    anna.post(reverse("table_confirm", args=[tabled.pk, 1]), {"revision": str(Deal.objects.get().revision)})
    history = owner_client.get(reverse("match_history", args=[tabled.pk])).content.decode()
    assert "Ben (guest)" in history and "Anna (stranger)" in history
    records = table.deal_records(tabled)
    assert [text.rsplit(" ", 1)[0] for text in records[1]] == [
        "entered by Ben (guest)",
        "confirmed by Anna (stranger)",
    ]
    report = owner_client.get(reverse("report", args=[tabled.pk])).content.decode()
    assert "entered by Ben (guest)" in report and "confirmed by Anna (stranger)" in report
    # The share link's report names no account: a login name is half a credential.
    shared = Client().get(reverse("shared_report", args=[tabled.share_token])).content.decode()
    assert "entered by Ben (guest)" in shared and "confirmed by Anna (another account)" in shared
    assert "stranger" not in shared


# Rate limits


def test_joining_is_rate_limited_per_table(tabled: Any, make_match: Any, settings: Any) -> None:
    settings.TABLE_JOIN_RATE = "2/h"
    guest = Client()
    assert join(guest, tabled, 0).status_code == 302
    assert join(guest, tabled, 1).status_code == 302
    assert join(guest, tabled, 1).status_code == 429
    assert TableDevice.objects.count() == 2
    # A club plays from one address: another table's link counts apart.
    other = make_match()
    table.renew_table_link(match=other)
    assert join(guest, other, 0).status_code == 302


def test_confirming_is_rate_limited(tabled: Any, settings: Any) -> None:
    settings.TABLE_CONFIRM_RATE = "1/h"
    ben, anna = Client(), Client()
    join(ben, tabled, 1)
    join(anna, tabled, 0)
    post_deal(ben, tabled, 1)
    url = reverse("table_dispute", args=[tabled.pk, 1])
    assert anna.post(url, {"revision": "1", "reason": ""}).status_code in (302, 422)
    assert anna.post(reverse("table_confirm", args=[tabled.pk, 1]), {"revision": "1"}).status_code == 429
    assert Deal.objects.get().state == "waiting"


# The match file keeps the record (docs/match-file.md: "table", optional)


def test_the_match_file_keeps_the_record_and_reads_it_back(owner_client: Any, tabled: Any, stranger: Any) -> None:
    ben, anna = Client(), Client()
    join(ben, tabled, 1)
    anna.force_login(stranger)
    join(anna, tabled, 0)
    post_deal(ben, tabled, 1)
    anna.post(reverse("table_confirm", args=[tabled.pk, 1]), {"revision": str(Deal.objects.get().revision)})
    doc = json.loads(owner_client.get(reverse("match_download", args=[tabled.pk])).content)
    assert doc["table"]["confirmation"] == "sides"
    [row] = doc["table"]["deals"]
    assert (row["deal"], row["state"]) == (1, "confirmed")
    assert [(step["action"], step["seat"], step["by"]) for step in row["record"]] == [
        ("added", 1, "guest"),
        ("confirmed", 0, "stranger"),
    ]
    upload = SimpleUploadedFile("m.json", json.dumps(doc).encode(), content_type="application/json")
    assert owner_client.post(reverse("import_match"), {"file": upload}).status_code == 302
    imported = Match.objects.exclude(pk=tabled.pk).get()
    assert imported.confirmation == "sides"
    assert imported.deals.get().state == "confirmed"
    assert [text.rsplit(" ", 1)[0] for text in table.deal_records(imported)[1]] == [
        "entered by Ben (guest)",
        "confirmed by Anna (stranger)",
    ]


def test_an_old_match_file_has_no_table_and_still_reads(owner_client: Any, make_match: Any) -> None:
    match = make_match(deals=[B1_ANNA_2H_EXACT])
    doc = json.loads(owner_client.get(reverse("match_download", args=[match.pk])).content)
    assert "table" not in doc
    upload = SimpleUploadedFile("m.json", json.dumps(doc).encode(), content_type="application/json")
    assert owner_client.post(reverse("import_match"), {"file": upload}).status_code == 302


@pytest.mark.parametrize(
    ("table_doc", "message"),
    [
        ([], "table: table must be an object with confirmation and deals"),
        ({"confirmation": "maybe"}, "table.confirmation: table.confirmation must be off, sides or others"),
        ({"deals": [{"deal": 2}]}, "table.deals[0].deal: table.deals[0].deal must be a deal number from 1 to 1"),
        (
            {"deals": [{"deal": 1, "record": [{"action": "added", "seat": 5, "at": "2026-12-02T21:02:00"}]}]},
            "table.deals[0].record[0].seat: table.deals[0].record[0].seat must be a seat from 0 to 1",
        ),
        (
            {"deals": [{"deal": 1, "record": [{"action": "added", "seat": 1, "at": "yesterday"}]}]},
            "table.deals[0].record[0].at must be a date and time (ISO 8601)",
        ),
    ],
)
def test_a_bad_table_record_is_refused_naming_its_field(
    owner_client: Any, make_match: Any, table_doc: Any, message: str
) -> None:
    match = make_match(deals=[B1_ANNA_2H_EXACT])
    doc = {**json.loads(owner_client.get(reverse("match_download", args=[match.pk])).content), "table": table_doc}
    upload = SimpleUploadedFile("m.json", json.dumps(doc).encode(), content_type="application/json")
    response = owner_client.post(reverse("import_match"), {"file": upload})
    assert response.status_code == 422
    assert message in html.unescape(response.content.decode())
    assert Match.objects.count() == 1


# Offline and two phones: each confirmation and dispute carries its own key


def confirm(client: Any, match: Any, number: int, key: str | None = None) -> Any:
    data = {"revision": str(Deal.objects.get(match=match, number=number).revision)}
    if key:
        data["key"] = key
    return client.post(reverse("table_confirm", args=[match.pk, number]), data, headers={"HX-Request": "true"})


def test_a_confirmation_sent_again_with_its_key_is_recorded_once(tabled: Any) -> None:
    ben, anna = Client(), Client()
    join(ben, tabled, 1)
    join(anna, tabled, 0)
    post_deal(ben, tabled, 1)
    key = "5b0e6c0e-0d1c-4bcb-9a57-3b6b3f1f2a01"
    first = confirm(anna, tabled, 1, key)
    again = confirm(anna, tabled, 1, key)  # the phone never saw the first answer (kept offline, sent again)
    assert first.status_code == again.status_code == 200
    assert "Deal 1 confirmed." in first.content.decode()
    assert "Deal 1 confirmed." in again.content.decode()
    assert Change.objects.filter(action="confirmed").count() == 1
    assert Change.objects.get(action="confirmed").client_key == key
    tabled.refresh_from_db()
    version = tabled.version
    confirm(anna, tabled, 1, key)
    tabled.refresh_from_db()
    assert tabled.version == version  # nothing written: the share page's sheet is not redrawn for it


def test_a_dispute_sent_again_with_its_key_is_recorded_once(tabled: Any) -> None:
    ben, anna = Client(), Client()
    join(ben, tabled, 1)
    join(anna, tabled, 0)
    post_deal(ben, tabled, 1)
    url = reverse("table_dispute", args=[tabled.pk, 1])
    data = {"revision": str(Deal.objects.get().revision), "reason": "9 tricks", "key": "dispute-key-0001"}
    for _time in range(2):
        response = anna.post(url, data, headers={"HX-Request": "true"})
        assert response.status_code == 200
        assert "Deal 1 disputed." in response.content.decode()
    assert Change.objects.filter(action="disputed").count() == 1


def test_a_badly_formed_key_is_ignored_as_if_missing(tabled: Any) -> None:
    ben, anna = Client(), Client()
    join(ben, tabled, 1)
    join(anna, tabled, 0)
    post_deal(ben, tabled, 1)
    assert confirm(anna, tabled, 1, "<script>").status_code == 200
    assert Change.objects.get(action="confirmed").client_key is None


@pytest.fixture
def bridge_table(make_match: Any) -> Any:
    """A Contract Bridge rubber (N Anna, E Ben, S Cleo, W Dev), the other side confirming, four phones: East
    enters deal 1 (BR-6.1: 4♠ by South making 10), and North and South may both confirm it."""
    match = make_match("contract_bridge")
    table.renew_table_link(match=match)
    table.set_confirmation(match=match, mode=table.SIDES)
    phones = [Client() for _seat in range(4)]
    for seat, phone in enumerate(phones):
        join(phone, match, seat)
    posted = post_deal(phones[1], match, 1, {"declarer": "2", "level": "4", "strain": "S", "tricks": "0"})
    assert posted.status_code == 302 and Deal.objects.get().state == "waiting"
    return match, phones


def test_two_players_confirming_at_once_is_harmless(bridge_table: Any) -> None:
    match, (north, _east, south, _west) = bridge_table
    first = confirm(north, match, 1, "north-key-00001")
    second = confirm(south, match, 1, "south-key-00001")  # drawn before North's tap landed
    assert first.status_code == second.status_code == 200
    assert "Deal 1 was already confirmed by N · Anna (guest)." in second.content.decode()
    assert Change.objects.filter(action="confirmed").count() == 1
    assert Deal.objects.get().state == "confirmed"


def test_a_dispute_after_the_partners_confirmation_is_told_and_not_recorded(bridge_table: Any) -> None:
    match, (north, _east, south, _west) = bridge_table
    confirm(north, match, 1)
    url = reverse("table_dispute", args=[match.pk, 1])
    data = {"revision": str(Deal.objects.get().revision), "reason": "9 tricks"}
    response = south.post(url, data, headers={"HX-Request": "true"})
    assert response.status_code == 409
    assert "Deal 1 was confirmed by N · Anna (guest) meanwhile; your dispute was not recorded." in (
        response.content.decode()
    )
    assert not Change.objects.filter(action="disputed").exists()
    # Both disputing at once: the second is told, the first reason stands.
    table.set_confirmation(match=match, mode=table.SIDES)
    Deal.objects.update(state="waiting")
    north.post(url, {**data, "reason": "10 tricks, not 9"}, headers={"HX-Request": "true"})
    again = south.post(url, data, headers={"HX-Request": "true"})
    assert again.status_code == 200
    assert "Deal 1 was already disputed by N · Anna (guest)." in again.content.decode()
    assert list(Change.objects.filter(action="disputed").values_list("reason", flat=True)) == ["10 tricks, not 9"]


def test_the_entering_side_is_still_refused_once_confirmed(bridge_table: Any) -> None:
    match, (north, east, _south, west) = bridge_table
    confirm(north, match, 1)
    for phone in (east, west):  # the side that entered it: never asked, so refused
        revision = str(Deal.objects.get().revision)
        response = phone.post(reverse("table_confirm", args=[match.pk, 1]), {"revision": revision}, follow=True)
        assert "You cannot confirm deal 1 from this seat." in response.content.decode()
    assert Change.objects.filter(action="confirmed").count() == 1


# A removed phone, and the owner's own seat


def test_a_removed_phone_cannot_join_again_by_the_same_link(owner_client: Any, tabled: Any) -> None:
    guest = Client()
    join(guest, tabled, 1)
    device = TableDevice.objects.get()
    owner_client.post(reverse("table_remove", args=[tabled.pk, device.pk]))
    url = reverse("table_join", args=[tabled.table_token])
    for response in (guest.get(url), guest.post(url, {"seat": "1"}), guest.post(url, {"seat": "0"})):
        assert response.status_code == 403
        page = response.content.decode()
        assert "The match's owner removed this phone from the table; ask them for a new table link." in page
    assert TableDevice.objects.count() == 1
    # A new link: the owner lets it back.
    owner_client.post(reverse("table_link", args=[tabled.pk]))
    tabled.refresh_from_db()
    assert join(guest, tabled, 1).status_code == 302
    assert guest.get(reverse("match", args=[tabled.pk])).status_code == 200


def test_a_removed_account_cannot_join_again_from_another_browser(
    owner_client: Any, tabled: Any, stranger: Any
) -> None:
    phone = Client()
    phone.force_login(stranger)
    join(phone, tabled, 1)
    owner_client.post(reverse("table_remove", args=[tabled.pk, TableDevice.objects.get().pk]))
    other = Client()
    other.force_login(stranger)
    assert join(other, tabled, 1).status_code == 403
    assert other.get(reverse("match", args=[tabled.pk])).status_code == 403


def test_a_removed_phone_polling_is_told_to_open_the_page(owner_client: Any, tabled: Any) -> None:
    guest = Client()
    join(guest, tabled, 1)
    owner_client.post(reverse("table_remove", args=[tabled.pk, TableDevice.objects.get().pk]))
    response = guest.get(reverse("table_pending", args=[tabled.pk]), headers={"HX-Request": "true"})
    # 403: the page's script opens the page itself (static/js/table.js), which says why.
    assert response.status_code == 403


def test_the_owner_is_offered_a_seat_and_confirms_from_it(owner_client: Any, tabled: Any) -> None:
    ben = Client()
    join(ben, tabled, 1)
    post_deal(ben, tabled, 1)
    page = owner_client.get(reverse("match", args=[tabled.pk])).content.decode()
    assert 'data-testid="owner-no-seat"' in page
    assert "To confirm from this phone, join your own seat." in page
    assert f'href="{reverse("table_join", args=[tabled.table_token])}">Join a seat on this phone<' in page
    assert "Confirm deal 1" not in page
    # The owner joins Anna's seat on their own phone: the owner's page, with a seat.
    assert join(owner_client, tabled, 0).status_code == 302
    page = owner_client.get(reverse("match", args=[tabled.pk])).content.decode()
    assert "At this table as Anna (owner)." in page
    assert 'data-testid="owner-no-seat"' not in page
    assert "Confirm deal 1" in page and "Delete match" in page
    assert confirm(owner_client, tabled, 1).status_code == 200
    assert Deal.objects.get().state == "confirmed"


def test_the_owner_removing_their_own_seat_may_join_again(owner_client: Any, tabled: Any) -> None:
    join(owner_client, tabled, 0)
    owner_client.post(reverse("table_remove", args=[tabled.pk, TableDevice.objects.get().pk]))
    assert join(owner_client, tabled, 0).status_code == 302
    assert table.current_devices(tabled).count() == 1


# A seat's phone shows only what it may do


def test_a_seat_sees_edit_links_only_on_its_own_unconfirmed_deals(owner_client: Any, tabled: Any) -> None:
    ben, anna = Client(), Client()
    join(ben, tabled, 1)
    join(anna, tabled, 0)
    post_deal(owner_client, tabled, 1)  # the owner's, with no seat
    post_deal(ben, tabled, 2)
    post_deal(ben, tabled, 3)
    confirm(anna, tabled, 3)
    pages = {
        who: c.get(reverse("match", args=[tabled.pk])).content.decode() for who, c in (("ben", ben), ("anna", anna))
    }
    owners = owner_client.get(reverse("match", args=[tabled.pk])).content.decode()

    def edit(number: int) -> str:
        return f'href="{reverse("deal_edit", args=[tabled.pk, number])}"'

    assert [edit(n) in pages["ben"] for n in (1, 2, 3)] == [False, True, False]  # 3 is confirmed
    assert not any(edit(n) in pages["anna"] for n in (1, 2, 3))
    assert all(edit(n) in owners for n in (1, 2, 3))
    for page in pages.values():
        assert "Check a hand for deal" not in page and "Undo last deal" not in page
    assert "Check a hand for deal 4" in owners


def _at_once(count: int, act: Any) -> list[Any]:
    """``act(index)`` from ``count`` threads released together; each one's answer, or the error it raised."""
    start = threading.Barrier(count)
    answers: list[Any] = []
    lock = threading.Lock()

    def run(index: int) -> None:
        try:
            start.wait()
            answer = act(index)
        except Exception as error:  # any failure is reported by the caller's assertion
            answer = error
        finally:
            connection.close()
        with lock:
            answers.append(answer)

    threads = [threading.Thread(target=run, args=(index,)) for index in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


@pytest.mark.django_db(transaction=True)
def test_ten_threads_sending_one_confirmation_record_it_once(make_match: Any) -> None:
    match = make_match("contract_bridge")
    table.renew_table_link(match=match)
    table.set_confirmation(match=match, mode=table.SIDES)
    east = table.join_table(match=match, seat=1, user=None)
    north = table.join_table(match=match, seat=0, user=None)
    save_deal(match=match, user=None, number=1, entry=BR_4S_SOUTH_MADE, device=east)
    revision = Deal.objects.get().revision
    answers = _at_once(
        10, lambda _i: table.confirm_deal(match=match, device=north, number=1, revision=revision, key="same-key-001")
    )
    assert answers == ["Deal 1 confirmed."] * 10
    assert Change.objects.filter(action="confirmed").count() == 1


@pytest.mark.django_db(transaction=True)
def test_north_and_south_confirming_at_once_record_one_confirmation(make_match: Any) -> None:
    match = make_match("contract_bridge")
    table.renew_table_link(match=match)
    table.set_confirmation(match=match, mode=table.SIDES)
    east = table.join_table(match=match, seat=1, user=None)
    seats = [table.join_table(match=match, seat=seat, user=None) for seat in (0, 2)]
    save_deal(match=match, user=None, number=1, entry=BR_4S_SOUTH_MADE, device=east)
    revision = Deal.objects.get().revision
    answers = _at_once(
        2,
        lambda i: table.confirm_deal(match=match, device=seats[i], number=1, revision=revision, key=f"seat-key-00{i}"),
    )
    assert sorted(answer[:22] for answer in answers) == ["Deal 1 confirmed.", "Deal 1 was already con"]
    assert Change.objects.filter(action="confirmed").count() == 1
    assert Deal.objects.get().state == "confirmed"

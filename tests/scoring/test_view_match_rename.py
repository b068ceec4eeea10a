"""Renaming a match's players: owner only, the names read as a new match's are."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.urls import reverse

from tests.conftest import B1_ANNA_2H_EXACT

pytestmark = pytest.mark.django_db


def rename(client: Any, match: Any, *names: str) -> Any:
    data = {f"player_{seat}": name for seat, name in enumerate(names)}
    return client.post(reverse("match_rename", args=[match.pk]), data)


def field_error(response: Any, name: str) -> str:
    found = re.search(rf'<small class="field-error" id="err-{name}">(.*?)</small>', response.content.decode(), re.S)
    assert found
    return html.unescape(found.group(1))


def test_the_form_is_prefilled_with_the_names_in_seat_order(owner_client: Any, make_match: Any) -> None:
    match = make_match(game="belote")
    page = owner_client.get(reverse("match_rename", args=[match.pk])).content.decode()
    assert re.findall(r'name="player_\d" value="(\w+)"', page) == ["Anna", "Ben", "Cleo", "Dan"]


def test_renaming_keeps_the_deals_and_bumps_the_version(owner_client: Any, make_match: Any) -> None:
    match = make_match(deals=[B1_ANNA_2H_EXACT])
    version = match.version
    response = rename(owner_client, match, " Nora ", "Dan")
    assert response["Location"] == reverse("home")
    match.refresh_from_db()
    assert match.players == ["Nora", "Dan"]
    assert match.version == version + 1  # the share page's cached sheet is not served again
    assert [deal.entry for deal in match.deals.all()] == [B1_ANNA_2H_EXACT]
    page = owner_client.get(reverse("home")).content.decode()
    assert "Deal 2 of 6, Nora leads 500–0" in page  # B1: the declarer in seat 0 scores 500


@pytest.mark.parametrize(
    ("names", "field", "words"),
    [
        (("Nora", "nora"), "player_1", "player 1 is already called Nora"),
        (("", "Dan"), "player_0", "This field is required."),
        (("N" * 41, "Dan"), "player_0", "at most 40 characters"),
        (("Nora\x01", "Dan"), "player_0", "U+0001"),
    ],
)
def test_a_name_a_new_match_would_refuse_is_refused_at_its_field(
    owner_client: Any, make_match: Any, names: tuple[str, str], field: str, words: str
) -> None:
    match = make_match()
    response = rename(owner_client, match, *names)
    assert response.status_code == 200
    assert words in field_error(response, field)
    match.refresh_from_db()
    assert match.players == ["Anna", "Ben"]


def test_a_name_past_the_seats_is_not_read(owner_client: Any, make_match: Any) -> None:
    match = make_match()
    rename(owner_client, match, "Nora", "Dan", "Cleo")
    match.refresh_from_db()
    assert match.players == ["Nora", "Dan"]  # the form has two fields; a third posted field is no field of it


def test_someone_elses_match_is_not_found(stranger_client: Any, make_match: Any) -> None:
    match = make_match()
    assert stranger_client.get(reverse("match_rename", args=[match.pk])).status_code == 404
    assert rename(stranger_client, match, "Xena", "Yuri").status_code == 404
    match.refresh_from_db()
    assert match.players == ["Anna", "Ben"]


def test_anonymous_is_sent_to_login(client: Any, make_match: Any) -> None:
    match = make_match()
    assert rename(client, match, "Xena", "Yuri").status_code == 302
    match.refresh_from_db()
    assert match.players == ["Anna", "Ben"]

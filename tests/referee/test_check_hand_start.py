"""The Check a hand start form (issue 23): the chosen game's seating sentence only, and as many name fields and
dealers as that game has seats, chosen by a plain GET form (no JavaScript needed) that keeps the names typed."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest
from django.urls import reverse

from referee.core.games import REFEREES
from scoring.core.games import GAMES

pytestmark = pytest.mark.django_db

NAME_INPUT = re.compile(r'<input type="text" name="(player_\d)"')
DEALER_RADIO = re.compile(r'<input type="radio" name="dealer" value="(\d)"')


@pytest.mark.parametrize("name", list(REFEREES))
def test_the_form_of_a_game_has_its_seats_names_and_dealers_and_its_seating_alone(owner_client: Any, name: str) -> None:
    game = GAMES[name]
    page = owner_client.get(reverse("check_hand"), {"game": name}).content.decode()
    assert NAME_INPUT.findall(page) == [f"player_{seat}" for seat in range(game.seats)]
    assert DEALER_RADIO.findall(page) == [str(seat) for seat in range(game.seats)]
    text = unescape(re.sub(r"<[^>]+>", "", page))
    assert str(game.seating) in text
    others = {str(other.seating) for key, other in GAMES.items() if key in REFEREES} - {str(game.seating)}
    assert [seating for seating in others if seating in text] == []
    assert f'<input type="hidden" name="game" value="{name}">' in page


def test_without_a_choice_the_form_is_the_first_games_and_an_unknown_game_is_no_choice(owner_client: Any) -> None:
    first = next(iter(REFEREES))
    for query in ({}, {"game": "poker"}):
        page = owner_client.get(reverse("check_hand"), query).content.decode()
        assert f'<input type="hidden" name="game" value="{first}">' in page
        assert len(NAME_INPUT.findall(page)) == GAMES[first].seats


def test_choosing_another_game_keeps_the_names_typed(owner_client: Any) -> None:
    query = {"game": "call_bridge", "player_0": "Anna", "player_1": "Ben"}
    page = owner_client.get(reverse("check_hand"), query).content.decode()
    assert 'name="player_0" value="Anna"' in page and 'name="player_1" value="Ben"' in page
    assert len(NAME_INPUT.findall(page)) == 4


def test_the_game_is_chosen_by_a_get_form_that_works_without_javascript(owner_client: Any) -> None:
    page = owner_client.get(reverse("check_hand")).content.decode()
    chooser = page[page.index('<form method="get"') : page.index("</form>", page.index('<form method="get"'))]
    assert 'name="game"' in chooser
    assert "<noscript><button" in chooser  # the button that shows the chosen game's form without a script


def test_a_two_player_hand_starts_with_two_names(owner_client: Any) -> None:
    response = owner_client.post(
        reverse("check_hand"), {"game": "klaberjass", "player_0": "Eva", "player_1": "Finn", "dealer": "1"}
    )
    assert response.status_code == 302
    page = owner_client.get(response["Location"]).content.decode()
    assert "Eva" in page and "Finn" in page


def test_a_dealer_past_the_games_seats_is_refused(owner_client: Any) -> None:
    response = owner_client.post(
        reverse("check_hand"), {"game": "klaberjass", "player_0": "Eva", "player_1": "Finn", "dealer": "3"}
    )
    assert response.status_code == 200
    assert "err-dealer" in response.content.decode()
    assert 'class="field-error" id="err-dealer">Select a valid choice' in response.content.decode()

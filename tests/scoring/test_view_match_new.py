"""Creating a match: players, first dealer, target and house rules."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.urls import reverse

from scoring.core.games import GAMES
from scoring.models import Match

pytestmark = pytest.mark.django_db


def field_error(response: Any, name: str) -> str:
    """The text of the error line under field ``name`` (scoring/_field.html and match_new.html)."""
    page = response.content.decode()
    found = re.search(rf'<small class="field-error" id="err-{name}">(.*?)</small>', page, re.S)
    assert found, f"no error line for {name}"
    return html.unescape(found.group(1))


def create(client: Any, **fields: Any) -> Any:
    data = {"first_dealer": "0", "player_0": "Anna", "player_1": "Ben", **fields}
    return client.post(reverse("match_new"), data)


def test_bridgette_match_is_created_with_its_flags(owner_client: Any, owner: Any) -> None:
    response = create(owner_client, game="bridgette", flags=["bg_multiply_insult"])
    match = Match.objects.get()
    assert response["Location"] == reverse("match", args=[match.pk])
    assert match.owner == owner
    assert match.players == ["Anna", "Ben"]
    assert match.flags == ["bg_multiply_insult"]
    assert match.target is None


def test_rules_0_3_another_games_house_rule_is_refused_at_the_field_not_dropped(owner_client: Any) -> None:
    response = create(owner_client, game="bridgette", flags=["bg_multiply_insult", "kj_target_501"])
    assert response.status_code == 200
    assert "is a Klaberjass flag" in field_error(response, "flags")
    assert "RULES-0.3" in field_error(response, "flags")
    assert not Match.objects.exists()


def test_r_cb_5_call_bridge_needs_a_target(owner_client: Any) -> None:
    response = create(owner_client, game="call_bridge", player_2="Cleo", player_3="Dan")
    assert response.status_code == 200
    assert "R-CB-5" in response.content.decode()
    assert not Match.objects.exists()


def test_call_bridge_needs_four_names(owner_client: Any) -> None:
    response = create(owner_client, game="call_bridge", target="30", player_2="Cleo")
    assert "needs 4 players" in response.content.decode()
    assert not Match.objects.exists()


def test_klaberjass_target_defaults_to_500(owner_client: Any) -> None:
    create(owner_client, game="klaberjass")
    assert Match.objects.get().target == 500


def test_r_kj_12_kj_target_501(owner_client: Any) -> None:
    create(owner_client, game="klaberjass", flags=["kj_target_501"])
    assert Match.objects.get().target == 501


def test_random_first_dealer_is_a_seat(owner_client: Any) -> None:
    create(owner_client, game="call_bridge", target="30", player_2="Cleo", player_3="Dan", first_dealer="random")
    assert Match.objects.get().first_dealer in {0, 1, 2, 3}


def test_anonymous_is_sent_to_login(client: Any) -> None:
    response = create(client, game="bridgette")
    assert response.status_code == 302
    assert not Match.objects.exists()


def test_signup_logs_the_new_account_in(client: Any) -> None:
    response = client.post(
        reverse("signup"), {"username": "zoe", "password1": "a-long-passphrase-1", "password2": "a-long-passphrase-1"}
    )
    assert response.status_code == 302
    assert client.get(reverse("match_new")).status_code == 200


# The form is laid out for the game chosen: its names, its target prefilled or left out, its house rules.
@pytest.mark.parametrize(
    ("game", "seats", "target"),
    [
        ("bridgette", 2, None),  # BG-1.3: six deals, no target
        ("draw_bridge", 2, "500"),  # R-DB-9: a target is agreed; 500 suggested
        ("call_bridge", 4, "30"),  # R-CB-5: a target is agreed; 30 suggested
        ("klaberjass", 2, "500"),  # KJ-1.1
        ("contract_bridge", 4, None),  # R-BR-1: a rubber or a Chicago round, no target
        ("belote", 4, "1000"),  # R-BL-13
    ],
)
def test_the_form_is_laid_out_for_the_game_chosen(owner_client: Any, game: str, seats: int, target: str | None) -> None:
    page = owner_client.get(reverse("match_new"), {"game": game}).content.decode()
    shown = re.findall(r'<input type="text" name="player_(\d)"[^>]*>', page)
    enabled = [tag for tag in re.findall(r'<input type="text" name="player_\d"[^>]*>', page) if "disabled" not in tag]
    assert len(shown) == 4
    assert len(enabled) == seats
    target_input = re.search(r'<input type="number" name="target"[^>]*>', page)
    assert target_input
    if target is None:
        assert "disabled" in target_input.group(0)
        assert re.search(r'<div id="target-field" hidden>', page)
    else:
        assert f'value="{target}"' in target_input.group(0)
        assert "disabled" not in target_input.group(0)
    # Only the chosen game's house rules can be ticked.
    for other in re.findall(r'<div class="rule-group" data-game="(\w+)" hidden>', page):
        assert other != game


@pytest.mark.parametrize("game", ["bridgette", "call_bridge", "belote"])
def test_the_page_says_the_games_seating_and_target_without_javascript(owner_client: Any, game: str) -> None:
    page = html.unescape(owner_client.get(reverse("match_new"), {"game": game}).content.decode())
    assert f'<small id="seating">{GAMES[game].seating}</small>' in page
    assert GAMES[game].target_text in page


def test_without_javascript_enter_in_a_name_field_starts_the_match(owner_client: Any) -> None:
    # Enter posts with the form's first button, "Show this game's players": the game has not changed.
    response = create(owner_client, game="bridgette", laid_out="bridgette", choose="1")
    assert response.status_code == 302
    assert Match.objects.get().players == ["Anna", "Ben"]


def test_bl_1_1_a_partnership_game_names_its_sides(owner_client: Any) -> None:
    page = owner_client.get(reverse("match_new"), {"game": "belote"}).content.decode()
    assert 'Sides: <span id="sides-names">Player 1 &amp; Player 3 v Player 2 &amp; Player 4</span>' in page


def test_without_javascript_choosing_another_game_keeps_the_names_and_creates_nothing(owner_client: Any) -> None:
    data = {"game": "call_bridge", "laid_out": "bridgette", "player_0": "Anna", "player_1": "Ben", "choose": "1"}
    response = owner_client.post(reverse("match_new"), data)
    page = response.content.decode()
    assert response.status_code == 200
    assert not Match.objects.exists()
    assert 'value="Anna"' in page and 'value="Ben"' in page
    assert re.search(r'<input type="text" name="player_3"(?![^>]*disabled)[^>]*>', page)
    assert re.search(r'<input type="number" name="target" value="30"', page)
    assert 'class="field-error" id="err-player_2"></small>' in page  # not refused: just laid out


@pytest.mark.parametrize("second", ["Anna", "anna", " ANNA "])
def test_a_duplicate_name_is_refused_at_its_field(owner_client: Any, second: str) -> None:
    response = create(owner_client, game="bridgette", player_1=second)
    assert "player 1 is already called Anna" in field_error(response, "player_1")
    assert not Match.objects.exists()


def test_a_duplicate_name_in_a_four_player_game_names_the_later_seat(owner_client: Any) -> None:
    response = create(owner_client, game="belote", player_2="Cleo", player_3="Ben")
    assert "player 2 is already called Ben" in field_error(response, "player_3")
    assert field_error(response, "player_1") == ""
    assert not Match.objects.exists()


def test_bg_1_1_a_third_name_for_a_two_player_game_is_refused_not_dropped(owner_client: Any) -> None:
    response = create(owner_client, game="bridgette", player_2="Cleo")
    assert "Bridgette has 2 players, not 3 (BG-1.1)" in field_error(response, "player_2")
    # The refused name stays in view, so it can be cleared.
    assert re.search(r'<input type="text" name="player_2" value="Cleo"(?![^>]*disabled)', response.content.decode())
    assert not Match.objects.exists()


@pytest.mark.parametrize(("game", "rule"), [("bridgette", "BG-1.3"), ("contract_bridge", "R-BR-1")])
def test_a_target_for_a_game_without_one_is_refused_not_dropped(owner_client: Any, game: str, rule: str) -> None:
    names = {"player_2": "Cleo", "player_3": "Dan"} if game == "contract_bridge" else {}
    response = create(owner_client, game=game, target="500", **names)
    error = field_error(response, "target")
    assert "has no target" in error and rule in error
    assert re.search(r'<input type="number" name="target" value="500"(?![^>]*disabled)', response.content.decode())
    assert not Match.objects.exists()


def test_r_kj_12_the_suggested_target_with_kj_target_501_is_refused_at_the_target(owner_client: Any) -> None:
    response = create(owner_client, game="klaberjass", target="500", flags=["kj_target_501"])
    assert "R-KJ-12" in field_error(response, "target")
    assert not Match.objects.exists()


def test_bg_3_1_a_first_dealer_past_the_seats_is_refused(owner_client: Any) -> None:
    response = create(owner_client, game="bridgette", first_dealer="3")
    assert "Bridgette has 2 players" in field_error(response, "first_dealer")
    assert "BG-3.1" in field_error(response, "first_dealer")
    assert not Match.objects.exists()


@pytest.mark.parametrize(
    "data",
    [
        {"game": "nonsense"},
        {"game": ["bridgette", "belote"], "player_0": "A", "player_1": "B", "first_dealer": "0"},
        {"game": "bridgette", "player_0": "A", "player_1": "B", "first_dealer": "x"},
        {"game": "bridgette", "player_0": "A", "player_1": "B", "first_dealer": "0", "target": "-1"},
        {"game": "bridgette", "player_0": "A", "player_1": "B", "first_dealer": "0", "flags": "nope"},
        {"game": "call_bridge", "player_0": "A", "first_dealer": "0", "target": "1e9"},
        {"choose": "1", "game": "\x00"},
    ],
)
def test_odd_posts_are_refused_with_a_message_never_a_server_error(owner_client: Any, data: dict[str, Any]) -> None:
    response = owner_client.post(reverse("match_new"), data)
    assert response.status_code == 200
    assert not Match.objects.exists()


def test_odd_game_in_the_address_lays_out_the_first_game(owner_client: Any) -> None:
    assert owner_client.get(reverse("match_new"), {"game": "x" * 500}).status_code == 200


def test_the_page_holds_no_python_value(owner_client: Any) -> None:
    page = owner_client.get(reverse("match_new"), {"game": "belote"}).content.decode()
    visible = re.sub(r"<script.*?</script>", "", page, flags=re.S)
    assert "None" not in visible and "{'" not in visible and "True" not in visible and "False" not in visible


def test_another_game_tapped_gets_the_form_laid_out_for_it_by_the_server(owner_client: Any) -> None:
    # htmx asks for Belote's form with the two names typed so far: four seats (BL-1.1), the target 1,000.
    response = owner_client.get(
        reverse("match_new"), {"game": "belote", "player_0": "Anna", "player_1": "Ben"}, headers={"HX-Request": "true"}
    )
    page = response.content.decode()
    assert page.lstrip().startswith('<form method="post" action="/matches/new/" id="new-match"')
    assert "<html" not in page
    assert '<input type="hidden" name="laid_out" value="belote">' in page
    assert 'name="player_0" value="Anna"' in page and 'name="player_1" value="Ben"' in page
    assert len(re.findall(r'<div class="name-field" data-seat="\d">', page)) == 4  # none hidden
    assert 'name="target" value="1000"' in page

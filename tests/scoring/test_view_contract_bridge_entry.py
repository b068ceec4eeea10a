"""Contract Bridge at the table, through the views: the new-match form names the seats North to West and asks rubber
or Chicago first (BR-1.1, R-BR-2); the deal form takes the result as it is said ("=", "+1", "−2") and stores the
tricks (BR-9.1); the match page, the share page and the report show the score pad."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.urls import reverse
from django.utils import translation

from scoring.core.base import seat_titles
from scoring.core.games import GAMES
from scoring.core.match import parse_match
from scoring.forms import DealForm, entry_to_initial
from scoring.models import Match
from scoring.share import renew_share_link

pytestmark = pytest.mark.django_db

GAME = GAMES["contract_bridge"]
FOUR = {"player_0": "Anna", "player_1": "Ben", "player_2": "Cleo", "player_3": "Dev", "first_dealer": "0"}
MATCH = parse_match({"game": "contract_bridge", "players": ["Anna", "Ben", "Cleo", "Dev"], "first_dealer": 0})


def post(data: dict[str, str]) -> DealForm:
    form = DealForm(data, match_file=MATCH)
    form.is_valid()
    return form


def test_br_1_1_the_new_match_form_names_the_seats_north_to_west(owner_client: Any) -> None:
    page = owner_client.get(reverse("match_new"), {"game": "contract_bridge"}).content.decode()
    labels = re.findall(r'<label for="id_player_(\d)">([^<]*)</label>', page)
    assert labels == [("0", "North"), ("1", "East"), ("2", "South"), ("3", "West")]
    assert 'Sides: <span id="sides-names">North &amp; South v East &amp; West</span>' in page
    # A game whose rules give the seats no names keeps their numbers.
    page = owner_client.get(reverse("match_new"), {"game": "belote"}).content.decode()
    assert '<label for="id_player_0">Player 1</label>' in page


def test_r_br_2_rubber_or_chicago_is_the_first_choice_and_not_a_house_rule(owner_client: Any) -> None:
    page = owner_client.get(reverse("match_new"), {"game": "contract_bridge"}).content.decode()
    # The form's own questions, in order (the header's menu also links to Players).
    assert page.index("Rubber or Chicago") < page.index("<legend><strong>Players</strong></legend>")
    assert 'name="first_br_chicago" value="off" checked' in page
    assert 'name="flags" value="br_chicago"' not in page  # not among the house-rule boxes
    owner_client.post(reverse("match_new"), {"game": "contract_bridge", "first_br_chicago": "on", **FOUR})
    assert Match.objects.get().flags == ["br_chicago"]


def test_r_br_2_a_rubber_is_the_default(owner_client: Any) -> None:
    owner_client.post(reverse("match_new"), {"game": "contract_bridge", "first_br_chicago": "off", **FOUR})
    assert Match.objects.get().flags == []


def test_br_9_1_the_result_is_stored_as_the_tricks() -> None:
    # 4♠ by South needs 10 tricks: "=" is 10, "+1" 11, "−2" 8 (BR-6.1).
    for result, tricks in (("0", 10), ("1", 11), ("-2", 8), ("3", 13), ("-10", 0)):
        form = post({"declarer": "2", "level": "4", "strain": "S", "tricks": result})
        assert form.is_valid(), form.errors
        assert form.entry()["tricks"] == tricks


def test_br_9_1_a_result_the_contract_cannot_have_is_refused_at_the_field() -> None:
    form = post({"declarer": "2", "level": "4", "strain": "S", "tricks": "4"})  # +4 would be 14 tricks
    assert not form.is_valid()
    assert form.errors["tricks"] == [
        "+4 would make 14 tricks for a contract that needs 10; a deal has 0 to 13 (BR-9.1)."
    ]
    form = post({"declarer": "2", "level": "4", "strain": "S", "tricks": "9"})  # no such button
    assert "is not allowed for Result (BR-9.1)" in form.errors["tricks"][0]


def test_br_9_1_an_edit_shows_the_stored_tricks_as_the_result() -> None:
    spec = GAME.entry_spec(frozenset())
    entry = {"declarer": 0, "level": 3, "strain": "NT", "doubled": 0, "tricks": 10, "honours": "none", "stopped": False}
    assert entry_to_initial(entry, spec)["tricks"] == "1"  # 3NT needs 9: +1
    form = DealForm(match_file=MATCH, entry=entry)
    assert 'value="1" id="id_tricks_1" checked' in str(form["tricks"])


def test_br_1_1_the_declarer_buttons_name_the_seat_and_the_player() -> None:
    buttons = str(DealForm(match_file=MATCH)["declarer"])
    labels = [html.unescape(label) for label in re.findall(r"<label for=\"id_declarer_\d\">([^<]*)</label>", buttons)]
    assert labels == ["N · Anna", "E · Ben", "S · Cleo", "W · Dev"]


def test_br_7_1_the_match_share_and_report_pages_show_the_rubber_pad(owner_client: Any, make_match: Any) -> None:
    # 4♠ S = (120 below N-S: game 1 to N-S), then 3NT E −2 (N-S 100 above).
    deals = [
        {"declarer": 2, "level": 4, "strain": "S", "doubled": 0, "tricks": 10},
        {"declarer": 1, "level": 3, "strain": "NT", "doubled": 0, "tricks": 7},
    ]
    match = make_match("contract_bridge", deals=deals)
    token = renew_share_link(match=match)
    for url in (
        reverse("match", args=[match.pk]),
        reverse("shared_match", args=[token]),
        reverse("report", args=[match.pk]),
    ):
        page = html.unescape(owner_client.get(url).content.decode())
        assert "<caption>Rubber score pad</caption>" in page, url
        assert '<tbody class="pad-game closed">' in page, url
        assert 'scope="rowgroup" colspan="3">Game 1 · neither side vulnerable</th>' in page, url
        assert 'scope="rowgroup" colspan="3">Game 2 · N-S vulnerable</th>' in page, url
        assert re.search(r'<th scope="row">Total</th><td class="num">220</td><td class="num">0</td>', page), url
        assert "4♠ S =" in page and "3NT E −2" in page, url


def test_a_game_without_a_pad_of_its_own_shows_none(owner_client: Any, make_match: Any) -> None:
    match = make_match("belote", deals=[{"passed_out": True}])
    assert 'class="pad"' not in owner_client.get(reverse("match", args=[match.pk])).content.decode()


def test_br_1_1_each_language_writes_the_seats_with_its_own_letters() -> None:
    # Hungarian bridge names the seats Észak, Kelet, Dél, Nyugat: É, K, D, Ny; Polish keeps N, E, S, W.
    deal = GAME.parse_deal({"declarer": 2, "level": 4, "strain": "S", "doubled": 1, "tricks": 9}, frozenset())
    with translation.override("hu"):
        assert GAME.describe(deal, MATCH.players) == "4♠X D −1"
        assert seat_titles(GAME, MATCH.players) == ("É · Anna", "K · Ben", "D · Cleo", "Ny · Dev")
    with translation.override("pl"):
        assert GAME.describe(deal, MATCH.players) == "4♠X S −1"


def test_rules_0_3_another_game_s_first_choice_is_refused_not_dropped(owner_client: Any) -> None:
    data = {"game": "belote", "first_br_chicago": "on", "target": "1000", **FOUR}
    response = owner_client.post(reverse("match_new"), data)
    assert response.status_code == 200
    assert "is a Contract Bridge flag" in html.unescape(response.content.decode())
    assert not Match.objects.exists()

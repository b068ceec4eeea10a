"""The players page, a player's statistics page and its CSV (scoring/views/players.py), and the names offered on the
new-match form: on the three matches worked out by hand in tests/scoring/test_stats.py. Only the user's own matches
are read; every bad parameter gets a page that says why."""

from __future__ import annotations

import csv
import html
import io
import re
from typing import Any

import pytest
from django.urls import reverse

from scoring.core.match import parse_match
from scoring.services import create_match
from tests.conftest import sample_entry
from tests.scoring.test_stats import ANNA_2H, ANNA_6D, BEN_1C, BEN_1NT, contract

pytestmark = pytest.mark.django_db


def add(user: Any, game: str, players: list[str], deals: list[Any], target: int | None = None) -> Any:
    doc = {"game": game, "players": players, "first_dealer": 0, "target": target, "flags": [], "deals": deals}
    return create_match(owner=user, match_file=parse_match(doc))


@pytest.fixture
def three(owner: Any) -> list[Any]:
    """The matches of test_stats.py, oldest first: Bridgette won by Anna, Bridgette not over, Belote won by Anna
    & Cleo."""
    return [
        add(owner, "bridgette", ["Anna", "Ben"], [ANNA_2H, BEN_1NT, ANNA_6D, BEN_1NT, ANNA_2H, BEN_1C]),
        add(owner, "bridgette", ["Ben", "Anna"], [contract(1, 3, "NT", 7), contract(1, 4, "S", 10)]),
        add(
            owner,
            "belote",
            ["Anna", "Ben", "Cleo", "Dan"],
            [sample_entry("belote", "BL1"), sample_entry("belote", "BL2")],
            target=300,
        ),
    ]


@pytest.fixture
def strangers_match(stranger: Any) -> Any:
    """Another account's match: Anna again (a name is no key across accounts), and Xena."""
    return add(stranger, "bridgette", ["Xena", "Anna"], [contract(1, 7, "NT", 13)])


def text(response: Any) -> str:
    """The page's main text, tags dropped and spaces squeezed."""
    main = response.content.decode().split("<main", 1)[1].split("</main>", 1)[0]
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", main)))


def stats_url(**params: str) -> str:
    query = "&".join(f"{key}={value}" for key, value in params.items())
    return f"{reverse('player_stats')}?{query}"


def test_the_players_page_lists_the_names_most_played_first(owner_client: Any, three: list[Any]) -> None:
    page = text(owner_client.get(reverse("players")))
    # Anna and Ben are in 3 matches each, Cleo and Dan in 1: ties alphabetical.
    assert re.findall(r"(Anna|Ben|Cleo|Dan) (\d) match", page) == [
        ("Anna", "3"),
        ("Ben", "3"),
        ("Cleo", "1"),
        ("Dan", "1"),
    ]


def test_the_players_page_shows_no_other_accounts_names(
    owner_client: Any, three: list[Any], strangers_match: Any
) -> None:
    page = text(owner_client.get(reverse("players")))
    assert "Xena" not in page
    assert "Anna 3 matches" in page  # the stranger's match with an Anna is not counted


def test_annas_statistics(owner_client: Any, three: list[Any]) -> None:
    response = owner_client.get(stats_url(player="anna"))
    assert response.status_code == 200
    page = text(response)
    assert "Statistics of Anna" in page
    assert "3 matches played, 2 won." in page
    # Bridgette (test_stats.py): 2 played, 1 won, 3,600 in 8 deals, 4 of 5 contracts, best 1,600 in match 1 deal 3.
    assert (
        "Bridgette Matches played 2 Matches won 1 Points per deal 450.0 (3,600 in 8 deals) "
        "Contracts and calls made 4 of 5 Best deal 1,600 points: Anna v Ben, deal 3"
    ) in page
    # Belote: 1 played and won, 382 in 2 deals, 1 of 1 taking made, best 212 in match 3 deal 2.
    assert (
        "Belote Matches played 1 Matches won 1 Points per deal 191.0 (382 in 2 deals) "
        "Contracts and calls made 1 of 1 Best deal 212 points: Anna & Cleo v Ben & Dan, deal 2"
    ) in page
    assert "Head to head Opponent Matches Won Lost Ben 3 2 0 Dan 1 1 0" in page
    body = response.content.decode()
    assert f'href="{reverse("match", args=[three[0].pk])}">Anna v Ben, deal 3</a>' in body
    assert (
        'role="img"' in body
        and "Matches won of those played, per game: Bridgette: 1 of 2 won; Belote: 1 of 1 won." in body
    )
    # Bridgette's points per deal, match by match: 2,600 / 6 = 433.3, then 1,000 / 2 = 500.0.
    assert "Points per deal in each match of Bridgette, oldest first: 433.3, 500.0." in body


def test_another_accounts_matches_are_never_counted(owner_client: Any, three: list[Any], strangers_match: Any) -> None:
    page = text(owner_client.get(stats_url(player="Anna")))
    assert "3 matches played, 2 won." in page
    assert "Xena" not in page and "2,500" not in page  # the stranger's 7NT


def test_a_name_only_another_account_plays_with_is_not_found(owner_client: Any, strangers_match: Any) -> None:
    response = owner_client.get(stats_url(player="Xena"))
    assert response.status_code == 404
    assert "None of your matches has a player called “Xena”." in text(response)
    assert owner_client.get(f"{reverse('player_stats_csv')}?player=Xena").status_code == 404


def test_one_game_alone(owner_client: Any, three: list[Any]) -> None:
    page = text(owner_client.get(stats_url(player="Anna", game="belote")))
    assert "1 match played, 1 won. (Belote)" in page
    assert "Bridgette Matches played" not in page
    assert "Head to head Opponent Matches Won Lost Ben 1 1 0 Dan 1 1 0" in page


def test_a_game_the_player_has_not_played(owner_client: Any, three: list[Any]) -> None:
    response = owner_client.get(stats_url(player="Anna", game="klaberjass"))
    assert response.status_code == 200
    assert "Anna has played no match of Klaberjass." in text(response)


@pytest.mark.parametrize(
    ("query", "status", "says"),
    [
        ("", 400, "Say whose statistics to show: choose a player below."),
        ("player=", 400, "Say whose statistics to show: choose a player below."),
        ("player=%20%20", 400, "Say whose statistics to show: choose a player below."),
        ("player=Zoe", 404, "None of your matches has a player called “Zoe”."),
        ("player=%00%FF", 404, "None of your matches has a player called"),
        (f"player={'A' * 5000}", 404, "None of your matches has a player called"),
        ("player=Anna&game=chess", 400, "There is no game called “chess”: choose a player, then a game."),
        ("player=Anna&game=", 200, "3 matches played, 2 won."),
        ("player=Anna&player=Ben", 200, "Statistics of Ben"),  # the last one given, as Django reads a query
    ],
)
def test_bad_parameters_are_answered_in_words(
    owner_client: Any, three: list[Any], query: str, status: int, says: str
) -> None:
    response = owner_client.get(f"{reverse('player_stats')}?{query}")
    assert response.status_code == status
    assert says in text(response)


def test_the_csv_holds_the_same_figures(owner_client: Any, three: list[Any]) -> None:
    response = owner_client.get(f"{reverse('player_stats_csv')}?player=Anna")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == 'attachment; filename="stats-anna.csv"'
    body = response.content.decode("utf-8")
    assert body.startswith("\ufeff")
    rows = list(csv.reader(io.StringIO(body[1:])))
    match1, match3 = three[0].pk, three[2].pk
    assert rows == [
        [
            "game",
            "opponent",
            "matches played",
            "matches won",
            "matches lost",
            "deals",
            "points",
            "points per deal",
            "contracts",
            "made",
            "best deal points",
            "best deal match",
            "best deal number",
        ],
        ["bridgette", "", "2", "1", "", "8", "3600", "450.0", "5", "4", "1600", str(match1), "3"],
        ["belote", "", "1", "1", "", "2", "382", "191.0", "1", "1", "212", str(match3), "2"],
        ["", "Ben", "3", "2", "0", "", "", "", "", "", "", "", ""],
        ["", "Dan", "1", "1", "0", "", "", "", "", "", "", "", ""],
    ]


def test_the_csv_of_one_game_and_a_name_that_reads_as_a_formula(owner: Any, owner_client: Any) -> None:
    add(owner, "bridgette", ["=Eve", "Anna"], [contract(0, 2, "H", 8)])
    rows = list(
        csv.reader(
            io.StringIO(
                owner_client.get(f"{reverse('player_stats_csv')}?player=Anna&game=bridgette").content.decode("utf-8")[
                    1:
                ]
            )
        )
    )
    # Eve's 2♥ made (500 to her): Anna has 0 points in 1 deal and no contract; the opponent's name is kept as text.
    assert rows[1:] == [
        ["bridgette", "", "1", "0", "", "1", "0", "0.0", "0", "0", "0", rows[1][11], "1"],
        ["", "'=Eve", "1", "0", "0", "", "", "", "", "", "", "", ""],
    ]


def test_the_csv_answers_bad_parameters_in_words(owner_client: Any, three: list[Any]) -> None:
    response = owner_client.get(f"{reverse('player_stats_csv')}?player=Anna&game=chess")
    assert (response.status_code, response.content.decode()) == (
        400,
        "There is no game called “chess”: choose a player, then a game.",
    )


@pytest.mark.parametrize("count", [1, 4])
def test_the_query_count_does_not_grow_with_matches(
    owner: Any, owner_client: Any, django_assert_num_queries: Any, count: int
) -> None:
    for _ in range(count):
        add(owner, "bridgette", ["Anna", "Ben"], [ANNA_2H, BEN_1NT])
    # session, user, the user's matches, all their deals.
    with django_assert_num_queries(4):
        page = text(owner_client.get(stats_url(player="Anna")))
    assert f"Matches played {count} " in page
    with django_assert_num_queries(4):
        owner_client.get(f"{reverse('player_stats_csv')}?player=Anna")
    # session, user, the players of the user's matches.
    with django_assert_num_queries(3):
        owner_client.get(reverse("players"))


@pytest.mark.parametrize("name", ["players", "player_stats", "player_stats_csv"])
def test_logged_out_is_sent_to_log_in(client: Any, name: str) -> None:
    response = client.get(f"{reverse(name)}?player=Anna")
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


@pytest.mark.parametrize("name", ["players", "player_stats", "player_stats_csv"])
def test_get_only(owner_client: Any, name: str) -> None:
    assert owner_client.post(f"{reverse(name)}?player=Anna").status_code == 405


def test_the_new_match_form_offers_the_accounts_names_most_used_first(
    owner_client: Any, three: list[Any], strangers_match: Any
) -> None:
    body = owner_client.get(reverse("match_new")).content.decode()
    datalist = re.search(r'<datalist id="player-names">(.*?)</datalist>', body, re.S)
    assert datalist is not None
    assert re.findall(r'<option value="([^"]*)">', datalist.group(1)) == ["Anna", "Ben", "Cleo", "Dan"]
    assert body.count('list="player-names"') == 4  # each name field


def test_a_new_account_is_offered_no_names(stranger_client: Any, three: list[Any]) -> None:
    body = stranger_client.get(reverse("match_new")).content.decode()
    assert '<datalist id="player-names"></datalist>' in body


def test_the_home_page_links_the_players(owner_client: Any, three: list[Any]) -> None:
    assert f'href="{reverse("players")}"' in owner_client.get(reverse("home")).content.decode()


def test_a_match_its_rules_can_no_longer_score_is_left_out_and_said(owner_client: Any, three: list[Any]) -> None:
    three[1].deals.filter(number=1).update(entry={"declarer": 0, "level": 9})  # no level 9 (BG-7.5)
    response = owner_client.get(stats_url(player="Anna"))
    assert response.status_code == 200
    page = text(response)
    assert "1 match cannot be scored under today's rules and is left out." in page
    # Matches 1 and 3 alone: Bridgette 1 played and won, 2,600 in 6 deals.
    assert "2 matches played, 2 won." in page
    assert "Bridgette Matches played 1 Matches won 1 Points per deal 433.3 (2,600 in 6 deals)" in page


def test_a_negative_points_per_deal_is_drawn_below_the_zero_line(owner: Any, owner_client: Any) -> None:
    # Call Bridge, no target reached: deal C1 (R-CB-2, R-CB-4) gives Cleo −2, then a match with deal C2 gives her −2.
    c1, c2 = sample_entry("call_bridge", "§6.2 C1"), sample_entry("call_bridge", "§6.2 C2")
    add(owner, "call_bridge", ["Anna", "Ben", "Cleo", "Dan"], [c1], target=30)
    add(owner, "call_bridge", ["Anna", "Ben", "Cleo", "Dan"], [c1, c2], target=30)
    body = owner_client.get(stats_url(player="Cleo")).content.decode()
    page = text(owner_client.get(stats_url(player="Cleo")))
    # −2 in 1 deal, then −4 in 2 deals: −2.0 a deal each time, and 0 of 3 calls made.
    assert "Points per deal −2.0 (−6 in 3 deals) Contracts and calls made 0 of 3" in page
    assert "Points per deal in each match of Call Bridge, oldest first: −2.0, −2.0." in body
    # The chart's top is 0 and its bottom −2.0, labelled at the foot of the chart.
    assert '<text x="56" y="180" text-anchor="end">−2.0</text>' in body
    assert body.count(">0</text>") == 1  # the zero line's label, once at the top

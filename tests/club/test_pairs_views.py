"""A duplicate pairs session's pages with the test client (docs/rules/duplicate.md): made with its movement, a
round's results entered as bridge players write them, the travellers and the standings, worked by hand."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from club.models import BoardResult, PairsSession

pytestmark = pytest.mark.django_db

PAIRS = ["Anna & Ben", "Cleo & Dan", "Eve & Finn", "Gus & Hana", "Ida & Jon", "Kim & Leo", "Max & Nora", "Olga & Pia"]


def new_session(client: Any, tables: int = 3, **fields: Any) -> PairsSession:
    data = {
        "name": "Tuesday pairs",
        "tables": str(tables),
        "boards_per_round": "3",
        "scoring": "matchpoints",
        "pairs": "\n".join(PAIRS[: 2 * tables] if tables <= 4 else [f"A{n} & B{n}" for n in range(2 * tables)]),
        **fields,
    }
    response = client.post(reverse("club_pairs_new"), data)
    assert response.status_code == 302, response.content.decode()[:3000]
    return PairsSession.objects.latest("id")


def table_url(session: PairsSession, number: int, table: int) -> str:
    return reverse("club_pairs_table", args=[session.pk, number, table])


def enter(client: Any, session: PairsSession, number: int, table: int, rows: dict[int, tuple[str, str, str]]) -> Any:
    data = {}
    for board, (contract, declarer, result) in rows.items():
        data.update({f"b{board}-contract": contract, f"b{board}-declarer": declarer, f"b{board}-result": result})
    return client.post(table_url(session, number, table), data)


# Round 1 of the three-table Howell (DP-2.5): every table plays set 1, boards 1 to 3; 6-1 at table 1, 5-2 at table
# 2, 4-3 at table 3. Board 1: nobody vulnerable; board 2: N-S vulnerable (DP-1.2), the D1 example's results.
ROUND_1 = {
    1: {1: ("3NT", "0", "0"), 2: ("4H", "2", "0")},  # +400; +620
    2: {1: ("3NT", "0", "1"), 2: ("4h", "2", "1")},  # +430; +650
    3: {1: ("4SX", "3", "-3"), 2: ("2♥", "0", "2")},  # E-W down 3 doubled, not vulnerable, +500; +170
}


def play_round_1(client: Any, session: PairsSession) -> None:
    for table, rows in ROUND_1.items():
        assert enter(client, session, 1, table, rows).status_code == 302


def test_dp_2_1_a_session_of_three_tables_is_a_howell_and_shows_its_movement(client: Any, owner: Any) -> None:
    client.force_login(owner)
    assert client.get(reverse("club_pairs_new")).status_code == 200
    session = new_session(client)
    assert session.pairs[0] == "Anna & Ben" and session.tables == 3
    page = client.get(reverse("club_pairs", args=[session.pk])).content.decode()
    assert "Howell" in page
    # DP-2.5, round 2: 6-2 at table 2... table 1 holds 6-2, table 2 1-3, table 3 5-4, all playing set 2 (4 to 6).
    assert table_url(session, 5, 3) in page and table_url(session, 6, 1) not in page
    round_2 = client.get(table_url(session, 2, 2)).content.decode()
    assert "N-S 1 Anna &amp; Ben" in round_2 and "E-W 3 Eve &amp; Finn" in round_2
    assert "Board 4" in round_2 and "Board 6" in round_2 and "Board 7" not in round_2
    assert session.pk in {s.pk for s in client.get(reverse("club_events")).context["sessions"]}


def test_dp_2_6_four_tables_seat_the_published_howell(client: Any, owner: Any) -> None:
    client.force_login(owner)
    session = new_session(client, tables=4, boards_per_round="2")
    # DP-2.6, round 1: 7-3 at table 4 plays set 5, boards 9 and 10.
    page = client.get(table_url(session, 1, 4)).content.decode()
    assert "N-S 7 Max &amp; Nora" in page and "E-W 3 Eve &amp; Finn" in page
    assert "Board 9" in page and "Board 10" in page and "Board 8" not in page
    assert client.get(table_url(session, 8, 1)).status_code == 404  # seven rounds
    assert client.get(table_url(session, 1, 5)).status_code == 404


def test_dp_6_1_a_mitchell_ranks_two_fields(client: Any, owner: Any) -> None:
    client.force_login(owner)
    session = new_session(client, tables=5)
    page = client.get(reverse("club_pairs", args=[session.pk])).content.decode()
    assert "Mitchell" in page and "N-S pairs" in page and "E-W pairs" in page


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"tables": "2"}, "Ensure this value is greater than or equal to 3"),
        ({"pairs": "Anna & Ben\nCleo & Dan"}, "3 tables seat 6 pairs, not 2: two pairs a table (DP-2.1)."),
        ({"pairs": "Anna\nB & C"}, "Pair 1 (“Anna”): give two names"),
        ({"pairs": "\n".join([*PAIRS[:5], "Anna & Zoe"])}, "Anna is already in another pair."),
        ({"scoring": "golf"}, "Select a valid choice"),
    ],
)
def test_a_refused_session_names_its_field(client: Any, owner: Any, fields: dict[str, str], words: str) -> None:
    client.force_login(owner)
    data = {"name": "x", "tables": "3", "boards_per_round": "3", "scoring": "matchpoints"}
    data["pairs"] = "\n".join(PAIRS[:6])
    response = client.post(reverse("club_pairs_new"), {**data, **fields})
    assert response.status_code == 422
    assert words in response.content.decode()
    assert not PairsSession.objects.exists()


def test_dp_1_4_results_are_read_as_written_and_stored(client: Any, owner: Any) -> None:
    client.force_login(owner)
    session = new_session(client)
    play_round_1(client, session)
    stored = {(r.board, r.table): r.entry for r in BoardResult.objects.filter(session=session)}
    assert stored[1, 3] == {"declarer": 3, "level": 4, "strain": "S", "doubled": 1, "tricks": 7}
    assert stored[2, 2] == {"declarer": 2, "level": 4, "strain": "H", "doubled": 0, "tricks": 11}
    assert len(stored) == 6
    # The form shows a stored result again as it was written.
    page = client.get(table_url(session, 1, 3)).content.decode()
    assert 'value="4SX"' in page


def test_dp_1_4_a_bad_row_is_refused_by_field_and_rule_and_the_good_rows_are_kept(client: Any, owner: Any) -> None:
    client.force_login(owner)
    session = new_session(client)
    rows = {1: ("8S", "0", "0"), 2: ("4H", "2", "0"), 3: ("7NT", "0", "1")}
    response = enter(client, session, 1, 1, rows)
    assert response.status_code == 422
    page = response.content.decode()
    assert "Board 1, Contract:" in page and "not 8 (DP-1.4)" in page
    assert "Board 3, Result:" in page and "+1 would make 14 tricks" in page
    assert 'value="8S"' in page  # what was typed is shown again
    assert list(BoardResult.objects.values_list("board", "table")) == [(2, 1)]
    response = enter(client, session, 1, 1, {1: ("4S", "", "0")})
    assert "Board 1, Declarer:" in response.content.decode() and "(DP-1.4)" in response.content.decode()
    response = enter(client, session, 1, 1, {1: ("4S", "0", "")})
    assert "Board 1, Result:" in response.content.decode()
    response = enter(client, session, 1, 1, {1: ("four spades", "0", "0")})
    assert "Board 1, Contract:" in response.content.decode()
    # A row left empty removes nothing but that board's own result; board 2's stays.
    assert BoardResult.objects.filter(session=session, board=2, table=1).exists()


def test_dp_4_the_traveller_and_the_standings_at_matchpoints(client: Any, owner: Any) -> None:
    client.force_login(owner)
    session = new_session(client)
    play_round_1(client, session)
    page = client.get(reverse("club_pairs_board", args=[session.pk, 2]))
    lines = [(t.line.table, t.written, t.ns_score, t.ns, t.ew) for t in page.context["lines"]]
    # DP-4.1, DP-4.2 (top 4): +650 beats two, 4; +620 beats one, 2; +170, 0. E-W the other way.
    assert lines == [
        (1, "4♥ S =", "620", "2.00", "2.00"),
        (2, "4♥ S +1", "650", "4.00", "0.00"),
        (3, "2♥ N +2", "170", "0.00", "4.00"),
    ]
    board_1 = client.get(reverse("club_pairs_board", args=[session.pk, 1])).context["lines"]
    assert [(t.written, t.ns_score, t.ns) for t in board_1] == [
        ("3NT N =", "400", "0.00"),
        ("3NT N +1", "430", "2.00"),
        ("4♠X W \u22123", "500", "4.00"),
    ]
    # DP-6.2: two boards each, tops 8. Pair 6 (N-S at table 1) 0 + 2 = 2, 25%; pair 1 4 + 2 = 6, 75%; pair 5 2 + 4,
    # 75%; pair 2 2 + 0, 25%; pair 4 4 + 0, 50%; pair 3 0 + 4, 50%. DP-6.3: shared ranks.
    state = client.get(reverse("club_pairs", args=[session.pk])).context["state"]
    (field,) = state.fields
    assert [(r.standing.pair, r.standing.rank, r.figure) for r in field] == [
        (1, "1=", "75.00"),
        (5, "1=", "75.00"),
        (3, "3=", "50.00"),
        (4, "3=", "50.00"),
        (2, "5=", "25.00"),
        (6, "5=", "25.00"),
    ]


def test_dp_5_2_butler_imps(client: Any, owner: Any) -> None:
    client.force_login(owner)
    session = new_session(client, scoring="butler")
    play_round_1(client, session)
    # Board 2: datum (620 + 650 + 170) / 3 = 480 (R-DP-4 keeps all of three): +140 4 IMPs, +170 5, -310 -7.
    board_2 = client.get(reverse("club_pairs_board", args=[session.pk, 2])).context["lines"]
    m = "\u2212"
    assert [(t.ns, t.ew) for t in board_2] == [("+4.00", f"{m}4.00"), ("+5.00", f"{m}5.00"), (f"{m}7.00", "+7.00")]
    # Board 1: 1330 / 3 = 443.3, datum 440: -40 -1, -10 0, +60 +2. Totals: pair 6 -1 + 4 = +3, pair 1 -3,
    # pair 5 0 + 5 = +5, pair 2 -5, pair 4 2 - 7 = -5, pair 3 +5 (DP-6.3).
    (field,) = client.get(reverse("club_pairs", args=[session.pk])).context["state"].fields
    assert [(r.standing.pair, r.standing.rank, r.figure) for r in field] == [
        (3, "1=", "+5.00"),
        (5, "1=", "+5.00"),
        (6, "3", "+3.00"),
        (1, "4", "\u22123.00"),
        (2, "5=", "\u22125.00"),
        (4, "5=", "\u22125.00"),
    ]


def test_the_results_csv_holds_the_standings_and_the_travellers(client: Any, owner: Any) -> None:
    client.force_login(owner)
    session = new_session(client)
    play_round_1(client, session)
    response = client.get(reverse("club_pairs_csv", args=[session.pk]))
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0] == ["place", "pair", "names", "boards", "percent"]
    assert rows[1] == ["1=", "1", "Anna & Ben", "2", "75.00"]
    assert ["2", "1", "2", "5", "2", "4♥ S +1", "650", "4.00", "0.00"] in rows


def test_a_table_link_enters_that_table_s_results_and_no_other_s(client: Any, owner: Any) -> None:
    client.force_login(owner)
    session = new_session(client)
    links = client.get(reverse("club_pairs", args=[session.pk])).context["links"]
    assert [link["table"] for link in links] == [1, 2, 3]
    phone = Client()  # anonymous: the link alone lets it in
    table_3 = links[2]["url"].removeprefix("http://testserver")
    page = phone.get(table_3).content.decode()
    # DP-2.5: table 3 holds 4-3 in round 1 and 2-1 in round 4 (N-S first).
    assert "4 · Gus &amp; Hana" in page and "2 · Cleo &amp; Dan" in page
    key = table_3.rstrip("/").rsplit("/", 1)[1]
    round_1 = reverse("club_pairs_phone_round", args=[session.token, 3, key, 1])
    data = {"b1-contract": "4SX", "b1-declarer": "3", "b1-result": "-3"}
    assert phone.post(round_1, data).status_code == 302
    assert BoardResult.objects.get(session=session, table=3).entry["doubled"] == 1
    # Table 3's key opens no other table, and a made-up key none.
    assert phone.get(reverse("club_pairs_phone", args=[session.token, 2, key])).status_code == 404
    assert phone.post(reverse("club_pairs_phone_round", args=[session.token, 2, key, 1]), data).status_code == 404
    assert phone.get(reverse("club_pairs_phone", args=[session.token, 3, "0" * 20])).status_code == 404
    assert phone.get(reverse("club_pairs_phone", args=[session.token, 9, key])).status_code == 404
    assert BoardResult.objects.filter(session=session).count() == 1
    # The director's pages stay the director's.
    assert phone.get(reverse("club_pairs", args=[session.pk])).status_code == 302


def test_dp_4_5_an_artificial_score_on_the_traveller(client: Any, owner: Any) -> None:
    client.force_login(owner)
    session = new_session(client)
    assert enter(client, session, 1, 1, {2: ("4H", "2", "0")}).status_code == 302  # +620
    assert enter(client, session, 1, 2, {2: ("4H", "2", "1")}).status_code == 302  # +650
    assert enter(client, session, 1, 3, {2: ("A+/A-", "", "")}).status_code == 302
    assert BoardResult.objects.get(table=3).entry == {"adjusted": ["AVERAGE_PLUS", "AVERAGE_MINUS"]}
    lines = client.get(reverse("club_pairs_board", args=[session.pk, 2])).context["lines"]
    # DP-4.5, top 4: table 3's N-S 60% of 4, 2.4; E-W 40%, 1.6. DP-4.4: +650 beats +620, 2 of 2, factored from
    # two results to three (2 + 1) x 3/2 - 1 = 3.5; +620, (0 + 1) x 3/2 - 1 = 0.5. E-W the top less N-S's.
    assert [(t.written, t.ns_score, t.ns, t.ew) for t in lines] == [
        ("4♥ S =", "620", "0.50", "3.50"),
        ("4♥ S +1", "650", "3.50", "0.50"),
        ("A+/A-", "", "2.40", "1.60"),
    ]
    assert 'value="A+/A-"' in client.get(table_url(session, 1, 3)).content.decode()
    response = enter(client, session, 1, 3, {2: ("A+", "", "")})
    assert response.status_code == 422 and "Board 2, Contract:" in response.content.decode()
    assert "(DP-3.2)" in response.content.decode()
    assert BoardResult.objects.get(table=3).entry == {"adjusted": ["AVERAGE_PLUS", "AVERAGE_MINUS"]}

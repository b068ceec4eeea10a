"""The JSON sheet carries the state of each deal and of the match (docs/match-file.md), in `manage.py score --json`
and `POST /api/score`, the same in every language.

Expected values are worked by hand: Contract Bridge from the Law 77 figures of docs/rules/contract_bridge.md,
Belote from the worked examples of docs/rules/belote.md.
"""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from tests.conftest import FIXTURES

LANGUAGES = ("en", "hu", "pl", "hi")
BELOTE_PLAYERS = ["Anna", "Ben", "Cleo", "Dan"]
BRIDGE_PLAYERS = ["Nora", "Emil", "Sara", "Will"]

# BL5 (docs/rules/belote.md): Ben takes clubs, a litige (91, 20) holding 71; a deal nobody takes keeps them
# waiting; Cleo makes 100 card points and the last trick and takes them: (181, 52).
BL5_LITIGE = {"taker": 1, "trump": "C", "taker_card_points": 71, "last_trick": "defenders", "belote": 3}
BL5_COLLECT = {"taker": 2, "trump": "H", "taker_card_points": 100, "last_trick": "takers"}
# BL8: Anna's cinquante against Ben's carré of nines: Ben & Dan's announcements count (R-BL-4, higher value).
BL8 = {"taker": 0, "trump": "S", "taker_card_points": 90, "last_trick": "takers", "taker_run": 4}
BL8 |= {"defender_carre": "9"}


def score_json(tmp_path: Path, doc: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    path = tmp_path / "match.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    out = StringIO()
    call_command("score", str(path), "--json", "--lang", lang, stdout=out)
    result: dict[str, Any] = json.loads(out.getvalue())
    return result


def belote(deals: list[dict[str, Any]], **more: Any) -> dict[str, Any]:
    return {"game": "belote", "players": BELOTE_PLAYERS, "first_dealer": 3, "deals": deals, **more}


def test_bl_8_4_r_bl_10_each_belote_deal_s_result_and_the_points_held_over(tmp_path: Path) -> None:
    sheet = score_json(tmp_path, belote([BL5_LITIGE, {"passed_out": True}, BL5_COLLECT, BL8]))
    assert (sheet["game"], sheet["form"], sheet["flags"], sheet["target"]) == ("belote", None, [], 1000)
    assert sheet["players"] == BELOTE_PLAYERS
    assert sheet["sides"] == ["Anna & Cleo", "Ben & Dan"]
    assert sheet["side_seats"] == [[0, 2], [1, 3]]  # BL-1.1
    deals = sheet["deals"]
    assert [deal["result"] for deal in deals] == ["litige", "passed_out", "made", "dedans"]
    assert [deal["held_over"] for deal in deals] == [71, 71, 0, 0]
    assert [deal["points"] for deal in deals][:3] == [[91, 20], [0, 0], [181, 52]]
    # The takers are a side, as are the announcements that count: Ben's carré of nines, for Ben & Dan (side 1).
    assert deals[0]["state"]["takers"] == 1
    assert deals[3]["state"] == {"takers": 0, "announcements_side": 1, "announcements_by": "higher value"}
    # BL8 with Anna's 90 card points and the last trick: 100 against 62 + 150: dedans, 162 + 150 to Ben & Dan.
    assert deals[3]["points"] == [0, 312]
    assert (sheet["held_over"], sheet["lost_at_end"]) == (0, 0)
    assert all(set(line) == {"side", "points", "rule", "text"} for deal in deals for line in deal["lines"])


def test_bl_9_3_points_held_over_when_the_match_ends_are_lost(tmp_path: Path) -> None:
    # Target 90: BL5's litige gives Anna & Cleo their 91 (BL-9.1), which ends the match with the takers' 71 still
    # held over; nobody scores them (BL-9.3).
    sheet = score_json(tmp_path, belote([BL5_LITIGE], target=90, flags=["bl_same_dealer_redeals"]))
    assert sheet["finished"] is True and sheet["winners"] == [0]
    assert (sheet["held_over"], sheet["lost_at_end"]) == (71, 71)
    assert (sheet["target"], sheet["flags"]) == (90, ["bl_same_dealer_redeals"])


def bridge(deals: list[dict[str, Any]], flags: list[str] | None = None) -> dict[str, Any]:
    return {
        "game": "contract_bridge",
        "players": BRIDGE_PLAYERS,
        "first_dealer": 0,
        "flags": flags or [],
        "deals": deals,
    }


def contract(declarer: int, level: int, strain: str, tricks: int) -> dict[str, Any]:
    return {"declarer": declarer, "level": level, "strain": strain, "tricks": tricks}


def test_br_7_a_rubber_s_vulnerability_games_and_points_below_and_above_the_line(tmp_path: Path) -> None:
    # 1. North 2♥ made exactly: 60 below for N-S (BR-7.1), nobody vulnerable.
    # 2. East 4♠ with 10 tricks: 120 below, E-W's game (BR-7.2); N-S's 60 part-score is cut off by it.
    # 3. South 3NT with 8 tricks: down 1, N-S not vulnerable: 50 above for E-W (BR-6.5); E-W are vulnerable now.
    sheet = score_json(tmp_path, bridge([contract(0, 2, "H", 8), contract(1, 4, "S", 10), contract(2, 3, "NT", 8)]))
    assert (sheet["form"], sheet["sides"], sheet["side_seats"]) == (
        "rubber",
        ["Nora & Sara", "Emil & Will"],
        [[0, 2], [1, 3]],
    )
    deals = sheet["deals"]
    assert [deal["result"] for deal in deals] == ["made", "made", "down"]
    assert [deal["state"] for deal in deals] == [
        {
            "vulnerable": [False, False],
            "games": [0, 0],
            "below": [60, 0],
            "above": [0, 0],
            "part_scores": [60, 0],
            "chicago_deal": None,
        },
        {
            "vulnerable": [False, False],
            "games": [0, 1],
            "below": [0, 120],
            "above": [0, 0],
            "part_scores": [0, 0],
            "chicago_deal": None,
        },
        {
            "vulnerable": [False, True],
            "games": [0, 1],
            "below": [0, 0],
            "above": [0, 50],
            "part_scores": [0, 0],
            "chicago_deal": None,
        },
    ]


def test_br_8_a_chicago_deal_s_number_and_vulnerability(tmp_path: Path) -> None:
    # Deal 1, North deals: 1NT by North with 7 tricks: 40 and a part-score premium of 50 (BR-6.6), neither vulnerable.
    # All four pass: the deal does not count and East deals again (BR-8.4).
    # Deal 2, East deals: the dealer's side, E-W, is vulnerable (BR-8.2); East's 4♠ with 10 tricks: 120 + 500.
    passed = {"passed_out": True}
    sheet = score_json(tmp_path, bridge([contract(0, 1, "NT", 7), passed, contract(1, 4, "S", 10)], ["br_chicago"]))
    assert sheet["form"] == "chicago"
    deals = sheet["deals"]
    assert [deal["result"] for deal in deals] == ["made", "passed_out", "made"]
    assert [deal["dealer"] for deal in deals] == [0, 1, 1]
    assert [deal["points"] for deal in deals] == [[90, 0], [0, 0], [0, 620]]
    assert [deal["state"]["chicago_deal"] for deal in deals] == [1, None, 2]
    assert [deal["state"]["vulnerable"] for deal in deals] == [[False, False], [False, True], [False, True]]
    # BR-8.3: each deal on its own, with no line to be below or above.
    assert {deal["state"]["below"] for deal in deals} == {None}


def test_the_one_seat_games_keep_a_line_s_seat_and_give_a_contract_s_result(tmp_path: Path) -> None:
    # Bridgette, BG-7.1: 2♥ with 8 tricks is made; with 7 it is down.
    doc = {"game": "bridgette", "players": ["Anna", "Ben"], "first_dealer": 0}
    sheet = score_json(tmp_path, doc | {"deals": [contract(0, 2, "H", 8), contract(1, 2, "H", 7)]})
    assert [deal["result"] for deal in sheet["deals"]] == ["made", "down"]
    assert sheet["side_seats"] == [[0], [1]]
    assert all(line["seat"] == line["side"] for deal in sheet["deals"] for line in deal["lines"])


def without_words(sheet: dict[str, Any]) -> dict[str, Any]:
    """The sheet less its breakdown lines' texts, the one value worded in the reader's language."""
    for deal in sheet["deals"]:
        for line in deal["lines"]:
            line.pop("text")
    return sheet


@pytest.mark.parametrize("name", ["belote-finished", "belote-running", "contract_bridge-finished"])
def test_the_json_sheet_is_the_same_in_every_language(tmp_path: Path, name: str) -> None:
    doc = json.loads((FIXTURES / "demo" / f"{name}.json").read_text(encoding="utf-8"))
    sheets = {lang: without_words(score_json(tmp_path, doc, lang)) for lang in LANGUAGES}
    assert all(sheets[lang] == sheets["en"] for lang in LANGUAGES)
    texts = {lang: score_json(tmp_path, doc, lang)["deals"][0]["lines"][0]["text"] for lang in ("en", "pl")}
    assert texts["en"] != texts["pl"]  # the texts are worded: what stays the same is everything else


@pytest.mark.django_db
def test_the_api_gives_the_command_s_sheet_in_every_language(client: Any, tmp_path: Path) -> None:
    doc = json.loads((FIXTURES / "demo" / "contract_bridge-finished.json").read_text(encoding="utf-8"))
    for lang in LANGUAGES:
        response = client.post(
            "/api/score", json.dumps(doc), content_type="application/json", headers={"Accept-Language": lang}
        )
        assert response.status_code == 200
        assert without_words(response.json()) == without_words(score_json(tmp_path, doc, lang))


def test_kj_9_2_a_klaberjass_deal_is_made_bate_tied_or_annulled(tmp_path: Path) -> None:
    # KJ-9.1 totals, Anna making trumps: 93 + 10 against 35 (K1 without its sequences and bella): made;
    # 40 against 80 + 10: bate; 70 against 60 + 10: a tie (KJ-9.2). Then a deal both passed twice (KJ-4.4).
    def deal(points: list[int], last: int) -> dict[str, Any]:
        return {"maker": 0, "trump": "H", "card_points": points, "last_trick": last}

    deals = [deal([93, 35], 0), deal([40, 80], 1), deal([70, 60], 1), {"annulled": True}]
    sheet = score_json(tmp_path, {"game": "klaberjass", "players": ["Anna", "Ben"], "first_dealer": 1, "deals": deals})
    assert [deal["result"] for deal in sheet["deals"]] == ["made", "bate", "tie", "annulled"]
    assert [deal["state"]["maker"] for deal in sheet["deals"]] == [0, 0, 0, None]


def test_cb_a_call_bridge_deal_says_who_made_their_call(tmp_path: Path) -> None:
    # C1 (docs/rules/call_bridge.md): calls 3 4 2 5, tricks 4 4 1 4: Anna and Ben make theirs (+3, +4),
    # Cleo and Dan fail (-2, -5).
    doc = {"game": "call_bridge", "players": BELOTE_PLAYERS, "first_dealer": 0, "target": 30}
    sheet = score_json(tmp_path, doc | {"deals": [{"calls": [3, 4, 2, 5], "tricks": [4, 4, 1, 4]}]})
    (deal,) = sheet["deals"]
    assert (deal["result"], deal["state"], deal["points"]) == (
        "played",
        {"made": [True, True, False, False]},
        [3, 4, -2, -5],
    )

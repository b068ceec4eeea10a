"""The CSV of the deals: no user-typed text cell is read as a formula by a spreadsheet."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest
from django.urls import reverse

from reports.sheet import csv_cell
from scoring.core.match import parse_match
from scoring.services import create_match

pytestmark = pytest.mark.django_db

FORMULA_NAMES = ['=HYPERLINK("http://x")', "+1+1", "-2+3", "@SUM(A1)"]


@pytest.mark.parametrize(
    ("value", "written"),
    [
        ("=1+1", "'=1+1"),
        ("+1", "'+1"),
        ("-50", "'-50"),  # text: a name, not a score
        ("@SUM(A1:A2)", "'@SUM(A1:A2)"),
        ("\t=1", "'\t=1"),
        ("\r=1", "'\r=1"),
        ("Anna", "Anna"),
        ("Anna=Ben", "Anna=Ben"),
        ("", ""),
        (-50, -50),  # a score stays a number
        (0, 0),
    ],
)
def test_csv_cell_guards_text_that_starts_like_a_formula(value: Any, written: Any) -> None:
    assert csv_cell(value) == written


def test_shared_csv_writes_formula_like_names_as_text_and_negative_scores_as_numbers(client: Any, owner: Any) -> None:
    doc = {
        "game": "call_bridge",
        "players": FORMULA_NAMES,
        "first_dealer": 0,
        "target": 30,
        "deals": [{"calls": [3, 4, 2, 5], "tricks": [4, 4, 1, 4]}],  # C1 (docs/rules/call_bridge.md): +3 +4 -2 -5
    }
    match = create_match(owner=owner, match_file=parse_match(doc))
    body = client.get(reverse("shared_report_csv", args=[match.share_token])).content.decode("utf-8-sig")
    header, row = list(csv.reader(io.StringIO(body)))
    assert header[-8:] == [f"'{name} points" for name in FORMULA_NAMES] + [f"'{name} total" for name in FORMULA_NAMES]
    assert row[1] == '\'=HYPERLINK("http://x")'  # the dealer
    assert row[-8:] == ["3", "4", "-2", "-5", "3", "4", "-2", "-5"]
    cells = [cell for line in csv.reader(io.StringIO(body)) for cell in line]
    assert not [cell for cell in cells if cell[:1] in ("=", "+", "@") or (cell[:1] == "-" and not cell[1:].isdigit())]


def test_the_csv_names_the_players_of_seat_fields_and_gives_each_deal_s_result(owner_client: Any, owner: Any) -> None:
    # BL5 (docs/rules/belote.md): Ben takes clubs and Dan holds belote-rebelote: a litige, 71 held over; Cleo then
    # makes it and collects them. A spreadsheet reads the taker and the belote holder by name, not as seats 1 and 3.
    doc = {
        "game": "belote",
        "players": ["Anna", "Ben", "Cleo", "Dan"],
        "first_dealer": 3,
        "deals": [
            {"taker": 1, "trump": "C", "taker_card_points": 71, "last_trick": "defenders", "belote": 3},
            {"taker": 2, "trump": "H", "taker_card_points": 100, "last_trick": "takers"},
        ],
    }
    match = create_match(owner=owner, match_file=parse_match(doc))
    body = owner_client.get(reverse("report_csv", args=[match.pk])).content.decode("utf-8-sig")
    rows = list(csv.DictReader(io.StringIO(body)))
    assert [(row["dealer"], row["taker"], row["belote"]) for row in rows] == [
        ("Dan", "Ben", "Dan"),
        ("Anna", "Cleo", ""),
    ]
    assert [(row["result"], row["held over"]) for row in rows] == [("litige", "71"), ("made", "0")]
    assert [(row["Anna & Cleo points"], row["Ben & Dan points"]) for row in rows] == [("91", "20"), ("181", "52")]

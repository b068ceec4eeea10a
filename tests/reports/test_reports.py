"""Match reports: the page, the PDF, the CSV, the chart, import and export."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse
from pypdf import PdfReader

from reports.sheet import entry_columns
from scoring.models import Match
from tests.conftest import B1_ANNA_2H_EXACT, B2_BEN_1NT_3_OVER, PASSED_OUT

pytestmark = pytest.mark.django_db

DEMO = Path(__file__).resolve().parents[2] / "fixtures" / "demo"
# Six deals, worked by hand from docs/rules/bridgette.md: Anna 500, Ben 600, then four passed-out deals (BG-7.4).
SIX = [B1_ANNA_2H_EXACT, B2_BEN_1NT_3_OVER, *[PASSED_OUT] * 4]


def test_bg_8_1_report_page_shows_result_flags_sheet_chart(owner_client: Any, make_match: Any) -> None:
    match = make_match(deals=SIX, flags=["bg_multiply_insult"])
    page = owner_client.get(reverse("report", args=[match.pk])).content.decode()
    assert "<strong>Ben won.</strong> Ben has the higher total, 600–500, after 6 deals" in page
    assert "The insult bonus is added before multiplying" in page
    assert 'href="/rules/bridgette/#BG-7.2"' in page  # breakdown lines carry their rule, linked
    assert '<svg viewBox="0 0 400 200"' in page
    assert "Running totals over 6 deals; final totals: Anna 500, Ben 600." in page


def test_report_shows_corrections(owner_client: Any, make_match: Any) -> None:
    match = make_match(deals=[B1_ANNA_2H_EXACT])
    owner_client.post(reverse("deal_edit", args=[match.pk, 1]), {"revision": "1", "passed_out": "on"})
    page = owner_client.get(reverse("report", args=[match.pk])).content.decode()
    assert "Edited deal 1" in page
    assert "<strong>Edited deal 1</strong>: was 2♥ by Anna, 8 tricks; now " in page
    assert "{%" not in page
    assert "No deal was edited or removed." not in page


def test_r_cb_4_report_totals_are_written_as_the_sheet_writes_them(owner_client: Any, make_match: Any) -> None:
    # Cleo calls 2 and takes 1, Dan calls 5 and takes 4: both fail, -2 and -5 (R-CB-4), with a minus sign.
    deal = {"calls": [3, 4, 2, 5], "tricks": [4, 4, 1, 4]}
    match = make_match(game="call_bridge", deals=[deal], target=100)
    page = owner_client.get(reverse("report", args=[match.pk])).content.decode()
    totals = page[page.index('<table class="totals">') :]
    totals = totals[: totals.index("</table>")]
    assert '<td class="num">3</td>' in totals and '<td class="num">4</td>' in totals
    assert '<td class="num">\u22122</td>' in totals and '<td class="num">\u22125</td>' in totals


def test_pdf_text_holds_players_running_totals_and_winner(owner_client: Any, make_match: Any) -> None:
    match = make_match(deals=SIX)
    response = owner_client.get(reverse("report_pdf", args=[match.pk]))
    assert response["Content-Type"] == "application/pdf"
    reader = PdfReader(io.BytesIO(response.content))
    text = " ".join(" ".join(page.extract_text().split()) for page in reader.pages)  # lines joined by one space
    for expected in ("Anna", "Ben", "Ben won. Ben has the higher total, 600–500", "500", "600"):
        assert expected in text
    assert "Page 1 of" in text
    assert text.count("Bridgette: Anna v Ben") >= len(reader.pages)  # the match name on every page


def test_letter_pdf_uses_letter_paper(owner_client: Any, make_match: Any) -> None:
    match = make_match(deals=SIX)
    response = owner_client.get(reverse("report_pdf", args=[match.pk]) + "?paper=letter")
    box = PdfReader(io.BytesIO(response.content)).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)


def test_csv_parses_back_to_the_deals(owner_client: Any, make_match: Any) -> None:
    deals = [{"calls": [3, 4, 2, 5], "tricks": [4, 4, 1, 4]}, {"calls": [8, 2, 2, 3], "tricks": [9, 2, 1, 1]}]
    match = make_match(game="call_bridge", deals=deals)
    body = owner_client.get(reverse("report_csv", args=[match.pk])).content.decode("utf-8-sig")
    rows = list(csv.DictReader(io.StringIO(body)))
    parsed = [
        {
            "calls": [int(row[f"calls[{seat}]"]) for seat in range(4)],
            "tricks": [int(row[f"tricks[{seat}]"]) for seat in range(4)],
        }
        for row in rows
    ]
    assert parsed == deals
    # C1 then C2 (docs/rules/call_bridge.md): +3 +4 -2 -5, then +13 +2 -2 -3.
    assert [row["Dan total"] for row in rows] == ["-5", "-8"]
    assert [row["Anna total"] for row in rows] == ["3", "16"]


def test_csv_columns_of_a_contract_game(make_match: Any) -> None:
    match = make_match()
    assert entry_columns(match) == ["passed_out", "declarer", "level", "strain", "doubled", "tricks"]


@pytest.mark.parametrize("name", ["bridgette", "draw_bridge", "call_bridge", "klaberjass"])
def test_export_then_import_round_trips(owner_client: Any, name: str) -> None:
    upload = io.BytesIO((DEMO / f"{name}-finished.json").read_bytes())
    upload.name = "match.json"
    response = owner_client.post(reverse("import_match"), {"file": upload})
    first = Match.objects.get()
    assert response["Location"] == reverse("match", args=[first.pk])
    exported = owner_client.get(reverse("match_download", args=[first.pk])).content
    second_upload = io.BytesIO(exported)
    second_upload.name = "again.json"
    owner_client.post(reverse("import_match"), {"file": second_upload})
    second = Match.objects.exclude(pk=first.pk).get()
    one, two = first.evaluate(), second.evaluate()
    assert (one.totals, one.winners, first.flags) == (two.totals, two.winners, second.flags)
    assert json.loads(exported)["deals"] == json.loads((DEMO / f"{name}-finished.json").read_text())["deals"]


def test_bad_import_is_refused_with_the_located_error(owner_client: Any) -> None:
    doc = json.loads((DEMO / "call_bridge-finished.json").read_text())
    doc["deals"][1]["tricks"] = [9, 2, 1, 2]
    upload = io.BytesIO(json.dumps(doc).encode())
    upload.name = "bad.json"
    response = owner_client.post(reverse("import_match"), {"file": upload})
    assert response.status_code == 422
    page = response.content.decode()
    assert "deal 2, tricks" in page
    assert "CB-5.4" in page
    assert not Match.objects.exists()


def test_share_link_reaches_report_pdf_and_csv(client: Any, make_match: Any) -> None:
    match = make_match(deals=SIX)
    assert client.get(reverse("shared_report", args=[match.share_token])).status_code == 200
    assert client.get(reverse("shared_report_pdf", args=[match.share_token])).status_code == 200
    assert client.get(reverse("shared_report_csv", args=[match.share_token])).status_code == 200
    assert client.get(reverse("shared_report", args=["wrong"])).status_code == 404


@pytest.mark.parametrize("name", ["report", "report_pdf", "report_csv"])
def test_another_account_gets_404(stranger_client: Any, make_match: Any, name: str) -> None:
    match = make_match()
    assert stranger_client.get(reverse(name, args=[match.pk])).status_code == 404


def test_anonymous_cannot_import(client: Any) -> None:
    assert client.get(reverse("import_match")).status_code == 302


@pytest.mark.parametrize("deal_count", [2, 60])
def test_report_query_count_does_not_grow(
    owner_client: Any, make_match: Any, django_assert_num_queries: Any, deal_count: int
) -> None:
    match = make_match(
        game="call_bridge", deals=[{"calls": [2, 2, 2, 2], "tricks": [3, 3, 3, 4]}] * deal_count, target=1000
    )
    # session, user, match, deals, corrections, contested hands.
    with django_assert_num_queries(6):
        assert owner_client.get(reverse("report", args=[match.pk])).status_code == 200


# The finished Belote demo as older files spell it: each camp's announcements as its score after the comparison.
OLDER_BELOTE = {
    "game": "belote",
    "players": ["Léa", "Marc", "Inès", "Hugo"],
    "first_dealer": 3,
    "flags": [],
    "deals": [
        {"taker": 0, "trump": "H", "taker_card_points": 120, "last_trick": "takers", "capot": "none"}
        | {"taker_announcements": 20, "defender_announcements": 0, "belote": 2},
        {"taker": 1, "trump": "S", "taker_card_points": 90, "last_trick": "takers", "capot": "none"}
        | {"taker_announcements": 0, "defender_announcements": 50, "belote": None},
        {"passed_out": True},
    ],
}


def test_bl_5_5_an_older_belote_file_is_imported_in_today_s_spelling_and_scores_the_same(owner_client: Any) -> None:
    # BL1 then BL2 (docs/rules/belote.md): 170–32, then dedans, 212 to Léa & Inès: 382–32.
    upload = io.BytesIO(json.dumps(OLDER_BELOTE).encode())
    upload.name = "older.json"
    owner_client.post(reverse("import_match"), {"file": upload})
    match = Match.objects.get()
    assert match.evaluate().totals == (382, 32)
    exported = json.loads(owner_client.get(reverse("match_download", args=[match.pk])).content)
    first, second = exported["deals"][:2]
    assert "taker_announcements" not in first and "defender_announcements" not in second
    assert (first["taker_run"], first["defender_run"], second["taker_run"], second["defender_run"]) == (3, 0, 0, 4)
    assert (first["defender_card_points"], second["defender_card_points"]) == (32, 62)

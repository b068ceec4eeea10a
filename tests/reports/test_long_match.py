"""A long match's report: the PDF prints the result, the chart and the last deals; the page and the
chart stay cheap at the most deals a match holds (`make bench` measures the time and memory)."""

from __future__ import annotations

import io
from typing import Any

import pytest
from django.urls import reverse
from pypdf import PdfReader

from reports.chart import MAX_MARKERS, running_totals_chart
from reports.sheet import PDF_DEALS, report_context
from scoring.core.match import MAX_DEALS

pytestmark = pytest.mark.django_db

DEAL = {"calls": [2, 2, 2, 2], "tricks": [3, 3, 3, 4]}  # +2 each (CB-4.3)


def pdf_text(content: bytes) -> tuple[int, str]:
    reader = PdfReader(io.BytesIO(content))
    return len(reader.pages), " ".join(page.extract_text() for page in reader.pages)


def test_a_long_match_pdf_prints_totals_chart_and_its_last_deals(client: Any, make_match: Any) -> None:
    deal_count = PDF_DEALS + 70
    match = make_match(game="call_bridge", deals=[DEAL] * deal_count, target=1000)
    pages, text = pdf_text(client.get(reverse("shared_report_pdf", args=[match.share_token])).content)
    first = deal_count - PDF_DEALS + 1
    assert f"Deals {first}–{deal_count} of {deal_count}; the full sheet is on the report page, in the CSV" in text
    assert "Running totals" in text
    assert "Not finished yet" in text
    assert pages <= 5  # all 100 deals printed 8 pages


def test_the_pdf_sheet_holds_the_last_deals_and_the_page_holds_them_all(make_match: Any) -> None:
    match = make_match(game="call_bridge", deals=[DEAL] * (PDF_DEALS + 5), target=1000)
    pdf = report_context(match, shared=True, pdf=True)
    page = report_context(match, shared=False)
    assert [row["number"] for row in pdf["rows"]] == list(range(6, PDF_DEALS + 6))
    assert (pdf["deal_count"], pdf["rows_cut"]) == (PDF_DEALS + 5, True)
    assert [row["number"] for row in page["rows"]] == list(range(1, PDF_DEALS + 6))
    assert page["rows_cut"] is False
    assert pdf["totals"] == page["totals"] == [("Anna", "70"), ("Ben", "70"), ("Cleo", "70"), ("Dan", "70")]


def test_a_short_match_pdf_prints_every_deal_without_a_note(client: Any, make_match: Any) -> None:
    match = make_match(game="call_bridge", deals=[DEAL] * 3, target=1000)
    _, text = pdf_text(client.get(reverse("shared_report_pdf", args=[match.share_token])).content)
    assert "of 3;" not in text
    assert "full sheet" not in text


@pytest.mark.parametrize(("deals", "markers"), [(1, 1), (6, 6), (MAX_MARKERS, MAX_MARKERS), (MAX_DEALS, MAX_MARKERS)])
def test_chart_marks_at_most_max_markers_per_line_and_always_the_last_deal(deals: int, markers: int) -> None:
    chart = running_totals_chart(["Anna", "Ben"], [(deal, -deal) for deal in range(1, deals + 1)])
    for series in chart.series:
        assert series.markers.count("M") == markers
    assert f"M{chart.plot_right - 4.0}," in chart.series[0].markers  # the circle drawn at the last deal


def test_the_page_of_a_long_match_says_what_its_pdf_prints(client: Any, make_match: Any) -> None:
    match = make_match(game="call_bridge", deals=[DEAL] * (PDF_DEALS + 1), target=1000)
    page = client.get(reverse("shared_report", args=[match.share_token])).content.decode()
    assert f"The PDF prints the result, the chart and the last {PDF_DEALS} of the {PDF_DEALS + 1} deals" in page
    short = make_match(game="call_bridge", deals=[DEAL] * PDF_DEALS, target=1000)
    assert "The PDF prints" not in client.get(reverse("shared_report", args=[short.share_token])).content.decode()

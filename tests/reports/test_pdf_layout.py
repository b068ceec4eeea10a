"""The PDF as production serves it: its stylesheets and fonts read under the hashed names of the manifest
storage, the fonts kept from one PDF to the next, and the result set beside the chart inside the margins."""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.staticfiles.storage import staticfiles_storage
from django.core.management import call_command
from django.urls import reverse
from pypdf import PdfReader

from reports.views import _font_config, pdf_document
from scoring.core.match import MAX_NAME, evaluate, parse_match
from scoring.services import create_match
from tests.conftest import B1_ANNA_2H_EXACT, B2_BEN_1NT_3_OVER
from tests.reports.test_pdf_devanagari import devanagari_match, font_names

pytestmark = pytest.mark.django_db

PX_PER_MM = 96 / 25.4  # WeasyPrint's CSS pixels


@pytest.fixture
def hashed_static_files(settings: Any, tmp_path: Any) -> None:
    """Static files collected as production collects them: each under a name with its hash."""
    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.ManifestStaticFilesStorage"},
    }
    call_command("collectstatic", interactive=False, verbosity=0)


def test_production_pdf_reads_its_stylesheets_and_fonts_under_hashed_names(
    hashed_static_files: None, owner: Any, owner_client: Any
) -> None:
    assert staticfiles_storage.url("css/report-letter.css") != "/static/css/report-letter.css"
    match = devanagari_match(owner)
    response = owner_client.get(reverse("report_pdf", args=[match.pk]) + "?paper=letter")
    reader = PdfReader(io.BytesIO(response.content))
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)  # report-letter.css was read
    assert {"NotoSansDevanagari", "NotoSansDevanagariBold"} <= font_names(reader)  # and the vendored fonts


def test_the_next_pdf_keeps_the_fonts_and_still_embeds_them(owner: Any, owner_client: Any) -> None:
    match = devanagari_match(owner)
    config = _font_config()
    for _ in range(2):
        reader = PdfReader(io.BytesIO(owner_client.get(reverse("report_pdf", args=[match.pk])).content))
        assert {"NotoSansDevanagari", "NotoSansDevanagariBold", "DejaVuSans"} <= font_names(reader)
    assert _font_config() is config


def _boxes(box: Any) -> Iterator[Any]:
    yield box
    for child in getattr(box, "children", []):
        yield from _boxes(child)


def _element_box(page: Any, class_name: str) -> Any:
    return next(box for box in _boxes(page) if box.element is not None and box.element.get("class") == class_name)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_result_sits_beside_the_chart_and_a_long_name_wraps_in_it(owner: Any, paper: str) -> None:
    longest = ["A" + "x" * (MAX_NAME - 2) + "A", "B" + "x" * (MAX_NAME - 2) + "B"]
    match_file = parse_match(
        {
            "game": "bridgette",
            "players": longest,
            "first_dealer": 0,
            "target": None,
            "flags": [],
            "deals": [B1_ANNA_2H_EXACT, B2_BEN_1NT_3_OVER],
        }
    )
    evaluate(match_file)
    page = pdf_document(None, create_match(owner=owner, match_file=match_file), paper).pages[0]._page_box
    right_margin_edge = page.content_box_x() + page.width
    result, chart = _element_box(page, "result-section"), _element_box(page, "chart")
    # The chart, 110 mm wide, beside the result and inside the right margin (a name wider than the result's
    # column pushed it past the margin).
    assert chart.width == pytest.approx(110 * PX_PER_MM)
    assert chart.position_x + chart.width <= right_margin_edge
    assert result.position_y < chart.position_y < result.position_y + result.height
    # Every line of the result, the long names wrapped, ends 6 mm or more before the chart.
    text_ends = [box.position_x + box.width for box in _boxes(result) if hasattr(box, "text")]
    assert max(text_ends) <= chart.position_x - 6 * PX_PER_MM

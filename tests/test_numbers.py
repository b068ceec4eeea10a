"""Numbers as each language writes them (issue 23): 1,000 in English, 1 000 in Hungarian and Polish (a no-break
space: their comma is the decimal mark, so "1,000" reads as one), 1,00,000 in Hindi; and one number reads the
same everywhere on a page (a Belote match's target, R-BL-13, in its subtitle and in its heading)."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest
from django.urls import reverse
from django.utils import translation

from scoring.numbers import number_text
from scoring.sheet import points_text
from tests.conftest import B1_ANNA_2H_EXACT, B2_BEN_1NT_3_OVER
from vocabulary import i18n

pytestmark = pytest.mark.django_db

NBSP = "\xa0"


@pytest.mark.parametrize(
    ("language", "value", "text"),
    [
        ("en", 1000, "1,000"),
        ("en", 999, "999"),
        ("en", 1234567, "1,234,567"),
        ("hu", 1000, f"1{NBSP}000"),
        ("pl", 1000, f"1{NBSP}000"),
        ("pl", 12345, f"12{NBSP}345"),
        ("hi", 1000, "1,000"),
        ("hi", 100000, "1,00,000"),
    ],
)
def test_a_number_is_written_the_languages_way(language: str, value: int, text: str) -> None:
    with translation.override(language):
        assert number_text(value) == text
        assert i18n.numeral(value) == text  # the rules cores' texts write it as the pages do


@pytest.mark.parametrize(
    ("language", "points", "text"),
    [("en", 1680, "1,680"), ("en", -1100, "\u22121,100"), ("pl", 1680, f"1{NBSP}680"), ("hu", 120, "120")],
)
def test_points_on_the_sheet_are_grouped_as_any_number(language: str, points: int, text: str) -> None:
    with translation.override(language):
        assert points_text(points) == text


def visible_text(html: str) -> str:
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return unescape(re.sub(r"<[^>]+>", " ", html))


@pytest.mark.parametrize(("language", "target"), [("en", "1,000"), ("hu", f"1{NBSP}000"), ("pl", f"1{NBSP}000")])
def test_r_bl_13_the_target_of_1000_reads_the_same_in_the_subtitle_and_the_heading(
    owner_client: Any, make_match: Any, language: str, target: str
) -> None:
    match = make_match(game="belote", target=1000)
    owner_client.cookies["trickbook_language"] = language
    for page in (reverse("match", args=[match.pk]), reverse("report", args=[match.pk]), reverse("home")):
        text = visible_text(owner_client.get(page).content.decode())
        assert target in text, page
        # Never the other ways of writing it: "1000", or "1,000" where the comma is the decimal mark.
        for other in {"1000", "1,000", f"1{NBSP}000", "1 000"} - {target}:
            assert other not in text, (page, other)
    with translation.override(language):
        heading = match.evaluate().stage
    assert target in str(heading)


def test_a_breakdown_line_writes_its_points_the_languages_way() -> None:
    # BR-6.4: a grand slam bid and made, vulnerable, is 1500 above the line; in Polish "1 500".
    line_values = {"points": 1500}
    with translation.override("pl"):
        assert i18n.render("{points}", line_values) == f"1{NBSP}500"
    with translation.override("en"):
        assert i18n.render("{points}", line_values) == "1,500"
        assert i18n.render("{points}", {"points": 750}) == "750"


@pytest.mark.parametrize("language", ["pl", "hu"])
def test_the_charts_coordinates_stay_svg_numbers_where_the_comma_is_the_decimal_mark(
    owner_client: Any, make_match: Any, language: str
) -> None:
    # A tick at y="154,0" is no SVG number: the axis labels piled up at the chart's top corner.
    match = make_match(deals=[B1_ANNA_2H_EXACT, B2_BEN_1NT_3_OVER])
    owner_client.cookies["trickbook_language"] = language
    page = owner_client.get(reverse("report", args=[match.pk])).content.decode()
    chart = page[page.index('<svg viewBox="0 0') : page.index("</svg>")]
    coordinates = re.findall(r'\b(?:x|y|x1|x2|y1|y2)="([^"]*)"', chart)
    assert coordinates
    assert [value for value in coordinates if not re.fullmatch(r"-?\d+(\.\d+)?", value)] == []


@pytest.mark.parametrize(
    ("language", "value", "text"),
    [("en", -176, "\u2212176"), ("pl", -1680, f"\u22121{NBSP}680"), ("en", 0, "0"), ("en", None, None)],
)
def test_a_club_nights_points_read_as_the_sheets_with_a_minus_sign(language: str, value: Any, text: Any) -> None:
    """The standings' difference, a table's points (templates/club/): the `points` filter writes them as the score
    sheet does, never with a hyphen."""
    from scoring.templatetags.numbers import points

    with translation.override(language):
        assert points(value) == text

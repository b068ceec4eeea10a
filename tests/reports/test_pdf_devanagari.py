"""The PDF report draws Devanagari with the vendored Noto Sans Devanagari (static/fonts/noto-sans-devanagari/):
player names in Devanagari come out as text, in that font, beside the Latin text in DejaVu Sans."""

from __future__ import annotations

import io
from datetime import UTC
from typing import Any

import pytest
from django.template.loader import render_to_string
from django.urls import reverse
from pypdf import PdfReader

import reports.sheet
from reports.sheet import axis_words, report_context
from scoring.core.match import evaluate, parse_match
from scoring.marks import needs_shaping
from scoring.models import Match
from scoring.services import create_match
from tests.conftest import B1_ANNA_2H_EXACT, B2_BEN_1NT_3_OVER

RAM, SITA = "राम", "सीता"


def devanagari_match(owner: Any) -> Match:
    # The Bridgette deals of docs/rules/bridgette.md: B1 scores +500 for the first player, B2 +600 for the second.
    match_file = parse_match(
        {
            "game": "bridgette",
            "players": [RAM, SITA],
            "first_dealer": 0,
            "target": None,
            "flags": [],
            "deals": [B1_ANNA_2H_EXACT, B2_BEN_1NT_3_OVER],
        }
    )
    evaluate(match_file)
    return create_match(owner=owner, match_file=match_file)


def font_names(reader: PdfReader) -> set[str]:
    """The base names of the fonts the pages use, without the subset tag ("ABCDEF+") and hyphens
    ("Noto-Sans-Devanagari-Bold" is NotoSansDevanagariBold)."""
    names = set()
    for page in reader.pages:
        fonts = page["/Resources"].get_object().get("/Font", {})
        for font in fonts.values():
            names.add(str(font.get_object()["/BaseFont"]).lstrip("/").split("+")[-1].replace("-", ""))
    return names


def test_devanagari_player_names_are_text_in_noto_sans_devanagari(owner: Any, owner_client: Any) -> None:
    match = devanagari_match(owner)
    response = owner_client.get(reverse("report_pdf", args=[match.pk]))
    assert response.status_code == 200
    reader = PdfReader(io.BytesIO(response.content))
    text = " ".join(page.extract_text() for page in reader.pages)
    assert RAM in text
    assert SITA in text
    assert "500" in text and "600" in text  # B1 and B2's points, drawn in the Latin font beside the names
    assert "Page 1 of" in text  # the English footer, unchanged
    names = font_names(reader)
    # Regular for the names in the sheet, bold for the heading (the two weights vendored).
    assert {"NotoSansDevanagari", "NotoSansDevanagariBold"} <= names, names
    assert "DejaVuSans" in names, names


@pytest.mark.parametrize(
    ("words", "joined"),
    [
        ("Total points", False),
        ("Összpontszám", False),  # precomposed letters: drawn one at a time, they stay whole
        ("Punkty łącznie", False),
        ("कुल अंक", True),  # vowel sign U and anusvara are combining marks
        ("राम", True),
        ("", False),
    ],
)
def test_words_whose_letters_join_are_told_apart(words: str, joined: bool) -> None:
    assert needs_shaping(words) is joined


def test_devanagari_axis_titles_are_drawn_as_html_text_in_the_pdf(
    owner: Any, owner_client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A catalogue whose axis titles are Devanagari: WeasyPrint draws SVG text a letter at a time, so the
    # PDF writes them as HTML over the chart, where they are shaped and extracted whole.
    monkeypatch.setattr(reports.sheet, "pgettext", lambda context, message: "दौर" if message == "Deal" else message)
    monkeypatch.setattr(reports.sheet, "_", lambda message: "कुल अंक" if message == "Total points" else message)
    assert axis_words(pdf=True)["axes_in_html"] is True
    assert axis_words(pdf=False)["axes_in_html"] is False  # the page's SVG text is shaped by the browser
    match = devanagari_match(owner)
    context = {**report_context(match, shared=True, pdf=True), "pdf": True, "shared": True, "zone": UTC}
    html = render_to_string("reports/report_pdf.html", context)
    assert '<span class="axis-y" aria-hidden="true">कुल अंक</span>' in html
    assert "कुल अंक</text>" not in html
    response = owner_client.get(reverse("report_pdf", args=[match.pk]))
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)
    # pypdf reads a space before a vowel sign drawn as its own glyph (कु ल): compared without spaces.
    assert "कुलअंक" in text.replace(" ", "")
    assert "दौर" in text


def test_latin_axis_titles_stay_svg_text(owner: Any, owner_client: Any, make_match: Any) -> None:
    assert axis_words(pdf=True) == {"axis_deal": "Deal", "axis_points": "Total points", "axes_in_html": False}
    response = owner_client.get(reverse("report", args=[make_match(deals=[B1_ANNA_2H_EXACT]).pk]))
    page = response.content.decode()
    assert '<text x="388" y="196" text-anchor="end">Deal</text>' in page
    assert 'class="axis-x"' not in page


def test_the_pdf_in_hindi_has_its_headings_and_lines_in_devanagari(owner: Any, owner_client: Any) -> None:
    # Issue 14: a Hindi-speaking pair's printed report is in Hindi, shaped, not boxes: the words come out of the
    # PDF as the same Devanagari text.
    match = devanagari_match(owner)
    response = owner_client.get(reverse("report_pdf", args=[match.pk]), headers={"accept-language": "hi"})
    assert response.status_code == 200
    reader = PdfReader(io.BytesIO(response.content))
    text = " ".join(page.extract_text() for page in reader.pages)
    for hindi in ("स्कोर शीट", "बाज़ी"):  # "Score sheet"; "deal" (docs/i18n/glossary-hi.md)
        assert hindi in text, hindi
    assert "Score sheet" not in text
    assert "NotoSansDevanagari" in font_names(reader)

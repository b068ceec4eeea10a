"""The PDF report draws Devanagari with the vendored Noto Sans Devanagari (static/fonts/noto-sans-devanagari/):
player names in Devanagari come out as text, in that font, beside the Latin text in DejaVu Sans."""

from __future__ import annotations

import io
from typing import Any

from django.urls import reverse
from pypdf import PdfReader

from scoring.core.match import evaluate, parse_match
from scoring.models import Match
from scoring.services import create_match
from tests.conftest import B1_ANNA_2H_EXACT, B2_BEN_1NT_3_OVER

RAM, SITA = "राम", "सीता"


def devanagari_match(owner: Any) -> Match:
    # The Bridgette deals of RULES.md §6.1: B1 scores +500 for the first player, B2 +600 for the second.
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


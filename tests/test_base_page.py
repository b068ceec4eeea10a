"""What base.html gives every page (issue 23): the theme colour, the manifest's and the icon's are the interface's
blue (Pico's primary), and the players' footer offers no API schema, which the rules index names for developers."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse
from PIL import Image

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[1]
PICO = (ROOT / "static" / "vendor" / "pico" / "pico.min.css").read_text(encoding="utf-8")
# The light scheme's primary colour, which buttons, links and the focus ring are drawn in.
PRIMARY = re.search(r":root:not\(\[data-theme=dark\]\)[^{]*\{[^}]*?--pico-primary:(#[0-9a-f]{6})", PICO).group(1)  # type: ignore[union-attr]


def rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def test_the_theme_colour_is_the_interfaces_blue_in_the_page_the_manifest_and_the_icon(client: Any) -> None:
    page = client.get(reverse("rules_index")).content.decode()
    assert f'<meta name="theme-color" content="{PRIMARY}">' in page
    manifest = json.loads(client.get(reverse("manifest")).content)
    assert manifest["theme_color"] == PRIMARY
    for size in (192, 512):
        icon = Image.open(ROOT / "static" / "icons" / f"icon-{size}.png").convert("RGB")
        assert icon.getpixel((2, 2)) == rgb(PRIMARY), size  # the icon's ground


def test_the_footer_offers_players_no_api_schema(client: Any) -> None:
    for name in ("home", "rules_index", "login"):
        page = client.get(reverse(name), follow=True).content.decode()
        footer = page[page.index("<footer") : page.index("</footer>")]
        assert "openapi" not in footer.lower(), name
    index = client.get(reverse("rules_index")).content.decode()
    assert 'href="/api/openapi.json"' in index[index.index("<main") : index.index("</main>")]

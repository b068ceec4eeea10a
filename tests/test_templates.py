"""Every template tag and variable is on one line: Django reads a tag split over two lines as text and
prints it (a change list once showed "{% elif row.after %}" to every player)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TEMPLATES = sorted((ROOT / "templates").rglob("*.html"))
OPENED_NOT_CLOSED = re.compile(r"\{%(?:(?!%\}).)*$|\{\{(?:(?!\}\}).)*$", re.MULTILINE)


def test_the_templates_are_found() -> None:
    assert len(TEMPLATES) > 20


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda path: str(path.relative_to(ROOT)))
def test_no_template_tag_is_split_over_two_lines(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    split = [match.group(0) for match in OPENED_NOT_CLOSED.finditer(text)]
    assert not split, f"{path.name}: a tag is split over two lines: {split}"


def test_a_split_tag_is_caught() -> None:
    assert OPENED_NOT_CLOSED.search("{% if a %}x{% elif\n b %}y{% endif %}")
    assert OPENED_NOT_CLOSED.search("{{ a\n}}")
    assert not OPENED_NOT_CLOSED.search("{% if a %}x{% elif b %}\ny{% endif %} {{ b }}")

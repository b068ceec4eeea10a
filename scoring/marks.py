"""Small marks in the HTML a page shows: hearts and diamonds in red, as they are on the cards.

Applied to text already escaped, so only the two suit symbols change; trickbook.css colours
``.suit-red`` with enough contrast in both colour schemes.
"""

from __future__ import annotations

import unicodedata

RED_SUITS = {"♥": '<span class="suit-red">♥</span>', "♦": '<span class="suit-red">♦</span>'}


def mark_suits(escaped: str) -> str:
    """``escaped`` (HTML-escaped text) with each ♥ and ♦ wrapped to be drawn red."""
    if "♥" not in escaped and "♦" not in escaped:
        return escaped
    for suit, html in RED_SUITS.items():
        escaped = escaped.replace(suit, html)
    return escaped


def needs_shaping(text: str) -> bool:
    """Whether ``text`` holds a combining mark (a Devanagari vowel sign or virama, say): a script whose
    letters join and change shape, which a renderer drawing one letter at a time breaks apart
    (WeasyPrint's SVG text: see reports/sheet.py, axis_words)."""
    return any(unicodedata.category(char) in ("Mn", "Mc") for char in text)


def short_names(names: tuple[str, ...] | list[str]) -> list[str]:
    """Column headings that fit a phone: a partnership by its players' initials ("A & C"), a player
    by the first four letters of a longer name ("Fari."); longer forms where two would read alike."""

    def shorten(name: str, letters: int) -> str:
        players = name.split(" & ")
        if len(players) > 1:
            return " & ".join(player[:letters] for player in players)
        return name if len(name) <= letters + 1 else name[:letters] + "."

    for letters in (1, 2, 3, 4) if any(" & " in name for name in names) else (4, 6, 8):
        short = [shorten(name, letters) for name in names]
        if len(set(short)) == len(short):
            return short
    return list(names)

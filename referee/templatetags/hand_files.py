"""What the templates ask about the bridge hand-record files (referee/formats): their caps, and whether a game's
hands can be written as PBN.

    {% load hand_files %}
    {% hand_file_caps as caps %}{{ caps.kb }} kB, {{ caps.boards }} boards
    {% if hand.record.game|writes_pbn %}<a href="...">PBN</a>{% endif %}
"""

from __future__ import annotations

from typing import Any

from django import template

from referee.core.games import HAND_FILE_GAMES
from referee.formats import MAX_BOARDS, MAX_FILE_BYTES

register = template.Library()


@register.simple_tag
def hand_file_caps() -> dict[str, int]:
    return {"kb": MAX_FILE_BYTES // 1024, "boards": MAX_BOARDS}


@register.filter
def writes_pbn(game: Any) -> bool:
    """Whether a hand or match of ``game`` (its name) can be written as PBN."""
    return HAND_FILE_GAMES.get("pbn") == game

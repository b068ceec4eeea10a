"""``{{ match.target|grouped }}``: a number as the reader's language writes it (1,000; 1 000), scoring/numbers.py;
``{{ total|points }}``: points as the score sheet writes them, with a minus sign."""

from __future__ import annotations

from typing import Any

from django import template

from scoring.numbers import number_text
from scoring.sheet import points_text

register = template.Library()


@register.filter
def grouped(value: Any) -> Any:
    """``value`` written the language's way when it is a number; anything else (None, a text) as it is."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return value
    return number_text(value)


@register.filter
def points(value: Any) -> Any:
    """``value`` as the score sheet writes points (``−176``, ``1 680``), scoring.sheet.points_text; anything not a
    number (None, a text) as it is."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return value
    return points_text(value)

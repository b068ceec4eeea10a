"""``{{ standing.won|wins }}``: matches won, a shared win as a fraction (1½), in the reader's digits."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from django import template

from scoring.numbers import number_text

register = template.Library()


@register.filter
def wins(value: Any) -> str:
    return wins_text(value)


def wins_text(value: Fraction | int) -> str:
    """1, 1½, ⅓: a whole number as it is, a half with ½, any other share as a decimal to two places."""
    value = Fraction(value)
    whole, part = divmod(value, 1)
    if part == 0:
        return number_text(int(whole))
    if part == Fraction(1, 2):
        return f"{number_text(int(whole))}½" if whole else "½"
    return number_text(round(float(value), 2))

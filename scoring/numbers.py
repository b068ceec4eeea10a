"""Numbers as the reader's language writes them: 1,000 in English, 1 000 in Hungarian and Polish (whose comma
is the decimal mark: "1,000" would read as one), 1,00,000 in Hindi. Every number a page, a PDF or a message
shows goes through `number_text` (or the `grouped` template filter), so that one number reads the same
everywhere on a page; the separators are each language's formats (config/formats/).

Django's USE_THOUSAND_SEPARATOR stays off: it would group every number a template prints, the IDs and
revisions inside links and forms too."""

from __future__ import annotations

from decimal import Decimal
from functools import cache

from django.conf import settings
from django.utils import numberformat, translation
from django.utils.formats import get_format

Number = int | float | Decimal


@cache
def _separators(language: str) -> tuple[str, str, int | tuple[int, ...]]:
    """The decimal mark, the thousands separator and the grouping of ``language``, looked up once: a long
    sheet writes thousands of numbers, and each look-up walks the format modules."""
    return (
        str(get_format("DECIMAL_SEPARATOR", language)),
        str(get_format("THOUSAND_SEPARATOR", language)),
        get_format("NUMBER_GROUPING", language),
    )


def number_text(value: Number) -> str:
    """``value`` in the active language's digits grouping and decimal mark: ``1,000``, ``1 000``, ``12,5``."""
    decimal, thousands, grouping = _separators(translation.get_language() or settings.LANGUAGE_CODE)
    if grouping == 3 and type(value) is int:
        # The common case, a whole number in groups of three, by Python's own grouping: a long sheet writes
        # hundreds of totals past 1,000, and Django's general formatter took 13 µs for each.
        return f"{value:,}".replace(",", thousands)
    return str(
        numberformat.format(
            value, decimal, grouping=grouping, thousand_sep=thousands, force_grouping=True, use_l10n=True
        )
    )

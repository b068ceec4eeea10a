"""Duplicate pairs for bridge clubs, in plain Python (docs/rules/duplicate.md).

- `boards`: a board's dealer and vulnerability, one table's result and its N-S score, artificial scores;
- `movements`: the Howell and Mitchell movements, round by round;
- `travellers`: each board's results across the tables;
- `matchpoints`: matchpoints and percentages, factored when a board has fewer results than it should;
- `imps`: the IMP scale, Butler scoring against a datum, and cross-IMPs;
- `standings`: each pair's total over the night, ranked in its field.

Each function takes the event's house rules as ``flags`` and reads only its own; `check_flags` refuses a name that is
none of them.
"""

from __future__ import annotations

from club.core.duplicate.imps import BUTLER_ALL_SCORES
from club.core.duplicate.matchpoints import ACBL_MATCHPOINTS
from club.core.duplicate.movements import SKIP_MITCHELL
from scoring.core.base import Flags, FormatError
from vocabulary.i18n import _

FLAGS = frozenset((SKIP_MITCHELL, ACBL_MATCHPOINTS, BUTLER_ALL_SCORES))  # R-DP-2, R-DP-3, R-DP-4


def check_flags(flags: Flags) -> None:
    """Refuse, on the ``flags`` field, a house rule that is not one of duplicate pairs' (docs/rules/duplicate.md)."""
    unknown = sorted(flags - FLAGS)
    if unknown:
        raise FormatError("flags", _("unknown house rule {flag}").format(flag=unknown[0]))

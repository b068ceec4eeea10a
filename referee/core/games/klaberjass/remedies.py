"""R-KJ-15: the remedy of every fault the replay flags but a card the rules did not allow (R-KJ-14), by the rule it
breaks; the sources are silent, so the ruling reads the Laws of bridge, and Belote's rule for a false announcement,
by analogy (referee/core/remedies.py)."""

from __future__ import annotations

from referee.core.remedies import BAD_CALL, NOT_HELD, OUT_OF_TIME, OUT_OF_TURN, Fault, Faults
from vocabulary.i18n import gettext_noop

# A dix swap, sequence or bella the rules do not allow is void; the deal entry counts only those they allow.
VOID_DECLARATION = Fault(
    gettext_noop(
        "A dix swap, sequence or bella the rules do not allow (not held, not valid, or too late) is void: the swap "
        "is undone, and the sequence or bella scores nothing, as the deal's entry already counts it. {player} "
        "suffers no other penalty."
    ),
    "BL-10.2 (contree.org), by analogy",
)

FAULTS = Faults(
    "R-KJ-15",
    "kj_penalty_cards",
    {
        "KJ-1.1": (NOT_HELD,),
        "KJ-5.1": (NOT_HELD,),
        "KJ-4.1": (OUT_OF_TURN, BAD_CALL),
        "KJ-4.2": (OUT_OF_TURN, BAD_CALL),
        "R-KJ-2": (BAD_CALL,),
        "KJ-4.3": (OUT_OF_TIME,),
        "KJ-4.4": (OUT_OF_TIME,),
        "KJ-8.4": (OUT_OF_TIME,),
        "KJ-8.1": (OUT_OF_TURN,),
        "KJ-5.3": (VOID_DECLARATION,),
        "R-KJ-4": (VOID_DECLARATION,),
        "KJ-6.1": (VOID_DECLARATION,),
        "KJ-6.2": (VOID_DECLARATION,),
        "KJ-7.1": (VOID_DECLARATION,),
        "R-KJ-8": (VOID_DECLARATION,),
    },
)

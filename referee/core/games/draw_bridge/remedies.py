"""R-DB-13: the remedy of every fault the replay flags but a card that did not follow suit in the play (R-DB-12), by
the rule it breaks; the sources are silent, so the ruling reads the Laws of bridge by analogy
(referee/core/remedies.py)."""

from __future__ import annotations

from referee.core.remedies import BAD_CALL, BAD_DRAW, NOT_HELD, OUT_OF_TIME, OUT_OF_TURN, Fault, Faults
from vocabulary.i18n import gettext_noop

# R-DB-1's house rule broken in a draw trick, which counts for nothing (DB-3.4): no trick to transfer.
DRAW_TRICK_REVOKE = Fault(
    gettext_noop(
        "A card in a draw trick that did not follow suit: draw tricks count for nothing, so no trick goes across. "
        "Found before the trick's winner draws, {player} takes it back and follows suit; later, the draws stand."
    ),
    "Law 62, by analogy",
)

FAULTS = Faults(
    "R-DB-13",
    "db_penalty_cards",
    {
        "DB-3.1": (OUT_OF_TURN,),
        "DB-3.5": (BAD_DRAW, OUT_OF_TIME),  # a draw amiss, or a call before the draws are done
        "DB-3.6": (OUT_OF_TIME,),
        "DB-3.7": (NOT_HELD, OUT_OF_TURN),
        "DB-4.1": (BAD_CALL, OUT_OF_TIME),
        "DB-4.2": (OUT_OF_TURN, BAD_CALL),
        "DB-4.3": (OUT_OF_TIME,),
        "DB-5.1": (OUT_OF_TURN,),
        "DB-5.2": (NOT_HELD,),  # a card that did not follow suit has R-DB-12's remedy
        "DB-5.3": (OUT_OF_TIME,),
        "R-DB-1": (DRAW_TRICK_REVOKE,),
    },
)

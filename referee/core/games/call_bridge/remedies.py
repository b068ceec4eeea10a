"""R-CB-11: the remedy of every fault the replay flags but a card the rules did not allow (R-CB-10), by the rule it
breaks; the sources are silent, so the ruling reads the Laws of bridge by analogy (referee/core/remedies.py)."""

from __future__ import annotations

from referee.core.remedies import BAD_CALL, NOT_HELD, OUT_OF_TIME, OUT_OF_TURN, Faults

FAULTS = Faults(
    "R-CB-11",
    "cb_penalty_cards",
    {
        "CB-1.1": (NOT_HELD,),
        "CB-3.2": (OUT_OF_TIME,),
        "CB-4.1": (OUT_OF_TURN, OUT_OF_TIME),  # a call out of turn, or a call or card out of its phase
        "CB-4.2": (BAD_CALL,),
        "R-CB-1": (BAD_CALL,),
        "CB-5.4": (NOT_HELD, OUT_OF_TURN),
    },
)

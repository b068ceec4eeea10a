"""R-BG-20: the remedy of every fault the replay flags but a card the rules did not allow (R-BG-19), by the rule it
breaks; the sources are silent, so the ruling reads the Laws of bridge by analogy (referee/core/remedies.py)."""

from __future__ import annotations

from referee.core.remedies import BAD_CALL, BAD_DRAW, NOT_HELD, OUT_OF_TIME, OUT_OF_TURN, Faults

FAULTS = Faults(
    "R-BG-20",
    "bg_penalty_cards",
    {
        "BG-4.1": (BAD_DRAW, OUT_OF_TIME),  # an exchange step out of its order, or a call before the exchange ends
        "BG-4.2": (BAD_DRAW,),
        "BG-4.3": (BAD_DRAW,),
        "R-BG-9": (BAD_DRAW,),
        "BG-4.5": (BAD_DRAW,),
        "BG-4.4": (NOT_HELD,),
        "BG-6.6": (NOT_HELD,),
        "BG-5.2": (BAD_CALL,),
        "BG-5.4": (BAD_CALL,),
        "BG-5.6": (BAD_CALL,),
        "R-BG-12": (BAD_CALL,),
        "BG-5.3": (OUT_OF_TURN,),
        "BG-5.5": (OUT_OF_TIME,),
        "BG-6.1": (OUT_OF_TURN, OUT_OF_TIME),
    },
)

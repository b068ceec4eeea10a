"""The remedies of Belote's faults (BL-10) and the deal as ruled.

A renonce (BL-7.2 to BL-7.4, R-BL-9: not following suit, not trumping, not overtrumping when the rules say so)
decides the deal for the other camp (BL-10.1, or R-BL-14 under ``bl_renonce_deal_void``); the first renonce of the
deal decides it. A false belote or rebelote (BL-6.1) is void and scores nothing (BL-10.2), which the deal entry
already counts. The remedy is not a change of tricks: the ruling is the deal entry with its ``renonce`` field, which
the scoring core scores (scoring/core/games/belote, BL-10.1).
"""

from __future__ import annotations

from typing import Any

from referee.core.games.belote.state import ReplayState
from referee.core.remedies import BAD_CALL, NOT_HELD, OUT_OF_TIME, OUT_OF_TURN, Faults
from referee.core.tricks import Ruled
from referee.core.verdict import Remedy, Ruling, RulingStep, Violation
from scoring.core.base import EntryError
from scoring.core.games.belote import GAME as SCORING
from scoring.core.games.belote import Camp, side_of
from vocabulary.i18n import _, gettext_noop

# R-BL-15: every other fault, by the rule it breaks; the sources are silent, so the ruling reads the Laws of bridge by
# analogy (referee/core/remedies.py).
FAULTS = Faults(
    "R-BL-15",
    "bl_penalty_cards",
    {
        "BL-1.1": (NOT_HELD,),
        "BL-3.4": (NOT_HELD,),
        "BL-1.2": (OUT_OF_TURN,),  # out of turn, or a second card to the same trick
        "BL-4.1": (OUT_OF_TURN, BAD_CALL),
        "BL-4.2": (OUT_OF_TURN, BAD_CALL),
        "BL-4.3": (OUT_OF_TIME,),
        "BL-4.4": (OUT_OF_TIME,),
        "BL-7.1": (OUT_OF_TURN, OUT_OF_TIME),  # a lead out of turn, or a card before trumps are chosen
        "BL-7.6": (OUT_OF_TIME,),
    },
)

RENONCE_RULES = frozenset({"BL-7.2", "BL-7.3", "BL-7.4", "R-BL-9"})

# BL-10.1 and R-BL-14: a renonce's remedy, by the camp that made it and the flag.
_RENONCE = {
    (Camp.TAKERS, False): gettext_noop(
        "A renonce by {player}, one of the takers: the defenders score all 162 trick points and every announcement, "
        "and the takers keep only their belote-rebelote."
    ),
    (Camp.DEFENDERS, False): gettext_noop(
        "A renonce by {player}, one of the defenders: the takers score all 162 trick points and every announcement, "
        "and the defenders keep only their belote-rebelote."
    ),
    (Camp.TAKERS, True): gettext_noop(
        "A renonce by {player}, one of the takers: the deal is void, and the defenders score 162, nothing else."
    ),
    (Camp.DEFENDERS, True): gettext_noop(
        "A renonce by {player}, one of the defenders: the deal is void, and the takers score 162, nothing else."
    ),
}
_LATER_RENONCE = gettext_noop("The deal was already decided by the first renonce, in trick {trick}.")
_FALSE_ANNOUNCEMENT = gettext_noop("{player}'s announcement is void: it scores nothing.")
_STEP = {
    Camp.TAKERS: gettext_noop("renonce by {player} in trick {trick}: the deal goes to the defenders"),
    Camp.DEFENDERS: gettext_noop("renonce by {player} in trick {trick}: the deal goes to the takers"),
}


class Remedies(ReplayState):
    """Each fault's remedy (BL-10) and the deal as ruled."""

    faults = FAULTS

    def camp(self, seat: int) -> Camp:
        """The camp ``seat`` plays in: the takers' or the defenders' (BL-4.3)."""
        assert self.taker is not None
        return Camp.TAKERS if side_of(seat) == side_of(self.taker) else Camp.DEFENDERS

    def renonce_rule(self) -> str:
        return "R-BL-14" if "bl_renonce_deal_void" in self.flags else "BL-10.1"

    def first_renonce(self) -> Violation | None:
        """The deal's first renonce, which decides it (BL-10.1)."""
        return next((violation for violation in self.violations if violation.rule in RENONCE_RULES), None)

    def own_remedies(self) -> dict[int, Remedy]:
        """Each renonce's and false announcement's remedy (`remedy`); R-BL-15 remedies the rest."""
        first = self.first_renonce()
        remedies = {index: self.remedy(violation, first) for index, violation in enumerate(self.violations)}
        return {index: remedy for index, remedy in remedies.items() if remedy is not None}

    def remedy(self, violation: Violation, first: Violation | None) -> Remedy | None:
        """The remedy of a renonce, ``first`` being the deal's first (BL-10.1, R-BL-14), or of a false belote or
        rebelote (BL-10.2); None for another fault."""
        seat = violation.seat
        if violation.rule == "BL-6.1":
            text = _(_FALSE_ANNOUNCEMENT).format(player=self.name(seat))
            return Remedy(rule="BL-10.2", source="contree.org", text=text)
        if violation.rule not in RENONCE_RULES or first is None:
            return None
        void = "bl_renonce_deal_void" in self.flags
        text = _(_RENONCE[self.camp(seat), void]).format(player=self.name(seat))
        if violation.event != first.event:
            text = f"{text} {_(_LATER_RENONCE).format(trick=first.trick)}"
        return Remedy(rule=self.renonce_rule(), source=_SOURCE[void], text=text, to_side=1 - side_of(seat))

    def ruled(self, violations: tuple[Violation, ...], entry: dict[str, Any] | None) -> Ruled:
        """BL-10.1: the deal as ruled, when a renonce decided it: the entry with the camp of the first renonce."""
        first = self.first_renonce()
        if entry is None or entry.get("passed_out") or first is None:
            return violations, None
        camp = self.camp(first.seat)
        try:
            deal = SCORING.parse_deal({**entry, "renonce": camp.value}, self.flags)
        except EntryError:  # the entry as played could not be scored either: nothing to rule on
            return violations, None
        step = RulingStep(
            rule=self.renonce_rule(),
            source=_SOURCE["bl_renonce_deal_void" in self.flags],
            text=_(_STEP[camp]).format(player=self.name(first.seat), trick=first.trick),
        )
        score = SCORING.score_deal(deal, self.dealer, self.flags, 0)
        return violations, Ruling(entry=SCORING.to_entry(deal), score=score, steps=(step,))


_SOURCE = {False: "contree.org", True: "ASCEE, Règlement du concours de belote, art. 10"}

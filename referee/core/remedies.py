"""Remedies the rules give in words only: where the sources are silent on what a card the rules did not allow
costs, a game's ruling (R-BG-19, R-DB-12, R-CB-10, R-KJ-14) says it, with a house rule for the main
alternative, and the table enters the deal as ruled on the match page (docs/hand-record.md, "Remedies")."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from referee.core.verdict import Remedy, Violation
from vocabulary.i18n import _, gettext_noop


@dataclass(frozen=True, slots=True)
class Worded:
    """One way a ruling reads: its text (a msgid with ``{player}``, a whole sentence) and the source it rests on."""

    text: str
    source: str


@dataclass(frozen=True, slots=True)
class WordedRemedy:
    """A game's ruling on a card the rules did not allow: its rule ID, the house rule that chooses ``variant``
    over ``default``, and the violations (rule IDs) it answers."""

    rule: str
    flag: str
    default: Worded
    variant: Worded
    answers: frozenset[str]

    def remedy(self, player: str, flags: frozenset[str]) -> Remedy:
        """The remedy, told in words, of ``player``'s card under ``flags``."""
        worded = self.variant if self.flag in flags else self.default
        return Remedy(rule=self.rule, source=worded.source, text=_(worded.text).format(player=player))

    def given_to(
        self,
        violations: Collection[Violation],
        names: Sequence[str],
        flags: frozenset[str],
        events: Collection[int] | None = None,
    ) -> tuple[Violation, ...]:
        """The violations, each that this ruling answers (its rule among ``answers`` and, where ``events`` is given,
        its event among them) with its remedy for the player who made it."""
        return tuple(
            violation._replace(remedy=self.remedy(names[violation.seat], flags))
            if violation.rule in self.answers and (events is None or violation.event in events)
            else violation
            for violation in violations
        )


# The bridge rule of Law 64 read for two players (Bridgette, Draw Bridge), and the old whist laws' three tricks.
LAW_64_FOR_TWO = Worded(
    gettext_noop(
        "{player} played a card the rules did not allow: at the end of play {player} gives the other player "
        "the revoke trick and one more won later, if {player} won the revoke trick; otherwise one trick, if "
        "{player} won a trick from the revoke on; nothing for a revoke in the 12th trick or a second one in "
        "the same suit."
    ),
    "Law 64, by analogy",
)
THREE_TRICKS = Worded(
    gettext_noop(
        "{player} played a card the rules did not allow: at the end of play {player} gives three of their "
        "tricks to the other player."
    ),
    "Hoyle's Games Modernized, whist law 75",
)

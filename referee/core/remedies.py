"""Remedies the rules give in words only: where the sources are silent on what a card the rules did not allow
costs, a game's ruling (R-BG-19, R-DB-12, R-CB-10, R-KJ-14) says it, with a house rule for the main
alternative, and the table enters the deal as ruled on the match page (docs/hand-record.md, "Remedies")."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from referee.core.verdict import Remedy, Ruling, RulingStep, Trick, Violation
from scoring.core.base import EntryError, Game
from vocabulary.i18n import _, gettext_noop, ngettext


@dataclass(frozen=True, slots=True)
class Worded:
    """One way a ruling reads: its text (a msgid with ``{player}``, a whole sentence) and the source it rests on;
    ``step``, where the ruling is scored through a deal entry field, is the ruling step's msgid (with ``{player}`` and
    ``{trick}``)."""

    text: str
    source: str
    step: str = ""


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


@dataclass(frozen=True, slots=True)
class Fault:
    """One kind of fault, as a ruling reads it: its text (a msgid with ``{player}``, a whole sentence), and the text
    under the game's house rule where that differs."""

    text: str
    source: str
    variant: str = ""
    rule: str = ""  # the fault's own rule where the game's rules give one (BR-10.8), else the ruling's


@dataclass(frozen=True, slots=True)
class Faults:
    """A game's ruling on the faults its referee flags other than those with a remedy of their own: its rule ID,
    the house rule that reads each fault's ``variant``, and by each violated rule the kinds of fault it covers (a
    rule broken in two ways, a card out of turn or one not held, has both remedies, each its own sentence)."""

    rule: str
    flag: str  # "" where the game's rules give every remedy (Contract Bridge's Laws)
    kinds: Mapping[str, tuple[Fault, ...]]

    def remedy(self, violated: str, player: str, flags: frozenset[str]) -> Remedy:
        """The remedy of breaking ``violated`` by ``player`` under ``flags``."""
        kinds = self.kinds[violated]
        variant = self.flag in flags
        text = " ".join(
            _(kind.variant if variant and kind.variant else kind.text).format(player=player) for kind in kinds
        )
        source = "; ".join(dict.fromkeys(kind.source for kind in kinds))
        return Remedy(rule=kinds[0].rule or self.rule, source=source, text=text)

    def given_to(
        self, violations: Sequence[Violation], names: Sequence[str], flags: frozenset[str]
    ) -> tuple[Violation, ...]:
        """The violations, each still without a remedy given the ruling's for its rule."""
        return tuple(
            violation._replace(remedy=self.remedy(violation.rule, names[violation.seat], flags))
            if violation.remedy is None and violation.rule in self.kinds
            else violation
            for violation in violations
        )


# The faults every game's ruling reads alike, by analogy with the Laws of Duplicate Bridge 2017 where the game's own
# sources are silent (R-BG-20, R-DB-13, R-CB-11, R-KJ-15, R-BL-15).
OUT_OF_TURN = Fault(
    gettext_noop(
        "A card or call out of turn: an opponent of {player} may accept it, and then it stands and the deal goes on "
        "from it (the next player's card or call accepts it); otherwise it is taken back without penalty and the "
        "player whose turn it was acts."
    ),
    "Laws 29, 53 and 55, by analogy",
    gettext_noop(
        "A card or call out of turn: an opponent of {player} may accept it, and then it stands and the deal goes on "
        "from it; otherwise it is taken back and the player whose turn it was acts, and a card taken back stays "
        "face up as a penalty card, which {player} must play at the first legal chance."
    ),
)
NOT_HELD = Fault(
    gettext_noop(
        "A card {player} did not hold (another player's, or one already played or discarded) cannot be played: the "
        "play is void, the card stays where it was, and {player} plays a card they hold instead, without penalty. "
        "If the hands were recorded wrongly, correct them."
    ),
    "Law 45A, by analogy",
)
OUT_OF_TIME = Fault(
    gettext_noop(
        "A card or call the deal has no place for yet or any more (before its phase, or after the last trick or the "
        "end of the auction) does not count: a card goes back to {player}'s hand and a call is cancelled, without "
        "penalty."
    ),
    "Laws 39 and 57, by analogy",
    gettext_noop(
        "A card or call the deal has no place for yet or any more does not count: a call is cancelled, a card after "
        "the last trick goes back to the hand, and a card played too early stays face up as a penalty card, which "
        "{player} must play at the first legal chance."
    ),
)
BAD_CALL = Fault(
    gettext_noop(
        "A call the rules do not allow (a bid that does not outrank the last, a double or redouble not open to "
        "{player}, a bid the hand may not make, a second call) is cancelled: {player} makes a legal call in its "
        "place, without penalty."
    ),
    "Laws 27 and 36, by analogy",
)
BAD_DRAW = Fault(
    gettext_noop(
        "A draw or discard the rules do not allow is put right as soon as it is found, without penalty: cards drawn "
        "wrongly go back to the stock in their order, the right cards are drawn, and the discard is made again. "
        "Once the play has gone too far to put it right, the deal stands as played."
    ),
    "Law 13, by analogy",
)


def law_64_for_two(revokes: Sequence[Violation], tricks: Sequence[Trick], three_tricks: bool) -> list[tuple[int, int]]:
    """Each revoke of a two-player game as (its trick among those that count, the tricks it transfers), by
    `LAW_64_FOR_TWO` or, when ``three_tricks``, `THREE_TRICKS`; ``tricks`` are the finished tricks with their winners.
    By Law 64A: the revoke trick and one more won later if the offender won it, else one if the offender won a later
    trick; nothing in the 12th trick (Law 64B6) or for a second revoke in the same suit by the same player (64B2)."""
    counted = [trick for trick in tricks if trick.counts and trick.winner is not None]
    numbers = [trick.number for trick in counted]
    winners = [trick.winner for trick in counted]
    seen: set[tuple[int, str]] = set()
    transfers = []
    for revoke in revokes:
        index = numbers.index(revoke.trick or 0)
        suit = counted[index].plays[0][1].suit
        later = revoke.seat in winners[index + 1 :]
        if three_tricks:
            tricks_out = 3
        elif index + 1 == 12 or (revoke.seat, suit) in seen:
            tricks_out = 0
        elif winners[index] == revoke.seat:
            tricks_out = 1 + later
        else:
            tricks_out = int(later)
        seen.add((revoke.seat, suit))
        transfers.append((index + 1, tricks_out))
    return transfers


def transfer(count: int, declarers_offend: bool, won: int, played: int) -> tuple[int, int]:
    """A transfer of ``count`` tricks from the offending side, which never takes more than that side holds (R-BG-19,
    R-DB-12, BR-10.5): the tricks it moves, and the declaring side's tricks of the ``played`` after it, ``won``
    before it."""
    moved = min(count, won if declarers_offend else played - won)
    return moved, won - moved if declarers_offend else won + moved


def ruled_for_two(
    revoke: WordedRemedy,
    violations: Sequence[Violation],
    tricks: Sequence[Trick],
    entry: dict[str, Any] | None,
    game: Game,
    dealer: int,
    names: Sequence[str],
    flags: frozenset[str],
) -> tuple[tuple[Violation, ...], Ruling | None]:
    """The violations, each revoke's remedy with the tricks it transfers, and the deal as ruled: the declarer's tricks
    after every transfer (R-BG-19, R-DB-12), none taking more than the offender holds then. Only for a complete deal
    that was played: otherwise the violations as they are, and no ruling."""
    if entry is None or "declarer" not in entry:
        return tuple(violations), None
    answered = [
        index for index, violation in enumerate(violations) if violation.remedy and violation.remedy.rule == revoke.rule
    ]
    transfers = law_64_for_two([violations[index] for index in answered], tricks, revoke.flag in flags)
    declarer, won = entry["declarer"], entry["tricks"]
    played = sum(trick.counts for trick in tricks)
    ruled, steps = list(violations), []
    for index, (trick, count) in zip(answered, transfers, strict=True):
        violation = violations[index]
        offender, remedy = violation.seat, violation.remedy
        assert remedy is not None
        moved, won = transfer(count, offender == declarer, won, played)
        ruled[index] = violation._replace(remedy=remedy._replace(tricks=moved, to_side=1 - offender))
        if moved:
            text = ngettext(
                "{count} trick to {player}: {offender} played a card the rules did not allow in trick {trick}",
                "{count} tricks to {player}: {offender} played a card the rules did not allow in trick {trick}",
                moved,
            ).format(count=moved, player=names[1 - offender], offender=names[offender], trick=trick)
            steps.append(RulingStep(rule=revoke.rule, source=remedy.source, text=text))
    if not steps:
        return tuple(ruled), None
    return tuple(ruled), scored_ruling(game, {**entry, "tricks": won}, dealer, flags, steps)


def ruled_by_offender(
    revoke: WordedRemedy,
    field: str,
    violations: Sequence[Violation],
    entry: dict[str, Any] | None,
    game: Game,
    dealer: int,
    names: Sequence[str],
    flags: frozenset[str],
) -> Ruling | None:
    """The deal as ruled when the remedy is not a change of tricks (R-CB-10, R-KJ-14): the entry as played with the
    seat of the first revoke's offender in the deal entry's ``field``, which the scoring core scores by the ruling and
    its flag. None for a deal that is not complete, that had no revoke, or whose entry could not be scored."""
    first = next((violation for violation in violations if violation.rule in revoke.answers), None)
    if entry is None or first is None:
        return None
    worded = revoke.variant if revoke.flag in flags else revoke.default
    text = _(worded.step).format(player=names[first.seat], trick=first.trick)
    step = RulingStep(rule=revoke.rule, source=worded.source, text=text)
    return scored_ruling(game, {**entry, field: first.seat}, dealer, flags, [step])


def scored_ruling(
    game: Game, entry: dict[str, Any], dealer: int, flags: frozenset[str], steps: Sequence[RulingStep]
) -> Ruling | None:
    """The deal as ruled: ``entry``, the deal entry as the ruling's ``steps`` change it, as the scoring core stores
    and scores it; None where the scoring core refuses it (the entry as played could not be scored either: nothing to
    rule on)."""
    try:
        deal = game.parse_deal(entry, flags)
    except EntryError:
        return None
    return Ruling(entry=game.to_entry(deal), score=game.score_deal(deal, dealer, flags, 0), steps=tuple(steps))

"""Klaberjass scoring (docs/rules/klaberjass.md and the rulings R-KJ-1 to R-KJ-12).

A deal entry records what the table agreed after the play: who made trumps, each player's card
points, who took the last trick, each player's best declared sequence (compared here by KJ-6.3,
in `sequences`), and who scored bella; for a deal ruled on a revoke, who revoked (``revoke``, R-KJ-14). An
annulled deal (both players passed twice, KJ-4.4) is ``{"annulled": true}``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scoring.core.base import (
    DealScore,
    DealState,
    Entry,
    EntryField,
    EntrySpec,
    FieldKind,
    Flag,
    Flags,
    Line,
    Outcome,
    Progress,
    Reading,
    RuleError,
    Undertaking,
    one_seat_sides,
    seat_field,
)
from scoring.core.fields import flag_true, int_list, only_fields, seat, suit
from scoring.core.games.klaberjass.sequences import FIELDS as SEQUENCE_FIELDS
from scoring.core.games.klaberjass.sequences import (
    LONG_SEQUENCE,
    NOTHING,
    OLD_FIELD,
    SEATS,
    SHORT_SEQUENCE,
    Sequences,
    read_sequences,
    sequence_entry,
    sequence_fields,
    sequence_lines,
)
from vocabulary.i18n import Translated, _, fill, gettext_noop
from vocabulary.words import Suit

__all__ = ["GAME", "LONG_SEQUENCE", "SHORT_SEQUENCE", "Klaberjass", "KlaberjassDeal"]

FIELDS = (
    "annulled",
    "maker",
    "trump",
    "card_points",
    "last_trick",
    *SEQUENCE_FIELDS,
    OLD_FIELD,
    "bella",
    "no_trick",
    "revoke",
)
FIELD_NAMES = frozenset(FIELDS)

# KJ-2.2: 18 of the 32 cards are played. The 18 highest-scoring cards (both top
# trumps, every A, 10, K and Q) hold 146 points; the 18 lowest (the eleven
# blank cards, three plain jacks and four queens) hold 18.
MOST_CARD_POINTS = 146
LEAST_CARD_POINTS = 18
LAST_TRICK = 10  # KJ-8.4
BELLA = 20  # KJ-7.1

TARGET = 500  # KJ-1.1
TARGET_501 = 501  # R-KJ-12 variant


def _entry_spec(flags: Flags) -> EntrySpec:
    """The deal as the table agreed it after the play (KJ-9.1), or annulled (KJ-4.4); each player's
    fields (card points, best sequence) together."""
    no_trick = (
        (
            seat_field(
                "no_trick",
                gettext_noop("Took no trick"),
                SEATS,
                "R-KJ-7",
                none_label=gettext_noop("both took tricks"),
            ),
        )
        if "kj_no_meld_without_trick" in flags
        else ()
    )
    return EntrySpec(
        (
            EntryField(
                "annulled",
                gettext_noop("Annulled (both passed twice)"),
                FieldKind.SWITCH,
                "KJ-4.4",
                required=False,
            ),
            seat_field("maker", gettext_noop("Maker"), SEATS, "KJ-4.3"),
            EntryField(
                "trump",
                gettext_noop("Trump"),
                FieldKind.CHOICE,
                "KJ-4.2",
                tuple((suit.value, suit.symbol) for suit in Suit),
            ),
            EntryField(
                "card_points",
                gettext_noop("card points"),
                FieldKind.NUMBER,
                "KJ-2.2",
                low=0,
                high=MOST_CARD_POINTS,
                per_seat=True,
            ),
            seat_field("last_trick", gettext_noop("Last trick"), SEATS, "KJ-8.4"),
            *sequence_fields(flags),
            seat_field("bella", gettext_noop("Bella"), SEATS, "KJ-7.1", none_label=gettext_noop("nobody")),
            *no_trick,
            seat_field(
                "revoke",
                gettext_noop("Revoked (a card the rules did not allow)"),
                SEATS,
                "R-KJ-14",
                none_label=gettext_noop("nobody"),
            ),
        ),
        no_play="annulled",
        by_seat=True,
    )


# Only these two flags change the entry's fields.
ENTRY_FLAGS = frozenset({"kj_score_all_sequences", "kj_no_meld_without_trick"})
ENTRY_SPECS = {
    flags: _entry_spec(flags)
    for flags in (
        frozenset(),
        frozenset({"kj_score_all_sequences"}),
        frozenset({"kj_no_meld_without_trick"}),
        ENTRY_FLAGS,
    )
}

FLAGS: dict[str, Flag] = {
    flag.name: flag
    for flag in (
        Flag(
            "kj_schmeiss",
            "R-KJ-2",
            gettext_noop("A player may schmeiss: offer to play or throw in the deal, at the opponent's choice."),
        ),
        Flag(
            "kj_dix_any_trump",
            "R-KJ-4",
            gettext_noop("The dix may be swapped even when trumps were named in the second round."),
        ),
        Flag(
            "kj_compare_by_value",
            "R-KJ-5",
            gettext_noop("Sequences are compared by value (20 or 50) before their top card."),
        ),
        Flag("kj_no_meld_without_trick", "R-KJ-7", gettext_noop("A player who wins no trick scores no sequence.")),
        Flag(
            "kj_score_all_sequences",
            "R-KJ-6",
            gettext_noop("The winner of the sequence comparison scores all their sequences."),
        ),
        Flag(
            "kj_tie_points_hang",
            "R-KJ-9",
            gettext_noop("A maker's tie holds both totals over for the next deal's winner."),
        ),
        Flag("kj_bella_kept_when_bate", "R-KJ-10", gettext_noop("A bate maker keeps their own 20 for bella.")),
        Flag("kj_target_501", "R-KJ-12", gettext_noop("The match is played to 501 instead of 500.")),
        Flag(
            "kj_revoke_annuls_deal",
            "R-KJ-14",
            gettext_noop("A card the rules did not allow annuls the deal: nobody scores."),
        ),
        Flag(
            "kj_penalty_cards",
            "R-KJ-15",
            gettext_noop(
                "A card taken back after a fault (played out of turn or too early) stays face up as a penalty card, "
                "to be played at the first legal chance."
            ),
        ),
    )
}


@dataclass(frozen=True, slots=True)
class KlaberjassDeal:
    """One deal. For an annulled deal (KJ-4.4) the other fields are unused. ``no_trick`` is the player
    who took no trick, entered under `kj_no_meld_without_trick` (R-KJ-7); ``revoke`` the player who played a card the
    rules did not allow (R-KJ-14)."""

    annulled: bool
    maker: int = 0
    trump: Suit = Suit.SPADES
    card_points: tuple[int, ...] = (0, 0)
    last_trick: int = 0
    sequences: Sequences = (NOTHING, NOTHING)
    bella: int | None = None
    no_trick: int | None = None
    revoke: int | None = None

    def totals(self, sequence_points: tuple[int, int]) -> tuple[int, int]:
        """Each player's total T (KJ-9.1), with what the sequence comparison gave each (KJ-6.3)."""
        first, second = self.card_points
        first += sequence_points[0] + (BELLA if self.bella == 0 else 0) + (LAST_TRICK if self.last_trick == 0 else 0)
        second += sequence_points[1] + (BELLA if self.bella == 1 else 0) + (LAST_TRICK if self.last_trick == 1 else 0)
        return first, second


ANNULLED = KlaberjassDeal(annulled=True)


def _no_trick(entry: Entry, flags: Flags, card_points: tuple[int, ...], last_trick: int) -> int | None:
    """R-KJ-7: who took no trick, asked only under `kj_no_meld_without_trick`; such a player has no
    card points and not the last trick."""
    player = seat(entry, "no_trick", SEATS, "R-KJ-7", optional=True)
    if player is None:
        return None
    if "kj_no_meld_without_trick" not in flags:
        raise RuleError("no_trick", "R-KJ-7", _("who took no trick matters only under kj_no_meld_without_trick"))
    if last_trick == player:
        raise RuleError("no_trick", "R-KJ-7", _("the player who took the last trick took a trick (KJ-8.4)"))
    if card_points[player]:
        message = _("a player who took no trick has no card points, not {points}").format(points=card_points[player])
        raise RuleError("no_trick", "R-KJ-7", message)
    return player


def _card_points(entry: Entry) -> tuple[int, ...]:
    points = int_list(entry, "card_points", SEATS)
    # The player's place is looked for only when a value is out of range.
    for player, value in enumerate(points if min(points) < 0 or max(points) > MOST_CARD_POINTS else ()):
        if not 0 <= value <= MOST_CARD_POINTS:
            message = _("card points must be from 0 to {most}, not {value}")
            raise RuleError(f"card_points[{player}]", "KJ-2.2", message.format(most=MOST_CARD_POINTS, value=value))
    played = points[0] + points[1]
    if played > MOST_CARD_POINTS:
        message = _("the 18 cards played hold at most {most} card points, not {played}")
        raise RuleError("card_points", "KJ-2.2", message.format(most=MOST_CARD_POINTS, played=played))
    if played < LEAST_CARD_POINTS:
        message = _("the 18 cards played hold at least {least} card points, not {played}")
        raise RuleError("card_points", "KJ-2.2", message.format(least=LEAST_CARD_POINTS, played=played))
    return points


class Klaberjass:
    name = "klaberjass"
    title = Translated(gettext_noop("Klaberjass"))
    summary = Translated(gettext_noop("Two players, 32 cards: choose trumps, meld sequences and bella, first to 500."))
    rule_prefix = "KJ"
    flags: Mapping[str, Flag] = FLAGS
    seats = SEATS
    sides = one_seat_sides(SEATS)
    side_labels: tuple[str, ...] = ()
    seat_labels: tuple[str, ...] = ()  # the rules give the seats no names of their own
    seat_names: tuple[str, ...] = ()
    seating = Translated(gettext_noop("Two players, in seat order."))
    target_required = False
    suggested_target: int | None = TARGET
    target_rule = "R-KJ-12"
    target_text = Translated(gettext_noop("Plays to 500 if left empty (KJ-1.1), or 501 under kj_target_501 (R-KJ-12)."))
    dealer_rule = "KJ-3.1"
    held_over_rule: str | None = "R-KJ-9"  # kj_tie_points_hang: a maker's tie waits for the next deal

    def pad(self, played: object, players: object, flags: object) -> None:
        """No score pad of the game's own: the score sheet is its pad."""
        return None

    def default_target(self, flags: Flags) -> int | None:
        """500 (KJ-1.1), or 501 under `kj_target_501` (R-KJ-12)."""
        return TARGET_501 if "kj_target_501" in flags else TARGET

    def check_target(self, target: int | None, flags: Flags) -> None:
        """R-KJ-12: `kj_target_501` plays the match to 501, so a match that names another target
        as well is refused, rather than one of the two silently ignored. A target of 501 with the
        flag is the same match (an exported match file names its target)."""
        if target is not None and "kj_target_501" in flags and target != TARGET_501:
            message = _(
                "kj_target_501 plays the match to {target_501}: "
                "leave the target empty or make it {target_501}, not {target}"
            )
            raise RuleError("target", "R-KJ-12", message.format(target_501=TARGET_501, target=target))

    def _target(self, progress: Progress, flags: Flags) -> int:
        target = progress.target if progress.target is not None else self.default_target(flags)
        assert target is not None
        return target

    def check_flags(self, flags: Flags) -> None:
        """Every Klaberjass flag combines with every other: each changes a different ruling."""

    def entry_spec(self, flags: Flags) -> EntrySpec:
        """The entry of KJ-9.1; under kj_score_all_sequences it has each player's other sequences
        (R-KJ-6), under kj_no_meld_without_trick who took no trick (R-KJ-7)."""
        return ENTRY_SPECS[flags & ENTRY_FLAGS]

    def roles(self, dealer: int, players: tuple[str, ...], flags: Flags) -> tuple[str, ...]:
        other = players[1 - dealer]
        return (
            _("{dealer} deals.").format(dealer=players[dealer]),
            _("{player} speaks first for trumps and leads (KJ-4.1, KJ-8.1).").format(player=other),
        )

    def parse_deal(self, entry: Entry, flags: Flags) -> KlaberjassDeal:
        """Validate a deal entry against KJ-2.2, KJ-4, KJ-6, KJ-7 and KJ-8.4."""
        entry = only_fields(entry, FIELD_NAMES)
        if flag_true(entry, "annulled"):
            if len(entry) == 1:  # the usual annulled entry, the switch alone
                return ANNULLED
            for field in FIELDS[1:]:
                if entry.get(field) is not None:
                    message = _("an annulled deal has no {field}: nobody chose trumps").format(field=field)
                    raise RuleError(field, "KJ-4.4", message)
            return ANNULLED
        read = Reading()  # every field's error at once
        maker = read(seat, entry, "maker", SEATS, "KJ-4.3")
        trump = read(suit, entry, "trump", "KJ-4.2")  # any suit
        card_points = read(_card_points, entry)
        last_trick = read(seat, entry, "last_trick", SEATS, "KJ-8.4")
        sequences = read(read_sequences, entry, flags)
        bella = read(seat, entry, "bella", SEATS, "KJ-7.1", optional=True)
        revoke = read(seat, entry, "revoke", SEATS, "R-KJ-14", optional=True)
        no_trick = None
        if card_points is not None and last_trick is not None:
            no_trick = read(_no_trick, entry, flags, card_points, last_trick)
        read.done()
        assert maker is not None and trump is not None and card_points is not None
        assert last_trick is not None and sequences is not None
        return KlaberjassDeal(False, maker, trump, card_points, last_trick, sequences, bella, no_trick, revoke)

    def score_deal(
        self, deal: KlaberjassDeal, dealer: int, flags: Flags, held_over: int, carry: Any = None
    ) -> DealScore:
        """KJ-9.1 totals, compared as in KJ-9.2 (R-KJ-9, R-KJ-10)."""
        hang = "kj_tie_points_hang" in flags
        pot = held_over if hang else 0
        if deal.annulled:
            # KJ-4.4: nobody scores; under R-KJ-9 the pot waits for a scored deal.
            return DealScore((0, 0), (ANNULLED_LINES[1 - dealer],), held_over=pot)
        sequence_points, comparison = sequence_lines(deal.sequences, flags, deal.no_trick)
        totals = deal.totals(sequence_points)
        maker, opponent = deal.maker, 1 - deal.maker
        lines = [*_components(deal, 0, comparison), *_components(deal, 1, comparison)]
        points = list(totals)
        t_maker, t_opponent = totals[maker], totals[opponent]
        if deal.revoke is not None:
            if "kj_revoke_annuls_deal" in flags:  # R-KJ-14 variant: nobody scores; the pot waits, as in KJ-4.4
                lines += [Line(player, -totals[player], "R-KJ-14", REVOKE_ANNULS_TEXT) for player in (0, 1)]
                return DealScore((0, 0), tuple(lines), held_over=pot)
            offender, other = deal.revoke, 1 - deal.revoke
            points[offender], points[other] = 0, t_maker + t_opponent
            lines.append(Line(offender, -totals[offender], "R-KJ-14", REVOKE_GIVES_TEXT))
            lines.append(Line(other, totals[offender], "R-KJ-14", REVOKE_TAKES_TEXT))
        elif t_maker == t_opponent:
            if hang:
                pot += t_maker + t_opponent
                for player in (0, 1):
                    if totals[player]:
                        text = gettext_noop("the maker tied: held over to the next deal")
                        lines.append(Line(player, -totals[player], "R-KJ-9", text))
                return DealScore((0, 0), tuple(lines), held_over=pot)
            points[maker] = 0
            if t_maker:
                lines.append(Line(maker, -t_maker, "KJ-9.2", gettext_noop("the maker tied and scores nothing")))
        elif t_maker < t_opponent:
            kept = BELLA if "kj_bella_kept_when_bate" in flags and deal.bella == maker else 0
            handed = t_maker - kept
            points[maker] = kept
            points[opponent] = t_opponent + handed
            if handed:
                lines.append(
                    Line(maker, -handed, "KJ-9.2", gettext_noop("bate: the maker's points go to the opponent"))
                )
                lines.append(
                    Line(opponent, handed, "KJ-9.2", gettext_noop("the maker is bate: their points come here"))
                )
            if kept:
                lines.append(Line(maker, 0, "R-KJ-10", gettext_noop("bate, but the maker keeps bella")))
        # R-KJ-9 variant: the player who scores more in this deal takes the pot.
        if pot and points[0] != points[1]:
            taker = 0 if points[0] > points[1] else 1
            points[taker] += pot
            lines.append(Line(taker, pot, "R-KJ-9", POT_TAKEN_TEXT))
            pot = 0
        return DealScore(tuple(points), tuple(lines), held_over=pot)

    def next_dealer(self, dealer: int, deal: KlaberjassDeal, flags: Flags) -> int:
        """The deal alternates (KJ-3.1, R-KJ-1), after an annulled deal too (R-KJ-3)."""
        return 1 - dealer

    def outcome(self, progress: Progress, flags: Flags) -> Outcome | None:
        """KJ-10.1 and KJ-10.2 (R-KJ-12): checked only at the end of a deal."""
        target = self._target(progress, flags)
        first, second = progress.totals
        names = progress.names
        over = [player for player in (0, 1) if progress.totals[player] >= target]
        if not over:
            return None
        if len(over) == 1:
            winner = over[0]
            return Outcome(
                (winner,), "KJ-10.1", fill(_("{name} passed {target} first"), name=names[winner], target=target)
            )
        if first == second:
            return None  # KJ-10.2: equal totals over the target, another deal.
        winner = 0 if first > second else 1
        reason = _("both passed {target}; {name} has more, {high} to {low}")
        return Outcome(
            (winner,),
            "KJ-10.2",
            fill(reason, target=target, name=names[winner], high=max(first, second), low=min(first, second)),
        )

    def stage(self, progress: Progress, flags: Flags) -> str:
        target = self._target(progress, flags)
        number = progress.deals_played + 1
        first, second = progress.totals
        if first == second and first >= target:
            return fill(_("Deal {number} · Tie-break · Target {target}"), number=number, target=target)
        return fill(_("Deal {number} · Target {target}"), number=number, target=target)

    def describe(self, deal: KlaberjassDeal, players: tuple[str, ...]) -> str:
        if deal.annulled:
            return _(ANNULLED_TEXT)
        first, second = deal.card_points
        words = (
            _("{maker} makes {trump}, {first}–{second}")
            if deal.revoke is None
            else _("{maker} makes {trump}, {first}–{second}, revoke by {offender}")  # R-KJ-14
        )
        offender = players[deal.revoke] if deal.revoke is not None else ""
        return words.format(
            maker=players[deal.maker], trump=deal.trump.symbol, first=first, second=second, offender=offender
        )

    def describe_result(self, deal: KlaberjassDeal, score: DealScore, players: tuple[str, ...], flags: Flags) -> str:
        """The maker, the trumps and the two totals KJ-9.2 compares, the maker's first: the maker wins the deal,
        ties (KJ-9.2; held over under R-KJ-9) or is bate (KJ-9.2; keeping bella under R-KJ-10); an annulled deal
        (KJ-4.4). A deal that takes the points held over from a tie says so (R-KJ-9)."""
        if deal.annulled:
            return _("annulled: both passed twice (KJ-4.4)")
        totals = deal.totals(sequence_lines(deal.sequences, flags, deal.no_trick)[0])
        maker_total, other_total = totals[deal.maker], totals[1 - deal.maker]
        if deal.revoke is not None and "kj_revoke_annuls_deal" in flags:
            words = _("{maker} makes {trump}; revoke by {offender}: the deal is annulled (R-KJ-14)")
        elif deal.revoke is not None:
            words = _("{maker} makes {trump}; revoke by {offender}: {other} scores all {total} (R-KJ-14)")
        elif maker_total > other_total:
            words = _("{maker} makes {trump}: {maker_total} to {other_total}")
        elif maker_total == other_total:
            words = (
                _("{maker} makes {trump} and ties, {maker_total} each: both held over (R-KJ-9)")
                if "kj_tie_points_hang" in flags
                else _("{maker} makes {trump} and ties, {maker_total} each: nothing for the maker (KJ-9.2)")
            )
        elif score.points[deal.maker]:  # a bate maker keeps only bella (R-KJ-10)
            words = _("{maker} makes {trump} and is bate, {maker_total} to {other_total}; bella kept (R-KJ-10)")
        else:
            words = _("{maker} makes {trump} and is bate, {maker_total} to {other_total} (KJ-9.2)")
        offender = deal.revoke if deal.revoke is not None else 0
        text = words.format(
            maker=players[deal.maker],
            trump=deal.trump.symbol,
            maker_total=maker_total,
            other_total=other_total,
            offender=players[offender],
            other=players[1 - offender],
            total=maker_total + other_total,
        )
        taken = next((line for line in score.lines if line.message == POT_TAKEN_TEXT), None)
        if taken is None:
            return text
        return _("{deal}; {player} takes the {points} held over (R-KJ-9)").format(
            deal=text, player=players[taken.side], points=taken.points
        )

    def to_entry(self, deal: KlaberjassDeal) -> dict[str, Any]:
        if deal.annulled:
            return {"annulled": True}
        entry: dict[str, Any] = {
            "maker": deal.maker,
            "trump": deal.trump.value,
            "card_points": list(deal.card_points),
            "last_trick": deal.last_trick,
            **sequence_entry(deal.sequences),
            "bella": deal.bella,
        }
        if deal.no_trick is not None:
            entry["no_trick"] = deal.no_trick
        if deal.revoke is not None:
            entry["revoke"] = deal.revoke
        return entry

    def undertakings(self, deal: KlaberjassDeal, score: DealScore, flags: Flags) -> tuple[Undertaking, ...]:
        """The maker's trumps (KJ-9.2): made when the maker's total is the higher; bate or tied, not made; nothing for
        an annulled deal (KJ-4.4). After a revoke (R-KJ-14) the maker made it when the opponent revoked; a deal the
        revoke annuls counts nothing. A player's statistics count them."""
        if deal.annulled or (deal.revoke is not None and "kj_revoke_annuls_deal" in flags):
            return ()
        if deal.revoke is not None:
            return (Undertaking(deal.maker, deal.revoke != deal.maker),)
        made = self.deal_state(deal, score, flags, dealer=0, before=None).result == "made"
        return (Undertaking(deal.maker, made),)

    def deal_state(
        self, deal: KlaberjassDeal, score: DealScore, flags: Flags, *, dealer: int, before: Any
    ) -> DealState:
        """The JSON sheet's result of a deal (docs/match-file.md), from the totals of KJ-9.1: made (the maker's is
        higher), bate (lower) or tie (KJ-9.2), annulled (KJ-4.4), or revoke (R-KJ-14: a revoke decided it); and who
        made trumps."""
        if deal.annulled:
            return DealState("annulled", {"maker": None})
        if deal.revoke is not None:
            return DealState("revoke", {"maker": deal.maker})
        totals = deal.totals(sequence_lines(deal.sequences, flags, deal.no_trick)[0])
        maker, opponent = totals[deal.maker], totals[1 - deal.maker]
        return DealState("made" if maker > opponent else "bate" if maker < opponent else "tie", {"maker": deal.maker})


def _components(deal: KlaberjassDeal, player: int, sequence_lines: list[Line]) -> list[Line]:
    """The parts of one player's total (KJ-9.1), each with its rule: the sequence lines say how the
    comparison went (KJ-6.3)."""
    lines = []
    card_points = deal.card_points[player]
    if card_points:
        lines.append(CARD_POINT_LINES[player][card_points])
    if deal.last_trick == player:
        lines.append(LAST_TRICK_LINES[player])
    for line in sequence_lines:
        if line.side == player:
            lines.append(line)
    if deal.bella == player:
        lines.append(BELLA_LINES[player])
    return lines


# Each player's lines for card points, the last trick and bella, made once rather than per deal: they hold
# msgids, worded in the active language when shown (scoring/core/base.py Line).
CARD_POINTS_TEXT = gettext_noop("card points in tricks")
CARD_POINT_LINES = tuple(
    tuple(Line(player, points, "KJ-2.2", CARD_POINTS_TEXT) for points in range(MOST_CARD_POINTS + 1))
    for player in range(SEATS)
)
LAST_TRICK_LINES = tuple(Line(player, LAST_TRICK, "KJ-8.4", gettext_noop("last trick")) for player in range(SEATS))
BELLA_LINES = tuple(Line(player, BELLA, "KJ-7.1", gettext_noop("bella")) for player in range(SEATS))
ANNULLED_TEXT = gettext_noop("annulled: both passed twice")
POT_TAKEN_TEXT = gettext_noop("takes the points held over from the tie")  # R-KJ-9
REVOKE_GIVES_TEXT = gettext_noop("revoke: every point of the deal goes to the opponent")  # R-KJ-14
REVOKE_TAKES_TEXT = gettext_noop("the opponent revoked: every point of the deal comes here")
REVOKE_ANNULS_TEXT = gettext_noop("a revoke annuls the deal: nobody scores")
ANNULLED_LINES = tuple(Line(player, 0, "KJ-4.4", ANNULLED_TEXT) for player in range(SEATS))


GAME = Klaberjass()

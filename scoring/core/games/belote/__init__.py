"""Belote scoring (docs/rules/belote.md: BL-1.1 to BL-9.3 and the rulings R-BL-1 to R-BL-13).

Four players in two sides: seats 0 and 2 against seats 1 and 3 (BL-1.1), so a seat's side is
``seat % 2``. A deal entry records what the table agreed after the play, in the words the table uses:
who took and in which suit, one camp's card points (the other camp has the rest of the 152, BL-2.2),
which camp won the last trick, a capot (which stands for all of those), what each camp announced (compared
here by BL-5.5 and R-BL-4, in `announcements`), and who announced belote-rebelote. A deal nobody took
(BL-4.4) is ``{"passed_out": true}``.

A litige holds the takers' points over to the next deal (BL-8.4, R-BL-10): they travel in
``DealScore.held_over``, and the winner of the next deal that is played takes them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
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
    Ranking,
    Reading,
    RuleError,
    Undertaking,
    seat_field,
)
from scoring.core.fields import choice, flag_true, integer, only_fields, seat, suit
from scoring.core.games.belote.announcements import (
    CAMP_LABELS,
    CAMP_NAMED,
    CAMPS,
    NO_COMPARISON,
    NOTHING,
    Camp,
    Comparison,
    Pair,
    announcement_entry,
    announcement_fields,
    comparison_values,
    read_announcements,
)
from scoring.core.games.belote.announcements import FIELDS as ANNOUNCEMENT_FIELDS
from scoring.core.games.belote.announcements import OLD_FIELDS as OLD_ANNOUNCEMENT_FIELDS
from vocabulary.i18n import Translated, _, gettext_noop, numeral
from vocabulary.words import Suit

__all__ = ["ANNOUNCEMENT_TOTALS", "GAME", "SHARED_CARD_TOTALS", "Belote", "BeloteDeal", "Camp", "Result"]

SEATS = 4
SIDES = ((0, 2), (1, 3))  # BL-1.1: partners sit opposite
FIELDS = (
    "passed_out",
    "taker",
    "trump",
    "taker_card_points",
    "defender_card_points",
    "last_trick",
    "capot",
    *ANNOUNCEMENT_FIELDS,
    *OLD_ANNOUNCEMENT_FIELDS,  # older files' totals after the comparison, still read (announcements.py)
    "belote",
    "renonce",
)
FIELD_NAMES = frozenset(FIELDS)

CARD_POINTS = 152  # BL-2.2: all 32 cards are played
LAST_TRICK = 10  # BL-2.3, the dix de der
TRICK_POINTS = CARD_POINTS + LAST_TRICK  # 162
NO_SUCH_CARD_POINTS = frozenset({1, CARD_POINTS - 1})  # BL-2.4: no card is worth 1
BELOTE = 20  # BL-6.1
CAPOT, CAPOT_252 = 250, 252  # BL-8.5, R-BL-11
TRICK_POINTS_IN_TENS = 160  # R-BL-12

# BL-5.6: what one side's announcements can total. One player's eight cards hold at most two
# announcements (cards used once, BL-5.4; a run declared whole, R-BL-3), worth 0, 20, 40, 50, 70,
# 100, 120, 150, 170, 200, 220, 250, 300 or 350; a side adds its two players', whose cards all differ.
ANNOUNCEMENT_TOTALS = frozenset(
    {0, 20, 40, 50, 60, 70, 80, 90, 100, 110, 120, 140, 150, 160, 170, 190, 200, 210, 220, 240, 250, 260, 270}
    | {290, 300, 320, 340, 350, 370, 390, 400, 420, 450, 470, 500, 550}
)
# R-BL-5 variant: a card may serve in a carré and in a run, which adds these totals.
SHARED_CARD_TOTALS = ANNOUNCEMENT_TOTALS | {180, 230, 280, 310, 330, 360, 380, 410, 430, 440, 490}

TARGET = 1000  # BL-1.3, R-BL-13


NO_CAPOT = "none"  # the match file's word for a deal without a capot
CAPOTS = (NO_CAPOT, *CAMPS)
NO_RENONCE = "none"  # BL-10.1: and for a deal without a renonce
RENONCES = (NO_RENONCE, *CAMPS)


class Result(StrEnum):
    """How the takers' contract ended (BL-8.2 to BL-8.4); the values are the JSON's result codes."""

    MADE = "made"
    DEDANS = "dedans"
    LITIGE = "litige"
    RENONCE = "renonce"  # BL-10.1: a camp's renonce decides the deal
    PASSED_OUT = "passed_out"  # BL-4.4: nobody took


# The JSON's result code of a deal (docs/match-file.md): the contract's result, a capot named as such (BL-8.5).
CAPOT_CODES = {Camp.TAKERS: "capot", Camp.DEFENDERS: "capot_defenders"}


def side_of(seat_number: int) -> int:
    """The side a seat plays for (BL-1.1)."""
    return seat_number % 2


def announcement_totals(flags: Flags) -> frozenset[int]:
    """The totals a side's announcements can reach (BL-5.6, R-BL-5)."""
    return SHARED_CARD_TOTALS if "bl_cards_in_two_announcements" in flags else ANNOUNCEMENT_TOTALS


def in_tens(takers_trick_points: int) -> tuple[int, int]:
    """R-BL-12: the takers' trick points to the nearest ten, a 5 rounded down; the defenders get 160 minus that."""
    takers = (takers_trick_points + 4) // 10 * 10
    return takers, TRICK_POINTS_IN_TENS - takers


def _entry_spec(announcements: bool) -> EntrySpec:
    """The deal as the table agreed it after the play (BL-8.7), or passed out (BL-4.4): either camp's card points
    (the other's follow, BL-2.2), and nothing of them for a capot, which says it all (BL-8.5)."""
    declared = announcement_fields()
    camps = tuple((camp.value, CAMP_LABELS[camp]) for camp in Camp)
    return EntrySpec(
        (
            EntryField(
                "passed_out",
                gettext_noop("Passed out (all four passed twice)"),
                FieldKind.SWITCH,
                "BL-4.4",
                required=False,
            ),
            seat_field("taker", gettext_noop("Taker"), SEATS, "BL-4.3"),
            EntryField(
                "trump",
                gettext_noop("Trump"),
                FieldKind.CHOICE,
                "BL-4.1",
                tuple((suit.value, suit.symbol) for suit in Suit),
            ),
            EntryField(
                "taker_card_points",
                gettext_noop("Takers' card points (without the last trick)"),
                FieldKind.NUMBER,
                "BL-2.2",
                low=0,
                high=CARD_POINTS,
                required=False,
            ),
            EntryField(
                "defender_card_points",
                gettext_noop("Defenders' card points (instead of the takers')"),
                FieldKind.NUMBER,
                "BL-2.2",
                low=0,
                high=CARD_POINTS,
                required=False,
            ),
            EntryField(
                "last_trick",
                gettext_noop("Last trick (dix de der, 10)"),
                FieldKind.CHOICE,
                "BL-2.3",
                camps,
                required=False,
            ),
            EntryField(
                "capot",
                gettext_noop("Capot (all eight tricks)"),
                FieldKind.CHOICE,
                "BL-8.5",
                ((NO_CAPOT, gettext_noop("No")), *camps),
                required=False,
                initial=NO_CAPOT,
            ),
            *(declared if announcements else ()),
            seat_field("belote", gettext_noop("Belote-rebelote"), SEATS, "BL-6.1", none_label=gettext_noop("nobody")),
            EntryField(
                "renonce",
                gettext_noop("Renonce (a card the rules did not allow), by"),
                FieldKind.CHOICE,
                "BL-10.1",
                ((NO_RENONCE, gettext_noop("nobody")), *camps),
                required=False,
                initial=NO_RENONCE,
            ),
        ),
        no_play="passed_out",
    )


ENTRY_SPECS = {announcements: _entry_spec(announcements) for announcements in (True, False)}

FLAGS: dict[str, Flag] = {
    flag.name: flag
    for flag in (
        Flag(
            "bl_same_dealer_redeals", "R-BL-1", gettext_noop("After a deal nobody took, the same player deals again.")
        ),
        Flag(
            "bl_equal_announcements_cancel",
            "R-BL-4",
            gettext_noop("Exactly equal best announcements, neither in trumps, cancel: no side scores announcements."),
        ),
        Flag(
            "bl_cards_in_two_announcements", "R-BL-5", gettext_noop("A card may count in a carré and in a run at once.")
        ),
        Flag(
            "bl_no_announcements", "R-BL-6", gettext_noop("Played without announcements: only belote-rebelote scores.")
        ),
        Flag(
            "bl_belote_not_in_contract",
            "R-BL-8",
            gettext_noop("Belote-rebelote does not count towards making the contract."),
        ),
        Flag(
            "bl_must_trump_partner_master",
            "R-BL-9",
            gettext_noop("A player who cannot follow suit must trump even when their partner holds the trick."),
        ),
        Flag("bl_tie_is_dedans", "R-BL-10", gettext_noop("A tie puts the takers dedans; nothing is held over.")),
        Flag("bl_tie_is_made", "R-BL-10", gettext_noop("A tie makes the contract: each side scores its own total.")),
        Flag("bl_capot_252", "R-BL-11", gettext_noop("A capot is worth 252 instead of 250.")),
        Flag(
            "bl_renonce_deal_void",
            "R-BL-14",
            gettext_noop("A renonce voids the deal: the other camp scores 162 and nothing else scores."),
        ),
        Flag(
            "bl_penalty_cards",
            "R-BL-15",
            gettext_noop(
                "A card taken back after a fault (played out of turn or too early) stays face up as a penalty card, "
                "to be played at the first legal chance."
            ),
        ),
        Flag(
            "bl_round_to_tens",
            "R-BL-12",
            gettext_noop("Trick points are written in tens, the defenders getting 160 minus."),
        ),
    )
}


@dataclass(frozen=True, slots=True)
class BeloteDeal:
    """One deal. For a deal nobody took (BL-4.4) the other fields are unused. ``announcements`` are what each camp
    declared (the takers', the defenders'), ``comparison`` which camp scores them (BL-5.5, R-BL-4), and ``result``
    how the contract ended under the match's flags (BL-8.2 to BL-8.4), worked out when the deal is read."""

    passed_out: bool
    taker: int = 0
    trump: Suit = Suit.SPADES
    taker_card_points: int = 0
    last_trick: Camp = Camp.TAKERS
    capot: Camp | None = None
    announcements: Pair = (NOTHING, NOTHING)
    comparison: Comparison = NO_COMPARISON
    belote: int | None = None
    result: Result = Result.PASSED_OUT
    renonce: Camp | None = None  # BL-10.1: the camp whose player made a renonce, which decides the deal

    @property
    def takers(self) -> int:
        """The takers' side (BL-4.3)."""
        return side_of(self.taker)

    def side(self, camp: Camp) -> int:
        return self.takers if camp is Camp.TAKERS else 1 - self.takers

    @property
    def scored_announcements(self) -> tuple[int, int]:
        """What each camp scores for announcements after the comparison (BL-5.5): the takers', the defenders'."""
        return scored_announcements(self.announcements, self.comparison)

    @property
    def trick_points(self) -> tuple[int, int]:
        """Each camp's trick points, the dix de der where it belongs (BL-2.3): the takers', the defenders'."""
        return trick_points(self.taker_card_points, self.last_trick)

    @property
    def code(self) -> str:
        """The JSON's result code: made, dedans, litige, capot, capot_defenders, renonce or passed_out."""
        if self.renonce is not None:
            return Result.RENONCE.value
        return CAPOT_CODES[self.capot] if self.capot else self.result.value


PASSED_OUT = BeloteDeal(passed_out=True)


def _card_points(entry: Entry, capot: Camp | None) -> int:
    """The takers' card points (BL-2.2): entered, or 152 less the defenders', or a capot's (BL-8.5)."""
    taker: Any = entry.get("taker_card_points")
    defender: Any = entry.get("defender_card_points")
    # The usual entry at once: the takers' points, with the defenders' the rest or left out (as in fields.integer).
    usual = type(taker) is int and 0 <= taker <= CARD_POINTS and taker not in NO_SUCH_CARD_POINTS
    if usual and (defender is None or (type(defender) is int and defender == CARD_POINTS - taker)):
        return int(taker)
    given = [field for field in ("taker_card_points", "defender_card_points") if entry.get(field) is not None]
    values = {field: integer(entry, field, 0, CARD_POINTS, "BL-2.2") for field in given}
    for field, points in values.items():
        if points in NO_SUCH_CARD_POINTS:
            message = _(
                "No side can take {points} card points: no card is worth 1 point, so neither 1 nor 151 is possible."
            )
            raise RuleError(field, "BL-2.4", message.format(points=points))
    if len(values) == 2 and sum(values.values()) != CARD_POINTS:
        message = _("The two camps' card points add up to {card_points}, not {sum}: enter one of them.")
        raise RuleError(
            "defender_card_points", "BL-2.2", message.format(card_points=CARD_POINTS, sum=sum(values.values()))
        )
    if "taker_card_points" in values:
        return values["taker_card_points"]
    if "defender_card_points" in values:
        return CARD_POINTS - values["defender_card_points"]
    if capot is not None:
        return CARD_POINTS if capot is Camp.TAKERS else 0
    message = _("Enter the takers' or the defenders' card points; the other camp has the rest of {card_points}.")
    raise RuleError("taker_card_points", "BL-2.2", message.format(card_points=CARD_POINTS))


def _last_trick(entry: Entry, capot: Camp | None) -> Camp:
    """BL-2.3: the camp that won the last trick; a capot camp won it (BL-8.5)."""
    if entry.get("last_trick") is None:
        if capot is not None:
            return capot
        raise RuleError("last_trick", "BL-2.3", _("Choose the camp that won the last trick (the dix de der, 10)."))
    return CAMP_NAMED[choice(entry, "last_trick", CAMPS, "BL-2.3")]


def _capot(entry: Entry) -> Camp | None:
    """BL-8.5: the camp that took every trick, or None."""
    value = entry.get("capot")
    if value is None or value == NO_CAPOT:
        return None
    return CAMP_NAMED[choice(entry, "capot", CAPOTS, "BL-8.5")]


def _renonce(entry: Entry) -> Camp | None:
    """BL-10.1: the camp whose player made a renonce, or None."""
    value = entry.get("renonce")
    if value is None or value == NO_RENONCE:
        return None
    return CAMP_NAMED[choice(entry, "renonce", RENONCES, "BL-10.1")]


def _check_capot(capot: Camp | None, card_points: int, last_trick: Camp) -> None:
    """BL-8.5: a capot camp took every trick, so it won the last one and holds all 152 card points."""
    if capot is None:
        return
    held = card_points if capot is Camp.TAKERS else CARD_POINTS - card_points
    if held != CARD_POINTS or last_trick is not capot:
        message = _(CAPOT_ERRORS[capot, last_trick])
        raise RuleError("capot", "BL-8.5", message.format(card_points=CARD_POINTS, held=held))


def trick_points(taker_card_points: int, last_trick: Camp) -> tuple[int, int]:
    """Each camp's trick points, the dix de der where it belongs (BL-2.3): the takers', the defenders'."""
    takers = taker_card_points + (LAST_TRICK if last_trick is Camp.TAKERS else 0)
    return takers, TRICK_POINTS - takers


def scored_announcements(announcements: Pair, comparison: Comparison) -> tuple[int, int]:
    """What each camp scores for announcements after the comparison (BL-5.5): the takers', the defenders'."""
    winner = comparison.winner
    if winner is Camp.TAKERS:
        return announcements[0].total, 0
    return (0, announcements[1].total) if winner is Camp.DEFENDERS else (0, 0)


def contract_result(
    capot: Camp | None,
    takers_side: int,
    trick: tuple[int, int],
    announced: tuple[int, int],
    belote: int | None,
    flags: Flags,
) -> Result:
    """BL-8.2 to BL-8.4 on the exact totals of BL-8.1 (R-BL-8, R-BL-10; rounding comes after, R-BL-12); a capot by
    the takers is made and one by the defenders dedans (BL-8.5). ``trick`` and ``announced`` are each camp's."""
    if capot is not None:
        return Result.MADE if capot is Camp.TAKERS else Result.DEDANS
    holder = None if belote is None or "bl_belote_not_in_contract" in flags else side_of(belote)
    takers = trick[0] + announced[0] + (BELOTE if holder == takers_side else 0)
    defenders = trick[1] + announced[1] + (BELOTE if holder == 1 - takers_side else 0)
    if takers != defenders:
        return Result.MADE if takers > defenders else Result.DEDANS
    if "bl_tie_is_made" in flags:
        return Result.MADE
    return Result.DEDANS if "bl_tie_is_dedans" in flags else Result.LITIGE


# BL-8.5: what a capot that does not add up says, by the capot's camp and the last trick's.
CAPOT_ERRORS = {
    (Camp.TAKERS, Camp.TAKERS): gettext_noop(
        "a capot to the takers gives them all {card_points} card points and the last trick, "
        "not {held} card points and the last trick to the takers"
    ),
    (Camp.TAKERS, Camp.DEFENDERS): gettext_noop(
        "a capot to the takers gives them all {card_points} card points and the last trick, "
        "not {held} card points and the last trick to the defenders"
    ),
    (Camp.DEFENDERS, Camp.TAKERS): gettext_noop(
        "a capot to the defenders gives them all {card_points} card points and the last trick, "
        "not {held} card points and the last trick to the takers"
    ),
    (Camp.DEFENDERS, Camp.DEFENDERS): gettext_noop(
        "a capot to the defenders gives them all {card_points} card points and the last trick, "
        "not {held} card points and the last trick to the defenders"
    ),
}


class Belote:
    name = "belote"
    title = Translated(gettext_noop("Belote"))
    summary = Translated(
        gettext_noop(
            "Four players in two sides, 32 cards: take trumps, announce, outscore the defenders, first to 1,000."
        )
    )
    rule_prefix = "BL"
    flags: Mapping[str, Flag] = FLAGS
    seats = SEATS
    sides: tuple[tuple[int, ...], ...] = SIDES  # BL-1.1
    side_labels: tuple[str, ...] = ()
    seat_labels: tuple[str, ...] = ()  # the rules give the seats no names of their own
    seat_names: tuple[str, ...] = ()
    seating = Translated(
        gettext_noop(
            "Four players, listed in the order they play: the first and third are partners against the second and "
            "fourth (BL-1.1, BL-1.2)."
        )
    )
    target_required = False
    suggested_target: int | None = TARGET
    target_rule = "R-BL-13"
    target_text = Translated(gettext_noop("Plays to 1,000 if left empty (R-BL-13); 501 and 2,000 are common too."))
    dealer_rule = "BL-3.1"
    held_over_rule: str | None = "R-BL-10"  # a litige's takers' points wait for the next deal's winner
    # A concours ranks by matches won, then points scored less points conceded (CL-3.6).
    standings_order = (Ranking.WINS, Ranking.DIFFERENCE, Ranking.HEAD_TO_HEAD)

    def pad(self, played: object, players: object, flags: object) -> None:
        """No score pad of the game's own: the score sheet is its pad."""
        return None

    def default_target(self, flags: Flags) -> int | None:
        """1,000 (BL-1.3, R-BL-13)."""
        return TARGET

    def check_target(self, target: int | None, flags: Flags) -> None:
        """R-BL-13: any target the players agree is accepted (501, 1,000 and 2,000 are the usual ones)."""

    def check_flags(self, flags: Flags) -> None:
        """R-BL-10: a tie cannot be both dedans and made. R-BL-12: written in tens, a capot is 250, not 252."""
        if {"bl_tie_is_dedans", "bl_tie_is_made"} <= flags:
            raise RuleError("flags", "R-BL-10", _("bl_tie_is_dedans and bl_tie_is_made contradict: choose one"))
        if {"bl_capot_252", "bl_round_to_tens"} <= flags:
            raise RuleError("flags", "R-BL-12", _("bl_round_to_tens writes a capot as 250: it cannot be bl_capot_252"))

    def entry_spec(self, flags: Flags) -> EntrySpec:
        """The entry of BL-8.7; under bl_no_announcements it has no announcement fields (R-BL-6)."""
        return ENTRY_SPECS["bl_no_announcements" not in flags]

    def roles(self, dealer: int, players: tuple[str, ...], flags: Flags) -> tuple[str, ...]:
        first = players[(dealer + 1) % SEATS]
        return (
            _("{dealer} deals.").format(dealer=players[dealer]),
            _("{player} speaks first for trumps and leads (BL-4.1, BL-7.1).").format(player=first),
        )

    def parse_deal(self, entry: Entry, flags: Flags) -> BeloteDeal:
        """Validate a deal entry against BL-8.8."""
        entry = only_fields(entry, FIELD_NAMES)
        if flag_true(entry, "passed_out"):
            if len(entry) == 1:  # the usual passed-out entry, the switch alone
                return PASSED_OUT
            for field in FIELDS[1:]:
                if entry.get(field) is not None:
                    message = _("a deal nobody took has no {field}: it was thrown in").format(field=field)
                    raise RuleError(field, "BL-4.4", message)
            return PASSED_OUT
        read = Reading()  # every field's error at once
        taker = read(seat, entry, "taker", SEATS, "BL-4.3")
        trump = read(suit, entry, "trump", "BL-4.1")  # any suit (BL-4.2)
        capot = _capot(entry)
        card_points = read(_card_points, entry, capot)
        last_trick = read(_last_trick, entry, capot)
        if card_points is not None and last_trick is not None:
            read(_check_capot, capot, card_points, last_trick)
        announcements = read(read_announcements, entry, flags, announcement_totals(flags))
        belote = read(seat, entry, "belote", SEATS, "BL-6.1", optional=True)
        renonce = read(_renonce, entry)
        read.done()
        assert taker is not None and trump is not None and card_points is not None
        assert last_trick is not None and announcements is not None
        pair, comparison = announcements
        trick, announced = trick_points(card_points, last_trick), scored_announcements(pair, comparison)
        result = contract_result(capot, side_of(taker), trick, announced, belote, flags)
        if renonce is not None:
            result = Result.RENONCE
        return BeloteDeal(
            False, taker, trump, card_points, last_trick, capot, pair, comparison, belote, result, renonce
        )

    def score_deal(self, deal: BeloteDeal, dealer: int, flags: Flags, held_over: int, carry: Any = None) -> DealScore:
        """BL-8.1 totals, compared as in BL-8.2 to BL-8.5 (R-BL-7, R-BL-8, R-BL-10 to R-BL-12)."""
        if deal.passed_out:
            # BL-4.4: nobody scores; points held over from a litige keep waiting (R-BL-10).
            line = _line(side_of(dealer), 0, "BL-4.4", PASSED_OUT_TEXT)
            return DealScore((0, 0), (line,), held_over=held_over)
        return _DealScoring(deal, flags).score(held_over)

    def next_dealer(self, dealer: int, deal: BeloteDeal, flags: Flags) -> int:
        """The next player deals (BL-3.1), after a thrown-in deal too (R-BL-1) unless the same dealer redeals."""
        if deal.passed_out and "bl_same_dealer_redeals" in flags:
            return dealer
        return (dealer + 1) % SEATS

    def outcome(self, progress: Progress, flags: Flags) -> Outcome | None:
        """BL-9.1 and BL-9.2 (R-BL-13): checked only at the end of a deal."""
        target = self._target(progress, flags)
        totals = progress.totals
        over = [side for side, total in enumerate(totals) if total >= target]
        if not over:
            return None
        best = max(totals[side] for side in over)
        leaders = [side for side in over if totals[side] == best]
        if len(leaders) > 1:
            return None  # BL-9.2: equal totals over the target, another deal
        winner = leaders[0]
        name = progress.names[winner]
        if len(over) == 1:
            return Outcome(
                (winner,), "BL-9.1", _("{name} reached {target} first").format(name=name, target=numeral(target))
            )
        runner_up = max(total for side, total in enumerate(totals) if side != winner)
        reason = _("both sides passed {target}; {name} have more, {best} to {runner_up}")
        return Outcome(
            (winner,),
            "BL-9.2",
            reason.format(target=numeral(target), name=name, best=numeral(best), runner_up=numeral(runner_up)),
        )

    def stage(self, progress: Progress, flags: Flags) -> str:
        target = self._target(progress, flags)
        number = progress.deals_played + 1
        totals = progress.totals
        if len(set(totals)) == 1 and totals[0] >= target:
            return _("Deal {number} · Tie-break · Target {target}").format(number=number, target=numeral(target))
        return _("Deal {number} · Target {target}").format(number=number, target=numeral(target))

    def describe(self, deal: BeloteDeal, players: tuple[str, ...]) -> str:
        if deal.passed_out:
            return _(PASSED_OUT_TEXT)
        # The trick points, the dix de der included (BL-2.3), as the table counts them and a refereed hand shows them.
        points, rest = deal.trick_points
        text = _(DESCRIBE_TEXT[f"renonce_{deal.renonce.value}" if deal.renonce else deal.code])
        return text.format(taker=players[deal.taker], trump=deal.trump.symbol, points=points, rest=rest)

    def to_entry(self, deal: BeloteDeal) -> dict[str, Any]:
        if deal.passed_out:
            return {"passed_out": True}
        return {
            "taker": deal.taker,
            "trump": deal.trump.value,
            "taker_card_points": deal.taker_card_points,
            "defender_card_points": CARD_POINTS - deal.taker_card_points,
            "last_trick": deal.last_trick.value,
            "capot": deal.capot.value if deal.capot else NO_CAPOT,
            **announcement_entry(deal.announcements, deal.comparison),
            "belote": deal.belote,
            "renonce": deal.renonce.value if deal.renonce else NO_RENONCE,
        }

    def undertakings(self, deal: BeloteDeal, score: DealScore, flags: Flags) -> tuple[Undertaking, ...]:
        """The takers' contract (BL-4.3): made (BL-8.2, a capot by the takers included, BL-8.5), or dedans or a litige
        (BL-8.3, BL-8.4), not made; nothing for a deal nobody took (BL-4.4). A player's statistics count them."""
        if deal.passed_out:
            return ()
        return (Undertaking(deal.takers, deal.result is Result.MADE),)

    def deal_state(self, deal: BeloteDeal, score: DealScore, flags: Flags, *, dealer: int, before: Any) -> DealState:
        """The JSON's state of a deal (docs/match-file.md): its result code, the takers' side, and which side scored
        announcements and by which step of R-BL-4."""
        if deal.passed_out:
            return DealState(
                Result.PASSED_OUT.value, {"takers": None, "announcements_side": None, "announcements_by": ""}
            )
        winner = deal.comparison.winner
        return DealState(
            deal.code,
            {
                "takers": deal.takers,
                "announcements_side": None if winner is None else deal.side(winner),
                "announcements_by": deal.comparison.reason,
            },
        )

    def _target(self, progress: Progress, flags: Flags) -> int:
        return progress.target if progress.target is not None else TARGET


class _DealScoring:
    """One played deal's score: each camp's trick points, announcements and belote, and the contract's result."""

    def __init__(self, deal: BeloteDeal, flags: Flags) -> None:
        self.deal = deal
        self.flags = flags
        self.capot_value = CAPOT_252 if "bl_capot_252" in flags else CAPOT
        self.exact = self._trick_points()
        rounded = "bl_round_to_tens" in flags and deal.capot is None
        self.trick = in_tens(self.exact[0]) if rounded else self.exact
        self.announced = deal.scored_announcements
        takers = deal.takers
        self.sides = {Camp.TAKERS: takers, Camp.DEFENDERS: 1 - takers}  # deal.side, once per deal
        holder = None if deal.belote is None else side_of(deal.belote)
        self.belote = (BELOTE if holder == takers else 0, BELOTE if holder == 1 - takers else 0)

    def _trick_points(self) -> tuple[int, int]:
        """Each camp's trick points (BL-2.3), or the capot value and nothing (BL-8.5)."""
        capot = self.deal.capot
        if capot is not None:
            return (self.capot_value, 0) if capot is Camp.TAKERS else (0, self.capot_value)
        return self.deal.trick_points

    def score(self, pot: int) -> DealScore:
        result = self.deal.result
        if result is Result.RENONCE:
            return self._renonce(pot)
        if result is Result.DEDANS:
            points, lines = self._dedans()
        else:
            points, lines = self._own_totals()
        if self.deal.comparison.reason == "cancel":
            lines.append(self._line(Camp.TAKERS, 0, "R-BL-4", CANCEL_TEXT))
        if result is Result.LITIGE:
            # BL-8.4: the takers keep their belote-rebelote (R-BL-7); the rest waits for the next deal's winner.
            held = self.trick[0] + self.announced[0]
            points[0] -= held
            if held:
                text = gettext_noop("litige: held over for the next deal's winner")
                lines.append(self._line(Camp.TAKERS, -held, "BL-8.4", text))
            pot += held
        elif pot:
            winner = Camp.TAKERS if result is Result.MADE else Camp.DEFENDERS
            index = 0 if winner is Camp.TAKERS else 1
            points[index] += pot
            text = gettext_noop("takes the {points} points held over from the litige")
            lines.append(self._line(winner, pot, "BL-8.4", text))
            pot = 0
        by_side = (points[0], points[1]) if self.deal.takers == 0 else (points[1], points[0])
        return DealScore(by_side, tuple(lines), held_over=pot)

    def _renonce(self, pot: int) -> DealScore:
        """BL-10.1: a renonce decides the deal as a dedans of its camp: the other camp scores all 162 trick points (160
        in tens, R-BL-12) and every announcement that scored, with its own belote-rebelote; the offending camp keeps
        only its belote-rebelote (R-BL-7). R-BL-14 (bl_renonce_deal_void): the other camp scores 162, nothing else
        scores. Points held over from a litige go to the other camp (BL-8.4)."""
        offenders = self.deal.renonce
        assert offenders is not None
        other = Camp.DEFENDERS if offenders is Camp.TAKERS else Camp.TAKERS
        mine, theirs = (0, 1) if offenders is Camp.TAKERS else (1, 0)
        full = TRICK_POINTS_IN_TENS if "bl_round_to_tens" in self.flags else TRICK_POINTS
        points = [0, 0]
        points[theirs] = full
        if "bl_renonce_deal_void" in self.flags:
            text = gettext_noop("renonce by the other camp: the deal is void, {points} to this camp")
            lines = [self._line(other, full, "R-BL-14", text)]
        else:
            lines = [
                self._line(other, full, "BL-10.1", gettext_noop("renonce by the other camp: all {points} trick points"))
            ]
            if sum(self.announced):
                text = gettext_noop("renonce by the other camp: every announcement")
                lines.append(self._line(other, sum(self.announced), "BL-10.1", text))
                points[theirs] += sum(self.announced)
            if self.belote[theirs]:
                lines.append(self._line(other, BELOTE, "BL-6.1", BELOTE_TEXT))
                points[theirs] += BELOTE
            if self.belote[mine]:
                lines.append(self._line(offenders, BELOTE, "BL-6.2", gettext_noop("belote-rebelote, kept")))
                points[mine] += BELOTE
        if pot:
            points[theirs] += pot
            text = gettext_noop("takes the {points} points held over from the litige")
            lines.append(self._line(other, pot, "BL-8.4", text))
        by_side = (points[0], points[1]) if self.deal.takers == 0 else (points[1], points[0])
        return DealScore(by_side, tuple(lines), held_over=0)

    def _own_totals(self) -> tuple[list[int], list[Line]]:
        """BL-8.2 (and a litige's starting point): each camp scores its own total."""
        lines = [*self._components(Camp.TAKERS), *self._components(Camp.DEFENDERS)]
        trick, announced, belote = self.trick, self.announced, self.belote
        points = [trick[0] + announced[0] + belote[0], trick[1] + announced[1] + belote[1]]
        return points, lines

    def _dedans(self) -> tuple[list[int], list[Line]]:
        """BL-8.3: the takers keep only belote-rebelote; the defenders score every trick point and announcement."""
        lines = []
        if self.belote[0]:
            lines.append(self._line(Camp.TAKERS, BELOTE, "BL-6.2", gettext_noop("belote-rebelote, kept")))
        exact = sum(self.exact)
        if self.deal.capot is Camp.DEFENDERS:
            lines.append(self._line(Camp.DEFENDERS, exact, "BL-8.5", CAPOT_TEXT))
        else:
            lines.append(self._line(Camp.DEFENDERS, exact, "BL-8.3", gettext_noop("dedans: all {points} trick points")))
        trick = sum(self.trick)
        if trick != exact:
            lines.append(self._line(Camp.DEFENDERS, trick - exact, "R-BL-12", IN_TENS_TEXT))
        if self.announced[1]:
            lines.append(self._announced(Camp.DEFENDERS, self.announced[1]))
        if self.announced[0]:
            text = gettext_noop("the takers' announcements")
            lines.append(self._line(Camp.DEFENDERS, self.announced[0], "BL-8.3", text))
        if self.belote[1]:
            lines.append(self._line(Camp.DEFENDERS, BELOTE, "BL-6.1", BELOTE_TEXT))
        return [self.belote[0], trick + sum(self.announced) + self.belote[1]], lines

    def _components(self, camp: Camp) -> list[Line]:
        """The parts of one camp's own total (BL-8.1), each with its rule."""
        index = 0 if camp is Camp.TAKERS else 1
        lines = []
        if self.deal.capot is camp:
            lines.append(self._line(camp, self.capot_value, "BL-8.5", CAPOT_TEXT))
        elif self.deal.capot is None:
            card_points = (
                self.deal.taker_card_points if camp is Camp.TAKERS else CARD_POINTS - self.deal.taker_card_points
            )
            if card_points:
                lines.append(self._line(camp, card_points, "BL-2.2", gettext_noop("card points in tricks")))
            if self.deal.last_trick is camp:
                lines.append(self._line(camp, LAST_TRICK, "BL-2.3", gettext_noop("dix de der: the last trick")))
        if self.trick[index] != self.exact[index]:
            lines.append(self._line(camp, self.trick[index] - self.exact[index], "R-BL-12", IN_TENS_TEXT))
        if self.announced[index]:
            lines.append(self._announced(camp, self.announced[index]))
        if self.belote[index]:
            lines.append(self._line(camp, BELOTE, "BL-6.1", BELOTE_TEXT))
        return lines

    def _line(self, camp: Camp, points: int, rule: str, message: str) -> Line:
        return _line(self.sides[camp], points, rule, message)

    def _announced(self, camp: Camp, points: int) -> Line:
        return _announced_line(self.sides[camp], points, self.deal.announcements, self.deal.comparison)


# The lines' words that recur (msgids; a line words them when shown, scoring/core/base.py Line).
PASSED_OUT_TEXT = gettext_noop("passed out: all four passed twice")
# A deal on the score sheet, by its result code, as a pad writes it: the taker, the trump, the trick points (takers
# first) and how the contract ended.
DESCRIBE_TEXT = {
    "made": gettext_noop("{taker} {trump} {points}–{rest}, made"),
    "dedans": gettext_noop("{taker} {trump} {points}–{rest}, dedans"),
    "litige": gettext_noop("{taker} {trump} {points}–{rest}, litige"),
    "capot": gettext_noop("{taker} {trump}, capot"),
    "capot_defenders": gettext_noop("{taker} {trump}, capot to the defenders"),
    "renonce_takers": gettext_noop("{taker} {trump} {points}–{rest}, renonce by the takers"),
    "renonce_defenders": gettext_noop("{taker} {trump} {points}–{rest}, renonce by the defenders"),
}
CAPOT_TEXT = gettext_noop("capot: all eight tricks")
IN_TENS_TEXT = gettext_noop("trick points written in tens")
CANCEL_TEXT = gettext_noop("equal announcements cancel: neither camp scores them")
BELOTE_TEXT = gettext_noop("belote-rebelote")


@lru_cache(maxsize=1024)
def _announced_line(side: int, points: int, announcements: Pair, comparison: Comparison) -> Line:
    """The winning camp's announcements, and why they won the comparison (BL-5.5 alone, R-BL-4 against others); made
    once while it recurs, as `_line` is."""
    message, values = comparison_values(announcements, comparison)
    return Line(side, points, "BL-5.5" if comparison.reason == "alone" else "R-BL-4", message, values)


@lru_cache(maxsize=1024)
def _line(side: int, points: int, rule: str, message: str) -> Line:
    """A breakdown line, made once while it recurs: most deals' lines are ones seen before. It holds its msgid and
    figures, not words (a ``{points}`` in the msgid is the line's points), so one cached line serves every language."""
    return Line(side, points, rule, message, {"points": points} if "{points}" in message else None)


GAME = Belote()

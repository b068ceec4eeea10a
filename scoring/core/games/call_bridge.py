"""Call Bridge scoring: four players, no partners, spades always trump (docs/rules/call_bridge.md).

Players are listed in counterclockwise playing order, so seat ``s + 1`` sits on
the right of seat ``s``: the turn to deal, call and play all go ``s + 1``
(CB-3.1, R-CB-8). A deal entry gives the four calls and the four trick counts
in seat order: ``{"calls": [3, 4, 2, 5], "tricks": [4, 4, 1, 4]}`` (§2.8), and, for a deal
ruled on a revoke, the offender's seat: ``"revoke": 2`` (R-CB-10).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
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
    Points,
    Progress,
    Ranking,
    RuleError,
    Undertaking,
    numbers,
    one_seat_sides,
    seat_field,
)
from scoring.core.fields import int_list, only_fields
from scoring.core.fields import seat as read_seat
from vocabulary.i18n import Plural, Translated, _, gettext_noop, ngettext, ngettext_lazy, numeral

SEATS = 4
TRICKS_PER_DEAL = 13
LOWEST_CALL = 2
HIGHEST_CALL = 12  # R-CB-1; 13 only under cb_allow_13
FIRST_BONUS_CALL = 8  # CB-4.4
BONUS_SCORE = 13  # §2.6, R-CB-3
OVERTRICK_TENTH = Decimal("0.1")  # cb_decimal_overtricks (R-CB-2)

ALLOW_13 = "cb_allow_13"
PAGAT_WINDOW = "cb_pagat_window"
DECIMAL_OVERTRICKS = "cb_decimal_overtricks"
SHARED_WIN = "cb_shared_win"
MUST_HEAD_TRICK = "cb_must_head_trick"
REVOKE_VOIDS_DEAL = "cb_revoke_voids_deal"

FLAGS = {
    flag.name: flag
    for flag in (
        Flag(
            ALLOW_13,
            "R-CB-1",
            gettext_noop("A call of 13 is allowed; it is a bonus call that succeeds only with all 13 tricks."),
        ),
        Flag(
            PAGAT_WINDOW,
            "R-CB-2",
            gettext_noop("A call of 2 to 7 also fails when the player wins 2 or more tricks above it."),
        ),
        Flag(
            DECIMAL_OVERTRICKS,
            "R-CB-2",
            gettext_noop("A successful call of 2 to 7 scores 0.1 more for each trick above the call."),
        ),
        Flag(
            SHARED_WIN,
            "R-CB-6",
            gettext_noop("Players tied for the highest total at or above the target share the win."),
        ),
        Flag(
            MUST_HEAD_TRICK,
            "R-CB-7",
            gettext_noop("A player following suit must beat the highest card so far in the trick if able."),
        ),
        Flag(
            REVOKE_VOIDS_DEAL,
            "R-CB-10",
            gettext_noop("A card the rules did not allow voids the deal: nobody scores for it."),
        ),
        Flag(
            "cb_penalty_cards",
            "R-CB-11",
            gettext_noop(
                "A card taken back after a fault (played out of turn or too early) stays face up as a penalty card, "
                "to be played at the first legal chance."
            ),
        ),
    )
}

_ENTRY_FIELDS = frozenset(("calls", "tricks", "revoke"))


def highest_call(flags: Flags) -> int:
    """12 (R-CB-1), or 13 under cb_allow_13."""
    return TRICKS_PER_DEAL if ALLOW_13 in flags else HIGHEST_CALL


def _entry_spec(highest: int) -> EntrySpec:
    """§2.8: each player's call (CB-4.2) and tricks (CB-5.4), entered seat by seat.

    The calls are entered first, when they are made (CB-4.1); the tricks once the deal is played,
    adding up to 13 (CB-5.4). Who revoked, if anyone, comes last, folded away (R-CB-10)."""
    return EntrySpec(
        (
            EntryField(
                "calls", gettext_noop("call"), FieldKind.CHOICE, "CB-4.2", numbers(LOWEST_CALL, highest), per_seat=True
            ),
            EntryField(
                "tricks",
                gettext_noop("tricks"),
                FieldKind.CHOICE,
                "CB-5.4",
                numbers(0, TRICKS_PER_DEAL),
                per_seat=True,
                total=TRICKS_PER_DEAL,
            ),
            seat_field(
                "revoke",
                gettext_noop("Revoked (a card the rules did not allow)"),
                SEATS,
                "R-CB-10",
                none_label=gettext_noop("nobody"),
            ),
        ),
        by_seat=True,
        first=("calls",),
        first_title_en=gettext_noop("Calls"),
        first_from_dealer=1,  # the dealer's right calls first, then round the table (CB-4.1)
    )


ENTRY_SPECS = {highest: _entry_spec(highest) for highest in (HIGHEST_CALL, TRICKS_PER_DEAL)}


@dataclass(frozen=True, slots=True)
class CallBridgeDeal:
    """One deal: each seat's call and the tricks it won, in seat order."""

    calls: tuple[int, ...]
    tricks: tuple[int, ...]
    revoke: int | None = None  # R-CB-10: the seat of the player who played a card the rules did not allow


def _names(seats: tuple[int, ...], players: tuple[str, ...]) -> str:
    names = [players[seat] for seat in seats]
    if len(names) == 1:
        return names[0]
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def _held_together(words: str) -> str:
    """One player's words on a sheet's row with no-break spaces, except after a comma: a narrow column then breaks
    the row between players ("Anna 4 (made 5)," on a line of its own), never inside "Anna 4"."""
    return words.replace(" ", NO_BREAK).replace("," + NO_BREAK, ", ")


NO_BREAK = "\u00a0"


def _leaders(totals: tuple[Points, ...], top: Points) -> tuple[int, ...]:
    return tuple([seat for seat, total in enumerate(totals) if total == top])


def _judge(call: int, tricks: int, pagat: bool) -> tuple[int, str, Plural, dict[str, int]]:
    """One call by the table of §2.6, in whole points: the score, its rule and its words (a msgid and its values)."""
    over = tricks - call
    values = {"call": call, "tricks": tricks, "over": over}
    if call >= FIRST_BONUS_CALL:
        # R-CB-3: the call or the call + 1 (a call of 13 can only be made exactly).
        if 0 <= over <= 1:
            return BONUS_SCORE, "R-CB-3", BONUS_MADE, values
    elif over >= 0 and not (pagat and over >= 2):
        return call, "R-CB-2", MADE, values
    elif over >= 2:
        return -call, "R-CB-2", FAILED_OVER, values
    # R-CB-4: a failed call loses the call, a bonus call included.
    return -call, "R-CB-4", FAILED, values


BONUS_MADE = ngettext_lazy(
    "bonus call {call} made with {tricks} trick", "bonus call {call} made with {tricks} tricks", "tricks"
)
MADE = ngettext_lazy("call {call} made with {tricks} trick", "call {call} made with {tricks} tricks", "tricks")
FAILED_OVER = ngettext_lazy(
    "call {call} failed: {over} trick over (cb_pagat_window)",
    "call {call} failed: {over} tricks over (cb_pagat_window)",
    "over",
)
FAILED = ngettext_lazy("call {call} failed with {tricks} trick", "call {call} failed with {tricks} tricks", "tricks")
OVERTRICKS_AT_A_TENTH = ngettext_lazy("{over} overtrick at 0.1", "{over} overtricks at 0.1", "over")


SEAT_NUMBERS = range(SEATS)
# Every seat's line for every call and trick count, in whole points, judged once.
LINES = {
    (seat, call, tricks, pagat): Line(seat, *_judge(call, tricks, pagat))
    for seat in SEAT_NUMBERS
    for call in range(LOWEST_CALL, TRICKS_PER_DEAL + 1)
    for tricks in range(TRICKS_PER_DEAL + 1)
    for pagat in (False, True)
}


def _line(seat: int, call: int, tricks: int, pagat: bool) -> Line:
    line = LINES.get((seat, call, tricks, pagat))
    return line if line is not None else Line(seat, *_judge(call, tricks, pagat))


REVOKE_FAILED = gettext_noop("call {call} failed: a revoke fails the call whatever tricks were taken")
REVOKE_VOID = gettext_noop("a revoke voids the deal: nobody scores")


def _revoke_line(seat: int, call: int) -> Line:
    """R-CB-10: the offender's call fails, whatever tricks they took: minus the call."""
    return Line(seat, -call, "R-CB-10", REVOKE_FAILED, {"call": call})


def _seat_line(deal: CallBridgeDeal, seat: int, pagat: bool) -> Line:
    """One seat's line in whole points: its call by the table of §2.6, or failed by its revoke (R-CB-10)."""
    if seat == deal.revoke:
        return _revoke_line(seat, deal.calls[seat])
    return _line(seat, deal.calls[seat], deal.tricks[seat], pagat)


class CallBridge:
    name = "call_bridge"
    title = Translated(gettext_noop("Call Bridge"))
    summary = Translated(
        gettext_noop(
            "Four players, no partners: call your tricks, spades are always trumps, first past the target wins."
        )
    )
    rule_prefix = "CB"
    flags: Mapping[str, Flag] = FLAGS
    seats = SEATS
    sides = one_seat_sides(SEATS)  # no partners (§2.1)
    side_labels: tuple[str, ...] = ()
    seat_labels: tuple[str, ...] = ()  # the rules give the seats no names of their own
    seat_names: tuple[str, ...] = ()
    seating = Translated(
        gettext_noop(
            "Four players, listed counterclockwise in the order they play: each next player sits on the previous "
            "one's right (CB-3.1)."
        )
    )
    target_required = True  # R-CB-5: the players agree a target; the seed gives no number
    suggested_target: int | None = 30  # a product choice (R-CB-5), not a rule
    target_rule = "R-CB-5"
    target_text = Translated(gettext_noop("A target agreed before the match is required (R-CB-5); 30 is suggested."))
    dealer_rule = "CB-3.1"
    held_over_rule: str | None = None
    # A league adds up the points every player scored, matches won breaking a tie (CL-3.7).
    standings_order = (Ranking.POINTS, Ranking.WINS, Ranking.HEAD_TO_HEAD)

    def pad(self, played: object, players: object, flags: object) -> None:
        """No score pad of the game's own: the score sheet is its pad."""
        return None

    def default_target(self, flags: Flags) -> int | None:
        # R-CB-5: there is no default; a match must be created with a target.
        return None

    def check_target(self, target: int | None, flags: Flags) -> None:
        """Any agreed target will do (R-CB-5); the match reader requires one."""

    def entry_spec(self, flags: Flags) -> EntrySpec:
        """Calls up to 12, or 13 under cb_allow_13 (R-CB-1); tricks 0 to 13."""
        return ENTRY_SPECS[highest_call(flags)]

    def roles(self, dealer: int, players: tuple[str, ...], flags: Flags) -> tuple[str, ...]:
        right = players[(dealer + 1) % SEATS]
        return (
            _("{dealer} deals.").format(dealer=players[dealer]),
            _("{player}, on the dealer's right, calls first and leads (CB-4.1, CB-5.1).").format(player=right),
        )

    def check_flags(self, flags: Flags) -> None:
        # Every combination can be played: cb_pagat_window and cb_decimal_overtricks
        # together leave at most one overtrick, which then scores its 0.1.
        return None

    def parse_deal(self, entry: Entry, flags: Flags) -> CallBridgeDeal:
        """Read ``{"calls": [...], "tricks": [...]}``: calls 2-12 (CB-4.2, R-CB-1), tricks adding up to 13 (CB-5.4)."""
        only_fields(entry, _ENTRY_FIELDS)
        calls = int_list(entry, "calls", SEATS)
        tricks = int_list(entry, "tricks", SEATS)
        revoke = read_seat(entry, "revoke", SEATS, "R-CB-10", optional=True)
        highest = highest_call(flags)
        # The usual deal at once: every call in range, no trick count below 0, 13 in all.
        if min(calls) >= LOWEST_CALL and max(calls) <= highest and min(tricks) >= 0 and sum(tricks) == TRICKS_PER_DEAL:
            return CallBridgeDeal(calls, tricks, revoke)
        for seat, call in enumerate(calls):
            if call == TRICKS_PER_DEAL and call > highest:
                raise RuleError(
                    f"calls[{seat}]", "R-CB-1", _("a call of 13 is allowed only under the house rule cb_allow_13")
                )
            if not LOWEST_CALL <= call <= highest:
                message = _("a call must be a whole number from 2 to {highest}, not {call}")
                raise RuleError(f"calls[{seat}]", "CB-4.2", message.format(highest=highest, call=call))
        total = 0
        for seat, count in enumerate(tricks):
            if not 0 <= count <= TRICKS_PER_DEAL:
                message = _("a player wins from 0 to 13 tricks, not {count}").format(count=count)
                raise RuleError(f"tricks[{seat}]", "CB-5.4", message)
            total += count
        if total != TRICKS_PER_DEAL:
            message = _("the tricks add up to {total}, but every deal has 13 tricks").format(total=total)
            raise RuleError("tricks", "CB-5.4", message)
        return CallBridgeDeal(calls, tricks, revoke)

    def score_deal(
        self, deal: CallBridgeDeal, dealer: int, flags: Flags, held_over: int, carry: Any = None
    ) -> DealScore:
        """Score each call by the table of §2.6: R-CB-2 (calls 2-7), R-CB-3 (bonus calls), R-CB-4 (failure). A revoke
        (R-CB-10) fails the offender's call whatever tricks they took; under cb_revoke_voids_deal nobody scores."""
        if deal.revoke is not None and REVOKE_VOIDS_DEAL in flags:
            return DealScore((0,) * SEATS, tuple([Line(seat, 0, "R-CB-10", REVOKE_VOID) for seat in SEAT_NUMBERS]))
        pagat = PAGAT_WINDOW in flags
        if DECIMAL_OVERTRICKS not in flags:  # whole points: each seat's line is in LINES
            whole = tuple([_seat_line(deal, seat, pagat) for seat in SEAT_NUMBERS])
            return DealScore(tuple([line.points for line in whole]), whole)
        points: list[Points] = []
        lines: list[Line] = []
        for seat, call, tricks in zip(SEAT_NUMBERS, deal.calls, deal.tricks, strict=True):
            if seat == deal.revoke:
                line = _revoke_line(seat, call)
                lines.append(line)
                points.append(Decimal(line.points))
                continue
            judged, rule, text, values = _judge(call, tricks, pagat)
            # Bonus calls score a flat 13 under cb_decimal_overtricks too: the tenths are for
            # overtricks on normal calls only, made ones (R-CB-2).
            score: Points = Decimal(judged)
            lines.append(Line(seat, score, rule, text, values))
            over = tricks - call
            if rule == "R-CB-2" and judged > 0 and over:
                extra = OVERTRICK_TENTH * over
                lines.append(Line(seat, extra, "R-CB-2", OVERTRICKS_AT_A_TENTH, {"over": over}))
                score += extra
            points.append(score)
        return DealScore(tuple(points), tuple(lines))

    def next_dealer(self, dealer: int, deal: Any, flags: Flags) -> int:
        """The deal passes to the right, the next seat counterclockwise (CB-3.1, R-CB-8)."""
        return (dealer + 1) % SEATS

    def outcome(self, progress: Progress, flags: Flags) -> Outcome | None:
        """CB-7.1: once someone is at or above the target, the highest total wins; a tie plays on (R-CB-6)."""
        target = progress.target
        if target is None:
            return None
        top = max(progress.totals)
        if top < target:
            return None
        leaders = _leaders(progress.totals, top)
        deals = progress.deals_played
        if len(leaders) == 1:
            reason = ngettext(
                "{name} has the highest total, {top}, at or above the target of {target}, after {deals} deal",
                "{name} has the highest total, {top}, at or above the target of {target}, after {deals} deals",
                deals,
            )
            name = progress.names[leaders[0]]
            return Outcome(
                leaders, "CB-7.1", reason.format(name=name, top=numeral(top), target=numeral(target), deals=deals)
            )
        if SHARED_WIN in flags:
            reason = ngettext(
                "{names} are tied at the top with {top} after {deals} deal",
                "{names} are tied at the top with {top} after {deals} deals",
                deals,
            )
            names = _names(leaders, progress.names)
            return Outcome(leaders, "R-CB-6", reason.format(names=names, top=numeral(top), deals=deals))
        return None  # R-CB-6: a shared highest total at the target plays another deal

    def stage(self, progress: Progress, flags: Flags) -> str:
        coming = progress.deals_played + 1
        target = progress.target
        if target is None:
            return _("Deal {number}").format(number=coming)
        if progress.totals and max(progress.totals) >= target:
            # R-CB-6: tied at the top
            return _("Tie-break deal {number} · Target {target}").format(number=coming, target=numeral(target))
        return _("Deal {number} · Target {target}").format(number=coming, target=numeral(target))

    def describe(self, deal: CallBridgeDeal, players: tuple[str, ...]) -> str:
        calls, tricks = " ".join(map(str, deal.calls)), " ".join(map(str, deal.tricks))
        if deal.revoke is not None:  # R-CB-10
            words = _("calls {calls}, tricks {tricks}, revoke by {name}")
            return words.format(calls=calls, tricks=tricks, name=players[deal.revoke])
        return _("calls {calls}, tricks {tricks}").format(calls=calls, tricks=tricks)

    def describe_result(self, deal: CallBridgeDeal, score: DealScore, players: tuple[str, ...], flags: Flags) -> str:
        """Each player's call and the tricks they made, as the pad has them ("Anna 4 (made 5)"), in seat order as the
        sheet's columns are. A bonus call that scores 13 says so (R-CB-3), and so does a call failed by too many
        tricks (R-CB-2, R-CB-3), whose tricks alone would read as made; the breakdown cites each player's rule."""
        pagat = PAGAT_WINDOW in flags
        items = []
        for seat, call, tricks in zip(SEAT_NUMBERS, deal.calls, deal.tricks, strict=True):
            judged, rule, _text, _values = _judge(call, tricks, pagat)
            if rule == "R-CB-3":
                words = _("{name} {call} (made {tricks}, bonus call)")
            elif judged < 0 and tricks > call:
                words = (
                    _("{name} {call} (made {tricks}, too many for a bonus call)")
                    if call >= FIRST_BONUS_CALL
                    else _("{name} {call} (made {tricks}, too many)")
                )
            else:
                words = _("{name} {call} (made {tricks})")
            items.append(_held_together(words.format(name=players[seat], call=call, tricks=tricks)))
        text = ", ".join(items)
        if deal.revoke is None:
            return text
        revoke = (
            _("{deal}; revoke by {name}: the deal is void (R-CB-10)")
            if REVOKE_VOIDS_DEAL in flags
            else _("{deal}; revoke by {name}: their call fails (R-CB-10)")
        )
        return revoke.format(deal=text, name=players[deal.revoke])

    def to_entry(self, deal: CallBridgeDeal) -> dict[str, Any]:
        entry: dict[str, Any] = {"calls": list(deal.calls), "tricks": list(deal.tricks)}
        if deal.revoke is not None:
            entry["revoke"] = deal.revoke
        return entry

    def undertakings(self, deal: CallBridgeDeal, score: DealScore, flags: Flags) -> tuple[Undertaking, ...]:
        """Every player's call, made or failed by the table of §2.6 (R-CB-2, R-CB-3): a player's statistics count
        them. A revoke fails the offender's call (R-CB-10); a deal void by a revoke counts no call."""
        if deal.revoke is not None and REVOKE_VOIDS_DEAL in flags:
            return ()
        pagat = PAGAT_WINDOW in flags
        return tuple(
            Undertaking(seat, seat != deal.revoke and _judge(call, tricks, pagat)[0] > 0)
            for seat, call, tricks in zip(SEAT_NUMBERS, deal.calls, deal.tricks, strict=True)
        )

    def deal_state(
        self, deal: CallBridgeDeal, score: DealScore, flags: Flags, *, dealer: int, before: Any
    ) -> DealState:
        """The JSON sheet's state of a deal (docs/match-file.md): whether each player made their call, as their score
        says (a made call scores, a failed one loses its value, R-CB-2 to R-CB-4)."""
        return DealState("played", {"made": [points > 0 for points in score.points]})


GAME = CallBridge()

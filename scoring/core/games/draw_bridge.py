"""Draw Bridge scoring: one contract per deal, first to the target wins (docs/rules/draw_bridge.md).

Only one player scores in a deal under every flag: the declarer for a made
contract, the opponent (or nobody) for a failed one.

The figures are the duplicate bridge table's, defined once in scoring/core/law77.py: DB-6.1's trick
values and ×2 / ×4, DB-6.2's penalties (Law 77 not vulnerable), and under R-DB-6
(`db_contract_bridge_scoring`) the whole of Law 77, not vulnerable. This module decides which of them
a deal scores and words its lines.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from scoring.core import law77
from scoring.core.base import (
    DealScore,
    Entry,
    EntrySpec,
    Flag,
    Flags,
    Line,
    Outcome,
    Progress,
    RuleError,
    Undertaking,
    one_seat_sides,
)
from scoring.core.contract import (
    Contract,
    ContractRules,
    contract_entry,
    contract_spec,
    contract_undertakings,
    describe_contract,
    describe_played,
    parse_contract,
)
from vocabulary.i18n import Translated, _, gettext_noop, ngettext_lazy, numeral
from vocabulary.words import Doubling, Strain

# The names the referee's Draw Bridge auction still reads; vocabulary.words is where they live.
STRAINS: tuple[str, ...] = tuple(strain.value for strain in Strain)  # bidding order, lowest first (DB-1.2)
STRAIN_SYMBOLS: dict[str, str] = {strain.value: strain.symbol for strain in Strain}

# The lines' words, by doubling (DB-6.1, R-DB-4: the trick values, then ×2 doubled or ×4 redoubled): msgids whose
# placeholders are filled when a line is shown (scoring/core/base.py Line); {working} is a sum in figures.
MADE_TEXT = (  # DB-6.1
    gettext_noop("{contract} made, {tricks} tricks: {working}"),
    gettext_noop("{contract} made, {tricks} tricks: {working}, ×{multiplier} doubled"),
    gettext_noop("{contract} made, {tricks} tricks: {working}, ×{multiplier} redoubled"),
)
BID_MADE_TEXT = (  # R-DB-6
    gettext_noop("{contract} made: tricks bid {working}"),
    gettext_noop("{contract} made: tricks bid {working}, ×{multiplier} doubled"),
    gettext_noop("{contract} made: tricks bid {working}, ×{multiplier} redoubled"),
)
DOWN_TEXT = (  # DB-6.2: undoubled and doubled, then redoubled (the doubled penalty ×2)
    gettext_noop("{contract} down {undertricks}: {working}"),
    gettext_noop("{contract} down {undertricks}: {working}"),
    gettext_noop("{contract} down {undertricks}: {working}, ×{multiplier} redoubled"),
)
OVERTRICK_TEXT = (  # R-DB-6
    ngettext_lazy("{overtricks} overtrick at trick value", "{overtricks} overtricks at trick value", "overtricks"),
    ngettext_lazy("{overtricks} overtrick × {each}", "{overtricks} overtricks × {each}", "overtricks"),
    ngettext_lazy("{overtricks} overtrick × {each}", "{overtricks} overtricks × {each}", "overtricks"),
)

# DB-4.1: bids run from 1♣ to 7NT; the rule behind each field of the entry (DB-6.3).
CONTRACTS = ContractRules(
    bids=tuple((level, strain) for level in range(1, 8) for strain in Strain),
    declarer_rule="DB-1.1",
    level_rule="DB-4.1",
    strain_rule="DB-1.2",
    doubled_rule="DB-4.2",
    tricks_rule="DB-6.3",
    passed_out_rule="DB-4.3",
)
ENTRY_SPEC = contract_spec(CONTRACTS)

SHOW_STOCK_TOP = "db_show_stock_top"
LED_SUIT_WINS = "db_led_suit_wins"
MUST_FOLLOW_PHASE1 = "db_must_follow_phase1"
SUIT_BREAKS_TIES = "db_suit_breaks_ties"
FAIL_SCORES_NOTHING = "db_fail_scores_nothing"
FAIL_CONTRACT_VALUE = "db_fail_opponent_gets_contract_value"
CONTRACT_BRIDGE_SCORING = "db_contract_bridge_scoring"

FLAGS = {
    flag.name: flag
    for flag in (
        Flag(
            SHOW_STOCK_TOP,
            "R-DB-2",
            gettext_noop(
                "The top card of the stock lies face up during the draw tricks, so both players see what is at stake."
            ),
        ),
        Flag(
            LED_SUIT_WINS,
            "R-DB-1",
            gettext_noop("In the draw tricks following suit stays optional, but only a card of the led suit can win."),
        ),
        Flag(
            MUST_FOLLOW_PHASE1,
            "R-DB-1",
            gettext_noop("In the draw tricks players must follow suit, and the highest card of the led suit wins."),
        ),
        Flag(
            SUIT_BREAKS_TIES,
            "R-DB-1",
            gettext_noop(
                "In the draw tricks two cards of equal rank are split by suit: spades, then hearts, diamonds, clubs."
            ),
        ),
        Flag(
            FAIL_SCORES_NOTHING,
            "R-DB-5",
            gettext_noop("A failed contract scores nothing for either player."),
        ),
        Flag(
            FAIL_CONTRACT_VALUE,
            "R-DB-5",
            gettext_noop("When a contract fails, the opponent scores what it would have been worth if made exactly."),
        ),
        Flag(
            CONTRACT_BRIDGE_SCORING,
            "R-DB-6",
            gettext_noop(
                "Deals are scored as in duplicate contract bridge, not vulnerable, with game, slam and insult bonuses."
            ),
        ),
        Flag(
            "db_revoke_three_tricks",
            "R-DB-12",
            gettext_noop("A card the rules did not allow costs its player three tricks, given to the other player."),
        ),
        Flag(
            "db_penalty_cards",
            "R-DB-13",
            gettext_noop(
                "A card taken back after a fault (played out of turn or too early) stays face up as a penalty card, "
                "to be played at the first legal chance."
            ),
        ),
    )
}

# R-DB-1 offers three alternative rules for who wins a draw trick; each excludes the others:
# - led-suit-wins makes following optional, must-follow makes it compulsory;
# - with either of them an off-suit card never wins, while suit-breaks-ties would let Q♠ beat a led Q♦.
DRAW_TRICK_VARIANTS = (LED_SUIT_WINS, MUST_FOLLOW_PHASE1, SUIT_BREAKS_TIES)


NOT_VULNERABLE = False  # Draw Bridge has no vulnerability (DB-6.2, R-DB-6)
DOUBLED_STEPS = law77.UNDERTRICK_STEPS[Doubling.DOUBLED, NOT_VULNERABLE]  # 100, 200, 300 (DB-6.2)


def _rate_text(strain: Strain, tricks: int) -> str:
    """DB-6.1's trick values at work: ``40 + 2 × 30`` at no trump, ``3 × 20`` in a suit."""
    first, later = law77.FIRST_TRICK[strain], law77.LATER_TRICK[strain]
    if first != later:
        return f"{first}" if tricks == 1 else f"{first} + {tricks - 1} × {later}"
    return f"{tricks} × {first}"


def _times(count: int, value: int) -> str:
    return f"{value}" if count == 1 else f"{count} × {value}"


def _penalty_text(undertricks: int, doubled: Doubling) -> str:
    """DB-6.2's penalty at work: ``3 × 50``; doubled ``100 + 2 × 200 + 300``; redoubled the same (its line then
    says ×2)."""
    if not doubled:
        return f"{undertricks} × {law77.UNDERTRICK_STEPS[Doubling.UNDOUBLED, NOT_VULNERABLE][0]}"
    first, second, later = DOUBLED_STEPS
    parts = [str(first)]
    if undertricks >= 2:
        parts.append(_times(min(undertricks - 1, 2), second))
    if undertricks >= 4:
        parts.append(_times(undertricks - 3, later))
    return " + ".join(parts)


REDOUBLED_PENALTY = law77.MULTIPLIERS[Doubling.REDOUBLED] // law77.MULTIPLIERS[Doubling.DOUBLED]  # DB-6.2: ×2
# What one overtrick scores under R-DB-6 when doubled (the same in every strain), by doubling.
OVERTRICK_EACH = tuple(law77.overtrick_value(Strain.NO_TRUMP, doubled, NOT_VULNERABLE) for doubled in Doubling)

# Scoring reads tables built here once, since a contract has 7 levels, 5 strains and 3 doublings, and a deal at
# most 13 tricks above or below it: the lines' workings in figures (the same in every language), and law77's
# figures laid out for one look-up (a strain's are keyed by the enum members that parse_deal's deals hold, found
# by identity; a doubling indexes a tuple).
RATE_TEXT = {strain: ("", *(_rate_text(strain, tricks) for tricks in range(1, 8))) for strain in Strain}
# The working of a DB-6.2 penalty, by doubling, then undertricks: "100 + 2 × 200".
PENALTY_WORKING = tuple(("", *(_penalty_text(down, doubled) for down in range(1, 14))) for doubled in Doubling)
# DB-6.1: the trick values of 0 to 7 tricks above six, by strain, then doubling (×2, ×4).
TRICK_SCORES = {strain: tuple(law77.TRICK_SCORES[strain, doubled] for doubled in Doubling) for strain in Strain}
# DB-6.2 and R-DB-6: the non-vulnerable penalties, by doubling, then undertricks.
PENALTIES = tuple(law77.UNDERTRICK_PENALTIES[doubled, NOT_VULNERABLE] for doubled in Doubling)


@dataclass(frozen=True, slots=True)
class MadeContract:
    """What a made contract scores under R-DB-6 whatever its overtricks: the tricks bid, then the bonuses; and
    what each overtrick adds."""

    points: int
    bid: Line
    bonuses: tuple[Line, ...]
    overtrick: int


def _made_contract(seat: int, level: int, strain: Strain, doubled: Doubling) -> MadeContract:
    """R-DB-6: the tricks bid, then the game or part-score, slam and insult premiums of Law 77, not vulnerable."""
    trick_score = law77.trick_score(level, strain, doubled)
    contract = Contract(seat, level, strain, doubled).contract
    values = {"contract": contract, "working": RATE_TEXT[strain][level], "multiplier": law77.MULTIPLIERS[doubled]}
    bid = Line(seat, trick_score, "R-DB-6", BID_MADE_TEXT[doubled], values)
    bonuses = [
        (
            law77.game_premium(trick_score, NOT_VULNERABLE),
            gettext_noop("game bonus") if law77.is_game(trick_score) else gettext_noop("part-score bonus"),
        )
    ]
    slam = law77.slam_premium(level, NOT_VULNERABLE)
    if slam:
        bonuses.append((slam, gettext_noop("small slam bonus") if level == 6 else gettext_noop("grand slam bonus")))
    insult = law77.insult_premium(doubled)
    if insult:
        bonuses.append((insult, gettext_noop("insult bonus for making a doubled contract")))
    points = trick_score + sum(bonus for bonus, _text in bonuses)
    overtrick = law77.overtrick_value(strain, doubled, NOT_VULNERABLE)
    return MadeContract(points, bid, tuple(Line(seat, bonus, "R-DB-6", text) for bonus, text in bonuses), overtrick)


# Under R-DB-6 the tricks bid and the bonuses depend on the contract alone, not on the overtricks,
# so their lines are built once for each declarer and contract and shared by every deal that makes it.
MADE_CONTRACTS = {
    (seat, level, strain, doubled): _made_contract(seat, level, strain, doubled)
    for seat in (0, 1)
    for level, strain in CONTRACTS.bids
    for doubled in Doubling
}


def contract_value(deal: Contract, flags: Flags) -> int:
    """What the contract scores if made exactly, with its doubling (R-DB-5's contract value)."""
    exact = CONTRACTS.deals[0, deal.level, deal.strain, deal.doubled, 6 + deal.level]
    points, _lines = _made_score(exact, 0, flags)
    return points


def _made_score(deal: Contract, seat: int, flags: Flags) -> tuple[int, tuple[Line, ...]]:
    """The points of a made contract, and the lines that add up to them, all for ``seat`` (the declarer)."""
    level, strain, doubled = deal.level, deal.strain, deal.doubled
    if CONTRACT_BRIDGE_SCORING not in flags:
        # DB-6.1: every trick above six at the strain's rate, overtricks included, then ×2 / ×4.
        above = deal.tricks - 6
        points = TRICK_SCORES[strain][doubled][above]
        values = {
            "contract": deal.contract,
            "tricks": deal.tricks,
            "working": RATE_TEXT[strain][above],
            "multiplier": law77.MULTIPLIERS[doubled],
        }
        return points, (Line(seat, points, "DB-6.1", MADE_TEXT[doubled], values),)
    # R-DB-6 variant: duplicate contract-bridge scoring, not vulnerable.
    made = MADE_CONTRACTS[seat, level, strain, doubled]
    overtricks = deal.tricks - 6 - level
    if not overtricks:
        return made.points, (made.bid, *made.bonuses)
    points = made.overtrick * overtricks
    values = {"overtricks": overtricks, "each": OVERTRICK_EACH[doubled]}
    over = Line(seat, points, "R-DB-6", OVERTRICK_TEXT[doubled], values)
    return made.points + points, (made.bid, over, *made.bonuses)


def _failed_line(deal: Contract, declarer: int, undertricks: int, flags: Flags) -> Line:
    """The one line of a failed contract: who scores what. The declarer always scores 0."""
    values = {"contract": deal.contract, "undertricks": undertricks}
    if FAIL_SCORES_NOTHING in flags:
        text = gettext_noop("{contract} down {undertricks}: no score for either player")
        return Line(declarer, 0, "R-DB-5", text, values)
    if FAIL_CONTRACT_VALUE in flags:
        value = contract_value(deal, flags)
        return Line(
            1 - declarer, value, "R-DB-5", gettext_noop("{contract} down {undertricks}: the contract's value"), values
        )
    # DB-6.2 (also under db_contract_bridge_scoring, whose penalties are the same non-vulnerable table).
    penalty = PENALTIES[deal.doubled][undertricks]
    values["working"] = PENALTY_WORKING[deal.doubled][undertricks]
    values["multiplier"] = REDOUBLED_PENALTY
    return Line(1 - declarer, penalty, "DB-6.2", DOWN_TEXT[deal.doubled], values)


# A played deal's score depends on the deal and the house rules alone (not on the dealer or the deals
# before), and the same contracts recur from match to match: each score is made once while it recurs. Its
# lines hold msgids and figures, worded when shown, so one cached score serves every language.
@lru_cache(maxsize=4096)
def _played_score(deal: Contract, flags: Flags) -> DealScore:
    declarer = deal.declarer
    assert declarer is not None
    undertricks = 6 + deal.level - deal.tricks
    if undertricks <= 0:
        total, lines = _made_score(deal, declarer, flags)
        return DealScore((total, 0) if declarer == 0 else (0, total), lines)
    line = _failed_line(deal, declarer, undertricks, flags)
    points = line.points
    return DealScore((points, 0) if line.side == 0 else (0, points), (line,))


class DrawBridge:
    """Draw Bridge (docs/rules/draw_bridge.md): two players, a draw phase, one auction and 13 tricks that count."""

    name = "draw_bridge"
    title = Translated(gettext_noop("Draw Bridge"))
    summary = Translated(
        gettext_noop(
            "Two players: 13 draw tricks fill the hands, then an auction and 13 tricks that count; first to the target."
        )
    )
    rule_prefix = "DB"
    flags: Mapping[str, Flag] = FLAGS
    seats = 2
    sides = one_seat_sides(2)
    side_labels: tuple[str, ...] = ()
    seat_labels: tuple[str, ...] = ()  # the rules give the seats no names of their own
    seat_names: tuple[str, ...] = ()
    seating = Translated(gettext_noop("Two players, in seat order."))
    target_required = True  # R-DB-9
    suggested_target: int | None = 500  # a product choice, not a rule (R-DB-9)
    target_rule = "R-DB-9"
    target_text = Translated(gettext_noop("A target agreed before the match is required (R-DB-9); 500 is suggested."))
    dealer_rule = "DB-2.1"
    held_over_rule: str | None = None

    def pad(self, played: object, players: object, flags: object) -> None:
        """No score pad of the game's own: the score sheet is its pad."""
        return None

    def default_target(self, flags: Flags) -> int | None:
        # R-DB-9: the players must agree a target; there is none to fall back on.
        return None

    def check_target(self, target: int | None, flags: Flags) -> None:
        """Any agreed target will do (R-DB-9); the match reader requires one."""

    def check_flags(self, flags: Flags) -> None:
        """Refuse flags that give two different answers to the same question (R-DB-1, R-DB-5, R-DB-6)."""
        if FAIL_SCORES_NOTHING in flags and FAIL_CONTRACT_VALUE in flags:
            message = _("{first} and {second} give a failed contract different scores; choose one")
            raise RuleError("flags", "R-DB-5", message.format(first=FAIL_SCORES_NOTHING, second=FAIL_CONTRACT_VALUE))
        # Duplicate scoring (R-DB-6) includes the defenders' undertrick penalties of DB-6.2; a
        # failed-contract flag would replace them, so the match would follow neither rule.
        for fail_flag in (FAIL_SCORES_NOTHING, FAIL_CONTRACT_VALUE):
            if CONTRACT_BRIDGE_SCORING in flags and fail_flag in flags:
                message = _(
                    "{flag} already scores failed contracts with bridge penalties, "
                    "so it cannot be combined with {other}"
                )
                raise RuleError("flags", "R-DB-6", message.format(flag=CONTRACT_BRIDGE_SCORING, other=fail_flag))
        chosen = [flag for flag in DRAW_TRICK_VARIANTS if flag in flags]
        if len(chosen) > 1:
            message = _("{flags} are different rules for who wins a draw trick; choose one")
            raise RuleError("flags", "R-DB-1", message.format(flags=" and ".join(chosen)))

    def entry_spec(self, flags: Flags) -> EntrySpec:
        """The contract entry of DB-6.3; no flag changes what can be entered."""
        return ENTRY_SPEC

    def roles(self, dealer: int, players: tuple[str, ...], flags: Flags) -> tuple[str, ...]:
        other = players[1 - dealer]
        return (
            _("{dealer} deals; {player} leads the draw tricks (DB-3.1).").format(dealer=players[dealer], player=other),
            _("{dealer} calls first (DB-4.2).").format(dealer=players[dealer]),
        )

    def parse_deal(self, entry: Entry, flags: Flags) -> Contract:
        """Read ``{"declarer", "level", "strain", "doubled", "tricks"}`` or ``{"passed_out": true}`` (DB-6.3)."""
        return parse_contract(entry, CONTRACTS)

    def score_deal(self, deal: Contract, dealer: int, flags: Flags, held_over: int, carry: Any = None) -> DealScore:
        """Score one deal: DB-6.1 (made), DB-6.2 / R-DB-5 (failed), DB-4.3 (passed out), R-DB-6 (bridge scoring)."""
        if deal.declarer is None:
            return DealScore((0, 0), (PASSED_OUT_LINES[dealer],))
        return _played_score(deal, flags)

    def next_dealer(self, dealer: int, deal: Contract, flags: Flags) -> int:
        # DB-2.1: the deal alternates, passed-out deals included (DB-4.3).
        return 1 - dealer

    def outcome(self, progress: Progress, flags: Flags) -> Outcome | None:
        """DB-7.1: the first to reach the target wins; R-DB-10 if both get there in the same deal."""
        target = progress.target
        if target is None:
            return None
        totals = progress.totals
        reached = [seat for seat, total in enumerate(totals) if total >= target]
        if not reached:
            return None
        if len(reached) == 1:
            seat = reached[0]
            reason = _("{name} reached {target} first") if totals[seat] == target else _("{name} passed {target} first")
            return Outcome((seat,), "DB-7.1", reason.format(name=progress.names[seat], target=numeral(target)))
        if totals[0] == totals[1]:
            return None  # R-DB-10: equal totals past the target mean another deal
        winner = 0 if totals[0] > totals[1] else 1
        reason = _("both passed {target} in deal {deal}; {name} has the higher total")
        return Outcome(
            (winner,),
            "R-DB-10",
            reason.format(target=numeral(target), deal=progress.deals_played, name=progress.names[winner]),
        )

    def stage(self, progress: Progress, flags: Flags) -> str:
        number = progress.deals_played + 1
        target = progress.target
        if target is None:
            return _("Deal {number}").format(number=number)
        if all(total >= target for total in progress.totals):
            return _("Deal {number} · Target {target} · tied past the target (R-DB-10)").format(
                number=number, target=numeral(target)
            )
        return _("Deal {number} · Target {target}").format(number=number, target=numeral(target))

    def describe(self, deal: Contract, players: tuple[str, ...]) -> str:
        return describe_contract(deal, players)

    def describe_result(self, deal: Contract, score: DealScore, players: tuple[str, ...], flags: Flags) -> str:
        """The row as the table says it: passed out (DB-4.3), made exactly or with overtricks (DB-6.1), or down,
        with the rule its one line was scored by (DB-6.2, or R-DB-5's variants)."""
        if deal.declarer is None:
            return _("passed out (DB-4.3)")
        made = deal.tricks >= 6 + deal.level
        return describe_played(deal, players, "" if made else score.lines[0].rule)

    def to_entry(self, deal: Contract) -> dict[str, Any]:
        return contract_entry(deal)

    def undertakings(self, deal: Contract, score: DealScore, flags: Flags) -> tuple[Undertaking, ...]:
        """The declarer's contract, made or failed (a player's statistics count them)."""
        return contract_undertakings(deal, self.sides)


PASSED_OUT_LINES = tuple(Line(dealer, 0, "DB-4.3", gettext_noop("passed out: no score")) for dealer in (0, 1))

GAME = DrawBridge()

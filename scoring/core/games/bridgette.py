"""Bridgette scoring: six-deal scoring of a two-player contract game (docs/rules/bridgette.md).

A deal entry is the contract and the declarer's tricks (BG-7.5)::

    {"declarer": 0, "level": 3, "strain": "NT", "doubled": 0, "tricks": 9}
    {"passed_out": true}

``doubled`` may be left out (0: not doubled; scoring/core/contract.py). A made contract scores
(V + P) × M + I for the declarer (BG-7.1); a failed one scores the penalty
table for the opponent (BG-7.3). Six counted deals make a match (BG-1.3), and
a tie is broken one deal at a time (BG-8.2, R-BG-8).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

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
    bid_name,
    contract_entry,
    contract_spec,
    contract_undertakings,
    describe_contract,
    describe_played,
    parse_contract,
)
from vocabulary.i18n import Translated, _, fill, gettext_noop
from vocabulary.words import Doubling, Strain

MATCH_DEALS = 6  # BG-1.3

# BG-5.1: 0NT, then 1♣ up to 7NT; the rule behind each field of the entry (BG-7.5).
CONTRACTS = ContractRules(
    bids=((0, Strain.NO_TRUMP), *((level, strain) for level in range(1, 8) for strain in Strain)),
    declarer_rule="BG-1.1",
    level_rule="BG-5.1",
    strain_rule="BG-5.1",
    doubled_rule="BG-5.4",
    tricks_rule="BG-7.5",
    passed_out_rule="BG-7.5",
)
ENTRY_SPEC = contract_spec(CONTRACTS)


def _value_table() -> dict[tuple[int, Strain], int]:
    """BG-7.2: the contract value V, per contract (R-BG-1), keyed by (level, strain)."""
    table = {(0, Strain.NO_TRUMP): 150}
    for strain in Strain:
        minor = strain in (Strain.CLUBS, Strain.DIAMONDS)
        notrump = strain is Strain.NO_TRUMP
        table[(1, strain)] = 250 if notrump else 150
        table[(2, strain)] = 250
        table[(3, strain)] = 750 if notrump else 250
        table[(4, strain)] = 250 if minor else 750
        table[(5, strain)] = 1500 if notrump else 750
        table[(6, strain)] = 2200 if notrump else 1500
        table[(7, strain)] = 2500 if notrump else 2200
    return table


CONTRACT_VALUE = _value_table()

# BG-7.3: the opponent's score for u undertricks, by double status (0, 1, 2).
# Index u - 1; the last row is the cap for 6 or more undertricks (R-BG-7).
UNDERTRICK_TABLE = (
    (100, 200, 300),
    (200, 500, 700),
    (300, 800, 1100),
    (400, 1100, 1500),
    (700, 2000, 2700),
    (1000, 3000, 4000),
)
# R-BG-7 variant: each undertrick beyond seven adds the step from the 5 row to the 6 row.
UNDERTRICK_STEP = tuple(six - five for five, six in zip(UNDERTRICK_TABLE[4], UNDERTRICK_TABLE[5], strict=True))
MULTIPLIER = (1, 2, 4)  # BG-7.1, R-BG-6
INSULT = (0, 400, 1000)  # BG-7.1, R-BG-5
EXACT_BONUS_TOP_LEVEL = 5  # 0NT to 5NT earn 250 for the exact tricks (R-BG-3)
THREE_OVER_BONUS = 350  # R-BG-4

FLAGS: dict[str, Flag] = {
    flag.name: flag
    for flag in (
        Flag(
            "bg_score_level_made",
            "R-BG-2",
            gettext_noop(
                "A made contract scores the value-table row of the level actually made, in its strain, "
                "instead of the level bid."
            ),
        ),
        Flag(
            "bg_three_over_or_more",
            "R-BG-4",
            gettext_noop("The 350 bonus is paid for three or more overtricks, not only three."),
        ),
        Flag(
            "bg_multiply_insult",
            "R-BG-5",
            gettext_noop(
                "The insult bonus is added before multiplying, so it is worth 800 doubled or 4,000 redoubled."
            ),
        ),
        Flag(
            "bg_extend_undertricks",
            "R-BG-7",
            gettext_noop(
                "Each undertrick beyond seven adds 300, 1,000 or 1,300 (undoubled, doubled, redoubled) "
                "instead of the 6-undertrick row being a cap."
            ),
        ),
        Flag(
            "bg_draw_after_seventh",
            "R-BG-8",
            gettext_noop("If the totals are still equal after the seventh deal, it is a draw."),
        ),
        Flag(
            "bg_upcard_to_dealer",
            "R-BG-9",
            gettext_noop("The upcard goes to the dealer: the non-dealer takes the two cards below it."),
        ),
        Flag(
            "bg_passout_redeal",
            "R-BG-10",
            gettext_noop("A passed-out deal does not count towards the six, and the same dealer deals again."),
        ),
        Flag(
            "bg_strict_jump",
            "R-BG-12",
            gettext_noop(
                "Any bid but the very next step on the ladder is a jump; a no-trump jump also needs four cards "
                "in some suit."
            ),
        ),
        Flag(
            "bg_colon_only_when_void",
            "R-BG-14",
            gettext_noop("The matching colon may be played to a lead only by a player holding none of the led suit."),
        ),
        Flag(
            "bg_block_requires_suit_lead",
            "R-BG-15",
            gettext_noop(
                "After a lead block the next lead must be a card of another suit, not a colon, "
                "unless that is impossible."
            ),
        ),
        Flag(
            "bg_revoke_three_tricks",
            "R-BG-19",
            gettext_noop("A card the rules did not allow costs its player three tricks, given to the other player."),
        ),
        Flag(
            "bg_penalty_cards",
            "R-BG-20",
            gettext_noop(
                "A card taken back after a fault (played out of turn or too early) stays face up as a penalty card, "
                "to be played at the first legal chance."
            ),
        ),
    )
}


# BG-7.3's lines, by doubling: what a failed contract's line says (msgids, worded when shown).
DOWN_TEXT = {
    Doubling.UNDOUBLED: gettext_noop("{contract} down {undertricks}, undoubled"),
    Doubling.DOUBLED: gettext_noop("{contract} down {undertricks}, doubled"),
    Doubling.REDOUBLED: gettext_noop("{contract} down {undertricks}, redoubled"),
}
DOWN_CAPPED_TEXT = {  # R-BG-7
    Doubling.UNDOUBLED: gettext_noop("{contract} down {undertricks}, undoubled; capped at the 6-undertrick row"),
    Doubling.DOUBLED: gettext_noop("{contract} down {undertricks}, doubled; capped at the 6-undertrick row"),
    Doubling.REDOUBLED: gettext_noop("{contract} down {undertricks}, redoubled; capped at the 6-undertrick row"),
}
DOWN_SIX_ROW_TEXT = {  # R-BG-7's variant: the 6 row, then the undertricks beyond
    Doubling.UNDOUBLED: gettext_noop("{contract} down {undertricks}, undoubled; 6-undertrick row"),
    Doubling.DOUBLED: gettext_noop("{contract} down {undertricks}, doubled; 6-undertrick row"),
    Doubling.REDOUBLED: gettext_noop("{contract} down {undertricks}, redoubled; 6-undertrick row"),
}
INSULT_TEXT = {  # BG-7.1
    Doubling.DOUBLED: gettext_noop("insult bonus for a made doubled contract"),
    Doubling.REDOUBLED: gettext_noop("insult bonus for a made redoubled contract"),
}


def undertrick_penalty(undertricks: int, doubled: int, extend: bool) -> int:
    """BG-7.3: the opponent's score for a failed contract; capped at the 6 row unless R-BG-7's variant."""
    if undertricks <= 6:
        return UNDERTRICK_TABLE[undertricks - 1][doubled]
    extra = (undertricks - 7) * UNDERTRICK_STEP[doubled] if extend and undertricks > 7 else 0
    return UNDERTRICK_TABLE[5][doubled] + extra


class Bridgette:
    name = "bridgette"
    title = Translated(gettext_noop("Bridgette"))
    summary = Translated(gettext_noop("Two players, 55 cards with three colons; six deals, the higher total wins."))
    rule_prefix = "BG"
    flags: Mapping[str, Flag] = FLAGS
    seats = 2
    sides = one_seat_sides(2)
    side_labels: tuple[str, ...] = ()
    seat_labels: tuple[str, ...] = ()  # the rules give the seats no names of their own
    seat_names: tuple[str, ...] = ()
    seating = Translated(gettext_noop("Two players, in seat order."))
    target_required = False
    suggested_target: int | None = None
    target_rule = "BG-1.3"
    target_text = Translated(gettext_noop("No target: the match is six deals (BG-1.3)."))
    dealer_rule = "BG-3.1"
    held_over_rule: str | None = None

    def pad(self, played: object, players: object, flags: object) -> None:
        """No score pad of the game's own: the score sheet is its pad."""
        return None

    def default_target(self, flags: Flags) -> int | None:
        """Bridgette has no target: the match is six deals (BG-1.3)."""
        return None

    def check_target(self, target: int | None, flags: Flags) -> None:
        """BG-1.3: a match is six deals, so a target is refused."""
        if target is not None:
            message = _("{game} has no target: the match is six deals").format(game=self.title)
            raise RuleError("target", "BG-1.3", message)

    def check_flags(self, flags: Flags) -> None:
        """Every Bridgette flag changes a different ruling, so any combination can be played."""

    def entry_spec(self, flags: Flags) -> EntrySpec:
        """The contract entry of BG-7.5; no flag changes what can be entered."""
        return ENTRY_SPEC

    def roles(self, dealer: int, players: tuple[str, ...], flags: Flags) -> tuple[str, ...]:
        other = players[1 - dealer]
        return (
            _("{dealer} deals and calls first (BG-5.3).").format(dealer=players[dealer]),
            _("{player} exchanges first (BG-4.1); the declarer's opponent leads (BG-6.1).").format(player=other),
        )

    def parse_deal(self, entry: Entry, flags: Flags) -> Contract:
        """Validate a deal entry (BG-7.5): a contract and the declarer's tricks, or passed out."""
        return parse_contract(entry, CONTRACTS)

    def score_deal(self, deal: Contract, dealer: int, flags: Flags, held_over: int, carry: Any = None) -> DealScore:
        """BG-7.1 (made), BG-7.3 (failed), BG-7.4 (passed out)."""
        if deal.declarer is None:
            return PASSED_OUT if "bg_passout_redeal" not in flags else PASSED_OUT_REDEALT
        return _played_score(deal, flags)

    def next_dealer(self, dealer: int, deal: Contract, flags: Flags) -> int:
        """BG-3.1: the deal alternates, after tie-break and passed-out deals too; R-BG-10's variant redeals."""
        if deal.declarer is None and "bg_passout_redeal" in flags:
            return dealer
        return 1 - dealer

    def outcome(self, progress: Progress, flags: Flags) -> Outcome | None:
        """BG-8.1: the higher total after six deals; BG-8.2 / R-BG-8: a tie plays on one deal at a time."""
        counted = progress.deals_counted
        if counted < MATCH_DEALS:
            return None
        first, second = progress.totals
        names = progress.names
        if first != second:
            winner = 0 if first > second else 1
            high, low = max(first, second), min(first, second)
            if counted == MATCH_DEALS:
                reason = _("{winner} has the higher total, {high}–{low}, after {deals} deals")
                return Outcome(
                    (winner,), "BG-8.1", fill(reason, winner=names[winner], high=high, low=low, deals=counted)
                )
            reason = _("{winner} has the higher total, {high}–{low}, after tie-break deal {deal}")
            return Outcome((winner,), "BG-8.2", fill(reason, winner=names[winner], high=high, low=low, deal=counted))
        if counted > MATCH_DEALS and "bg_draw_after_seventh" in flags:
            reason = _("{first} and {second} are still tied after deal {deal}")
            return Outcome((0, 1), "R-BG-8", reason.format(first=names[0], second=names[1], deal=counted))
        return None

    def stage(self, progress: Progress, flags: Flags) -> str:
        coming = progress.deals_counted + 1
        if coming <= MATCH_DEALS:
            return _("Deal {number} of {deals}").format(number=coming, deals=MATCH_DEALS)
        return _("Tie-break deal {number}").format(number=coming)

    def describe(self, deal: Contract, players: tuple[str, ...]) -> str:
        return describe_contract(deal, players)

    def describe_result(self, deal: Contract, score: DealScore, players: tuple[str, ...], flags: Flags) -> str:
        """The row as the table says it: passed out (BG-7.4, R-BG-10), made exactly or with overtricks, naming the
        bonus's rule where the tricks earn one (BG-7.1, R-BG-4), or down, with the penalty's rule (BG-7.3, R-BG-7)."""
        if deal.declarer is None:
            redealt = "bg_passout_redeal" in flags
            return _(PASSED_OUT_REDEALT_ROW) if redealt else _(PASSED_OUT_ROW)
        overtricks = deal.tricks - 6 - deal.level
        if overtricks < 0:
            # The penalty's own line names its rule: BG-7.3, or R-BG-7 past the table's end.
            return describe_played(deal, players, score.lines[0].rule)
        bonus, rule = performance_bonus(deal.level, overtricks, flags)
        return describe_played(deal, players, rule if bonus else "")

    def to_entry(self, deal: Contract) -> dict[str, Any]:
        return contract_entry(deal)

    def undertakings(self, deal: Contract, score: DealScore, flags: Flags) -> tuple[Undertaking, ...]:
        """The declarer's contract, made or failed (a player's statistics count them)."""
        return contract_undertakings(deal, self.sides)


# A played deal's score depends on the deal and the house rules alone (not on the dealer or the deals before),
# and the same contracts recur: each score is made once while it recurs. Its lines hold msgids and figures,
# worded when shown (scoring/core/base.py Line), so one cached score serves every language.
@lru_cache(maxsize=4096)
def _played_score(deal: Contract, flags: Flags) -> DealScore:
    """BG-7.1 (made, `_made_score`) or BG-7.3 (failed: the penalty table for the opponent, R-BG-7)."""
    declarer = deal.declarer
    assert declarer is not None
    needed = 6 + deal.level
    if deal.tricks >= needed:
        return _made_score(deal, declarer, deal.tricks - needed, flags)
    opponent = 1 - declarer
    undertricks = needed - deal.tricks
    extend = "bg_extend_undertricks" in flags
    penalty = undertrick_penalty(undertricks, deal.doubled, extend)
    down = {"contract": deal.contract, "undertricks": undertricks}
    lines: tuple[Line, ...]
    if undertricks <= 7:
        lines = (Line(opponent, penalty, "BG-7.3", DOWN_TEXT[deal.doubled], down),)
    elif not extend:
        lines = (Line(opponent, penalty, "R-BG-7", DOWN_CAPPED_TEXT[deal.doubled], down),)
    else:
        capped = UNDERTRICK_TABLE[5][deal.doubled]
        beyond = {"beyond": undertricks - 7, "step": UNDERTRICK_STEP[deal.doubled]}
        lines = (
            Line(opponent, capped, "BG-7.3", DOWN_SIX_ROW_TEXT[deal.doubled], down),
            Line(opponent, penalty - capped, "R-BG-7", gettext_noop("{beyond} beyond 7 at {step} each"), beyond),
        )
    points = (penalty, 0) if opponent == 0 else (0, penalty)
    return DealScore(points, lines)


def performance_bonus(level: int, overtricks: int, flags: Flags) -> tuple[int, str]:
    """BG-7.1's performance bonus P for a made contract, and the rule that gives it: for exactly the tricks bid
    250 (0NT to 5NT on the ladder), 100 (level 6) or 0 (level 7, R-BG-3); 350 for exactly three over (three or more
    under `bg_three_over_or_more`, R-BG-4); 0 and no rule ("") for any other number of overtricks (R-BG-2)."""
    if overtricks == 0:
        bonus = 250 if level <= EXACT_BONUS_TOP_LEVEL else 100 if level == 6 else 0
        return bonus, "BG-7.1" if bonus else "R-BG-3"
    if overtricks == 3:
        return THREE_OVER_BONUS, "BG-7.1"
    if overtricks > 3 and "bg_three_over_or_more" in flags:
        return THREE_OVER_BONUS, "R-BG-4"
    return 0, ""


def _made_score(deal: Contract, declarer: int, overtricks: int, flags: Flags) -> DealScore:
    """BG-7.1: (V + P) × M + I for the declarer, each part a line (R-BG-2 to R-BG-5)."""
    multiplier = MULTIPLIER[deal.doubled]
    times = multiplier > 1  # each line then says "×2" or "×4"
    if "bg_score_level_made" in flags:
        # R-BG-2 variant: the level made is tricks - 6 (at least the level bid, since the
        # contract is made, and at most 7, since tricks <= 13), in the contract's strain.
        # The exact and 3-over bonuses are still judged against the level bid.
        made_level = deal.tricks - 6
        value = CONTRACT_VALUE[(made_level, deal.strain)]
        text = (
            gettext_noop("value of {bid} made, {value} ×{multiplier}")
            if times
            else gettext_noop("value of {bid} made, {value}")
        )
        values = {"bid": bid_name(made_level, deal.strain), "value": value, "multiplier": multiplier}
        lines = [Line(declarer, value * multiplier, "R-BG-2", text, values)]
    else:
        value = CONTRACT_VALUE[(deal.level, deal.strain)]
        text = (
            gettext_noop("value of {bid}, {value} ×{multiplier}") if times else gettext_noop("value of {bid}, {value}")
        )
        values = {"bid": bid_name(deal.level, deal.strain), "value": value, "multiplier": multiplier}
        lines = [Line(declarer, value * multiplier, "BG-7.2", text, values)]
    bonus, rule = performance_bonus(deal.level, overtricks, flags)
    if overtricks == 0:
        if bonus:
            text = (
                gettext_noop("exact contract bonus {bonus} ×{multiplier}")
                if times
                else gettext_noop("exact contract bonus {bonus}")
            )
            values = {"bonus": bonus, "multiplier": multiplier}
            lines.append(Line(declarer, bonus * multiplier, rule, text, values))
        else:
            lines.append(Line(declarer, 0, rule, gettext_noop("no exact contract bonus at level 7")))
    elif bonus:
        text = (
            gettext_noop("{overtricks} over bonus {bonus} ×{multiplier}")
            if times
            else gettext_noop("{overtricks} over bonus {bonus}")
        )
        values = {"overtricks": overtricks, "bonus": bonus, "multiplier": multiplier}
        lines.append(Line(declarer, bonus * multiplier, rule, text, values))
    insult = INSULT[deal.doubled]
    if insult:
        if "bg_multiply_insult" in flags:  # doubled, so always multiplied
            values = {"insult": insult, "multiplier": multiplier}
            lines.append(
                Line(
                    declarer,
                    insult * multiplier,
                    "R-BG-5",
                    gettext_noop("insult bonus {insult} ×{multiplier}"),
                    values,
                )
            )
        else:
            lines.append(Line(declarer, insult, "BG-7.1", INSULT_TEXT[deal.doubled]))
    total = sum(line.points for line in lines)
    points = (total, 0) if declarer == 0 else (0, total)
    return DealScore(points, tuple(lines))


# A score sheet's row for a deal nobody bid (describe_result).
PASSED_OUT_ROW = gettext_noop("passed out (BG-7.4)")
PASSED_OUT_REDEALT_ROW = gettext_noop("passed out; dealt again, not counted (R-BG-10)")


PASSED_OUT = DealScore((0, 0), tuple(Line(seat, 0, "BG-7.4", gettext_noop("passed out")) for seat in (0, 1)))
# R-BG-10's variant: dealt again, and not one of the six.
PASSED_OUT_REDEALT = DealScore(
    (0, 0),
    tuple(Line(seat, 0, "R-BG-10", gettext_noop("passed out; dealt again, not counted")) for seat in (0, 1)),
    counts=False,
)


GAME = Bridgette()

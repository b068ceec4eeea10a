"""Contract Bridge scoring: one rubber, or one round of Chicago (docs/rules/contract_bridge.md).

Four players, N-S (seats 0 and 2) against E-W (seats 1 and 3); points are per side (BR-1.1). A deal entry is the
contract and the declaring side's tricks, with two optional items: honours (BR-6.7) and the mark that the match stops
after this deal, unfinished (BR-7.8, R-BR-4)::

    {"declarer": 2, "level": 4, "strain": "S", "doubled": 1, "tricks": 10, "honours": "NS100", "stopped": false}
    {"declarer": 1, "level": 1, "strain": "H", "doubled": 0, "tricks": 6, "honours": "none", "stopped": true}
    {"passed_out": true}

``honours`` and ``stopped`` may be left out (none, false); the normalised entry has both.

Each deal is scored with the Law 77 figures of scoring/core/law77.py; what a deal earns besides depends on where the
match stands, which is the `Table` a deal hands on to the next one (its ``DealScore.carry``, scoring/core/base.py): a
rubber's games and the trick scores below the line (BR-7.2, BR-7.3), a Chicago round's deal number (BR-8.2).
``score_deal`` reads the previous deal's table (None before the first deal), and ``outcome`` and ``stage`` the last
deal's (``Progress.carry``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from typing import Any

from scoring.core import law77
from scoring.core.base import (
    DealScore,
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
    RuleError,
)
from scoring.core.contract import (
    CONTRACT_FIELDS,
    Contract,
    ContractRules,
    contract_entry,
    contract_spec,
    describe_contract,
    parse_contract,
    usual_contract,
)
from scoring.core.fields import choice, flag_true, only_fields
from scoring.core.words import Strain

COMPASS = ("North", "East", "South", "West")  # seats 0 to 3, clockwise (BR-1.1)
SIDE_NAMES = ("N-S", "E-W")
ROUND_DEALS = 4  # BR-8.1
RUBBER_GAMES = 2  # BR-7.5
RUBBER_PREMIUMS = (700, 500)  # BR-7.5: by the games the losing side won
UNFINISHED_GAME = 300  # BR-7.8
UNFINISHED_PARTSCORE = 100  # BR-7.8
UNFINISHED_PARTSCORE_50 = 50  # R-BR-5
DEAL_4_PARTSCORE = 100  # R-BR-7

# BR-4.3: bids run from 1♣ to 7NT; the rule behind each field of the entry (BR-9.1).
CONTRACTS = ContractRules(
    bids=tuple((level, strain) for level in range(1, 8) for strain in Strain),
    declarer_rule="BR-1.1",
    level_rule="BR-4.3",
    strain_rule="BR-2.1",
    doubled_rule="BR-4.4",
    tricks_rule="BR-9.1",
    passed_out_rule="BR-4.6",
    seats=4,
)

CHICAGO = "br_chicago"
NONDEALER_VULNERABLE = "br_chicago_nondealer_vulnerable"
CARRY_PARTSCORES = "br_chicago_carry_partscores"
PARTSCORE_50 = "br_unfinished_partscore_50"
CHICAGO_FLAGS = frozenset((CHICAGO, NONDEALER_VULNERABLE, CARRY_PARTSCORES))  # each means Chicago (R-BR-2)

FLAGS: dict[str, Flag] = {
    flag.name: flag
    for flag in (
        Flag(
            CHICAGO,
            "R-BR-2",
            "The match is one round of Chicago: four deals with set vulnerability, each scored on its own, "
            "instead of a rubber.",
        ),
        Flag(
            NONDEALER_VULNERABLE,
            "R-BR-6",
            "Chicago: on deals 2 and 3 the dealer's opponents are vulnerable instead of the dealer's side.",
        ),
        Flag(
            CARRY_PARTSCORES,
            "R-BR-7",
            "Chicago: part-scores carry towards game as in a rubber, with no 50 premium, and a part-score on deal 4 "
            "that completes no game earns 100.",
        ),
        Flag(
            PARTSCORE_50,
            "R-BR-5",
            "In an unfinished rubber each side with a part-score in the unfinished game scores 50, instead of 100 "
            "to the only such side.",
        ),
    )
}


class Honours(StrEnum):
    """BR-6.7: who held scoring honours, and how many points they are worth; the value is the match file's."""

    NONE = "none"
    NS_100 = "NS100"
    NS_150 = "NS150"
    EW_100 = "EW100"
    EW_150 = "EW150"

    @property
    def side(self) -> int:
        return 0 if self.value.startswith("NS") else 1

    @property
    def points(self) -> int:
        return 0 if self is Honours.NONE else int(self.value[2:])

    @property
    def label(self) -> str:
        """``N-S 100``; ``–`` for none."""
        return "–" if self is Honours.NONE else f"{SIDE_NAMES[self.side]} {self.points}"


HONOURS_VALUES = tuple(honours.value for honours in Honours)
HONOURS_NAMED = {honours.value: honours for honours in Honours}
ENTRY_FIELDS = frozenset(("passed_out", *CONTRACT_FIELDS, "honours", "stopped"))

HONOURS_FIELD = EntryField(
    "honours",
    "Honours",
    FieldKind.CHOICE,
    "BR-6.7",
    tuple((honours.value, honours.label) for honours in Honours),
    required=False,
    initial=Honours.NONE.value,
)
# A choice, not a switch: the entry's only switch is the no-play one (passed out), whose entry stands alone.
STOPPED_FIELD = EntryField(
    "stopped",
    "After this deal",
    FieldKind.CHOICE,
    "R-BR-4",
    ((False, "play goes on"), (True, "the match stops, unfinished")),
    required=False,
    initial=False,
)
ENTRY_SPEC = EntrySpec((*contract_spec(CONTRACTS).fields, HONOURS_FIELD, STOPPED_FIELD), no_play="passed_out")


@dataclass(frozen=True, slots=True)
class BridgeDeal:
    """One deal: the contract and tricks (or passed out), the honours held, and whether the match stops after it."""

    contract: Contract
    honours: Honours = Honours.NONE
    stopped: bool = False


@dataclass(frozen=True, slots=True)
class Table:
    """Where the match stands after a deal: what the next deal's score depends on (the deal's ``carry``).

    ``games`` are the games each side has won in the rubber (BR-7.2); ``below`` each side's trick scores below the
    line in the game in progress (a rubber, or Chicago under R-BR-7); ``deals`` the Chicago deals played, passed-out
    deals left out (BR-8.4); ``first_dealer`` who dealt Chicago's deal 1, so that the stage can name the vulnerable
    side; ``stopped`` that the match stopped unfinished (BR-7.8, R-BR-4).
    """

    games: tuple[int, int] = (0, 0)
    below: tuple[int, int] = (0, 0)
    deals: int = 0
    first_dealer: int | None = None
    stopped: bool = False

    @property
    def rubber_won(self) -> bool:
        return RUBBER_GAMES in self.games


START = Table()


def is_chicago(flags: Flags) -> bool:
    """R-BR-2: `br_chicago`, or either Chicago house rule, makes the match a Chicago round."""
    return not CHICAGO_FLAGS.isdisjoint(flags)


def side_of(seat: int) -> int:
    """BR-1.1: N and S (seats 0, 2) are side 0, E and W (1, 3) side 1."""
    return seat % 2


def chicago_vulnerability(number: int, dealer: int, flags: Flags) -> tuple[bool, bool]:
    """BR-8.2: who is vulnerable on Chicago deal ``number`` (1-4): neither, the dealer's side twice, both (R-BR-6)."""
    if number == 1:
        return (False, False)
    if number >= ROUND_DEALS:
        return (True, True)
    vulnerable = side_of(dealer) if NONDEALER_VULNERABLE not in flags else 1 - side_of(dealer)
    return (vulnerable == 0, vulnerable == 1)


def _vulnerability_text(vulnerable: tuple[bool, bool]) -> str:
    if all(vulnerable):
        return "both sides vulnerable"
    if any(vulnerable):
        return f"{SIDE_NAMES[vulnerable.index(True)]} vulnerable"
    return "neither side vulnerable"


def _below_text(below: tuple[int, int]) -> str:
    parts = [f"{SIDE_NAMES[side]} {points}" for side, points in enumerate(below) if points]
    return f"{', '.join(parts)} below the line" if parts else ""


def _with(pair: tuple[int, int], side: int, value: int) -> tuple[int, int]:
    return (value, pair[1]) if side == 0 else (pair[0], value)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _scored(lines: list[Line], carry: Table, counts: bool = True) -> DealScore:
    """The deal's points, one per side, as the sum of its lines (so that they always add up)."""
    points: list[Points] = [0, 0]
    for line in lines:
        points[line.side] += line.points
    return DealScore(tuple(points), tuple(lines), counts=counts, carry=carry)


# The lines below depend on the contract and where they are written alone: each is built once (at most a
# few thousand contracts), not once per deal.


@cache
def _honours_line(honours: Honours, strain: Strain, where: str) -> Line:
    if strain is Strain.NO_TRUMP:
        held = "four aces in one hand"
    elif honours.points == 150:
        held = "all five trump honours in one hand"
    else:
        held = "four trump honours in one hand"
    return Line(honours.side, honours.points, "BR-6.7", f"honours, {held}: {honours.points}{where}")


@cache
def _bonus_lines(contract: Contract, side: int, vulnerable: bool, where: str) -> tuple[Line, ...]:
    """The premiums of a made contract in every form of scoring: overtricks, slam, insult (BR-6.2 to BR-6.4)."""
    lines = []
    overtricks = contract.tricks - 6 - contract.level
    doubling = contract.doubled
    if overtricks:
        points = law77.overtrick_points(overtricks, contract.strain, doubling, vulnerable)
        how = f" {doubling.word}" + (", vulnerable" if vulnerable else "") if doubling else ""
        lines.append(Line(side, points, "BR-6.2", f"{_plural(overtricks, 'overtrick')}{how}: {points}{where}"))
    slam = law77.slam_premium(contract.level, vulnerable)
    if slam:
        kind = "small slam" if contract.level == 6 else "grand slam"
        lines.append(Line(side, slam, "BR-6.4", f"{kind}{', vulnerable' if vulnerable else ''}: {slam}{where}"))
    insult = law77.insult_premium(doubling)
    if insult:
        lines.append(Line(side, insult, "BR-6.3", f"insult, a {doubling.word} contract made: {insult}{where}"))
    return tuple(lines)


@cache
def _undertrick_line(contract: Contract, side: int, vulnerable: bool, where: str) -> Line:
    """BR-6.5: the defenders' penalty for a failed contract."""
    down = 6 + contract.level - contract.tricks
    penalty = law77.undertrick_penalty(down, contract.doubled, vulnerable)
    working = law77.undertrick_working(down, contract.doubled, vulnerable)
    vul = ", vulnerable" if vulnerable else ""
    return Line(1 - side, penalty, "BR-6.5", f"{contract.contract} down {down}{vul}: {working}{where}")


@cache
def _trick_text(contract: Contract, points: int) -> str:
    working = law77.trick_working(contract.level, contract.strain, contract.doubled)
    return f"{contract.contract} made: {working} = {points}"


ABOVE = " above the line"


def score_rubber_deal(deal: BridgeDeal, dealer: int, flags: Flags, table: Table) -> DealScore:
    """One deal of a rubber: trick score below the line, everything else above (BR-7.1 to BR-7.8)."""
    contract = deal.contract
    games, below = table.games, table.below
    lines: list[Line] = []
    declarer = contract.declarer
    if declarer is None:
        lines.append(Line(side_of(dealer), 0, "BR-7.7", "passed out: no score; the next player deals"))
    else:
        side = side_of(declarer)
        vulnerable = games[side] > 0  # BR-7.3
        if contract.tricks < 6 + contract.level:
            lines.append(_undertrick_line(contract, side, vulnerable, ABOVE))
        else:
            trick = law77.trick_score(contract.level, contract.strain, contract.doubled)
            towards = below[side] + trick
            if law77.is_game(towards):  # BR-7.2: a game, in this deal or with earlier part-scores
                games = _with(games, side, games[side] + 1)
                below = (0, 0)
                earlier = f"with {towards - trick}, " if towards > trick else ""
                state = f"{earlier}{SIDE_NAMES[side]} win a game: {games[0]}–{games[1]} in games"
            else:
                below = _with(below, side, towards)
                state = f"{SIDE_NAMES[side]} {towards} towards game"
            lines.append(Line(side, trick, "BR-7.1", f"{_trick_text(contract, trick)} below the line: {state}"))
            lines.extend(_bonus_lines(contract, side, vulnerable, ABOVE))
            if games[side] == RUBBER_GAMES:
                other = games[1 - side]
                premium = RUBBER_PREMIUMS[other]
                lines.append(Line(side, premium, "BR-7.5", f"rubber won {RUBBER_GAMES}–{other}: {premium}{ABOVE}"))
        if deal.honours is not Honours.NONE:
            lines.append(_honours_line(deal.honours, contract.strain, ABOVE))
    after = Table(games, below)
    if deal.stopped:
        if after.rubber_won:
            raise RuleError("stopped", "R-BR-4", "this deal wins the rubber, so the rubber cannot also stop unfinished")
        lines.extend(_unfinished_lines(after, dealer, flags))
        after = Table(games, below, stopped=True)
    return _scored(lines, after)


def _unfinished_lines(table: Table, dealer: int, flags: Flags) -> list[Line]:
    """BR-7.8: 300 to the only side with a game, 100 to the only side with a part-score (R-BR-4, R-BR-5)."""
    lines = []
    games, below = table.games, table.below
    if sum(games) == 1:
        side = games.index(1)
        text = f"rubber stopped: {SIDE_NAMES[side]} have the only game, {UNFINISHED_GAME}{ABOVE}"
        lines.append(Line(side, UNFINISHED_GAME, "BR-7.8", text))
    holders = [side for side in (0, 1) if below[side]]
    if PARTSCORE_50 in flags:
        for side in holders:
            text = f"rubber stopped: {SIDE_NAMES[side]} have a part-score, {UNFINISHED_PARTSCORE_50}{ABOVE}"
            lines.append(Line(side, UNFINISHED_PARTSCORE_50, "R-BR-5", text))
    elif len(holders) == 1:
        side = holders[0]
        text = f"rubber stopped: {SIDE_NAMES[side]} have the only part-score, {UNFINISHED_PARTSCORE}{ABOVE}"
        lines.append(Line(side, UNFINISHED_PARTSCORE, "BR-7.8", text))
    if not lines:
        lines.append(Line(side_of(dealer), 0, "BR-7.8", "rubber stopped: no game or part-score premium"))
    return lines


def score_chicago_deal(deal: BridgeDeal, dealer: int, flags: Flags, table: Table) -> DealScore:
    """One deal of a Chicago round: Law 77 at the deal's vulnerability (BR-8.2, BR-8.3), or R-BR-7's carried scores."""
    contract = deal.contract
    first_dealer = dealer if table.first_dealer is None else table.first_dealer
    declarer = contract.declarer
    if declarer is None:
        line = Line(side_of(dealer), 0, "BR-8.4", f"passed out: not one of the four; {COMPASS[dealer]} deals again")
        return _scored([line], Table(below=table.below, deals=table.deals, first_dealer=first_dealer), counts=False)
    number = table.deals + 1
    if deal.stopped and number == ROUND_DEALS:
        raise RuleError("stopped", "R-BR-4", f"deal {number} ends the round, so the round cannot also stop unfinished")
    side = side_of(declarer)
    vulnerable = chicago_vulnerability(number, dealer, flags)[side]
    below = table.below
    lines: list[Line] = []
    if contract.tricks < 6 + contract.level:
        lines.append(_undertrick_line(contract, side, vulnerable, ""))
    else:
        trick = law77.trick_score(contract.level, contract.strain, contract.doubled)
        vul = "vulnerable" if vulnerable else "not vulnerable"
        if CARRY_PARTSCORES not in flags:
            lines.append(Line(side, trick, "BR-6.1", _trick_text(contract, trick)))
            premium = law77.game_premium(trick, vulnerable)
            kind = f"game, {vul}" if law77.is_game(trick) else "part-score"
            lines.append(Line(side, premium, "BR-6.6", f"{kind}: {premium}"))
        else:
            lines.extend(_carried_lines(contract, side, trick, vulnerable, number, below))
            towards = below[side] + trick
            below = (0, 0) if law77.is_game(towards) else _with(below, side, towards)
        lines.extend(_bonus_lines(contract, side, vulnerable, ""))
    if deal.honours is not Honours.NONE:
        lines.append(_honours_line(deal.honours, contract.strain, ""))
    return _scored(lines, Table(below=below, deals=number, first_dealer=first_dealer, stopped=deal.stopped))


def _carried_lines(
    contract: Contract, side: int, trick: int, vulnerable: bool, number: int, below: tuple[int, int]
) -> list[Line]:
    """R-BR-7: the trick score below the line, and a game premium when it completes a game, or 100 on deal 4."""
    towards = below[side] + trick
    name = SIDE_NAMES[side]
    if law77.is_game(towards):
        earlier = f"with {towards - trick}, " if towards > trick else ""
        premium = law77.GAME_PREMIUMS[vulnerable]
        vul = "vulnerable" if vulnerable else "not vulnerable"
        return [
            Line(side, trick, "BR-6.1", f"{_trick_text(contract, trick)} below the line: {earlier}a game for {name}"),
            Line(side, premium, "R-BR-7", f"game, {vul} on deal {number}: {premium}"),
        ]
    lines = [
        Line(side, trick, "BR-6.1", f"{_trick_text(contract, trick)} below the line: {name} {towards} towards game")
    ]
    if number == ROUND_DEALS:
        lines.append(Line(side, DEAL_4_PARTSCORE, "R-BR-7", f"part-score on deal {number}: {DEAL_4_PARTSCORE}"))
    return lines


def _table(progress: Progress) -> Table:
    """Where the match stands: the last deal's carry, or START before the first deal."""
    carry: Table | None = progress.carry
    return START if carry is None else carry


def _result(progress: Progress, rule: str, why: str, rubber_winner: int | None = None) -> Outcome:
    """BR-7.6, BR-8.5: the larger total wins, whoever won the rubber; equal totals are a draw (R-BR-9)."""
    first, second = progress.totals
    if first == second:
        joined = ", but" if rubber_winner is not None else ";"
        return Outcome((0, 1), "R-BR-9", f"{why}{joined} the totals are equal, {first}–{second}: a draw")
    winner = 0 if first > second else 1
    high, low = max(first, second), min(first, second)
    if winner == rubber_winner:
        return Outcome((winner,), rule, f"{why} and have the larger total, {high}–{low}")
    joined = ", but" if rubber_winner is not None else ";"
    return Outcome((winner,), rule, f"{why}{joined} {progress.names[winner]} have the larger total, {high}–{low}")


class ContractBridge:
    """Contract Bridge (docs/rules/contract_bridge.md): two partnerships play a rubber or a Chicago round."""

    name = "contract_bridge"
    title = "Contract Bridge"
    summary = "Four players in two partnerships: one rubber, won by the first side to two games, or one Chicago round."
    rule_prefix = "BR"
    flags: Mapping[str, Flag] = FLAGS
    seats = 4
    sides: tuple[tuple[int, ...], ...] = ((0, 2), (1, 3))  # N-S, E-W (BR-1.1)
    side_labels: tuple[str, ...] = SIDE_NAMES
    seating = "Four players clockwise from North: North, East, South, West; North-South play East-West."
    target_required = False
    suggested_target: int | None = None
    target_rule = "R-BR-1"
    target_text = "No target: the match is one rubber, or one Chicago round of four deals (R-BR-1)."
    dealer_rule = "BR-3.1"
    held_over_rule: str | None = None

    def default_target(self, flags: Flags) -> int | None:
        """No target: a match is one rubber or one Chicago round (R-BR-1)."""
        return None

    def check_target(self, target: int | None, flags: Flags) -> None:
        """R-BR-1: a target is refused."""
        if target is not None:
            raise RuleError("target", "R-BR-1", f"{self.title} has no target: the match is one rubber or one round")

    def check_flags(self, flags: Flags) -> None:
        """R-BR-5's part-score premium belongs to an unfinished rubber, which Chicago does not have."""
        if PARTSCORE_50 in flags and is_chicago(flags):
            chicago = ", ".join(sorted(CHICAGO_FLAGS & flags))
            raise RuleError(
                "flags", "R-BR-5", f"{PARTSCORE_50} is for an unfinished rubber; a Chicago round ({chicago}) has none"
            )

    def entry_spec(self, flags: Flags) -> EntrySpec:
        """BR-9.1: the contract, the honours and the stop mark; no flag changes what can be entered."""
        return ENTRY_SPEC

    def roles(self, dealer: int, players: tuple[str, ...], flags: Flags) -> tuple[str, ...]:
        return (
            f"{players[dealer]} deals from {COMPASS[dealer]} and calls first (BR-3.1, BR-4.1).",
            "The player on the declarer's left leads; the declarer's partner is dummy (BR-5.1, BR-5.2).",
        )

    def parse_deal(self, entry: Entry, flags: Flags) -> BridgeDeal:
        """Read a deal entry (BR-9.1): the contract fields or ``passed_out``, then ``honours`` and ``stopped``."""
        entry = only_fields(entry, ENTRY_FIELDS)
        contract = None if "passed_out" in entry else usual_contract(entry, CONTRACTS)
        if contract is None:
            contract = parse_contract({k: v for k, v in entry.items() if k not in ("honours", "stopped")}, CONTRACTS)
        honours = (
            HONOURS_NAMED[choice(entry, "honours", HONOURS_VALUES, "BR-6.7")] if "honours" in entry else Honours.NONE
        )
        if honours is not Honours.NONE:
            if contract.declarer is None:
                raise RuleError("honours", "BR-6.8", "a passed-out deal has no contract, so no honours")
            if contract.strain is Strain.NO_TRUMP and honours.points != 150:
                raise RuleError(
                    "honours", "BR-6.7", "at no trump only the four aces in one hand score honours: 150, not 100"
                )
        stopped = flag_true(entry, "stopped")
        if stopped and contract.declarer is None:
            raise RuleError("stopped", "R-BR-4", "a passed-out deal changes nothing: mark the last deal played instead")
        return BridgeDeal(contract, honours, stopped)

    def score_deal(
        self, deal: BridgeDeal, dealer: int, flags: Flags, held_over: int, carry: Table | None = None
    ) -> DealScore:
        """Score one deal from the previous deal's ``carry`` (None before the first): a rubber's or Chicago's."""
        table = START if carry is None else carry
        if is_chicago(flags):
            return score_chicago_deal(deal, dealer, flags, table)
        return score_rubber_deal(deal, dealer, flags, table)

    def next_dealer(self, dealer: int, deal: BridgeDeal, flags: Flags) -> int:
        """BR-3.1: clockwise; in Chicago a passed-out deal is dealt again by the same player (BR-8.4)."""
        if deal.contract.declarer is None and is_chicago(flags):
            return dealer
        return (dealer + 1) % 4

    def outcome(self, progress: Progress, flags: Flags) -> Outcome | None:
        """BR-7.6 / BR-7.8: the rubber's end, or its stop; BR-8.5: four Chicago deals, or fewer and a stop (R-BR-4).

        The larger total wins."""
        table = _table(progress)
        if is_chicago(flags):
            if table.stopped:
                return _result(progress, "BR-8.5", f"the round stopped unfinished after {table.deals} deals")
            if progress.deals_counted < ROUND_DEALS:
                return None
            return _result(progress, "BR-8.5", f"the round's {ROUND_DEALS} deals are played")
        if table.stopped:
            return _result(progress, "BR-7.8", "the rubber stopped unfinished")
        if not table.rubber_won:
            return None
        winner = table.games.index(RUBBER_GAMES)
        games = f"{table.games[winner]}–{table.games[1 - winner]}"
        return _result(progress, "BR-7.6", f"{progress.names[winner]} won the rubber {games}", winner)

    def stage(self, progress: Progress, flags: Flags) -> str:
        """The coming deal: its game and vulnerability, and the part-scores below the line."""
        table = _table(progress)
        if is_chicago(flags):
            number = progress.deals_counted + 1
            if number in (1, ROUND_DEALS):
                who = _vulnerability_text(chicago_vulnerability(number, 0, flags))
            elif table.first_dealer is not None:
                # BR-8.4: a passed-out deal is dealt again, so deal n is dealt by the n-th player from deal 1's dealer.
                dealer = (table.first_dealer + number - 1) % 4
                who = _vulnerability_text(chicago_vulnerability(number, dealer, flags))
            else:
                who = "dealer's opponents vulnerable" if NONDEALER_VULNERABLE in flags else "dealer's side vulnerable"
            parts = [f"Deal {number} of {ROUND_DEALS}", who, _below_text(table.below)]
        else:
            game = sum(table.games) + 1
            vulnerable = (table.games[0] > 0, table.games[1] > 0)
            parts = [f"Game {game}", _vulnerability_text(vulnerable), _below_text(table.below)]
        return " · ".join(part for part in parts if part)

    def describe(self, deal: BridgeDeal, players: tuple[str, ...]) -> str:
        """``4♠X by Anna, 10 tricks``, with the honours and the stop mark when there are any."""
        text = describe_contract(deal.contract, players)
        if deal.honours is not Honours.NONE:
            text += f", honours {deal.honours.label}"
        return text + ("; the match stops" if deal.stopped else "")

    def to_entry(self, deal: BridgeDeal) -> dict[str, Any]:
        """The normalised entry: every field (the contract fields, honours, stopped), or the passed-out switch."""
        entry = contract_entry(deal.contract)
        if deal.contract.declarer is not None:
            entry["honours"] = deal.honours.value
            entry["stopped"] = deal.stopped
        return entry


GAME = ContractBridge()

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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from functools import cache
from typing import Any

from scoring.core import law77
from scoring.core.base import (
    DealScore,
    DealState,
    Entry,
    EntryField,
    EntrySpec,
    FieldKind,
    FirstChoice,
    Flag,
    Flags,
    Line,
    Outcome,
    Pad,
    PadGroup,
    PadPart,
    PadRow,
    PlayedDeal,
    Points,
    Progress,
    Ranking,
    RuleError,
    Undertaking,
)
from scoring.core.contract import (
    CONTRACT_FIELDS,
    RESULT_OFFSETS,
    Contract,
    ContractRules,
    contract_entry,
    contract_spec,
    contract_undertakings,
    parse_contract,
    seat_letters,
)
from scoring.core.fields import choice, flag_true, only_fields
from vocabulary.i18n import (
    Translated,
    TranslatedTuple,
    Word,
    _,
    fill,
    gettext_noop,
    ngettext,
    ngettext_lazy,
    one_language,
    pgettext,
)
from vocabulary.words import Doubling, Strain

# Seats 0 to 3, clockwise (BR-1.1), and the sides: msgids, translated where shown (a line's values are Words).
COMPASS = (gettext_noop("North"), gettext_noop("East"), gettext_noop("South"), gettext_noop("West"))


SIDE_NAMES = (gettext_noop("N-S"), gettext_noop("E-W"))
SIDE_WORDS = tuple(Word(name) for name in SIDE_NAMES)
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
            gettext_noop(
                "The match is one round of Chicago: four deals with set vulnerability, each scored on its own, "
                "instead of a rubber."
            ),
            # R-BR-2: the match's form is the first thing a table settles, so it is asked first, not as a house rule.
            FirstChoice(
                gettext_noop("Rubber or Chicago"),
                gettext_noop("One rubber: the first side to win two games"),
                gettext_noop("One round of Chicago: four deals"),
            ),
        ),
        Flag(
            NONDEALER_VULNERABLE,
            "R-BR-6",
            gettext_noop(
                "Chicago: on deals 2 and 3 the dealer's opponents are vulnerable instead of the dealer's side."
            ),
        ),
        Flag(
            CARRY_PARTSCORES,
            "R-BR-7",
            gettext_noop(
                "Chicago: part-scores carry towards game as in a rubber, with no 50 premium, "
                "and a part-score on deal 4 that completes no game earns 100."
            ),
        ),
        Flag(
            PARTSCORE_50,
            "R-BR-5",
            gettext_noop(
                "In an unfinished rubber each side with a part-score in the unfinished game scores 50, instead of 100 "
                "to the only such side."
            ),
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
        """``N-S 100``; ``–`` for none (in the active language)."""
        return _(HONOURS_LABELS[self])


HONOURS_LABELS = {
    Honours.NONE: "–",
    Honours.NS_100: gettext_noop("N-S 100"),
    Honours.NS_150: gettext_noop("N-S 150"),
    Honours.EW_100: gettext_noop("E-W 100"),
    Honours.EW_150: gettext_noop("E-W 150"),
}
HONOURS_VALUES = tuple(honours.value for honours in Honours)
HONOURS_NAMED = {honours.value: honours for honours in Honours}
ENTRY_FIELDS = frozenset(("passed_out", *CONTRACT_FIELDS, "honours", "stopped"))

HONOURS_FIELD = EntryField(
    "honours",
    gettext_noop("Honours"),
    FieldKind.CHOICE,
    "BR-6.7",
    tuple((honours.value, HONOURS_LABELS[honours]) for honours in Honours),
    required=False,
    initial=Honours.NONE.value,
)
# A choice, not a switch: the entry's only switch is the no-play one (passed out), whose entry stands alone.
STOPPED_FIELD = EntryField(
    "stopped",
    gettext_noop("After this deal"),
    FieldKind.CHOICE,
    "R-BR-4",
    ((False, gettext_noop("play goes on")), (True, gettext_noop("the match stops, unfinished"))),
    required=False,
    initial=False,
)
RESULTS = RESULT_OFFSETS  # BR-9.1: the declarer's tricks are said as the result, against 6 + level
ENTRY_SPEC = EntrySpec(
    (
        *(
            replace(field, entered_as=RESULTS) if field.name == "tricks" else field
            for field in contract_spec(CONTRACTS).fields
        ),
        HONOURS_FIELD,
        STOPPED_FIELD,
    ),
    no_play="passed_out",
)


@dataclass(frozen=True, slots=True)
class BridgeDeal:
    """One deal: the contract and tricks (or passed out), the honours held, and whether the match stops after it."""

    contract: Contract
    honours: Honours = Honours.NONE
    stopped: bool = False


@dataclass(frozen=True, slots=True)
class Table:
    """Where the match stands after a deal, and what that deal wrote on the score pad (the deal's ``carry``).

    Where the match stands, which the next deal's score depends on: ``games``, the games each side has won in the
    rubber (BR-7.2); ``below``, each side's trick scores below the line in the game in progress (a rubber, or
    Chicago under R-BR-7); ``deals``, the Chicago deals played, passed-out deals left out (BR-8.4);
    ``first_dealer``, who dealt Chicago's deal 1, so that the stage can name the vulnerable side; ``stopped``, that
    the match stopped unfinished (BR-7.8, R-BR-4).

    What the deal just scored wrote, for the score pad (`ContractBridge.pad`) and for any reader of the evaluation
    (a JSON sheet), in the same figures in every language, each a pair (N-S, E-W):

    - ``vulnerable``: each side's vulnerability on the deal (BR-7.3 in a rubber, BR-8.2 in Chicago);
    - ``wrote_below``: the trick score written below the line (BR-7.1; in Chicago only under R-BR-7);
    - ``wrote_above``: the rest of the deal's points written above the line (overtricks, insult, slams,
      undertricks, honours; in Chicago scored deal by deal, which has no line (BR-8.3), all its points), but for
    - ``wrote_premium``: the premium that closes a rubber, 700 or 500 (BR-7.5), or an unfinished one's 300 and
      100 or 50 (BR-7.8, R-BR-5), which the pad writes at its foot.

    So ``wrote_below + wrote_above + wrote_premium`` is the deal's points, side by side. ``game_to`` is the side
    whose game the deal completed, when it did (a line is drawn under that game, BR-7.2), else None; ``number``
    the deal's number in a Chicago round (BR-8.1), None in a rubber and for a passed-out deal (BR-8.4).
    """

    games: tuple[int, int] = (0, 0)
    below: tuple[int, int] = (0, 0)
    deals: int = 0
    first_dealer: int | None = None
    stopped: bool = False
    vulnerable: tuple[bool, bool] = (False, False)
    wrote_below: tuple[int, int] = (0, 0)
    wrote_above: tuple[int, int] = (0, 0)
    wrote_premium: tuple[int, int] = (0, 0)
    game_to: int | None = None
    number: int | None = None

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
        return _("both sides vulnerable")
    if vulnerable[0]:
        return _("N-S vulnerable")
    if vulnerable[1]:
        return _("E-W vulnerable")
    return _("neither side vulnerable")


def _below_text(below: tuple[int, int]) -> str:
    parts = [
        _("{side} {points}").format(side=_(SIDE_NAMES[side]), points=points)
        for side, points in enumerate(below)
        if points
    ]
    return _("{scores} below the line").format(scores=", ".join(parts)) if parts else ""


def _with(pair: tuple[int, int], side: int, value: int) -> tuple[int, int]:
    return (value, pair[1]) if side == 0 else (pair[0], value)


def _scored(lines: list[Line], carry: Table, counts: bool = True) -> DealScore:
    """The deal's points, one per side, as the sum of its lines (so that they always add up)."""
    points: list[Points] = [0, 0]
    for line in lines:
        points[line.side] += line.points
    return DealScore(tuple(points), tuple(lines), counts=counts, carry=carry)


# The lines below depend on the contract and where they are written alone: each is built once (at most a
# few thousand contracts), not once per deal. A line keeps its msgid and figures and is worded when shown
# (scoring/core/base.py Line), so a cached line serves every language. ``above`` is True in a rubber, whose
# premiums are written above the line (BR-7.1); their msgids say so.

HONOURS_TEXT = {  # BR-6.7, by what was held, then above
    ("aces", True): gettext_noop("honours, four aces in one hand: {points} above the line"),
    ("aces", False): gettext_noop("honours, four aces in one hand: {points}"),
    ("five", True): gettext_noop("honours, all five trump honours in one hand: {points} above the line"),
    ("five", False): gettext_noop("honours, all five trump honours in one hand: {points}"),
    ("four", True): gettext_noop("honours, four trump honours in one hand: {points} above the line"),
    ("four", False): gettext_noop("honours, four trump honours in one hand: {points}"),
}
OVERTRICK_TEXT = {  # BR-6.2, by doubling, vulnerability (said when doubled), then above
    (Doubling.UNDOUBLED, False, True): ngettext_lazy(
        "{overtricks} overtrick: {points} above the line",
        "{overtricks} overtricks: {points} above the line",
        "overtricks",
    ),
    (Doubling.UNDOUBLED, False, False): ngettext_lazy(
        "{overtricks} overtrick: {points}", "{overtricks} overtricks: {points}", "overtricks"
    ),
    (Doubling.DOUBLED, False, True): ngettext_lazy(
        "{overtricks} overtrick doubled: {points} above the line",
        "{overtricks} overtricks doubled: {points} above the line",
        "overtricks",
    ),
    (Doubling.DOUBLED, False, False): ngettext_lazy(
        "{overtricks} overtrick doubled: {points}", "{overtricks} overtricks doubled: {points}", "overtricks"
    ),
    (Doubling.DOUBLED, True, True): ngettext_lazy(
        "{overtricks} overtrick doubled, vulnerable: {points} above the line",
        "{overtricks} overtricks doubled, vulnerable: {points} above the line",
        "overtricks",
    ),
    (Doubling.DOUBLED, True, False): ngettext_lazy(
        "{overtricks} overtrick doubled, vulnerable: {points}",
        "{overtricks} overtricks doubled, vulnerable: {points}",
        "overtricks",
    ),
    (Doubling.REDOUBLED, False, True): ngettext_lazy(
        "{overtricks} overtrick redoubled: {points} above the line",
        "{overtricks} overtricks redoubled: {points} above the line",
        "overtricks",
    ),
    (Doubling.REDOUBLED, False, False): ngettext_lazy(
        "{overtricks} overtrick redoubled: {points}", "{overtricks} overtricks redoubled: {points}", "overtricks"
    ),
    (Doubling.REDOUBLED, True, True): ngettext_lazy(
        "{overtricks} overtrick redoubled, vulnerable: {points} above the line",
        "{overtricks} overtricks redoubled, vulnerable: {points} above the line",
        "overtricks",
    ),
    (Doubling.REDOUBLED, True, False): ngettext_lazy(
        "{overtricks} overtrick redoubled, vulnerable: {points}",
        "{overtricks} overtricks redoubled, vulnerable: {points}",
        "overtricks",
    ),
}
SLAM_TEXT = {  # BR-6.4, by level, vulnerability, then above
    (6, False, True): gettext_noop("small slam: {points} above the line"),
    (6, False, False): gettext_noop("small slam: {points}"),
    (6, True, True): gettext_noop("small slam, vulnerable: {points} above the line"),
    (6, True, False): gettext_noop("small slam, vulnerable: {points}"),
    (7, False, True): gettext_noop("grand slam: {points} above the line"),
    (7, False, False): gettext_noop("grand slam: {points}"),
    (7, True, True): gettext_noop("grand slam, vulnerable: {points} above the line"),
    (7, True, False): gettext_noop("grand slam, vulnerable: {points}"),
}
INSULT_TEXT = {  # BR-6.3, by doubling, then above
    (Doubling.DOUBLED, True): gettext_noop("insult, a doubled contract made: {points} above the line"),
    (Doubling.DOUBLED, False): gettext_noop("insult, a doubled contract made: {points}"),
    (Doubling.REDOUBLED, True): gettext_noop("insult, a redoubled contract made: {points} above the line"),
    (Doubling.REDOUBLED, False): gettext_noop("insult, a redoubled contract made: {points}"),
}
DOWN_TEXT = {  # BR-6.5, by vulnerability, then above
    (False, True): gettext_noop("{contract} down {down}: {working} above the line"),
    (False, False): gettext_noop("{contract} down {down}: {working}"),
    (True, True): gettext_noop("{contract} down {down}, vulnerable: {working} above the line"),
    (True, False): gettext_noop("{contract} down {down}, vulnerable: {working}"),
}
# BR-6.1 and BR-7.1: a made contract's trick score, alone (Chicago) or below the line with what it does there.
MADE_TEXT = gettext_noop("{contract} made: {working} = {points}")
GAME_WON_TEXT = gettext_noop(
    "{contract} made: {working} = {points} below the line: {side} win a game: {ns_games}–{ew_games} in games"
)
GAME_WON_WITH_TEXT = gettext_noop(
    "{contract} made: {working} = {points} below the line: with {earlier}, {side} win a game: "
    "{ns_games}–{ew_games} in games"
)
TOWARDS_GAME_TEXT = gettext_noop("{contract} made: {working} = {points} below the line: {side} {towards} towards game")
GAME_FOR_TEXT = gettext_noop("{contract} made: {working} = {points} below the line: a game for {side}")
GAME_FOR_WITH_TEXT = gettext_noop(
    "{contract} made: {working} = {points} below the line: with {earlier}, a game for {side}"
)


@cache
def _honours_line(honours: Honours, strain: Strain, above: bool) -> Line:
    if strain is Strain.NO_TRUMP:
        held = "aces"
    elif honours.points == 150:
        held = "five"
    else:
        held = "four"
    return Line(honours.side, honours.points, "BR-6.7", HONOURS_TEXT[held, above], {"points": honours.points})


@cache
def _bonus_lines(contract: Contract, side: int, vulnerable: bool, above: bool) -> tuple[Line, ...]:
    """The premiums of a made contract in every form of scoring: overtricks, slam, insult (BR-6.2 to BR-6.4)."""
    lines = []
    overtricks = contract.tricks - 6 - contract.level
    doubling = contract.doubled
    if overtricks:
        points = law77.overtrick_points(overtricks, contract.strain, doubling, vulnerable)
        text = OVERTRICK_TEXT[doubling, vulnerable and bool(doubling), above]
        lines.append(Line(side, points, "BR-6.2", text, {"overtricks": overtricks, "points": points}))
    slam = law77.slam_premium(contract.level, vulnerable)
    if slam:
        lines.append(Line(side, slam, "BR-6.4", SLAM_TEXT[contract.level, vulnerable, above], {"points": slam}))
    insult = law77.insult_premium(doubling)
    if insult:
        lines.append(Line(side, insult, "BR-6.3", INSULT_TEXT[doubling, above], {"points": insult}))
    return tuple(lines)


@cache
def _undertrick_line(contract: Contract, side: int, vulnerable: bool, above: bool) -> Line:
    """BR-6.5: the defenders' penalty for a failed contract."""
    down = 6 + contract.level - contract.tricks
    penalty = law77.undertrick_penalty(down, contract.doubled, vulnerable)
    working = law77.undertrick_working(down, contract.doubled, vulnerable)
    values = {"contract": contract.contract, "down": down, "working": working}
    return Line(1 - side, penalty, "BR-6.5", DOWN_TEXT[vulnerable, above], values)


def _trick_values(contract: Contract, points: int) -> dict[str, object]:
    """The placeholders every trick-score line has: the contract, how its trick score is worked, and the score."""
    working = law77.trick_working(contract.level, contract.strain, contract.doubled)
    return {"contract": contract.contract, "working": working, "points": points}


ABOVE = True


def _sums(lines: Sequence[Line]) -> tuple[int, int]:
    """What ``lines`` give each side (N-S, E-W): a contract bridge point is a whole number."""
    sums = [0, 0]
    for line in lines:
        sums[line.side] += int(line.points)
    return (sums[0], sums[1])


def _written(score: DealScore, table: Table, below: Sequence[Line], premiums: Sequence[Line]) -> DealScore:
    """The deal's score, its table told what the deal wrote: ``below`` the line, the closing ``premiums``, and the
    rest of its points above the line."""
    wrote_below, wrote_premium = _sums(below), _sums(premiums)
    ns, ew = (int(points) - b - p for points, b, p in zip(score.points, wrote_below, wrote_premium, strict=True))
    wrote_above = (ns, ew)
    written = replace(table, wrote_below=wrote_below, wrote_above=wrote_above, wrote_premium=wrote_premium)
    return score._replace(carry=written)


def score_rubber_deal(deal: BridgeDeal, dealer: int, flags: Flags, table: Table) -> DealScore:
    """One deal of a rubber: trick score below the line, everything else above (BR-7.1 to BR-7.8)."""
    contract = deal.contract
    games, below = table.games, table.below
    vulnerability = (games[0] > 0, games[1] > 0)  # BR-7.3, before the deal
    lines: list[Line] = []
    below_lines: list[Line] = []  # what the deal writes below the line, and the premiums that close the rubber
    premium_lines: list[Line] = []
    game_to = None
    declarer = contract.declarer
    if declarer is None:
        lines.append(Line(side_of(dealer), 0, "BR-7.7", gettext_noop("passed out: no score; the next player deals")))
    else:
        side = side_of(declarer)
        vulnerable = vulnerability[side]
        if contract.tricks < 6 + contract.level:
            lines.append(_undertrick_line(contract, side, vulnerable, ABOVE))
        else:
            trick = law77.trick_score(contract.level, contract.strain, contract.doubled)
            towards = below[side] + trick
            values = _trick_values(contract, trick)
            values["side"] = SIDE_WORDS[side]
            if law77.is_game(towards):  # BR-7.2: a game, in this deal or with earlier part-scores
                games = _with(games, side, games[side] + 1)
                below = (0, 0)
                game_to = side
                values.update(earlier=towards - trick, ns_games=games[0], ew_games=games[1])
                text = GAME_WON_WITH_TEXT if towards > trick else GAME_WON_TEXT
            else:
                below = _with(below, side, towards)
                values["towards"] = towards
                text = TOWARDS_GAME_TEXT
            below_lines.append(Line(side, trick, "BR-7.1", text, values))
            lines.extend(below_lines)
            lines.extend(_bonus_lines(contract, side, vulnerable, ABOVE))
            if games[side] == RUBBER_GAMES:
                other = games[1 - side]
                premium = RUBBER_PREMIUMS[other]
                values = {"games": RUBBER_GAMES, "other": other, "points": premium}
                text = gettext_noop("rubber won {games}–{other}: {points} above the line")
                premium_lines.append(Line(side, premium, "BR-7.5", text, values))
                lines.extend(premium_lines)
        if deal.honours is not Honours.NONE:
            lines.append(_honours_line(deal.honours, contract.strain, ABOVE))
    after = Table(games, below, vulnerable=vulnerability, game_to=game_to)
    if deal.stopped:
        if after.rubber_won:
            message = _("this deal wins the rubber, so the rubber cannot also stop unfinished")
            raise RuleError("stopped", "R-BR-4", message)
        unfinished = _unfinished_lines(after, dealer, flags)
        lines.extend(unfinished)
        premium_lines.extend(unfinished)
        after = replace(after, stopped=True)
    return _written(_scored(lines, after), after, below_lines, premium_lines)


def _unfinished_lines(table: Table, dealer: int, flags: Flags) -> list[Line]:
    """BR-7.8: 300 to the only side with a game, 100 to the only side with a part-score (R-BR-4, R-BR-5)."""
    lines = []
    games, below = table.games, table.below
    if sum(games) == 1:
        side = games.index(1)
        text = gettext_noop("rubber stopped: {side} have the only game, {points} above the line")
        lines.append(Line(side, UNFINISHED_GAME, "BR-7.8", text, {"side": SIDE_WORDS[side], "points": UNFINISHED_GAME}))
    holders = [side for side in (0, 1) if below[side]]
    if PARTSCORE_50 in flags:
        for side in holders:
            text = gettext_noop("rubber stopped: {side} have a part-score, {points} above the line")
            values = {"side": SIDE_WORDS[side], "points": UNFINISHED_PARTSCORE_50}
            lines.append(Line(side, UNFINISHED_PARTSCORE_50, "R-BR-5", text, values))
    elif len(holders) == 1:
        side = holders[0]
        text = gettext_noop("rubber stopped: {side} have the only part-score, {points} above the line")
        values = {"side": SIDE_WORDS[side], "points": UNFINISHED_PARTSCORE}
        lines.append(Line(side, UNFINISHED_PARTSCORE, "BR-7.8", text, values))
    if not lines:
        text = gettext_noop("rubber stopped: no game or part-score premium")
        lines.append(Line(side_of(dealer), 0, "BR-7.8", text))
    return lines


def score_chicago_deal(deal: BridgeDeal, dealer: int, flags: Flags, table: Table) -> DealScore:
    """One deal of a Chicago round: Law 77 at the deal's vulnerability (BR-8.2, BR-8.3), or R-BR-7's carried scores."""
    contract = deal.contract
    first_dealer = dealer if table.first_dealer is None else table.first_dealer
    declarer = contract.declarer
    number = table.deals + 1
    vulnerability = chicago_vulnerability(number, dealer, flags)
    if declarer is None:
        text = gettext_noop("passed out: not one of the four; {dealer} deals again")
        line = Line(side_of(dealer), 0, "BR-8.4", text, {"dealer": Word(COMPASS[dealer])})
        after = Table(below=table.below, deals=table.deals, first_dealer=first_dealer, vulnerable=vulnerability)
        return _scored([line], after, counts=False)
    if deal.stopped and number == ROUND_DEALS:
        message = _("deal {number} ends the round, so the round cannot also stop unfinished").format(number=number)
        raise RuleError("stopped", "R-BR-4", message)
    side = side_of(declarer)
    vulnerable = vulnerability[side]
    below = table.below
    lines: list[Line] = []
    below_lines: list[Line] = []  # R-BR-7's trick scores, written below the line; Chicago has no other line
    game_to = None
    if contract.tricks < 6 + contract.level:
        lines.append(_undertrick_line(contract, side, vulnerable, False))
    else:
        trick = law77.trick_score(contract.level, contract.strain, contract.doubled)
        if CARRY_PARTSCORES not in flags:
            lines.append(Line(side, trick, "BR-6.1", MADE_TEXT, _trick_values(contract, trick)))
            premium = law77.game_premium(trick, vulnerable)
            if not law77.is_game(trick):
                text = gettext_noop("part-score: {points}")
            elif vulnerable:
                text = gettext_noop("game, vulnerable: {points}")
            else:
                text = gettext_noop("game, not vulnerable: {points}")
            lines.append(Line(side, premium, "BR-6.6", text, {"points": premium}))
        else:
            carried = _carried_lines(contract, side, trick, vulnerable, number, below)
            below_lines.append(carried[0])
            lines.extend(carried)
            towards = below[side] + trick
            if law77.is_game(towards):
                below, game_to = (0, 0), side
            else:
                below = _with(below, side, towards)
        lines.extend(_bonus_lines(contract, side, vulnerable, False))
    if deal.honours is not Honours.NONE:
        lines.append(_honours_line(deal.honours, contract.strain, False))
    after = Table(
        below=below,
        deals=number,
        first_dealer=first_dealer,
        stopped=deal.stopped,
        vulnerable=vulnerability,
        game_to=game_to,
        number=number,
    )
    return _written(_scored(lines, after), after, below_lines, ())


def _carried_lines(
    contract: Contract, side: int, trick: int, vulnerable: bool, number: int, below: tuple[int, int]
) -> list[Line]:
    """R-BR-7: the trick score below the line, and a game premium when it completes a game, or 100 on deal 4."""
    towards = below[side] + trick
    values = _trick_values(contract, trick)
    values["side"] = SIDE_WORDS[side]
    if law77.is_game(towards):
        values["earlier"] = towards - trick
        premium = law77.GAME_PREMIUMS[vulnerable]
        if vulnerable:
            text = gettext_noop("game, vulnerable on deal {number}: {points}")
        else:
            text = gettext_noop("game, not vulnerable on deal {number}: {points}")
        return [
            Line(side, trick, "BR-6.1", GAME_FOR_WITH_TEXT if towards > trick else GAME_FOR_TEXT, values),
            Line(side, premium, "R-BR-7", text, {"number": number, "points": premium}),
        ]
    values["towards"] = towards
    lines = [Line(side, trick, "BR-6.1", TOWARDS_GAME_TEXT, values)]
    if number == ROUND_DEALS:
        text = gettext_noop("part-score on deal {number}: {points}")
        lines.append(Line(side, DEAL_4_PARTSCORE, "R-BR-7", text, {"number": number, "points": DEAL_4_PARTSCORE}))
    return lines


def _table(progress: Progress) -> Table:
    """Where the match stands: the last deal's carry, or START before the first deal."""
    carry: Table | None = progress.carry
    return START if carry is None else carry


# BR-7.6, BR-7.8, BR-8.5, R-BR-9: how a match ended, then who has the larger total (or that the totals are equal).
# Keyed by the ending, then "draw", "larger" or "same" (the rubber's winner has the larger total); a round that
# stopped has plural forms, by the deals played (`_stopped_round_text`).
RESULT_TEXT = {
    ("round", "draw"): gettext_noop(
        "the round's {deals} deals are played; the totals are equal, {first}–{second}: a draw"
    ),
    ("round", "larger"): gettext_noop(
        "the round's {deals} deals are played; {name} have the larger total, {high}–{low}"
    ),
    ("stopped_rubber", "draw"): gettext_noop(
        "the rubber stopped unfinished; the totals are equal, {first}–{second}: a draw"
    ),
    ("stopped_rubber", "larger"): gettext_noop(
        "the rubber stopped unfinished; {name} have the larger total, {high}–{low}"
    ),
    ("rubber", "draw"): gettext_noop(
        "{winner} won the rubber {games}, but the totals are equal, {first}–{second}: a draw"
    ),
    ("rubber", "larger"): gettext_noop(
        "{winner} won the rubber {games}, but {name} have the larger total, {high}–{low}"
    ),
    ("rubber", "same"): gettext_noop("{winner} won the rubber {games} and have the larger total, {high}–{low}"),
}


def _stopped_round_text(deals: int, result: str) -> str:
    # Written out for makemessages, which collects plural msgids from ngettext calls.
    if result == "draw":
        return ngettext(
            "the round stopped unfinished after {deals} deal; the totals are equal, {first}–{second}: a draw",
            "the round stopped unfinished after {deals} deals; the totals are equal, {first}–{second}: a draw",
            deals,
        )
    return ngettext(
        "the round stopped unfinished after {deals} deal; {name} have the larger total, {high}–{low}",
        "the round stopped unfinished after {deals} deals; {name} have the larger total, {high}–{low}",
        deals,
    )


def _result(
    progress: Progress, rule: str, ending: str, values: dict[str, Any], rubber_winner: int | None = None
) -> Outcome:
    """BR-7.6, BR-8.5: the larger total wins, whoever won the rubber; equal totals are a draw (R-BR-9).

    ``ending`` says how the match ended ("stopped_round", "round", "stopped_rubber", "rubber"), with its ``values``."""
    first, second = progress.totals
    winner = 0 if first > second else 1
    result = "draw" if first == second else "same" if winner == rubber_winner else "larger"
    stopped_round = ending == "stopped_round"
    text = _stopped_round_text(values["deals"], result) if stopped_round else _(RESULT_TEXT[ending, result])
    reason = fill(
        text,
        **values,
        first=first,
        second=second,
        high=max(first, second),
        low=min(first, second),
        name=progress.names[winner],
    )
    return Outcome((0, 1) if result == "draw" else (winner,), "R-BR-9" if result == "draw" else rule, reason)


# The score pad (ContractBridge.pad), drawn from what each deal's table says it wrote.


def _cells(pair: tuple[int, int]) -> tuple[int | None, ...]:
    """A pad row's cells: each side's figure, or None where the side wrote nothing."""
    return tuple(points or None for points in pair)


def _deal_label(number: int) -> str:
    return _("Deal {number}").format(number=number)


def _game_title(number: int, vulnerable: tuple[bool, bool]) -> str:
    return _("Game {number}").format(number=number) + " · " + _vulnerability_text(vulnerable)


def rubber_pad(played: Sequence[PlayedDeal]) -> Pad:
    """BR-7.1: above the line each deal's premiums, the latest at the top as a pen writes them; below it the trick
    scores game by game, a line drawn under each game won (BR-7.2), each game headed by the vulnerability it was
    played at (BR-7.3); at the foot the premium that closes the rubber (BR-7.5, BR-7.8) and the totals (BR-7.6)."""
    above: list[PadRow] = []
    games: list[PadGroup] = []
    rows: list[PadRow] = []
    vulnerable = (False, False)
    premium = (0, 0)
    totals = (0, 0)
    table = START
    for deal in played:
        table = deal.score.carry
        label = _deal_label(deal.number)
        if any(table.wrote_above):
            above.append(PadRow(label, _cells(table.wrote_above)))
        if any(table.wrote_below):
            note = "" if table.game_to is None else _("game to {side}").format(side=_(SIDE_NAMES[table.game_to]))
            rows.append(PadRow(label, _cells(table.wrote_below), note=note))
        premium = (premium[0] + table.wrote_premium[0], premium[1] + table.wrote_premium[1])
        totals = (totals[0] + int(deal.score.points[0]), totals[1] + int(deal.score.points[1]))
        if table.game_to is not None:
            games.append(PadGroup(PadPart.GAME, _game_title(len(games) + 1, vulnerable), tuple(rows), closed=True))
            rows = []
            vulnerable = (table.games[0] > 0, table.games[1] > 0)
    if not table.rubber_won:  # the game in progress, with its part-scores so far
        games.append(PadGroup(PadPart.GAME, _game_title(len(games) + 1, vulnerable), tuple(rows)))
    foot = []
    if any(premium):
        label = _("Unfinished rubber (BR-7.8)") if table.stopped else _("Rubber premium (BR-7.5)")
        foot.append(PadRow(label, _cells(premium)))
    foot.append(PadRow(_("Total"), totals))
    above_line = PadGroup(PadPart.ABOVE, _("Above the line"), tuple(reversed(above)))
    return Pad(_("Rubber score pad"), (), (above_line, *games), tuple(foot))


def _vulnerable_word(vulnerable: tuple[bool, bool]) -> str:
    if all(vulnerable):
        return _("both")
    if any(vulnerable):
        return _(SIDE_NAMES[vulnerable.index(True)])
    return _("neither")


def chicago_pad(played: Sequence[PlayedDeal], players: tuple[str, ...], flags: Flags) -> Pad:
    """BR-8.1, BR-8.2: the round's four deals, each with its dealer and who is vulnerable, and each side's points;
    a passed-out deal is not one of them (BR-8.4); at the foot the totals (BR-8.5)."""
    points: dict[int, tuple[int, int]] = {}
    table = START
    for deal in played:
        table = deal.score.carry
        if table.number is not None:
            points[table.number] = (int(deal.score.points[0]), int(deal.score.points[1]))
    first_dealer = table.first_dealer if table.first_dealer is not None else played[0].dealer
    rows = []
    for number in range(1, ROUND_DEALS + 1):
        if table.stopped and number not in points:
            break  # R-BR-4: a round that stopped has no more deals
        dealer = (first_dealer + number - 1) % len(COMPASS)  # BR-8.4: a passed-out deal is dealt again
        vulnerable = chicago_vulnerability(number, dealer, flags)
        who = _("{seat} · {name}").format(seat=seat_letters()[dealer], name=players[dealer])
        cells = _cells(points[number]) if number in points else (None, None)
        rows.append(PadRow(str(number), cells, marks=(who, _vulnerable_word(vulnerable))))
    totals = (sum(pair[0] for pair in points.values()), sum(pair[1] for pair in points.values()))
    group = PadGroup(PadPart.DEALS, "", tuple(rows))
    marks = (_("Dealer"), _("Vulnerable"))
    # Translators: the heading of a Chicago score pad's column of deal numbers, 1 to 4.
    heading = pgettext("score pad column", "Deal")
    return Pad(_("Chicago score pad"), marks, (group,), (PadRow(_("Total"), totals),), heading)


class ContractBridge:
    """Contract Bridge (docs/rules/contract_bridge.md): two partnerships play a rubber or a Chicago round."""

    name = "contract_bridge"
    title = Translated(gettext_noop("Contract Bridge"))
    summary = Translated(
        gettext_noop(
            "Four players in two partnerships: one rubber, won by the first side to two games, or one Chicago round."
        )
    )
    rule_prefix = "BR"
    flags: Mapping[str, Flag] = FLAGS
    seats = 4
    sides: tuple[tuple[int, ...], ...] = ((0, 2), (1, 3))  # N-S, E-W (BR-1.1)
    side_labels = TranslatedTuple(SIDE_NAMES)
    seat_names = TranslatedTuple(COMPASS)

    @property
    def seat_labels(self) -> tuple[str, ...]:
        return seat_letters()

    seating = Translated(
        gettext_noop("Four players clockwise from North: North, East, South, West; North-South play East-West.")
    )
    target_required = False
    suggested_target: int | None = None
    target_rule = "R-BR-1"
    target_text = Translated(
        gettext_noop("No target: the match is one rubber, or one Chicago round of four deals (R-BR-1).")
    )
    dealer_rule = "BR-3.1"
    held_over_rule: str | None = None
    # Progressive rubber and Chicago rank each player by the net score of their sides, the sum of what each side
    # scored less what it conceded (CL-3.8).
    standings_order = (Ranking.DIFFERENCE, Ranking.WINS, Ranking.HEAD_TO_HEAD)

    def default_target(self, flags: Flags) -> int | None:
        """No target: a match is one rubber or one Chicago round (R-BR-1)."""
        return None

    def check_target(self, target: int | None, flags: Flags) -> None:
        """R-BR-1: a target is refused."""
        if target is not None:
            message = _("{game} has no target: the match is one rubber or one round").format(game=self.title)
            raise RuleError("target", "R-BR-1", message)

    def check_flags(self, flags: Flags) -> None:
        """R-BR-5's part-score premium belongs to an unfinished rubber, which Chicago does not have."""
        if PARTSCORE_50 in flags and is_chicago(flags):
            chicago = ", ".join(sorted(CHICAGO_FLAGS & flags))
            message = _("{flag} is for an unfinished rubber; a Chicago round ({chicago}) has none")
            raise RuleError("flags", "R-BR-5", message.format(flag=PARTSCORE_50, chicago=chicago))

    def entry_spec(self, flags: Flags) -> EntrySpec:
        """BR-9.1: the contract, the honours and the stop mark; no flag changes what can be entered."""
        return ENTRY_SPEC

    def roles(self, dealer: int, players: tuple[str, ...], flags: Flags) -> tuple[str, ...]:
        return (
            _("{dealer} deals from {compass} and calls first (BR-3.1, BR-4.1).").format(
                dealer=players[dealer], compass=_(COMPASS[dealer])
            ),
            _("The player on the declarer's left leads; the declarer's partner is dummy (BR-5.1, BR-5.2)."),
        )

    def parse_deal(self, entry: Entry, flags: Flags) -> BridgeDeal:
        """Read a deal entry (BR-9.1): the contract fields or ``passed_out``, then ``honours`` and ``stopped``."""
        entry = only_fields(entry, ENTRY_FIELDS)
        contract = parse_contract({k: v for k, v in entry.items() if k not in ("honours", "stopped")}, CONTRACTS)
        honours = (
            HONOURS_NAMED[choice(entry, "honours", HONOURS_VALUES, "BR-6.7")] if "honours" in entry else Honours.NONE
        )
        if honours is not Honours.NONE:
            if contract.declarer is None:
                raise RuleError("honours", "BR-6.8", _("a passed-out deal has no contract, so no honours"))
            if contract.strain is Strain.NO_TRUMP and honours.points != 150:
                raise RuleError(
                    "honours", "BR-6.7", _("at no trump only the four aces in one hand score honours: 150, not 100")
                )
        stopped = flag_true(entry, "stopped")
        if stopped and contract.declarer is None:
            raise RuleError(
                "stopped", "R-BR-4", _("a passed-out deal changes nothing: mark the last deal played instead")
            )
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
                return _result(progress, "BR-8.5", "stopped_round", {"deals": table.deals})
            if progress.deals_counted < ROUND_DEALS:
                return None
            return _result(progress, "BR-8.5", "round", {"deals": ROUND_DEALS})
        if table.stopped:
            return _result(progress, "BR-7.8", "stopped_rubber", {})
        if not table.rubber_won:
            return None
        winner = table.games.index(RUBBER_GAMES)
        games = f"{table.games[winner]}–{table.games[1 - winner]}"
        return _result(progress, "BR-7.6", "rubber", {"winner": progress.names[winner], "games": games}, winner)

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
            elif NONDEALER_VULNERABLE in flags:
                who = _("dealer's opponents vulnerable")
            else:
                who = _("dealer's side vulnerable")
            parts = [
                _("Deal {number} of {deals}").format(number=number, deals=ROUND_DEALS),
                who,
                _below_text(table.below),
            ]
        else:
            game = sum(table.games) + 1
            vulnerable = (table.games[0] > 0, table.games[1] > 0)
            parts = [_("Game {number}").format(number=game), _vulnerability_text(vulnerable), _below_text(table.below)]
        return " · ".join(part for part in parts if part)

    def describe(self, deal: BridgeDeal, players: tuple[str, ...]) -> str:
        """The deal as bridge players write it (BR-9.1): the contract, the declarer's seat and the result against
        the contract, ``4♠X S −1``, ``3NT N +1``, ``2♥ E =``; with the honours and the stop mark when there are any."""
        contract = deal.contract
        if contract.declarer is None:
            text = _("passed out")
        else:
            result = RESULTS.offset(contract.tricks, contract.level)
            label = next(label for offset, label in RESULTS.choices if offset == result)
            # Translators: a bridge deal as a score pad writes it: contract, declarer's seat, result ("4♠X S −1").
            text = _("{contract} {seat} {result}").format(
                contract=contract.contract, seat=seat_letters()[contract.declarer], result=label
            )
        honours = deal.honours is not Honours.NONE
        if honours and deal.stopped:
            return _("{deal}, honours {honours}; the match stops").format(deal=text, honours=deal.honours.label)
        if honours:
            return _("{deal}, honours {honours}").format(deal=text, honours=deal.honours.label)
        if deal.stopped:
            return _("{deal}; the match stops").format(deal=text)
        return text

    def pad(self, played: Sequence[PlayedDeal], players: tuple[str, ...], flags: Flags) -> Pad | None:
        """The score pad as a bridge table keeps it: a rubber above and below the line (BR-7.1), or Chicago's four
        deals with each one's dealer and vulnerability (BR-8.2); None before the first deal."""
        if not played:
            return None
        with one_language():  # a long rubber's rows word the same few texts: each looked up once
            if is_chicago(flags):
                return chicago_pad(played, players, flags)
            return rubber_pad(played)

    def to_entry(self, deal: BridgeDeal) -> dict[str, Any]:
        """The normalised entry: every field (the contract fields, honours, stopped), or the passed-out switch."""
        entry = contract_entry(deal.contract)
        if deal.contract.declarer is not None:
            entry["honours"] = deal.honours.value
            entry["stopped"] = deal.stopped
        return entry

    def undertakings(self, deal: BridgeDeal, score: DealScore, flags: Flags) -> tuple[Undertaking, ...]:
        """The declarer's side's contract, made or defeated (BR-6.1): a player's statistics count them."""
        return contract_undertakings(deal.contract, self.sides)

    def scoring_form(self, flags: Flags) -> str:
        """The match's form in the JSON sheet: "rubber" (BR-7), or "chicago" for a Chicago round (BR-8, R-BR-2)."""
        return "chicago" if is_chicago(flags) else "rubber"

    def deal_state(
        self, deal: BridgeDeal, score: DealScore, flags: Flags, *, dealer: int, before: Table | None
    ) -> DealState:
        """The JSON sheet's state of a deal (docs/match-file.md), per side, from the tables before and after it:
        the vulnerability it was played at (BR-7.3, BR-8.2), the games won in the rubber after it (BR-7.2), its
        points below the line (the trick score, BR-7.1) and above, the part-scores below the line after it (none in
        Chicago, BR-8.3, unless they carry, R-BR-7), and its number in a Chicago round (BR-8.4: a passed-out deal has
        none)."""
        table = START if before is None else before
        after: Table = score.carry
        chicago = is_chicago(flags)
        passed_out = deal.contract.declarer is None
        if chicago:
            vulnerable = chicago_vulnerability(table.deals + 1, dealer, flags)
        else:
            vulnerable = (table.games[0] > 0, table.games[1] > 0)
        # BR-8.3: a Chicago deal is scored on its own, with no line, unless part-scores carry (R-BR-7).
        lined = not chicago or CARRY_PARTSCORES in flags
        below = [0, 0]
        trick_rule = "BR-6.1" if chicago else "BR-7.1"  # the trick score, which goes below the line
        for line in score.lines:
            if line.rule == trick_rule:
                below[line.side] += int(line.points)
        state = {
            "vulnerable": list(vulnerable),
            "games": None if chicago else list(after.games),
            "below": below if lined else None,
            "above": [int(points) - below[side] for side, points in enumerate(score.points)] if lined else None,
            "part_scores": list(after.below) if lined else None,
            "chicago_deal": None if not chicago or passed_out else after.deals,
        }
        return DealState(deal.contract.result_code, state)


GAME = ContractBridge()

"""The match file (Trickbook's import/export format) and match evaluation.

Totals, dealers and the end of a match are never stored: they are derived here
from the first dealer, the flags and the ordered deal entries (docs/style.md 3).
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, NamedTuple

from scoring.core.base import (
    DealScore,
    EntryError,
    Flags,
    FormatError,
    Game,
    Line,
    Outcome,
    Points,
    Progress,
    RuleError,
    deal_state,
    scoring_form,
    side_names,
)
from scoring.core.games import GAMES
from vocabulary.i18n import _, gettext_noop, ngettext

# "table" is the record of a match played from every phone (docs/match-file.md): optional, kept by the web app's
# export and import (scoring/table.py), and never read by the scoring.
MATCH_FIELDS = ("game", "players", "first_dealer", "target", "flags", "deals", "table")
MAX_NAME = 40
MAX_TARGET = 1_000_000
# The most deals a match holds: far past any real match, and within what every page and report serves
# in well under 2 s (the PDF prints a long match's last deals only; `make bench` measures it).
MAX_DEALS = 500
# Deepest nesting of a JSON document we read. A match file needs 4 levels (file, deals, deal, calls),
# a hand record 5; deeper input is refused before anything walks it (repr, json.dumps, a database).
MAX_JSON_DEPTH = 20
# Characters no player name may hold, by Unicode category: control characters (NUL included, which
# PostgreSQL cannot store; tabs and newlines, which break every sheet) and lone surrogates (no UTF-8
# form, so no page could show the name), plus line and paragraph separators. Letters of every script
# stay, and so do format characters (the joiners Devanagari needs) and code points newer than
# Python's Unicode tables (next year's emoji).
REFUSED_IN_NAMES = {  # msgids, worded in `name_problem`
    "Cc": gettext_noop("a control character"),
    "Cs": gettext_noop("half of a surrogate pair"),
    "Zl": gettext_noop("a line separator"),
    "Zp": gettext_noop("a paragraph separator"),
}


@dataclass(frozen=True, slots=True)
class MatchFile:
    game: str
    players: tuple[str, ...]
    first_dealer: int
    target: int | None
    flags: Flags
    deals: tuple[Mapping[str, Any], ...]

    @property
    def rules(self) -> Game:
        return GAMES[self.game]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": list(self.players),
            "first_dealer": self.first_dealer,
            "target": self.target,
            "flags": sorted(self.flags),
            "deals": [self._in_form_order(deal) for deal in self.deals],
        }

    def _in_form_order(self, deal: Mapping[str, Any]) -> dict[str, Any]:
        # A database may hand a stored entry back with its keys reordered (PostgreSQL's jsonb
        # does); a match file lists them as the entry form does, whichever database kept it.
        names = [field.name for field in self.rules.entry_spec(self.flags).fields]
        rank = {name: index for index, name in enumerate(names)}
        return dict(sorted(deal.items(), key=lambda item: rank.get(item[0], len(rank))))


class DealResult(NamedTuple):
    number: int
    dealer: int  # a seat
    deal: Any
    score: DealScore
    totals: tuple[Points, ...]  # one per side, after this deal


@dataclass(frozen=True, slots=True)
class MatchResult:
    """A match evaluated: per deal its dealer, score and running totals; the totals and the end.

    Totals, points and winners are indexed by side (scoring/core/base.py), dealers by seat.
    """

    match: MatchFile
    deals: tuple[DealResult, ...]
    totals: tuple[Points, ...]
    outcome: Outcome | None
    next_dealer: int | None
    stage: str
    held_over: int

    @property
    def finished(self) -> bool:
        return self.outcome is not None

    @property
    def winners(self) -> tuple[int, ...]:
        return self.outcome.winners if self.outcome else ()

    def dealer_of(self, number: int) -> int | None:
        """The seat that deals deal ``number``: a played deal's dealer, or the next dealer for the deal after the
        last; None for any other number, and for the deal after the end of the match."""
        if 1 <= number <= len(self.deals):
            return self.deals[number - 1].dealer
        return self.next_dealer if number == len(self.deals) + 1 else None

    @property
    def names(self) -> tuple[str, ...]:
        """Each side's name, in the order of the totals."""
        return side_names(self.match.rules, self.match.players)

    def to_json(self) -> dict[str, Any]:
        """The score sheet of docs/match-file.md: the match's setup and state, and per deal its result, state,
        points, running totals and lines, by side. Every value but a line's text and a side's name reads the same
        in every language."""
        game = self.match.rules
        flags = self.match.flags
        one_seat_sides = all(len(side) == 1 for side in game.sides)
        deals = []
        before: Any = None
        for result in self.deals:
            state = deal_state(game, result.deal, result.score, flags, dealer=result.dealer, before=before)
            before = result.score.carry
            deals.append(
                {
                    "number": result.number,
                    "dealer": result.dealer,
                    "result": state.result,
                    "state": dict(state.values),
                    "points": list(result.score.points),
                    "totals": list(result.totals),
                    "held_over": result.score.held_over,
                    "lines": [_line_json(line, one_seat_sides) for line in result.score.lines],
                }
            )
        return {
            "game": game.name,
            "players": list(self.match.players),
            "sides": list(self.names),
            "side_seats": [list(side) for side in game.sides],
            "form": scoring_form(game, flags),
            "flags": sorted(flags),
            "target": self.match.target,
            "deals": deals,
            "totals": list(self.totals),
            "finished": self.finished,
            "winners": list(self.winners),
            "next_dealer": self.next_dealer,
            "held_over": self.held_over,
            # Points still held over when the match ends are scored by nobody (BL-9.3, R-KJ-9).
            "lost_at_end": self.held_over if self.finished else 0,
        }


def _line_json(line: Line, one_seat_sides: bool) -> dict[str, Any]:
    """A breakdown line in the JSON sheet. ``seat``, the line's side under its former name, is kept only where a side
    is one seat, so that it is one; in the partnership games a line has its ``side`` alone (docs/match-file.md)."""
    shown: dict[str, Any] = {"side": line.side}
    if one_seat_sides:
        shown["seat"] = line.side
    shown.update(points=line.points, rule=line.rule, text=line.text)
    return shown


def _game(doc: Mapping[str, Any]) -> Game:
    name = doc.get("game")
    if not isinstance(name, str) or name not in GAMES:
        message = _("game must be one of {games}, not {name}").format(games=", ".join(GAMES), name=repr(name))
        raise FormatError("game", message)
    return GAMES[name]


def _players(doc: Mapping[str, Any], game: Game) -> tuple[str, ...]:
    players = doc.get("players")
    if not isinstance(players, list) or not all(isinstance(name, str) for name in players):
        raise FormatError("players", _("players must be a list of names"))
    if len(players) != game.seats:
        message = _("{game} has {seats} players, not {count}").format(
            game=game.title, seats=game.seats, count=len(players)
        )
        raise RuleError("players", f"{game.rule_prefix}-1.1", message)
    names = tuple(name.strip() for name in players)
    for index, name in enumerate(names):
        if not name or len(name) > MAX_NAME:
            message = _("a player's name must have 1 to {most} characters").format(most=MAX_NAME)
            raise FormatError(f"players[{index}]", message)
        refused = name_problem(name)
        if refused:
            raise FormatError(f"players[{index}]", refused)
        # Deals and sheets name players, so two players by one name (any case) could not be told apart.
        same = next((seat for seat, other in enumerate(names[:index]) if other.casefold() == name.casefold()), None)
        if same is not None:
            message = _("player {number} is already called {name}: give each player a name of their own")
            raise FormatError(f"players[{index}]", message.format(number=same + 1, name=names[same]))
    return names


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a player's name (a character of REFUSED_IN_NAMES), or None."""
    for char in name:
        kind = REFUSED_IN_NAMES.get(unicodedata.category(char))
        if kind:
            return _("a player's name cannot hold {code} ({kind})").format(code=f"U+{ord(char):04X}", kind=_(kind))
    return None


def _flags(doc: Mapping[str, Any], game: Game) -> Flags:
    flags = doc.get("flags", [])
    if not isinstance(flags, list) or not all(isinstance(flag, str) for flag in flags):
        raise FormatError("flags", _("flags must be a list of flag names"))
    for flag in flags:
        if flag not in game.flags:
            owner = next((other.title for other in GAMES.values() if flag in other.flags), None)
            if owner:
                message = _("{flag} is a {owner} flag; {game} has {flags}")
            else:
                message = _("{flag} is not a flag of any game; {game} has {flags}")
            text = message.format(flag=repr(flag), owner=owner, game=game.title, flags=", ".join(game.flags))
            raise RuleError("flags", "RULES-0.3", text)
    chosen = frozenset(flags)
    game.check_flags(chosen)
    return chosen


def _target(doc: Mapping[str, Any], game: Game, flags: Flags) -> int | None:
    """The match's target: as given (the game may refuse it, `Game.check_target`), or its default."""
    target = doc.get("target")
    if target is None:
        if game.target_required:
            message = _("{game} needs a target score agreed before the match").format(game=game.title)
            raise RuleError("target", game.target_rule, message)
        game.check_target(None, flags)
        return game.default_target(flags)
    if isinstance(target, bool) or not isinstance(target, int):
        raise FormatError("target", _("target must be a whole number, not {target}").format(target=repr(target)))
    game.check_target(target, flags)
    if not 1 <= target <= MAX_TARGET:
        message = _("target must be from 1 to {most}, not {target}").format(most=MAX_TARGET, target=target)
        raise RuleError("target", game.target_rule, message)
    return target


def parse_match(doc: Any) -> MatchFile:
    """Read a match file (already decoded from JSON); raise EntryError if it is bad.

    The deals are only checked for shape here; `evaluate` validates each one
    against the rules, in order, because a deal after the end is an error too.
    """
    if not isinstance(doc, dict):
        raise FormatError("match", _("a match file must be a JSON object"))
    for key in doc:
        if key not in MATCH_FIELDS:
            message = _("unknown field {key}; the fields are {names}")
            raise FormatError(str(key), message.format(key=repr(key), names=", ".join(MATCH_FIELDS)))
    game = _game(doc)
    players = _players(doc, game)
    first_dealer = doc.get("first_dealer")
    if isinstance(first_dealer, bool) or not isinstance(first_dealer, int):
        raise FormatError("first_dealer", _("first_dealer must be a seat number"))
    if not 0 <= first_dealer < game.seats:
        message = _("first_dealer must be a seat from 0 to {last}").format(last=game.seats - 1)
        raise RuleError("first_dealer", game.dealer_rule, message)
    flags = _flags(doc, game)
    target = _target(doc, game, flags)
    deals = doc.get("deals", [])
    if not isinstance(deals, list):
        raise FormatError("deals", _("deals must be a list of deal entries"))
    if len(deals) > MAX_DEALS:
        raise FormatError("deals", _("a match file holds at most {most} deals").format(most=MAX_DEALS))
    return MatchFile(game.name, players, first_dealer, target, flags, tuple(deals))


def evaluate(match: MatchFile) -> MatchResult:
    """Score every deal in order and decide whether (and how) the match ended.

    Each deal is scored from what the deal before handed on: its ``held_over`` pot and its ``carry``
    (scoring/core/base.py); ``outcome`` and ``stage`` see the last deal's carry in ``Progress.carry``."""
    game = match.rules
    flags = match.flags
    dealer = match.first_dealer
    totals: list[Points] = [0] * len(game.sides)
    names = side_names(game, match.players)
    results: list[DealResult] = []
    outcome: Outcome | None = None
    held_over = 0
    carry: Any = None  # what the last deal handed on (DealScore.carry); None before the first
    counted = 0
    for number, entry in enumerate(match.deals, start=1):
        if outcome is not None:
            raise AfterTheEnd(number - 1, outcome, number)
        try:
            deal = game.parse_deal(entry, flags)
            score = game.score_deal(deal, dealer, flags, held_over, carry)
        except EntryError as error:
            raise error.at_deal(number) from None
        held_over = score.held_over
        carry = score.carry
        counted += score.counts
        totals = [total + points for total, points in zip(totals, score.points, strict=True)]
        frozen = tuple(totals)
        results.append(DealResult(number, dealer, deal, score, frozen))
        outcome = game.outcome(Progress(frozen, number, counted, match.target, names, carry), flags)
        dealer = game.next_dealer(dealer, deal, flags)
    progress = Progress(tuple(totals), len(results), counted, match.target, names, carry)
    return MatchResult(
        match=match,
        deals=tuple(results),
        totals=tuple(totals),
        outcome=outcome,
        next_dealer=None if outcome else dealer,
        stage="" if outcome else game.stage(progress, flags),
        held_over=held_over,
    )


def room_for_deal(match: MatchFile) -> None:
    """Refuse a new deal in a match that already holds MAX_DEALS: every write stays within what a match
    file may hold, so that a match's own download can always be imported again."""
    if len(match.deals) >= MAX_DEALS:
        message = _("a match holds at most {most} deals: this one is full; a rematch starts a new one")
        raise FormatError("deals", message.format(most=MAX_DEALS), deal=len(match.deals) + 1)


class AfterTheEnd(RuleError):
    """A deal after the one that ended the match (deal ``ended``, by ``outcome``): its end rule allows no other."""

    def __init__(self, ended: int, outcome: Outcome, number: int) -> None:
        message = _("the match ended after deal {number}: {reason}").format(number=ended, reason=outcome.reason)
        super().__init__("deals", outcome.rule, message, deal=number)
        self.ended = ended
        self.reason = outcome.reason


class EditEndsMatch(RuleError):
    """An edit of an earlier deal after which the match ends before its last deal: the deals after the new end
    (``ended`` + 1 to ``last``) must be undone first. The message says what to do and why; `unsaved` says so
    after a save was refused."""

    def __init__(self, after_the_end: AfterTheEnd, last: int) -> None:
        ended = after_the_end.ended
        message = ngettext(
            "To make this change, first undo deal {first}: with it the match ends after deal {ended} ({reason}), "
            "and no deal is played after the end",
            "To make this change, first undo deals {first}–{last}: with it the match ends after deal {ended} "
            "({reason}), and no deal is played after the end",
            last - ended,
        ).format(first=ended + 1, last=last, ended=ended, reason=after_the_end.reason)
        super().__init__("deals", after_the_end.rule, message, deal=after_the_end.deal)
        self.ended = ended
        self.last = last

    def unsaved(self) -> RuleError:
        """The refusal of a save: the same words, after saying that nothing was saved."""
        message = _("Nothing was saved. {why}").format(why=self.message)
        return RuleError(self.field, self.rule, message, deal=self.deal)


def check_deal(match: MatchFile, entry: Mapping[str, Any], replace: int | None = None) -> MatchResult:
    """Evaluate ``match`` with ``entry`` added as a new deal (or replacing deal ``replace``).

    An edit after which the match ends before its last deal is an `EditEndsMatch`, which says which deals to
    undo first; a new deal after the end is an `AfterTheEnd`; a new deal past MAX_DEALS is refused
    (``room_for_deal``)."""
    if replace is None:
        room_for_deal(match)
    before = match.deals if replace is None else match.deals[: replace - 1]
    after = () if replace is None else match.deals[replace:]
    deals = (*before, entry, *after)
    try:
        return evaluate(MatchFile(match.game, match.players, match.first_dealer, match.target, match.flags, deals))
    except AfterTheEnd as ended:
        if replace is None:
            raise
        raise EditEndsMatch(ended, len(deals)) from None


class JSONTextError(ValueError):
    """JSON text that cannot be read: not JSON at all, or nested deeper than MAX_JSON_DEPTH."""


def load_json(text: str | bytes) -> Any:
    """Decode a JSON document, refusing any nested deeper than MAX_JSON_DEPTH; JSONTextError if unreadable.

    Every reader of JSON from outside (API bodies, uploads, command input) goes through here, so
    a thousand ``[`` is one clear error everywhere rather than a RecursionError somewhere.
    """
    try:
        doc = json.loads(text)
    except RecursionError:
        raise JSONTextError(_too_deep()) from None
    except ValueError as error:  # UnicodeDecodeError included, for bytes
        raise JSONTextError(_("not valid JSON: {error}").format(error=error)) from None
    if _depth_exceeds(doc, MAX_JSON_DEPTH):
        raise JSONTextError(_too_deep())
    return doc


def _too_deep() -> str:
    return _("the JSON is nested too deeply (at most {most} levels)").format(most=MAX_JSON_DEPTH)


def _depth_exceeds(doc: Any, limit: int) -> bool:
    """Whether lists and objects in ``doc`` nest more than ``limit`` deep (walked without recursion)."""
    pending: list[tuple[Any, int]] = [(doc, 1)]
    while pending:
        value, depth = pending.pop()
        if not isinstance(value, dict | list):
            continue
        if depth > limit:
            return True
        children = value.values() if isinstance(value, dict) else value
        pending.extend((child, depth + 1) for child in children)
    return False


def score_document(text: str | bytes) -> MatchResult:
    """Decode, parse and evaluate a match file given as JSON text."""
    try:
        doc = load_json(text)
    except JSONTextError as error:
        raise FormatError("match", str(error)) from None
    return evaluate(parse_match(doc))


class PointsEncoder(json.JSONEncoder):
    """JSON for points: whole Decimals as integers, tenths as numbers."""

    def default(self, o: Any) -> Any:
        if isinstance(o, Decimal):
            return int(o) if o == o.to_integral_value() else float(o)
        return super().default(o)

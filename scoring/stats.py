"""A player's statistics across an account's matches, and the names an account plays with.

Pure Python over evaluated matches (scoring/core/match.py `MatchResult`): nothing is stored, every figure is worked
out from the deals each time, as the totals are (docs/style.md 3). A player is a name in the matches' players, the
same whatever its case ("anna" is Anna), as within one match (docs/match-file.md). What a player scores is their
side's: in a partnership game the points, contracts and wins of the player's side are theirs (`Game.sides`).

- a match is won when it is over and the player's side is among its winners by the game's own end rule
  (`MatchResult.outcome`), unless every side is (a draw); a match not over is played, not won;
- points per deal are the points of the player's side in every deal of the game, over the deals;
- contracts made are those the player's side undertook (a contract declared, a call, trumps taken) and made, as the
  game says (`undertakings`, scoring/core/base.py);
- the best deal is the most points the player's side took in one deal, the earliest where several are equal;
- head to head counts, per opponent (a player on another side), the matches against them, those the player won and
  they did not, and those they won and the player did not.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from enum import StrEnum

from scoring.core.base import Points, undertakings
from scoring.core.match import MatchResult

ONE_PLACE = Decimal("0.1")


class Result(StrEnum):
    """What came of one match for the player."""

    WON = "won"
    LOST = "lost"
    DRAWN = "drawn"
    UNFINISHED = "unfinished"


@dataclass(frozen=True, slots=True)
class Played:
    """One evaluated match and its key (the stored match's id, for links)."""

    key: int
    result: MatchResult


@dataclass(frozen=True, slots=True)
class BestDeal:
    """The most points the player's side took in one deal: how many, in which match and which deal."""

    points: Points
    key: int
    number: int


@dataclass(frozen=True, slots=True)
class MatchFigures:
    """One match as the player played it: its key, what came of it, its deals and the points of the player's side."""

    key: int
    result: Result
    deals: int
    points: Points

    @property
    def per_deal(self) -> Decimal | None:
        return per_deal(self.points, self.deals)


@dataclass(slots=True)
class GameStats:
    """The player's figures in one game."""

    game: str
    played: int = 0
    won: int = 0
    deals: int = 0
    points: Points = 0
    contracts: int = 0
    made: int = 0
    best: BestDeal | None = None
    matches: list[MatchFigures] = field(default_factory=list)

    @property
    def per_deal(self) -> Decimal | None:
        """Points per deal, to one decimal place (None before any deal)."""
        return per_deal(self.points, self.deals)


@dataclass(slots=True)
class Rival:
    """Head to head against one opponent: the matches against them, won and lost."""

    name: str
    matches: int = 0
    won: int = 0
    lost: int = 0


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """A player's figures: per game in the order first played, and per opponent, most matches first."""

    name: str
    games: tuple[GameStats, ...]
    rivals: tuple[Rival, ...]

    @property
    def played(self) -> int:
        return sum(game.played for game in self.games)

    @property
    def won(self) -> int:
        return sum(game.won for game in self.games)


def per_deal(points: Points, deals: int) -> Decimal | None:
    """``points`` over ``deals``, rounded half up to one decimal place; None for no deal."""
    if not deals:
        return None
    return (Decimal(points) / deals).quantize(ONE_PLACE, rounding=ROUND_HALF_UP)


def same_name(name: str) -> str:
    """The key a name is known by, the same whatever its case."""
    return name.strip().casefold()


def names_by_use(player_lists: Iterable[Sequence[str]]) -> list[tuple[str, int]]:
    """Every name of the matches' players (each a match's players) and the number of matches it is in, most first
    (then alphabetically), each in its first spelling met (the caller gives the latest match first)."""
    counts: Counter[str] = Counter()
    spelling: dict[str, str] = {}
    for players in player_lists:
        for name in players:
            key = same_name(name)
            counts[key] += 1
            spelling.setdefault(key, name)
    return [(spelling[key], counts[key]) for key in sorted(counts, key=lambda key: (-counts[key], key))]


def find_player(name: str, matches: Iterable[Played]) -> str | None:
    """The player ``name`` as the matches spell them (the first match they are in), or None if no match has them."""
    key = same_name(name)
    for played in matches:
        for player in played.result.match.players:
            if same_name(player) == key:
                return player
    return None


def _outcome(result: MatchResult, side: int) -> Result:
    """What came of the match for ``side``, by the game's end rule (`MatchResult.outcome`)."""
    if result.outcome is None:
        return Result.UNFINISHED
    winners = result.winners
    if len(winners) == len(result.totals):
        return Result.DRAWN
    return Result.WON if side in winners else Result.LOST


def player_stats(name: str, matches: Iterable[Played]) -> PlayerStats:
    """The statistics of the player ``name`` across ``matches`` (oldest first), per game and per opponent; matches
    the player is not in are left out (module docstring)."""
    key = same_name(name)
    games: dict[str, GameStats] = {}
    rivals: dict[str, Rival] = {}
    for played in matches:
        result = played.result
        match = result.match
        seat = next((seat for seat, player in enumerate(match.players) if same_name(player) == key), None)
        if seat is None:
            continue
        game = match.rules
        side = next(index for index, seats in enumerate(game.sides) if seat in seats)
        stats = games.setdefault(match.game, GameStats(match.game))
        outcome = _outcome(result, side)
        stats.played += 1
        stats.won += outcome is Result.WON
        points: Points = 0
        for deal in result.deals:
            taken = deal.score.points[side]
            points += taken
            if stats.best is None or taken > stats.best.points:
                stats.best = BestDeal(taken, played.key, deal.number)
            for undertaking in undertakings(game, deal.deal, deal.score, match.flags):
                if undertaking.side == side:
                    stats.contracts += 1
                    stats.made += undertaking.made
        stats.deals += len(result.deals)
        stats.points += points
        stats.matches.append(MatchFigures(played.key, outcome, len(result.deals), points))
        winners = set(result.winners) if outcome is not Result.DRAWN else set()
        for other_side, seats in enumerate(game.sides):
            if other_side == side:
                continue
            for other in seats:
                rival = rivals.setdefault(same_name(match.players[other]), Rival(match.players[other]))
                rival.matches += 1
                rival.won += side in winners and other_side not in winners
                rival.lost += other_side in winners and side not in winners
    ordered = sorted(rivals.values(), key=lambda rival: (-rival.matches, same_name(rival.name)))
    return PlayerStats(name=name, games=tuple(games.values()), rivals=tuple(ordered))

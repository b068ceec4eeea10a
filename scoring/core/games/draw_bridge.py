"""Draw Bridge scoring: one contract per deal, first to the target wins (RULES.md §3.6, §3.7, §5.3).

Only one player scores in a deal under every flag: the declarer for a made
contract, the opponent (or nobody) for a failed one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scoring.core.base import DealScore, Entry, Flag, Flags, Line, Outcome, Progress, RuleError
from scoring.core.fields import choice, flag_true, integer, only_fields, present, whole_number

STRAINS = ("C", "D", "H", "S", "NT")  # bidding order, lowest first (DB-1.2)
STRAIN_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠", "NT": "NT"}
MULTIPLIERS = (1, 2, 4)  # undoubled, doubled, redoubled (DB-6.1, R-DB-4)
DOUBLING_TEXT = ("", ", ×2 doubled", ", ×4 redoubled")
CONTRACT_FIELDS = ("declarer", "level", "strain", "doubled", "tricks")
ENTRY_FIELDS = frozenset(("passed_out", *CONTRACT_FIELDS))

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
            "The top card of the stock lies face up during the draw tricks, so both players see what is at stake.",
        ),
        Flag(
            LED_SUIT_WINS,
            "R-DB-1",
            "In the draw tricks following suit stays optional, but only a card of the led suit can win.",
        ),
        Flag(
            MUST_FOLLOW_PHASE1,
            "R-DB-1",
            "In the draw tricks players must follow suit, and the highest card of the led suit wins.",
        ),
        Flag(
            SUIT_BREAKS_TIES,
            "R-DB-1",
            "In the draw tricks two cards of equal rank are split by suit: spades, then hearts, diamonds, clubs.",
        ),
        Flag(
            FAIL_SCORES_NOTHING,
            "R-DB-5",
            "A failed contract scores nothing for either player.",
        ),
        Flag(
            FAIL_CONTRACT_VALUE,
            "R-DB-5",
            "When a contract fails, the opponent scores what it would have been worth if made exactly.",
        ),
        Flag(
            CONTRACT_BRIDGE_SCORING,
            "R-DB-6",
            "Deals are scored as in duplicate contract bridge, not vulnerable, with game, slam and insult bonuses.",
        ),
    )
}

# R-DB-1 offers three alternative rules for who wins a draw trick; each excludes the others:
# - led-suit-wins makes following optional, must-follow makes it compulsory;
# - with either of them an off-suit card never wins, while suit-breaks-ties would let Q♠ beat a led Q♦.
DRAW_TRICK_VARIANTS = (LED_SUIT_WINS, MUST_FOLLOW_PHASE1, SUIT_BREAKS_TIES)


@dataclass(frozen=True, slots=True)
class DrawBridgeDeal:
    """A played contract and the declarer's phase-2 tricks, or a passed-out deal (declarer None)."""

    declarer: int | None
    level: int = 0
    strain: str = ""
    doubled: int = 0
    tricks: int = 0

    @property
    def passed_out(self) -> bool:
        return self.declarer is None

    @property
    def contract(self) -> str:
        """The contract in RULES.md notation: ``4♠``, ``2♦X``, ``3NTXX``."""
        return f"{self.level}{STRAIN_SYMBOLS[self.strain]}{'X' * self.doubled}"


PASSED_OUT = DrawBridgeDeal(None)


def trick_points(strain: str, tricks: int) -> int:
    """Undoubled points for ``tricks`` tricks above six in ``strain`` (DB-6.1)."""
    if tricks <= 0:
        return 0
    if strain == "NT":
        return 40 + 30 * (tricks - 1)
    return (30 if strain in ("S", "H") else 20) * tricks


def _rate_text(strain: str, tricks: int) -> str:
    if strain == "NT":
        return "40" if tricks == 1 else f"40 + {tricks - 1} × 30"
    return f"{tricks} × {30 if strain in ('S', 'H') else 20}"


def undertrick_penalty(undertricks: int, doubled: int) -> int:
    """Non-vulnerable penalties for a failed contract (DB-6.2, R-DB-5).

    Undoubled 50 each; doubled 100, then 200 for the 2nd and 3rd, then 300 each;
    redoubled twice the doubled amount.
    """
    if doubled == 0:
        return 50 * undertricks
    doubled_penalty = 100 + 200 * min(undertricks - 1, 2) + 300 * max(undertricks - 3, 0)
    return doubled_penalty * doubled


def _penalty_text(undertricks: int, doubled: int) -> str:
    if doubled == 0:
        return f"{undertricks} × 50"
    parts = ["100"]
    if undertricks >= 2:
        parts.append("200" if undertricks == 2 else "2 × 200")
    if undertricks >= 4:
        parts.append("300" if undertricks == 4 else f"{undertricks - 3} × 300")
    return " + ".join(parts) + (", ×2 redoubled" if doubled == 2 else "")


def contract_value(deal: DrawBridgeDeal, flags: Flags) -> int:
    """What the contract scores if made exactly, with its doubling (R-DB-5's contract value)."""
    exact = DrawBridgeDeal(deal.declarer, deal.level, deal.strain, deal.doubled, 6 + deal.level)
    return sum(points for points, _rule, _text in _made_parts(exact, flags))


def _made_parts(deal: DrawBridgeDeal, flags: Flags) -> list[tuple[int, str, str]]:
    """The declarer's points for a made contract as (points, rule, text) parts."""
    multiplier = MULTIPLIERS[deal.doubled]
    doubling = DOUBLING_TEXT[deal.doubled]
    if CONTRACT_BRIDGE_SCORING not in flags:
        # DB-6.1: every trick above six at the strain's rate, overtricks included, then ×2 / ×4.
        above = deal.tricks - 6
        text = f"{deal.contract} made, {deal.tricks} tricks: {_rate_text(deal.strain, above)}{doubling}"
        return [(trick_points(deal.strain, above) * multiplier, "DB-6.1", text)]
    # R-DB-6 variant: duplicate contract-bridge scoring, not vulnerable.
    trick_score = trick_points(deal.strain, deal.level) * multiplier
    parts = [
        (trick_score, "R-DB-6", f"{deal.contract} made: tricks bid {_rate_text(deal.strain, deal.level)}{doubling}")
    ]
    overtricks = deal.tricks - 6 - deal.level
    if overtricks:
        plural = "s" if overtricks > 1 else ""
        if deal.doubled:
            each = 100 * deal.doubled
            parts.append((each * overtricks, "R-DB-6", f"{overtricks} overtrick{plural} × {each}"))
        else:
            over = trick_points(deal.strain, deal.tricks - 6) - trick_points(deal.strain, deal.level)
            parts.append((over, "R-DB-6", f"{overtricks} overtrick{plural} at trick value"))
    if trick_score >= 100:
        parts.append((300, "R-DB-6", "game bonus"))
    else:
        parts.append((50, "R-DB-6", "part-score bonus"))
    if deal.level == 6:
        parts.append((500, "R-DB-6", "small slam bonus"))
    elif deal.level == 7:
        parts.append((1000, "R-DB-6", "grand slam bonus"))
    if deal.doubled:
        parts.append((50 * deal.doubled, "R-DB-6", "insult bonus for making a doubled contract"))
    return parts


class DrawBridge:
    """Draw Bridge (RULES.md §3): two players, a draw phase, one auction and 13 tricks that count."""

    name = "draw_bridge"
    title = "Draw Bridge"
    summary = (
        "Two players: 13 draw tricks fill the hands, then an auction and 13 tricks that count; first to the target."
    )
    seats = 2
    rule_prefix = "DB"
    flags: Mapping[str, Flag] = FLAGS
    target_required = True  # R-DB-9
    suggested_target: int | None = 500  # a product choice, not a rule (R-DB-9)
    target_rule = "R-DB-9"
    dealer_rule = "DB-2.1"

    def default_target(self, flags: Flags) -> int | None:
        # R-DB-9: the players must agree a target; there is none to fall back on.
        return None

    def check_flags(self, flags: Flags) -> None:
        """Refuse flags that give two different answers to the same question (R-DB-1, R-DB-5, R-DB-6)."""
        if FAIL_SCORES_NOTHING in flags and FAIL_CONTRACT_VALUE in flags:
            raise RuleError(
                "flags",
                "R-DB-5",
                f"{FAIL_SCORES_NOTHING} and {FAIL_CONTRACT_VALUE} give a failed contract different scores; choose one",
            )
        # Duplicate scoring (R-DB-6) includes the defenders' undertrick penalties of DB-6.2; a
        # failed-contract flag would replace them, so the match would follow neither rule.
        for fail_flag in (FAIL_SCORES_NOTHING, FAIL_CONTRACT_VALUE):
            if CONTRACT_BRIDGE_SCORING in flags and fail_flag in flags:
                raise RuleError(
                    "flags",
                    "R-DB-6",
                    f"{CONTRACT_BRIDGE_SCORING} already scores failed contracts with bridge penalties, "
                    f"so it cannot be combined with {fail_flag}",
                )
        chosen = [flag for flag in DRAW_TRICK_VARIANTS if flag in flags]
        if len(chosen) > 1:
            raise RuleError(
                "flags",
                "R-DB-1",
                f"{' and '.join(chosen)} are different rules for who wins a draw trick; choose one",
            )

    def parse_deal(self, entry: Entry, flags: Flags) -> DrawBridgeDeal:
        """Read ``{"declarer", "level", "strain", "doubled", "tricks"}`` or ``{"passed_out": true}`` (DB-6.3)."""
        entry = only_fields(entry, ENTRY_FIELDS)
        if flag_true(entry, "passed_out"):
            for field in CONTRACT_FIELDS:
                if field in entry:
                    raise RuleError(field, "DB-4.3", f"a passed-out deal has no contract, so it cannot give {field}")
            return PASSED_OUT
        declarer = integer(entry, "declarer", 0, 1, "DB-1.1")
        level = whole_number(present(entry, "level"), "level")
        if not 1 <= level <= 7:
            why = "there is no level-0 bid" if level == 0 else f"not {level}"
            raise RuleError("level", "DB-4.1", f"level must be from 1 (1♣) to 7 (7NT); {why}")
        strain = choice(entry, "strain", STRAINS, "DB-1.2")
        doubled = integer(entry, "doubled", 0, 2, "DB-4.2")
        tricks = integer(entry, "tricks", 0, 13, "DB-6.3")
        return DrawBridgeDeal(declarer, level, strain, doubled, tricks)

    def score_deal(self, deal: DrawBridgeDeal, dealer: int, flags: Flags, held_over: int) -> DealScore:
        """Score one deal: DB-6.1 (made), DB-6.2 / R-DB-5 (failed), DB-4.3 (passed out), R-DB-6 (bridge scoring)."""
        declarer = deal.declarer
        if declarer is None:
            return DealScore((0, 0), (Line(dealer, 0, "DB-4.3", "passed out: no score"),))
        needed = 6 + deal.level
        if deal.tricks >= needed:
            parts = _made_parts(deal, flags)
            total = sum(points for points, _rule, _text in parts)
            lines = tuple(Line(declarer, points, rule, text) for points, rule, text in parts)
            return DealScore((total, 0) if declarer == 0 else (0, total), lines)
        seat, points, rule, text = self._failed(deal, declarer, needed - deal.tricks, flags)
        return DealScore((points, 0) if seat == 0 else (0, points), (Line(seat, points, rule, text),))

    def _failed(self, deal: DrawBridgeDeal, declarer: int, undertricks: int, flags: Flags) -> tuple[int, int, str, str]:
        """Who scores what for a failed contract: (seat, points, rule, text). The declarer always scores 0."""
        down = f"{deal.contract} down {undertricks}"
        if FAIL_SCORES_NOTHING in flags:
            return declarer, 0, "R-DB-5", f"{down}: no score for either player"
        if FAIL_CONTRACT_VALUE in flags:
            return 1 - declarer, contract_value(deal, flags), "R-DB-5", f"{down}: the contract's value"
        # DB-6.2 (also under db_contract_bridge_scoring, whose penalties are the same non-vulnerable table).
        penalty = undertrick_penalty(undertricks, deal.doubled)
        return 1 - declarer, penalty, "DB-6.2", f"{down}: {_penalty_text(undertricks, deal.doubled)}"

    def next_dealer(self, dealer: int, deal: DrawBridgeDeal, flags: Flags) -> int:
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
            verb = "reached" if totals[seat] == target else "passed"
            return Outcome((seat,), "DB-7.1", f"{progress.players[seat]} {verb} {target} first")
        if totals[0] == totals[1]:
            return None  # R-DB-10: equal totals past the target mean another deal
        winner = 0 if totals[0] > totals[1] else 1
        return Outcome(
            (winner,),
            "R-DB-10",
            f"both passed {target} in deal {progress.deals_played}; {progress.players[winner]} has the higher total",
        )

    def stage(self, progress: Progress, flags: Flags) -> str:
        label = f"Deal {progress.deals_played + 1}"
        target = progress.target
        if target is None:
            return label
        if all(total >= target for total in progress.totals):
            return f"{label} · Target {target} · tied past the target (R-DB-10)"
        return f"{label} · Target {target}"

    def describe(self, deal: DrawBridgeDeal, players: tuple[str, ...]) -> str:
        if deal.declarer is None:
            return "passed out"
        return f"{deal.contract} by {players[deal.declarer]}, {deal.tricks} tricks"

    def to_entry(self, deal: DrawBridgeDeal) -> dict[str, Any]:
        if deal.declarer is None:
            return {"passed_out": True}
        return {
            "declarer": deal.declarer,
            "level": deal.level,
            "strain": deal.strain,
            "doubled": deal.doubled,
            "tricks": deal.tricks,
        }


GAME = DrawBridge()

"""The verdict as readable text, for `manage.py referee` and anything else that prints."""

from __future__ import annotations

from referee.core.verdict import Verdict


def text_verdict(verdict: Verdict, players: tuple[str, ...], sides: tuple[str, ...] | None = None) -> str:
    """The verdict in lines of text. ``sides`` names the sides the score's points are for (`side_names`); by
    default each player is a side."""
    lines = []
    if verdict.legal:
        lines.append("No rule was broken." if verdict.complete else "No rule broken so far.")
    else:
        lines.append(f"{len(verdict.violations)} rule(s) broken:")
        for violation in verdict.violations:
            where = f"trick {violation.trick}, " if violation.trick else ""
            # The message never cites its rule (referee.core.verdict.Violation): the rule follows it, once.
            lines.append(
                f"  event {violation.event} ({where}{players[violation.seat]}): {violation.message} ({violation.rule})"
            )
    for trick in verdict.tricks:
        cards = ", ".join(f"{players[seat]} {card.label}" for seat, card in trick.plays)
        winner = f" -> {players[trick.winner]}" if trick.winner is not None else " (unfinished)"
        phase = "" if trick.counts else " [draw trick]"
        reason = f": {trick.reason}" if trick.reason else ""
        lines.append(f"Trick {trick.number}{phase}: {cards}{winner}{reason}")
    lines.append(
        "Tricks won: " + ", ".join(f"{name} {won}" for name, won in zip(players, verdict.tricks_won, strict=True))
    )
    if verdict.card_points is not None:
        # Card points are per side, as a score's points are (a side of one seat is named by its player).
        points = zip(sides or players, verdict.card_points, strict=True)
        lines.append("Card points: " + ", ".join(f"{name} {value}" for name, value in points))
    for note in verdict.notes:
        lines.append(f"Note: {note}")
    if verdict.score is not None:
        lines.append("Deal entry: " + str(verdict.deal_entry))
        points = zip(sides or players, verdict.score.points, strict=True)
        lines.append("Score: " + ", ".join(f"{name} {value}" for name, value in points))
    elif verdict.next_turn is not None:
        lines.append(f"Next: {verdict.next_turn.prompt}")
    return "\n".join(lines)

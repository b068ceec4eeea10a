"""The verdict as readable text, for `manage.py referee` and anything else that prints."""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from referee.core.verdict import Verdict
from referee.templatetags.cards import card_name


def _listed(pairs: Iterable[tuple[str, object]]) -> str:
    return ", ".join(f"{name} {value}" for name, value in pairs)


def text_verdict(verdict: Verdict, players: tuple[str, ...], sides: tuple[str, ...] | None = None) -> str:
    """The verdict in lines of text, in the active language. ``sides`` names the sides the score's points are
    for (`side_names`); by default each player is a side."""
    lines = []
    if verdict.legal:
        lines.append(_("No rule was broken.") if verdict.complete else _("No rule broken so far."))
    else:
        count = len(verdict.violations)
        # English says "rule(s)" whatever the count, as it always has.
        lines.append(ngettext("%(count)s rule(s) broken:", "%(count)s rule(s) broken:", count) % {"count": count})
        for violation in verdict.violations:
            values = {
                "event": violation.event,
                "trick": violation.trick,
                "player": players[violation.seat],
                "message": violation.message,
                "rule": violation.rule,
            }
            # The message never cites its rule (referee.core.verdict.Violation): the rule follows it, once.
            if violation.trick:
                line = _("event %(event)s (trick %(trick)s, %(player)s): %(message)s (%(rule)s)") % values
            else:
                line = _("event %(event)s (%(player)s): %(message)s (%(rule)s)") % values
            lines.append("  " + line)
    for trick in verdict.tricks:
        cards = ", ".join(f"{players[seat]} {card_name(card)}" for seat, card in trick.plays)
        if trick.counts:
            head = _("Trick %(number)s") % {"number": trick.number}
        else:
            head = _("Trick %(number)s [draw trick]") % {"number": trick.number}
        winner = f" -> {players[trick.winner]}" if trick.winner is not None else " " + _("(unfinished)")
        reason = f": {trick.reason}" if trick.reason else ""
        lines.append(f"{head}: {cards}{winner}{reason}")
    won = zip(players, verdict.tricks_won, strict=True)
    lines.append(_("Tricks won: %(list)s") % {"list": _listed(won)})
    if verdict.card_points is not None:
        # Card points are per side, as a score's points are (a side of one seat is named by its player).
        points = zip(sides or players, verdict.card_points, strict=True)
        lines.append(_("Card points: %(list)s") % {"list": _listed(points)})
    for note in verdict.notes:
        lines.append(_("Note: %(note)s") % {"note": note})
    if verdict.score is not None:
        lines.append(_("Deal entry: %(entry)s") % {"entry": verdict.deal_entry})
        points = zip(sides or players, verdict.score.points, strict=True)
        lines.append(_("Score: %(list)s") % {"list": _listed(points)})
    elif verdict.next_turn is not None:
        lines.append(_("Next: %(prompt)s") % {"prompt": verdict.next_turn.prompt})
    return "\n".join(lines)

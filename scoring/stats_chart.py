"""The charts of a player's statistics as inline SVG, as the report's chart is drawn (reports/chart.py): no
JavaScript, a narrow viewBox with large type for a 390 px phone, text in ``currentColor`` so that it reads in the light
and the dark theme, and a summary in words for the text alternative.

- `won_chart`: per game, a bar of the matches played and over it a bar of those won;
- `per_deal_chart`: one game's points per deal, match by match, oldest first (a column each, from a zero line).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.utils.translation import gettext as _

from scoring.core.games import GAMES
from scoring.sheet import points_text
from scoring.stats import GameStats, PlayerStats

WIDTH = 400
FONT_SIZE = 16
ROW = 50  # a game's label and its bar
BAR = 18
# The most matches a points-per-deal chart shows: the latest ones, so that a column stays wide enough to see.
MOST_COLUMNS = 30


@dataclass(frozen=True, slots=True)
class Bar:
    label: str
    label_y: int
    bar_y: int
    played_width: float
    won_width: float


@dataclass(frozen=True, slots=True)
class BarChart:
    width: int
    height: int
    bars: tuple[Bar, ...]
    bar_height: int
    summary: str
    font_size: int = FONT_SIZE


def won_chart(stats: PlayerStats) -> BarChart:
    """Per game, the matches played (an outlined bar) and won (a solid bar in it), to the scale of the most played."""
    most = max(game.played for game in stats.games)
    bars = []
    words = []
    for row, figures in enumerate(stats.games):
        title = GAMES[figures.game].title
        label = _("%(game)s: %(won)s of %(played)s won") % {
            "game": title,
            "won": figures.won,
            "played": figures.played,
        }
        words.append(label)
        top = row * ROW
        bars.append(
            Bar(
                label=label,
                label_y=top + FONT_SIZE,
                bar_y=top + FONT_SIZE + 8,
                played_width=round((WIDTH - 1.5) * figures.played / most, 1),  # inside its 1.5-unit outline
                won_width=round(WIDTH * figures.won / most, 1),
            )
        )
    summary = _("Matches won of those played, per game: %(games)s.") % {"games": "; ".join(words)}
    return BarChart(WIDTH, ROW * len(bars), tuple(bars), BAR, summary)


@dataclass(frozen=True, slots=True)
class Column:
    x: float
    y: float
    width: float
    height: float
    label: str  # the match's number in the chart, 1 the oldest shown


@dataclass(frozen=True, slots=True)
class ColumnChart:
    width: int
    height: int
    columns: tuple[Column, ...]
    zero_y: float
    top_label: str
    bottom_label: str
    summary: str
    font_size: int = FONT_SIZE


CHART_HEIGHT = 180
LEFT, TOP, BOTTOM = 64, 10, 26


def per_deal_chart(figures: GameStats) -> ColumnChart:
    """The points per deal of each match of one game, oldest first (the latest MOST_COLUMNS), as columns from zero."""
    shown = [match for match in figures.matches if match.per_deal is not None][-MOST_COLUMNS:]
    values = [Decimal(match.per_deal or 0) for match in shown]
    high = max([Decimal(0), *values])
    low = min([Decimal(0), *values])
    span = (high - low) or Decimal(1)
    plot_h = CHART_HEIGHT - TOP - BOTTOM
    plot_w = WIDTH - LEFT

    def y_at(value: Decimal) -> float:
        return round(TOP + float((high - value) / span) * plot_h, 1)

    step = plot_w / max(len(shown), 1)
    zero = y_at(Decimal(0))
    columns = []
    for index, value in enumerate(values):
        top = y_at(value)
        columns.append(
            Column(
                x=round(LEFT + index * step + step * 0.15, 1),
                y=min(top, zero),
                width=round(step * 0.7, 1),
                height=round(abs(zero - top), 1),
                label=str(index + 1),
            )
        )
    title = GAMES[figures.game].title
    summary = _("Points per deal in each match of %(game)s, oldest first: %(values)s.") % {
        "game": title,
        "values": ", ".join(points_text(value) for value in values),
    }
    return ColumnChart(
        WIDTH, CHART_HEIGHT, tuple(columns), zero, points_text(high), points_text(low), summary, FONT_SIZE
    )

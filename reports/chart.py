"""The running-totals chart as inline SVG: no JavaScript, crisp in print.

Each player's line has its own dash pattern and marker shape as well as its own
colour, so the chart reads in black and white too.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.utils.translation import ngettext

from scoring.core.base import Points
from scoring.sheet import points_text

# A narrow viewBox with large type: drawn 326 px wide on a 390 px phone and 110 mm wide in the PDF,
# FONT_SIZE units are still at least 9 pt there (static/css/report.css sizes the chart).
WIDTH, HEIGHT = 400, 200
LEFT, RIGHT, TOP, BOTTOM = 72, 12, 12, 46
FONT_SIZE = 16
# At most this many deal numbers on the x axis, so that three-digit ones do not run into each other.
MAX_X_TICKS = 8
COLOURS = ("#1565c0", "#c62828", "#2e7d32", "#6a1b9a")
DASHES = ("", "6 4", "2 3", "10 3 2 3")
MARKERS = ("circle", "square", "triangle", "diamond")
# Markers tell the lines apart in black and white; past this many per line they only merge into a
# thick band and cost the page and the PDF (2,000 paths at 500 deals), so a long match marks every
# few deals and the last one.
MAX_MARKERS = 50


@dataclass(frozen=True, slots=True)
class Series:
    name: str
    colour: str
    dash: str
    line: str  # SVG path of the running total
    markers: str  # SVG path of one marker per deal, in this player's shape
    legend_marker: str  # the same shape, placed in the legend


@dataclass(frozen=True, slots=True)
class Chart:
    width: int
    height: int
    series: list[Series]
    x_ticks: list[tuple[float, str]]
    y_ticks: list[tuple[float, str]]
    plot_left: int
    plot_right: int
    plot_top: int
    plot_bottom: int
    summary: str
    font_size: int = FONT_SIZE

    @property
    def middle_y(self) -> float:
        return (self.plot_top + self.plot_bottom) / 2

    @property
    def x_label_y(self) -> int:
        """The baseline of the deal numbers, a line below the x axis."""
        return self.plot_bottom + self.font_size + 4


def _nice_step(span: float) -> float:
    raw = span / 5 or 1
    magnitude = 10 ** (len(str(int(raw))) - 1)
    for factor in (1, 2, 5, 10):
        if raw <= factor * magnitude:
            return float(factor * magnitude)
    return float(10 * magnitude)


def marker_path(shape: str, x: float, y: float, size: float = 4) -> str:
    if shape == "square":
        return f"M{x - size},{y - size}h{2 * size}v{2 * size}h{-2 * size}z"
    if shape == "triangle":
        return f"M{x},{y - size - 1}L{x + size + 1},{y + size}L{x - size - 1},{y + size}z"
    if shape == "diamond":
        return f"M{x},{y - size - 1}L{x + size + 1},{y}L{x},{y + size + 1}L{x - size - 1},{y}z"
    return f"M{x - size},{y}a{size},{size} 0 1,0 {2 * size},0a{size},{size} 0 1,0 {-2 * size},0"


def running_totals_chart(players: list[str], totals_by_deal: list[tuple[Points, ...]]) -> Chart:
    """Lay out the chart: deal 0 (all zero) to the last deal, totals on the y axis."""
    rows: list[tuple[Points, ...]] = [tuple(0 for _ in players), *totals_by_deal]
    values = [float(Decimal(value)) for row in rows for value in row]
    low, high = min(0.0, *values), max(0.0, *values)
    step = _nice_step(high - low)
    low = step * (low // step)
    high = step * -(-high // step) if high > low else low + step
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    last = max(len(rows) - 1, 1)

    def x_at(deal: int) -> float:
        return round(LEFT + plot_w * deal / last, 1)

    def y_at(value: float) -> float:
        return round(TOP + plot_h * (high - value) / (high - low), 1)

    stride = -(-(len(rows) - 1) // MAX_MARKERS) or 1
    marked = sorted({*range(stride, len(rows), stride), len(rows) - 1} - {0})
    series = []
    for seat, name in enumerate(players):
        points = [(x_at(deal), y_at(float(Decimal(row[seat])))) for deal, row in enumerate(rows)]
        series.append(
            Series(
                name=name,
                colour=COLOURS[seat],
                dash=DASHES[seat],
                line="M" + "L".join(f"{x},{y}" for x, y in points),
                markers="".join(marker_path(MARKERS[seat], *points[deal]) for deal in marked),
                legend_marker=marker_path(MARKERS[seat], 20, 10),
            )
        )
    every = max(1, -(-(len(rows) - 1) // MAX_X_TICKS))
    x_ticks = [(x_at(deal), str(deal)) for deal in range(0, len(rows), every)]
    y_ticks = []
    value = low
    while value <= high + step / 2:
        y_ticks.append((y_at(value), points_text(int(value) if value.is_integer() else Decimal(f"{value:g}"))))
        value += step
    final = ", ".join(f"{name} {points_text(rows[-1][seat])}" for seat, name in enumerate(players))
    count = len(rows) - 1
    summary = ngettext(
        "Running totals over %(count)s deal; final totals: %(totals)s.",
        "Running totals over %(count)s deals; final totals: %(totals)s.",
        count,
    ) % {"count": count, "totals": final}

    return Chart(WIDTH, HEIGHT, series, x_ticks, y_ticks, LEFT, WIDTH - RIGHT, TOP, HEIGHT - BOTTOM, summary)

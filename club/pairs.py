"""A duplicate pairs session, worked out from its stored facts by the pure core (club/core/duplicate/,
docs/rules/duplicate.md): its movement, each board's traveller with every line's matchpoints or IMPs, and the
standings, as the pages, the CSV and the tests read them."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.utils.crypto import salted_hmac
from django.utils.translation import pgettext

from club.core.duplicate import boards
from club.core.duplicate.imps import butler, cross_imps
from club.core.duplicate.matchpoints import matchpoints
from club.core.duplicate.movements import Movement, Table, movement
from club.core.duplicate.standings import Scoring, Standing, standings
from club.core.duplicate.travellers import Line, Result, Traveller, travellers
from club.models import PairsSession
from reports.sheet import csv_cell
from scoring.core.contract import BOOK, contract_entry, seat_letters


def session_movement(session: PairsSession) -> Movement:
    return movement(session.tables, session.boards_per_round, frozenset(session.flags))


def stored(entry: dict[str, Any]) -> Result:
    """A stored result read again: an artificial score (DP-3.2), ``{"adjusted": ["AVERAGE_PLUS", "AVERAGE_MINUS"]}``,
    or a contract entry read by the core (DP-1.4)."""
    if "adjusted" in entry:
        ns, ew = entry["adjusted"]
        return boards.Artificial(boards.Adjusted[ns], boards.Adjusted[ew])
    return boards.read_result(entry)


def entry_of(result: Result) -> dict[str, Any]:
    """What is stored of a result (`stored` reads it back)."""
    if isinstance(result, boards.Artificial):
        return {"adjusted": [result.ns.name, result.ew.name]}
    return contract_entry(result)


def results(session: PairsSession) -> dict[tuple[int, int], Result]:
    """Every stored result, keyed by (board, table)."""
    return {(r.board, r.table): stored(r.entry) for r in session.results.all()}


def seated(session: PairsSession, round_: int, table: int) -> Table | None:
    """The table ``table`` of round ``round_``, or None when the movement has no such round or table."""
    rounds = session_movement(session).rounds
    if not 1 <= round_ <= len(rounds):
        return None
    return next((t for t in rounds[round_ - 1] if t.table == table), None)


MARKS = {adjusted: mark for mark, adjusted in boards.ADJUSTED_MARKS.items()}  # A+, A, A-


def _adjusted(result: boards.Artificial) -> str:
    """An artificial score as the director writes it: ``A+/A-``."""
    return f"{MARKS[result.ns]}/{MARKS[result.ew]}"


def written(result: Result | None) -> str:
    """A result as a traveller writes it: ``4♠X S −1``, ``pass``, ``A+/A-``; empty when not entered."""
    if result is None:
        return ""
    if isinstance(result, boards.Artificial):
        return _adjusted(result)
    if result.declarer is None:
        return pgettext("a board passed out", "pass")
    over = result.tricks - BOOK - result.level
    said = "=" if over == 0 else f"+{over}" if over > 0 else f"\u2212{-over}"
    return f"{result.contract} {seat_letters()[result.declarer]} {said}"


def figure(value: Fraction | None, signed: bool = False) -> str:
    """A fraction shown to two places (a third as 0.33); signed for IMPs (+2.00, −1.50)."""
    if value is None:
        return ""
    text = f"{float(value):+.2f}" if signed else f"{float(value):.2f}"
    return text.replace("-", "\u2212")


@dataclass(frozen=True, slots=True)
class TravellerLine:
    line: Line
    ns_name: str
    ew_name: str
    written: str
    ns_score: str  # the N-S score, or empty
    ns: str  # N-S's matchpoints or IMPs on the board
    ew: str


@dataclass(frozen=True, slots=True)
class Row:
    standing: Standing
    name: str
    figure: str  # the percentage or the IMPs
    points: str  # the matchpoints (empty at IMPs)


@dataclass(frozen=True, slots=True)
class Sheet:
    """Everything a page shows of a session."""

    movement: Movement
    scoring: Scoring
    travellers: dict[int, list[TravellerLine]]
    fields: tuple[tuple[Row, ...], ...]
    names: dict[int, str]

    @property
    def imps(self) -> bool:
        return self.scoring is not Scoring.MATCHPOINTS


def _figures(traveller: Traveller, scoring: Scoring, flags: frozenset[str]) -> list[tuple[str, str]]:
    """Each entered line's figures, in the order of the lines (DP-4, DP-5)."""
    scores = traveller.scores
    if scoring is Scoring.MATCHPOINTS:
        return [(figure(m.ns), figure(m.ew)) for m in matchpoints(scores, traveller.expected, flags)]
    imps = butler(scores, flags) if scoring is Scoring.BUTLER else cross_imps(scores)
    return [(figure(i.ns, True), figure(i.ew, True)) for i in imps]


def sheet(session: PairsSession) -> Sheet:
    moves = session_movement(session)
    scoring = Scoring(session.scoring)
    flags = frozenset(session.flags)
    names = {number: name for number, name in enumerate(session.pairs, start=1)}
    found = travellers(moves, results(session))
    lines: dict[int, list[TravellerLine]] = {}
    for board, traveller in found.items():
        figures = iter(_figures(traveller, scoring, flags))
        lines[board] = []
        for line in traveller.lines:
            ns, ew = next(figures) if line.score is not None else ("", "")
            score = str(line.score).replace("-", "\u2212") if isinstance(line.score, int) else ""
            lines[board].append(
                TravellerLine(line, names[line.ns], names[line.ew], written(line.result), score, ns, ew)
            )
    fields = tuple(
        tuple(
            Row(
                s,
                names[s.pair],
                figure(s.percent) if scoring is Scoring.MATCHPOINTS else figure(s.points, True),
                figure(s.points) if scoring is Scoring.MATCHPOINTS else "",
            )
            for s in field
        )
        for field in standings(moves, found, scoring, flags)
    )
    return Sheet(moves, scoring, lines, fields, names)


def initial(result: Result) -> dict[str, str]:
    """A stored result as the entry form shows it again: ``4SX``, the declarer, the result; ``A+/A-``."""
    if isinstance(result, boards.Artificial):
        return {"contract": _adjusted(result)}
    if result.declarer is None:
        return {"contract": "pass"}
    over = result.tricks - BOOK - result.level
    text = f"{result.level}{result.strain.value}{result.doubled.mark}"
    return {"contract": text, "declarer": str(result.declarer), "result": str(over)}


def csv_text(session: PairsSession) -> str:
    """The standings, each field after a heading row, then every traveller's lines; numbers stay numbers, every
    text goes through `csv_cell`."""
    state = sheet(session)
    buffer = io.StringIO()
    writer = csv.writer(buffer)

    def row(*cells: Any) -> None:
        writer.writerow([csv_cell(cell) for cell in cells])

    measure = pgettext("CSV heading", "IMPs") if state.imps else pgettext("CSV heading", "percent")
    for field in state.fields:
        row(
            pgettext("CSV heading", "place"),
            pgettext("CSV heading", "pair"),
            pgettext("CSV heading", "names"),
            pgettext("CSV heading", "boards"),
            measure,
        )
        for r in field:
            row(r.standing.rank, r.standing.pair, r.name, r.standing.boards, r.figure)
        row()
    row(
        pgettext("CSV heading", "board"),
        pgettext("CSV heading", "round"),
        pgettext("CSV heading", "table"),
        pgettext("CSV heading", "N-S"),
        pgettext("CSV heading", "E-W"),
        pgettext("CSV heading", "result"),
        pgettext("CSV heading", "N-S score"),
        pgettext("CSV heading", "N-S points"),
        pgettext("CSV heading", "E-W points"),
    )
    for board, lines in state.travellers.items():
        for t in lines:
            row(board, t.line.round, t.line.table, t.line.ns, t.line.ew, t.written, t.ns_score, t.ns, t.ew)
    return buffer.getvalue()


def table_key(session: PairsSession, table: int) -> str:
    """The key in table ``table``'s link: it lets a phone enter that table's results, and no other table's."""
    return salted_hmac("trickbook.club.pairs_table", f"{session.token}:{table}").hexdigest()[:20]

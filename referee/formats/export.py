"""Writing PBN: a hand record with its verdict (one board), and a match of the game PBN holds (one board a deal).

A hand record becomes a board of PBN 2.1: the tags of the export format (Event, Site, Date, Board, the four
players, Dealer, Vulnerable, Deal, Scoring, Declarer, Contract, Result), then the Auction and the Play, each
row of the Play one trick with each seat's card in its own column, from the seat that led to the first trick.
Every event the referee flagged gets a note (PBN 2.1's ``=1=`` after the call or card, and its ``[Note
"1:..."]`` after the section), saying the rule and what happened. What the record's ``source`` kept (the
event, the vulnerability, a claim) is written back, so a board read from a file comes out as it went in.

PBN's Play section has one column per seat, in turn: a card played out of turn, or a second card from one
hand in a trick, has no column of its own. Such a card is left out of the table and said in its note.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from endplay.types import Bid, Contract, Player

from referee.core.calls import parse_call
from referee.core.verdict import RecordError, Verdict
from referee.formats.boards import SEAT_LETTERS
from scoring.core.base import deal_state, scoring_form
from scoring.core.match import MatchResult
from vocabulary.cards import parse_card

PBN_SEATS = {"West": 3, "North": 0, "East": 1, "South": 2}  # the export format's order of the player tags
CALL_WORDS = {"pass": "Pass", "double": "X", "redouble": "XX"}
VULNERABLE_VALUES = ("None", "NS", "EW", "All")


def value(text: Any) -> str:
    """A tag value PBN can hold: one line, no double quote (which would end it), no backslash."""
    return " ".join(str(text).split()).replace('"', "'").replace("\\", "/")


def tag(name: str, text: Any) -> str:
    return f'[{name} "{value(text)}"]'


def deal_value(hands: Sequence[Sequence[str]], first: int) -> str:
    """The hands as PBN's Deal: ``N:AK3.QJ2.T98.7654 ...``, clockwise from seat ``first``."""
    written = []
    for offset in range(4):
        cards = [parse_card(code) for code in hands[(first + offset) % 4]]
        suits = []
        for suit in "SHDC":
            ranks = sorted((card for card in cards if card.suit == suit), key=lambda card: -card.rank_value)
            suits.append("".join(card.rank for card in ranks))
        written.append(".".join(suits))
    return f"{SEAT_LETTERS[first]}:" + " ".join(written)


def _call_token(call: Any) -> str:
    parsed = parse_call(call)
    return CALL_WORDS.get(parsed.word) or parsed.code


def _card_token(code: Any) -> str:
    card = parse_card(code)
    return card.suit + card.rank


def contract_text(entry: dict[str, Any]) -> str:
    """A deal entry's contract as PBN writes it: ``4SX``, ``3NT``; ``Pass`` for a deal passed out."""
    if entry.get("passed_out"):
        return "Pass"
    doubled = entry.get("doubled", 0)
    return f"{entry['level']}{entry['strain']}" + ("", "X", "XX")[doubled if doubled in (0, 1, 2) else 0]


def _auction_contract(record: dict[str, Any]) -> tuple[str, int | None]:
    """For a deal not over, the contract its auction reached (endplay's reading of a finished auction)."""
    calls = [event["call"] for event in record["events"] if event.get("type") == "call"]
    plays = any(event.get("type") == "play" for event in record["events"])
    if not calls or not plays:
        return "", None
    try:
        bids = [Bid(_call_token(call)) for call in calls]
        contract = Contract.from_auction(Player(record["dealer"]), bids)
    except (RecordError, ValueError, IndexError, TypeError, AttributeError):
        return "", None
    if contract.is_passout():
        return "Pass", None
    strain = "NT" if int(contract.denom) == 4 else "SHDC"[int(contract.denom)]
    penalty = {1: "", 2: "X", 4: "XX"}[int(contract.penalty)]
    return f"{contract.level}{strain}{penalty}", int(contract.declarer)


class _Notes:
    """PBN 2.1's notes, numbered from 1 across the board: ``=1=`` where they apply, ``[Note "1:..."]`` after."""

    def __init__(self) -> None:
        self.texts: list[str] = []

    def add(self, text: str) -> str:
        self.texts.append(text)
        return f"={len(self.texts)}="

    def tags(self, start: int) -> list[str]:
        return [tag("Note", f"{number}:{text}") for number, text in enumerate(self.texts[start:], start=start + 1)]


def hand_pbn(record: dict[str, Any], verdict: Verdict, *, board: int | None = None, event: str = "") -> str:
    """One board of PBN 2.1 for a hand record of the game PBN holds, with a note on each flagged event."""
    lines = ["% PBN 2.1", "% EXPORT", "% Creator: Trickbook"]
    lines.extend(board_lines(record, verdict, board=board, event=event))
    return "\r\n".join(lines) + "\r\n"


def board_lines(record: dict[str, Any], verdict: Verdict, *, board: int | None = None, event: str = "") -> list[str]:
    source = record.get("source") if isinstance(record.get("source"), dict) else {}
    players = record["players"]
    dealer = record["dealer"]
    entry = verdict.deal_entry
    if entry:
        contract = contract_text(entry)
        declarer = None if entry.get("passed_out") else entry["declarer"]
        result: Any = "" if entry.get("passed_out") else entry["tricks"]
    else:
        contract, declarer = _auction_contract(record)
        stated, seat = source.get("contract"), source.get("declarer")
        if not contract and isinstance(stated, str) and stated:
            contract = stated[:12]
            declarer = seat if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < 4 else None
        result = source.get("result", "?") if source.get("claimed") else "?"
    number = board or source.get("board") or 1
    vulnerable = source.get("vulnerable") if source.get("vulnerable") in VULNERABLE_VALUES else "None"
    lines = [
        tag("Event", event or source.get("event") or "?"),
        tag("Site", source.get("site") or "?"),
        tag("Date", source.get("date") or "?"),
        tag("Board", number),
        *(tag(name, players[seat]) for name, seat in PBN_SEATS.items()),
        tag("Dealer", SEAT_LETTERS[dealer]),
        tag("Vulnerable", vulnerable),
        tag("Deal", deal_value(record["hands"], dealer)),
        tag("Scoring", source.get("scoring") or "?"),
        tag("Declarer", SEAT_LETTERS[declarer] if isinstance(declarer, int) else ("" if contract == "Pass" else "?")),
        tag("Contract", contract or "?"),
        tag("Result", result),
    ]
    return lines + sections(record, verdict, contract=contract, claimed=bool(source.get("claimed")))


def sections(record: dict[str, Any], verdict: Verdict, *, contract: str, claimed: bool = False) -> list[str]:
    """The Auction and the Play of a hand record, with a PBN 2.1 note on each event the referee flagged; the
    Play only under a contract (which PBN needs to tell each trick's winner)."""
    lines: list[str] = []
    dealer = record["dealer"]
    flagged = {violation.event: violation for violation in verdict.violations}
    notes = _Notes()
    calls = [(number, event) for number, event in enumerate(record["events"], start=1) if event.get("type") == "call"]
    if calls:
        lines.append(tag("Auction", SEAT_LETTERS[dealer]))
        tokens = []
        for number, event in calls:
            tokens.append(_call_token(event["call"]))
            if number in flagged:
                tokens.append(notes.add(_note(flagged[number])))
        lines.extend(_rows(tokens, marks=True))
        lines.extend(notes.tags(0))
    if verdict.tricks and contract and contract != "Pass":
        noted = len(notes.texts)
        first = verdict.tricks[0].leader
        lines.append(tag("Play", SEAT_LETTERS[first]))
        play_numbers = [number for number, event in enumerate(record["events"], start=1) if event.get("type") == "play"]
        at = 0
        for trick in verdict.tricks:
            row: list[list[str]] = [["-"] for _ in range(4)]
            for seat, card in trick.plays:
                event_number = play_numbers[at] if at < len(play_numbers) else 0
                at += 1
                column = (seat - first) % 4
                if row[column] != ["-"]:  # a second card of one hand in this trick: PBN has no column for it
                    violation = flagged.get(event_number)
                    text = _note(violation) if violation else f"{SEAT_LETTERS[seat]} {card.code}"
                    row[(column + 1) % 4].append(notes.add(text))
                    continue
                row[column] = [card.suit + card.rank]
                if event_number in flagged:
                    row[column].append(notes.add(_note(flagged[event_number])))
            lines.append(" ".join(" ".join(cell) for cell in row))
        if claimed and not verdict.complete:
            lines.append("*")
        lines.extend(notes.tags(noted))
    return lines


def _note(violation: Any) -> str:
    return f"{violation.rule}: {violation.message}"


def _rows(tokens: list[str], *, marks: bool) -> list[str]:
    """Tokens four calls to a row, a note's ``=n=`` kept with the call before it."""
    rows: list[list[str]] = []
    count = 0
    for token in tokens:
        if marks and token.startswith("=") and rows:
            rows[-1].append(token)
            continue
        if count % 4 == 0:
            rows.append([])
        rows[-1].append(token)
        count += 1
    return [" ".join(row) for row in rows]


def _vulnerable(values: Any) -> str:
    """The JSON sheet's ``vulnerable`` ([N-S, E-W]) as PBN's Vulnerable."""
    if not isinstance(values, list | tuple) or len(values) != 2:
        return "?"
    return VULNERABLE_VALUES[bool(values[0]) + 2 * bool(values[1])]  # None, NS, EW, All


def match_pbn(
    result: MatchResult,
    *,
    name: str,
    date: str = "?",
    hands: Mapping[int, tuple[dict[str, Any], Verdict]] | None = None,
) -> str:
    """A match of the game PBN holds as PBN 2.1, one board a deal in play order: its dealer and vulnerability,
    the contract, declarer and result, then the deal's score (``Score``, N-S's points less E-W's: ``NS 420``,
    ``NS -100``) and the match's totals after it (``ScoreRubber`` or ``ScoreChicago``, by the match's form:
    ``NS 620 EW 100``). A match keeps no hands, so a deal has no Deal tag (the file is PBN's import format,
    which every reader of PBN takes), unless ``hands`` holds the refereed hand of its number (a hand record
    and its verdict) with the deal's very result: then its Deal, Auction and Play follow, with a note on each
    event the referee flagged."""
    game = result.match.rules
    flags = result.match.flags
    players = result.match.players
    form = scoring_form(game, flags) or ""
    lines = ["% PBN 2.1", "% Creator: Trickbook"]
    before: Any = None
    for deal in result.deals:
        entry = game.to_entry(deal.deal)
        state = deal_state(game, deal.deal, deal.score, flags, dealer=deal.dealer, before=before)
        before = deal.score.carry
        passed_out = bool(entry.get("passed_out"))
        declarer = entry.get("declarer")
        ns, ew = (int(points) for points in deal.score.points)
        total_ns, total_ew = (int(points) for points in deal.totals)
        if lines[-1]:
            lines.append("")
        lines.extend(
            [
                tag("Event", name),
                tag("Site", "?"),
                tag("Date", date),
                tag("Board", deal.number),
                *(tag(seat_name, players[seat]) for seat_name, seat in PBN_SEATS.items()),
                tag("Dealer", SEAT_LETTERS[deal.dealer]),
                tag("Vulnerable", _vulnerable(state.values.get("vulnerable"))),
                tag("Scoring", form.capitalize() or "?"),
                tag("Declarer", "" if passed_out or not isinstance(declarer, int) else SEAT_LETTERS[declarer]),
                tag("Contract", contract_text(entry)),
                tag("Result", "" if passed_out else entry.get("tricks", "?")),
                tag("Score", f"NS {ns - ew}"),
            ]
        )
        if form:
            lines.append(tag(f"Score{form.capitalize()}", f"NS {total_ns} EW {total_ew}"))
        refereed = (hands or {}).get(deal.number)
        if refereed is not None and refereed[1].deal_entry == entry and refereed[0]["dealer"] == deal.dealer:
            record, verdict = refereed
            lines.append(tag("Deal", deal_value(record["hands"], deal.dealer)))
            lines.extend(sections(record, verdict, contract=contract_text(entry)))
    return "\r\n".join(lines) + "\r\n"

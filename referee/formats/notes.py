"""What a hand record's ``source`` says beside the replay: the contract and result the file states, compared
with the replay's, and the vulnerability, which the verdict's score leaves out (it scores the deal on its own)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from referee.core.calls import parse_call
from referee.core.verdict import RecordError, Verdict

VULNERABLE_WORDS = {
    "None": gettext_noop("neither side vulnerable"),
    "NS": gettext_noop("N-S vulnerable"),
    "EW": gettext_noop("E-W vulnerable"),
    "All": gettext_noop("both sides vulnerable"),
}


def contract_label(contract: str) -> str:
    """``4SX`` as ``4♠X``; ``Pass`` as passed out; the text itself when it is no contract."""
    if contract.lower() == "pass":
        return _("passed out")
    doubling = "XX" if contract.upper().endswith("XX") else "X" if contract.upper().endswith("X") else ""
    try:
        return parse_call(contract[: len(contract) - len(doubling)]).label + doubling
    except RecordError:
        return contract


def _number(value: Any, high: int) -> int | None:
    """A whole number from 0 to ``high`` as a file's source holds it (a seat, a count of tricks), else None."""
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= high else None


def _contract(source: dict[str, Any]) -> str:
    contract = source.get("contract")
    return contract[:12] if isinstance(contract, str) else ""


def _said(source: dict[str, Any], players: list[str]) -> str:
    contract = _contract(source)
    declarer = _number(source.get("declarer"), len(players) - 1)
    if contract.lower() == "pass":
        return _("the board was passed out")
    label = contract_label(contract)
    if declarer is not None:
        label = _("%(contract)s by %(declarer)s") % {"contract": label, "declarer": players[declarer]}
    result = _number(source.get("result"), 13)
    if result is not None:
        label = _("%(contract)s, %(tricks)s tricks") % {"contract": label, "tricks": result}
    return label


def _replayed(entry: dict[str, Any], players: list[str], *, tricks: bool) -> str:
    if entry.get("passed_out"):
        return _("the board was passed out")
    level, strain, doubled = entry.get("level"), entry.get("strain"), entry.get("doubled", 0)
    contract = f"{level}{strain}" + ("", "X", "XX")[doubled if doubled in (0, 1, 2) else 0]
    label = _("%(contract)s by %(declarer)s") % {
        "contract": contract_label(contract),
        "declarer": players[entry["declarer"]],
    }
    return (
        _("%(contract)s, %(tricks)s tricks") % {"contract": label, "tricks": entry.get("tricks")} if tricks else label
    )


def source_notes(record: Any, verdict: Verdict) -> list[str]:
    """The sentences that set what the file says beside what the replay gives: "The file says 4♠ by Cleo, 9
    tricks; the replay gives 4♠ by Cleo, 9 tricks." Nothing for a record without a ``source``."""
    source = record.get("source") if isinstance(record, dict) else None
    if not isinstance(source, dict):
        return []
    players = [str(name) for name in record.get("players", [])]
    notes = []
    stated_result = _number(source.get("result"), 13) is not None
    if _contract(source) or stated_result:
        said = _said(source, players)
        if verdict.deal_entry:
            replayed = _replayed(verdict.deal_entry, players, tricks=stated_result)
            if replayed == said:
                notes.append(_("The file says %(said)s; the replay agrees.") % {"said": said})
            else:
                notes.append(
                    _("The file says %(said)s; the replay gives %(replayed)s.") % {"said": said, "replayed": replayed}
                )
        elif source.get("claimed"):
            notes.append(
                _("The file says %(said)s, after a claim; the record stops there, so the replay gives no result.")
                % {"said": said}
            )
        else:
            notes.append(
                _("The file says %(said)s; the record stops before the end, so the replay gives no result.")
                % {"said": said}
            )
    stated = source.get("vulnerable")
    vulnerable = VULNERABLE_WORDS.get(stated) if isinstance(stated, str) and stated != "None" else None
    if vulnerable and verdict.score is not None:
        notes.append(
            _("The file says %(vulnerable)s; the score above is the deal's on its own, neither side vulnerable.")
            % {"vulnerable": _(vulnerable)}
        )
    return notes


def with_source_notes(record: Any, verdict: Verdict) -> Verdict:
    """``verdict`` with `source_notes` after its own notes."""
    extra = source_notes(record, verdict)
    return verdict._replace(notes=(*verdict.notes, *extra)) if extra else verdict

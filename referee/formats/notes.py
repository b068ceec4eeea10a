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


def _said(source: dict[str, Any], players: list[str]) -> str:
    contract = str(source.get("contract") or "")
    declarer = source.get("declarer")
    if contract.lower() == "pass":
        return _("the board was passed out")
    label = contract_label(contract)
    if isinstance(declarer, int) and 0 <= declarer < len(players):
        label = _("%(contract)s by %(declarer)s") % {"contract": label, "declarer": players[declarer]}
    result = source.get("result")
    if isinstance(result, int):
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
    if source.get("contract") or isinstance(source.get("result"), int):
        said = _said(source, players)
        if verdict.deal_entry:
            replayed = _replayed(verdict.deal_entry, players, tricks=isinstance(source.get("result"), int))
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
    vulnerable = VULNERABLE_WORDS.get(str(source.get("vulnerable")))
    if vulnerable and source.get("vulnerable") != "None" and verdict.score is not None:
        notes.append(
            _("The file says %(vulnerable)s; the score above is the deal's on its own, neither side vulnerable.")
            % {"vulnerable": _(vulnerable)}
        )
    return notes


def with_source_notes(record: Any, verdict: Verdict) -> Verdict:
    """``verdict`` with `source_notes` after its own notes."""
    extra = source_notes(record, verdict)
    return verdict._replace(notes=(*verdict.notes, *extra)) if extra else verdict

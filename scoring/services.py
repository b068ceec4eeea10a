"""The writes to a match. Each runs in one transaction with the match row locked,
so two phones saving at once are serialised and the loser is told (a Conflict).

A deal is stored as its normalised entry (`Game.to_entry` of the game's reading of it: every field
present, in one spelling), and a save evaluates the match once: the result it returns is what the
page shows next.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from scoring.core.base import FormatError, RuleError
from scoring.core.match import (
    EditEndsMatch,
    MatchFile,
    MatchResult,
    check_deal,
    evaluate,
    parse_match,
    room_for_deal,
)
from scoring.core.steps import first_text, read_first
from scoring.models import Change, Deal, Match, TableDevice


class Conflict(Exception):
    """The page the user acted on is out of date; nothing was written."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _already_saved(number: int) -> str:
    return _("Deal %(number)s was already saved from another phone; the sheet below is the current one.") % {
        "number": number
    }


def _lock(match: Match) -> tuple[Match, list[Deal]]:

    locked = Match.objects.select_for_update().get(pk=match.pk)
    return locked, list(locked.deals.all())


def _bump(match: Match) -> int:
    """Count one more write to the match (saved with it, and with its deal in progress) and return
    the new version."""
    match.version += 1
    match.save(update_fields=["version", "deal_in_progress", "updated"])
    return match.version


def normalised(match_file: MatchFile, entry: Mapping[str, Any]) -> dict[str, Any]:
    """The entry as the game writes it back: every field present, in one spelling."""
    game = match_file.rules
    return game.to_entry(game.parse_deal(entry, match_file.flags))


def create_match(*, owner: Any, match_file: MatchFile) -> Match:
    """Create a match (and its deals, normalised, for an import) in one transaction.

    The match file must already have been evaluated without error.
    """
    entries = [normalised(match_file, entry) for entry in match_file.deals]
    with transaction.atomic():
        match = Match.objects.create(
            owner=owner,
            game=match_file.game,
            players=list(match_file.players),
            first_dealer=match_file.first_dealer,
            target=match_file.target,
            flags=sorted(match_file.flags),
            version=1 if match_file.deals else 0,
        )
        for number, entry in enumerate(entries, start=1):
            Deal.objects.create(match=match, number=number, entry=entry)
        if match_file.deals:
            Change.objects.create(
                match=match, user=owner, action=Change.Action.IMPORTED, after={"deals": len(match_file.deals)}
            )
    return match


@dataclass(frozen=True, slots=True)
class Saved:
    """What a save did: the match evaluated after it, the deal's number, and whether the key had
    already saved it (a repeat: nothing was written)."""

    result: MatchResult
    number: int
    repeated: bool = False


def _saved_by_key(match: Match, deals: list[Deal], key: str | None) -> Saved | None:
    deal = next((deal for deal in deals if key and deal.client_key == key), None)
    return None if deal is None else Saved(evaluate(match.match_file(deals)), deal.number, repeated=True)


class FirstStepConflict(Conflict):
    """The first step of the deal (the calls) changed since the page read it; nothing was written."""


def _check_progress(match: Match, deals: list[Deal], number: int, revision: int) -> None:
    """Raise Conflict unless the deal in progress is the one the page read (revision 0: none). What it now reads
    is said in calling order, from the dealer of deal ``number`` (the next deal, after ``deals``)."""
    progress = match.in_progress(number)
    if (progress["revision"] if progress else 0) == revision:
        return
    spec = match.rules.entry_spec(frozenset(match.flags))
    if progress is None:
        text = _("%(what)s for deal %(number)s were cleared from another phone; enter them again.")
        raise FirstStepConflict(text % {"what": spec.first_title, "number": number})
    dealer = evaluate(match.match_file(deals)).dealer_of(number)
    now = first_text(spec, progress["entry"], match.players, dealer)
    text = _("%(what)s for deal %(number)s were changed from another phone; they now read: %(now)s.")
    raise FirstStepConflict(text % {"what": spec.first_title, "number": number, "now": now})


def save_deal(
    *,
    match: Match,
    user: Any,
    number: int,
    entry: Mapping[str, Any],
    key: str | None = None,
    progress: int | None = None,
    ruling: Mapping[str, Any] | None = None,
    device: TableDevice | None = None,
) -> Saved:
    """Store ``entry``, normalised, as deal ``number``, which must be the next deal, and clear the
    deal in progress (transaction).

    ``key`` is the phone's idempotency key for this save: if a deal of the match was already saved
    with it, nothing is written and that deal is answered (same number, no new row, no history), so a
    phone may send a save again as often as it likes. ``progress`` is the revision of the deal in
    progress the page showed (a deal entered in two steps), checked like a deal's revision. Raises
    Conflict if another phone saved deal ``number`` first or changed its first step since,
    EntryError if the rules refuse the entry (including a deal after the end). ``ruling``
    (Change.ruling) says that the entry is the referee's, from its verdict on a checked hand. ``device``
    is the table's phone that entered it (scoring/table.py), None from the owner's page with no seat.
    """
    try:
        with transaction.atomic():
            locked, deals = _lock(match)
            repeat = _saved_by_key(locked, deals, key)
            if repeat is not None:
                return repeat
            if number != len(deals) + 1:
                raise Conflict(_already_saved(number))
            if progress is not None:
                _check_progress(locked, deals, number, progress)
            result = check_deal(locked.match_file(deals), entry)
            stored = result.match.rules.to_entry(result.deals[number - 1].deal)
            locked.deal_in_progress = None  # saved with the version (_bump)
            Deal.objects.create(
                match=locked,
                number=number,
                entry=stored,
                revision=_bump(locked),
                client_key=key,
                **_entered(locked, device),
            )
            Change.objects.create(
                match=locked,
                user=user,
                action=Change.Action.ADDED,
                number=number,
                after=stored,
                ruling=ruling,
                **_by(device),
            )
    except IntegrityError:
        # Only reachable if the lock did not serialise two saves: the other one may carry our key.
        repeat = _saved_by_key(match, list(match.deals.all()), key)
        if repeat is not None:
            return repeat
        text = _("Deal %(number)s was saved from another phone at the same moment.")
        raise Conflict(text % {"number": number}) from None
    return Saved(result, number)


def _entered(match: Match, device: TableDevice | None) -> dict[str, Any]:
    """A deal's fields of the table's confirmation after an entry or an edit: asked again whenever it is on."""
    return {
        "state": "" if match.confirmation == "off" else "waiting",
        "entered_seat": None if device is None else device.seat,
        "entered_by": device,
    }


def _by(device: TableDevice | None) -> dict[str, Any]:
    """A change's seat and device, when a table's phone made it."""
    return {"seat": None if device is None else device.seat, "device": device}


def add_deal(
    *, match: Match, user: Any, number: int, entry: Mapping[str, Any], ruling: Mapping[str, Any] | None = None
) -> MatchResult:
    """Store ``entry`` as deal ``number`` without an idempotency key (save_deal); the match after it."""
    return save_deal(match=match, user=user, number=number, entry=entry, ruling=ruling).result


def edit_deal(
    *,
    match: Match,
    user: Any,
    number: int,
    revision: int,
    entry: Mapping[str, Any],
    ruling: Mapping[str, Any] | None = None,
    device: TableDevice | None = None,
) -> MatchResult:
    """Replace deal ``number`` with ``entry``, normalised, if nobody changed it since ``revision`` was
    read (transaction); return the match evaluated with it. ``ruling``, ``device``: as save_deal's; an
    edit asks the table to confirm the deal again."""
    with transaction.atomic():
        locked, deals = _lock(match)
        deal = next((deal for deal in deals if deal.number == number), None)
        if deal is None:
            text = _("Deal %(number)s no longer exists; it was removed from another phone.")
            raise Conflict(text % {"number": number})
        if deal.revision != revision:
            text = _("Deal %(number)s was changed from another phone while you edited it; it now reads as below.")
            raise Conflict(text % {"number": number})
        try:
            result = check_deal(locked.match_file(deals), entry, replace=number)
        except EditEndsMatch as early:
            raise early.unsaved() from None
        stored = result.match.rules.to_entry(result.deals[number - 1].deal)
        before = deal.entry
        deal.entry = stored
        deal.revision = _bump(locked)
        for name, value in _entered(locked, device).items():
            setattr(deal, name, value)
        deal.save(update_fields=["entry", "revision", "state", "entered_seat", "entered_by"])
        Change.objects.create(
            match=locked,
            user=user,
            action=Change.Action.EDITED,
            number=number,
            before=before,
            after=stored,
            ruling=ruling,
            **_by(device),
        )
    return result


def remove_last_deal(*, match: Match, user: Any, number: int, device: TableDevice | None = None) -> MatchResult:
    """Undo: remove deal ``number`` if it is still the last deal (transaction)."""
    with transaction.atomic():
        locked, deals = _lock(match)
        if not deals or deals[-1].number != number:
            raise Conflict(_("Deal %(number)s is no longer the last deal; nothing was removed.") % {"number": number})
        last = deals.pop()
        locked.deal_in_progress = None  # it was the deal after the one removed (saved by _bump)
        Change.objects.create(
            match=locked, user=user, action=Change.Action.REMOVED, number=number, before=last.entry, **_by(device)
        )
        last.delete()
        _bump(locked)
        return evaluate(locked.match_file(deals))


def save_first_step(*, match: Match, number: int, revision: int, entry: Mapping[str, Any]) -> MatchResult:
    """Store the first step of deal ``number`` (``EntrySpec.first``: the calls) as the deal in
    progress, replacing the one of ``revision`` (0: there was none), in one transaction; return the
    match as it stands.

    The very first step already saved (a retry after a lost answer, or another phone with the same
    calls) is a repeat: nothing is written, and the match is returned as for a save.

    Raises Conflict if deal ``number`` is no longer the next deal or another phone changed its first
    step since the page read it, EntryError if a value is not allowed or the match is over.
    """
    with transaction.atomic():
        locked, deals = _lock(match)
        if number != len(deals) + 1:
            raise Conflict(_already_saved(number))
        result = evaluate(locked.match_file(deals))
        if result.outcome is not None:
            over = _("the match is over: %(reason)s") % {"reason": result.outcome.reason}
            raise RuleError("deal", result.outcome.rule, over)
        room_for_deal(result.match)
        spec = result.match.rules.entry_spec(result.match.flags)
        if not spec.first:
            text = _("a %(game)s deal is entered at once, not in two steps") % {"game": result.match.rules.title}
            raise FormatError("deal", text)
        stored = read_first(spec, dict(entry), len(locked.players))
        saved = locked.in_progress(number)
        if saved is not None and saved["entry"] == stored:
            return result
        _check_progress(locked, deals, number, revision)
        locked.deal_in_progress = {"number": number, "entry": stored, "revision": locked.version + 1}
        _bump(locked)
    return result


def rename_players(*, match: Match, players: tuple[str, ...]) -> None:
    """Give the match's players new names, already read by parse_match (transaction). Deals hold seats, not
    names, so nothing else changes; the version is bumped so that the share page shows the new names."""
    with transaction.atomic():
        locked, _deals = _lock(match)
        locked.players = list(players)
        locked.save(update_fields=["players"])
        _bump(locked)
        match.players = locked.players


def rematch(*, match: Match, owner: Any) -> Match:
    """A new match of the same game, players, house rules and target, dealt first by the player after the
    old match's first dealer (every game lists its players in the order the deal passes: Game.seating)."""
    doc = {
        **match.match_file([]).to_json(),
        "first_dealer": (match.first_dealer + 1) % match.rules.seats,
    }
    return create_match(owner=owner, match_file=parse_match(doc))

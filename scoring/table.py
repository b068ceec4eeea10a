"""The table link: every player's phone joins the match at a seat, enters deals, and confirms or disputes
the other side's entries (as a bridge club's table terminal has the opponents confirm each result).

- The owner makes the link (`renew_table_link`), as strong as the share link (`new_share_token`); a new
  one ends the rights of every device joined by the old one, since a device keeps its rights only while
  its ``token`` is the match's ``table_token`` (`current_devices`), and the owner may remove one device.
- A phone that joins (`join_table`) becomes a `TableDevice` at its seat: linked to the account when
  logged in, else a guest known by this browser's session alone (`remember_device`), bound to that match.
- Confirmation is chosen per match (`Match.confirmation`): off; the other side (`SIDES`: the game's
  `sides`, never its name, docs/style.md 15); or any other player (`OTHERS`). A deal entered or edited
  while it is on waits (scoring/services.py); a device of a seat allowed (`confirming_seats`), never the
  one that entered it, confirms it or disputes it with a reason. Each step is a Change with its seat and
  device, and bumps the match's version so that the share page shows it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import IntegrityError, transaction
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.core.base import FormatError, Game, seat_titles
from scoring.models import Change, Deal, Match, TableDevice, new_share_token
from scoring.services import Conflict

OFF, SIDES, OTHERS = "off", "sides", "others"
CONFIRMATION_CHOICES = (
    (OFF, gettext_lazy("Off: deals are not confirmed")),
    (SIDES, gettext_lazy("The other side confirms each deal")),
    (OTHERS, gettext_lazy("Any other player confirms each deal")),
)
WAITING, CONFIRMED, DISPUTED = "waiting", "confirmed", "disputed"
# The session's key: {match id: device id}, the devices this browser joined.
SESSION_KEY = "table_devices"


class NotAllowed(Exception):
    """This device may not do that to that deal; nothing was written."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


# The link and the devices


def renew_table_link(*, match: Match) -> str:
    """Give the match a new table link (or its first): every device joined by the old one loses its rights."""
    match.table_token = new_share_token()
    match.save(update_fields=["table_token"])
    return match.table_token


def current_devices(match: Match) -> Any:
    """The devices that hold rights now: joined by the current link and not removed."""
    if match.table_token is None:
        return TableDevice.objects.none()
    return match.table_devices.filter(token=match.table_token, removed__isnull=True)


def join_table(*, match: Match, seat: int, user: Any) -> TableDevice:
    """A device joined at ``seat`` (checked by the form) by the current link; ``user`` None for a guest.
    An account already at that seat by this link keeps its one device."""
    account = user if user is not None and user.is_authenticated else None
    if account is not None:
        device = current_devices(match).filter(user=account, seat=seat).first()
        if device is not None:
            return device
    assert match.table_token is not None  # the view found the match by it
    return TableDevice.objects.create(match=match, seat=seat, user=account, token=match.table_token)


def remember_device(request: HttpRequest, device: TableDevice) -> None:
    """Bind this browser's session to the device (one per match)."""
    joined = dict(request.session.get(SESSION_KEY) or {})
    joined[str(device.match_id)] = device.pk
    request.session[SESSION_KEY] = joined


def device_for(request: HttpRequest, match: Match) -> TableDevice | None:
    """The device this request speaks for at the match's table, if it still holds rights: the one its
    session joined, else the account's own at that table."""
    if match.table_token is None:
        return None
    devices = current_devices(match)
    joined = request.session.get(SESSION_KEY)
    pk = joined.get(str(match.pk)) if isinstance(joined, dict) else None
    if isinstance(pk, int):
        device: TableDevice | None = devices.filter(pk=pk).first()
        if device is not None:
            return device
    if request.user.is_authenticated:
        return devices.filter(user=request.user).order_by("-joined").first()
    return None


def lost_device(request: HttpRequest, match: Match) -> TableDevice | None:
    """This browser's device at the match (the one its session joined, else the account's latest) when it no longer
    holds rights: the owner removed it (``removed`` set) or made a new table link (its ``token`` is not the match's).
    None when it never joined, or still holds rights."""
    joined = request.session.get(SESSION_KEY)
    pk = joined.get(str(match.pk)) if isinstance(joined, dict) else None
    device: TableDevice | None = match.table_devices.filter(pk=pk).first() if isinstance(pk, int) else None
    if device is None and request.user.is_authenticated:
        device = match.table_devices.filter(user=request.user).order_by("-joined", "-id").first()
    if device is None or (device.removed is None and device.token == match.table_token):
        return None
    return device


def removed_from_link(request: HttpRequest, match: Match) -> bool:
    """Whether the owner removed this browser's device (or the account's) from the match's current link: it may not
    join again by that link. (A phone whose data is cleared is a new phone to the server: a new link keeps it out.)"""
    device = lost_device(request, match)
    return device is not None and device.removed is not None and device.token == match.table_token


def joined_matches(request: HttpRequest) -> set[int]:
    """The ids of the matches this browser's session joined (whether or not the device still holds rights)."""
    joined = request.session.get(SESSION_KEY)
    return {int(key) for key in joined if key.isdigit()} if isinstance(joined, dict) else set()


def remove_device(*, match: Match, device_id: int) -> TableDevice | None:
    """Remove one device from the table: from its next request it has no rights. None if it is not there."""
    device = current_devices(match).filter(pk=device_id).first()
    if device is not None:
        device.removed = timezone.now()
        device.save(update_fields=["removed"])
    return device


def set_confirmation(*, match: Match, mode: str) -> None:
    """Choose who confirms each deal from now on (the deals already entered keep their state)."""
    match.confirmation = mode
    match.version += 1  # the share page's marks depend on it
    match.save(update_fields=["confirmation", "version"])


# Who may confirm


def seat_label(game: Game, players: Sequence[str], seat: int) -> str:
    """A seat as the table says it: "N · Anna" where the game names the seats, else the player's name."""
    return seat_titles(game, tuple(players))[seat]


def device_label(
    device: TableDevice | None,
    seat: int | None,
    game: Game,
    players: Sequence[str],
    by: str = "",
    public: Match | None = None,
) -> str:
    """Who made a change at the table: "N · Anna (guest)", "E · Ben (ben)"; "" when no seat made it. ``by``: the
    name a match file gave (Change.by), for a change imported with no device. ``public``: the match, for a page
    any holder of its share link reads, which names no account ("owner", "another account": a login name is half
    a credential, as in the report's corrections)."""
    if seat is None:
        return ""
    if device is None or device.user is None:
        who = (by or _("guest")) if public is None else _("guest")
    elif public is not None:
        who = _("owner") if device.user_id == public.owner_id else _("another account")
    else:
        who = device.user.get_username()
    return _("%(seat)s (%(who)s)") % {"seat": seat_label(game, players, seat), "who": who}


def confirming_seats(game: Game, mode: str, entered_seat: int | None) -> frozenset[int]:
    """The seats that may confirm a deal entered from ``entered_seat``: in SIDES, those of every other side
    (`Game.sides`); in OTHERS, every other seat; any seat for a deal entered with no seat (the owner's page)."""
    seats = range(game.seats)
    if mode == OFF:
        return frozenset()
    if entered_seat is None:
        return frozenset(seats)
    if mode == SIDES:
        own = next(side for side in game.sides if entered_seat in side)
        return frozenset(seat for seat in seats if seat not in own)
    return frozenset(seat for seat in seats if seat != entered_seat)


def waiting_for(game: Game, players: Sequence[str], mode: str, entered_seat: int | None) -> str:
    """Whom a waiting deal waits for: the other side's label ("E-W") or its players' names."""
    seats = confirming_seats(game, mode, entered_seat)
    if mode == SIDES and entered_seat is not None:
        names = []
        for index, side in enumerate(game.sides):
            if side[0] in seats:
                names.append(game.side_labels[index] if game.side_labels else " & ".join(players[s] for s in side))
    else:
        names = [players[seat] for seat in sorted(seats)]
    return _(" or ").join(names)


def _may_answer(match: Match, deal: Deal, device: TableDevice | None) -> bool:
    """Whether ``device`` is one of those asked to confirm ``deal``, whatever its state: a seat allowed, never the
    device that entered it."""
    if device is None or match.confirmation == OFF or deal.entered_by_id == device.pk:
        return False
    return device.seat in confirming_seats(match.rules, match.confirmation, deal.entered_seat)


def may_confirm(match: Match, deal: Deal, device: TableDevice | None) -> bool:
    """Whether ``device`` may confirm or dispute ``deal`` now: it waits or is disputed, and `_may_answer`."""
    return deal.state in (WAITING, DISPUTED) and _may_answer(match, deal, device)


def may_edit(match: Match, deal: Deal, device: TableDevice | None, owner: bool) -> bool:
    """The owner edits any deal; a seat's device only its own entries not yet confirmed."""
    if owner:
        return True
    return device is not None and deal.entered_by_id == device.pk and deal.state != CONFIRMED


def editable_deals(match: Match, device: TableDevice | None, owner: bool) -> frozenset[int] | None:
    """The deals a page shows an Edit link on: every one on the owner's page (None), else those `may_edit` allows
    this device (its own entries not yet confirmed), so that a seat's phone offers only what it may do."""
    if owner:
        return None
    if device is None:
        return frozenset()
    mine = match.deals.filter(entered_by=device).exclude(state=CONFIRMED)
    return frozenset(mine.values_list("number", flat=True))


# Confirming and disputing


def _deal_read(locked: Match, number: int, revision: int) -> Deal:
    """Deal ``number`` of the locked match, as the page read it at ``revision``. Raises Conflict."""
    deal = locked.deals.filter(number=number).first()
    if deal is None:
        raise Conflict(_("Deal %(number)s no longer exists; it was removed from another phone.") % {"number": number})
    if deal.revision != revision:
        text = _("Deal %(number)s was changed from another phone; check it again before you confirm it.")
        raise Conflict(text % {"number": number})
    return deal


def _record(
    locked: Match, deal: Deal, device: TableDevice, action: str, state: str, key: str | None, reason: str = ""
) -> None:
    deal.state = state
    deal.save(update_fields=["state"])
    locked.version += 1  # the share page's sheet shows the marks
    locked.save(update_fields=["version"])
    Change.objects.create(
        match=locked,
        user=device.user,
        action=action,
        number=deal.number,
        seat=device.seat,
        device=device,
        reason=reason,
        client_key=key,
    )


_DONE = {
    Change.Action.CONFIRMED: gettext_lazy("Deal %(number)s confirmed."),
    Change.Action.WITHDRAWN: gettext_lazy("Deal %(number)s confirmed; the dispute is withdrawn."),
    Change.Action.DISPUTED: gettext_lazy("Deal %(number)s disputed."),
}


def _already_sent(match: Match, key: str | None) -> str | None:
    """What a confirmation or dispute sent before with ``key`` did (a retry, one kept offline): said again, as
    nothing more is written. None when the key is new."""
    if not key:
        return None
    change = match.changes.filter(client_key=key).first()
    if change is None or change.action not in _DONE:
        return None
    return str(_DONE[change.action]) % {"number": change.number}


def _last_step(match: Match, deal: Deal) -> str:
    """Who confirmed or disputed ``deal`` last, as the table says it ("E · Ben (guest)")."""
    change = (
        match.changes.filter(number=deal.number, action__in=list(_DONE))
        .select_related("device__user")
        .order_by("-at", "-id")
        .first()
    )
    if change is None:
        return _("another phone")
    return device_label(change.device, change.seat, match.rules, tuple(match.players), change.by) or _("another phone")


def _answer(
    match: Match,
    number: int,
    revision: int,
    key: str | None,
    done: Change.Action,
    settle: Callable[[Match, Deal], str | None],
) -> str:
    """What a confirmation and a dispute share (transaction): the match locked, a tap sent before with ``key`` said
    again, deal ``number`` read as the page read it at ``revision``; then ``settle`` records the answer, or says what
    happened instead. Said as ``done`` when ``settle`` says nothing, or when another request stored the key at the same
    moment, unserialised by the lock. Raises Conflict, NotAllowed."""
    try:
        with transaction.atomic():
            locked = Match.objects.select_for_update().get(pk=match.pk)
            said = _already_sent(locked, key)
            if said is not None:
                return said
            said = settle(locked, _deal_read(locked, number, revision))
            if said is not None:
                return said
    except IntegrityError:
        pass
    return str(_DONE[done]) % {"number": number}


def confirm_deal(*, match: Match, device: TableDevice, number: int, revision: int, key: str | None = None) -> str:
    """Confirm deal ``number`` as read at ``revision`` (transaction); a disputed deal confirmed is its
    dispute withdrawn. Returns what happened, in words. Raises Conflict, NotAllowed.

    ``key``: the phone's idempotency key for this tap; a confirmation sent again with it (a retry, one kept
    offline) writes nothing and is answered as the first one was. A deal another player of a seat allowed
    confirmed meanwhile (two phones tapping at once) is told, and nothing is written: no error."""

    def settle(locked: Match, deal: Deal) -> str | None:
        if deal.state == CONFIRMED and _may_answer(locked, deal, device):
            text = _("Deal %(number)s was already confirmed by %(who)s.")
            return text % {"number": number, "who": _last_step(locked, deal)}
        if not may_confirm(locked, deal, device):
            raise NotAllowed(_("You cannot confirm deal %(number)s from this seat.") % {"number": number})
        if deal.state == DISPUTED:
            _record(locked, deal, device, Change.Action.WITHDRAWN, CONFIRMED, key)
            return str(_DONE[Change.Action.WITHDRAWN]) % {"number": number}
        _record(locked, deal, device, Change.Action.CONFIRMED, CONFIRMED, key)
        return None

    return _answer(match, number, revision, key, Change.Action.CONFIRMED, settle)


def dispute_deal(
    *, match: Match, device: TableDevice, number: int, revision: int, reason: str, key: str | None = None
) -> str:
    """Dispute deal ``number`` with ``reason`` (read by the form) (transaction). Raises Conflict, NotAllowed.
    ``key`` as for `confirm_deal`. A deal another seat disputed meanwhile is told (its reason stands); one
    confirmed meanwhile is a Conflict: the dispute is not recorded, and the page says who confirmed it."""

    def settle(locked: Match, deal: Deal) -> str | None:
        if deal.state in (CONFIRMED, DISPUTED) and _may_answer(locked, deal, device):
            who = _last_step(locked, deal)
            if deal.state == DISPUTED:
                text = _("Deal %(number)s was already disputed by %(who)s.")
                return text % {"number": number, "who": who}
            text = _("Deal %(number)s was confirmed by %(who)s meanwhile; your dispute was not recorded.")
            raise Conflict(text % {"number": number, "who": who})
        if not may_confirm(locked, deal, device):
            raise NotAllowed(_("You cannot dispute deal %(number)s from this seat.") % {"number": number})
        _record(locked, deal, device, Change.Action.DISPUTED, DISPUTED, key, reason)
        return None

    return _answer(match, number, revision, key, Change.Action.DISPUTED, settle)


# What the pages show


@dataclass(frozen=True, slots=True)
class Pending:
    """A deal not yet confirmed, as the confirmation panel shows it."""

    number: int
    revision: int
    state: str
    short: str  # the deal in the game's words
    waiting: str  # "waiting for E-W"
    reason: str  # the dispute's reason
    mine: bool  # this device may confirm or dispute it


def pending(match: Match, device: TableDevice | None) -> list[Pending]:
    """The deals waiting or disputed, first to last (none while confirmation is off)."""
    if match.confirmation == OFF:
        return []
    deals = list(match.deals.filter(state__in=(WAITING, DISPUTED)))
    if not deals:
        return []
    game, players, flags = match.rules, tuple(match.players), frozenset(match.flags)
    reasons = dict(
        match.changes.filter(action=Change.Action.DISPUTED, number__in=[d.number for d in deals])
        .order_by("at", "id")
        .values_list("number", "reason")
    )
    rows = []
    for deal in deals:
        rows.append(
            Pending(
                number=deal.number,
                revision=deal.revision,
                state=deal.state,
                short=game.describe(game.parse_deal(deal.entry, flags), players),
                waiting=waiting_for(game, players, match.confirmation, deal.entered_seat),
                reason=reasons.get(deal.number, "") if deal.state == DISPUTED else "",
                mine=may_confirm(match, deal, device),
            )
        )
    return rows


def deal_marks(match: Match) -> dict[int, str]:
    """Each deal's mark on the score sheet while it is not confirmed: "waiting for E-W", "disputed"."""
    if match.confirmation == OFF:  # switched off: nothing more is asked, and nothing waits
        return {}
    game, players = match.rules, tuple(match.players)
    marks = {}
    for number, state, seat in match.deals.filter(state__in=(WAITING, DISPUTED)).values_list(
        "number", "state", "entered_seat"
    ):
        if state == DISPUTED:
            marks[number] = _("disputed")
        else:
            marks[number] = _("waiting for %(whom)s") % {"whom": waiting_for(game, players, match.confirmation, seat)}
    return marks


_RECORD_WORDS = {
    Change.Action.ADDED: gettext_lazy("entered by %(who)s"),
    Change.Action.EDITED: gettext_lazy("edited by %(who)s"),
    Change.Action.REMOVED: gettext_lazy("undone by %(who)s"),
    Change.Action.CONFIRMED: gettext_lazy("confirmed by %(who)s"),
    Change.Action.DISPUTED: gettext_lazy("disputed by %(who)s"),
    Change.Action.WITHDRAWN: gettext_lazy("dispute withdrawn by %(who)s"),
}


def change_who(match: Match) -> Any:
    """``who(change)`` for the history: the account, and the seat and device where a table's phone made it."""
    game, players = match.rules, tuple(match.players)

    def who(change: Change) -> str:
        account = _("(deleted account)") if change.user is None else str(change.user.get_username())
        if change.seat is None:
            return account
        return device_label(change.device, change.seat, game, players, change.by)

    return who


def deal_records(
    match: Match, changes: Iterable[Change] | None = None, *, public: bool = False
) -> dict[int, list[str]]:
    """Per deal, the record behind it, compactly: "entered by N · Anna (guest) 21:02, confirmed by E · Ben
    (ben) 21:04", for the report and the PDF. Times in the server's time zone, as the history's. ``public``: for
    the share link's report, naming no account (device_label)."""
    if changes is None:
        changes = match.changes.select_related("user", "device", "device__user").order_by("at", "id")
    game, players = match.rules, tuple(match.players)
    records: dict[int, list[str]] = {}
    for change in changes:
        words = _RECORD_WORDS.get(change.action)
        if words is None or change.number is None:
            continue
        who = device_label(change.device, change.seat, game, players, change.by, match if public else None)
        if not who:  # the owner's page, with no seat
            if change.user is None:
                who = _("(deleted account)")
            else:
                who = _("owner") if public else str(change.user.get_username())
        text = str(words) % {"who": who}
        if change.reason:
            text = _("%(text)s: “%(reason)s”") % {"text": text, "reason": change.reason}
        at = timezone.localtime(change.at).strftime("%H:%M")
        if change.action == Change.Action.REMOVED:
            records.pop(change.number, None)  # a deal entered again under that number starts its own record
            continue
        records.setdefault(change.number, []).append(f"{text} {at}")
    return records


# The match file's "table" (docs/match-file.md): the confirmation chosen and, per deal, its state and record.

_FILE_ACTIONS = tuple(str(action) for action in _RECORD_WORDS)
_STATES = ("", WAITING, CONFIRMED, DISPUTED)


def table_file(match: Match) -> dict[str, Any] | None:
    """The match's "table" for its match file, or None for a match never played from the table's phones."""
    deals = list(match.deals.all())
    changes = list(match.changes.filter(seat__isnull=False).select_related("user", "device__user").order_by("at", "id"))
    if match.confirmation == OFF and not changes and not any(deal.state for deal in deals):
        return None
    records: dict[int, list[dict[str, Any]]] = {}
    for change in changes:
        if change.number is None or str(change.action) not in _FILE_ACTIONS:
            continue
        if change.action == Change.Action.REMOVED:
            records.pop(change.number, None)
            continue
        device = change.device
        by = change.by or ("guest" if device is None or device.user is None else device.user.get_username())
        step = {"action": str(change.action), "seat": change.seat, "by": by, "at": change.at.isoformat()}
        if change.reason:
            step["reason"] = change.reason
        records.setdefault(change.number, []).append(step)
    rows = [
        {"deal": deal.number, "state": deal.state, "record": records.get(deal.number, [])}
        for deal in deals
        if deal.state or deal.number in records
    ]
    return {"confirmation": match.confirmation, "deals": rows}


def _text(value: Any, path: str, most: int) -> str:
    if not isinstance(value, str) or len(value) > most:
        raise FormatError(
            path, _("%(path)s must be a text of at most %(most)s characters") % {"path": path, "most": most}
        )
    return value


def read_table_file(doc: Any, seats: int, deal_count: int) -> dict[str, Any] | None:
    """A match file's "table", checked: None when it has none. Raises FormatError naming the field."""
    table = doc.get("table") if isinstance(doc, dict) else None
    if table is None:
        return None
    if not isinstance(table, dict):
        raise FormatError("table", _("table must be an object with confirmation and deals"))
    confirmation = table.get("confirmation", OFF)
    if confirmation not in (OFF, SIDES, OTHERS):
        raise FormatError("table.confirmation", _("table.confirmation must be off, sides or others"))
    rows = table.get("deals", [])
    if not isinstance(rows, list):
        raise FormatError("table.deals", _("table.deals must be a list"))
    read = []
    for index, row in enumerate(rows):
        path = f"table.deals[{index}]"
        if not isinstance(row, dict):
            raise FormatError(path, _("%(path)s must be an object") % {"path": path})
        number = row.get("deal")
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= deal_count:
            text = _("%(path)s.deal must be a deal number from 1 to %(last)s")
            raise FormatError(f"{path}.deal", text % {"path": path, "last": deal_count})
        if row.get("state", "") not in _STATES:
            text = _("%(path)s.state must be one of waiting, confirmed, disputed or empty")
            raise FormatError(f"{path}.state", text % {"path": path})
        record = row.get("record", [])
        if not isinstance(record, list):
            raise FormatError(f"{path}.record", _("%(path)s.record must be a list") % {"path": path})
        steps = []
        for at, step in enumerate(record):
            where = f"{path}.record[{at}]"
            if not isinstance(step, dict) or step.get("action") not in _FILE_ACTIONS:
                text = _("%(path)s.action must be one of %(actions)s")
                raise FormatError(f"{where}.action", text % {"path": where, "actions": ", ".join(_FILE_ACTIONS)})
            seat = step.get("seat")
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats:
                text = _("%(path)s.seat must be a seat from 0 to %(last)s")
                raise FormatError(f"{where}.seat", text % {"path": where, "last": seats - 1})
            moment = _text(step.get("at"), f"{where}.at", 40)
            try:
                when = datetime.fromisoformat(moment)
            except ValueError:
                raise FormatError(
                    f"{where}.at", _("%(path)s.at must be a date and time (ISO 8601)") % {"path": where}
                ) from None
            if timezone.is_naive(when):
                when = timezone.make_aware(when, timezone.get_default_timezone())
            steps.append(
                {
                    "action": step["action"],
                    "seat": seat,
                    "by": _text(step.get("by", ""), f"{where}.by", 150),
                    "at": when,
                    "reason": _text(step.get("reason", ""), f"{where}.reason", 200),
                }
            )
        read.append({"deal": number, "state": row.get("state", ""), "record": steps})
    return {"confirmation": confirmation, "deals": read}


def import_table_file(*, match: Match, table: dict[str, Any]) -> None:
    """Store a match file's "table" (read by read_table_file) with the match just imported (transaction)."""
    with transaction.atomic():
        match.confirmation = table["confirmation"]
        match.save(update_fields=["confirmation"])
        for row in table["deals"]:
            entered = [step["seat"] for step in row["record"] if step["action"] in ("added", "edited")]
            match.deals.filter(number=row["deal"]).update(
                state=row["state"], entered_seat=entered[-1] if entered else None
            )
            for step in row["record"]:
                change = Change.objects.create(
                    match=match,
                    action=step["action"],
                    number=row["deal"],
                    seat=step["seat"],
                    by=step["by"],
                    reason=step["reason"],
                )
                Change.objects.filter(pk=change.pk).update(at=step["at"])  # the time it happened at the table

"""Forms: the boundary between the browser and the scoring core (docs/style.md 8).

The deal form is built from the game's entry spec (`Game.entry_spec`): it turns taps into a
match-file entry, then lets the game read it; a core error becomes an error on the field it
names, with the rule's message. Whether the deal fits the match (the end, the deals around it)
is judged once, when it is saved (scoring/services.py) or previewed.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from enum import StrEnum
from html import escape
from typing import Any

from django import forms
from django.utils.functional import lazy
from django.utils.safestring import mark_safe
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from scoring.core.base import Choice, EntryError, EntryField, EntrySpec, FieldKind, Flag, Game, match_name, seat_titles
from scoring.core.games import GAMES
from scoring.core.match import MAX_NAME, MAX_TARGET, MatchFile, parse_match
from scoring.core.steps import first_words, read_first
from scoring.marks import RED_SUITS, mark_suits

# The attributes a bound field sets that each button of a segmented group carries.
ARIA_ON_EACH = ("aria-invalid", "aria-describedby")


class Segmented(forms.RadioSelect):
    """Radio buttons drawn as a row of thumb-sized buttons (see trickbook.css)."""

    def render(self, name: str, value: Any, attrs: dict[str, Any] | None = None, renderer: Any = None) -> str:
        # Drawn here with plain strings, not by a template or format_html per option: a deal form has
        # up to a hundred buttons, and either way cost more than the rest of the match page's form.
        # Every text is escaped with html.escape, as Django's escape does.
        final = self.build_attrs(self.attrs, attrs)
        base_id = escape(final.get("id") or "")
        aria = "".join(f' {key}="{escape(str(text))}"' for key, text in final.items() if key in ARIA_ON_EACH)
        chosen = self.format_value(value)
        field_name = escape(name)
        # A field tapped as a difference says against what (static/js/relative.js hides the impossible ones).
        data = "".join(f' {key}="{escape(str(text))}"' for key, text in final.items() if key.startswith("data-"))
        # Many short choices (levels, tricks) are laid out as a grid, seven to a phone's line.
        many = len(self.choices) > 6 and all(len(str(label)) <= 3 for _choice, label in self.choices)
        kind = "seg seg-grid" if many else "seg"
        html = [f'<div class="{kind}" id="{base_id}"{data}>' if base_id else f'<div class="{kind}"{data}>']
        checked_one = False
        for index, (choice, label) in enumerate(self.choices):
            option_id = f"{base_id}_{index}" if base_id else ""
            text = str(label)  # once: a lazy label is translated each time it is read
            checked = not checked_one and str(choice) in chosen
            checked_one = checked_one or checked
            # A red suit alone colours its button's label, whose text stays the symbol itself.
            label_html = f' class="suit-red">{text}' if text in RED_SUITS else f">{mark_suits(escape(text))}"
            html.append(
                f'\n<input type="radio" name="{field_name}" value="{escape(str(choice))}" id="{option_id}"'
                f'{" checked" if checked else ""}{aria}><label for="{option_id}"{label_html}</label>'
            )
        html.append("\n</div>")
        return mark_safe("".join(html))  # every text above is escaped


def sentence(message: str, rule: str) -> str:
    """A core error as a page says it: a sentence that starts with a capital letter and cites its rule
    once (a message that names its rule already is left as it is; a shape error, "match-file", cites none)."""
    text = capfirst(message.strip()).rstrip(".")
    if rule and rule != "match-file" and rule not in text:
        text = f"{text} ({rule})"
    return f"{text}."


def clean_players(form: forms.Form, data: dict[str, Any], game: Game) -> list[str]:
    """The game's number of names from fields player_0.., adding an error to each empty one."""
    players = [(data.get(f"player_{seat}") or "").strip() for seat in range(game.seats)]
    for seat, name in enumerate(players):
        if not name:
            text = _("%(game)s needs %(seats)s players: enter a name.") % {"game": game.title, "seats": game.seats}
            form.add_error(f"player_{seat}", text)
    return players


def layout(spec: EntrySpec, seats: int) -> list[tuple[str, EntryField, int | None]]:
    """The form's fields in order: (form field name, spec field, seat or None).

    A per-seat field ``calls`` becomes ``calls_0``, ``calls_1``...; under ``by_seat`` the per-seat
    fields come after the others, seat by seat."""
    if spec.by_seat:
        once = [(field.name, field, None) for field in spec.fields if not field.per_seat]
        each = [
            (f"{field.name}_{seat}", field, seat) for seat in range(seats) for field in spec.fields if field.per_seat
        ]
        return [*once, *each]
    return [
        (f"{field.name}_{seat}" if seat is not None else field.name, field, seat)
        for field in spec.fields
        for seat in (range(seats) if field.per_seat else (None,))
    ]


def form_field(
    field: EntryField, players: tuple[str, ...], seat: int | None, seats: tuple[str, ...] | None = None
) -> forms.Field:
    """The form field for one spec field (or one seat of a per-seat field); every field may be left
    empty here: what is still missing is said in one message (DealForm.clean). A seat's button reads
    ``seats`` (the players with the game's seat labels, "S · Sam"; their names alone by default), and a
    field entered as a difference (`EntryField.entered_as`) offers the differences ("=", "+1", "−2")."""
    if seat is not None:
        label = pgettext("a player's field of a deal: Anna's tricks", "%(player)s's %(field)s") % {
            "player": players[seat],
            "field": field.label,
        }
    elif field.entered_as is not None:
        label = field.entered_as.label
    else:
        label = field.label
    initial = None if field.initial is None else str(field.initial)
    if field.kind is FieldKind.SWITCH:
        return forms.BooleanField(label=label, required=False)
    if field.kind is FieldKind.NUMBER:
        # The range is the game's to check (parse_deal, with the field's rule), beside every other error of
        # the entry; a min or max on the input would let the browser stop the save with no word on the page.
        number = forms.IntegerField(label=label, required=False)
        number.widget.attrs["inputmode"] = "numeric"
        return number
    if field.kind is FieldKind.SEAT:
        choices = [("", field.none_label)] if field.none_label else []
        choices += [(str(index), name) for index, name in enumerate(seats or players)]
    elif field.entered_as is not None:
        choices = [(str(offset), text) for offset, text in field.entered_as.choices]
    else:
        choices = [(str(value), text) for value, text in field.choices]
    # A value no button offers (a crafted post) is refused with the field's rule, like the core does.
    # The message keeps Django's own %(value)s for the refused value, which Django fills in later; the
    # rest is filled in now with every "%" doubled, since a label holds a player's name ("50%").
    refused = {
        "invalid_choice": _("%(value)s is not allowed for %(field)s (%(rule)s).")
        % {"value": "%(value)s", "field": str(label).replace("%", "%%"), "rule": field.rule}
    }
    widget = Segmented()
    if field.entered_as is not None:
        allowed = [value for value, _text in field.choices_en if isinstance(value, int)]
        widget.attrs.update(
            {
                "data-relative-to": field.entered_as.to,
                "data-base": field.entered_as.base,
                "data-low": min(allowed),
                "data-high": max(allowed),
            }
        )
    return forms.ChoiceField(
        label=label, choices=choices, widget=widget, required=False, initial=initial, error_messages=refused
    )


def entry_to_initial(entry: Mapping[str, Any], spec: EntrySpec) -> dict[str, Any]:
    """Form initial data for editing a stored entry: one value per form field of ``spec``."""
    initial: dict[str, Any] = {}
    for field in spec.fields:
        value = entry.get(field.name, field.initial)
        relative = field.entered_as
        if relative is not None:  # shown as the difference it is tapped as ("+1")
            to_value = entry.get(relative.to)
            known = type(value) is int and type(to_value) is int
            initial[field.name] = str(relative.offset(value, to_value)) if known else ""
        elif field.kind is FieldKind.SWITCH:
            initial[field.name] = value is True
        elif field.per_seat:
            for seat, item in enumerate(value if isinstance(value, list) else []):
                initial[f"{field.name}_{seat}"] = "" if item is None else str(item)
        else:
            initial[field.name] = "" if value is None else str(value)
    return initial


class Step(StrEnum):
    """Which part of a deal entry a form asks for (``EntrySpec.first``)."""

    WHOLE = "whole"  # every field at once
    FIRST = "first"  # only the fields entered before the play (the calls): the deal in progress
    REST = "rest"  # the rest, once the deal is played; the first fields are carried as hidden inputs


class DealForm(forms.Form):
    """One deal entry of a match, its fields generated from the game's entry spec.

    ``entry`` prefills the form from a stored entry (editing, or the deal in progress). ``step``
    says which fields it asks for. Once valid, ``entry()`` is the match-file entry (for ``FIRST``,
    the first fields alone) and ``deal`` the game's reading of a whole one.
    """

    def __init__(
        self,
        data: Any = None,
        *,
        match_file: MatchFile,
        replace: int | None = None,
        entry: Mapping[str, Any] | None = None,
        step: Step = Step.WHOLE,
        dealer: int | None = None,
        **kwargs: Any,
    ) -> None:
        self.match_file = match_file
        self.dealer = dealer  # of the deal entered: the seat rows follow the calling order from it
        self.replace = replace
        self.game = match_file.rules
        self.spec = self.game.entry_spec(match_file.flags)
        self.step = step
        self.layout = layout(self.spec, self.game.seats)
        if self.step is Step.FIRST:
            self.layout = [item for item in self.layout if item[1].name in self.spec.first]
        self.deal: Any = None
        self.missing: list[str] = []
        self.total_errors: dict[str, str] = {}  # a per-seat field's error as a whole, said under its rows
        self.carried = entry if self.step is Step.REST else None  # the first fields, shown beside each seat
        if entry is not None:
            kwargs["initial"] = entry_to_initial(self._normalised(entry), self.spec)
        super().__init__(data, **kwargs)
        seats = seat_titles(self.game, match_file.players)
        for name, field, seat in self.layout:
            self.fields[name] = form_field(field, match_file.players, seat, seats)
            if self.step is Step.REST and field.name in self.spec.first:
                label = self.fields[name].label
                self.fields[name].widget = forms.HiddenInput(attrs={"data-label": label})
                continue
            # The field's error line (scoring/_field.html), so a screen reader reads it with the field.
            self.fields[name].widget.attrs["aria-describedby"] = f"err-{name}"

    def _normalised(self, entry: Mapping[str, Any]) -> Mapping[str, Any]:
        """A stored entry in the game's current spelling, so that one stored in an older spelling the
        game still reads is prefilled into today's fields; an entry that cannot be read on its own
        (the first fields of a deal in progress) as it is."""
        try:
            return self.game.to_entry(self.game.parse_deal(entry, self.match_file.flags))
        except EntryError:
            return entry

    def once_fields(self) -> list[forms.BoundField]:
        """The shown fields that are not per seat, for the by-seat layout."""
        return [self[name] for name, field, seat in self.layout if seat is None and not self[name].is_hidden]

    def seat_rows(self) -> list[dict[str, Any]]:
        """One row per player for the by-seat layout: their shown fields, and in words what was
        entered before the play ("call 4") when this form asks for the rest."""
        players = self.match_file.players
        words = first_words(self.spec, self.carried, players) if self.carried else [[] for _ in players]
        rows = []
        for seat in self.spec.calling_order(self.dealer, len(players)):
            shown = [self[key] for key, _field, at in self.layout if at == seat and not self[key].is_hidden]
            rows.append({"player": players[seat], "fields": shown, "note": ", ".join(words[seat])})
        return rows

    def field_groups(self) -> list[dict[str, Any]]:
        """The shown fields in two groups: what every deal needs, then the optional fields the game lists
        after its last required one ("More: honours, after this deal"), folded away until one of them is
        used, so that a usual deal's entry fits a phone's screen beside Save. (An optional field among the
        required ones, such as a contract's doubling, stays in sight.) A group has its fields that are not
        laid out by seat (``once``) and, under ``by_seat``, one row per player (``rows``); ``more`` marks
        the folded one, ``open`` whether it shows."""
        last = max(index for index, field in enumerate(self.spec.fields) if field.required)
        # Folded: what reads as something when left out (a default, or no one), never a field to fill in.
        folded = {
            field.name
            for field in self.spec.fields[last + 1 :]
            if not field.required and (field.initial is not None or field.kind is FieldKind.SEAT)
        }

        def usual(field: EntryField) -> bool:
            return field.name not in folded

        rows = self.seat_rows() if self.spec.by_seat else []
        groups = []
        for more in (False, True):
            wanted = {name for name, field, _seat in self.layout if usual(field) is not more}
            once = [bound for bound in self.once_fields() if bound.name in wanted]
            if not self.spec.by_seat:
                once = [bound for bound in self.visible_fields() if bound.name in wanted]
            seat_rows = [{**row, "fields": [b for b in row["fields"] if b.name in wanted]} for row in rows]
            seat_rows = [row for row in seat_rows if row["fields"]]
            shown = once + [bound for row in seat_rows for bound in row["fields"]]
            groups.append(
                {
                    "more": more,
                    "once": once,
                    "rows": seat_rows,
                    "labels": ", ".join(dict.fromkeys(str(self._spec_field(b.name).label) for b in shown)),
                    "open": not more or any(self._used(bound) for bound in shown),
                    "empty": not shown,
                }
            )
        return groups

    def _spec_field(self, name: str) -> EntryField:
        return next(field for key, field, _seat in self.layout if key == name)

    def _used(self, bound: forms.BoundField) -> bool:
        """Whether a field holds something other than what it reads as when left out, or an error."""
        if bound.errors:
            return True
        field = self._spec_field(bound.name)
        value = bound.value()
        if field.kind is FieldKind.SWITCH:
            return bool(value) and value not in ("false", "False")
        return value not in (None, "", str(field.initial), field.initial)

    def totals(self) -> list[EntryField]:
        """The shown per-seat fields whose values add up to a fixed total (the tricks, to 13), which
        the page checks as they are tapped (static/js/table.js)."""
        shown = {field.name for name, field, _seat in self.layout if not self[name].is_hidden}
        return [field for field in self.spec.fields if field.total is not None and field.name in shown]

    def total_lines(self) -> list[dict[str, Any]]:
        """Under the seat rows, one line per field of `totals`: its name and total (the page fills in the
        last seat's value from them) and the error of its sum, said once, where it is."""
        return [
            {"name": field.name, "total": field.total, "error": self.total_errors.get(field.name, "")}
            for field in self.totals()
        ]

    def no_play(self) -> bool:
        return bool(self.spec.no_play and self.cleaned_data.get(self.spec.no_play))

    def _value(self, name: str, field: EntryField) -> Choice | bool | None:
        raw = self.cleaned_data.get(name)
        if field.kind is FieldKind.SWITCH:
            return bool(raw)
        if raw in (None, ""):
            return field.initial
        if field.kind is FieldKind.SEAT:
            return int(raw)
        if field.entered_as is not None:
            return int(raw)  # one of its offsets, which the form field's choices have checked
        if field.kind is FieldKind.CHOICE:
            return next(value for value, _text in field.choices if str(value) == raw)
        return int(raw)

    def entry(self) -> dict[str, Any]:
        """The match-file entry the taps make: the no-play switch alone, or every other field."""
        if self.no_play():
            return {str(self.spec.no_play): True}
        entry: dict[str, Any] = {}
        for name, field, seat in self.layout:
            if field.name == self.spec.no_play:
                continue
            value = self._value(name, field)
            if seat is None:
                entry[field.name] = value
            else:
                entry.setdefault(field.name, [None] * self.game.seats)[seat] = value
        for field in self.spec.fields:
            relative = field.entered_as
            offset, to_value = entry.get(field.name), entry.get(relative.to) if relative else None
            if relative is not None and type(offset) is int and type(to_value) is int:
                # The entry keeps the field's own value (the tricks), the form its difference ("+1"): an
                # impossible one ("+6" at level 4) is refused on the field, with its rule.
                entry[field.name] = relative.value(field, offset, to_value)
        return entry

    def form_field(self, core_field: str) -> str | None:
        """The form field a core error names: ``calls[2]`` is ``calls_2``."""
        name = core_field.replace("[", "_").replace("]", "")
        return name if name in self.fields else None

    def seat_fields(self, core_field: str) -> list[str]:
        """The form fields of a per-seat field, one per seat (``tricks_0``...), or none."""
        return [name for name in (f"{core_field}_{seat}" for seat in range(self.game.seats)) if name in self.fields]

    def refuse(self, error: EntryError, *, still_to_choose: frozenset[str] = frozenset()) -> None:
        """Show each of the core's errors (`EntryErrors` holds several) on the field it names, or above the
        form, as a sentence with its rule. An error on a field still to choose, or on one already refused,
        is not said twice. An error on a per-seat field as a whole (the tricks do not add up) is said once,
        under that field's rows (``total_errors``), and each seat's buttons are marked invalid."""
        for one in getattr(error, "errors", (error,)):
            text = sentence(one.message, one.rule)
            name = self.form_field(one.field)
            if name is not None:
                if name not in self.errors and name not in still_to_choose:
                    self.add_error(name, text)
                continue
            seats = self.seat_fields(one.field)
            if seats and (still_to_choose & set(seats) or set(self.errors) & set(seats)):
                continue
            if seats and self._spec_field(seats[0]).total is not None:  # said under the rows (total_lines)
                self.total_errors[one.field] = text
                for seat_field in seats:
                    self.fields[seat_field].widget.attrs["aria-invalid"] = "true"
            self.add_error(None, text)

    def top_errors(self) -> list[str]:
        """The errors said above the form: those of no field, less those said under a per-seat field."""
        under = set(self.total_errors.values())
        return [str(error) for error in self.non_field_errors() if str(error) not in under]

    def all_errors(self) -> list[tuple[str, str]]:
        """Every error of the entry, as (the field's label or "", sentence), in the form's order: what the
        preview lists, so that a player sees them all at once beside Save."""
        listed = [("", text) for text in self.top_errors()]
        for name, _field, _seat in self.layout:
            listed += [(str(self.fields[name].label), str(text)) for text in self.errors.get(name, ())]
        listed += [("", text) for text in self.total_errors.values()]
        return listed

    def breaks_a_rule(self) -> bool:
        """Whether the entry breaks a rule (and not only has fields still to choose): Save waits for a fix."""
        incomplete = self.has_error(forms.forms.NON_FIELD_ERRORS, "incomplete")
        return bool(self.errors) and not (incomplete and len(self.all_errors()) == 1)

    def mark_missing(self) -> None:
        """Mark each required field still to choose as invalid, for a refused save (the preview
        only names them, so that fields not reached yet are not flagged while entering)."""
        for name in self.missing:
            if name not in self.errors:
                self.add_error(name, _("Still to choose."))

    def clean(self) -> dict[str, Any]:
        """Every error at once: the fields still to choose, and whatever the game refuses in the rest."""
        data = super().clean()
        if not self.no_play():
            self.missing = [
                name
                for name, field, _seat in self.layout
                if field.required and data.get(name) in (None, "") and name not in self.errors
            ]
        try:
            if self.step is Step.FIRST:
                read_first(self.spec, self.entry(), self.game.seats)
            else:
                self.deal = self.game.parse_deal(self.entry(), self.match_file.flags)
        except EntryError as error:
            self.refuse(error, still_to_choose=frozenset(self.missing))
        if self.missing:
            labels = ", ".join(str(self.fields[name].label).lower() for name in self.missing)
            raise forms.ValidationError(_("Still to choose: %(fields)s.") % {"fields": labels}, code="incomplete")
        return data


# A game's title read when the form is shown, in the language of that request (the choices are made at import).
_game_title = lazy(lambda name: str(GAMES[name].title), str)


class GamePlayersForm(forms.Form):
    """The game, up to four names in seat order (read by clean_players) and house-rule flags."""

    game = forms.ChoiceField(choices=[(name, _game_title(name)) for name in GAMES], widget=forms.RadioSelect)
    player_0 = forms.CharField(label=gettext_lazy("Player 1"), max_length=40)
    player_1 = forms.CharField(label=gettext_lazy("Player 2"), max_length=40)
    player_2 = forms.CharField(label=gettext_lazy("Player 3"), max_length=40, required=False)
    player_3 = forms.CharField(label=gettext_lazy("Player 4"), max_length=40, required=False)
    # Any game's flags are accepted here; clean() keeps those of the chosen game.
    flags = forms.MultipleChoiceField(
        label=gettext_lazy("House rules"),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        choices=[(flag.name, flag.name) for game in GAMES.values() for flag in game.flags.values()],
    )

    def game_options(self) -> list[tuple[Any, Game]]:
        """Each game's radio button with the game it chooses, so a template can ask the game."""
        return [(radio, GAMES[radio.data["value"]]) for radio in self["game"]]


MOST_SEATS = max(game.seats for game in GAMES.values())  # the name fields GamePlayersForm has


def has_target(game: Game) -> bool:
    """Whether a match of ``game`` is played to a target score: the new-match form asks for one."""
    return game.target_required or game.suggested_target is not None or game.default_target(frozenset()) is not None


def seat_label(seat: int, game: Game | None = None) -> str:
    """A seat as the new-match form names it: by the game's name for it where the rules name the seats
    ("North"), else by its number ("Player 1")."""
    if game is not None and seat < len(game.seat_names):
        return game.seat_names[seat]
    return _("Player %(number)s") % {"number": seat + 1}


lazy_seat_label = lazy(seat_label, str)  # for the choices of a form defined at import time


class NewMatchForm(GamePlayersForm):
    """A new match: game, players in seat order, first dealer, target and house rules.

    The page is laid out for one game (``chosen``: the game posted, else the initial one): its number of
    names, its sides, its target field prefilled with its suggestion (left out where it has none) and
    its house rules. The other games' fields are on the page too, hidden and disabled, and
    static/js/new_match.js shows them as soon as another game is tapped. What is posted is read for the
    game chosen and nothing is dropped: a name past its seats, a target it does not have, a house rule of
    another game are each refused at their field, by the match file's rules (parse_match).
    """

    first_dealer = forms.ChoiceField(
        label=gettext_lazy("First dealer"),
        choices=[
            ("random", gettext_lazy("Draw at random")),
            *((str(seat), lazy_seat_label(seat)) for seat in range(MOST_SEATS)),
        ],
        initial="random",
        widget=forms.RadioSelect,
    )
    target = forms.IntegerField(label=gettext_lazy("Target score"), required=False, min_value=1, max_value=MAX_TARGET)
    match_file: MatchFile

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        chosen = self.data.get("game") if self.is_bound else self.initial.get("game")
        self.chosen: Game = GAMES.get(chosen if isinstance(chosen, str) else "") or next(iter(GAMES.values()))
        # The seats as the chosen game names them: North, East, South, West where its rules do (the page's
        # script relabels them for another game, from setups()).
        for seat in range(MOST_SEATS):
            self.fields[f"player_{seat}"].label = seat_label(seat, self.chosen)
            # The names the account plays with, offered as a name is typed (the page's <datalist>).
            self.fields[f"player_{seat}"].widget.attrs["list"] = "player-names"
        dealer = self.fields["first_dealer"]
        assert isinstance(dealer, forms.ChoiceField)
        dealer.choices = [
            ("random", gettext_lazy("Draw at random")),
            *((str(seat), seat_label(seat, self.chosen)) for seat in range(MOST_SEATS)),
        ]

    @classmethod
    def for_game(cls, name: object, typed: Mapping[str, Any] | None = None) -> NewMatchForm:
        """An empty form laid out for game ``name`` (the first game if it is none), its target prefilled with
        the game's suggestion; ``typed`` holds names already typed (player_0...), which are kept."""
        game = (GAMES.get(name) if isinstance(name, str) else None) or next(iter(GAMES.values()))
        typed = typed or {}
        initial: dict[str, Any] = {
            f"player_{seat}": str(typed.get(f"player_{seat}") or "")[:MAX_NAME] for seat in range(MOST_SEATS)
        }
        initial.update(game=game.name, target=game.suggested_target)
        return cls(initial=initial)

    def _typed(self, seat: int) -> str:
        value = self[f"player_{seat}"].value()
        return value.strip() if isinstance(value, str) else ""

    def name_fields(self) -> list[tuple[forms.BoundField, bool]]:
        """Each name field, and whether it is shown: a seat of the game, or a name it cannot keep. A field
        not shown is disabled, so that it is not posted."""
        rows = []
        for seat in range(MOST_SEATS):
            field = self[f"player_{seat}"]
            shown = seat < self.chosen.seats or bool(field.errors)
            field.field.widget.attrs.update({"aria-describedby": f"err-player_{seat}", "disabled": not shown})
            rows.append((field, shown))
        return rows

    def dealer_options(self) -> list[tuple[Any, bool]]:
        """The first dealer's radio buttons, and whether each is a seat of the game."""
        return [
            (radio, not str(radio.data["value"]).isdigit() or int(radio.data["value"]) < self.chosen.seats)
            for radio in self["first_dealer"]
        ]

    def shows_target(self) -> bool:
        """Whether the target field is shown (and posted): the game has a target, or one it has not is refused."""
        shown = has_target(self.chosen) or bool(self["target"].errors)
        self.fields["target"].widget.attrs.update(
            {"aria-describedby": "target-text err-target", "inputmode": "numeric", "disabled": not shown}
        )
        return shown

    def rule_groups(self) -> list[tuple[Game, bool, list[Flag]]]:
        """Each game's house rules, whether they are the chosen game's (the others are hidden), and the flags
        offered as house rules: all but those asked first (`first_choices`)."""
        return [
            (game, game is self.chosen, [flag for flag in game.flags.values() if flag.first is None])
            for game in GAMES.values()
        ]

    def _chosen_flags(self) -> list[str]:
        value = self["flags"].value()
        return [str(name) for name in value] if isinstance(value, list | tuple) else []

    def first_choices(self) -> list[tuple[Game, bool, Flag, bool]]:
        """The flags asked first, as a choice between two forms of the game (`Flag.first`: rubber or Chicago),
        each with its game, whether that game is the chosen one, and whether the flag is on."""
        chosen = self._chosen_flags()
        return [
            (game, game is self.chosen, flag, flag.name in chosen or self.data.get(f"first_{flag.name}") == "on")
            for game in GAMES.values()
            for flag in game.flags.values()
            if flag.first is not None
        ]

    def sides_text(self) -> str:
        """Who plays whom in a partnership game, with the names typed so far: "Anna & Cleo v Player 2 & Dan"
        ("" where every player scores alone)."""
        if all(len(side) == 1 for side in self.chosen.sides):
            return ""
        names = [self._typed(seat) or seat_label(seat, self.chosen) for seat in range(self.chosen.seats)]
        return match_name(self.chosen, names)

    @staticmethod
    def setups() -> dict[str, dict[str, Any]]:
        """What static/js/new_match.js needs of each game to lay the page out for it, asked of the game."""
        return {
            name: {
                "seats": game.seats,
                "labels": [seat_label(seat, game) for seat in range(MOST_SEATS)],
                "sides": [list(side) for side in game.sides],
                "target": game.suggested_target,
                "has_target": has_target(game),
                "seating": game.seating,
                "target_text": game.target_text,
            }
            for name, game in GAMES.items()
        }

    def _form_field(self, core_field: str, game: Game) -> str | None:
        """The field a match-file error names: ``players[1]`` is player_1; ``players`` (too many names) the
        first name past the game's seats."""
        name = f"player_{game.seats}" if core_field == "players" else core_field.replace("players[", "player_")
        name = name.rstrip("]")
        return name if name in self.fields else None

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.errors:
            return data
        game = GAMES[data["game"]]
        names = [(data.get(f"player_{seat}") or "").strip() for seat in range(MOST_SEATS)]
        given = max((seat + 1 for seat, name in enumerate(names) if name), default=0)
        if given <= game.seats:
            clean_players(self, data, game)  # each empty seat
        dealer = data["first_dealer"]
        first = random.randrange(game.seats) if dealer == "random" else int(dealer)
        if first >= game.seats:
            text = _("%(game)s has %(seats)s players: choose one of them to deal first (%(rule)s).") % {
                "game": game.title,
                "seats": game.seats,
                "rule": game.dealer_rule,
            }
            self.add_error("first_dealer", text)
        if self.errors:
            return data
        # A flag asked first (rubber or Chicago) is posted as its own choice, first_<flag>: "on" or "off". One of
        # another game (a crafted post) goes with the house rules, which refuse it at their field (RULES-0.3).
        firsts = [
            flag.name
            for other in GAMES.values()
            for flag in other.flags.values()
            if flag.first and self.data.get(f"first_{flag.name}") == "on"
        ]
        doc = {
            "game": game.name,
            "players": names[: max(given, game.seats)],  # a name too many is refused, not dropped
            "first_dealer": first,
            "target": data.get("target"),
            "flags": sorted({*data.get("flags", []), *firsts}),
            "deals": [],
        }
        try:
            self.match_file = parse_match(doc)
        except EntryError as error:
            self.add_error(self._form_field(error.field, game), f"{error.message} ({error.rule})")
        return data


class RenamePlayersForm(forms.Form):
    """New names for a match's players, in seat order, under the rules of a new match's names."""

    def __init__(self, data: Any = None, *, match_file: MatchFile) -> None:
        self.match_file = match_file
        initial = {f"player_{seat}": name for seat, name in enumerate(match_file.players)}
        super().__init__(data, initial=initial)
        for seat in range(len(match_file.players)):
            self.fields[f"player_{seat}"] = forms.CharField(label=seat_label(seat), max_length=MAX_NAME)
        self.players: tuple[str, ...] = match_file.players

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.errors:
            return data
        doc = {**self.match_file.to_json(), "players": [data[name] for name in self.fields], "deals": []}
        try:
            self.players = parse_match(doc).players
        except EntryError as error:
            name = error.field.replace("players[", "player_").rstrip("]")
            self.add_error(name if name in self.fields else None, f"{error.message} ({error.rule})")
        return data


class ImportForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("Match file (JSON)"))

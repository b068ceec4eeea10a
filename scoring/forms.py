"""Forms: the boundary between the browser and the scoring core (STYLE.md 8).

The deal form is built from the game's entry spec (`Game.entry_spec`): it turns taps into a
match-file entry, then lets the game read it; a core error becomes an error on the field it
names, with the rule's message. Whether the deal fits the match (the end, the deals around it)
is judged once, when it is saved (scoring/services.py) or previewed.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from enum import StrEnum
from typing import Any

from django import forms
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe

from scoring.core.base import Choice, EntryError, EntryField, EntrySpec, FieldKind, Game
from scoring.core.games import GAMES
from scoring.core.match import MatchFile, parse_match
from scoring.core.steps import first_words, read_first

# The attributes a bound field sets that each button of a segmented group carries.
ARIA_ON_EACH = ("aria-invalid", "aria-describedby")


class Segmented(forms.RadioSelect):
    """Radio buttons drawn as a row of thumb-sized buttons (see trickbook.css)."""

    def render(self, name: str, value: Any, attrs: dict[str, Any] | None = None, renderer: Any = None) -> str:
        # Drawn here, not by a template per option: a deal form has up to a hundred buttons, and the
        # template way cost half of the match page's time.
        final = self.build_attrs(self.attrs, attrs)
        base_id = final.get("id") or ""
        aria = format_html_join("", ' {}="{}"', ((key, value) for key, value in final.items() if key in ARIA_ON_EACH))
        chosen = self.format_value(value)
        options, checked_one = [], False
        for index, (choice, label) in enumerate(self.choices):
            option_id = f"{base_id}_{index}" if base_id else ""
            checked = not checked_one and str(choice) in chosen
            checked_one = checked_one or checked
            options.append(
                format_html(
                    '\n<input type="radio" name="{}" value="{}" id="{}"{}{}><label for="{}">{}</label>',
                    name,
                    choice,
                    option_id,
                    mark_safe(" checked") if checked else "",
                    aria,
                    option_id,
                    label,
                )
            )
        div_id = format_html(' id="{}"', base_id) if base_id else ""
        return format_html('<div class="seg"{}>{}\n</div>', div_id, mark_safe("".join(options)))


def clean_players(form: forms.Form, data: dict[str, Any], game: Game) -> list[str]:
    """The game's number of names from fields player_0.., adding an error to each empty one."""
    players = [(data.get(f"player_{seat}") or "").strip() for seat in range(game.seats)]
    for seat, name in enumerate(players):
        if not name:
            form.add_error(f"player_{seat}", f"{game.title} needs {game.seats} players: enter a name.")
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


def form_field(field: EntryField, players: tuple[str, ...], seat: int | None) -> forms.Field:
    """The form field for one spec field (or one seat of a per-seat field); every field may be left
    empty here: what is still missing is said in one message (DealForm.clean)."""
    label = f"{players[seat]}'s {field.label}" if seat is not None else field.label
    initial = None if field.initial is None else str(field.initial)
    if field.kind is FieldKind.SWITCH:
        return forms.BooleanField(label=label, required=False)
    if field.kind is FieldKind.NUMBER:
        return forms.IntegerField(label=label, required=False, min_value=field.low, max_value=field.high)
    if field.kind is FieldKind.SEAT:
        choices = [("", field.none_label)] if field.none_label else []
        choices += [(str(index), name) for index, name in enumerate(players)]
    else:
        choices = [(str(value), text) for value, text in field.choices]
    # A value no button offers (a crafted post) is refused with the field's rule, like the core does.
    refused = {"invalid_choice": f"%(value)s is not allowed for {label} ({field.rule})."}
    return forms.ChoiceField(
        label=label, choices=choices, widget=Segmented, required=False, initial=initial, error_messages=refused
    )


def entry_to_initial(entry: Mapping[str, Any], spec: EntrySpec) -> dict[str, Any]:
    """Form initial data for editing a stored entry: one value per form field of ``spec``."""
    initial: dict[str, Any] = {}
    for field in spec.fields:
        value = entry.get(field.name, field.initial)
        if field.kind is FieldKind.SWITCH:
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
        **kwargs: Any,
    ) -> None:
        self.match_file = match_file
        self.replace = replace
        self.game = match_file.rules
        self.spec = self.game.entry_spec(match_file.flags)
        self.step = step
        self.layout = layout(self.spec, self.game.seats)
        if self.step is Step.FIRST:
            self.layout = [item for item in self.layout if item[1].name in self.spec.first]
        self.deal: Any = None
        self.missing: list[str] = []
        self.carried = entry if self.step is Step.REST else None  # the first fields, shown beside each seat
        if entry is not None:
            kwargs["initial"] = entry_to_initial(self._normalised(entry), self.spec)
        super().__init__(data, **kwargs)
        for name, field, seat in self.layout:
            self.fields[name] = form_field(field, match_file.players, seat)
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
        for seat, name in enumerate(players):
            shown = [self[key] for key, _field, at in self.layout if at == seat and not self[key].is_hidden]
            rows.append({"player": name, "fields": shown, "note": ", ".join(words[seat])})
        return rows

    def totals(self) -> list[EntryField]:
        """The shown per-seat fields whose values add up to a fixed total (the tricks, to 13), which
        the page checks as they are tapped (static/js/table.js)."""
        shown = {field.name for name, field, _seat in self.layout if not self[name].is_hidden}
        return [field for field in self.spec.fields if field.total is not None and field.name in shown]

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
        return entry

    def form_field(self, core_field: str) -> str | None:
        """The form field a core error names: ``calls[2]`` is ``calls_2``."""
        name = core_field.replace("[", "_").replace("]", "")
        return name if name in self.fields else None

    def refuse(self, error: EntryError) -> None:
        """Show a core error on the field it names (or above the form), with its rule. An error on a
        per-seat field as a whole (the tricks do not add up) is said above the form, and each seat's
        field is marked invalid."""
        name = self.form_field(error.field)
        self.add_error(name, f"{error.message} ({error.rule})")
        if name is None:
            for seat_field in (f"{error.field}_{seat}" for seat in range(self.game.seats)):
                if seat_field in self.fields and seat_field not in self.errors:
                    self.add_error(seat_field, "Together with the others, see above.")

    def mark_missing(self) -> None:
        """Mark each required field still to choose as invalid, for a refused save (the preview
        only names them, so that fields not reached yet are not flagged while entering)."""
        for name in self.missing:
            if name not in self.errors:
                self.add_error(name, "Still to choose.")

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.errors:
            return data
        if not self.no_play():
            self.missing = [
                name for name, field, _seat in self.layout if field.required and data.get(name) in (None, "")
            ]
            if self.missing:
                labels = ", ".join(str(self.fields[name].label).lower() for name in self.missing)
                raise forms.ValidationError(f"Still to choose: {labels}.", code="incomplete")
        try:
            if self.step is Step.FIRST:
                read_first(self.spec, self.entry(), self.game.seats)
            else:
                self.deal = self.game.parse_deal(self.entry(), self.match_file.flags)
        except EntryError as error:
            self.refuse(error)
        return data


class GamePlayersForm(forms.Form):
    """The game, up to four names in seat order (read by clean_players) and house-rule flags."""

    game = forms.ChoiceField(choices=[(name, game.title) for name, game in GAMES.items()], widget=forms.RadioSelect)
    player_0 = forms.CharField(label="Player 1", max_length=40)
    player_1 = forms.CharField(label="Player 2", max_length=40)
    player_2 = forms.CharField(label="Player 3", max_length=40, required=False)
    player_3 = forms.CharField(label="Player 4", max_length=40, required=False)
    # Any game's flags are accepted here; clean() keeps those of the chosen game.
    flags = forms.MultipleChoiceField(
        label="House rules",
        required=False,
        widget=forms.CheckboxSelectMultiple,
        choices=[(flag.name, flag.name) for game in GAMES.values() for flag in game.flags.values()],
    )

    def game_options(self) -> list[tuple[Any, Game]]:
        """Each game's radio button with the game it chooses, so a template can ask the game."""
        return [(radio, GAMES[radio.data["value"]]) for radio in self["game"]]


class NewMatchForm(GamePlayersForm):
    """A new match: game, players in seat order, first dealer, target and house rules."""

    first_dealer = forms.ChoiceField(
        label="First dealer",
        choices=[
            ("random", "Draw at random"),
            ("0", "Player 1"),
            ("1", "Player 2"),
            ("2", "Player 3"),
            ("3", "Player 4"),
        ],
        initial="random",
        widget=forms.RadioSelect,
    )
    target = forms.IntegerField(label="Target score", required=False, min_value=1, max_value=1_000_000)
    match_file: MatchFile

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.errors:
            return data
        game = GAMES[data["game"]]
        players = clean_players(self, data, game)
        if self.errors:
            return data
        dealer = data["first_dealer"]
        first = random.randrange(game.seats) if dealer == "random" else int(dealer)
        if first >= game.seats:
            self.add_error("first_dealer", f"{game.title} has only {game.seats} seats.")
            return data
        doc = {
            "game": game.name,
            "players": players,
            "first_dealer": first,
            "target": data.get("target"),
            "flags": [flag for flag in data.get("flags", []) if flag in game.flags],
            "deals": [],
        }
        if game.default_target(frozenset()) is None and not game.target_required:
            doc["target"] = None
        try:
            self.match_file = parse_match(doc)
        except EntryError as error:
            # The core names players[1]; the form calls that field player_1.
            field = {"players": "player_0"}.get(error.field, error.field.replace("players[", "player_").rstrip("]"))
            self.add_error(field if field in self.fields else None, f"{error.message} ({error.rule})")
        return data


class ImportForm(forms.Form):
    file = forms.FileField(label="Match file (JSON)")

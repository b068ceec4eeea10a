"""Forms of the "Check a hand" pages."""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.utils.text import format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from referee.core.actions import ACTIONS, FIELD_ACTIONS, SEAT_ACTIONS
from referee.core.games import REFEREES
from referee.core.setup import Setup
from scoring.core.games import GAMES
from scoring.forms import GamePlayersForm, clean_players, seat_label


class NewHandForm(GamePlayersForm):
    """A new hand record: game, players, dealer and house rules; the hands come after.

    Only the games with a referee (REFEREES) are offered.
    """

    game = forms.ChoiceField(choices=[(name, GAMES[name].title) for name in REFEREES], widget=forms.RadioSelect)

    dealer = forms.TypedChoiceField(
        label=gettext_lazy("Dealer"),
        choices=[
            (str(seat), format_lazy(gettext_lazy("Player {number}"), number=seat + 1))
            for seat in range(max(r.setup.seats for r in REFEREES.values()))
        ],
        coerce=int,
        widget=forms.RadioSelect,
    )

    recording = forms.ChoiceField(
        label=gettext_lazy("What you will record"),
        choices=[
            ("plays", gettext_lazy("The cards as they were played: no hands to enter (quickest)")),
            ("hands", gettext_lazy("The hands first, then the plays")),
        ],
        initial="plays",
        required=False,  # a post without it (an older page) records the hands, as every page did before
        widget=forms.RadioSelect,
    )

    record: dict[str, Any]

    def __init__(self, *args: Any, game: str, **kwargs: Any) -> None:
        """The form for a hand of ``game`` (a game with a referee): its seats' names, dealers and house rules."""
        super().__init__(*args, **kwargs)
        self.chosen = GAMES[game]
        seats = self.chosen.seats
        # The seats as the game names them: North to West where its rules do, else Player 1 to 4.
        for seat in range(seats):
            self.fields[f"player_{seat}"].label = seat_label(seat, self.chosen)
        dealer = self.fields["dealer"]
        assert isinstance(dealer, forms.ChoiceField)
        dealer.choices = [(str(seat), seat_label(seat, self.chosen)) for seat in range(seats)]

    def name_fields(self) -> list[Any]:
        """The name fields of the chosen game's seats, in seat order: two for a two-player game, four for four."""
        return [self[f"player_{seat}"] for seat in range(self.chosen.seats)]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.errors:
            return data
        game = GAMES[data["game"]]
        players = clean_players(self, data, game)
        if data["dealer"] >= game.seats:
            self.add_error(
                "dealer", _("%(game)s has only %(seats)s seats.") % {"game": game.title, "seats": game.seats}
            )
        if self.errors:
            return data
        self.record = {
            "game": game.name,
            "players": players,
            "dealer": data["dealer"],
            "flags": [flag for flag in data.get("flags", []) if flag in game.flags],
            "hands": [[] for _ in players],
            "events": [],
        }
        if data.get("recording") == "plays":
            del self.record["hands"]  # a record of the plays only (docs/hand-record.md)
        elif data.get("recording") == "hands" and REFEREES[game.name].setup.held is not None:
            self.record["held"] = True  # the hands as held when the play starts, never the dealt lots
        return data


# Numbers in the request: ASCII digits only, since str.isdigit() (and int()) also take ², ① and ٣.
_NUMBER = re.compile(r"[0-9]+")


def request_number(value: object, *, digits: int = 9) -> int | None:
    """A whole number written with 1 to ``digits`` ASCII digits, else None (blank, signed, ², ①, too long)."""
    if isinstance(value, str) and len(value) <= digits and _NUMBER.fullmatch(value):
        return int(value)
    return None


# What one post of the hand page may carry (docs/hand-record.md "Limits").
TOKEN_LENGTH = 16  # one card, call or choice: "10♥", "redouble", "throw_in"
MOST_CARDS = max(len(referee.setup.pack) for referee in REFEREES.values())  # no field lists more cards than a pack
CARD_LIST_LENGTH = 6 * MOST_CARDS  # every card of the pack written out, with room for spaces


class CardTokensField(forms.Field):
    """Cards posted as repeated fields (the discard's checkboxes): a list of short tokens."""

    widget = forms.MultipleHiddenInput

    def to_python(self, value: Any) -> list[str]:
        if not value:
            return []
        if not isinstance(value, (list, tuple)):
            raise ValidationError(_("a list of cards"))
        return [str(token).strip() for token in value]

    def validate(self, value: Any) -> None:
        super().validate(value)
        if len(value) > MOST_CARDS:
            raise ValidationError(_("at most %(count)s cards") % {"count": MOST_CARDS})
        if any(len(token) > TOKEN_LENGTH for token in value):
            raise ValidationError(_("a card is at most %(count)s characters") % {"count": TOKEN_LENGTH})


def _text(length: int, *, strip: bool = True) -> forms.CharField:
    return forms.CharField(required=False, max_length=length, strip=strip)


class HandActionForm(forms.Form):
    """One tap on the hand page: the action, the seat it is for and the card, call or choice it carries.

    Only the shape is checked here (lengths, known words, a seat of the hand, a kind of event the game
    records, the fields the game's setup lists outside the hands); what the record becomes is checked by
    the game's own parser before it is saved (referee.core.limits.check_record).
    """

    action = forms.ChoiceField(
        choices=[(name, name) for name in ACTIONS],
        error_messages={"invalid_choice": gettext_lazy("not an action of this page")},
    )
    kind = forms.ChoiceField(required=False)  # the game's kinds of event, set in __init__
    seat = _text(TOKEN_LENGTH, strip=False)  # read by request_number: " 1" is no more a seat than "²"
    into = forms.ChoiceField(required=False)  # a field outside the hands that a card is tapped into, set in __init__
    card = _text(TOKEN_LENGTH)
    cards = CardTokensField(required=False)
    cards_text = _text(CARD_LIST_LENGTH)
    call = _text(TOKEN_LENGTH)
    choice = _text(TOKEN_LENGTH)
    announce = _text(TOKEN_LENGTH)

    def __init__(self, *args: Any, setup: Setup, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.setup = setup
        kind = self.fields["kind"]
        assert isinstance(kind, forms.ChoiceField)
        kind.choices = [("", ""), *((name, name) for name in setup.taps)]
        kind.error_messages["invalid_choice"] = _("an event is one of %(kinds)s") % {"kinds": ", ".join(setup.taps)}
        for field in setup.extras:
            self.fields[field.name] = _text(CARD_LIST_LENGTH if field.many else TOKEN_LENGTH)
        into = self.fields["into"]
        assert isinstance(into, forms.ChoiceField)
        names = [field.name for field in setup.extras]
        into.choices = [("", ""), *((name, name) for name in names)]
        into.error_messages["invalid_choice"] = (
            _("a card goes into a hand or one of %(fields)s") % {"fields": ", ".join(names)}
            if names
            else _("a card goes into a hand")
        )

    def clean_seat(self) -> int | None:
        text = self.cleaned_data["seat"]
        seat = request_number(text, digits=2)
        seats = self.setup.seats
        if text and (seat is None or seat >= seats):
            raise ValidationError(_("a seat is a number from 0 to %(last)s") % {"last": seats - 1})
        return seat

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        action = data.get("action")
        into = action in FIELD_ACTIONS and (data.get("into") or "into" in self.errors)
        if action in SEAT_ACTIONS and not into and "seat" not in self.errors and data.get("seat") is None:
            self.add_error("seat", _("choose a player"))
        if action == "event" and "kind" not in self.errors and not data.get("kind"):
            self.add_error("kind", _("choose what happened"))
        return data

    def problem(self) -> str:
        """The first refusal, naming its field: ``seat: a seat is a number from 0 to 3``."""
        field, errors = next(iter(self.errors.items()))
        return f"{errors[0]}" if field == NON_FIELD_ERRORS else f"{field}: {errors[0]}"

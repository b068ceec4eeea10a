"""Forms of the "Check a hand" pages."""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError

from referee.core.cards import bridgette_pack, standard_pack
from scoring.core.base import Game
from scoring.core.games import GAMES
from scoring.forms import GamePlayersForm, clean_players

# Cards that a game's record holds besides the hands, entered as card codes (docs/referee/).
EXTRA_FIELDS: dict[str, list[tuple[str, str, bool]]] = {
    # (field, label, is a list of cards)
    "bridgette": [
        ("stock", "Stock, top card first (optional; its first card is the upcard)", True),
        ("upcard", "Upcard (if the stock was not recorded)", False),
    ],
    "draw_bridge": [("stock", "Stock, top card first (26 cards)", True)],
    "call_bridge": [],
    "klaberjass": [("turn_up", "Turn-up card", False), ("bottom", "Bottom card (optional)", False)],
}


class NewHandForm(GamePlayersForm):
    """A new hand record: game, players, dealer and house rules; the hands come after."""

    dealer = forms.TypedChoiceField(
        label="Dealer",
        choices=[(str(seat), f"Player {seat + 1}") for seat in range(4)],
        coerce=int,
        widget=forms.RadioSelect,
    )

    record: dict[str, Any]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.errors:
            return data
        game = GAMES[data["game"]]
        players = clean_players(self, data, game)
        if data["dealer"] >= game.seats:
            self.add_error("dealer", f"{game.title} has only {game.seats} seats.")
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
MOST_CARDS = max(len(bridgette_pack()), len(standard_pack()))  # no field lists more cards than a pack holds
CARD_LIST_LENGTH = 6 * MOST_CARDS  # every card of the pack written out, with room for spaces
ACTIONS = ("add_card", "remove_card", "set_hand", "set_extra", "event", "undo_event")
SEAT_ACTIONS = ("add_card", "remove_card", "set_hand", "event")
# The event kinds the page posts (the referee's Turn.kind, and dix/declare) and the record event each makes.
EVENT_KINDS = {
    "play": "play",
    "call": "call",
    "draw": "draw",
    "discard": "discard",
    "declare": "declare",
    "dix": "dix",
    "trump": "bid",
    "answer": "answer",
}


class CardTokensField(forms.Field):
    """Cards posted as repeated fields (the discard's checkboxes): a list of short tokens."""

    widget = forms.MultipleHiddenInput

    def to_python(self, value: Any) -> list[str]:
        if not value:
            return []
        if not isinstance(value, (list, tuple)):
            raise ValidationError("a list of cards")
        return [str(token).strip() for token in value]

    def validate(self, value: Any) -> None:
        super().validate(value)
        if len(value) > MOST_CARDS:
            raise ValidationError(f"at most {MOST_CARDS} cards")
        if any(len(token) > TOKEN_LENGTH for token in value):
            raise ValidationError(f"a card is at most {TOKEN_LENGTH} characters")


def _text(length: int, *, strip: bool = True) -> forms.CharField:
    return forms.CharField(required=False, max_length=length, strip=strip)


class HandActionForm(forms.Form):
    """One tap on the hand page: the action, the seat it is for and the card, call or choice it carries.

    Only the shape is checked here (lengths, known words, a seat of the hand); what the record becomes
    is checked by the game's own parser before it is saved (referee.limits.check_record).
    """

    action = forms.ChoiceField(
        choices=[(name, name) for name in ACTIONS], error_messages={"invalid_choice": "not an action of this page"}
    )
    kind = forms.ChoiceField(
        required=False,
        choices=[("", ""), *((name, name) for name in EVENT_KINDS)],
        error_messages={"invalid_choice": f"an event is one of {', '.join(EVENT_KINDS)}"},
    )
    seat = _text(TOKEN_LENGTH, strip=False)  # read by request_number: " 1" is no more a seat than "²"
    card = _text(TOKEN_LENGTH)
    cards = CardTokensField(required=False)
    cards_text = _text(CARD_LIST_LENGTH)
    call = _text(TOKEN_LENGTH)
    choice = _text(TOKEN_LENGTH)
    announce = _text(TOKEN_LENGTH)

    def __init__(self, *args: Any, game: Game, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.game = game
        for field, _label, many in EXTRA_FIELDS[game.name]:
            self.fields[field] = _text(CARD_LIST_LENGTH if many else TOKEN_LENGTH)

    def clean_seat(self) -> int | None:
        text = self.cleaned_data["seat"]
        seat = request_number(text, digits=2)
        if text and (seat is None or seat >= self.game.seats):
            raise ValidationError(f"a seat is a number from 0 to {self.game.seats - 1}")
        return seat

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        action = data.get("action")
        if action in SEAT_ACTIONS and "seat" not in self.errors and data.get("seat") is None:
            self.add_error("seat", "choose a player")
        if action == "event" and "kind" not in self.errors and not data.get("kind"):
            self.add_error("kind", "choose what happened")
        return data

    def problem(self) -> str:
        """The first refusal, naming its field: ``seat: a seat is a number from 0 to 3``."""
        field, errors = next(iter(self.errors.items()))
        return f"{errors[0]}" if field == NON_FIELD_ERRORS else f"{field}: {errors[0]}"

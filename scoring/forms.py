"""Forms: the boundary between the browser and the scoring core (STYLE.md 8).

Deal forms turn taps into a match-file entry, then let the core judge it; a
core error becomes an error on the field it names, with the rule's message.
"""

from __future__ import annotations

import random
from typing import Any

from django import forms

from scoring.core.base import EntryError, Game
from scoring.core.games import GAMES
from scoring.core.match import MatchFile, MatchResult, check_deal, evaluate, parse_match

STRAINS = [("C", "♣"), ("D", "♦"), ("H", "♥"), ("S", "♠"), ("NT", "NT")]
DOUBLED = [("0", "–"), ("1", "X"), ("2", "XX")]
SUITS = [("S", "♠"), ("H", "♥"), ("D", "♦"), ("C", "♣")]


class Segmented(forms.RadioSelect):
    """Radio buttons drawn as a row of thumb-sized buttons (see trickbook.css)."""

    template_name = "scoring/widgets/segmented.html"


def numbers(low: int, high: int) -> list[tuple[str, str]]:
    return [(str(value), str(value)) for value in range(low, high + 1)]


def segmented(label: str, choices: list[tuple[str, str]], **kwargs: Any) -> forms.ChoiceField:
    return forms.ChoiceField(label=label, choices=choices, widget=Segmented, required=False, **kwargs)


def seat_field(label: str, *, none_label: str | None = None) -> forms.ChoiceField:
    """A segmented choice of the match's players; the form fills in their names."""
    field = segmented(label, [("", none_label)] if none_label else [])
    field.seat_choices = True  # type: ignore[attr-defined]
    return field


def clean_players(form: forms.Form, data: dict[str, Any], game: Game) -> list[str]:
    """The game's number of names from fields player_0.., adding an error to each empty one."""
    players = [(data.get(f"player_{seat}") or "").strip() for seat in range(game.seats)]
    for seat, name in enumerate(players):
        if not name:
            form.add_error(f"player_{seat}", f"{game.title} needs {game.seats} players: enter a name.")
    return players


class DealForm(forms.Form):
    """Base of the per-game deal forms. Subclasses build ``entry()`` from cleaned data."""

    # Fields that must all be chosen unless the deal is a no-play deal.
    required_fields: tuple[str, ...] = ()
    # Field that marks a deal with no play (passed out, annulled).
    no_play_field: str | None = None

    def __init__(self, *args: Any, match_file: MatchFile, replace: int | None = None, **kwargs: Any) -> None:
        self.match_file = match_file
        self.replace = replace
        self.result: MatchResult | None = None
        self.missing: list[str] = []
        super().__init__(*args, **kwargs)
        players = match_file.players
        seats = [(str(seat), name) for seat, name in enumerate(players)]
        for field in self.fields.values():
            if getattr(field, "seat_choices", False):
                # Fields are deep-copied per form instance, so this does not leak between matches.
                field.choices = [*field.choices, *seats]  # type: ignore[attr-defined]

    def no_play(self) -> bool:
        return bool(self.no_play_field and self.cleaned_data.get(self.no_play_field))

    def entry(self) -> dict[str, Any]:
        raise NotImplementedError

    def form_field(self, core_field: str) -> str | None:
        """The form field a core error names: ``calls[2]`` is ``calls_2``."""
        name = core_field.replace("[", "_").replace("]", "")
        return name if name in self.fields else None

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.errors:
            return data
        if not self.no_play():
            self.missing = [name for name in self.required_fields if data.get(name) in (None, "")]
            if self.missing:
                labels = ", ".join(str(self.fields[name].label).lower() for name in self.missing)
                raise forms.ValidationError(f"Still to choose: {labels}.", code="incomplete")
        try:
            self.result = check_deal(self.match_file, self.entry(), replace=self.replace)
        except EntryError as error:
            self.add_error(self.form_field(error.field), f"{error.message} ({error.rule})")
        return data


class ContractDealForm(DealForm):
    """Bridgette and Draw Bridge: declarer, contract, doubling and the declarer's tricks."""

    required_fields = ("declarer", "level", "strain", "tricks")
    no_play_field = "passed_out"

    passed_out = forms.BooleanField(label="Passed out (no bid)", required=False)
    declarer = seat_field("Declarer")
    level = segmented("Level", numbers(0, 7))
    strain = segmented("Strain", STRAINS)
    doubled = segmented("Doubled", DOUBLED, initial="0")
    tricks = segmented("Declarer's tricks", numbers(0, 13))

    def entry(self) -> dict[str, Any]:
        data = self.cleaned_data
        if data.get("passed_out"):
            return {"passed_out": True}
        return {
            "declarer": int(data["declarer"]),
            "level": int(data["level"]),
            "strain": data["strain"],
            "doubled": int(data.get("doubled") or 0),
            "tricks": int(data["tricks"]),
        }


class DrawBridgeDealForm(ContractDealForm):
    level = segmented("Level", numbers(1, 7))


class CallBridgeDealForm(DealForm):
    """Call Bridge: each player's call (2-12) and tricks (0-13), in seat order."""

    def __init__(self, *args: Any, match_file: MatchFile, **kwargs: Any) -> None:
        super().__init__(*args, match_file=match_file, **kwargs)
        high = 13 if "cb_allow_13" in match_file.flags else 12
        for seat, name in enumerate(match_file.players):
            self.fields[f"calls_{seat}"] = segmented(f"{name}'s call", numbers(2, high))
            self.fields[f"tricks_{seat}"] = segmented(f"{name}'s tricks", numbers(0, 13))
        self.required_fields = tuple(
            name for seat in range(len(match_file.players)) for name in (f"calls_{seat}", f"tricks_{seat}")
        )

    def entry(self) -> dict[str, Any]:
        seats = range(len(self.match_file.players))
        return {
            "calls": [int(self.cleaned_data[f"calls_{seat}"]) for seat in seats],
            "tricks": [int(self.cleaned_data[f"tricks_{seat}"]) for seat in seats],
        }


class KlaberjassDealForm(DealForm):
    """Klaberjass: maker, trump, card points, last trick, sequences after comparison, bella."""

    required_fields = ("maker", "trump", "card_points_0", "card_points_1", "last_trick")
    no_play_field = "annulled"

    annulled = forms.BooleanField(label="Annulled (both passed twice)", required=False)
    maker = seat_field("Maker")
    trump = segmented("Trump", SUITS)
    card_points_0 = forms.IntegerField(label="Card points", required=False, min_value=0, max_value=146)
    card_points_1 = forms.IntegerField(label="Card points", required=False, min_value=0, max_value=146)
    last_trick = seat_field("Last trick")
    sequence_points_0 = segmented("Sequences", [], initial="0")
    sequence_points_1 = segmented("Sequences", [], initial="0")
    bella = seat_field("Bella", none_label="nobody")

    def __init__(self, *args: Any, match_file: MatchFile, **kwargs: Any) -> None:
        super().__init__(*args, match_file=match_file, **kwargs)
        values = [0, 20, 40, 50, 60, 70, 100] if "kj_score_all_sequences" in match_file.flags else [0, 20, 50]
        for seat, name in enumerate(match_file.players):
            self.fields[f"card_points_{seat}"].label = f"{name}'s card points"
            self.fields[f"sequence_points_{seat}"].label = f"{name}'s sequences"
            self.fields[f"sequence_points_{seat}"].choices = [(str(v), str(v)) for v in values]  # type: ignore[attr-defined]

    def entry(self) -> dict[str, Any]:
        data = self.cleaned_data
        if data.get("annulled"):
            return {"annulled": True}
        bella = data.get("bella")
        return {
            "maker": int(data["maker"]),
            "trump": data["trump"],
            "card_points": [data["card_points_0"], data["card_points_1"]],
            "last_trick": int(data["last_trick"]),
            "sequence_points": [int(data.get("sequence_points_0") or 0), int(data.get("sequence_points_1") or 0)],
            "bella": int(bella) if bella not in (None, "") else None,
        }


DEAL_FORMS: dict[str, type[DealForm]] = {
    "bridgette": ContractDealForm,
    "draw_bridge": DrawBridgeDealForm,
    "call_bridge": CallBridgeDealForm,
    "klaberjass": KlaberjassDealForm,
}


def entry_to_initial(entry: dict[str, Any]) -> dict[str, Any]:
    """Form initial data for editing a stored entry."""
    initial: dict[str, Any] = {}
    for key, value in entry.items():
        if isinstance(value, list):
            for seat, item in enumerate(value):
                initial[f"{key}_{seat}"] = "" if item is None else str(item)
        elif isinstance(value, bool):
            initial[key] = value
        else:
            initial[key] = "" if value is None else str(value)
    return initial


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
            evaluate(self.match_file)
        except EntryError as error:
            # The core names players[1]; the form calls that field player_1.
            field = {"players": "player_0"}.get(error.field, error.field.replace("players[", "player_").rstrip("]"))
            self.add_error(field if field in self.fields else None, f"{error.message} ({error.rule})")
        return data


class ImportForm(forms.Form):
    file = forms.FileField(label="Match file (JSON)")

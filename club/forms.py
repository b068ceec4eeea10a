"""The club's forms: a new event (its game laid out by ``?game=``, as the new-match form is), a league, and the
director's move of two entrants before a round starts (docs/style.md 8)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from club.models import ROTATION, SWISS, League
from scoring import table
from scoring.core.base import EntryError, Game
from scoring.core.games import GAMES
from scoring.core.match import MAX_NAME, name_problem, parse_match
from scoring.forms import sentence
from scoring.models import GAME_CHOICES

MOST_ENTRANTS = 240  # 120 tables of two teams, or 60 of four players
MOST_ROUNDS = 20
MOST_DEALS = 50


def rotation_allowed(game: Game) -> bool:
    """A progressive rotation seats four players as two partnerships (CL-2.4)."""
    return len(game.sides) == 2 and all(len(side) == 2 for side in game.sides)


def table_size(game: Game, movement: str) -> int:
    """How many entrants one table seats: one per side, or in a rotation one per seat."""
    return game.seats if movement == ROTATION else len(game.sides)


def team_size(game: Game, movement: str) -> int:
    return 1 if movement == ROTATION else len(game.sides[0])


class EventForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name of the event"), max_length=80)
    game = forms.ChoiceField(label=gettext_lazy("Game"), choices=GAME_CHOICES, widget=forms.HiddenInput)
    movement = forms.ChoiceField(
        label=gettext_lazy("Tables"),
        choices=(
            (SWISS, gettext_lazy("Drawn, then by standings, no rematches (Swiss)")),
            (ROTATION, gettext_lazy("Progressive: individual players, a new partner every round")),
        ),
        initial=SWISS,
        widget=forms.RadioSelect,
    )
    entrants = forms.CharField(
        label=gettext_lazy("Entrants, one a line"),
        widget=forms.Textarea(attrs={"rows": 8}),
        help_text=gettext_lazy("A team is its players joined by “&”: Anna & Ben."),
    )
    rounds = forms.IntegerField(label=gettext_lazy("Rounds"), min_value=1, max_value=MOST_ROUNDS, initial=3)
    deals_per_round = forms.IntegerField(
        label=gettext_lazy("Deals a round"),
        min_value=1,
        max_value=MOST_DEALS,
        required=False,
        help_text=gettext_lazy("Leave empty to play each round to the game's own end of a match."),
    )
    target = forms.IntegerField(label=gettext_lazy("Target"), min_value=1, required=False)
    flags = forms.MultipleChoiceField(
        label=gettext_lazy("House rules"), required=False, widget=forms.CheckboxSelectMultiple
    )
    confirmation = forms.ChoiceField(
        label=gettext_lazy("Confirmation"), choices=table.CONFIRMATION_CHOICES, initial=table.SIDES
    )
    league = forms.ModelChoiceField(
        label=gettext_lazy("League"),
        queryset=League.objects.none(),
        required=False,
        empty_label=gettext_lazy("No league"),
    )

    def __init__(self, *args: Any, game: str, owner: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.rules = GAMES[game]
        self.fields["game"].initial = game
        self.fields["flags"].choices = [(name, flag.text) for name, flag in self.rules.flags.items()]
        self.fields["league"].queryset = League.objects.filter(owner=owner)
        self.fields["target"].help_text = self.rules.target_text
        self.teams: list[list[str]] = []

    def clean_game(self) -> str:
        if self.cleaned_data["game"] != self.rules.name:
            raise forms.ValidationError(_("The form was laid out for another game; choose the game again."))
        return str(self.cleaned_data["game"])

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        movement = data.get("movement")
        if movement == ROTATION and not rotation_allowed(self.rules):
            self.add_error("movement", _("A progressive rotation needs a game of two partnerships (CL-2.4)."))
            return data
        if movement and "entrants" in data:
            self.teams = self._teams(data["entrants"], movement)
        if self.teams and "rounds" in data and movement == ROTATION and data["rounds"] > len(self.teams) - 1:
            text = _("%(count)s players have a new partner for %(most)s rounds at most (CL-2.4).")
            self.add_error("rounds", text % {"count": len(self.teams), "most": len(self.teams) - 1})
        try:
            parse_match(
                {
                    "game": self.rules.name,
                    "players": [f"P{seat + 1}" for seat in range(self.rules.seats)],
                    "first_dealer": 0,
                    "target": data.get("target"),
                    "flags": data.get("flags", []),
                }
            )
        except EntryError as error:
            field = error.field if error.field in ("target", "flags") else None
            self.add_error(field, sentence(error.message, error.rule))
        return data

    def _teams(self, text: str, movement: str) -> list[list[str]]:
        size, seated = team_size(self.rules, movement), table_size(self.rules, movement)
        teams: list[list[str]] = []
        seen: dict[str, int] = {}
        for number, line in enumerate((line.strip() for line in text.splitlines() if line.strip()), start=1):
            names = [name.strip() for name in line.split("&")]
            where = _("Entrant %(number)s (“%(line)s”)") % {"number": number, "line": line[:60]}
            teams.append(names)  # counted, even when refused below: the form is then refused as a whole
            if len(names) != size:
                text = ngettext(
                    "%(where)s: give one name, with no “&” (CL-1.2).",
                    "%(where)s: give %(size)s names, joined by “&” (CL-1.2).",
                    size,
                )
                self.add_error("entrants", text % {"where": where, "size": size})
                continue
            for name in names:
                problem = name_problem(name)
                if not name or len(name) > MAX_NAME:
                    problem = _("a player's name must have 1 to {most} characters").format(most=MAX_NAME)
                if problem:
                    self.add_error("entrants", f"{where}: {sentence(problem, '')}")
                elif name.casefold() in seen:
                    text = _("%(where)s: %(name)s is already entrant %(other)s; give each player a name of their own.")
                    self.add_error("entrants", text % {"where": where, "name": name, "other": seen[name.casefold()]})
                else:
                    seen[name.casefold()] = number
        if len(teams) > MOST_ENTRANTS:
            self.add_error("entrants", _("An event has at most %(most)s entrants.") % {"most": MOST_ENTRANTS})
        elif len(teams) < seated:
            text = _("Enter at least %(least)s entrants: one table seats %(least)s.")
            self.add_error("entrants", text % {"least": seated})
        elif movement == ROTATION and len(teams) % seated:
            text = _("A progressive rotation needs a multiple of %(size)s players, not %(count)s (CL-2.4).")
            self.add_error("entrants", text % {"size": seated, "count": len(teams)})
        return teams


class LeagueForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name of the league"), max_length=80)


class MoveForm(forms.Form):
    """Swap two entrants' places in a round not yet started (CL-2.5)."""

    first = forms.TypedChoiceField(label=gettext_lazy("Swap"), coerce=int)
    second = forms.TypedChoiceField(label=gettext_lazy("with"), coerce=int)

    def __init__(self, *args: Any, entrants: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["first"].choices = entrants
        self.fields["second"].choices = entrants

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("first") is not None and data.get("first") == data.get("second"):
            self.add_error("second", _("Choose two different entrants to swap."))
        return data

"""The club's forms: a new event (its game laid out by ``?game=``, as the new-match form is), a league, and the
director's move of two entrants before a round starts (docs/style.md 8)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from club.core.duplicate import boards
from club.core.duplicate.imps import BUTLER_ALL_SCORES
from club.core.duplicate.matchpoints import ACBL_MATCHPOINTS
from club.core.duplicate.movements import FEWEST_TABLES, SKIP_MITCHELL
from club.core.duplicate.standings import Scoring
from club.core.duplicate.travellers import Result
from club.models import ROTATION, SWISS, League
from scoring import table
from scoring.core.base import EntryError, Game, RuleError
from scoring.core.contract import RESULT_OFFSETS, seat_letters
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


# Duplicate pairs (docs/rules/duplicate.md)

MOST_TABLES = 30
MOST_BOARDS_A_ROUND = 8


class PairsSessionForm(forms.Form):
    """A new duplicate pairs session: its tables choose the movement (DP-2.1), one pair a line."""

    name = forms.CharField(label=gettext_lazy("Name of the session"), max_length=80)
    tables = forms.IntegerField(
        label=gettext_lazy("Tables"),
        min_value=FEWEST_TABLES,
        max_value=MOST_TABLES,
        initial=FEWEST_TABLES,
        help_text=gettext_lazy("3 or 4 tables play a Howell, 5 or more a Mitchell (DP-2.1)."),
    )
    boards_per_round = forms.IntegerField(
        label=gettext_lazy("Boards a round"), min_value=1, max_value=MOST_BOARDS_A_ROUND, initial=3
    )
    scoring = forms.ChoiceField(
        label=gettext_lazy("Scoring"),
        choices=(
            (Scoring.MATCHPOINTS.value, gettext_lazy("Matchpoints (DP-4)")),
            (Scoring.BUTLER.value, gettext_lazy("IMPs against a datum, Butler (DP-5.2)")),
            (Scoring.CROSS_IMPS.value, gettext_lazy("Cross-IMPs (DP-5.3)")),
        ),
        initial=Scoring.MATCHPOINTS.value,
        widget=forms.RadioSelect,
    )
    pairs = forms.CharField(
        label=gettext_lazy("Pairs, one a line"),
        widget=forms.Textarea(attrs={"rows": 8}),
        help_text=gettext_lazy("Two players joined by “&”: Anna & Ben. Two pairs a table."),
    )
    flags = forms.MultipleChoiceField(
        label=gettext_lazy("House rules"),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        choices=(
            (SKIP_MITCHELL, gettext_lazy("An even Mitchell skips a table half way instead of a relay (R-DP-2)")),
            (ACBL_MATCHPOINTS, gettext_lazy("Matchpoints 1 a score beaten and ½ a tie (R-DP-3)")),
            (BUTLER_ALL_SCORES, gettext_lazy("The Butler datum averages every score (R-DP-4)")),
        ),
    )

    def clean_pairs(self) -> list[str]:
        pairs: list[str] = []
        seen: set[str] = set()
        for line in (line.strip() for line in self.cleaned_data["pairs"].splitlines()):
            if not line:
                continue
            names = [name.strip() for name in line.split("&")]
            where = _("Pair %(number)s (“%(line)s”)") % {"number": len(pairs) + 1, "line": line[:60]}
            if len(names) != 2 or not all(names) or any(len(name) > MAX_NAME for name in names):
                text = _("%(where)s: give two names of 1 to %(most)s characters, joined by “&”.")
                raise forms.ValidationError(text % {"where": where, "most": MAX_NAME})
            for name in names:
                if name.casefold() in seen:
                    text = _("%(where)s: %(name)s is already in another pair.")
                    raise forms.ValidationError(text % {"where": where, "name": name})
                seen.add(name.casefold())
            pairs.append(" & ".join(names))
        return pairs

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        tables, pairs = data.get("tables"), data.get("pairs")
        if tables and pairs is not None and len(pairs) != 2 * tables:
            text = _("%(tables)s tables seat %(pairs)s pairs, not %(count)s: two pairs a table (DP-2.1).")
            self.add_error("pairs", text % {"tables": tables, "pairs": 2 * tables, "count": len(pairs)})
        return data


SEAT_CHOICES = (("", "–"), ("0", "N"), ("1", "E"), ("2", "S"), ("3", "W"))


def result_choices() -> list[tuple[str, str]]:
    """The results a contract is said to have made: "=", "+1" ... "−13" (DP-1.4)."""
    return [("", "–"), *((str(offset), text) for offset, text in RESULT_OFFSETS.choices)]


class BoardResultForm(forms.Form):
    """One board's result at one table, as it is written: the contract, the declarer and the result (DP-1.4), or
    the director's artificial score, ``A+/A-`` (DP-3.2). A row left with no contract holds no result."""

    contract = forms.CharField(label=gettext_lazy("Contract"), max_length=20, required=False)
    declarer = forms.ChoiceField(label=gettext_lazy("Declarer"), choices=SEAT_CHOICES, required=False)
    result = forms.ChoiceField(label=gettext_lazy("Result"), choices=result_choices, required=False)

    def __init__(self, *args: Any, board: int, **kwargs: Any) -> None:
        super().__init__(*args, prefix=f"b{board}", **kwargs)
        self.board = board
        self.fields["declarer"].choices = [("", "–"), *enumerate(seat_letters())]
        self.read: Result | None = None

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if self.errors or not data.get("contract", "").strip():
            return data
        declarer = int(data["declarer"]) if data.get("declarer") else None
        offset = int(data["result"]) if data.get("result") else None
        try:
            self.read = boards.read_adjusted(data["contract"]) or boards.read_written(
                data["contract"], declarer, offset
            )
        except RuleError as error:
            self.add_error(error.field, sentence(error.message, error.rule))
        return data

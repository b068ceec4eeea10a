"""Every game in the registry against the shared protocol and against docs/rules/ (docs/style.md 2).

The tables below are the product's spec, copied from docs/rules/ and from the rules documents of the
partnership games (docs/rules/contract_bridge.md, docs/rules/belote.md): each game's prefix, seat
count and every variant flag it names (docs/rules/README.md; their Rulings sections) with the ruling
that defines it. The tests walk ``GAMES``, so a game added to the registry is covered at once, and
fails here until its row exists and its sample deals (fixtures/<game>/deals.json, worked by hand
from the rules' worked examples) are there. Points are per side, and a side may hold several seats.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from scoring.core.base import (
    DealScore,
    EntryError,
    FieldKind,
    FormatError,
    Game,
    Progress,
    ResultWords,
    row_words,
    side_names,
)
from scoring.core.games import GAMES
from scoring.core.match import evaluate, parse_match
from scoring.forms import DealForm, entry_to_initial
from tests.conftest import default_target, sample_deals

# docs/rules/ and docs/rules/: prefix and players (BG-1.1, DB-1.1, CB-1.1, KJ-1.1, BR-1.1, BL-1.1).
SPEC = {
    "bridgette": ("BG", 2),
    "draw_bridge": ("DB", 2),
    "call_bridge": ("CB", 4),
    "klaberjass": ("KJ", 2),
    "contract_bridge": ("BR", 4),
    "belote": ("BL", 4),
}

# docs/rules/ (and DB-3.5 for db_show_stock_top): every flag, with the R-xx ruling that defines it.
RULES_FLAGS = {
    "bridgette": {
        "bg_score_level_made": "R-BG-2",
        "bg_three_over_or_more": "R-BG-4",
        "bg_multiply_insult": "R-BG-5",
        "bg_extend_undertricks": "R-BG-7",
        "bg_draw_after_seventh": "R-BG-8",
        "bg_upcard_to_dealer": "R-BG-9",
        "bg_passout_redeal": "R-BG-10",
        "bg_strict_jump": "R-BG-12",
        "bg_colon_only_when_void": "R-BG-14",
        "bg_block_requires_suit_lead": "R-BG-15",
        "bg_revoke_three_tricks": "R-BG-19",
        "bg_penalty_cards": "R-BG-20",
    },
    "draw_bridge": {
        "db_led_suit_wins": "R-DB-1",
        "db_must_follow_phase1": "R-DB-1",
        "db_suit_breaks_ties": "R-DB-1",
        "db_show_stock_top": "R-DB-2",
        "db_fail_scores_nothing": "R-DB-5",
        "db_fail_opponent_gets_contract_value": "R-DB-5",
        "db_contract_bridge_scoring": "R-DB-6",
        "db_revoke_three_tricks": "R-DB-12",
        "db_penalty_cards": "R-DB-13",
    },
    "call_bridge": {
        "cb_allow_13": "R-CB-1",
        "cb_pagat_window": "R-CB-2",
        "cb_decimal_overtricks": "R-CB-2",
        "cb_shared_win": "R-CB-6",
        "cb_must_head_trick": "R-CB-7",
        "cb_revoke_voids_deal": "R-CB-10",
        "cb_penalty_cards": "R-CB-11",
    },
    "klaberjass": {
        "kj_schmeiss": "R-KJ-2",
        "kj_dix_any_trump": "R-KJ-4",
        "kj_compare_by_value": "R-KJ-5",
        "kj_score_all_sequences": "R-KJ-6",
        "kj_no_meld_without_trick": "R-KJ-7",
        "kj_tie_points_hang": "R-KJ-9",
        "kj_bella_kept_when_bate": "R-KJ-10",
        "kj_target_501": "R-KJ-12",
        "kj_revoke_annuls_deal": "R-KJ-14",
        "kj_penalty_cards": "R-KJ-15",
    },
    # docs/rules/contract_bridge.md, Rulings.
    "contract_bridge": {
        "br_chicago": "R-BR-2",
        "br_unfinished_partscore_50": "R-BR-5",
        "br_chicago_nondealer_vulnerable": "R-BR-6",
        "br_chicago_carry_partscores": "R-BR-7",
    },
    # docs/rules/belote.md, Rulings.
    "belote": {
        "bl_same_dealer_redeals": "R-BL-1",
        "bl_equal_announcements_cancel": "R-BL-4",
        "bl_cards_in_two_announcements": "R-BL-5",
        "bl_no_announcements": "R-BL-6",
        "bl_belote_not_in_contract": "R-BL-8",
        "bl_must_trump_partner_master": "R-BL-9",
        "bl_tie_is_dedans": "R-BL-10",
        "bl_tie_is_made": "R-BL-10",
        "bl_capot_252": "R-BL-11",
        "bl_round_to_tens": "R-BL-12",
        "bl_renonce_deal_void": "R-BL-14",
        "bl_penalty_cards": "R-BL-15",
    },
}

NO_FLAGS: frozenset[str] = frozenset()
NAMES = sorted(GAMES)
# Every sample deal, with the flags it is played under; and the entries of those under no flag.
FIXTURE_DEALS = [(name, deal) for name in NAMES for deal in sample_deals(name)]
SAMPLES = [(name, deal["entry"]) for name, deal in FIXTURE_DEALS if not deal.get("flags")]


def case_id(value: Any) -> str:
    """A sample deal's test id is the rule it was worked from ("§6.1 B1")."""
    return str(value["rule"]) if isinstance(value, dict) else str(value)


def players(game: Game) -> list[str]:
    return ["Anna", "Ben", "Cleo", "Dev"][: game.seats]


def test_every_registered_game_has_its_spec_here() -> None:
    assert sorted(SPEC) == NAMES
    assert sorted(RULES_FLAGS) == NAMES
    assert sorted({name for name, _entry in SAMPLES}) == NAMES


@pytest.mark.parametrize("name", NAMES)
def test_game_describes_itself(name: str) -> None:
    game = GAMES[name]
    prefix, seats = SPEC[name]
    assert (game.name, game.rule_prefix, game.seats) == (name, prefix, seats)
    assert game.title and game.summary and "\n" not in game.summary
    assert game.dealer_rule.startswith(f"{prefix}-") or game.dealer_rule.startswith(f"R-{prefix}-")
    assert game.target_rule.startswith(f"{prefix}-") or game.target_rule.startswith(f"R-{prefix}-")
    assert game.suggested_target is None or isinstance(game.suggested_target, int)


@pytest.mark.parametrize("name", NAMES)
def test_rules_0_3_every_flag_of_rules_md_is_offered_with_its_ruling(name: str) -> None:
    game = GAMES[name]
    assert {flag_name: flag.rule for flag_name, flag in game.flags.items()} == RULES_FLAGS[name]


@pytest.mark.parametrize("name", NAMES)
def test_rules_0_3_flags_carry_the_prefix_a_ruling_and_one_sentence(name: str) -> None:
    game = GAMES[name]
    prefix = game.rule_prefix
    for key, flag in game.flags.items():
        assert flag.name == key
        assert key.startswith(f"{prefix.lower()}_")
        ruling = flag.rule.removeprefix(f"R-{prefix}-")
        assert ruling != flag.rule and ruling.isdigit(), f"{key} cites {flag.rule}, not an R-{prefix}-n ruling"
        assert flag.text.strip() == flag.text and flag.text.endswith(".") and "\n" not in flag.text


@pytest.mark.parametrize("name", NAMES)
def test_rules_0_3_no_flags_and_each_single_flag_can_be_played(name: str) -> None:
    game = GAMES[name]
    game.check_flags(NO_FLAGS)
    for flag in game.flags:
        game.check_flags(frozenset({flag}))


@pytest.mark.parametrize(("name", "entry"), SAMPLES)
def test_to_entry_gives_back_the_entry(name: str, entry: dict[str, Any]) -> None:
    game = GAMES[name]
    deal = game.parse_deal(entry, NO_FLAGS)
    assert game.to_entry(deal) == entry
    assert game.parse_deal(game.to_entry(deal), NO_FLAGS) == deal


@pytest.mark.parametrize(("name", "entry"), SAMPLES)
def test_deal_values_are_frozen_dataclasses_with_slots(name: str, entry: dict[str, Any]) -> None:
    deal = GAMES[name].parse_deal(entry, NO_FLAGS)
    assert dataclasses.is_dataclass(deal)
    params = type(deal).__dataclass_params__  # type: ignore[attr-defined]
    assert params.frozen
    assert hasattr(type(deal), "__slots__")


@pytest.mark.parametrize(("name", "entry"), SAMPLES)
def test_score_lines_add_up_to_the_points(name: str, entry: dict[str, Any]) -> None:
    game = GAMES[name]
    deal = game.parse_deal(entry, NO_FLAGS)
    score = game.score_deal(deal, 0, NO_FLAGS, 0, None)
    assert isinstance(score, DealScore)
    sides = len(game.sides)
    assert len(score.points) == sides
    assert all(type(points) is int for points in score.points)  # Decimal only under cb_decimal_overtricks
    for side in range(sides):
        assert sum(line.points for line in score.lines if line.side == side) == score.points[side]
    assert all(0 <= line.side < sides and line.rule and line.text for line in score.lines)
    assert score.held_over == 0  # only a tie holds points over (R-KJ-9, a Belote litige): no sample here is one
    hash(score.carry)  # what a deal hands on is an immutable value of the game's own, or None
    description = game.describe(deal, tuple(players(game)))
    assert isinstance(description, str) and description
    # A score sheet's row: the game's optional describe_result, or describe (base.row_words).
    row = row_words(game)(deal, score, tuple(players(game)), NO_FLAGS)
    assert isinstance(row, str) and row
    assert isinstance(game, ResultWords) or row == description


@pytest.mark.parametrize(("name", "entry"), SAMPLES)
def test_unreadable_entries_are_format_errors(name: str, entry: dict[str, Any]) -> None:
    game = GAMES[name]
    with pytest.raises(FormatError):
        game.parse_deal([entry], NO_FLAGS)
    with pytest.raises(FormatError) as caught:
        game.parse_deal({**entry, "no_such_field": 1}, NO_FLAGS)
    assert caught.value.field == "no_such_field"


@pytest.mark.parametrize("name", NAMES)
def test_a_new_match_has_no_outcome_and_a_stage(name: str) -> None:
    game = GAMES[name]
    doc: dict[str, Any] = {"game": name, "players": players(game), "first_dealer": 1, "deals": []}
    if game.target_required:
        doc["target"] = game.suggested_target
    result = evaluate(parse_match(doc))
    assert result.outcome is None
    assert result.next_dealer == 1
    assert result.stage
    progress = Progress(tuple([0] * len(game.sides)), 0, 0, result.match.target, side_names(game, players(game)))
    assert game.outcome(progress, NO_FLAGS) is None


@pytest.mark.parametrize(("name", "entry"), SAMPLES)
def test_match_totals_are_the_deal_points(name: str, entry: dict[str, Any]) -> None:
    game = GAMES[name]
    doc: dict[str, Any] = {"game": name, "players": players(game), "first_dealer": 0, "deals": [entry]}
    if game.target_required:
        doc["target"] = game.suggested_target
    result = evaluate(parse_match(doc))
    assert result.totals == result.deals[0].score.points
    assert result.deals[0].dealer == 0
    if result.outcome is None:
        assert result.next_dealer == game.next_dealer(0, result.deals[0].deal, NO_FLAGS)


# --- the sample deals (fixtures/<game>/deals.json) ---


@pytest.mark.parametrize(("name", "deal"), FIXTURE_DEALS, ids=case_id)
def test_sample_deals_score_as_worked_by_hand(name: str, deal: dict[str, Any]) -> None:
    game = GAMES[name]
    flags = frozenset(deal.get("flags", []))
    game.check_flags(flags)
    parsed = game.parse_deal(deal["entry"], flags)
    score = game.score_deal(parsed, 0, flags, 0)
    assert list(score.points) == deal["points"], deal["rule"]
    for side in range(len(game.sides)):
        assert sum(line.points for line in score.lines if line.side == side) == score.points[side]
    assert game.to_entry(parsed) == deal["entry"]  # fixtures hold normalised entries


@pytest.mark.parametrize("name", NAMES)
def test_every_shape_of_entry_has_a_sample(name: str) -> None:
    spec = GAMES[name].entry_spec(NO_FLAGS)
    entries = [entry for sample, entry in SAMPLES if sample == name]
    assert any(spec.no_play not in entry for entry in entries)
    if spec.no_play is not None:
        assert {spec.no_play: True} in entries


# --- the entry spec: the fields of a deal entry, as the form, the API schema and the CSV use them ---


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("flagged", [False, True], ids=["no flags", "every flag"])
def test_entry_spec_describes_fields_with_rules_and_bounds(name: str, flagged: bool) -> None:
    game = GAMES[name]
    spec = game.entry_spec(frozenset(game.flags) if flagged else NO_FLAGS)
    prefix = game.rule_prefix
    names = [field.name for field in spec.fields]
    assert len(set(names)) == len(names)
    for field in spec.fields:
        assert field.label and field.rule.split("-")[-2] == prefix, field
        if field.kind is FieldKind.CHOICE:
            assert field.choices and len({value for value, _ in field.choices}) == len(field.choices)
            # Left out, an optional choice reads as its initial value, or (initial None) as what the other fields
            # say: a Belote capot says who won the last trick (BL-8.5); otherwise the game asks for it.
            assert field.required or field.initial in [value for value, _ in field.choices] or field.initial is None
        if field.kind is FieldKind.NUMBER or field.kind is FieldKind.SEAT:
            assert field.low is not None and field.high is not None and field.low <= field.high
        if field.kind is FieldKind.SEAT:
            assert (field.low, field.high) == (0, game.seats - 1)
            assert field.required != bool(field.none_label)
    if spec.no_play is not None:
        assert spec.field(spec.no_play).kind is FieldKind.SWITCH
    assert [field.name for field in spec.fields if field.kind is FieldKind.SWITCH] in ([], [spec.no_play])


@pytest.mark.parametrize(("name", "entry"), SAMPLES)
def test_entry_spec_names_every_field_of_the_normalised_entry(name: str, entry: dict[str, Any]) -> None:
    game = GAMES[name]
    spec = game.entry_spec(NO_FLAGS)
    normalised = game.to_entry(game.parse_deal(entry, NO_FLAGS))
    if spec.no_play in normalised:
        assert normalised == {spec.no_play: True}
    else:
        # An optional seat that is no one may be left out: the revoke of Call Bridge and Klaberjass (R-CB-10,
        # R-KJ-14), set only on a deal ruled on a revoke.
        left_out = {field.name for field in spec.fields if field.kind is FieldKind.SEAT and not field.required}
        names = [field.name for field in spec.fields if field.name != spec.no_play]
        assert list(normalised) == [name for name in names if name in normalised or name not in left_out]


def _form_data(entry: dict[str, Any], spec: Any) -> dict[str, str]:
    """What a browser posts for ``entry``: the spec's initial data, a switch that is on as "on"."""
    data = {}
    for key, value in entry_to_initial(entry, spec).items():
        if value is True:
            data[key] = "on"
        elif value is not False:
            data[key] = value
    return data


@pytest.mark.parametrize(("name", "deal"), FIXTURE_DEALS, ids=case_id)
def test_entry_spec_round_trips_through_the_deal_form(name: str, deal: dict[str, Any]) -> None:
    # spec -> form -> entry -> parse_deal -> to_entry gives back the sample's normalised entry.
    game = GAMES[name]
    flags = deal.get("flags", [])
    doc = {"game": name, "players": players(game), "first_dealer": 0, "target": default_target(name), "flags": flags}
    match_file = parse_match(doc)
    spec = game.entry_spec(match_file.flags)
    form = DealForm(_form_data(deal["entry"], spec), match_file=match_file)
    assert form.is_valid(), form.errors
    assert list(form.fields) == [name for name, _field, _seat in form.layout]
    parsed = game.parse_deal(form.entry(), match_file.flags)
    assert parsed == form.deal
    assert game.to_entry(parsed) == deal["entry"]


@pytest.mark.parametrize(
    ("name", "entry"),
    [
        ("call_bridge", {"calls": [3, 4, 2, 5], "tricks": [4, 4, 1, 4], "revoke": 1}),  # R-CB-10
        ("klaberjass", {**sample_deals("klaberjass")[0]["entry"], "revoke": 0}),  # R-KJ-14
    ],
)
def test_r_cb_10_r_kj_14_a_revoke_round_trips_through_the_deal_form(name: str, entry: dict[str, Any]) -> None:
    game = GAMES[name]
    doc = {"game": name, "players": players(game), "first_dealer": 0, "target": default_target(name), "flags": []}
    match_file = parse_match(doc)
    form = DealForm(_form_data(entry, game.entry_spec(match_file.flags)), match_file=match_file)
    assert form.is_valid(), form.errors
    assert game.to_entry(game.parse_deal(form.entry(), match_file.flags)) == entry


def _outside(field: Any, seats: int) -> list[Any]:
    """Values just outside what the spec offers for ``field``."""
    if field.kind is FieldKind.SEAT:
        return [seats, -1]
    if field.kind is FieldKind.NUMBER:
        return [field.high + 1, field.low - 1]
    values = [value for value, _ in field.choices]
    if all(isinstance(value, int) for value in values):
        return [max(values) + 1, min(values) - 1]
    return ["?"]


@pytest.mark.parametrize(("name", "entry"), [(name, entry) for name, entry in SAMPLES if len(entry) > 1])
def test_entry_spec_bounds_are_the_bounds_parse_deal_keeps(name: str, entry: dict[str, Any]) -> None:
    # A value just outside a field's choices or range is refused, on that field.
    game = GAMES[name]
    spec = game.entry_spec(NO_FLAGS)
    for field in spec.fields:
        if field.kind is FieldKind.SWITCH:
            continue
        for value in _outside(field, game.seats):
            bad = dict(entry)
            if field.per_seat:
                bad[field.name] = [value, *entry[field.name][1:]]
            else:
                bad[field.name] = value
            with pytest.raises(EntryError) as caught:
                game.parse_deal(bad, NO_FLAGS)
            assert caught.value.field in (field.name, f"{field.name}[0]"), (field.name, value)


# --- roles, sides and setup ---


@pytest.mark.parametrize("name", NAMES)
def test_roles_name_the_dealer(name: str) -> None:
    game = GAMES[name]
    names = tuple(players(game))
    for dealer in range(game.seats):
        roles = game.roles(dealer, names, NO_FLAGS)
        assert roles and all(isinstance(role, str) and role.endswith(".") for role in roles)
        assert roles[0].startswith(f"{names[dealer]} deal")


@pytest.mark.parametrize("name", NAMES)
def test_sides_cover_every_seat_once(name: str) -> None:
    game = GAMES[name]
    seats = [seat for side in game.sides for seat in side]
    assert sorted(seats) == list(range(game.seats))
    assert all(game.sides)
    names = side_names(game, players(game))
    assert len(names) == len(game.sides) and all(names)
    # A side's label, where the game has them, is one short word per side: "N-S".
    assert game.side_labels == () or (len(game.side_labels) == len(game.sides) and all(game.side_labels))


@pytest.mark.parametrize("name", NAMES)
def test_seats_are_named_by_the_rules_or_not_at_all(name: str) -> None:
    # Where the rules name the seats (North... and N...), every seat has a label and a name; else neither.
    game = GAMES[name]
    assert (game.seat_labels == ()) == (game.seat_names == ())
    for words in (game.seat_labels, game.seat_names):
        assert words == () or (len(words) == game.seats and all(words))


@pytest.mark.parametrize("name", NAMES)
def test_a_score_pad_of_the_game_s_own_is_none_or_one_cell_per_side(name: str) -> None:
    game = GAMES[name]
    assert game.pad((), tuple(players(game)), NO_FLAGS) is None  # nothing to draw before the first deal
    for entry in [sample for sample_name, sample in SAMPLES if sample_name == name][:3]:
        doc = {"game": name, "players": players(game), "first_dealer": 0, "target": default_target(name)}
        result = evaluate(parse_match({**doc, "deals": [entry]}))
        pad = game.pad(result.deals, result.match.players, NO_FLAGS)
        if pad is not None:
            for row in [*(row for group in pad.groups for row in group.rows), *pad.foot]:
                assert len(row.cells) == len(game.sides)
                assert len(row.marks) in (0, len(pad.marks))


@pytest.mark.parametrize("name", NAMES)
def test_setup_texts_are_sentences_citing_their_rules(name: str) -> None:
    game = GAMES[name]
    assert game.seating.endswith(".") and "\n" not in game.seating
    assert game.target_text.endswith(".") and game.target_rule in game.target_text
    assert game.held_over_rule is None or game.held_over_rule.startswith(f"R-{game.rule_prefix}-")
    game.check_target(game.suggested_target if game.target_required else None, NO_FLAGS)
    if game.suggested_target is not None:
        game.check_target(game.suggested_target, NO_FLAGS)

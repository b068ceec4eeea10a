"""Every referee in REFEREES, asked only through its setup and its verdicts (docs/style.md 2, 12, 15).

- Its setup agrees with the scoring game and with its own parser.
- Random legal deals replay as legal: the hands are dealt from the setup's pack, then each turn the
  verdict's ``next_turn`` is answered with a random option it allows, recorded through the record
  builder the way the setup says the turn is entered, until the deal is complete; the deal entry is
  one the scoring core accepts.
- One-play mutations are caught: a play replaced by a card of the hand that the rules did not allow
  is flagged, and nothing else is.
- A violation's message never cites a rule ID (its rule is its own field), on random deals with
  random events of every kind, legal or not.
- Each fixtures/<game>/hand.json, tapped into the Check a hand page as a player would, gives the
  verdict of replaying the fixture directly.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from referee.core.games import REFEREES
from referee.core.protocol import RefereeGame, Tap
from referee.core.replay import replay_document, verdict_json
from referee.core.setup import Entry
from referee.core.verdict import RecordError, Turn, Verdict
from referee.models import ContestedHand
from scoring.core.base import RuleError
from scoring.core.games import GAMES

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
NAMES = ["Anna", "Ben", "Cleo", "Dev"]
# Rule IDs as docs/rules/README.md writes them (and tests/test_rules_docs.py reads them): R-BG-7, BG-7.3.
RULE_ID = re.compile(r"\b(?:R-[A-Z]{2,4}-\d+|[A-Z]{2,4}-\d+\.\d+)\b")
DEALS = settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))

pytestmark = pytest.mark.parametrize("game", list(REFEREES))


# --- the setup ------------------------------------------------------------------------------------------


def test_the_setup_agrees_with_the_scoring_game(game: str) -> None:
    setup = REFEREES[game].setup
    assert REFEREES[game].name == game
    assert setup.seats == GAMES[game].seats
    assert len(set(setup.pack)) == len(setup.pack)
    dealt = sum(field.size for field in setup.extras if field.dealt)
    assert setup.seats * setup.hand_size + dealt <= len(setup.pack)


def test_each_event_type_of_the_setup_is_one_the_parser_reads(game: str) -> None:
    referee = REFEREES[game]
    for event_type in [*referee.setup.event_types, "shuffle"]:
        record = {**dealt_record(referee, random.Random(0), []), "events": [{"type": event_type, "seat": 0}]}
        try:
            referee.parse(record)
        except RecordError as error:
            refused_type = error.path == "events[0].type"
        else:
            refused_type = False
        assert refused_type == (event_type == "shuffle"), event_type


def test_each_turn_and_aside_is_entered_by_a_tap_the_setup_records(game: str) -> None:
    setup = REFEREES[game].setup
    for entry in setup.turns:
        assert setup.event_kind(entry.kind) is not None, entry.kind
        for kind, _text in entry.aside.buttons if entry.aside else ():
            assert setup.event_kind(kind) is not None, kind


# --- random deals --------------------------------------------------------------------------------------


def dealt_record(referee: RefereeGame, rng: random.Random, flags: list[str]) -> dict[str, Any]:
    """A record of a random deal and no events: the hands and every field a deal fills, from the setup's pack."""
    setup = referee.setup
    cards = [card.code for card in setup.pack]
    rng.shuffle(cards)
    size = setup.hand_size
    record: dict[str, Any] = {
        "game": referee.name,
        "players": NAMES[: setup.seats],
        "dealer": rng.randrange(setup.seats),
        "flags": flags,
        "hands": [cards[seat * size : (seat + 1) * size] for seat in range(setup.seats)],
        "events": [],
    }
    rest = cards[setup.seats * size :]
    for field in setup.extras:
        if field.dealt:
            taken, rest = rest[: field.size], rest[field.size :]
            record[field.name] = taken if field.many else taken[0]
    return record


def replay(referee: RefereeGame, record: dict[str, Any]) -> Verdict:
    return referee.replay(referee.parse(record))


def legal_answer(referee: RefereeGame, turn: Turn, verdict: Verdict, rng: random.Random) -> dict[str, Any]:
    """What a player posts to answer ``turn`` with a random option it allows, the way the setup enters it."""
    setup = referee.setup
    entry = setup.entry(turn.kind)
    assert entry is not None, f"no entry for a {turn.kind} turn"
    assert turn.allowed, f"a {turn.kind} turn allows nothing: {turn.prompt}"
    if entry.way is Entry.TYPED:
        return {entry.field: " ".join(turn.allowed)}  # the cards the rules give, as the page fills them in
    if entry.way is Entry.CARDS:
        extra = len(verdict.hands[turn.seat]) - setup.hand_size  # down to the hand's size
        return {entry.field: rng.sample(list(turn.allowed), extra)}
    return {entry.field: rng.choice(turn.allowed)}


def play_out(referee: RefereeGame, record: dict[str, Any], rng: random.Random) -> list[tuple[int, Turn, Verdict]]:
    """Answer every turn of ``record`` with a legal option until the deal is complete; each step's turn and verdict."""
    steps = []
    while (verdict := replay(referee, record)).next_turn is not None:
        turn = verdict.next_turn
        steps.append((len(record["events"]), turn, verdict))
        tap = Tap(turn.kind, turn.seat, legal_answer(referee, turn, verdict, rng), at=len(record["events"]))
        record["events"].append(referee.build_event(tap))
        assert len(record["events"]) <= referee.setup.event_cap, "the deal never ends"
    return steps


def entry_way(referee: RefereeGame, turn: Turn) -> Entry | None:
    entry = referee.setup.entry(turn.kind)
    return entry.way if entry is not None else None


def flag_sets(game: str) -> st.SearchStrategy[list[str]]:
    return st.lists(st.sampled_from(sorted(GAMES[game].flags)), unique=True, max_size=3) | st.just([])


def playable(game: str, flags: list[str]) -> bool:
    try:
        GAMES[game].check_flags(frozenset(flags))
    except RuleError:
        return False
    return True


@DEALS
@given(seed=st.integers(0, 2**32 - 1), data=st.data())
def test_random_legal_deals_replay_as_legal_and_score(game: str, seed: int, data: Any) -> None:
    referee = REFEREES[game]
    flags = data.draw(flag_sets(game))
    assume(playable(game, flags))
    rng = random.Random(seed)
    record = dealt_record(referee, rng, flags)
    play_out(referee, record, rng)
    verdict = replay(referee, record)
    assert verdict.violations == ()
    assert verdict.complete
    assert verdict.deal_entry is not None, verdict.notes
    rules = GAMES[game]
    deal = rules.parse_deal(verdict.deal_entry, frozenset(flags))  # the scoring core accepts it
    # The entry is normalised, or in an older spelling the core still reads (Klaberjass's
    # sequence_points): stored normalised, it reads back the same and scores the same.
    normalised = rules.to_entry(deal)
    again = rules.parse_deal(normalised, frozenset(flags))
    assert rules.to_entry(again) == normalised
    assert verdict.deal_entry == normalised or "sequence_points" in verdict.deal_entry
    points = rules.score_deal(deal, 0, frozenset(flags), 0).points
    assert rules.score_deal(again, 0, frozenset(flags), 0).points == points
    assert verdict.score is not None


@DEALS
@given(seed=st.integers(0, 2**32 - 1), data=st.data())
def test_one_play_of_a_card_the_rules_did_not_allow_is_flagged_alone(game: str, seed: int, data: Any) -> None:
    referee = REFEREES[game]
    flags = data.draw(flag_sets(game))
    assume(playable(game, flags))
    rng = random.Random(seed)
    record = dealt_record(referee, rng, flags)
    steps = play_out(referee, record, rng)
    # The plays (a card tapped from the hand) where the player held a card the rules did not allow.
    plays = [(index, turn, verdict) for index, turn, verdict in steps if entry_way(referee, turn) is Entry.CARD]
    candidates = [
        (index, turn, barred)
        for index, turn, verdict in plays
        if (barred := [card.code for card in verdict.hands[turn.seat] if card.code not in turn.allowed])
    ]
    assume(candidates)
    index, turn, barred = rng.choice(candidates)
    mutated = {**record, "events": record["events"][:index]}
    tap = Tap(turn.kind, turn.seat, {"card": rng.choice(barred)}, at=index)
    mutated["events"].append(referee.build_event(tap))
    verdict = replay(referee, mutated)
    assert {violation.event for violation in verdict.violations} == {index + 1}, verdict.violations


# --- the message convention ----------------------------------------------------------------------------


def any_tap(referee: RefereeGame, rng: random.Random, verdict: Verdict, at: int) -> Tap:
    """A tap of any kind by any seat, with cards of the pack and the words the turn allows or any other."""
    setup = referee.setup
    turn = verdict.next_turn
    kind = rng.choice(setup.taps)
    words = [*(turn.allowed if turn else ()), "pass", "double", "1NT", "take", "play", "3", "bella"]
    codes = [card.code for card in setup.pack]
    posted = {
        "card": rng.choice(codes),
        "cards": rng.sample(codes, rng.randrange(0, 5)),
        "call": rng.choice(words),
        "choice": rng.choice(words),
        "announce": rng.choice(["", "bella"]),
    }
    return Tap(kind, rng.randrange(setup.seats), posted, at=at)


def add_events(referee: RefereeGame, record: dict[str, Any], rng: random.Random, mischief: float, taps: int) -> None:
    """Tap ``taps`` times into ``record``: each a legal answer to the next turn or, as often as ``mischief``
    (0 to 1) says, any tap at all (`any_tap`); a tap the game cannot read is left out, as the page refuses it."""
    for _ in range(taps):
        verdict = replay(referee, record)
        turn = verdict.next_turn
        at = len(record["events"])
        if turn is not None and turn.allowed and rng.random() > mischief:
            tap = Tap(turn.kind, turn.seat, legal_answer(referee, turn, verdict, rng), at=at)
        else:
            tap = any_tap(referee, rng, verdict, at)
        try:
            event = referee.build_event(tap)
            replay(referee, {**record, "events": [*record["events"], event]})
        except RecordError:
            continue  # not a readable event of this game: the page would refuse it
        record["events"].append(event)


def assert_messages_follow_the_convention(verdict: Verdict, events: int, seats: int) -> None:
    for violation in verdict.violations:
        assert RULE_ID.fullmatch(violation.rule), violation
        assert not RULE_ID.search(violation.message), f"the message cites a rule: {violation.message!r}"
        assert violation.message.strip() == violation.message and violation.message, violation
        assert 1 <= violation.event <= events and 0 <= violation.seat < seats, violation


@settings(DEALS, max_examples=10)
@given(seed=st.integers(0, 2**32 - 1), data=st.data())
def test_no_violation_message_cites_a_rule(game: str, seed: int, data: Any) -> None:
    referee = REFEREES[game]
    flags = data.draw(flag_sets(game))
    assume(playable(game, flags))
    rng = random.Random(seed)
    record = dealt_record(referee, rng, flags)
    add_events(referee, record, rng, rng.random(), referee.setup.event_cap // 2)
    verdict = replay(referee, record)
    assert_messages_follow_the_convention(verdict, len(record["events"]), referee.setup.seats)


def test_no_violation_message_of_the_fixture_cites_a_rule(game: str) -> None:
    """The fixture, and the fixture with its events in reverse order (most of them out of turn or illegal)."""
    record = json.loads((FIXTURES / game / "hand.json").read_text())
    referee = REFEREES[game]
    for events in (record["events"], record["events"][::-1]):
        verdict = replay(referee, {**record, "events": events})
        assert_messages_follow_the_convention(verdict, len(events), referee.setup.seats)


# --- the fixture, tapped into the Check a hand page -------------------------------------------------------


def taps_of(referee: RefereeGame, event: dict[str, Any], number: int) -> dict[str, Any]:
    """The post a player makes to record ``event``: the setup's tap for its type, its fields as the page posts
    them (a list of cards ticked on every other event, typed on the others)."""
    kind = next(kind for kind in referee.setup.events if kind.type == event["type"])
    post: dict[str, Any] = {"action": "event", "kind": kind.kind, "seat": str(event["seat"])}
    for field in kind.fields:
        if field.name not in event:
            continue
        value = event[field.name]
        if isinstance(value, list) and number % 2:
            post[f"{field.name}_text"] = " ".join(value)
        else:
            post[field.name] = value if isinstance(value, list) else str(value)
    return post


@pytest.mark.django_db
def test_the_fixture_tapped_into_the_page_gives_the_verdict_of_its_replay(game: str, owner_client: Any) -> None:
    fixture = json.loads((FIXTURES / game / "hand.json").read_text())
    referee = REFEREES[game]
    new = {"game": game, "dealer": str(fixture["dealer"]), "flags": fixture["flags"]}
    new.update({f"player_{seat}": name for seat, name in enumerate(fixture["players"])})
    owner_client.post(reverse("check_hand"), new)
    hand = ContestedHand.objects.get()
    url = reverse("hand_action", args=[hand.pk])

    def tap(**post: Any) -> None:
        response = owner_client.post(url, post, HTTP_HX_REQUEST="true")
        assert response.status_code == 200
        assert "Not recorded" not in response.content.decode(), post

    # The first hand card by card from the pack, the others typed in whole; then the fields outside the hands.
    for card in fixture["hands"][0]:
        tap(action="add_card", seat="0", card=card)
    for seat, cards in enumerate(fixture["hands"][1:], start=1):
        tap(action="set_hand", seat=str(seat), cards_text=" ".join(cards))
    extras = {field.name: fixture.get(field.name) for field in referee.setup.extras}
    tap(
        action="set_extra",
        **{name: " ".join(value) if isinstance(value, list) else value or "" for name, value in extras.items()},
    )
    for number, event in enumerate(fixture["events"]):
        tap(**taps_of(referee, event, number))
    hand.refresh_from_db()
    assert verdict_json(replay_document(hand.record)[1]) == verdict_json(replay_document(fixture)[1])
    page = owner_client.get(reverse("hand", args=[hand.pk])).content.decode()
    assert "Every event was legal." in page

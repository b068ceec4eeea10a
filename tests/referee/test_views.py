"""The Check a hand pages: recording a Call Bridge deal by tapping, permissions, "use this result"."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse

from referee.core.games import REFEREES
from referee.core.limits import MAX_RECORD_BYTES
from referee.core.replay import replay_document
from referee.models import ContestedHand
from scoring.core.games import GAMES
from scoring.models import Deal
from vocabulary.cards import parse_card

pytestmark = pytest.mark.django_db

FIXTURE = json.loads((Path(__file__).resolve().parents[2] / "fixtures" / "call_bridge" / "hand.json").read_text())

# docs/rules/call_bridge.md C9 as a whole first trick: P1 (seat 0) leads 5♥; P2 has no hearts and must play a spade.
C9_HANDS = [
    "5H AH KH QH JH TH AC KC QC JC TC 9C 8C",
    "3S JS 9D AD KD QD JD TD 8D 7D 6D 5D 4D",
    "2S TS 3D 2D 7C 6C 5C 4C 3C 2C AS KS QS",
    "9H 8H 7H 6H 4H 3H 2H 9S 8S 7S 6S 5S 4S",
]


def action(client: Any, hand: ContestedHand, **data: Any) -> Any:
    return client.post(reverse("hand_action", args=[hand.pk]), {key: str(v) for key, v in data.items()})


def new_call_bridge_hand(client: Any) -> ContestedHand:
    response = client.post(
        reverse("check_hand"),
        {"game": "call_bridge", "player_0": "P1", "player_1": "P2", "player_2": "P3", "player_3": "P4", "dealer": "3"},
    )
    hand = ContestedHand.objects.get()
    assert response["Location"] == reverse("hand", args=[hand.pk])
    return hand


def test_cb_5_2_recording_a_revoke_flags_it(owner_client: Any) -> None:
    hand = new_call_bridge_hand(owner_client)
    for seat, text in enumerate(C9_HANDS):
        action(owner_client, hand, action="set_hand", seat=seat, cards_text=text)
    for seat, call in enumerate([3, 3, 3, 3]):
        action(owner_client, hand, action="event", kind="call", seat=seat, call=call)
    action(owner_client, hand, action="event", kind="play", seat=0, card="5H")
    # P2 plays the 9♦ although void in hearts with spades in hand: must trump (CB-5.2 b).
    response = action(owner_client, hand, action="event", kind="play", seat=1, card="9D")
    page = owner_client.get(response["Location"]).content.decode()
    assert "1 rule broken" in page
    assert "CB-5.2" in page
    hand.refresh_from_db()
    assert hand.record["events"][-1] == {"type": "play", "seat": 1, "card": "9D"}


def test_a_card_already_dealt_cannot_be_picked_twice(owner_client: Any) -> None:
    hand = new_call_bridge_hand(owner_client)
    action(owner_client, hand, action="add_card", seat=0, card="AS")
    response = action(owner_client, hand, action="add_card", seat=1, card="AS")
    page = owner_client.get(response["Location"]).content.decode()
    assert "A♠ is already in a hand" in page
    hand.refresh_from_db()
    assert hand.record["hands"] == [["AS"], [], [], []]


def test_unreadable_card_is_refused_with_its_token(owner_client: Any) -> None:
    hand = new_call_bridge_hand(owner_client)
    response = action(owner_client, hand, action="set_hand", seat=0, cards_text="AS ZZ")
    page = owner_client.get(response["Location"]).content.decode()
    assert "&#x27;ZZ&#x27;" in page
    hand.refresh_from_db()
    assert hand.record["hands"][0] == []


def test_fixture_replays_on_the_page_and_its_result_fills_the_match(owner_client: Any, make_match: Any) -> None:
    match = make_match(game="call_bridge", first_dealer=FIXTURE["dealer"])
    hand = ContestedHand.objects.create(
        owner=match.owner, match=match, deal_number=1, record={**FIXTURE, "players": ["Anna", "Ben", "Cleo", "Dan"]}
    )
    page = owner_client.get(reverse("hand", args=[hand.pk])).content.decode()
    assert "Every event was legal." in page
    assert "Use this result in the match" in page
    confirm = owner_client.get(reverse("hand_use", args=[hand.pk])).content.decode()
    assert "Yes, use it" in confirm
    owner_client.post(reverse("hand_use", args=[hand.pk]))
    # The plumbing under test: the match now holds exactly the entry the referee reconstructed.
    assert Deal.objects.get(match=match).entry == replay_document(FIXTURE)[1].deal_entry


def test_new_hand_from_a_match_takes_its_players_dealer_and_flags(owner_client: Any, make_match: Any) -> None:
    match = make_match(game="call_bridge", first_dealer=2, flags=["cb_must_head_trick"])
    page = owner_client.get(reverse("check_hand") + f"?match={match.pk}").content.decode()
    assert "Deal 1 of Anna v Ben v Cleo v Dan" in page
    owner_client.post(
        reverse("check_hand"),
        {
            "match": match.pk,
            "deal": 1,
            "game": "call_bridge",
            "player_0": "Anna",
            "player_1": "Ben",
            "player_2": "Cleo",
            "player_3": "Dan",
            "dealer": "2",
        },
    )
    hand = ContestedHand.objects.get()
    assert (hand.match, hand.deal_number, hand.record["flags"], hand.record["dealer"]) == (
        match,
        1,
        ["cb_must_head_trick"],
        2,
    )


def test_another_account_cannot_see_or_change_a_hand(stranger_client: Any, owner: Any) -> None:
    hand = ContestedHand.objects.create(owner=owner, record={**FIXTURE})
    assert stranger_client.get(reverse("hand", args=[hand.pk])).status_code == 404
    assert action(stranger_client, hand, action="undo_event").status_code == 404
    assert stranger_client.get(reverse("hand_download", args=[hand.pk])).status_code == 404
    hand.refresh_from_db()
    assert hand.record["events"] == FIXTURE["events"]


def test_anonymous_is_sent_to_login(client: Any) -> None:
    response = client.get(reverse("check_hand"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


# Hardening: numbers in the request are ASCII digits only; every action is checked before it is stored.

UNICODE_DIGITS = ["²", "①", "٣", "१", "1" * 40, " 1", "-1"]


def htmx_action(client: Any, hand: ContestedHand, **data: Any) -> str:
    response = client.post(
        reverse("hand_action", args=[hand.pk]), {key: str(v) for key, v in data.items()}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    return str(response.content.decode())


@pytest.mark.parametrize("number", UNICODE_DIGITS)
def test_a_unicode_digit_is_not_a_number_in_any_referee_page(
    owner_client: Any, owner: Any, make_match: Any, number: str
) -> None:
    match = make_match(game="call_bridge", deals=[{"calls": [3, 4, 2, 5], "tricks": [4, 4, 1, 4]}])
    hand = ContestedHand.objects.create(owner=owner, match=match, deal_number=1, record={**FIXTURE})
    assert owner_client.get(reverse("hand", args=[hand.pk]) + f"?seat={number}").status_code == 200
    assert owner_client.get(reverse("check_hand") + f"?match={number}").status_code == 200
    assert owner_client.get(reverse("check_hand") + f"?match={match.pk}&deal={number}").status_code == 200
    assert owner_client.post(reverse("hand_use", args=[hand.pk]), {"revision": number}).status_code == 302
    page = htmx_action(owner_client, hand, action="undo_event", seat=number)
    assert "Not recorded: seat:" in page
    hand.refresh_from_db()
    assert hand.record == FIXTURE  # validated before writing: the undo was not saved


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"kind": "play", "seat": 0, "card": "ZZ"}, "events[0].card"),
        ({"kind": "play", "seat": 0, "card": "X" * 900_000}, "card"),
        ({"kind": "play", "seat": 4, "card": "AS"}, "seat"),
        ({"kind": "play", "seat": -1, "card": "AS"}, "seat"),
        ({"kind": "shuffle", "seat": 0}, "kind"),
        ({"kind": "discard", "seat": 0, "cards_text": "AS KS"}, "kind"),
        ({"kind": "call", "seat": 0, "call": "lots"}, "events[0].call"),
        ({"kind": "call", "seat": 0, "call": "9" * 50}, "call"),
    ],
)
def test_an_unreadable_event_is_refused_before_the_hands_are_complete(
    owner_client: Any, data: dict[str, Any], field: str
) -> None:
    hand = new_call_bridge_hand(owner_client)
    action(owner_client, hand, action="add_card", seat=0, card="AS")
    page = htmx_action(owner_client, hand, action="event", **data)
    assert f"Not recorded: {field}:" in page
    hand.refresh_from_db()
    assert hand.record["events"] == []
    assert hand.record["hands"] == [["AS"], [], [], []]


def test_an_event_is_stored_in_the_card_notation(owner_client: Any) -> None:
    hand = new_call_bridge_hand(owner_client)
    htmx_action(owner_client, hand, action="event", kind="play", seat=2, card=" 10♥ ")
    htmx_action(owner_client, hand, action="event", kind="call", seat=3, call="04")
    hand.refresh_from_db()
    assert hand.record["events"] == [{"type": "play", "seat": 2, "card": "TH"}, {"type": "call", "seat": 3, "call": 4}]


def test_a_stock_longer_than_the_game_deals_is_refused(owner_client: Any) -> None:
    owner_client.post(reverse("check_hand"), {"game": "draw_bridge", "player_0": "A", "player_1": "B", "dealer": "0"})
    hand = ContestedHand.objects.get()
    codes = [f"{rank}{suit}" for suit in "SHDC" for rank in "AKQJT98765432"]
    page = htmx_action(owner_client, hand, action="set_extra", stock=" ".join(codes[:27]))
    assert "Not recorded: stock:" in page
    htmx_action(owner_client, hand, action="set_extra", stock=" ".join(codes[:26]))
    hand.refresh_from_db()
    assert hand.record["stock"] == codes[:26]


def test_a_hand_holds_at_most_its_events(owner_client: Any, owner: Any) -> None:
    cap = REFEREES["call_bridge"].setup.event_cap
    calls = [{"type": "call", "seat": number % 4, "call": 3} for number in range(cap)]
    hand = ContestedHand.objects.create(owner=owner, record={**FIXTURE, "events": calls[:-1]})
    htmx_action(owner_client, hand, action="event", kind="call", seat=3, call=3)
    hand.refresh_from_db()
    assert len(hand.record["events"]) == cap
    page = htmx_action(owner_client, hand, action="event", kind="call", seat=0, call=3)
    assert f"Not recorded: events: a Call Bridge hand holds at most {cap} events" in page
    hand.refresh_from_db()
    assert hand.record["events"] == calls


def test_a_record_holds_at_most_64_kb(owner_client: Any, owner: Any) -> None:
    record = json.loads((Path(__file__).resolve().parents[2] / "fixtures" / "bridgette" / "hand.json").read_text())
    pack = " ".join(code for hand in record["hands"] for code in hand) + " " + " ".join(record["stock"])
    draw = {"type": "draw", "seat": 0, "cards": pack.split()}
    events = [draw] * ((MAX_RECORD_BYTES - 1_000) // len(json.dumps(draw)))
    hand = ContestedHand.objects.create(owner=owner, record={**record, "events": events})
    page = htmx_action(owner_client, hand, action="event", kind="draw", seat=0, cards_text=pack)
    assert "Not recorded: record: " in page
    hand.refresh_from_db()
    assert hand.record["events"] == events


def test_event_caps_are_those_documented_and_hold_a_whole_deal() -> None:
    caps = {game: referee.setup.event_cap for game, referee in REFEREES.items()}
    # docs/hand-record.md "Limits": twice the pack plus the longest auction.
    assert caps == {
        "bridgette": 330,
        "draw_bridge": 318,
        "call_bridge": 112,
        "klaberjass": 74,
        "belote": 80,
        "contract_bridge": 400,  # 2 × (52 + 319) = 742 is over the 400 of any record; 52 + 319 fits (BR-4.6)
    }
    for game, cap in caps.items():
        record = json.loads((Path(__file__).resolve().parents[2] / "fixtures" / game / "hand.json").read_text())
        assert 2 * len(record["events"]) <= cap


# The page asks the game: the turn's form is the one its setup's entry describes (docs/style.md 15).


def turns_of_the_fixture(game: str) -> list[tuple[int, Any]]:
    """(events so far, turn) for the first turn of each kind met while the fixture is played."""
    record = json.loads((Path(__file__).resolve().parents[2] / "fixtures" / game / "hand.json").read_text())
    seen: dict[str, tuple[int, Any]] = {}
    for count in range(len(record["events"]) + 1):
        turn = replay_document({**record, "events": record["events"][:count]})[1].next_turn
        if turn is not None and turn.kind not in seen:
            seen[turn.kind] = (count, turn)
    return list(seen.values())


@pytest.mark.parametrize("game", list(REFEREES))
def test_each_turn_is_entered_as_its_game_setup_says(owner_client: Any, owner: Any, game: str) -> None:
    record = json.loads((Path(__file__).resolve().parents[2] / "fixtures" / game / "hand.json").read_text())
    setup = REFEREES[game].setup
    for count, turn in turns_of_the_fixture(game):
        hand = ContestedHand.objects.create(owner=owner, record={**record, "events": record["events"][:count]})
        page = owner_client.get(reverse("hand", args=[hand.pk])).content.decode()
        entry = setup.entry(turn.kind)
        assert entry is not None
        assert f'<input type="hidden" name="kind" value="{turn.kind}">' in page
        if entry.way == "card":
            for code in turn.allowed:
                label = parse_card(code).label
                assert (
                    f'name="{entry.field}" value="{code}" class="allowed" aria-label="{entry.verb} {label}, allowed"'
                    in page
                )
        elif entry.way == "option":
            for option in turn.allowed:
                assert f'name="{entry.field}" value="{option}">' in page
        elif entry.way == "typed":
            assert f'name="{entry.field}" value="{" ".join(turn.allowed)}"' in page
        else:
            assert page.count(f'<input type="checkbox" name="{entry.field}"') == len(turn.allowed)
        for option in entry.options:
            assert f'name="{option.field}" value="{option.value}"> {option.label}' in page
        for kind, _text in entry.aside.buttons if entry.aside else ():
            assert page.count(f'name="kind" value="{kind}"') == setup.seats


@pytest.mark.parametrize("game", list(REFEREES))
def test_the_deal_section_offers_the_game_pack_and_its_fields_outside_the_hands(owner_client: Any, game: str) -> None:
    setup = REFEREES[game].setup
    names = {f"player_{seat}": f"P{seat + 1}" for seat in range(setup.seats)}
    owner_client.post(reverse("check_hand"), {"game": game, "dealer": "0", **names})
    hand = ContestedHand.objects.get()
    page = owner_client.get(reverse("hand", args=[hand.pk])).content.decode()
    assert page.count('<button type="submit" name="card" value=') == len(setup.pack)
    for field in setup.extras:
        assert f'<label for="extra-{field.name}">{field.label}</label>' in page
    for problem in REFEREES[game].setup_problems(hand.record):
        assert f"<li>{problem.replace(chr(39), '&#x27;')}</li>" in page


UNREFEREED = [game for game in GAMES if game not in REFEREES]


@pytest.mark.parametrize("game", UNREFEREED)
def test_a_match_of_a_game_the_referee_does_not_know_starts_no_hand_of_it(
    owner_client: Any, make_match: Any, game: str
) -> None:
    match = make_match(game=game)
    page = owner_client.get(reverse("check_hand") + f"?match={match.pk}").content.decode()
    assert f"The referee does not know {GAMES[game].title} yet" in page
    owner_client.post(reverse("check_hand"), {"match": match.pk, "game": game, "player_0": "A", "player_1": "B"})
    assert not ContestedHand.objects.exists()


def test_a_deals_edit_page_opens_check_a_hand_for_that_deal(owner_client: Any, owner: Any, make_match: Any) -> None:
    """From deal 2's edit page, "Check deal 2 card by card" starts a hand of that deal: its players, house
    rules and dealer. Dealers go clockwise (CB-3.1): the first dealer is seat 0, so deal 2 is dealt by seat 1."""
    deals = [{"calls": [3, 4, 2, 5], "tricks": [4, 4, 1, 4]}, {"calls": [2, 3, 3, 4], "tricks": [2, 3, 3, 5]}]
    match = make_match(game="call_bridge", deals=deals)
    edit_page = owner_client.get(reverse("deal_edit", args=[match.pk, 2])).content.decode()
    link = reverse("check_hand") + f"?match={match.pk}&amp;deal=2"
    assert f'href="{link}"' in edit_page
    start = owner_client.get(reverse("check_hand") + f"?match={match.pk}&deal=2")
    assert start.context["form"].initial["dealer"] == "1"
    response = owner_client.post(
        reverse("check_hand") + f"?match={match.pk}&deal=2",
        {"game": "call_bridge", "dealer": "1", **{f"player_{seat}": f"X{seat}" for seat in range(4)}},
    )
    hand = ContestedHand.objects.get()
    assert response["Location"] == reverse("hand", args=[hand.pk])
    assert (hand.match, hand.deal_number) == (match, 2)
    assert hand.record["players"] == list(match.players)  # the match's names, whatever was posted


def test_a_deal_the_referee_put_in_says_so_in_the_history_and_the_report(owner_client: Any, make_match: Any) -> None:
    """ "Use this result" keeps the ruling with the change: the history and the report say the referee ruled."""
    match = make_match(game="call_bridge", first_dealer=FIXTURE["dealer"])
    hand = ContestedHand.objects.create(
        owner=match.owner, match=match, deal_number=1, record={**FIXTURE, "players": ["Anna", "Ben", "Cleo", "Dan"]}
    )
    owner_client.post(reverse("hand_use", args=[hand.pk]))
    change = match.changes.get()
    assert change.ruling == {"hand": hand.pk, "faults": []}  # the fixture is played legally throughout
    history = owner_client.get(reverse("match_history", args=[match.pk])).content.decode()
    assert "Ruled by the referee: no fault found" in " ".join(history.split())
    # A ruling with a fault reads as the verdict said it, with its rule.
    change.ruling = {"hand": hand.pk, "faults": [{"rule": "CB-5.2", "text": "Ben played 9♦ but had to trump"}]}
    change.save()
    for url in (reverse("match_history", args=[match.pk]), reverse("report", args=[match.pk])):
        page = " ".join(owner_client.get(url).content.decode().split())
        assert "Ruled by the referee: Ben played 9♦ but had to trump (CB-5.2)" in page, url

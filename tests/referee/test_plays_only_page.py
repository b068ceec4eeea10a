"""The Check a hand page on a record of the plays only (docs/hand-record.md): started without hands, each tap of a
card not yet played records it for the player whose turn it is, and a revoke shows once a later card proves it."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.urls import reverse

from referee.core.games import REFEREES
from referee.models import ContestedHand
from vocabulary.cards import parse_card

pytestmark = pytest.mark.django_db

NAMES = {"player_0": "Anna", "player_1": "Ben", "player_2": "Cleo", "player_3": "Dev"}


def start(client: Any, game: str, dealer: str = "0", **more: str) -> ContestedHand:
    client.post(reverse("check_hand"), {"game": game, "dealer": dealer, "recording": "plays", **NAMES, **more})
    return ContestedHand.objects.get()


def tap(client: Any, hand: ContestedHand, **data: str) -> str:
    response = client.post(reverse("hand_action", args=[hand.pk]), data, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    hand.refresh_from_db()
    return response.content.decode()


def play(client: Any, hand: ContestedHand, seat: int, card: str) -> str:
    return tap(client, hand, action="event", kind="play", seat=str(seat), card=card)


def test_a_hand_of_the_plays_only_is_started_without_hands(owner_client: Any) -> None:
    hand = start(owner_client, "contract_bridge")
    assert "hands" not in hand.record
    page = owner_client.get(reverse("hand", args=[hand.pk])).content.decode()
    assert "Anna to call" in page  # BR-4.1: the dealer calls first; no hands to enter before
    assert "Tap cards into" not in page


def test_a_post_without_the_choice_records_the_hands_as_before(owner_client: Any) -> None:
    owner_client.post(reverse("check_hand"), {"game": "contract_bridge", "dealer": "0", **NAMES})
    assert ContestedHand.objects.get().record["hands"] == [[], [], [], []]


def test_br_5_3_tapped_card_by_card_a_later_heart_proves_the_revoke(owner_client: Any) -> None:
    hand = start(owner_client, "contract_bridge")
    for seat, call in enumerate(["1C", "pass", "pass", "pass"]):
        tap(owner_client, hand, action="event", kind="call", seat=str(seat), call=call)
    # BR-5.1: Ben, on declarer Anna's left, leads; the page offers all 52 cards, none played yet.
    page = owner_client.get(reverse("hand", args=[hand.pk])).content.decode()
    assert "Ben to lead to trick 1, on the declarer&#x27;s left (BR-5.1)" in page
    assert page.count('aria-label="Play ') == 52
    for seat, card in [(1, "AH"), (2, "6H"), (3, "3H")]:
        page = play(owner_client, hand, seat, card)
    assert page.count('aria-label="Play ') == 49  # A♥ 6♥ 3♥ played
    assert 'aria-label="Play A♥"' not in page
    page = play(owner_client, hand, 0, "4S")
    assert 'class="violations"' not in page  # nothing shows Anna held a heart yet
    for seat, card in [(1, "KH"), (2, "7H"), (3, "8H")]:
        page = play(owner_client, hand, seat, card)
    page = play(owner_client, hand, 0, "5H")
    flagged = re.sub(r"<[^>]+>", "", page[page.index('<ol class="violations">') :].split("</ol>")[0])
    # Anna's side (Anna) has played to trick 2 since, so the revoke is established (Law 63A1); the deal is not over,
    # so the tricks it costs are counted at the end of play (BR-10.5, Law 64A).
    assert " ".join(flagged.split()) == (
        "Event 8, trick 1: Anna played 4♠ to A♥ while holding 5♥: a hand holding hearts must follow suit BR-5.3"
        " Remedy: Established (Law 63A): the tricks it transfers are counted at the end of play (Law 64A)."
        " BR-10.5 · Law 64A"
    )


def test_a_wrong_card_is_undone_in_one_tap(owner_client: Any) -> None:
    hand = start(owner_client, "contract_bridge")
    for seat, call in enumerate(["1C", "pass", "pass", "pass"]):
        tap(owner_client, hand, action="event", kind="call", seat=str(seat), call=call)
    play(owner_client, hand, 1, "AS")  # meant A♥
    page = tap(owner_client, hand, action="undo_event")
    assert len(hand.record["events"]) == 4
    assert 'aria-label="Play A♠"' in page  # offered again


def test_a_card_cannot_be_tapped_into_a_hand_of_a_record_of_the_plays_only(owner_client: Any) -> None:
    hand = start(owner_client, "contract_bridge")
    page = tap(owner_client, hand, action="add_card", seat="0", card="AS")
    assert "Not recorded: seat: this record gives the plays only, so it has no hands" in page
    assert "hands" not in hand.record


def test_bl_4_1_belote_asks_the_turn_up_and_then_the_bids_and_the_cards(owner_client: Any) -> None:
    hand = start(owner_client, "belote", dealer="3")
    page = owner_client.get(reverse("hand", args=[hand.pk])).content.decode()
    assert "the turn-up card is missing" in page
    assert "Tap cards into the turn-up card" in page
    assert "the stock" not in page  # the plays only need no stock
    page = tap(owner_client, hand, action="add_card", into="turn_up", card="8H")
    assert hand.record["turn_up"] == "8H"
    assert "Anna: take hearts as trumps, or pass (BL-4.1)" in page
    page = tap(owner_client, hand, action="event", kind="trump", seat="0", choice="take")
    assert "Anna to lead" in page
    # Anna took the 8♥: it is hers, offered to her first, and 32 cards in all are hers to choose from.
    assert page.count('aria-label="Play ') == 32
    page = play(owner_client, hand, 0, "AS")
    assert page.count('aria-label="Play ') == 30  # A♠ is played, and the 8♥ is Anna's: not Ben's to play
    assert 'aria-label="Play 8♥"' not in page


GAMES = ["bridgette", "draw_bridge", "call_bridge", "klaberjass", "belote", "contract_bridge"]


@pytest.mark.parametrize("game", GAMES)
def test_every_fixture_tapped_as_its_plays_only_gives_the_verdict_of_its_replay(game: str, owner_client: Any) -> None:
    """Each game's fixture without its hands (and its stock), tapped into the page: every card played is one of the
    cards the page offers at that turn, one tap each, and the record made is judged as the fixture is."""
    from referee.core.replay import replay_document, verdict_json
    from tests.referee.test_conformance import FIXTURES, taps_of

    fixture = json.loads((FIXTURES / game / "hand.json").read_text())
    referee = REFEREES[game]
    plays_only = {key: value for key, value in fixture.items() if key not in ("hands", "stock", "upcard", "bottom")}
    names = {f"player_{seat}": name for seat, name in enumerate(fixture["players"])}
    owner_client.post(
        reverse("check_hand"),
        {"game": game, "dealer": str(fixture["dealer"]), "flags": fixture["flags"], "recording": "plays", **names},
    )
    hand = ContestedHand.objects.get()
    for name in referee.setup.plays_only_extras:
        tap(owner_client, hand, action="add_card", into=name, card=fixture[name])
    for number, event in enumerate(fixture["events"]):
        page = owner_client.get(reverse("hand", args=[hand.pk])).content.decode()
        turn = page[page.index('id="turn"') : page.index("</section>", page.index('id="turn"'))]
        if event["type"] in ("play", "draw") and "card" in event:
            assert f'value="{parse_card(event["card"]).code}"' in turn, (number, event)
        page = tap(owner_client, hand, **taps_of(referee, event, number))
        assert "Not recorded" not in page, (number, event)
    assert verdict_json(replay_document(hand.record)[1]) == verdict_json(replay_document(plays_only)[1])


def test_bl_3_4_belote_hands_are_asked_as_held_in_play_never_the_dealt_lots(owner_client: Any) -> None:
    # The worked deal BL1 (fixtures/belote/hand.json): each player's 8 cards as held once Anna took the 8♥.
    held = ["JH AS 10S AD KD 8H QD 9H", "7H QS KS 7D 10D AC AH KC", "QH 9S 8D 9D JD 7C 9C KH"]
    owner_client.post(
        reverse("check_hand"),
        {"game": "belote", "dealer": "3", "recording": "hands", **{**NAMES, "player_3": "Dan"}},
    )
    hand = ContestedHand.objects.get()
    assert hand.record["held"] is True and "stock" not in hand.record
    page = owner_client.get(reverse("hand", args=[hand.pk])).content.decode()
    assert page.count("<small>0/8</small>") == 4  # four hands of 8 to fill
    assert "stock" not in page  # no stock, no order of the dealt lots
    page = tap(owner_client, hand, action="add_card", into="turn_up", card="8H")
    assert 'aria-label="8♥"' in page  # still free for the taker's hand: the turn-up is one of its 8 cards
    for seat, cards in enumerate(held):
        page = tap(owner_client, hand, action="set_hand", seat=str(seat), cards_text=cards)
    # 32 cards, 8 to each (BL-3.4): Dan's hand fills itself with the 8 left.
    dans = ["10H", "JS", "8S", "7S", "QC", "10C", "JC", "8C"]
    assert sorted(hand.record["hands"][3]) == sorted(parse_card(card).code for card in dans)
    assert "Dan&#x27;s hand filled itself with the 8 cards left" in page
    assert "Anna: take hearts as trumps, or pass (BL-4.1)" in page
    page = tap(owner_client, hand, action="event", kind="trump", seat="0", choice="take")
    assert "Play J♥, allowed" in page  # Anna leads from her 8 cards
    page = tap(owner_client, hand, action="event", kind="play", seat="0", card="JH")
    # Ben holds A♥ and 7♥ (BL-7.3: a trump lead, so he must overtrump if able: neither beats the J♥, both allowed)
    assert "Play 7♥, allowed" in page and "Play A♠" not in page
    assert "Play Q♠, not allowed" in page


def test_a_tap_after_the_session_ended_goes_to_the_log_in_page_and_changes_nothing(owner_client: Any) -> None:
    hand = start(owner_client, "contract_bridge")
    tap(owner_client, hand, action="event", kind="call", seat="0", call="1C")
    owner_client.logout()  # the session ended; the page's token is still good
    response = owner_client.post(
        reverse("hand_action", args=[hand.pk]),
        {"action": "event", "kind": "call", "seat": "1", "call": "pass"},
        HTTP_HX_REQUEST="true",
        HTTP_HX_CURRENT_URL=f"http://testserver/referee/{hand.pk}/",
    )
    # A full navigation to the log-in page, which says why and comes back to the hand; never swapped into it.
    assert response.status_code == 401
    assert response["HX-Redirect"] == f"/accounts/login/?next=/referee/{hand.pk}/&why=expired"
    hand.refresh_from_db()
    assert len(hand.record["events"]) == 1


def test_br_4_6_one_tap_records_the_three_passes_that_end_the_auction(owner_client: Any) -> None:
    hand = start(owner_client, "contract_bridge")
    page = tap(owner_client, hand, action="event", kind="call", seat="0", call="1C")
    # BR-4.6: three passes in a row after a bid end the auction; the page offers them as one tap.
    assert "Ben, Cleo and Dev pass: the bidding ends" in page
    page = tap(owner_client, hand, action="pass_round")
    assert [(event["seat"], event["call"]) for event in hand.record["events"]] == [
        (0, "1C"),
        (1, "pass"),
        (2, "pass"),
        (3, "pass"),
    ]
    assert "Ben to lead to trick 1, on the declarer&#x27;s left (BR-5.1)" in page  # BR-5.1
    assert "the bidding ends" not in page


def test_bl_4_2_no_pass_round_while_the_second_round_would_follow(owner_client: Any) -> None:
    hand = start(owner_client, "belote", dealer="3")
    page = tap(owner_client, hand, action="add_card", into="turn_up", card="8H")
    # Four passes in the first round lead to the second (BL-4.2): they do not end the bidding, so no shortcut.
    assert "the bidding ends" not in page
    for seat in range(4):
        page = tap(owner_client, hand, action="event", kind="trump", seat=str(seat), choice="pass")
    # In the second round four more passes throw the cards in (BL-4.4): that ends it.
    assert "Anna, Ben, Cleo and Dev pass: the bidding ends" in page

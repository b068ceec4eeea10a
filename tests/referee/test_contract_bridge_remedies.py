"""The Contract Bridge referee's remedies (docs/rules/contract_bridge.md BR-10, from the Laws of Duplicate Bridge 2017)
and the deal as ruled.

Expected values are worked by hand from the rules. The revoke deal (4♠ by Cleo, Cleo deals, Dev leads):

    Anna (N, dummy)  ♥ A K Q J 10 9 8 7 6 5 4 3 2
    Ben (E)          ♠ 2       ♦ A K Q J 10 9 8 7 6 5 4    ♣ 2
    Cleo (S)         ♠ K Q J 10 9 8 7 6 5 4 3             ♦ 3 2
    Dev (W)          ♠ A       ♣ A K Q J 10 9 8 7 6 5 4 3

Trick 1: Dev ♣A, Anna ♥2, Ben ♠2 (a revoke: he holds ♣2), Cleo ♦2: Ben's trump wins. Trick 2: Ben ♦A, Cleo ♦3, Dev
♠A, Anna ♥3: Dev's trump wins. Trick 3: Dev ♣K, Anna ♥4, Ben ♣2, Cleo ♠3: Cleo ruffs. Tricks 4 to 13: Cleo's ten
spades, each followed by a heart, a diamond and a club. N-S take 11, E-W 2.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from referee.core.games.contract_bridge import REFEREE
from referee.core.games.contract_bridge.rules import Transfer, revoke_transfer
from referee.core.replay import verdict_json
from referee.core.verdict import RecordError, Verdict
from tests.referee.test_contract_bridge import (
    ANNA,
    BEN,
    CLEO,
    DEV,
    HAND,
    broken,
    call,
    calls,
    play,
    play_example,
    replay,
)

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "contract_bridge"

REVOKE_HANDS = [
    ["AH", "KH", "QH", "JH", "TH", "9H", "8H", "7H", "6H", "5H", "4H", "3H", "2H"],
    ["2S", "AD", "KD", "QD", "JD", "TD", "9D", "8D", "7D", "6D", "5D", "4D", "2C"],
    ["KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "3D", "2D"],
    ["AS", "AC", "KC", "QC", "JC", "TC", "9C", "8C", "7C", "6C", "5C", "4C", "3C"],
]
REVOKE_TRICKS = [
    [play(DEV, "AC"), play(ANNA, "2H"), play(BEN, "2S"), play(CLEO, "2D")],
    [play(BEN, "AD"), play(CLEO, "3D"), play(DEV, "AS"), play(ANNA, "3H")],
    [play(DEV, "KC"), play(ANNA, "4H"), play(BEN, "2C"), play(CLEO, "3S")],
    *(
        [play(CLEO, spade), play(DEV, club), play(ANNA, heart), play(BEN, diamond)]
        for spade, club, heart, diamond in zip(
            ["KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S"],
            ["QC", "JC", "TC", "9C", "8C", "7C", "6C", "5C", "4C", "3C"],
            ["5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH", "KH", "AH"],
            ["KD", "QD", "JD", "TD", "9D", "8D", "7D", "6D", "5D", "4D"],
            strict=True,
        )
    ),
]


def choice(seat: int, word: str) -> dict[str, Any]:
    return {"type": "choice", "seat": seat, "choice": word}


def revoke_deal(tricks: int = 13) -> Verdict:
    events = [
        *calls("4S", "pass", "pass", "pass", dealer=CLEO),
        *(e for trick in REVOKE_TRICKS[:tricks] for e in trick),
    ]
    return replay(events, dealer=CLEO, hands=REVOKE_HANDS)


# --- BR-10.4 to BR-10.7 a revoke ------------------------------------------------------------------------------


def test_br_10_5_law_64a1_an_established_revoke_won_by_the_offender_transfers_two_tricks() -> None:
    verdict = revoke_deal()
    assert broken(verdict) == [(7, "BR-5.3")]
    remedy = verdict.violations[0].remedy
    assert remedy is not None
    assert (remedy.rule, remedy.source, remedy.established, remedy.tricks, remedy.to_side) == (
        "BR-10.5",
        "Law 64A1",
        True,
        2,
        0,
    )
    assert remedy.text.startswith(
        "Established (Law 63A): 2 tricks to N-S: Ben won the revoke trick and E-W won a later"
    )
    assert "(Law 64C)" in remedy.text


def test_br_10_5_the_ruling_moves_the_tricks_and_scores_the_deal_as_ruled() -> None:
    """As played: 4♠ +1 with Cleo's four honours, 120 + 30 + 100 = 250 (BR-6.1, BR-6.2, BR-6.7). As ruled, N-S take
    11 + 2 = 13: 4♠ +3, 120 + 90 + 100 = 310."""
    verdict = revoke_deal()
    assert verdict.deal_entry is not None and verdict.deal_entry["tricks"] == 11
    assert verdict.score is not None and verdict.score.points == (250, 0)
    ruling = verdict.ruling
    assert ruling is not None
    assert ruling.entry == {**verdict.deal_entry, "tricks": 13}
    assert ruling.score.points == (310, 0)
    assert [(step.rule, step.source, step.text) for step in ruling.steps] == [
        ("BR-10.5", "Law 64A1", "2 tricks to N-S: Ben revoked in trick 1")
    ]
    shown = verdict_json(verdict)
    assert shown["ruling"]["entry"]["tricks"] == 13
    assert shown["violations"][0]["remedy"]["tricks"] == 2


def test_br_10_4_law_63a1_a_revoke_is_established_once_the_offending_side_plays_to_the_next_trick() -> None:
    """After trick 1 only, nobody has played to trick 2: the revoke can still be corrected (Law 62)."""
    after_trick_1 = revoke_deal(1).violations[0].remedy
    assert after_trick_1 is not None
    assert (after_trick_1.rule, after_trick_1.established, after_trick_1.tricks) == ("BR-10.4", False, 0)
    assert after_trick_1.text.startswith("Not established: E-W have not played to a later trick")
    once_ben_leads = replay(
        [*calls("4S", "pass", "pass", "pass", dealer=CLEO), *REVOKE_TRICKS[0], play(BEN, "AD")],
        dealer=CLEO,
        hands=REVOKE_HANDS,
    )
    remedy = once_ben_leads.violations[0].remedy
    assert remedy is not None
    assert (remedy.rule, remedy.established) == ("BR-10.5", True)  # counted at the end of play (Law 64A)
    assert remedy.text == "Established (Law 63A): the tricks it transfers are counted at the end of play (Law 64A)."
    assert once_ben_leads.ruling is None  # the deal is not over


def test_br_10_5_law_64a2_a_revoke_the_offender_did_not_win_transfers_one_trick() -> None:
    """The fixture deal (2♣X by Anna), with Ben discarding 2♠ to trick 4's 7♣ while holding 3♣ and 8♣, and playing
    3♣ to trick 6's Q♣ instead of 2♠. Anna's 9♣ still wins trick 4 and Dev's K♣ trick 6: N-S take 8 as before
    (2♣X made, 80 + 50 + 100 for honours = 230), and E-W won tricks 6, 11 and 12 after the revoke. One trick goes to
    N-S, the declaring side: 9 tricks, 2♣X +1: 80 + 50 (insult) + 100 (an overtrick doubled, not vulnerable) + 100
    (honours) = 330 (BR-6.1 to BR-6.3, BR-6.7)."""
    events = [dict(event) for event in HAND["events"]]
    trick_4_ben = next(i for i, e in enumerate(events) if e == play(BEN, "3C"))
    trick_6_ben = next(i for i, e in enumerate(events) if e == play(BEN, "2S"))
    events[trick_4_ben], events[trick_6_ben] = play(BEN, "2S"), play(BEN, "3C")
    verdict = replay(events)
    assert broken(verdict) == [(trick_4_ben + 1, "BR-5.3")]
    assert [trick.winner for trick in verdict.tricks] == [1, 1, 2, 0, 0, 3, 0, 0, 0, 2, 1, 1, 0]
    remedy = verdict.violations[0].remedy
    assert remedy is not None
    assert (remedy.rule, remedy.source, remedy.tricks, remedy.to_side) == ("BR-10.5", "Law 64A2", 1, 0)
    assert verdict.score is not None and verdict.score.points == (230, 0)
    assert verdict.ruling is not None
    assert verdict.ruling.entry["tricks"] == 9
    assert verdict.ruling.score.points == (330, 0)


@pytest.mark.parametrize(
    ("offender", "trick", "winners", "keywords", "expected"),
    [
        # Ben (E) revokes in trick 3 and wins it; Dev (W) wins trick 5: two tricks (Law 64A1).
        (BEN, 3, [ANNA, ANNA, BEN, CLEO, DEV, ANNA], {}, Transfer(2, "64A1")),
        # Ben wins the revoke trick, E-W win nothing later: the revoke trick alone (Law 64A1).
        (BEN, 3, [ANNA, ANNA, BEN, CLEO, CLEO, ANNA], {}, Transfer(1, "64A1")),
        # Dev, his partner, wins the revoke trick: one trick (Law 64A2).
        (BEN, 3, [ANNA, ANNA, DEV, CLEO, CLEO, ANNA], {}, Transfer(1, "64A2")),
        # N-S win the revoke trick, E-W a later one: one trick (Law 64A2).
        (BEN, 3, [ANNA, ANNA, CLEO, BEN, CLEO, ANNA], {}, Transfer(1, "64A2")),
        # E-W win nothing from the revoke on, only before it: nothing (Law 64B1).
        (BEN, 3, [BEN, DEV, CLEO, ANNA, CLEO, ANNA], {}, Transfer(0, "64B1")),
        # Anna, declarer, revokes and dummy (Cleo) wins the trick: not won by the offender (Law 64A2).
        (ANNA, 1, [CLEO, ANNA], {}, Transfer(1, "64A2")),
        # a revoke from dummy's hand (Law 64B3), a second in the same suit (64B2), in the 12th trick (64B6), both
        # sides revoking (64B7): nothing.
        (BEN, 1, [BEN, BEN], {"from_dummy": True}, Transfer(0, "64B3")),
        (BEN, 1, [BEN, BEN], {"repeated": True}, Transfer(0, "64B2")),
        (BEN, 12, [ANNA] * 11 + [BEN, BEN], {}, Transfer(0, "64B6")),
        (BEN, 1, [BEN, BEN], {"both_sides": True}, Transfer(0, "64B7")),
    ],
)
def test_br_10_5_and_10_6_law_64_the_tricks_a_revoke_transfers(
    offender: int, trick: int, winners: list[int], keywords: dict[str, bool], expected: Transfer
) -> None:
    options = {"from_dummy": False, "repeated": False, "both_sides": False, **keywords}
    assert revoke_transfer(offender, trick, winners, **options) == expected


def test_br_10_4_a_revoke_from_dummy_is_established_by_the_declaring_sides_next_lead() -> None:
    trick = [play(DEV, "KH"), play(ANNA, "KS"), play(BEN, "3S"), play(CLEO, "AH")]  # dummy held 2♥; K♠ wins
    not_yet = play_example(*trick).violations[0].remedy
    assert not_yet is not None and not_yet.established is False
    verdict = play_example(*trick, play(ANNA, "AD"))  # dummy leads to trick 2
    remedy = verdict.violations[0].remedy
    assert remedy is not None and remedy.established is True


# --- BR-10.3 a lead out of turn -------------------------------------------------------------------------------


def test_br_10_3_a_defenders_lead_out_of_turn_waits_for_the_declarers_choice() -> None:
    """Ben leads 9♣ where Dev had the opening lead (4♠ by Cleo): Cleo, the declarer, accepts or refuses it."""
    verdict = play_example(play(BEN, "9C"))
    assert broken(verdict) == [(5, "BR-5.1")]
    turn = verdict.next_turn
    assert turn is not None
    assert (turn.seat, turn.kind, turn.allowed) == (CLEO, "choice", ("accept", "refuse"))
    assert verdict.tricks[0].leader == BEN  # the trick as it lies: Ben's card leads it
    remedy = verdict.violations[0].remedy
    assert remedy is not None
    assert (remedy.rule, remedy.chooser, remedy.options) == ("BR-10.3", (CLEO,), ("accept", "refuse"))
    assert remedy.text.startswith("Cleo, the declarer, may accept the lead: play goes on clockwise from 9♣")


def test_br_10_3_accepted_play_goes_on_clockwise_from_the_card_led() -> None:
    verdict = play_example(play(BEN, "9C"), choice(CLEO, "accept"), play(CLEO, "3C"), play(DEV, "3D"), play(ANNA, "AC"))
    assert broken(verdict) == [(5, "BR-5.1")]
    trick = verdict.tricks[0]
    assert (trick.leader, [seat for seat, _card in trick.plays], trick.winner) == (BEN, [BEN, CLEO, DEV, ANNA], ANNA)
    remedy = verdict.violations[0].remedy
    assert remedy is not None and remedy.text == "Cleo accepted the lead: play went on clockwise from 9♣ (Law 53A)."


def test_br_10_3_law_53a_a_card_from_the_next_hand_accepts_the_lead() -> None:
    """The bug of old: after Ben's lead the referee expected Dev, Anna and Cleo's cards and made Dev the leader."""
    after_lead = play_example(play(BEN, "9C"), play(CLEO, "3C"))
    assert broken(after_lead) == [(5, "BR-5.1")]
    assert after_lead.next_turn is not None and after_lead.next_turn.seat == DEV  # clockwise from Ben
    remedy = after_lead.violations[0].remedy
    assert remedy is not None and remedy.text.startswith("Cleo played to it, which accepts the lead")
    verdict = play_example(play(BEN, "9C"), play(CLEO, "3C"), play(DEV, "3D"), play(ANNA, "AC"))
    assert broken(verdict) == [(5, "BR-5.1")]
    assert (verdict.tricks[0].leader, verdict.tricks[0].winner) == (BEN, ANNA)


def test_br_10_3_law_56_refused_the_card_goes_back_and_the_right_player_leads() -> None:
    refused = play_example(play(BEN, "9C"), choice(CLEO, "refuse"))
    assert "9C" in [card.code for card in refused.hands[BEN]]  # back in Ben's hand, a penalty card
    assert refused.tricks == ()
    # Law 50D2: before Dev, Ben's partner, leads, the declarer chooses a lead option on the penalty card.
    assert refused.next_turn is not None and (refused.next_turn.seat, refused.next_turn.kind) == (CLEO, "choice")
    assert refused.next_turn.allowed == ("require", "forbid", "leave")
    remedy = refused.violations[0].remedy
    assert remedy is not None
    assert remedy.text.startswith("Cleo refused the lead: 9♣ went back to Ben as a major penalty card and Dev led")
    # Law 53B: Dev, whose lead it was, leads instead: the lead out of turn is refused by that.
    by_play = play_example(play(BEN, "9C"), play(DEV, "KH"), play(ANNA, "2H"), play(BEN, "9C"), play(CLEO, "AH"))
    assert broken(by_play) == [(5, "BR-5.1")]
    assert (by_play.tricks[0].leader, by_play.tricks[0].winner) == (DEV, CLEO)


def test_br_10_3_law_55_the_declarers_lead_out_of_turn_is_the_defenders_choice() -> None:
    """Cleo wins trick 1 with A♥ and leads from dummy (Anna): either defender chooses, Ben first, next in turn."""
    trick = [play(DEV, "KH"), play(ANNA, "2H"), play(BEN, "9C"), play(CLEO, "AH")]
    verdict = play_example(*trick, play(ANNA, "AD"))
    assert broken(verdict) == [(9, "BR-5.4")]
    remedy = verdict.violations[0].remedy
    assert remedy is not None
    assert (remedy.chooser, remedy.source) == ((BEN, DEV), "Law 53, Law 55")
    assert verdict.next_turn is not None and verdict.next_turn.seat == BEN
    refused = play_example(*trick, play(ANNA, "AD"), choice(DEV, "refuse"), play(CLEO, "AS"))
    assert broken(refused) == [(9, "BR-5.4")]
    assert refused.tricks[1].leader == CLEO


@pytest.mark.parametrize(
    ("events", "message"),
    [
        ([play(BEN, "9C"), choice(ANNA, "accept")], "Anna accepted Ben's lead, but the choice was Cleo's"),
        ([choice(CLEO, "refuse")], "Cleo refused a lead, but no lead was out of turn"),
    ],
)
def test_br_10_3_a_choice_by_the_wrong_player_or_of_nothing_is_flagged(
    events: list[dict[str, Any]], message: str
) -> None:
    verdict = play_example(*events)
    assert [violation.rule for violation in verdict.violations][-1] == "BR-10.3"
    assert verdict.violations[-1].message == message


def test_br_10_3_a_choice_that_is_not_accept_or_refuse_cannot_be_read() -> None:
    with pytest.raises(RecordError) as error:
        play_example(play(BEN, "9C"), choice(CLEO, "maybe"))
    assert error.value.path == "events[5].choice"


# --- BR-10.1 and BR-10.2 the auction ---------------------------------------------------------------------------


def test_br_10_1_law_27_an_insufficient_bid_is_the_left_hand_opponents_to_accept() -> None:
    verdict = replay(calls("1H", "pass", "1D"))  # Cleo's 1♦ under Anna's 1♥
    remedy = verdict.violations[0].remedy
    assert remedy is not None
    assert (remedy.rule, remedy.source, remedy.chooser) == ("BR-10.1", "Law 27", (DEV,))
    assert remedy.text.startswith("Dev, on Cleo's left, may accept the insufficient bid")


@pytest.mark.parametrize(
    ("events", "law"),
    [
        # Anna deals; Ben calls first, at his right-hand opponent's turn, and a pass before any bid.
        ([call(BEN, "1H")], "Law 31A"),
        ([call(BEN, "pass")], "Law 30A"),
        # After Anna's 1♣, Cleo calls at Ben's turn, her right-hand opponent's.
        ([call(ANNA, "1C"), call(CLEO, "1H")], "Law 31A, Law 32"),
        ([call(ANNA, "1C"), call(CLEO, "pass")], "Law 30B)"),
        # Cleo calls at Anna's turn, her partner's; Dev at Ben's, his left-hand opponent's.
        ([call(CLEO, "1H")], "Law 31B"),
        ([call(ANNA, "1C"), call(DEV, "pass")], "Law 30B)"),
    ],
)
def test_br_10_2_laws_29_to_32_a_call_out_of_rotation(events: list[dict[str, Any]], law: str) -> None:
    verdict = replay(events)
    assert broken(verdict) == [(len(events), "BR-4.1")]
    remedy = verdict.violations[0].remedy
    assert remedy is not None
    offender = events[-1]["seat"]
    assert (remedy.rule, remedy.chooser) == ("BR-10.2", ((offender + 1) % 4,))
    assert law in remedy.text


def test_br_4_3_a_level_0_bid_in_a_suit_is_flagged_not_refused() -> None:
    """docs/referee/contract_bridge.md: a level-0 bid is flagged (BR-4.3) and has no effect."""
    verdict = replay(calls("1H", "pass", "0D"))
    assert broken(verdict) == [(3, "BR-4.3")]
    assert verdict.violations[0].message == "Cleo bid 0♦, but the lowest bid is 1♣"


def test_the_fixture_has_no_remedy_and_no_ruling() -> None:
    verdict = REFEREE.replay(REFEREE.parse(json.loads((FIXTURES / "hand.json").read_text())))
    assert verdict.ruling is None and verdict.violations == ()


@pytest.mark.django_db
def test_br_10_5_the_ruled_deal_goes_into_the_match_with_its_ruling_in_the_history(
    owner_client: Any, make_match: Any
) -> None:
    """ "Use this result" on the revoke deal enters it as ruled (13 tricks, not the 11 played: BR-10.5, Law 64A1),
    and the match's history says why, each fault and step with its rule."""
    from django.urls import reverse

    from referee.models import ContestedHand
    from scoring.models import Deal

    match = make_match(game="contract_bridge", first_dealer=CLEO)
    record = {
        **HAND,
        "players": list(match.players),
        "dealer": CLEO,
        "hands": REVOKE_HANDS,
        "events": [*calls("4S", "pass", "pass", "pass", dealer=CLEO), *(e for trick in REVOKE_TRICKS for e in trick)],
    }
    hand = ContestedHand.objects.create(owner=match.owner, match=match, deal_number=1, record=record)
    owner_client.post(reverse("hand_use", args=[hand.pk]))
    assert Deal.objects.get(match=match).entry["tricks"] == 13
    faults = match.changes.get().ruling["faults"]
    assert [fault["rule"] for fault in faults] == ["BR-5.3", "BR-10.5, Law 64A1"]
    assert faults[1]["text"] == "2 tricks to N-S: Ben revoked in trick 1"
    history = " ".join(owner_client.get(reverse("match_history", args=[match.pk])).content.decode().split())
    assert "2 tricks to N-S: Ben revoked in trick 1 (BR-10.5, Law 64A1)" in history
    from tests.reports.test_corrections_and_verdicts import pdf_text

    pdf = pdf_text(owner_client.get(reverse("report_pdf", args=[match.pk])).content)
    assert "Ruled by the referee:" in pdf
    assert "2 tricks to N-S: Ben revoked in trick 1 (BR-10.5, Law 64A1)" in pdf


# --- BR-10.11 the major penalty card after a refused lead (Law 50D) ------------------------------------------------
# 4♠ by Cleo (the rules' play example): Ben leads 10♦ out of turn, Cleo refuses it, and 10♦ is Ben's major penalty
# card. Dev, whose lead it was, holds K♥ to 3♥ and 3♦ 2♦; Ben holds no heart.


def refused_diamond(*events: dict[str, Any]) -> Verdict:
    return play_example(play(BEN, "TD"), choice(CLEO, "refuse"), *events)


def test_br_10_11_law_50d2_the_declarer_may_require_the_penalty_cards_suit() -> None:
    required = refused_diamond(choice(CLEO, "require")).next_turn
    assert required is not None and (required.seat, required.allowed) == (DEV, ("3D", "2D"))  # diamonds only
    obeyed = refused_diamond(choice(CLEO, "require"), play(DEV, "3D"))
    assert broken(obeyed) == [(5, "BR-5.1")]
    verdict = refused_diamond(choice(CLEO, "require"), play(DEV, "KH"))
    assert broken(verdict) == [(5, "BR-5.1"), (8, "BR-10.11")]
    assert verdict.violations[1].message == "Dev led K♥, but the declarer required a lead of diamonds (Law 50D2)"
    remedy = verdict.violations[1].remedy  # a revoke (Law 61A), not yet established
    assert remedy is not None and remedy.rule == "BR-10.4"


def test_br_10_11_law_50d2_a_forbidden_suit_and_the_card_picked_up() -> None:
    verdict = refused_diamond(choice(CLEO, "forbid"), play(DEV, "3D"))
    assert broken(verdict) == [(5, "BR-5.1"), (8, "BR-10.11")]
    # Picked up by the option, 10♦ is no longer a penalty card: Ben, void in hearts, may discard a club.
    free = refused_diamond(choice(CLEO, "forbid"), play(DEV, "KH"), play(ANNA, "2H"), play(BEN, "9C"))
    assert broken(free) == [(5, "BR-5.1")]


def test_br_10_11_law_50d1_a_penalty_card_left_must_be_played_at_the_first_legal_chance() -> None:
    """Cleo leaves the lead free: Dev leads K♥, and Ben, void in hearts, must play 10♦, not 9♣."""
    kept = refused_diamond(choice(CLEO, "leave"), play(DEV, "KH"), play(ANNA, "2H"), play(BEN, "9C"))
    assert broken(kept) == [(5, "BR-5.1"), (10, "BR-10.11")]
    violation = kept.violations[1]
    assert violation.message == "Ben played 9♣, but had to play the penalty card 10♦ (Law 50D1)"
    assert violation.remedy is not None and violation.remedy.source == "Law 61A, Law 64B3"
    turn = refused_diamond(choice(CLEO, "leave"), play(DEV, "KH"), play(ANNA, "2H")).next_turn
    assert turn is not None and (turn.seat, turn.allowed) == (BEN, ("TD",))  # the penalty card alone
    played = refused_diamond(choice(CLEO, "leave"), play(DEV, "KH"), play(ANNA, "2H"), play(BEN, "TD"))
    assert broken(played) == [(5, "BR-5.1")]


def test_br_10_11_a_lead_option_with_no_penalty_card_or_by_a_defender_is_flagged() -> None:
    nothing = play_example(choice(CLEO, "require"))
    assert broken(nothing) == [(5, "BR-10.11")]
    assert nothing.violations[0].remedy is not None
    not_hers = refused_diamond(choice(ANNA, "forbid"))
    assert broken(not_hers)[-1] == (7, "BR-10.11")
    assert not_hers.violations[-1].message == "Anna chose a lead option, but the choice was the declarer's, Cleo"


# --- BR-10.6 a revoke in the 12th trick is corrected even when established (Law 62D) -------------------------------
# 1NT by Cleo, Dev leads. Dev leads his eleven clubs and wins tricks 1 to 11; then 3♥. Ben, holding A♥ and 3♠, plays
# 3♠ (a revoke) and Cleo's 5♥ wins trick 12; Ben's A♥ wins trick 13: N-S take 1 trick, down 6. Corrected, Ben's A♥
# wins trick 12, and his 3♠, led to trick 13, wins it too: N-S take none, 1NT down 7, 350 to E-W (BR-6.5: 50 a trick
# undoubled, not vulnerable).
TWELFTH_HANDS = [
    ["AD", "KD", "QD", "JD", "TD", "9D", "8D", "7D", "6D", "5D", "4D", "3D", "2D"],
    ["AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "AH", "3S"],
    ["KH", "QH", "JH", "TH", "9H", "8H", "7H", "6H", "5H", "4H", "3C", "2C", "2S"],
    ["AC", "KC", "QC", "JC", "TC", "9C", "8C", "7C", "6C", "5C", "4C", "3H", "2H"],
]


def twelfth_revoke() -> Verdict:
    clubs = ["AC", "KC", "QC", "JC", "TC", "9C", "8C", "7C", "6C", "5C", "4C"]
    diamonds = ["2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD", "QD"]
    spades = ["AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S"]
    cleo = ["3C", "2C", "2S", "QH", "JH", "TH", "9H", "8H", "7H", "6H", "4H"]
    events = [*calls("1NT", "pass", "pass", "pass", dealer=CLEO)]
    for club, diamond, spade, card in zip(clubs, diamonds, spades, cleo, strict=True):
        events += [play(DEV, club), play(ANNA, diamond), play(BEN, spade), play(CLEO, card)]
    events += [play(DEV, "3H"), play(ANNA, "KD"), play(BEN, "3S"), play(CLEO, "5H")]
    events += [play(CLEO, "KH"), play(DEV, "2H"), play(ANNA, "AD"), play(BEN, "AH")]
    return replay(events, dealer=CLEO, hands=TWELFTH_HANDS)


def test_br_10_6_law_62d_a_12th_trick_revoke_is_corrected_and_the_last_tricks_replayed() -> None:
    verdict = twelfth_revoke()
    assert broken(verdict) == [(51, "BR-5.3")]
    assert [trick.winner for trick in verdict.tricks[11:]] == [CLEO, BEN]
    remedy = verdict.violations[0].remedy
    assert remedy is not None and (remedy.rule, remedy.established, remedy.tricks) == ("BR-10.6", True, 0)
    assert verdict.deal_entry is not None and verdict.deal_entry["tricks"] == 1
    ruling = verdict.ruling
    assert ruling is not None
    assert ruling.entry["tricks"] == 0
    assert ruling.score.points == (0, 350)
    (step,) = ruling.steps
    assert (step.rule, step.source) == ("BR-10.6", "Law 62D")
    assert step.text == (
        "12th trick corrected: Ben plays A♥ to it instead; Ben wins the 12th trick and Ben the 13th, the other cards "
        "as they fell (Law 62D)"
    )

"""The remedies of the faults the replay flags (BR-10, from the Laws of Duplicate Bridge 2017), and the deal as ruled.

An insufficient bid (BR-10.1) and a call out of rotation (BR-10.2) get theirs when flagged: the options and who
chooses, as the record keeps what was said. A lead out of turn (BR-10.3) gets its remedy when led, the options while
it waits, and what followed once it is accepted or refused. A revoke (BR-10.4 to BR-10.7) gets its own at the end,
when the record says whether the offending side played to a later trick and who won the tricks after it; the tricks
it transfers make the ruling.
"""

from __future__ import annotations

from referee.core.games.contract_bridge.rules import (
    ACCEPT,
    LEAD_CHOICES,
    REFUSE,
    SEATS,
    TWELFTH,
    left_of,
    partner_of,
    revoke_transfer,
    trick_winner,
)
from referee.core.games.contract_bridge.state import OVER, LeadOutOfTurn, ReplayState, Revoke
from referee.core.remedies import NOT_HELD, Fault, Faults, scored_ruling, transfer
from referee.core.verdict import Remedy, Ruling, RulingStep, Violation
from scoring.core.games.contract_bridge import GAME as SCORING
from scoring.core.games.contract_bridge import side_of
from vocabulary.cards import SUIT_NAMES, Card, card_name
from vocabulary.i18n import _, gettext_noop, ngettext

# BR-10.2 (Laws 29 to 32): what follows a call out of rotation that is not accepted, by the call (a pass, or a bid,
# double or redouble), and by when it came: a pass before anyone bid, or else at the offender's right-hand opponent's
# turn or another's (their partner's or left-hand opponent's). Each a whole sentence.
_OUT_OF_ROTATION = {
    ("pass", "no bid"): gettext_noop(
        "{lho}, on {player}'s left, may accept the pass, which then counts (Law 29A). Otherwise it is cancelled, "
        "{due} calls, and {player} must pass at their next turn (Law 30A)."
    ),
    ("pass", "rho"): gettext_noop(
        "{lho}, on {player}'s left, may accept the pass, which then counts (Law 29A). Otherwise it is cancelled, "
        "{due} calls, and {player} must pass at their next turn (Law 30B)."
    ),
    ("pass", "other"): gettext_noop(
        "{lho}, on {player}'s left, may accept the pass, which then counts (Law 29A). Otherwise it is cancelled, "
        "{due} calls, and {player} must pass whenever it is their turn; {partner}'s calls may be restricted and Law "
        "23 may apply (Law 30B)."
    ),
    ("bid", "rho"): gettext_noop(
        "{lho}, on {player}'s left, may accept the call, which then counts (Law 29A). Otherwise it is cancelled and "
        "{due} calls: if {due} passes, {player} repeats the call; if not, {player} may make any legal call, and "
        "{partner} must pass at their next turn unless it is a comparable call (Law 31A, Law 32)."
    ),
    ("bid", "other"): gettext_noop(
        "{lho}, on {player}'s left, may accept the call, which then counts (Law 29A). Otherwise it is cancelled, "
        "{due} calls, and {player} may make any legal call in turn: unless it is a comparable call, {partner} must "
        "pass for the rest of the auction, and lead restrictions may follow (Law 31B, Law 32, Law 26)."
    ),
}

_INSUFFICIENT = gettext_noop(
    "{lho}, on {player}'s left, may accept the insufficient bid, which then counts (Law 27A). Otherwise {player} "
    "replaces it: with the lowest sufficient bid in the same strain the auction goes on (Law 27B1); with any other "
    "call {partner} must pass for the rest of the auction, and lead restrictions may follow (Law 27B2, Law 26). The "
    "record goes on as if the bid had not been made."
)

# BR-10.3 (Laws 53 to 56): a lead out of turn still waiting, accepted, or refused, by the offender's side.
_LEAD_WAITING = {
    "defender": gettext_noop(
        "{chooser}, the declarer, may accept the lead: play goes on clockwise from {card} (Law 53A, Law 54 at the "
        "opening lead). Or refuse it: {card} goes back to {player} as a major penalty card, {due} leads, and the "
        "declarer may require or forbid a lead of its suit when {partner} is on lead (Law 56, Law 50D). Record the "
        "choice, or the next card: a card from the hand after {player}'s accepts the lead."
    ),
    "declarer": gettext_noop(
        "Either defender may accept the lead, {chooser}'s choice prevailing: play goes on clockwise from {card} "
        "(Law 55A, Law 53A). Or refuse it: {card} goes back to its hand without penalty and {due} leads (Law 55B). "
        "Record the choice, or the next card: a card from the hand after {player}'s accepts the lead."
    ),
}
_LEAD_ACCEPTED = gettext_noop("{chooser} accepted the lead: play went on clockwise from {card} (Law 53A).")
_LEAD_ACCEPTED_BY_PLAY = gettext_noop(
    "{chooser} played to it, which accepts the lead: play went on clockwise from {card} (Law 53A)."
)
_LEAD_REFUSED = {
    "defender": gettext_noop(
        "{chooser} refused the lead: {card} went back to {player} as a major penalty card and {due} led; the declarer "
        "may require or forbid a lead of its suit when {partner} is on lead (Law 56, Law 50D)."
    ),
    "declarer": gettext_noop(
        "{chooser} refused the lead: {card} went back to its hand without penalty and {due} led (Law 55B)."
    ),
}

# BR-10.4 to BR-10.7 (Laws 62 to 64): a revoke, by whether it was established and what Law 64 gives.
_NOT_ESTABLISHED = gettext_noop(
    "Not established: {offenders} have not played to a later trick, so the revoke is corrected: {player} plays a "
    "card of {suits} instead, and a defender's card played in error becomes a major penalty card (Law 62)."
)
_COUNTED_AT_THE_END = gettext_noop(
    "Established (Law 63A): the tricks it transfers are counted at the end of play (Law 64A)."
)
_TRANSFERS = {
    "64A1": gettext_noop("{player} won the revoke trick (Law 64A1)."),
    "64A1+": gettext_noop("{player} won the revoke trick and {offenders} won a later one (Law 64A1)."),
    "64A2": gettext_noop("{player} did not win the revoke trick, but {offenders} won it or a later one (Law 64A2)."),
    "64B1": gettext_noop("no trick goes: {offenders} won neither the revoke trick nor a later one (Law 64B1)."),
    "64B2": gettext_noop(
        "no trick goes: {player} had revoked in {suits} before, and a second revoke in the same suit transfers "
        "nothing (Law 64B2)."
    ),
    "64B3": gettext_noop("no trick goes: the revoke was from dummy's hand, which lay face up (Law 64B3)."),
    "64B6": gettext_noop("no trick goes in the 12th trick: the revoke is corrected instead (Law 64B6, Law 62D)."),
    "64B7": gettext_noop("no trick goes: both sides made an established revoke (Law 64B7)."),
}
_CORRECTED = gettext_noop(
    "12th trick corrected: {player} plays {card} to it instead; {first} wins the 12th trick and {last} the 13th, the "
    "other cards as they fell (Law 62D)"
)
_EQUITY = gettext_noop(
    "If the transfer does not make up for the damage, the director adjusts the score: a judgement this record "
    "cannot make (Law 64C)."
)


# BR-10.8 to BR-10.10 and R-BR-10: the remedy of every other fault, by the rule it breaks.
_INADMISSIBLE = Fault(
    gettext_noop(
        "{player}'s call is cancelled: a bid below one level, or a double or redouble the Laws do not allow. {player} "
        "makes a legal call instead and {player}'s partner must pass for the rest of the auction; lead restrictions "
        "may follow (Law 36B, Law 26). If the next player called first, the auction goes back to it without "
        "penalty (Law 36A)."
    ),
    "Laws 35-36",
    rule="BR-10.8",
)
_AFTER_THE_AUCTION = Fault(
    gettext_noop(
        "A call after the auction ended is cancelled. A pass by a defender, or any call by the declaring side, has no "
        "further rectification; another call by a defender lets the declarer impose a lead restriction (Law 39). A "
        "card faced during the auction: if {player} becomes a defender it is a major penalty card, and for an "
        "honour or a card led early {player}'s partner must pass at their next turn (Law 24). A card in a deal passed "
        "out counts for nothing."
    ),
    "Law 24, Law 39",
    rule="BR-10.9",
)
_PREMATURE = Fault(
    gettext_noop(
        "A card played to a trick before its turn. By a defender: it is a major penalty card, and the declarer may "
        "require {player}'s partner, if still to play, to play the highest or lowest card of the suit led, or a card "
        "of another suit the declarer names (Law 57A). By the declarer, from either hand: no rectification (Law 57C)."
    ),
    "Law 57",
    rule="BR-10.10",
)
_NOT_YOURS = Fault(
    gettext_noop(
        "A choice by a player the Laws do not give it to, or with no lead out of turn to choose on, counts for "
        "nothing: the player entitled chooses (Law 53, Law 55)."
    ),
    "Laws 53-55",
    rule="BR-10.3",
)
_NO_OPTION = Fault(
    gettext_noop(
        "A lead option chosen by a player other than the declarer, or with no penalty card lying, counts for nothing: "
        "the lead stays free (Law 50D2)."
    ),
    "Law 50D",
    rule="BR-10.11",
)
_AFTER_THE_PLAY = Fault(
    gettext_noop("A card after the 13th trick counts for nothing: it goes back to {player}'s hand."),
    "Law 44, by analogy",
)
FAULTS = Faults(
    "R-BR-10",
    "",
    {
        "BR-4.3": (_INADMISSIBLE,),  # an insufficient bid has BR-10.1's remedy
        "BR-4.4": (_INADMISSIBLE,),
        "BR-4.6": (_AFTER_THE_AUCTION,),
        "BR-5.3": (_PREMATURE,),  # a revoke has BR-10.4 to BR-10.6's remedy
        "BR-10.3": (_NOT_YOURS,),
        "BR-10.11": (_NO_OPTION,),  # a penalty card not played, or a lead option broken, has its remedy when flagged
        "BR-5.5": (_AFTER_THE_PLAY,),
        "BR-5.6": (NOT_HELD,),
    },
)


class Remedies(ReplayState):
    """Each fault's remedy under the Laws (BR-10), and the deal as ruled."""

    def call_remedy(self, seat: int, due: int, word: str) -> Remedy:
        """BR-10.2: a call out of rotation, ``due`` having been on call: the offender's left-hand opponent may accept
        it (Law 29A); what follows otherwise depends on the call and whose turn it was (Laws 30 to 32)."""
        kind = "pass" if word == "pass" else "bid"
        where = "rho" if left_of(due) == seat else "other"
        if kind == "pass" and self.bid is None:
            where = "no bid"
        return self.lho_may_accept("BR-10.2", "Laws 28-32", _OUT_OF_ROTATION[kind, where], seat, due=self.name(due))

    def insufficient_remedy(self, seat: int) -> Remedy:
        """BR-10.1: an insufficient bid: the offender's left-hand opponent may accept it (Law 27A); else Law 27B."""
        return self.lho_may_accept("BR-10.1", "Law 27", _INSUFFICIENT, seat)

    def lho_may_accept(self, rule: str, source: str, text: str, seat: int, **values: str) -> Remedy:
        """The remedy of a call by ``seat`` that the offender's left-hand opponent may accept or not (Law 27A, Law
        29A): ``text`` is its msgid, worded with the offender as ``{player}``, their left-hand opponent as ``{lho}``,
        their partner as ``{partner}``, and ``values``."""
        names = {"player": self.name(seat), "lho": self.name(left_of(seat)), "partner": self.name(partner_of(seat))}
        worded = _(text).format(**names, **values)
        return Remedy(rule=rule, source=source, text=worded, chooser=(left_of(seat),), options=(ACCEPT, REFUSE))

    def lead_choosers(self, seat: int) -> tuple[int, ...]:
        """BR-10.3: who may accept or refuse a lead out of turn by ``seat``: the declarer for a defender's lead (Law
        53A, Law 54, Law 56), either defender for the declarer's or dummy's, the next in turn first (Law 55A)."""
        assert self.declarer is not None
        if side_of(seat) != side_of(self.declarer):
            return (self.declarer,)
        return (left_of(seat), partner_of(left_of(seat)))

    def lead_remedy(self, lead: LeadOutOfTurn) -> Remedy:
        """BR-10.3: the options while the choice waits, or what the choice was and what followed."""
        assert self.declarer is not None
        whose = "defender" if side_of(lead.seat) != side_of(self.declarer) else "declarer"
        choosers = self.lead_choosers(lead.seat)
        values = {
            "player": self.players[lead.seat],
            "card": card_name(lead.card),
            "due": self.players[lead.due],
            "partner": self.players[partner_of(lead.seat)],
            "chooser": self.players[choosers[0] if lead.by is None else lead.by],
        }
        if lead.choice == ACCEPT:
            said = _LEAD_ACCEPTED_BY_PLAY if lead.played else _LEAD_ACCEPTED
        else:
            said = (_LEAD_REFUSED if lead.choice == REFUSE else _LEAD_WAITING)[whose]
        options = () if lead.choice else LEAD_CHOICES  # the choices, while it waits
        source = "Law 53, Law 56" if whose == "defender" else "Law 53, Law 55"
        return Remedy(rule="BR-10.3", source=source, text=_(said).format(**values), chooser=choosers, options=options)

    def established(self, revoke: Revoke) -> bool:
        """BR-10.4 (Law 63A1): the offender or their partner played to a later trick, legally or not."""
        later = self.tricks_shown()[revoke.trick :]  # with the trick being played, unless it is the revoke's own
        return any(side_of(seat) == side_of(revoke.seat) for trick in later for seat, _card in trick.plays)

    def revoke_remedies(self) -> dict[int, Remedy]:
        """BR-10.4 to BR-10.7: each revoke's remedy, from the whole record."""
        established = [revoke for revoke in self.revokes if self.established(revoke)]
        return {revoke.violation: self.revoke_remedy(revoke, established) for revoke in self.revokes}

    def revoke_remedy(self, revoke: Revoke, established: list[Revoke]) -> Remedy:
        """BR-10.4 to BR-10.7: the remedy of ``revoke``, of the deal's ``established`` revokes or not (Law 63A)."""
        side, name = side_of(revoke.seat), self.name(revoke.seat)
        offenders, suits = SCORING.side_labels[side], _(SUIT_NAMES[revoke.suit])
        if revoke not in established:
            text = _(_NOT_ESTABLISHED).format(offenders=offenders, player=name, suits=suits)
            return Remedy(rule="BR-10.4", source="Law 62, Law 63", text=text, established=False)
        if self.phase != OVER:  # Law 64A counts the tricks at the end of play
            return Remedy(rule="BR-10.5", source="Law 64A", text=_(_COUNTED_AT_THE_END), established=True)
        winners = [trick.winner for trick in self.tricks if trick.winner is not None]
        repeated = any(
            earlier.seat == revoke.seat and earlier.suit == revoke.suit and earlier.trick < revoke.trick
            for earlier in established
        )
        both_sides = len({side_of(each.seat) for each in established}) == 2
        from_dummy = revoke.seat == self.dummy
        transfer = revoke_transfer(
            revoke.seat, revoke.trick, winners, from_dummy=from_dummy, repeated=repeated, both_sides=both_sides
        )
        law = transfer.law + ("+" if transfer.law == "64A1" and transfer.tricks == 2 else "")
        why = _(_TRANSFERS[law]).format(player=name, offenders=offenders, suits=suits)
        if transfer.tricks:
            head = ngettext(
                "Established (Law 63A): {count} trick to {side}: {why}",
                "Established (Law 63A): {count} tricks to {side}: {why}",
                transfer.tricks,
            ).format(count=transfer.tricks, side=SCORING.side_labels[1 - side], why=why)
        else:
            head = _("Established (Law 63A): {why}").format(why=why)
        return Remedy(
            rule="BR-10.5" if law.startswith("64A") else "BR-10.6",  # a transfer, or one of Law 64B's exceptions
            source=f"Law {transfer.law}",
            text=f"{head} {_(_EQUITY)}",
            established=True,
            tricks=transfer.tricks,
            to_side=1 - side,
        )

    def own_remedies(self) -> dict[int, Remedy]:
        """The remedies the Laws give (BR-10): those known before the end (when flagged, or a lead out of turn's as it
        stands) and each revoke's; `FAULTS` remedies the rest, as in every game."""
        return {**self.remedies, **self.revoke_remedies()}

    def corrected_last_tricks(self) -> tuple[Revoke, Card, int, int] | None:
        """BR-10.6 (Law 62D): a revoke in the 12th trick is corrected even when established. The offender held two
        cards, one of the suit led, which they played to the 13th trick: it goes to the 12th instead, the revoke card
        to the 13th, led by the 12th's winner, every other card as it fell. The revoke, the card that goes to the 12th
        and the winners of the 12th and the 13th as corrected; None without such a revoke in a deal played to its
        end."""
        twelfth = next((revoke for revoke in self.revokes if revoke.trick == TWELFTH), None)
        if twelfth is None or self.phase != OVER or len(self.tricks) != TWELFTH + 1:
            return None
        (played_12, played_13) = (dict(trick.plays) for trick in self.tricks[TWELFTH - 1 :])
        kept = played_13.get(twelfth.seat)
        if kept is None or kept.suit != twelfth.suit or len(played_12) != SEATS or len(played_13) != SEATS:
            return None
        played_13[twelfth.seat], played_12[twelfth.seat] = played_12[twelfth.seat], kept
        leader = self.tricks[TWELFTH - 1].leader
        plays = tuple(((leader + step) % SEATS, played_12[(leader + step) % SEATS]) for step in range(SEATS))
        first, _reason = trick_winner(plays, self.trumps)
        last_plays = tuple(((first + step) % SEATS, played_13[(first + step) % SEATS]) for step in range(SEATS))
        last, _reason = trick_winner(last_plays, self.trumps)
        return twelfth, kept, first, last

    def ruling(self, violations: tuple[Violation, ...], entry: dict[str, object] | None) -> Ruling | None:
        """The deal as ruled (BR-10.5): the declaring side's tricks after every trick transferred, and its score;
        None when no trick is transferred (the score as played stands) or the deal is not over or passed out."""
        if self.phase != OVER or self.declarer is None or entry is None:
            return None
        declarers = side_of(self.declarer)
        played = tricks = self.side_tricks()[declarers]
        steps = []
        corrected = self.corrected_last_tricks()
        if corrected is not None:
            revoke, card, first, last = corrected
            winners = [*(trick.winner or 0 for trick in self.tricks[: TWELFTH - 1]), first, last]
            tricks = sum(side_of(winner) == declarers for winner in winners)
            text = _(_CORRECTED).format(
                player=self.name(revoke.seat), card=card_name(card), first=self.name(first), last=self.name(last)
            )
            steps.append(RulingStep(rule="BR-10.6", source="Law 62D", text=text))
        for violation in violations:
            remedy = violation.remedy
            if remedy is None or not remedy.tricks or remedy.to_side is None:
                continue
            moved, tricks = transfer(remedy.tricks, remedy.to_side != declarers, tricks, 13)
            side = SCORING.side_labels[remedy.to_side]
            text = ngettext(
                "{count} trick to {side}: {player} revoked in trick {trick}",
                "{count} tricks to {side}: {player} revoked in trick {trick}",
                moved,
            ).format(count=moved, side=side, player=self.name(violation.seat), trick=violation.trick)
            steps.append(RulingStep(rule=remedy.rule, source=remedy.source, text=text))
        if not steps or (corrected is not None and len(steps) == 1 and tricks == played):
            return None  # a 12th-trick revoke corrected with the same result leaves the score as played
        return scored_ruling(SCORING, {**entry, "tricks": tricks}, self.dealer, self.flags, steps)

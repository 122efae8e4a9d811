"""Rulings where the rulebook is silent (R1-R14 in ``rules/__init__.py`` and docs/rules/super-pacs.md)."""

from __future__ import annotations

from domain.choices import Pass
from domain.games.super_pacs.cards import HOUSE
from domain.games.super_pacs.commands import (
    Campaign,
    Embezzle,
    Exploit,
    PlaySurprise,
    RevealEvent,
    UseSuperpower,
)
from domain.games.super_pacs.events import EffectBegan, ElectionWon, EventRevealed, TargetChosen
from domain.games.super_pacs.rules.rounds import worth
from domain.games.super_pacs.state import hand_size
from domain.games.super_pacs.takebacks import TAKEBACKS
from domain.seats import SPECTATOR

from .conftest import EV, GAME, F, I, L, stacked

LEADERS = (L("MR. HOPE"), L("THE HAIR PIECE"), L("THE ORGANIZER"))


def _exploiting(card: int, hands: dict[int, tuple[int, ...]], **fields: object) -> object:
    given = stacked(3, leaders=LEADERS, hands={0: (card,), **hands}, **fields).played((0, Embezzle()))
    return given.played((0, Exploit(card=card)))


def test_r6_an_event_cannot_be_nullified() -> None:
    """R6: Nullify cancels an exploit, a superpower or a surprise; an event itself cannot be nullified."""
    given = stacked(3, leaders=LEADERS, hands={0: (), 1: (F("Spin Doctors"),), 2: ()}).adjusted(
        phase="event", turn=-1, round=1, event_pool=(EV("Tax Rebate"),)
    )
    revealed = given.played((0, RevealEvent()))
    assert revealed.legal(1) == [Pass()]


def test_r6_a_nullify_answers_a_surprise_played_on_an_event() -> None:
    """R6: in an event's window, a Nullify may cancel a surprise played there."""
    hands = {0: (F("Filibuster"),), 1: (F("Megachurch"),), 2: ()}
    given = stacked(3, leaders=LEADERS, hands=hands).adjusted(
        phase="event", turn=-1, round=1, event_pool=(EV("Government Shutdown"),)
    )
    played = given.played((0, RevealEvent()), (1, PlaySurprise(card=F("Megachurch"))))
    assert PlaySurprise(card=F("Filibuster")) in played.legal(0)
    done = played.played((0, PlaySurprise(card=F("Filibuster"))))
    assert done.state.money == (1, 1, 1)


def test_r6_immunity_answers_an_election_play_that_lowers_your_votes() -> None:
    """R6: Immunity ("you are immune to the effect being played") answers a votes surprise or
    superpower that changes your votes (each opponent gets -2): you take no part in its change; it is
    not offered before such a play, nor against a play that only adds to its player's votes."""
    hands = {0: (), 1: (F("Attack Ads"),), 2: (F("Megachurch"), F("Youth Vote"))}
    coalitions = ((F("Teachers"),), (F("Unions"),), (F("Liberal Media"),))
    given = stacked(3, leaders=LEADERS, hands=hands, coalitions=coalitions).adjusted(
        phase="event", turn=-1, round=4, revealed=3
    )
    counting = given.played((0, RevealEvent()))
    assert counting.legal(2) == [PlaySurprise(card=F("Youth Vote")), Pass()]
    attacked = counting.played((1, PlaySurprise(card=F("Attack Ads"))))
    assert attacked.view(SPECTATOR).election.votes == (0, 3, 2)
    assert attacked.legal(2) == [
        PlaySurprise(card=F("Megachurch")),
        PlaySurprise(card=F("Youth Vote")),
        Pass(),
    ]
    immune = attacked.played((2, PlaySurprise(card=F("Megachurch"))))
    assert immune.view(SPECTATOR).election.votes == (0, 3, 4)
    assert immune.legal(2) == [PlaySurprise(card=F("Youth Vote")), Pass()]
    done = immune.when(2, Pass())
    assert ElectionWon(seat=2, card=HOUSE, votes=(0, 3, 4)) in done.events


def test_r4_junk_bonds_counts_the_megabucks_in_the_most_notes_the_holder_may_hold() -> None:
    """R4: notes are changed "immediately, at any time", so Junk Bonds ("1 power for each remaining
    card in your hand (factions and megabucks)") counts the holder's megabucks in 1s as far as the
    19 1-megabuck cards the others do not hold allow, the rest in 5s."""
    given = stacked(3, leaders=LEADERS, hands={0: (F("Teachers"),), 1: (), 2: ()}, money=(23, 4, 3))
    assert hand_size(given.state, 0) == 1 + 4 + 3  # the fewest notes: 4 fives and 3 ones
    assert worth(given.state, 0, I("Junk Bonds")) == 1 + 8 + 3  # 19 - 7 ones: 8 ones and 3 fives
    rich = given.adjusted(money=(60, 0, 0))
    assert worth(rich.state, 0, I("Junk Bonds")) == 1 + 15 + 9  # 60: 15 of the 19 ones, and 9 fives


def test_r8_pay_nothing_cancels_the_payment_and_the_payee_is_not_made_whole() -> None:
    """R8: "pay nothing" cancels the payment itself: a payee is not made whole for it."""
    given = _exploiting(F("Pharma Conglomerate"), {1: (F("Too Big To Fail Banks"),), 2: ()})
    done = given.played((1, PlaySurprise(card=F("Too Big To Fail Banks"))))
    assert done.state.money == (4 + 1, 2, 1)


def test_r9_campaign_actions_open_no_window() -> None:
    """R9: campaign actions and investment benefits are not answered by surprises."""
    given = stacked(3, leaders=LEADERS, hands={1: (F("Spin Doctors"),)})
    done = given.when(0, Campaign())
    assert done.state.pending is None and GAME.to_act(done.state) == {0}


def test_r12_a_single_candidate_is_chosen_for_its_owner() -> None:
    """R12: a target choice with one candidate is made for its owner; with none, that part has no effect."""
    given = stacked(3, leaders=LEADERS, hands={0: (F("Car Companies"),), 1: (), 2: ()})
    given = given.adjusted(coalitions=((), (F("Civil Servants"),), ()))
    done = given.played((0, Embezzle())).when(0, Exploit(card=F("Car Companies")))
    assert EffectBegan(kind="exploit", owner=0, card=F("Car Companies")) in done.events
    assert TargetChosen(seat=0, target=1) in done.events
    nobody = stacked(3, leaders=LEADERS, hands={0: (F("Car Companies"),), 1: (), 2: ()})
    done = nobody.played((0, Embezzle())).when(0, Exploit(card=F("Car Companies")))
    assert not any(isinstance(e, TargetChosen) for e in done.events) and done.state.money[0] == 4 + 3


def test_r15_collecting_from_an_opponent_is_not_a_payment() -> None:
    """R15: Car Companies' megabuck from an immune opponent takes what there is (no discards)."""
    given = stacked(3, leaders=LEADERS, hands={0: (F("Car Companies"),), 1: (F("Teachers"),), 2: ()})
    given = given.adjusted(coalitions=((), (F("Civil Servants"),), ()), money=(2, 0, 2))
    done = given.played((0, Embezzle()), (0, Exploit(card=F("Car Companies"))), (1, Pass()))
    assert done.state.owed == (0, 0, 0) and done.state.money == (4 + 3, 0, 2)


def test_r17_a_turn_begins_with_the_initial_action() -> None:
    """R17: for take-backs, a turn begins with the turn player's first command; a revealed event is final."""
    given = stacked(3, leaders=LEADERS)
    events = given.when(0, UseSuperpower()).events
    assert [TAKEBACKS.turn_start(given.state, event) for event in events][:2] == [True, False]
    later = given.played((0, UseSuperpower()))
    assert not any(TAKEBACKS.turn_start(later.state, event) for event in later.when(0, Embezzle()).events)
    assert TAKEBACKS.final(EventRevealed(card=EV("Tax Rebate")))


def test_a_faction_added_by_an_effect_does_not_execute_its_exploit() -> None:
    """Q: When I "add" a faction to my coalition, do I get the exploit written on it? A: No."""
    given = stacked(3, leaders=LEADERS, hands={0: (F("Tea Partiers"),), 1: (), 2: ()})
    given = given.adjusted(deck=(F("Oil Barons"),))
    done = given.played((0, Embezzle())).when(0, Exploit(card=F("Tea Partiers")))
    assert done.state.coalitions[0] == (F("Tea Partiers"), F("Oil Barons")) and done.state.money[0] == 4

"""Rulings where the rulebook is silent (R1-R14 in ``rules/__init__.py`` and docs/rules/super-pacs.md)."""

from __future__ import annotations

from domain.choices import Pass
from domain.games.super_pacs.commands import (
    Campaign,
    Embezzle,
    Exploit,
    PlaySurprise,
    RevealEvent,
    UseSuperpower,
)
from domain.games.super_pacs.events import EffectBegan, EventRevealed, TargetChosen
from domain.games.super_pacs.takebacks import TAKEBACKS

from .conftest import EV, GAME, F, L, stacked

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

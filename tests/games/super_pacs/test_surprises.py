"""Exploiting a Card and Surprises: reaction windows, nullify, immunity, payments, the first to announce."""

from __future__ import annotations

from datetime import timedelta

from domain.chance import EPOCH, Context
from domain.choices import Choose, Chosen, Pass
from domain.games.super_pacs.commands import Embezzle, Exploit, PlaySurprise, RevealEvent
from domain.games.super_pacs.events import (
    EffectResolved,
    FactionDestroyed,
    MoneyMoved,
    SurprisePlayed,
)
from domain.games.super_pacs.rules import due, overdue
from domain.seats import SPECTATOR

from .conftest import EV, GAME, F, L, stacked

LEADERS = (L("MR. HOPE"), L("THE HAIR PIECE"), L("THE ORGANIZER"))


def _exploiting(card: int, hands: dict[int, tuple[int, ...]], **fields: object) -> object:
    """Seat 0 has embezzled and exploits ``card``; the others hold ``hands``."""
    given = stacked(3, leaders=LEADERS, hands={0: (card,), **hands}, **fields).played((0, Embezzle()))
    return given.played((0, Exploit(card=card)))


def test_a_window_opens_for_every_seat_that_could_hold_a_surprise_even_when_none_is_held() -> None:
    """Open a reaction window wherever a surprise could apply: every other seat with a faction in hand."""
    given = _exploiting(F("Oil Barons"), {1: (F("Teachers"),), 2: ()})
    assert given.to_act() == {1}
    assert given.legal(1) == [Pass()]
    assert given.view(SPECTATOR).pending.window.seats == (1,)


def test_nobody_to_answer_resolves_at_once() -> None:
    """A window is open only while some seat could answer: with no faction in any other hand it resolves."""
    given = _exploiting(F("Oil Barons"), {1: (), 2: ()})
    assert given.state.pending is None and given.state.money[0] == 8


def test_each_seat_answers_with_a_surprise_or_a_pass() -> None:
    """to_act holds every seat that may answer; each answers with a surprise or a pass."""
    given = _exploiting(F("Oil Barons"), {1: (F("Spin Doctors"),), 2: (F("Filibuster"), F("Teachers"))})
    assert given.to_act() == {1, 2}
    assert given.legal(1) == [PlaySurprise(card=F("Spin Doctors")), Pass()]


def test_whoever_announces_first_goes_first() -> None:
    """Q: If two players want to do something at the same time ... Whoever announces first goes first."""
    given = _exploiting(
        F("Oil Barons"), {1: (F("Spin Doctors"), F("Teachers")), 2: (F("Filibuster"), F("Unions"))}
    )
    first = given.when(2, PlaySurprise(card=F("Filibuster")))
    assert first.events[0] == SurprisePlayed(seat=2, card=F("Filibuster"))
    assert first.state.pending.plays == ((2, F("Filibuster")),)
    assert set(GAME.to_act(first.state)) == {1, 2}


def test_a_surprise_is_discarded_from_the_hand_to_the_cemetery() -> None:
    """To use a surprise ... Discard a surprise from your hand (to the cemetery) and execute its text."""
    given = _exploiting(F("Oil Barons"), {1: (F("Spin Doctors"),), 2: ()})
    done = given.when(1, PlaySurprise(card=F("Spin Doctors")))
    assert done.state.cemetery[-1] == F("Spin Doctors") and F("Spin Doctors") not in done.state.hands[1]


def test_nullify_undoes_every_effect_including_a_destroyed_card() -> None:
    """Q: When something is nullified, undo all the effects (this may mean taking back a card from the
    cemetery)."""
    given = _exploiting(
        F("Militia Men"),
        {1: (F("Spin Doctors"),), 2: ()},
        coalitions=((), (F("Teachers"),), ()),
    )
    assert given.state.pending.victim == (1, F("Teachers"))
    done = given.played((1, PlaySurprise(card=F("Spin Doctors"))))
    assert done.state.pending is None
    assert F("Teachers") in done.state.coalitions[1] and F("Teachers") not in done.state.cemetery
    assert F("Militia Men") in done.state.coalitions[0]


def test_a_nullify_may_itself_be_nullified() -> None:
    """Nullify undoes that surprise: a second Nullify cancels the first, and the exploit stands."""
    given = _exploiting(
        F("Militia Men"),
        {1: (F("Spin Doctors"), F("Teachers")), 2: (F("Filibuster"),)},
        coalitions=((), (F("Unions"),), ()),
    )
    done = given.played((1, PlaySurprise(card=F("Spin Doctors"))), (2, PlaySurprise(card=F("Filibuster"))))
    done = done.played((1, Pass()))
    assert F("Unions") in done.state.cemetery


def test_a_superpower_cost_is_not_refunded_when_nullified() -> None:
    """If a player uses a superpower, they must pay the cost and do not get their money back."""
    from domain.games.super_pacs.commands import UseSuperpower

    given = stacked(3, leaders=LEADERS, hands={1: (F("Spin Doctors"),), 2: ()}).played((0, UseSuperpower()))
    done = given.played((1, PlaySurprise(card=F("Spin Doctors"))))
    assert done.state.money[0] == 0 and len(done.state.hands[0]) == len(given.state.hands[0])


def test_the_immune_player_does_not_take_part_in_the_changes() -> None:
    """For immunity, the immune player does not participate in any changes caused by the effect."""
    given = _exploiting(F("Country Club"), {1: (F("Megachurch"),), 2: (F("Teachers"),)})
    done = given.played((1, PlaySurprise(card=F("Megachurch")))).when(2, Pass())
    assert EffectResolved(nullified=False, immune=(1,)) in done.events
    assert done.state.money == (4, 2, 1)


def test_counts_still_include_the_immune_players_cards() -> None:
    """Effects that count and compare things still include the immune player's cards in computing totals."""
    media = (F("Liberal Media"), F("Talk Radio"))
    given = stacked(
        3,
        leaders=LEADERS,
        hands={0: (), 1: (F("Megachurch"),), 2: ()},
        coalitions=((), media, (F("Paparazzi"),)),
    ).adjusted(phase="event", event_pool=(EV("Media Frenzy"),), round=1)
    revealed = given.played((0, RevealEvent()))
    assert revealed.state.pending.affected == (1,)
    done = revealed.played((1, PlaySurprise(card=F("Megachurch"))))
    assert done.view(SPECTATOR).tokens["SMEARED"] == -1


def test_a_target_that_became_immune_cannot_be_swapped_for_another() -> None:
    """If you chose to target a player and that player gained immunity, you cannot retarget that effect."""
    given = _exploiting(F("Public Broadcasting"), {1: (F("Megachurch"),), 2: (F("Teachers"),)})
    chosen = given.played((0, Choose(option="1")))
    done = chosen.played((1, PlaySurprise(card=F("Megachurch"))), (2, Pass()))
    assert done.state.money == (4, 2, 2)


def test_an_immune_player_does_not_lose_factions() -> None:
    """Q: ... what happens if they become immune? A: No, an immune player does not lose or gain factions."""
    given = _exploiting(F("Unions"), {1: (F("Lobbyists"),), 2: ()}, coalitions=((), (F("Oil Barons"),), ()))
    done = given.when(1, PlaySurprise(card=F("Lobbyists")))
    assert EffectResolved(nullified=False, immune=(1,)) in done.events
    assert F("Oil Barons") in done.state.coalitions[1]


def test_too_big_to_fail_banks_defends_against_a_payment() -> None:
    """Some surprises cancel another effect: TOO BIG TO FAIL BANKS, when an effect makes you pay."""
    given = _exploiting(F("Country Club"), {1: (F("Too Big To Fail Banks"),), 2: ()})
    assert PlaySurprise(card=F("Too Big To Fail Banks")) in given.legal(1)
    done = given.played((1, PlaySurprise(card=F("Too Big To Fail Banks"))))
    assert done.state.money[1] == 2


def test_too_big_to_fail_banks_does_not_answer_organized_crime() -> None:
    """Q: Can I defend against ORGANIZED CRIME by discarding TOO BIG TO FAIL BANKS? A: No, it does not
    use "pay"."""
    given = _exploiting(F("Organized Crime"), {1: (F("Too Big To Fail Banks"),), 2: ()})
    assert given.legal(1) == [Pass()]


def test_some_surprises_steal_money() -> None:
    """Some surprises ... steal money: take 2 from the player whose exploit is being played."""
    given = _exploiting(F("Oil Barons"), {1: (F("Pickpockets Guild"),), 2: ()})
    done = given.when(1, PlaySurprise(card=F("Pickpockets Guild")))
    assert MoneyMoved(payer=0, payee=1, amount=2) in done.events
    assert done.state.money[0] == 4 - 2 + 4


def test_the_referee_closes_an_overdue_window() -> None:
    """Windows are timed out through the referee, so a table never waits forever (ruling R5)."""
    given = _exploiting(F("Oil Barons"), {1: (F("Teachers"),), 2: (F("Unions"),)})
    deadline = due(given.state)
    assert deadline == EPOCH + timedelta(seconds=30)
    assert overdue(given.state, Context.seeded(0, now=EPOCH)) == []
    closed = overdue(given.state, Context.seeded(0, now=deadline))
    assert closed[:2] == [
        Chosen(seat=1, option="", by_referee=True),
        Chosen(seat=2, option="", by_referee=True),
    ]
    assert isinstance(closed[2], EffectResolved) and closed[-1] == MoneyMoved(payer=-1, payee=0, amount=4)


def test_a_destroy_with_several_candidates_asks_its_owner() -> None:
    """Destroy a faction: choose a faction from a coalition; you may choose an opponent's."""
    given = _exploiting(F("Militia Men"), {1: (), 2: ()}, coalitions=((F("Teachers"),), (F("Unions"),), ()))
    assert given.to_act() == {0}
    options = given.legal(0)
    assert options == [Choose(option=f"0:{F('Teachers')}"), Choose(option=f"1:{F('Unions')}")]
    done = given.when(0, Choose(option=f"1:{F('Unions')}"))
    assert FactionDestroyed(seat=1, card=F("Unions")) in done.events


def test_the_turn_player_may_answer_a_surprise_played_against_its_own_exploit() -> None:
    """Surprises are *usually* played when it is not your turn, and may be discarded at any time when
    applicable (ruling R5: a play asks everyone again, the effect's owner too)."""
    hands = {1: (F("Pickpockets Guild"), F("Teachers")), 2: ()}
    given = stacked(3, leaders=LEADERS, hands={0: (F("Oil Barons"), F("Spin Doctors")), **hands}).played(
        (0, Embezzle()), (0, Exploit(card=F("Oil Barons")))
    )
    assert given.to_act() == {1}
    stolen = given.played((1, PlaySurprise(card=F("Pickpockets Guild"))))
    assert stolen.to_act() == {0, 1}
    assert stolen.legal(0) == [PlaySurprise(card=F("Spin Doctors")), Pass()]
    answered = stolen.played((0, PlaySurprise(card=F("Spin Doctors"))))
    assert answered.to_act() == {1}
    done = answered.when(1, Pass())
    assert done.events[1] == EffectResolved(nullified=False, immune=())
    assert done.state.money == (2 + 2 + 4, 2, 2)


def test_the_turn_player_never_nullifies_its_own_exploit_or_its_own_answer() -> None:
    """A surprise answers another's play: the owner's Nullify may cancel a Nullify played on its
    exploit, never the exploit itself nor the owner's own surprise."""
    own = (F("Oil Barons"), F("Spin Doctors"), F("Filibuster"))
    given = stacked(3, leaders=LEADERS, hands={0: own, 1: (F("Fake News Network"), F("Teachers")), 2: ()})
    given = given.played((0, Embezzle()), (0, Exploit(card=F("Oil Barons"))))
    nullified = given.played((1, PlaySurprise(card=F("Fake News Network"))))
    assert nullified.legal(0) == [
        PlaySurprise(card=F("Spin Doctors")),
        PlaySurprise(card=F("Filibuster")),
        Pass(),
    ]
    answered = nullified.played((0, PlaySurprise(card=F("Spin Doctors"))))
    assert answered.legal(0) == [Pass()]
    done = answered.played((1, Pass()), (0, Pass()))
    assert done.state.money[0] == 2 + 2 + 4

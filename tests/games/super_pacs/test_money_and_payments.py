"""Money, payments, destroying and discarding, and the decks running out (Destroying, Discarding and
Paying; Q&A)."""

from __future__ import annotations

from domain.choices import Choose, Pass
from domain.games.super_pacs.cards import TREASURY_VALUE
from domain.games.super_pacs.commands import Campaign, DiscardFaction, Embezzle, Exploit, Fundraise
from domain.games.super_pacs.events import (
    DeckRebuilt,
    DiscardsOwed,
    EffectResolved,
    FactionDestroyed,
    FactionDiscarded,
    MoneyMoved,
)
from domain.games.super_pacs.state import hand_size
from domain.seats import SPECTATOR, Seat

from .conftest import F, L, stacked

LEADERS = (L("MR. HOPE"), L("THE HAIR PIECE"), L("THE ORGANIZER"))


def _exploiting(card: int, hands: dict[int, tuple[int, ...]], **fields: object) -> object:
    given = stacked(3, leaders=LEADERS, hands={0: (card,), **hands}, **fields).played((0, Embezzle()))
    return given.played((0, Exploit(card=card)))


def test_the_treasury_holds_29_money_cards_of_1_and_5() -> None:
    """29 Money cards: 1 and 5 Megabucks (ruling R4: 19 of 1 and 10 of 5, 69 megabucks)."""
    assert TREASURY_VALUE == 19 * 1 + 10 * 5


def test_money_is_kept_in_the_hand_others_see_the_card_count_and_the_tracked_total() -> None:
    """Q: Money should be kept in your hand, hidden with your unplayed factions (ruling R4: the total
    is public)."""
    given = stacked(3, leaders=LEADERS, hands={1: (F("Teachers"), F("Unions"))}, money=(2, 7, 2))
    seen = given.view(Seat(0)).seats[1]
    assert seen.hand.count == 2  # type: ignore[union-attr]
    assert seen.hand_cards == 2 + 3 and seen.megabucks == 7
    assert hand_size(given.state, 1) == 5


def test_change_between_1s_and_5s_at_any_time() -> None:
    """Q: When can I exchange five 1-megabuck notes for a 5-megabuck note? A: immediately, at any time."""
    given = stacked(3, leaders=LEADERS, money=(9, 2, 2))
    assert given.view(SPECTATOR).seats[0].hand_cards == len(given.state.hands[0]) + 1 + 4


def test_a_penalty_you_cannot_pay_is_paid_in_factions_one_per_megabuck_short() -> None:
    """The player first pays as much as they can, then discards a faction for every megabuck still owed."""
    given = _exploiting(F("Country Club"), {1: (F("Teachers"), F("Unions")), 2: ()}, money=(2, 0, 2)).played(
        (1, Pass())
    )
    assert given.state.owed == (0, 1, 0)
    assert given.to_act() == {1} and given.legal(1) == [DiscardFaction(card=c) for c in given.state.hands[1]]
    given.when(1, DiscardFaction(card=F("Unions"))).then(FactionDiscarded(seat=1, card=F("Unions")))


def test_once_the_hand_is_empty_no_further_payment_is_required() -> None:
    """If/when the player has no cards left in his/her hand, no additional payment is required."""
    given = _exploiting(F("Country Club"), {1: (), 2: ()}, money=(2, 0, 0))
    assert given.state.owed == (0, 0, 0)


def test_a_payee_gets_the_shortfall_from_the_treasury() -> None:
    """If the payment is being made to another player, that player gets the difference from the treasury."""
    given = _exploiting(F("Public Broadcasting"), {1: (), 2: ()}, money=(2, 1, 2))
    given = given.played((0, Choose(option="1")))
    assert given.state.money == (4 + 2, 0, 2)


def test_discard_is_from_the_hand_and_destroy_from_a_coalition() -> None:
    """Discard a faction: from your hand to the cemetery. Destroy a faction: from a coalition to the
    cemetery."""
    given = _exploiting(F("Unions"), {1: (), 2: ()}, coalitions=((), (F("Oil Barons"),), ()))
    assert given.state.cemetery == (F("Oil Barons"),)
    assert F("Oil Barons") not in given.state.coalitions[1]


def test_you_must_destroy_if_you_can_even_your_own() -> None:
    """Q: You must destroy a Financial if you can, even if it is one of your own."""
    given = stacked(
        3, leaders=LEADERS, hands={0: (F("Unions"),), 1: (), 2: ()}, coalitions=((F("Oil Barons"),), (), ())
    )
    done = given.played((0, Embezzle())).when(0, Exploit(card=F("Unions")))
    assert FactionDestroyed(seat=0, card=F("Oil Barons")) in done.events


def test_an_exploit_that_cannot_be_performed_has_no_effect() -> None:
    """Q: If an exploit cannot be performed, it has no effect."""
    given = stacked(3, leaders=LEADERS, hands={0: (F("Unions"),), 1: (), 2: ()})
    done = given.played((0, Embezzle())).when(0, Exploit(card=F("Unions")))
    assert not any(isinstance(e, FactionDestroyed) for e in done.events)
    assert EffectResolved(nullified=False) in done.events


def test_immune_factions_can_never_be_destroyed() -> None:
    """Since its type is immune, it cannot be moved or destroyed."""
    given = stacked(
        3,
        leaders=LEADERS,
        hands={0: (F("Unions"),), 1: (), 2: ()},
        coalitions=((), (F("Federal Reserve"),), ()),
    )
    done = given.played((0, Embezzle())).when(0, Exploit(card=F("Unions")))
    assert F("Federal Reserve") in done.state.coalitions[1]


def test_an_empty_treasury_makes_everyone_discard_down_to_5_first() -> None:
    """Q: If the Treasury runs out, all players must discard down to 5 cards in hand, then you collect."""
    hands = {
        0: (F("Teachers"),),
        1: tuple(F(n) for n in ("Unions", "Oil Barons", "Gun Lobby", "Talk Radio")),
        2: (),
    }
    given = stacked(
        3, leaders=LEADERS, hands=hands, money=(58, 7, 1), coalitions=((F("Hedge Funds"),), (), ())
    )
    done = given.played((0, Embezzle())).when(0, Fundraise())
    assert done.events[1:] == [DiscardsOwed(owed=(1, 2, 0)), MoneyMoved(payer=-1, payee=0, amount=1)]


def test_an_empty_faction_deck_is_rebuilt_from_the_cemetery() -> None:
    """Q: What happens if the faction deck runs out? A: Shuffle the cards in the Cemetery to make a
    new deck."""
    given = stacked(3, leaders=LEADERS).adjusted(deck=(), cemetery=(F("Teachers"), F("Unions")))
    done = given.when(0, Campaign())
    assert done.events[1] == DeckRebuilt(size=2)
    assert len(done.state.hands[0]) == len(given.state.hands[0]) + 1


def test_with_deck_and_cemetery_empty_nobody_draws() -> None:
    """Q: If the Cemetery is also empty, players can no longer draw faction cards."""
    given = stacked(3, leaders=LEADERS).adjusted(deck=(), cemetery=())
    done = given.when(0, Campaign())
    assert len(done.events) == 1 and done.state.step == 1

"""Money, payments, destroying and discarding, and the decks running out (Destroying, Discarding and
Paying; Q&A)."""

from __future__ import annotations

from domain.choices import Choose, Pass
from domain.games.super_pacs.cards import TREASURY_VALUE
from domain.games.super_pacs.commands import (
    Campaign,
    DiscardFaction,
    DiscardNote,
    Embezzle,
    Exploit,
    Fundraise,
)
from domain.games.super_pacs.events import (
    DeckRebuilt,
    DiscardsOwed,
    EffectResolved,
    FactionDestroyed,
    FactionDiscarded,
    MoneyMoved,
    NoteDiscarded,
    TreasuryShort,
)
from domain.games.super_pacs.rules import money
from domain.games.super_pacs.state import hand_size
from domain.seats import SPECTATOR, Seat

from .conftest import GAME, F, L, stacked

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
    """Q: If you are entitled to money and there isn't enough in the Treasury to receive the exact
    amount, all players must immediately discard down to 5 cards in hand, then you collect what you're
    owed (megabucks are cards in hand: a 5-megabuck card may be discarded)."""
    hands = {0: (F("Teachers"),), 1: (), 2: ()}
    given = stacked(
        3, leaders=LEADERS, hands=hands, money=(0, 60, 7), coalitions=((F("Hedge Funds"),), (), ())
    )
    given = given.played((0, Embezzle()))
    assert money.treasury(given.state) == 0
    short = given.when(0, Fundraise())
    assert short.events[1:] == [TreasuryShort(seat=0, amount=3, owed=(0, 7, 0))]
    waiting = short.state
    assert GAME.to_act(waiting) == {1} and waiting.money[0] == 2
    assert GAME.legal_commands(waiting, Seat(1)) == [DiscardNote(value=5)]
    after = given.played((0, Fundraise()), *[(1, DiscardNote(value=5))] * 6)
    assert after.state.money == (2, 30, 7) and GAME.to_act(after.state) == {1}
    done = after.when(1, DiscardNote(value=5))
    assert done.events == [NoteDiscarded(seat=1, value=5), MoneyMoved(payer=-1, payee=0, amount=3)]
    assert hand_size(done.state, 1) == 5 and done.state.money == (5, 25, 7)
    assert done.state.collecting == () and GAME.to_act(done.state) == {0}


def test_an_empty_treasury_with_money_in_every_hand() -> None:
    """Q: all players must immediately discard down to 5 cards in hand (the payee too), each choosing
    factions or money cards; then you collect what you're owed."""
    hands = {0: (F("Teachers"), F("Unions")), 1: (F("Oil Barons"),), 2: ()}
    given = stacked(
        3, leaders=LEADERS, hands=hands, money=(14, 25, 28), coalitions=((F("Hedge Funds"),), (), ())
    ).played((0, Embezzle()))
    short = given.when(0, Fundraise())
    assert short.events[1:] == [TreasuryShort(seat=0, amount=3, owed=(1, 1, 3))]
    assert short.legal(0) == [
        DiscardFaction(card=F("Unions")),
        DiscardFaction(card=F("Teachers")),
        DiscardNote(value=1),
        DiscardNote(value=5),
    ]
    moves = [(0, DiscardNote(value=1)), (1, DiscardNote(value=5)), *[(2, DiscardNote(value=1))] * 2]
    last = given.played((0, Fundraise()), *moves)
    assert GAME.to_act(last.state) == {2}
    done = last.when(2, DiscardNote(value=1))
    assert done.events[-1] == MoneyMoved(payer=-1, payee=0, amount=3)
    assert done.state.money == (15 + 3, 20, 25)
    assert [hand_size(done.state, seat) for seat in range(3)] == [2 + 6, 5, 5]  # 18 in 3 fives, 3 ones


def test_a_payment_short_with_nothing_in_hand() -> None:
    """Q: Once a player has no cards in their hand, they are exempt from further payments; the opponent
    is compensated by the Treasury, and an empty Treasury makes everyone discard down to 5 first."""
    given = stacked(
        3, leaders=LEADERS, hands={0: (F("Public Broadcasting"),), 1: (), 2: ()}, money=(10, 0, 57)
    )
    given = given.played((0, Embezzle()), (0, Exploit(card=F("Public Broadcasting"))))
    short = given.when(0, Choose(option="1"))
    assert not any(isinstance(event, DiscardsOwed) for event in short.events)
    assert short.events[-1] == TreasuryShort(seat=0, amount=2, owed=(0, 0, 8))
    assert short.state.owed == (0, 0, 0) and GAME.to_act(short.state) == {2}
    moves = [(2, DiscardNote(value=5))] * 8
    done = given.played((0, Choose(option="1")), *moves)
    assert done.state.money == (12 + 2, 0, 17) and hand_size(done.state, 2) == 5


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


def test_discards_owed_name_what_asked_for_them() -> None:
    """Discard a faction: the table says which card asked for the discard (the view's cause), and an
    empty Treasury says whom it cannot pay."""
    hands = {0: (F("Conspiracy Theorists"),), 1: (F("Teachers"),), 2: ()}
    given = stacked(3, leaders=LEADERS, hands=hands).played(
        (0, Embezzle()), (0, Exploit(card=F("Conspiracy Theorists"))), (0, Choose(option="1")), (1, Pass())
    )
    seen = given.view(SPECTATOR)
    assert [entry.owes_discards for entry in seen.seats] == [0, 1, 0]
    assert (seen.cause, seen.cause_of) == ("exploit", F("Conspiracy Theorists"))
    short = stacked(3, leaders=LEADERS, hands={0: (), 1: (), 2: ()}, money=(0, 62, 7)).played((0, Embezzle()))
    seen = short.view(SPECTATOR)
    assert seen.seats[1].owes_discards == 14 - 5 and (seen.cause, seen.cause_of) == ("treasury", 0)

"""``evolve``: apply what an event says. No rules live here; every choice is already in the event."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from domain.games.slush_fund_2.cards import (
    KIND,
    SEAT_COUNT,
    TAKE_COUNT,
    CardId,
    Kind,
    Politician,
    deck_of,
    put_back_on_top,
)
from domain.games.slush_fund_2.events import (
    CardsDrawn,
    CardStashed,
    ContributionConcealed,
    ContributionDiscarded,
    ContributionMoved,
    ContributionRevealed,
    ContributionsExchanged,
    DrawnCardsShuffledBack,
    FinalTurnBegan,
    GameEnded,
    GameStarted,
    JournalistPaidOff,
    JournalistPlayed,
    MoneyCardPlayed,
    PowerCardDiscarded,
    PowerCardFinished,
    PowerCardPlayed,
    SlushFundCardTaken,
    SlushFundExamined,
    TurnPassed,
)
from domain.games.slush_fund_2.state import (
    CHOOSING,
    DRAWN,
    OVER,
    PLAYING,
    Auditing,
    Cards,
    Contribution,
    Deck,
    Examining,
    Side,
    Spying,
    State,
)
from domain.messages import Event
from domain.seats import seats


def _set(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """``items`` with ``items[index]`` replaced."""
    return (*items[:index], value, *items[index + 1 :])


def _without(cards: Cards, gone: Cards) -> Cards:
    """``cards`` less ``gone``."""
    return tuple([card for card in cards if card not in gone])  # a list first: no generator to resume a card


def _with_side(table: State, seat: int, politician: Politician, side: Side) -> State:
    """``table`` with one side replaced."""
    return replace(table, sides=_set(table.sides, seat, _set(table.sides[seat], politician, side)))


def started(event: GameStarted) -> State:
    """The table after setup: full decks with the cards the event names known on top."""
    tops = event.deck_tops
    assert tops is not None  # filled in for old events by _recorded_before_2026_12_01
    decks = tuple(
        Deck(top=top, rest=_without(deck_of(seat), top))
        for seat, top in zip(seats(SEAT_COUNT), tops, strict=True)
    )
    empty_sides = ((),) * len(event.ladders)
    return State(
        ladders=event.ladders,
        turn=event.starting_seat,
        step=CHOOSING,
        decks=decks,
        hands=((), ()),
        sides=(empty_sides, empty_sides),
        journalists=((),) * len(event.ladders),
    )


def _drawn(table: State, event: CardsDrawn) -> State:
    deck = table.decks[event.seat]
    deck = Deck(top=_without(deck.top, event.cards), rest=_without(deck.rest, event.cards))
    hands = _set(table.hands, event.seat, tuple(sorted(table.hands[event.seat] + event.cards)))
    step = table.step if table.final else DRAWN
    return replace(table, decks=_set(table.decks, event.seat, deck), hands=hands, step=step)


def _shuffled_back(table: State, event: DrawnCardsShuffledBack) -> State:
    deck = table.decks[event.seat]
    deck = Deck(top=deck.top, rest=tuple(sorted(deck.rest + event.cards)))
    hands = _set(table.hands, event.seat, _without(table.hands[event.seat], event.cards))
    return replace(table, decks=_set(table.decks, event.seat, deck), hands=hands)


def _final(table: State, event: FinalTurnBegan) -> State:
    return replace(table, final=True, step=PLAYING)


def _stashed(table: State, event: CardStashed) -> State:
    hands = _set(table.hands, event.seat, _without(table.hands[event.seat], (event.card,)))
    known = _set(table.slush_known, event.seat, tuple(sorted((*table.slush_known[event.seat], event.card))))
    slush = tuple(sorted((*table.slush, event.card)))
    return replace(table, hands=hands, slush=slush, slush_known=known, step=PLAYING)


def _examined(table: State, event: SlushFundExamined) -> State:
    known = _set(table.slush_known, event.seat, table.slush)
    return replace(table, slush_known=known, step=Examining(), from_slush=True)


def _taken(table: State, event: SlushFundCardTaken) -> State:
    slush = _without(table.slush, (event.card,))
    known = _set(((), ()), event.seat, slush)  # the other seat cannot tell which cards are left
    hands = _set(table.hands, event.seat, tuple(sorted((*table.hands[event.seat], event.card))))
    assert isinstance(table.step, Examining)
    step = PLAYING if event.last else Examining(taken=table.step.taken + 1)
    return replace(table, slush=slush, slush_known=known, hands=hands, step=step)


def _played(table: State, event: MoneyCardPlayed) -> State:
    hands = _set(table.hands, event.seat, _without(table.hands[event.seat], (event.card,)))
    side = (
        *table.sides[event.seat][event.politician],
        Contribution(card=event.card, face_down=event.face_down),
    )
    return replace(_with_side(table, event.seat, event.politician, side), hands=hands)


def _discarded(table: State, event: ContributionDiscarded) -> State:
    side = table.sides[event.seat][event.politician]
    table = _with_side(table, event.seat, event.politician, side[: event.slot] + side[event.slot + 1 :])
    secret = table.secret_discard
    if event.secret:
        secret = _set(secret, event.seat, (*secret[event.seat], event.card))
    return replace(table, discard=(*table.discard, event.card), secret_discard=secret)


def _spent(table: State, seat: int, card: CardId) -> State:
    """``table`` with a power card moved from ``seat``'s hand to the discard pile."""
    hands = _set(table.hands, seat, _without(table.hands[seat], (card,)))
    return replace(table, hands=hands, discard=(*table.discard, card))


def _power_played(table: State, event: PowerCardPlayed) -> State:
    step = Spying() if KIND[event.card] is Kind.SPY else Auditing()
    return replace(_spent(table, event.seat, event.card), step=step)


def _power_finished(table: State, event: PowerCardFinished) -> State:
    return replace(table, step=PLAYING)


def _flipped(table: State, seat: int, politician: Politician, slot: int, face_down: bool) -> State:
    side = table.sides[seat][politician]
    turned = Contribution(card=side[slot].card, face_down=face_down, exposed=face_down)
    return _with_side(table, seat, politician, _set(side, slot, turned))


def _revealed(table: State, event: ContributionRevealed) -> State:
    table = _flipped(table, 1 - event.seat, event.politician, event.slot, face_down=False)
    return replace(table, step=Spying(revealed=True))


def _concealed(table: State, event: ContributionConcealed) -> State:
    return _flipped(table, event.seat, event.politician, event.slot, face_down=True)


def _moved(table: State, event: ContributionMoved) -> State:
    sides = table.sides[event.seat]
    source = sides[event.politician]
    moving = source[event.slot]
    table = _with_side(table, event.seat, event.politician, source[: event.slot] + source[event.slot + 1 :])
    table = _with_side(table, event.seat, event.to, (*table.sides[event.seat][event.to], moving))
    assert isinstance(table.step, Auditing)
    return replace(table, step=Auditing(moved=(*table.step.moved, moving.card)))


def _exchanged(table: State, event: ContributionsExchanged) -> State:
    table = _spent(table, event.seat, event.hacker)
    mine = table.sides[event.seat][event.politician]
    theirs = table.sides[1 - event.seat][event.politician]
    table = _with_side(
        table, event.seat, event.politician, _set(mine, event.slot, Contribution(card=event.taken))
    )
    given = Contribution(card=event.given)
    return _with_side(table, 1 - event.seat, event.politician, _set(theirs, event.opponent_slot, given))


def _journalist(table: State, event: JournalistPlayed) -> State:
    hands = _set(table.hands, event.seat, _without(table.hands[event.seat], (event.card,)))
    under = (*table.journalists[event.politician], event.card)
    return replace(table, hands=hands, journalists=_set(table.journalists, event.politician, under))


def _paid_off(table: State, event: JournalistPaidOff) -> State:
    table = _spent(table, event.seat, event.card)
    under = _without(table.journalists[event.politician], (event.journalist,))
    discard = (*table.discard, event.journalist)
    return replace(table, journalists=_set(table.journalists, event.politician, under), discard=discard)


def _power_discarded(table: State, event: PowerCardDiscarded) -> State:
    return _spent(table, event.seat, event.card)


def _passed(table: State, event: TurnPassed) -> State:
    step = PLAYING if table.final else CHOOSING
    return replace(table, turn=event.seat, step=step, from_slush=False)


def _ended(table: State, event: GameEnded) -> State:
    return replace(table, step=OVER)


_APPLY: dict[type[Event], Callable[[State, Any], State]] = {
    CardsDrawn: _drawn,
    DrawnCardsShuffledBack: _shuffled_back,
    FinalTurnBegan: _final,
    CardStashed: _stashed,
    SlushFundExamined: _examined,
    SlushFundCardTaken: _taken,
    MoneyCardPlayed: _played,
    ContributionDiscarded: _discarded,
    PowerCardPlayed: _power_played,
    PowerCardFinished: _power_finished,
    ContributionRevealed: _revealed,
    ContributionConcealed: _concealed,
    ContributionMoved: _moved,
    ContributionsExchanged: _exchanged,
    JournalistPlayed: _journalist,
    JournalistPaidOff: _paid_off,
    PowerCardDiscarded: _power_discarded,
    TurnPassed: _passed,
    GameEnded: _ended,
}


def evolve(table: State | None, event: Event) -> State:
    """The table after ``event``; ``evolve(None, GameStarted(...))`` sets the table up."""
    if type(event) in _FILLED_IN:  # asked here, not by a call an event: nearly every event is neither
        event = _recorded_before_2026_12_01(table, event)
    if table is None:
        assert isinstance(event, GameStarted), "a game's log opens with GameStarted"
        return started(event)
    return _APPLY[type(event)](table, event)


_FILLED_IN = frozenset({GameStarted, SlushFundCardTaken})
"""The event types :func:`_recorded_before_2026_12_01` may fill in."""


def _recorded_before_2026_12_01(table: State | None, event: Event) -> Event:
    """Events recorded before 2026-12-01 lack what ``decide`` now writes in; fill it in as evolve once did.

    A ``GameStarted`` without ``deck_tops``: a $1M and a $2M of each deck were on top. A
    ``SlushFundCardTaken`` without ``last``: the third card taken was the last.
    """
    # ``type(event) is``: both fail for nearly every event, and a failed ``isinstance`` costs twice.
    if type(event) is GameStarted and event.deck_tops is None:
        return replace(event, deck_tops=tuple(put_back_on_top(seat) for seat in seats(SEAT_COUNT)))
    if type(event) is SlushFundCardTaken and event.last is None:
        assert table is not None and isinstance(table.step, Examining)
        return replace(event, last=table.step.taken + 1 == TAKE_COUNT)
    return event

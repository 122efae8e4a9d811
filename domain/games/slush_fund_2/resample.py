"""``resample``: a table that differs from the real one only in what a viewer cannot know.

The hidden cards of a viewer (another seat's hand, face-down contributions nobody showed it, slush
fund cards it does not know are there, unknown deck membership, discards made face-down) are mixed by
random swaps that keep every card where it could be: a deck holds only its own colour, a hand drawn
from a deck holds only that deck's colour, a face-down contribution or face-down discard is money.
Counts, order of placement and everything the viewer has seen stay as they are. Once the game is over
the score sheet is public, and it adds up each side's money: a face-down contribution is then swapped
only for money of the same value, so that every total, and so the sheet, stays as it is.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import combinations

from msgspec.structs import replace

from domain.games.slush_fund_2.cards import IS_MONEY, OWNER, SEAT_COUNT, VALUE, CardId
from domain.games.slush_fund_2.state import Contribution, Deck, Over, State
from domain.seats import OMNISCIENT, Viewer, is_seat

Place = tuple[str, int, int, int]
"""Where a hidden card lies: (zone, seat, index, slot)."""
Fit = tuple[int | None, bool, int | None]
"""What may lie there: the colour it must be (or ``None``), whether it must be money, and the value
it must have (or ``None``)."""


def _fits(card: CardId, fit: Fit) -> bool:
    colour, money, value = fit
    return (
        (colour is None or OWNER[card] == colour)
        and (not money or IS_MONEY[card])
        and (value is None or VALUE[card] == value)
    )


def _hidden_seats(viewer: Viewer) -> list[int]:
    if is_seat(viewer):
        return [1 - viewer]
    return list(range(SEAT_COUNT))


def _places(table: State, viewer: Viewer) -> list[tuple[Place, Fit, CardId]]:
    """Every hidden place, what may lie there, and the card that really does."""
    found: list[tuple[Place, Fit, CardId]] = []
    scored = isinstance(table.step, Over)  # the sheet's totals are public: each value stays on its side
    for seat in _hidden_seats(viewer):
        hand_colour = None if table.from_slush and table.turn == seat else seat
        found += [
            (("hand", seat, i, 0), (hand_colour, False, None), c) for i, c in enumerate(table.hands[seat])
        ]
        found += [
            (("deck", seat, i, 0), (seat, False, None), c) for i, c in enumerate(table.decks[seat].rest)
        ]
        for politician, side in enumerate(table.sides[seat]):
            found += [
                (("side", seat, politician, slot), (None, True, VALUE[c.card] if scored else None), c.card)
                for slot, c in enumerate(side)
                if c.face_down and not c.exposed
            ]
        secret = table.secret_discard[seat]
        found += [
            (("discard", seat, i, 0), (None, True, None), c)
            for i, c in enumerate(table.discard)
            if c in secret
        ]
    known = table.slush_known[viewer] if is_seat(viewer) else ()
    found += [
        (("slush", 0, i, 0), (None, False, None), c) for i, c in enumerate(table.slush) if c not in known
    ]
    return found


@dataclass
class _Loose:
    """The table's card zones as lists, while hidden cards are being placed."""

    hands: list[list[CardId]]
    rests: list[list[CardId]]
    sides: list[list[list[Contribution]]]
    slush: list[CardId]
    discard: list[CardId]
    secret: list[list[CardId]]


def _put(loose: _Loose, place: Place, card: CardId) -> None:
    """Lay ``card`` in ``place``."""
    zone, seat, index, slot = place
    if zone == "hand":
        loose.hands[seat][index] = card
    elif zone == "deck":
        loose.rests[seat][index] = card
    elif zone == "side":
        loose.sides[seat][index][slot] = Contribution(card=card, face_down=True)
    elif zone == "slush":
        loose.slush[index] = card
    else:
        loose.secret[seat][loose.secret[seat].index(loose.discard[index])] = card
        loose.discard[index] = card


def _rebuilt(table: State, placed: list[tuple[Place, CardId]]) -> State:
    """``table`` with each hidden place holding its newly assigned card."""
    loose = _Loose(
        hands=[list(hand) for hand in table.hands],
        rests=[list(deck.rest) for deck in table.decks],
        sides=[[list(side) for side in seat_sides] for seat_sides in table.sides],
        slush=list(table.slush),
        discard=list(table.discard),
        secret=[list(cards) for cards in table.secret_discard],
    )
    for place, card in placed:
        _put(loose, place, card)
    decks = (
        Deck(top=deck.top, rest=tuple(sorted(rest)))
        for deck, rest in zip(table.decks, loose.rests, strict=True)
    )
    return replace(
        table,
        hands=tuple(tuple(sorted(hand)) for hand in loose.hands),
        decks=tuple(decks),
        sides=tuple(tuple(tuple(side) for side in seat_sides) for seat_sides in loose.sides),
        slush=tuple(sorted(loose.slush)),
        discard=tuple(loose.discard),
        secret_discard=tuple(tuple(cards) for cards in loose.secret),
    )


def _swap(cards: list[CardId], fits: list[Fit], i: int, j: int) -> bool:
    """Swap the cards at ``i`` and ``j`` if each may lie in the other's place."""
    if _fits(cards[i], fits[j]) and _fits(cards[j], fits[i]):
        cards[i], cards[j] = cards[j], cards[i]
        return True
    return False


def resample(table: State, viewer: Viewer, rng: random.Random) -> State:
    """A table ``viewer`` cannot tell from the real one; it differs whenever two possibilities exist."""
    if viewer is OMNISCIENT:
        return table
    found = _places(table, viewer)
    places, fits, cards = [p for p, _, _ in found], [f for _, f, _ in found], [c for _, _, c in found]
    for _ in range(4 * len(cards)):
        _swap(cards, fits, rng.randrange(len(cards)), rng.randrange(len(cards)))
    other = _rebuilt(table, list(zip(places, cards, strict=True)))
    if other != table:
        return other
    pairs = list(combinations(range(len(cards)), 2))
    rng.shuffle(pairs)
    for i, j in pairs:
        if places[i][:2] == places[j][:2] and places[i][0] != "side":
            continue  # the order within a hand, a deck or the slush fund means nothing
        if _swap(cards, fits, i, j):
            other = _rebuilt(table, list(zip(places, cards, strict=True)))
            if other != table:
                return other
            _swap(cards, fits, i, j)
    return table


def canonical(table: State, viewer: Viewer) -> State:
    """One table ``viewer`` cannot tell from the real one, the same for every table it cannot tell apart.

    The hidden places and the hidden cards (sorted) are the same on all of them; the cards are laid
    by a matching that tries the places in order and the cards in order, so the outcome depends on
    nothing else. Bots determinise from it (``resample``), so no bot can depend on a hidden card.
    """
    if viewer is OMNISCIENT:
        return table
    found = _places(table, viewer)
    fits = [fit for _, fit, _ in found]
    cards = sorted(card for _, _, card in found)
    holder: dict[int, int] = {}  # card index -> place index
    for place in range(len(fits)):
        _match(place, fits, cards, holder, set())
    placed = {place: cards[index] for index, place in holder.items()}
    return _rebuilt(table, [(found[place][0], placed[place]) for place in range(len(fits))])


def _match(place: int, fits: list[Fit], cards: list[CardId], holder: dict[int, int], seen: set[int]) -> bool:
    """Kuhn's augmenting path: give ``place`` a card, moving earlier places to other cards if need be."""
    for index, card in enumerate(cards):
        if index in seen or not _fits(card, fits[place]):
            continue
        seen.add(index)
        if index not in holder or _match(holder[index], fits, cards, holder, seen):
            holder[index] = place
            return True
    return False

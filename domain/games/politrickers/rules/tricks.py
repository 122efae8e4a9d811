"""Following suit, switching party and winning a trick: the rules of one card in one trick."""

from __future__ import annotations

import msgspec

from domain.games.politrickers.cards import ALL_CARDS, MIGRATION, OTHER_PARTY, SUIT_OF, VALUE_OF, Party, Suit
from domain.games.politrickers.state import Play, Trick
from domain.seats import Seat


class Obligation(msgspec.Struct, frozen=True):
    """What a seat must do with a Policy Card: its party after any forced switch, and what it may play."""

    party: Party
    cards: tuple[int, ...]
    face_down: bool


# Which cards are of each suit (None: Migration), and which Policy Cards are not. Every legal move and
# every decision asks this of a hand, so the test is a set lookup run by ``filter``.
_SUITS = (*Suit, None)
_OF_SUIT = {suit: frozenset(c for c in ALL_CARDS if SUIT_OF[c] is suit) for suit in _SUITS}
_NOT_OF_SUIT = {suit: frozenset(c for c in ALL_CARDS if SUIT_OF[c] not in (suit, None)) for suit in _SUITS}


def policy_cards(hand: tuple[int, ...]) -> tuple[int, ...]:
    """The hand without the Migration card."""
    return tuple([card for card in hand if card != MIGRATION]) if MIGRATION in hand else hand


def following(hand: tuple[int, ...], party: Party, trick: Trick) -> tuple[int, ...]:
    """The cards of ``hand`` that follow ``party``'s suit in ``trick``.

    The Ruling Party follows the Ruling Suit. The Opposition follows the Opposition Suit once set;
    before that, any Policy Card not of the Ruling Suit follows it (and will set it).
    """
    if party is trick.ruling_party:
        return tuple(filter(_OF_SUIT[trick.ruling_suit].__contains__, hand))
    opposition = trick.opposition_suit
    if opposition is None:
        return tuple(filter(_NOT_OF_SUIT[trick.ruling_suit].__contains__, hand))
    return tuple(filter(_OF_SUIT[opposition].__contains__, hand))


def duties(hand: tuple[int, ...], party: Party, trick: Trick) -> tuple[Obligation, Obligation | None]:
    """What a seat of ``party`` holding ``hand`` must play, and after a free switch if that buys anything.

    Each obligation applies the ground rules, the forced switch and taking a step back. Ruling: the
    free switch is refused when the rules already force the switch, and when the forced switch would
    flip the seat straight back (the token would buy nothing); tokens are not checked here. Both come
    from one look at the hand, since this runs for every legal move and every decision.
    """
    flipped = OTHER_PARTY[party]
    if trick.ruling_suit is None:
        cards = policy_cards(hand)
        return Obligation(party, cards, face_down=False), Obligation(flipped, cards, face_down=False)
    own = following(hand, party, trick)
    other = following(hand, flipped, trick)
    if own and other:
        return Obligation(party, own, face_down=False), Obligation(flipped, other, face_down=False)
    if own:
        return Obligation(party, own, face_down=False), None
    if other:
        return Obligation(flipped, other, face_down=False), None
    cards = policy_cards(hand)
    return Obligation(party, cards, face_down=True), Obligation(flipped, cards, face_down=True)


def trick_winner(plays: tuple[Play, ...]) -> Seat:
    """The seat that wins a complete trick.

    Migration and face-down cards never win. If any Economy card was played, the last one wins.
    Otherwise the suit with the larger sum is the Popular Policy (a tie goes to the suit of the last
    face-up card among the tied suits) and its smallest card wins.
    """
    counted = [play for play in plays if not play.face_down and play.card != MIGRATION]
    economy = [play for play in counted if SUIT_OF[play.card] is Suit.ECONOMY]
    if economy:
        return economy[-1].seat
    sums: dict[Suit | None, int] = {}
    for play in counted:
        suit = SUIT_OF[play.card]
        sums[suit] = sums.get(suit, 0) + VALUE_OF[play.card]
    best = max(sums.values())
    popular = next(SUIT_OF[p.card] for p in reversed(counted) if sums[SUIT_OF[p.card]] == best)
    return min((p for p in counted if SUIT_OF[p.card] is popular), key=lambda p: VALUE_OF[p.card]).seat

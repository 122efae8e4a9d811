"""Following suit, switching party and winning a trick: the rules of one card in one trick."""

from __future__ import annotations

from typing import NamedTuple

from domain.games.politrickers.cards import MIGRATION, OTHER_PARTY, SUIT_OF, VALUE_OF, Party, Suit
from domain.games.politrickers.state import Play, Trick
from domain.seats import Seat


class Obligation(NamedTuple):
    """What a seat must do with a Policy Card: its party after any forced switch, and what it may play."""

    party: Party
    cards: tuple[int, ...]
    face_down: bool


def policy_cards(hand: tuple[int, ...]) -> tuple[int, ...]:
    """The hand without the Migration card."""
    return tuple(card for card in hand if card != MIGRATION)


def following(hand: tuple[int, ...], party: Party, trick: Trick) -> tuple[int, ...]:
    """The cards of ``hand`` that follow ``party``'s suit in ``trick``.

    The Ruling Party follows the Ruling Suit. The Opposition follows the Opposition Suit once set;
    before that, any Policy Card not of the Ruling Suit follows it (and will set it).
    """
    ruling = trick.ruling_suit
    if party is trick.ruling_party:
        return tuple(card for card in hand if SUIT_OF[card] is ruling)
    opposition = trick.opposition_suit
    if opposition is None:
        return tuple(card for card in hand if SUIT_OF[card] is not ruling and card != MIGRATION)
    return tuple(card for card in hand if SUIT_OF[card] is opposition)


def obligation(hand: tuple[int, ...], party: Party, trick: Trick) -> Obligation:
    """Ground rules, forced switch and taking a step back, for a seat of ``party`` holding ``hand``."""
    if trick.ruling_suit is None:
        return Obligation(party, policy_cards(hand), face_down=False)
    own = following(hand, party, trick)
    if own:
        return Obligation(party, own, face_down=False)
    other_party = OTHER_PARTY[party]
    other = following(hand, other_party, trick)
    if other:
        return Obligation(other_party, other, face_down=False)
    return Obligation(party, policy_cards(hand), face_down=True)


def may_switch_freely(hand: tuple[int, ...], party: Party, trick: Trick) -> bool:
    """Whether a free switch before a Policy Card buys anything (tokens aside).

    Ruling: it is refused when the rules already force the switch, and when the forced switch would
    flip the seat straight back (the token would buy nothing).
    """
    if obligation(hand, party, trick).party is not party:
        return False
    flipped = OTHER_PARTY[party]
    return obligation(hand, flipped, trick).party is flipped


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

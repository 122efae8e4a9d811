"""A trick: following suit, switching party and winning it (the rules of one card in one trick), and what
follows its last card or a Migration: the trick's winner, the Disgraced, a Collapse, the round's end."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from domain.chance import Chance
from domain.games.politrickers.cards import ALL_CARDS, MIGRATION, OTHER_PARTY, SUIT_OF, VALUE_OF, Party, Suit
from domain.games.politrickers.events import Events, LibraCollapsed, PlayerDisgraced, TrickWon
from domain.games.politrickers.evolve import evolve
from domain.games.politrickers.rules.round_end import (
    HAND_SIZE,
    PLATE_LIMIT,
    balanced_vp,
    close_round,
    collapse_vp,
    disgraced_vp,
)
from domain.games.politrickers.state import Play, Playing, Trick, plate
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


# -- what follows the last card of a trick, or a Migration -------------------------------------------


def _apply(state: Playing, events: Sequence[Events]) -> Playing:
    for event in events:
        evolved = evolve(state, event)
        assert isinstance(evolved, Playing)  # only round-ending events leave the Playing phase
        state = evolved
    return state


def after_card(state: Playing, events: list[Events], ctx: Chance) -> list[Events]:
    """``events`` (one card played), followed by the trick's result when it was the last card."""
    if len(state.trick.plays) + 1 < state.seat_count:  # ``events`` add exactly one card to the trick
        return events
    return [*events, *_trick_result(_apply(state, events), ctx)]


def after_migration(
    state: Playing, events: list[Events], ctx: Chance, moved_from: Party | None
) -> list[Events]:
    """``events`` (Migration played), then the Collapse it caused, or else as after any card."""
    if moved_from is None:
        return after_card(state, events, ctx)
    moved = _apply(state, events)
    overloaded = OTHER_PARTY[moved_from]
    if sum(plate(moved, overloaded)) <= PLATE_LIMIT:
        return after_card(state, events, ctx)
    vp = collapse_vp(plate(moved, overloaded), plate(moved, moved_from))
    # The current trick's leader won the previous trick: a token on the disc means one was won.
    ending = close_round(moved, "collapse", vp, moved.trick.leader, ctx.rng)
    return [*events, LibraCollapsed(plate=overloaded), *ending]


def _trick_result(played: Playing, ctx: Chance) -> list[Events]:
    winner = trick_winner(played.trick.plays)
    party = played.parties[winner]
    if played.unspent[winner] == 0:
        vp = disgraced_vp(played, winner)
        lost = TrickWon(seat=winner, party=party, token_placed=False, next_chair=winner)
        return [lost, PlayerDisgraced(seat=winner), *close_round(played, "disgraced", vp, winner, ctx.rng)]
    won = TrickWon(seat=winner, party=party, token_placed=True, next_chair=winner)
    if sum(plate(played, party)) < PLATE_LIMIT and played.tricks_played + 1 < HAND_SIZE:
        return [won]  # the placed token neither collapses the Libra nor ends the round
    placed = _apply(played, [won])
    if sum(plate(placed, party)) > PLATE_LIMIT:
        vp = collapse_vp(plate(placed, party), plate(placed, OTHER_PARTY[party]))
        return [won, LibraCollapsed(plate=party), *close_round(placed, "collapse", vp, Seat(winner), ctx.rng)]
    if placed.tricks_played == HAND_SIZE:
        return [won, *close_round(placed, "balanced", balanced_vp(placed), winner, ctx.rng)]
    return [won]

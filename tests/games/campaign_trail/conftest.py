"""Campaign Trail scenarios on the shared given/when/then helper: a table set up, candidates kept, and
a board stacked with ``voters({...})``."""

from __future__ import annotations

from typing import Any

from domain.chance import Context
from domain.games.campaign_trail import CAMPAIGN_TRAIL
from domain.games.campaign_trail.cards.board import STATE_COUNT, Party, state
from domain.games.campaign_trail.cards.catalogue import RESPONSE_OF
from domain.games.campaign_trail.commands import KeepCandidate
from domain.games.campaign_trail.rules import CampaignTrailOptions, setup
from domain.games.campaign_trail.state import PARTIES
from tests.support import scenario
from tests.support.scenario import Given

GAME = CAMPAIGN_TRAIL
D, R, L = Party.DEMOCRAT, Party.REPUBLICAN, Party.LIBERTARIAN


def set_up(seat_count: int = 3, seed: int = 0, dirty_politics: bool = True) -> Given:
    """A table just laid out (candidates not yet kept)."""
    options = CampaignTrailOptions(dirty_politics=dirty_politics)
    return scenario.given(GAME, *setup(options, seat_count, Context.seeded(seed)))


def campaigning(seat_count: int = 3, seed: int = 0, responses: bool = False, **fields: Any) -> Given:
    """A table whose seats each kept their first candidate, with ``fields`` of the state set.

    Unless ``responses``, every card showing a response politick has already been played (it is in the
    discard pile), so no action opens a reaction window: the scenarios about other rules stay short.
    """
    table = set_up(seat_count, seed)
    for seat in range(seat_count):
        table.played((seat, KeepCandidate(candidate=table.state.offers[seat][0])))
    if fields:
        table.adjusted(**fields)
    return table if responses else all_responses_seen(table)


def all_responses_seen(table: Given) -> Given:
    """Every response politick card out of the hands and decks, into the discard pile; a hand gets the
    August deck's last other cards instead (hand sizes are kept)."""
    state = table.state
    seen = tuple(sorted(card for card, effect in RESPONSE_OF.items() if effect))
    decks = [[c for c in deck if c not in seen] for deck in state.decks]
    hands = []
    for hand in state.hands:
        kept = [c for c in hand if c not in seen]
        cut = len(decks[0]) - (len(hand) - len(kept))
        decks[0], refill = decks[0][:cut], decks[0][cut:]
        hands.append(tuple(sorted((*kept, *refill))))
    discard = (*state.discard, *(c for c in seen if c not in state.discard))
    return table.adjusted(hands=tuple(hands), decks=tuple(map(tuple, decks)), discard=discard)


def voters(placed: dict[tuple[str, int], int]) -> tuple[int, ...]:
    """A map with only the voters in ``placed`` ((state code, party) -> count)."""
    flat = [0] * (STATE_COUNT * PARTIES)
    for (code, party), count in placed.items():
        flat[state(code) * PARTIES + party] = count
    return tuple(flat)


def on_map(table: Given, code: str, party: int) -> int:
    """How many voters of ``party`` stand in the state ``code``."""
    return int(table.state.voters[state(code) * PARTIES + party])


def find(kind: str, dirty: bool = False, **numbers: Any) -> tuple[int, int]:
    """The first card (and action index) showing an action of ``kind`` with ``numbers``."""
    from domain.games.campaign_trail.cards.catalogue import ALL_CARDS

    for card in ALL_CARDS:
        for index, action in enumerate(card.actions):
            if (
                card.dirty == dirty
                and action.kind == kind
                and all(getattr(action, name) == value for name, value in numbers.items())
            ):
                return card.number, index
    raise LookupError(f"no card shows {kind} {numbers}")


def holding(table: Given, seat: int, *cards: int) -> Given:
    """``seat``'s hand replaced by ``cards`` (taken out of wherever else they were)."""
    state = table.state
    hands = tuple(
        tuple(sorted(cards)) if s == seat else tuple(c for c in hand if c not in cards)
        for s, hand in enumerate(state.hands)
    )
    decks = tuple(tuple(c for c in deck if c not in cards) for deck in state.decks)
    spare = [c for c in state.hands[seat] if c not in cards]
    decks = (tuple(sorted((*decks[0], *spare))), *decks[1:])
    return table.adjusted(hands=hands, decks=decks)

"""Favorite Son (#110): each card you play with your home state coloured sends 1 of your voters there."""

from __future__ import annotations

from domain.choices import Pass
from domain.games.campaign_trail.cards import Kind
from domain.games.campaign_trail.cards.candidates import CANDIDATES
from domain.games.campaign_trail.cards.catalogue import ALL_CARDS, CARDS, EFFECTS, RESPONSE_OF
from domain.games.campaign_trail.commands import PlayCard, PlayResponse
from domain.games.campaign_trail.events import VotersPlaced
from tests.games.campaign_trail.conftest import campaigning, holding, voters

FAVORITE_SON = PlayCard(card=110, action=0)
HANK = 7
"""Hank Ito, from Illinois (#110 colours OH and IL)."""


def _register_card(coloured: bool) -> tuple[int, int]:
    home = CANDIDATES[HANK].home
    for card in ALL_CARDS:
        if card.dirty or (home in card.home_states) != coloured:
            continue
        for index, action in enumerate(card.actions):
            if action.kind is Kind.REGISTER:
                return card.number, index
    raise LookupError


def _table(*cards: int):  # type: ignore[no-untyped-def]
    table = campaigning(2, candidates=(HANK, 2), voters=voters({}))
    return holding(table, 0, 110, *cards)


def test_each_card_with_your_home_state_coloured_places_one_of_your_voters_there() -> None:
    """Place 1 of your voters from the undecided voter supply in your home state."""
    card, index = _register_card(coloured=True)
    table = _table(card, 1, 2, 3)
    table.played((0, FAVORITE_SON))
    assert (110, 0) in table.state.ongoing
    table.adjusted(turn=0)
    done = table.when(0, PlayCard(card=card, action=index))
    home = CANDIDATES[HANK].home
    assert VotersPlaced(state=home, party=0, count=1, registered=False) in done.events
    assert done.state.voters[home * 3] == 1 and done.state.registered[0] > table.state.registered[0]


def test_a_card_without_your_home_state_coloured_places_nothing() -> None:
    """Only cards that colour your home state."""
    card, index = _register_card(coloured=False)
    table = _table(card, 1, 2, 3)
    table.played((0, FAVORITE_SON)).adjusted(turn=0)
    done = table.when(0, PlayCard(card=card, action=index))
    assert not any(isinstance(event, VotersPlaced) for event in done.events)


def test_favorite_son_does_not_count_itself_nor_another_partys_cards() -> None:
    """Ruling 10: it sets off from the next card its owner plays; other seats' cards never."""
    card, index = _register_card(coloured=True)
    table = _table(card, 1, 2, 3)
    played = table.when(0, FAVORITE_SON)
    assert not any(isinstance(event, VotersPlaced) for event in played.events)
    table.played((0, FAVORITE_SON))
    hands = (
        tuple(c for c in table.state.hands[0] if c != card),
        tuple(sorted((*table.state.hands[1][:4], card))),
    )
    table.adjusted(hands=hands)
    done = table.when(1, PlayCard(card=card, action=index))
    assert not any(isinstance(event, VotersPlaced) for event in done.events)


def _response_colouring_a_home() -> tuple[int, int]:
    """A response card and a candidate whose home state the card colours."""
    for card, effect in sorted(RESPONSE_OF.items()):
        for candidate in CANDIDATES:
            if effect and candidate.home in CARDS[card].home_states:
                return card, candidate.number
    raise LookupError


def test_a_response_played_out_of_turn_is_a_card_you_play_too() -> None:
    """Ruling 10 (the card's way): "each time you play a card" counts a response played in a reaction
    window; a debate card never meets Favorite Son (it is discarded as the month ends, before the debate)."""
    response, candidate = _response_colouring_a_home()
    answers = EFFECTS[RESPONSE_OF[response]].answers
    card, index = next(
        (c.number, i)
        for c in ALL_CARDS
        for i, a in enumerate(c.actions)
        if a.kind == answers and not RESPONSE_OF[c.number] and not c.dirty and c.number != response
    )
    table = campaigning(3, responses=True, candidates=(candidate,) * 3, ongoing=((110, 1),))
    table = holding(table, 0, card, *[c for c in range(1, 30) if c not in (card, response, 110)][:4])
    table = holding(table, 1, response, *[c for c in range(30, 60) if c not in (card, response, 110)][:4])
    table.played((0, PlayCard(card=card, action=index)), (2, Pass()))
    done = table.when(1, PlayResponse(card=response))
    home = CANDIDATES[candidate].home
    assert VotersPlaced(state=home, party=1, count=1, registered=False) in done.events

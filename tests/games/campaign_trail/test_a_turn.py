"""A turn: play a card, take one of its four actions, then draw. The six base actions."""

from __future__ import annotations

from domain.games.campaign_trail.cards import Kind
from domain.games.campaign_trail.cards.board import NEIGHBOURS, state
from domain.games.campaign_trail.cards.catalogue import CARDS
from domain.games.campaign_trail.commands import Move, Place, PlayCard, Stop, TravelTo
from domain.games.campaign_trail.events import CardDrawn, CardPlayed, MoneyMoved, RegisteredMoved, TurnPassed
from domain.games.campaign_trail.rules.turns import within
from domain.games.campaign_trail.state import BANK
from tests.games.campaign_trail.conftest import D, campaigning, find, holding, on_map, voters

PLAIN = 2
"""Clara Diaz: her advantage and disadvantage touch neither Fundraise, Register nor Travel."""
NO_ADVERTISE_CHANGE = 0
"""Ada Brooks: campaign and fundraise."""
NO_CAMPAIGN_CHANGE = 1
"""Ben Cole: fundraise and register."""
NO_TRAVEL_CHANGE = 2
"""Clara Diaz: her candidate changes neither Travel nor debates."""


def _table(card: int, candidate: int = PLAIN, **fields: object):  # type: ignore[no-untyped-def]
    table = campaigning(3, candidates=(candidate, candidate, candidate), **fields)
    return holding(table, 0, card, *[c for c in (1, 2, 3, 4, 5, 6, 7) if c != card][:4])


def test_a_turn_plays_one_card_for_one_of_its_four_actions_then_draws() -> None:
    """Play one action card, take one of the four actions on it, then draw a replacement."""
    card, index = find(Kind.FUNDRAISE, amount=30)
    table = _table(card)
    deck = len(table.state.decks[0])
    done = table.when(0, PlayCard(card=card, action=index))
    assert isinstance(done.events[0], CardPlayed) and isinstance(done.events[-2], CardDrawn)
    assert done.events[-1] == TurnPassed(seat=1)
    assert card not in done.state.hands[0] and len(done.state.hands[0]) == 5
    assert len(done.state.decks[0]) == deck - 1 and card in done.state.discard


def test_a_card_not_in_hand_or_an_action_not_on_it_is_refused() -> None:
    """Only a card from your hand, and one of its four actions (0-3)."""
    card, index = find(Kind.FUNDRAISE, amount=30)
    table = _table(card)
    table.when(0, PlayCard(card=99 if card != 99 else 98, action=0)).raises("rule/card_not_in_hand")
    table.when(0, PlayCard(card=card, action=4)).raises("rule/illegal_move")
    table.when(0, PlayCard(card=card, action=index, target=1)).raises("rule/illegal_move")
    table.when(0, Stop()).raises("rule/wrong_step")


def test_fundraise_puts_money_in_your_war_chest() -> None:
    """Fundraise: the card's dollars from the bank into your war chest (your candidate may change it)."""
    card, index = find(Kind.FUNDRAISE, amount=30)
    done = _table(card).when(0, PlayCard(card=card, action=index))
    assert MoneyMoved(source=BANK, target=0, amount=30) in done.events
    rich = _table(card, candidate=1).when(0, PlayCard(card=card, action=index))
    assert MoneyMoved(source=BANK, target=0, amount=40) in rich.events


def test_register_moves_undecided_voters_into_your_registered_supply() -> None:
    """Register: voters must be registered before they can be committed."""
    card, index = find(Kind.REGISTER, amount=4)
    done = _table(card).when(0, PlayCard(card=card, action=index))
    assert RegisteredMoved(source=BANK, target=0, count=4) in done.events


def test_travel_moves_your_pawn_up_to_n_states_by_land() -> None:
    """Travel: move to neighbouring states, up to the number shown; Stop ends it early."""
    card, index = find(Kind.TRAVEL, amount=2, plane=False)
    table = _table(card, candidate=NO_TRAVEL_CHANGE, pawns=(state("KS"),) * 3)
    table.played((0, PlayCard(card=card, action=index)))
    journeys = {TravelTo(state=p) for p in within(state("KS"), 2)}
    assert set(table.legal(0)) == {*(Move(state=n) for n in NEIGHBOURS[state("KS")]), *journeys, Stop()}
    table.when(0, Move(state=state("TX"))).raises("rule/illegal_move")
    table.played((0, Move(state=state("OK"))), (0, Move(state=state("TX"))))
    assert table.state.pawns[0] == state("TX") and table.state.turn == 1


def test_alaska_and_hawaii_are_reached_only_by_plane() -> None:
    """A plane moves anywhere (ending the move); AK and HI have no neighbours."""
    land, index = find(Kind.TRAVEL, amount=3, plane=False)
    table = _table(land, candidate=NO_TRAVEL_CHANGE, pawns=(state("WA"),) * 3)
    table.played((0, PlayCard(card=land, action=index)))
    table.when(0, Move(state=state("AK"))).raises("rule/illegal_move")
    plane, index = find(Kind.TRAVEL, plane=True)
    flying = _table(plane, candidate=NO_TRAVEL_CHANGE, pawns=(state("WA"),) * 3)
    flying.played((0, PlayCard(card=plane, action=index)), (0, Move(state=state("HI"))))
    assert flying.state.pawns[0] == state("HI") and flying.state.turn == 1


def test_advertise_pays_and_places_a_registered_voter_in_each_state_of_the_cards_map() -> None:
    """Advertise: pay money; gain voters in the states that care about the card's issues, by its map."""
    card, index = find(Kind.ADVERTISE)
    action = CARDS[card].actions[index]
    table = _table(
        card, NO_ADVERTISE_CHANGE, voters=voters({}), registered=(10, 10, 10), money=(100, 100, 100)
    )
    done = table.when(0, PlayCard(card=card, action=index))
    assert MoneyMoved(source=0, target=BANK, amount=action.cost) in done.events
    assert all(done.state.voters[place * 3 + D] == 1 for place in action.states)
    assert done.state.registered[0] == 10 - len(action.states)


def test_advertise_is_refused_when_your_war_chest_cannot_pay() -> None:
    """No money, no advertising (the command is neither listed nor accepted)."""
    card, index = find(Kind.ADVERTISE)
    table = _table(card, NO_ADVERTISE_CHANGE, money=(0, 0, 0))
    assert PlayCard(card=card, action=index) not in table.legal(0)
    table.when(0, PlayCard(card=card, action=index)).raises("rule/illegal_move")


def test_campaign_places_registered_voters_in_your_state_and_the_adjacent_ones() -> None:
    """Campaign: a rally in the state(s) you are in and adjacent to, up to the number shown."""
    card, index = find(Kind.CAMPAIGN, amount=3)
    table = _table(
        card, NO_CAMPAIGN_CHANGE, voters=voters({}), pawns=(state("KS"),) * 3, registered=(9, 9, 9)
    )
    table.played((0, PlayCard(card=card, action=index)))
    assert set(table.legal(0)) == {Place(state=p) for p in (state("KS"), *NEIGHBOURS[state("KS")])} | {Stop()}
    table.when(0, Place(state=state("TX"))).raises("rule/illegal_move")
    table.played(*((0, Place(state=state(code))) for code in ("KS", "KS", "CO")))
    assert (on_map(table, "KS", D), on_map(table, "CO", D)) == (2, 1)
    assert table.state.registered[0] == 6 and table.state.turn == 1


def test_campaign_ends_when_your_registered_voters_run_out() -> None:
    """You commit only registered voters: with none left the rally is over."""
    card, index = find(Kind.CAMPAIGN, amount=6)
    table = _table(
        card, NO_CAMPAIGN_CHANGE, voters=voters({}), pawns=(state("KS"),) * 3, registered=(1, 1, 1)
    )
    table.played((0, PlayCard(card=card, action=index)), (0, Place(state=state("KS"))))
    assert table.state.turn == 1 and on_map(table, "KS", D) == 1


def test_an_instant_politick_happens_at_once_and_the_card_is_discarded() -> None:
    """Politick, instant: Fundraising Gala gains $30M."""
    card, index = find(Kind.POLITICK, effect="fundraising_gala")
    done = _table(card).when(0, PlayCard(card=card, action=index))
    assert MoneyMoved(source=BANK, target=0, amount=30) in done.events and card in done.state.discard


def test_an_ongoing_politick_stays_in_play() -> None:
    """Politick, ongoing: the card stays in front of its owner (until the month ends, ruling 10)."""
    card, index = find(Kind.POLITICK, effect="ground_game")
    done = _table(card).when(0, PlayCard(card=card, action=index))
    assert (card, 0) in done.state.ongoing and card not in done.state.discard


def test_seats_play_democrat_republican_libertarian_in_turn_from_seat_0() -> None:
    """Ruling 1: seat 0 the Democrats, seat 1 the Republicans, seat 2 the Libertarians; turns 0, 1, 2, 0."""
    card, _ = find(Kind.FUNDRAISE, amount=30)
    table = _table(card)
    assert [s.party for s in table.view(0).seats] == ["Democrat", "Republican", "Libertarian"]
    assert table.to_act() == {0}
    for seat in (0, 1, 2):
        play = next(
            c for c in table.legal(seat) if isinstance(c, PlayCard) and c.target in (-1, (seat + 1) % 3)
        )
        table.played((seat, play))
        assert table.to_act() == {(seat + 1) % 3}


def test_the_bank_never_runs_out() -> None:
    """Ruling 3: however much is in play, a Fundraise is paid in full (the supply is not counted either)."""
    card, index = find(Kind.FUNDRAISE, amount=30)
    done = _table(card, money=(10**6, 10**6, 10**6)).when(0, PlayCard(card=card, action=index))
    assert done.state.money[0] == 10**6 + 30

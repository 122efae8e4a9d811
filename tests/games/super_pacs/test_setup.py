"""Game Setup: factions, the treasury, the event deck, investments, leaders and the first player."""

from __future__ import annotations

import pytest

from domain.chance import Context
from domain.choices import Pass
from domain.errors import OptionsError
from domain.games.super_pacs.cards import ELECTIONS, OTHER_EVENTS
from domain.games.super_pacs.commands import Campaign, PickLeader
from domain.games.super_pacs.events import GameSetUp, LeaderPicked, LeadersRevealed
from domain.games.super_pacs.rules import SuperPacsOptions
from domain.games.super_pacs.rules.rounds import ELECTION_ROUNDS
from domain.seats import SPECTATOR, Seat
from tests.support import scenario

from .conftest import GAME, table


def _setup(seats: int = 3, seed: int = 1, **options: object) -> GameSetUp:
    events = GAME.setup(SuperPacsOptions(**options), seats, Context.seeded(seed))  # type: ignore[arg-type]
    assert len(events) == 1 and isinstance(events[0], GameSetUp)
    return events[0]


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_shuffle_the_faction_cards_and_deal_5_to_each_player(seats: int) -> None:
    """Faction cards: Shuffle the faction cards and deal 5 to each player. Place the rest face down."""
    setup = _setup(seats)
    assert [len(hand) for hand in setup.hands] == [5] * seats
    assert len(setup.deck) == 62 - 5 * seats
    assert len({c for hand in setup.hands for c in hand} | set(setup.deck)) == 62


def test_give_2_megabucks_to_each_player_the_rest_form_the_treasury() -> None:
    """Treasury: Give 2 megabucks to each player. Place the rest face up on the table to form the treasury."""
    given = table(4)
    assert given.state.money == (2, 2, 2, 2)
    assert given.view(SPECTATOR).treasury == 69 - 8


def test_the_event_deck_holds_ten_cards_one_for_each_round() -> None:
    """If you did this correctly you should have ten event cards, one for each round; the rest go back."""
    setup = _setup()
    assert len(setup.event_pool) == 7 and len(setup.events_out) == 9
    assert set(setup.event_pool) | set(setup.events_out) == set(OTHER_EVENTS)


def test_white_house_at_the_bottom_then_senate_then_house_of_rep_under_three_random() -> None:
    """WHITE HOUSE at the bottom with 2 random on it; SENATE and 2 more; HOUSE OF REP and 3 random."""
    assert {4: ELECTIONS[0], 7: ELECTIONS[1], 10: ELECTIONS[2]} == ELECTION_ROUNDS


def test_reveal_the_top_4_investments_face_up() -> None:
    """Investment cards: Shuffle the investments ... Reveal the top 4 cards and leave them face up."""
    setup = _setup()
    assert len(setup.market) == 4 and len(setup.investment_pile) == 20


def test_deal_3_leaders_to_each_player_each_picks_one() -> None:
    """Leader cards: Shuffle the leader cards and deal 3 to each player. Each player picks one."""
    given = scenario.given(GAME, _setup(3))
    assert given.to_act() == {0, 1, 2}
    assert given.legal(1) == [PickLeader(leader=card) for card in given.state.offers[1]]


def test_the_leader_pick_is_simultaneous_and_hidden_until_all_are_ready() -> None:
    """When all players are ready, everyone reveals the chosen leaders at the same time."""
    given = scenario.given(GAME, _setup(2))
    mine = given.state.offers[0][1]
    picked = given.when(0, PickLeader(leader=mine))
    assert picked.events == [LeaderPicked(seat=0, leader=mine)]
    assert picked.view(Seat(1)).seats[0].leader == -1 and picked.view(Seat(1)).seats[0].picked
    assert GAME.redact(picked.events[0], Seat(1)) != picked.events[0]
    theirs = picked.state.offers[1][0]
    both = given.played((0, PickLeader(leader=mine))).when(1, PickLeader(leader=theirs))
    assert both.events[-1] == LeadersRevealed()
    assert [seat.leader for seat in both.view(SPECTATOR).seats] == [mine, theirs]


def test_the_leaders_not_picked_go_back_in_the_box() -> None:
    """Each player picks one and puts the others back in the box."""
    given = scenario.given(GAME, _setup(2))
    offers = given.state.offers
    done = given.played((0, PickLeader(leader=offers[0][0])), (1, PickLeader(leader=offers[1][0])))
    assert {*offers[0][1:], *offers[1][1:]} <= set(done.state.box)
    assert done.state.offers == ((), ())


def test_first_time_players_are_dealt_a_random_leader_instead() -> None:
    """First time players: Deal a random leader instead."""
    setup = _setup(3, random_leaders=True)
    assert len(setup.leaders) == 3 and setup.offers == ()
    assert scenario.given(GAME, setup).state.phase == "turn"


def test_the_first_player_is_drawn_at_random_and_recorded_unless_an_option_fixes_it() -> None:
    """Ruling R1: the last to say "I AM NOT THE FIRST PLAYER" is drawn at random (or fixed by option)."""
    assert {_setup(3, seed=seed).first for seed in range(30)} == {0, 1, 2}
    assert _setup(3, first_player=2).first == 2
    with pytest.raises(OptionsError):
        GAME.validate(SuperPacsOptions(first_player=3), 3)


def test_the_first_player_puts_the_first_player_token_on_the_leader() -> None:
    """That player puts the first player token on his/her leader."""
    given = scenario.given(GAME, _setup(3, first_player=1, random_leaders=True))
    assert given.view(SPECTATOR).tokens["FIRST PLAYER"] == 1
    assert given.to_act() == {1}
    assert Campaign() in given.legal(1) and Pass() not in given.legal(1)

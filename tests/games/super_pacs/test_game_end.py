"""The Game Ends and Final Score: power from coalition and investments; a shared top and everybody loses."""

from __future__ import annotations

from domain.games.super_pacs.cards import POWER, SENATE, WHITE_HOUSE
from domain.games.super_pacs.commands import RevealEvent
from domain.games.super_pacs.events import GameEnded
from domain.games.super_pacs.rules.rounds import power, worth
from domain.seats import SPECTATOR

from .conftest import GAME, F, I, L, stacked, tokens

LEADERS = (L("THE HAIR PIECE"), L("MR. HOPE"), L("THE CEO"))


def _white_house(coalitions: tuple[tuple[int, ...], ...], **fields: object) -> object:
    return stacked(
        3,
        leaders=LEADERS,
        hands={0: (), 1: (), 2: ()},
        phase="event",
        turn=-1,
        round=10,
        revealed=9,
        coalitions=coalitions,
        elections_left=(WHITE_HOUSE,),
        **fields,
    )


def test_the_player_with_the_most_power_wins() -> None:
    """At the end of the game, count the power of each player. The player with the most power wins."""
    done = _white_house(((F("Real Estate Moguls"),), (F("Liberal Media"),), ())).when(0, RevealEvent())
    ended = done.events[-1]
    assert isinstance(ended, GameEnded) and ended.scores == (3, 1 + 8, 0) and ended.winners == (1,)
    outcome = GAME.outcome(done.state)
    assert outcome is not None and outcome.winners == (1,)


def test_a_tie_at_the_top_means_everybody_loses() -> None:
    """End of game tiebreaks: If there is a tie between winners, the country falls into civil war and
    everybody loses."""
    nine = (F("Real Estate Moguls"), F("Voter Suppression"), F("Oil Barons"), F("Hedge Funds"))
    done = _white_house((nine, (F("Liberal Media"),), ())).when(0, RevealEvent())
    ended = done.events[-1]
    assert isinstance(ended, GameEnded) and ended.scores == (9, 1 + 8, 0) and ended.winners == ()
    outcome = GAME.outcome(done.state)
    assert outcome is not None and outcome.winners == () and "everybody loses" in outcome.tiebreak


def test_power_comes_from_factions_and_investments() -> None:
    """Then each player adds up their total power among factions and investments."""
    given = stacked(
        3,
        leaders=LEADERS,
        coalitions=((F("Teachers"),), (), ()),
        investments=((I("Art Collection"),), (), ()),
    )
    assert power(given.state, 0) == 2 + 4


def test_some_investments_depend_on_the_table() -> None:
    """Note that the value of some investments depends on other factors and varies from game to game."""
    coalition = (F("Organized Crime"), F("Trial Lawyers"), F("Police Union"))  # Criminal; Justice; Justice
    given = stacked(3, leaders=LEADERS, coalitions=(coalition, (), ()), money=(7, 2, 2))
    state = given.state
    assert worth(state, 0, I("Bitcoin")) == 2 * 3
    assert worth(state, 0, I("Junk Bonds")) == len(state.hands[0]) + 7  # 7 megabucks held in 1s (R4)
    assert worth(state, 0, I("Insider Trading")) == 3
    assert worth(state, 0, I("Cattle Ranch")) == 5 and worth(state, 1, I("Cattle Ranch")) == 3
    assert worth(state, 0, I("Majority Shareholder")) == 0 and worth(state, 1, I("Majority Shareholder")) == 0


def test_the_final_score_example_of_47() -> None:
    """Score example: Gold Bars 2 x 3 = 6, and Cattle Ranch 5, for 11; coalition 6 + 2 + 6 + 7 + 15 =
    36; total 47."""
    red = (F("Gun Lobby"), F("War Veterans"), F("Oil Barons"))
    gray = (F("Organized Crime"),)
    blue = (F("Teachers"), F("Think Tank"), F("Public Broadcasting"))
    green = (F("Real Estate Moguls"), F("Car Companies"), F("Tech Giants"))
    gold = (F("Supreme Court Clerks"), SENATE, WHITE_HOUSE)
    coalition = (*red, *gray, *blue, *green, *gold)
    given = stacked(
        3,
        leaders=LEADERS,
        coalitions=(coalition, (), ()),
        investments=((I("Gold Bars"), I("Cattle Ranch")), (), ()),
    )
    state = given.state
    assert worth(state, 0, I("Gold Bars")) == 6 and worth(state, 0, I("Cattle Ranch")) == 5
    columns = [sum(POWER[c] for c in column) for column in (red, gray, blue, green, gold)]
    assert columns == [6, 2, 6, 7, 15]
    assert power(state, 0) == 47


def test_the_table_shows_each_coalitions_running_totals() -> None:
    """Faction values: votes count in elections (PROMOTED +4), wealth in fundraising, power at the end;
    each seat's view shows them as they stand, and what each investment is worth now."""
    coalition = (F("Teachers"), F("Hedge Funds"))  # votes 2 + 0, wealth 0 + 3, power 2 + 1
    given = stacked(
        3,
        leaders=LEADERS,
        coalitions=(coalition, (), ()),
        investments=((I("Art Collection"),), (), ()),
        tokens=tokens(FIRST_PLAYER=0, PROMOTED=0),
    )
    seat = given.view(SPECTATOR).seats[0]
    assert (seat.votes, seat.wealth, seat.coalition_power) == (2 + 4, 3, 3)
    assert seat.investment_worth == (4,) and seat.power == 3 + 4 == power(given.state, 0)
    assert seat.superpower_cost == 1  # THE HAIR PIECE

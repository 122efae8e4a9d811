"""End of Each Round, Sneaking Cards, Events and Elections."""

from __future__ import annotations

from domain.choices import Pass
from domain.games.super_pacs.cards import HOUSE, SENATE, WHITE_HOUSE, Effect
from domain.games.super_pacs.commands import DiscardFaction, EndTurn, PlaySurprise, RevealEvent, UseSuperpower
from domain.games.super_pacs.events import (
    ElectionWon,
    EventRevealed,
    RoundBegan,
    SneakedRevealed,
    TokenTaken,
    TurnEnded,
)
from domain.games.super_pacs.rules.effects import destroyable
from domain.seats import SPECTATOR

from .conftest import EV, GAME, F, L, stacked, tokens

LEADERS = (L("MR. HOPE"), L("THE HAIR PIECE"), L("THE ORGANIZER"))
NO_HANDS = {0: (), 1: (), 2: ()}


def _last_turn(**fields: object) -> object:
    return stacked(3, leaders=LEADERS, turn=2, step=2, **fields)


def _event(round_number: int, hands: dict[int, tuple[int, ...]] | None = None, **fields: object) -> object:
    """The round's turns are over: the first player is to reveal the event of ``round_number``."""
    fields.setdefault("leaders", LEADERS)
    return stacked(
        3,
        hands=hands or NO_HANDS,
        phase="event",
        turn=-1,
        round=round_number,
        revealed=round_number - 1,
        **fields,
    )


def test_after_the_last_turn_all_sneaked_cards_are_revealed_and_added() -> None:
    """a. All players reveal sneaked cards and add them to their coalition."""
    sneaked = ((F("Liberal Media"), F("Environmentalists")), (), (F("Oil Barons"),))
    done = _last_turn(sneaked=sneaked).when(2, EndTurn())
    assert done.events == [TurnEnded(seat=2, next=-1), SneakedRevealed()]
    assert done.state.coalitions[0] == sneaked[0] and done.state.coalitions[2] == sneaked[2]


def test_sneaked_cards_text_is_ignored() -> None:
    """When you sneak a card, you give up the chance to use that card's exploit or surprise."""
    done = _last_turn(sneaked=((), (), (F("Oil Barons"),))).when(2, EndTurn())
    assert done.state.money == (2, 2, 2)


def test_sneaked_cards_are_face_down_until_then() -> None:
    """Sneaked cards are played face down."""
    given = _last_turn(sneaked=((), (), (F("Oil Barons"),)))
    assert given.view(SPECTATOR).seats[2].sneaked.count == 1  # type: ignore[union-attr]


def test_the_first_player_reveals_and_reads_the_next_event() -> None:
    """b. The first player reveals and reads the next event on the event pile."""
    given = _last_turn().played((2, EndTurn()))
    assert given.to_act() == {0} and given.legal(0) == [RevealEvent()]


def test_all_players_follow_the_event() -> None:
    """All players must follow the instructions; Whistleblower: each player with the Immune icon discards."""
    coalitions = ((F("Civil Servants"),), (), (F("Megachurch"),))
    hands = {0: (F("Teachers"),), 1: (F("Unions"),), 2: (F("Oil Barons"),)}
    given = _event(1, hands, coalitions=coalitions, event_pool=(EV("Whistleblower"),))
    revealed = given.played((0, RevealEvent()))
    assert revealed.state.events_done == (EV("Whistleblower"),)
    done = revealed.played((0, Pass()), (1, Pass()), (2, Pass()))
    assert done.state.owed == (1, 0, 1)


def test_the_next_round_starts_with_the_holder_of_the_first_player_token() -> None:
    """c. The next round starts with the player who controls the first player token."""
    given = _event(2, event_pool=(EV("Tax Rebate"),), tokens=tokens(FIRST_PLAYER=2))
    done = given.when(0, RevealEvent())
    assert done.events[-1] == RoundBegan(round=3, first=2)


def test_elections_come_up_in_rounds_4_7_and_10() -> None:
    """There are three elections in the game: HOUSE OF REP, SENATE and WHITE HOUSE."""
    for number, card in ((4, HOUSE), (7, SENATE), (10, WHITE_HOUSE)):
        done = _event(number).when(0, RevealEvent())
        assert isinstance(done.events[0], EventRevealed) and done.events[0].card == card


def test_each_player_counts_the_votes_in_the_coalition() -> None:
    """1. Each player counts up the votes in their coalition, and announces the total."""
    coalitions = ((F("Teachers"),), (F("Liberal Media"),), (F("Oil Barons"),))
    done = _event(4, coalitions=coalitions).when(0, RevealEvent())
    assert ElectionWon(seat=1, card=HOUSE, votes=(2, 4, 0)) in done.events


def test_promoted_adds_4_votes_and_smeared_takes_4() -> None:
    """PROMOTED: +4 votes in elections. SMEARED: -4 votes in elections."""
    coalitions = ((F("Teachers"),), (F("Liberal Media"),), (F("Oil Barons"),))
    done = _event(4, coalitions=coalitions, tokens=tokens(FIRST_PLAYER=0, PROMOTED=2, SMEARED=1))
    won = done.when(0, RevealEvent()).events
    assert ElectionWon(seat=2, card=HOUSE, votes=(2, 0, 4)) in won


def test_retired_cannot_win_elections() -> None:
    """RETIRED: Your leader cannot win elections."""
    coalitions = ((F("Teachers"),), (F("Liberal Media"),), (F("Oil Barons"),))
    won = _event(4, coalitions=coalitions, tokens=tokens(FIRST_PLAYER=0, RETIRED=1)).when(0, RevealEvent())
    assert ElectionWon(seat=0, card=HOUSE, votes=(2, 4, 0)) in won.events


def test_a_tie_goes_to_the_player_who_played_earliest_in_the_round() -> None:
    """If there is a tie during an election, the winner is the one who first played in that round."""
    coalitions = ((F("Teachers"),), (F("Think Tank"), F("Gun Lobby")), (F("Liberal Media"),))
    won = _event(4, coalitions=coalitions, first=1, tokens=tokens(FIRST_PLAYER=1)).when(1, RevealEvent())
    winner = next(e for e in won.events if isinstance(e, ElectionWon))
    assert winner.votes == (2, 3, 4) and winner.seat == 2
    won = _event(
        4, coalitions=((F("Unions"),), (F("War Veterans"),), ()), first=1, tokens=tokens(FIRST_PLAYER=1)
    )
    assert ElectionWon(seat=1, card=HOUSE, votes=(3, 3, 0)) in won.when(1, RevealEvent()).events


def test_surprises_and_superpowers_may_change_the_election_before_it_concludes() -> None:
    """2. Leader superpowers and surprise cards that can influence elections can be played at this moment."""
    leaders = (L("MR. HOPE"), L("GRANDMA BERNADETTE"), L("THE ORGANIZER"))
    given = _event(
        4, {0: (), 1: (), 2: (F("Youth Vote"),)}, leaders=leaders, coalitions=((F("Teachers"),), (), ())
    )
    counting = given.played((0, RevealEvent()))
    assert counting.to_act() == {1, 2}
    assert counting.legal(1) == [UseSuperpower(), Pass()]
    assert counting.legal(2) == [PlaySurprise(card=F("Youth Vote")), Pass()]
    played = counting.played((2, PlaySurprise(card=F("Youth Vote"))))
    assert played.view(SPECTATOR).election.votes == (2, 0, 3)
    assert played.to_act() == {1}
    done = played.when(1, Pass())
    assert ElectionWon(seat=2, card=HOUSE, votes=(2, 0, 3)) in done.events


def test_everyone_is_asked_again_after_a_play() -> None:
    """The player about to win should ask if everyone is ready ... give one last chance to play a surprise."""
    given = _event(4, {0: (F("Teachers"),), 1: (F("Youth Vote"), F("Unions")), 2: ()})
    counting = given.played((0, RevealEvent()), (0, Pass()))
    again = counting.played((1, PlaySurprise(card=F("Youth Vote"))))
    assert again.to_act() == {0, 1}


def test_the_winner_adds_the_election_card_as_a_gold_immune_faction() -> None:
    """The election card is added to that player's coalition ... it has the Immune type."""
    done = _event(4, coalitions=((F("Teachers"),), (), ())).when(0, RevealEvent())
    assert done.state.coalitions[0] == (F("Teachers"), HOUSE)
    assert not destroyable(HOUSE, Effect(do="destroy", who="any", colour="gold"))


def test_the_winner_of_house_or_senate_takes_the_first_player_token() -> None:
    """Also, if you just won the HOUSE of REP or SENATE, move the FIRST PLAYER token to your leader."""
    done = _event(7, coalitions=((), (F("Teachers"),), ())).when(0, RevealEvent())
    assert TokenTaken(seat=1, token="FIRST PLAYER") in done.events
    assert done.events[-1] == RoundBegan(round=8, first=1)


def test_the_game_ends_after_the_white_house() -> None:
    """The game ends after the WHITE HOUSE event is resolved."""
    done = _event(10, coalitions=((), (F("Teachers"),), ())).when(0, RevealEvent())
    assert done.state.phase == "over" and GAME.to_act(done.state) == frozenset()
    assert not any(isinstance(e, TokenTaken) for e in done.events)


def test_discards_owed_by_several_players_start_with_the_first_player() -> None:
    """Q: For simultaneous discarding, start with the FIRST PLAYER ... followed by the next, clockwise."""
    hands = {0: (F("Teachers"),), 1: (F("Unions"),), 2: (F("Oil Barons"),)}
    coalitions = ((F("Civil Servants"),), (F("Secret Service"),), (F("Megachurch"),))
    given = _event(1, hands, coalitions=coalitions, event_pool=(EV("Whistleblower"),), first=1)
    given = given.adjusted(tokens=tokens(FIRST_PLAYER=1))
    revealed = given.played((1, RevealEvent()), (0, Pass()), (1, Pass()), (2, Pass()))
    assert revealed.state.owed == (1, 1, 1)
    assert revealed.to_act() == {1}
    after = revealed.played((1, DiscardFaction(card=F("Unions"))))
    assert after.to_act() == {2}

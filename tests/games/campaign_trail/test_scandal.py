"""Scandal (#107): each opposing party chooses — lose voters, or pay the player $60M."""

from __future__ import annotations

from domain.choices import Choose
from domain.games.campaign_trail.cards.board import ETHICALLY_MINDED, state
from domain.games.campaign_trail.commands import PlayCard
from domain.games.campaign_trail.events import MoneyMoved, RegisteredMoved, TurnPassed, VotersRemoved
from domain.games.campaign_trail.rules.effects import LOSE_VOTERS, PAY
from domain.games.campaign_trail.state import BANK
from tests.games.campaign_trail.conftest import L, R, campaigning, holding, voters

SCANDAL = PlayCard(card=107, action=0)
ETHICS = {
    **{(code, R): 1 for code in ("GA", "KY", "MO", "AZ", "AL")},
    **{(c, L): 2 for c in ("NC", "VA", "CO", "MN", "OR")},
}


def _table(seat_count: int = 3, **fields: object):  # type: ignore[no-untyped-def]
    table = campaigning(seat_count, voters=voters(ETHICS), **fields)
    return holding(table, 0, 107, 1, 2, 3, 4).played((0, SCANDAL))


def test_the_victims_choose_not_the_player() -> None:
    """Each opposing party chooses (their choice): the first victim in turn order is asked first."""
    table = _table(money=(0, 80, 80))
    assert table.to_act() == {1}
    assert table.legal(0) == [] and set(table.legal(1)) == {Choose(option=LOSE_VOTERS), Choose(option=PAY)}
    table.when(0, Choose(option=PAY)).raises("rule/not_your_turn")
    table.played((1, Choose(option=PAY)))
    assert table.to_act() == {2}


def test_paying_gives_the_player_60m() -> None:
    """... OR pays you $60M."""
    table = _table(money=(0, 80, 80))
    done = table.when(1, Choose(option=PAY))
    assert MoneyMoved(source=1, target=0, amount=60) in done.events


def test_losing_voters_is_3_registered_and_1_voter_from_each_ethically_minded_state() -> None:
    """Loses 3 registered voters and removes 1 voter from each of its ethically minded states."""
    table = _table(money=(0, 80, 80), registered=(0, 5, 5))
    done = table.when(1, Choose(option=LOSE_VOTERS))
    assert RegisteredMoved(source=1, target=BANK, count=3) in done.events
    removed = [e for e in done.events if isinstance(e, VotersRemoved)]
    assert removed == [VotersRemoved(state=p, party=R, count=1) for p in ETHICALLY_MINDED[R]]


def test_a_victim_who_cannot_pay_may_only_lose_voters() -> None:
    """A victim whose war chest holds less than $60M has only the other branch (ruling 9)."""
    table = _table(money=(0, 59, 80))
    assert table.legal(1) == [Choose(option=LOSE_VOTERS)]
    table.when(1, Choose(option=PAY)).raises("rule/illegal_move")


def test_a_victim_who_can_do_neither_in_full_loses_what_it_has() -> None:
    """Ruling 9: fewer than 3 registered voters and ethically minded states without its voters."""
    table = campaigning(3, voters=voters({("GA", R): 1}), money=(0, 0, 0), registered=(0, 1, 0))
    holding(table, 0, 107, 1, 2, 3, 4).played((0, SCANDAL))
    done = table.when(1, Choose(option=LOSE_VOTERS))
    assert done.state.registered[1] == 0 and done.state.voters == voters({})


def test_once_every_victim_has_answered_the_turn_passes() -> None:
    """The Scandal's player draws and the next seat plays."""
    table = _table(money=(0, 80, 80))
    table.played((1, Choose(option=PAY)))
    done = table.when(2, Choose(option=LOSE_VOTERS))
    assert done.events[-1] == TurnPassed(seat=1) and done.state.choice is None
    assert done.state.money[0] == 60


def test_in_a_2_party_game_the_one_opponent_chooses() -> None:
    """Each opposing party: one victim."""
    table = _table(2, money=(0, 80))
    table.played((1, Choose(option=PAY)))
    assert table.state.turn == 1 and table.state.choice is None


def test_every_seat_sees_the_open_choice_and_what_the_victim_needs_to_decide() -> None:
    """The choice, the victim's war chest, registered voters and voters on the map are public."""
    table = _table(money=(0, 80, 40))
    for viewer in (0, 1, 2):
        seen = table.view(viewer)
        assert seen.choice == table.state.choice and seen.to_act == (1,)
        assert seen.seats[1].war_chest == 80 and seen.seats[1].registered == table.state.registered[1]
        assert seen.states[state("GA")].voters[R] == 1


def test_the_log_names_the_victims_options_in_words_not_their_ids() -> None:
    """The sentence a victim is asked with reads "pay $60M or lose ...", never "lose_voters"."""
    from domain.choices import Choice
    from domain.games.campaign_trail import CAMPAIGN_TRAIL
    from domain.games.campaign_trail.events import VictimAsked

    asked = VictimAsked(choice=Choice(seats=(1,), options=(LOSE_VOTERS, PAY), about="scandal"), later=())
    sentence = CAMPAIGN_TRAIL.describe(asked, 0, ("Lauren", "Ben"))
    assert sentence == (
        "Ben must answer the Scandal: lose 3 registered voters and 1 voter per ethically minded state"
        " or pay $60M."
    )

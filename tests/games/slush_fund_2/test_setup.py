"""Components and setup: two decks, five politicians, a $1M and a $2M back on top, a starting player."""

from __future__ import annotations

from collections import Counter

import pytest

from domain.chance import Context
from domain.errors import OptionsError
from domain.games.slush_fund_2.cards import KIND, POLITICIANS, VALUE, Kind, deck_of
from domain.games.slush_fund_2.commands import DrawCards
from domain.games.slush_fund_2.events import CardsDrawn, GameStarted
from domain.games.slush_fund_2.rules import SlushFundOptions
from domain.referee import start

from .conftest import BLUE, GAME, RED, TOPS, blue, red, table


def test_each_deck_has_20_money_cards_6_x_1m_7_x_2m_6_x_3m_1_x_4m() -> None:
    """Each deck has 20 money cards: 6 x $1M, 7 x $2M, 6 x $3M, 1 x $4M."""
    for seat in (RED, BLUE):
        money = Counter(VALUE[c] for c in deck_of(seat) if KIND[c] is Kind.MONEY)
        assert money == {1: 6, 2: 7, 3: 6, 4: 1}


def test_each_deck_has_10_power_cards_2_hackers_2_accountants_3_spies_3_journalists() -> None:
    """Each deck has 10 power cards: 2 hackers, 2 accountants, 3 spies, 3 journalists."""
    for seat in (RED, BLUE):
        powers = Counter(KIND[c] for c in deck_of(seat) if KIND[c] is not Kind.MONEY)
        assert powers == {Kind.HACKER: 2, Kind.ACCOUNTANT: 2, Kind.SPY: 3, Kind.JOURNALIST: 3}


def test_place_the_5_politicians_in_a_row_between_the_players() -> None:
    """Place the 5 politicians in a row; ours have ladders 7-4-2, 6-4-1, 5-3-1, 4-2-1, 3-2-1 (ruling R2)."""
    politicians = table().view(RED).politicians
    assert [p.name for p in politicians] == list(POLITICIANS)
    assert [p.ladder for p in politicians] == [(7, 4, 2), (6, 4, 1), (5, 3, 1), (4, 2, 1), (3, 2, 1)]
    assert all(p.journalists == () for p in politicians)


def test_give_each_player_a_player_deck() -> None:
    """Give each player a player deck: seat 0 plays red, seat 1 plays blue (ruling R1)."""
    state, _ = start(GAME, SlushFundOptions(starting_seat=0), 2, Context.seeded(1))
    assert sorted(state.decks[RED].top + state.decks[RED].rest) == list(deck_of(RED))
    assert sorted(state.decks[BLUE].top + state.decks[BLUE].rest) == list(deck_of(BLUE))


def test_a_1m_and_a_2m_are_put_back_on_top_of_each_deck() -> None:
    """Both players remove a $1M and a $2M, shuffle, and place the removed cards back on top."""
    scenario = table()
    for seat, own in ((RED, red), (BLUE, blue)):
        assert scenario.view(RED).players[seat].deck_top == (own(1), own(2))
    first = scenario.when(RED, DrawCards())
    (event,) = first.events
    assert isinstance(event, CardsDrawn) and event.cards[:2] == (red(1), red(2))
    assert first.view(BLUE).players[RED].deck_top == ()


def test_the_starting_player_is_drawn_at_random_unless_the_options_fix_it() -> None:
    """Determine a starting player: at random, recorded in the log; the options may fix it (ruling R3)."""
    starters = {
        GAME.setup(SlushFundOptions(), 2, Context.seeded(seed))[0].starting_seat for seed in range(20)
    }
    assert starters == {0, 1}
    fixed = GAME.setup(SlushFundOptions(starting_seat=1), 2, Context.seeded(0))
    assert fixed == [GameStarted(ladders=SlushFundOptions().ladders, starting_seat=1, deck_tops=TOPS)]


def test_the_options_may_carry_other_ladders_but_not_rising_ones() -> None:
    """Options carry five ladders (no journalist, one, two) that never rise, and the starting seat."""
    GAME.validate(SlushFundOptions(ladders=((9, 5, 1),) * 5), 2)
    with pytest.raises(OptionsError):
        GAME.validate(SlushFundOptions(ladders=((1, 5, 9),) * 5), 2)
    with pytest.raises(OptionsError):
        GAME.validate(SlushFundOptions(ladders=((7, 4, 2),) * 4), 2)
    with pytest.raises(OptionsError):
        GAME.validate(SlushFundOptions(starting_seat=2), 2)
    with pytest.raises(OptionsError):
        GAME.validate(SlushFundOptions(), 3)

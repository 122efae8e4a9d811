"""Slush Fund 2: two players buy five politicians with legal and illegal contributions.

Every game package has the same files for the same roles: ``commands``, ``events``, ``state``,
``cards``, ``rules`` (decide and the rules in prose), ``evolve``, ``views`` (views and who may see each
event), ``describe``, ``resample``, ``takebacks`` and ``balance`` (for ``backroom balance``). This
module puts them together.
"""

from __future__ import annotations

from domain.game import GameDefinition
from domain.games.slush_fund_2.balance import BALANCE
from domain.games.slush_fund_2.cards import SEAT_COUNT
from domain.games.slush_fund_2.commands import Commands
from domain.games.slush_fund_2.describe import describe
from domain.games.slush_fund_2.events import Events
from domain.games.slush_fund_2.evolve import evolve
from domain.games.slush_fund_2.resample import canonical, resample
from domain.games.slush_fund_2.rules import (
    SlushFundOptions,
    check_options,
    decide,
    is_over,
    legal_commands,
    outcome,
    setup,
    to_act,
)
from domain.games.slush_fund_2.rules.scoring import evaluate
from domain.games.slush_fund_2.state import State, all_cards
from domain.games.slush_fund_2.takebacks import TAKEBACKS
from domain.games.slush_fund_2.views import VISIBILITY, view

SLUSH_FUND_2: GameDefinition[State, Commands, Events, SlushFundOptions] = GameDefinition(
    id="slush-fund-2",
    title="Slush Fund 2",
    rules_version="1",
    min_seats=SEAT_COUNT,
    max_seats=SEAT_COUNT,
    options_type=SlushFundOptions,
    commands=Commands,
    events=Events,
    states=State,
    setup=setup,
    evolve=evolve,
    decide=decide,
    to_act=to_act,
    legal_commands=legal_commands,
    is_over=is_over,
    outcome=outcome,
    view=view,
    describe=describe,
    resample=resample,
    canonical=canonical,
    evaluate=evaluate,
    cards=all_cards,
    check_options=check_options,
    takebacks=TAKEBACKS,
    balance=BALANCE,
    visibility=VISIBILITY,
    summary="Buy five politicians with legal and illegal money; spies, hackers and journalists meddle.",
)

GAME = SLUSH_FUND_2
"""This game, by the name `domain.games.registered` finds it by."""

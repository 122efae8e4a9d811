"""Politrickers: a 3-5 player trick-taking game of two parties and a Libra Disc.

Every game package has the same files for the same roles: ``commands``, ``events``, ``state``,
``cards``, ``rules`` (decide and the rules in prose), ``evolve``, ``views`` (views and who may see each
event), ``describe``, ``resample``, ``takebacks`` and ``balance`` (for ``backroom balance``). This
module puts them together.
"""

from __future__ import annotations

from domain.game import GameDefinition
from domain.games.politrickers.balance import BALANCE
from domain.games.politrickers.commands import Commands
from domain.games.politrickers.describe import describe
from domain.games.politrickers.events import Events
from domain.games.politrickers.evolve import evolve
from domain.games.politrickers.resample import canonical, resample
from domain.games.politrickers.rules import (
    PolitrickersOptions,
    decide,
    evaluate,
    is_over,
    legal_commands,
    outcome,
    setup,
    to_act,
)
from domain.games.politrickers.state import State, all_cards
from domain.games.politrickers.takebacks import TAKEBACKS
from domain.games.politrickers.views import VISIBILITY, view

PolitrickersGame = GameDefinition[State, Commands, Events, PolitrickersOptions]

POLITRICKERS: PolitrickersGame = GameDefinition(
    id="politrickers",
    title="Politrickers",
    rules_version="1",
    min_seats=3,
    max_seats=5,
    options_type=PolitrickersOptions,
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
    takebacks=TAKEBACKS,
    balance=BALANCE,
    visibility=VISIBILITY,
    summary="Two parties, one Libra Disc: follow your party's suit, and switch when you must.",
)

GAME = POLITRICKERS
"""This game, by the name `domain.games.registered` finds it by."""

"""Super PACS: 2-4 players build coalitions, win elections and invest, to hold the most power.

Every game package has the same files for the same roles: ``commands``, ``events``, ``state``, ``cards``
(the card set as data), ``rules`` (decide and the rules in prose), ``evolve``, ``views`` (views and who
may see each event), ``describe``, ``resample``, ``takebacks`` and ``balance`` (for ``backroom
balance``). This module puts them together.
"""

from __future__ import annotations

from domain.game import GameDefinition
from domain.games.super_pacs.balance import BALANCE
from domain.games.super_pacs.commands import Commands
from domain.games.super_pacs.describe import describe
from domain.games.super_pacs.events import Events
from domain.games.super_pacs.evolve import evolve, fold_decided
from domain.games.super_pacs.resample import canonical, resample
from domain.games.super_pacs.rules import (
    SuperPacsOptions,
    check_options,
    decide,
    due,
    is_over,
    legal_commands,
    outcome,
    overdue,
    setup,
    to_act,
)
from domain.games.super_pacs.rules.rounds import evaluate
from domain.games.super_pacs.state import MOST_SEATS, State, all_cards
from domain.games.super_pacs.takebacks import TAKEBACKS
from domain.games.super_pacs.views import VISIBILITY, view

SUPER_PACS: GameDefinition[State, Commands, Events, SuperPacsOptions] = GameDefinition(
    id="super-pacs",
    title="Super PACS",
    rules_version="2",
    min_seats=2,
    max_seats=MOST_SEATS,
    options_type=SuperPacsOptions,
    commands=Commands,
    events=Events,
    states=State,
    setup=setup,
    evolve=evolve,
    fold_decided=fold_decided,
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
    due=due,
    overdue=overdue,
    summary="Build a coalition of factions, win the House, the Senate and the White House, and invest.",
)

GAME = SUPER_PACS
"""This game, by the name `domain.games.registered` finds it by."""

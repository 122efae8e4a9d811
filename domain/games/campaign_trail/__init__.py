"""Campaign Trail (2 or 3 parties) with the Dirty Politics module.

Every game package has the same files for the same roles: ``commands``, ``events``, ``state``, ``cards``
(the action cards, candidates and the map, as data), ``rules`` (decide and the rules in prose),
``evolve``, ``views``, ``describe``, ``resample``, ``takebacks`` and ``balance`` (for ``backroom
balance``). This module puts them together.
"""

from __future__ import annotations

from domain.game import GameDefinition
from domain.games.campaign_trail.balance import BALANCE
from domain.games.campaign_trail.commands import Commands
from domain.games.campaign_trail.describe import describe
from domain.games.campaign_trail.events import Events
from domain.games.campaign_trail.evolve import evolve, fold_decided
from domain.games.campaign_trail.resample import canonical, resample
from domain.games.campaign_trail.rules import (
    CampaignTrailOptions,
    decide,
    due,
    is_over,
    legal_commands,
    outcome,
    overdue,
    setup,
    to_act,
)
from domain.games.campaign_trail.rules.months import evaluate
from domain.games.campaign_trail.state import State, all_cards
from domain.games.campaign_trail.takebacks import TAKEBACKS
from domain.games.campaign_trail.views import VISIBILITY, view

CampaignTrailGame = GameDefinition[State, Commands, Events, CampaignTrailOptions]

CAMPAIGN_TRAIL: CampaignTrailGame = GameDefinition(
    id="campaign-trail",
    title="Campaign Trail",
    rules_version="1",
    min_seats=2,
    max_seats=3,
    options_type=CampaignTrailOptions,
    commands=Commands,
    events=Events,
    states=State,
    setup=setup,
    evolve=evolve,
    fold_decided=fold_decided,
    decide=decide,
    to_act=to_act,
    due=due,
    overdue=overdue,
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
    summary="Three parties race for 270: fundraise, register, travel, advertise, campaign and play dirty.",
)

GAME = CAMPAIGN_TRAIL
"""This game, by the name `domain.games.registered` finds it by."""

"""The cards of Campaign Trail, as data: action cards (base and Dirty Politics), candidates, the map.

An action card shows four actions; a seat plays it and takes one of them. Each action is an
:class:`Action` of one :class:`Kind` with its numbers. The six Dirty Politics kinds each count as the
base kind they are a subset of (:data:`COUNTS_AS`) for every politick that refers to kinds of actions.
``docs/cards/campaign-trail.md`` lists every card; it is generated from this data
(``python -m domain.games.campaign_trail.cards``).
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple


class Kind(StrEnum):
    """The kinds of action a card may show."""

    FUNDRAISE = "Fundraise"
    REGISTER = "Register"
    TRAVEL = "Travel"
    ADVERTISE = "Advertise"
    CAMPAIGN = "Campaign"
    POLITICK = "Politick"
    VOTER_SUPPRESSION = "Voter Suppression"
    FLIP_CONTRIBUTORS = "Flip Contributors"
    SWAY_MINDS = "Sway Minds"
    MUDSLINGING = "Mudslinging"
    SMEAR_CAMPAIGN = "Smear Campaign"
    DIRTY_TRICKS = "Dirty Tricks"


# The kinds as module constants: a member looked up on its enum class costs about ten times a global
# (the rules compare kinds at every play).
ADVERTISE, CAMPAIGN, FLIP_CONTRIBUTORS, MUDSLINGING, SMEAR_CAMPAIGN, SWAY_MINDS, TRAVEL, VOTER_SUPPRESSION = (
    Kind.ADVERTISE,
    Kind.CAMPAIGN,
    Kind.FLIP_CONTRIBUTORS,
    Kind.MUDSLINGING,
    Kind.SMEAR_CAMPAIGN,
    Kind.SWAY_MINDS,
    Kind.TRAVEL,
    Kind.VOTER_SUPPRESSION,
)


COUNTS_AS: dict[Kind, Kind] = {
    **{kind: kind for kind in list(Kind)[:6]},
    Kind.VOTER_SUPPRESSION: Kind.TRAVEL,
    Kind.FLIP_CONTRIBUTORS: Kind.FUNDRAISE,
    Kind.SWAY_MINDS: Kind.REGISTER,
    Kind.MUDSLINGING: Kind.ADVERTISE,
    Kind.SMEAR_CAMPAIGN: Kind.CAMPAIGN,
    Kind.DIRTY_TRICKS: Kind.POLITICK,
}
"""The base action each kind counts as (printed for Smear Campaign, Mudslinging and Dirty Tricks; ours
for Voter Suppression, a move, Flip Contributors, money, and Sway Minds, registered voters)."""


class Action(NamedTuple):
    """One action printed on a card.

    ``amount``: dollars (Fundraise, Flip Contributors), voters (Register, Campaign, Sway Minds) or
    states to move (Travel, Voter Suppression); ``voters``: how many Voter Suppression removes;
    ``cost``: an Advertise action's price; ``states``: the advertising map or the smear campaign's
    states; ``issues``: the mudslinging issues; ``effect``: a politick's or dirty trick's key.
    """

    kind: Kind
    amount: int = 0
    plane: bool = False
    voters: int = 0
    cost: int = 0
    states: tuple[int, ...] = ()
    issues: tuple[int, ...] = ()
    effect: str = ""


class Card(NamedTuple):
    """An action card: its number, title, four actions, debate issue icons, coloured home states."""

    number: int
    title: str
    actions: tuple[Action, Action, Action, Action]
    issues: tuple[int, ...]
    home_states: tuple[int, ...]
    not_for_2p: bool = False
    dirty: bool = False


class Effect(NamedTuple):
    """A politick or dirty trick: its title, whether it stays in play (ongoing), and its text.

    ``answers``: for a response politick, the base kind of opposing action it is played out of turn
    in answer to (the Dirty Politics kinds that count as that kind included); empty otherwise.
    """

    title: str
    ongoing: bool
    text: str
    answers: str = ""

"""The 99 base action cards (ours, from one pattern) and the politick effects they carry.

Card ``n`` omits two of the six base actions (the ``n mod 15``-th pair) and shows the other four:
Fundraise $20-$40M, Register 2-4 voters, Travel 1-3 states (a plane on every fifth card), Advertise
(1 voter in each state of its map, $10M per two states), Campaign 3-6 voters, and one of eleven
politicks (the ``n mod 11``-th): eight played on your turn (instant or ongoing) and three response
politicks, played out of turn in answer to an opposing Advertise, Travel or Campaign. Its debate
issue icons are issues ``n mod 8`` and ``3n+1 mod 8``; its advertising map is the states showing those
issues, largest first, at most six; it colours two candidates' home states.
Fifteen cards (every sixth up to #90) are marked "not for 2p".
"""

from __future__ import annotations

from itertools import combinations

from domain.games.campaign_trail.cards import Action, Card, Effect, Kind
from domain.games.campaign_trail.cards.board import ELECTORAL_VOTES, STATES_SHOWING
from domain.games.campaign_trail.cards.candidates import HOME_STATES

BASE_CARDS = 99
MAP_SIZE = 6
"""An advertising map holds at most this many states."""
AD_PRICE = 10
"""An Advertise costs this many $M per two states of its map (rounded up)."""

POLITICKS: dict[str, Effect] = {
    "fundraising_gala": Effect("Fundraising Gala", False, "Gain $30M."),
    "voter_drive": Effect("Voter Drive", False, "Register 3 voters."),
    "campaign_audit": Effect(
        "Campaign Audit", True, "Each time an opposing party takes a Campaign action, it pays you $10M."
    ),
    "media_watchdog": Effect(
        "Media Watchdog", True, "Each time an opposing party takes an Advertise action, register 1 voter."
    ),
    "ground_game": Effect("Ground Game", True, "Your Campaign actions may place 1 more voter."),
    "ad_discount": Effect("Ad Discount", True, "Your Advertise actions cost $10M less."),
    "early_voting": Effect(
        "Early Voting", False, "On Election Day, place 2 of your voters in your home state."
    ),
    "travel_budget": Effect("Travel Budget", True, "Your Travel actions may move 1 more state."),
    "cease_and_desist": Effect(
        "Cease and Desist",
        False,
        "Response: when an opposing party takes an Advertise action, its ads are pulled in every state "
        "you lead: it places no voters (and mudslinging removes none) there. The price is still paid.",
        answers=Kind.ADVERTISE,
    ),
    "counter_protest": Effect(
        "Counter-Protest",
        False,
        "Response: when an opposing party takes a Travel action, place up to 2 of your registered "
        "voters in the state its pawn sets out from, to see it off.",
        answers=Kind.TRAVEL,
    ),
    "rapid_response": Effect(
        "Rapid Response Team",
        False,
        "Response: when an opposing party takes a Campaign action, your team is already there: it "
        "places (or a smear campaign removes) 2 voters fewer.",
        answers=Kind.CAMPAIGN,
    ),
}
_POLITICK_ORDER = tuple(POLITICKS)
_OMITTED = tuple(combinations(range(6), 2))


def _issues(number: int) -> tuple[int, ...]:
    return tuple(sorted({number % 8, (3 * number + 1) % 8}))


def advertising_map(issues: tuple[int, ...]) -> tuple[int, ...]:
    """The states showing any of ``issues``, most electoral votes first, at most :data:`MAP_SIZE`."""
    showing = {state for issue in issues for state in STATES_SHOWING[issue]}
    return tuple(sorted(showing, key=lambda state: (-ELECTORAL_VOTES[state], state))[:MAP_SIZE])


def _actions(number: int, issues: tuple[int, ...]) -> tuple[Action, ...]:
    ad_map = advertising_map(issues)
    every = (
        Action(Kind.FUNDRAISE, amount=20 + 10 * (number % 3)),
        Action(Kind.REGISTER, amount=2 + number % 3),
        Action(Kind.TRAVEL, amount=1 + number % 3, plane=number % 5 == 0),
        Action(Kind.ADVERTISE, cost=AD_PRICE * ((len(ad_map) + 1) // 2), states=ad_map),
        Action(Kind.CAMPAIGN, amount=3 + number % 4),
        Action(Kind.POLITICK, effect=_POLITICK_ORDER[number % len(_POLITICK_ORDER)]),
    )
    omitted = _OMITTED[number % 15]
    return tuple(action for index, action in enumerate(every) if index not in omitted)


def _card(number: int) -> Card:
    issues = _issues(number)
    first, second = number % 12, (5 * number + 3) % 12
    homes = tuple(sorted({HOME_STATES[first], HOME_STATES[second if second != first else (first + 1) % 12]}))
    actions = _actions(number, issues)
    return Card(
        number=number,
        title=f"Action card #{number}",
        actions=(actions[0], actions[1], actions[2], actions[3]),
        issues=issues,
        home_states=homes,
        not_for_2p=number % 6 == 0 and number <= 90,
    )


BASE: tuple[Card, ...] = tuple(_card(number) for number in range(1, BASE_CARDS + 1))

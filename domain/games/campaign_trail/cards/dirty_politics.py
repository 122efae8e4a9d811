"""The Dirty Politics module's twelve cards, #101 to #112.

#106, #107, #108, #110 and #112 are as the module's rulebook prints or uses them (Scandal and
Favorite Son word for word; #106's mudslinging shows Gender Equality and Health Care among four issues,
#108's smear campaign lists California, #112's voter suppression moves one state and removes two). The
rest, and every number the rulebook does not give, are ours. Dirty Politics cards show no debate
issue icons.
"""

from __future__ import annotations

from domain.games.campaign_trail.cards import Action, Card, Effect, Kind
from domain.games.campaign_trail.cards.board import ISSUES, state

DIRTY_TRICKS: dict[str, Effect] = {
    "scandal": Effect(
        "Scandal",
        False,
        "Each opposing party loses 3 registered voters and removes 1 voter from each of its ethically "
        "minded states OR pays you $60M (their choice).",
    ),
    "favorite_son": Effect(
        "Favorite Son",
        True,
        "Each time you play a card with your home state colored on it, place 1 of your voters from the "
        "undecided voter supply there.",
    ),
    "leaked_memo": Effect("Leaked Memo", False, "Each opposing party pays $20M to the bank."),
    "dark_money": Effect("Dark Money", False, "Take $10M from each opposing party."),
    "opposition_research": Effect(
        "Opposition Research",
        True,
        "Each time an opposing party takes a Fundraise action, take $10M from it.",
    ),
}


def _vs(moves: int, voters: int, plane: bool = False) -> Action:
    return Action(Kind.VOTER_SUPPRESSION, amount=moves, voters=voters, plane=plane)


def _fc(dollars: int) -> Action:
    return Action(Kind.FLIP_CONTRIBUTORS, amount=dollars)


def _sm(voters: int) -> Action:
    return Action(Kind.SWAY_MINDS, amount=voters)


def _ms(*issues: str) -> Action:
    return Action(Kind.MUDSLINGING, issues=tuple(ISSUES.index(issue) for issue in issues))


def _sc(*codes: str) -> Action:
    return Action(Kind.SMEAR_CAMPAIGN, states=tuple(state(code) for code in codes))


def _dt(effect: str) -> Action:
    return Action(Kind.DIRTY_TRICKS, effect=effect)


def _card(number: int, title: str, actions: tuple[Action, Action, Action, Action], homes: str) -> Card:
    return Card(
        number=number,
        title=title,
        actions=actions,
        issues=(),
        home_states=tuple(sorted(state(code) for code in homes.split())),
        dirty=True,
    )


DIRTY: tuple[Card, ...] = (
    _card(101, "Robocalls", (_vs(2, 2), _fc(20), _sm(2), _dt("leaked_memo")), "CA TX"),
    _card(
        102,
        "Attack Ads",
        (_ms("Economy", "Immigration"), _sc("TX", "OK", "LA", "AR"), _fc(30), _sm(3)),
        "FL NY",
    ),
    _card(
        103,
        "Push Poll",
        (_vs(1, 3), _ms("Defense", "Family Values", "Education"), _sm(2), _dt("dark_money")),
        "GA OH",
    ),
    _card(
        104,
        "Oppo File",
        (_fc(40), _sc("NY", "NJ", "PA", "CT"), _vs(0, 2, plane=True), _dt("opposition_research")),
        "PA IL",
    ),
    _card(
        105,
        "Whisper Campaign",
        (_sc("FL", "GA", "AL", "SC"), _ms("Environment", "Education"), _fc(20), _sm(3)),
        "MI NC",
    ),
    _card(
        106,
        "Hit Piece",
        (
            _ms("Gender Equality", "Health Care", "Economy", "Immigration"),
            _sc("OH", "MI", "IN", "PA"),
            _fc(30),
            _sm(2),
        ),
        "VA AZ",
    ),
    _card(107, "Scandal", (_dt("scandal"), _fc(20), _sm(2), _vs(1, 1)), "CA FL"),
    _card(
        108,
        "Character Assassination",
        (_sc("CA", "NV", "OR", "AZ"), _vs(2, 2), _fc(30), _dt("leaked_memo")),
        "TX NY",
    ),
    _card(109, "Rumor Mill", (_vs(3, 1), _sm(4), _ms("Defense", "Immigration"), _dt("dark_money")), "GA PA"),
    _card(110, "Favorite Son", (_dt("favorite_son"), _fc(30), _sm(3), _vs(2, 2)), "OH IL"),
    _card(
        111, "Dossier", (_sc("IL", "WI", "MI", "MN"), _fc(40), _sm(2), _dt("opposition_research")), "MI VA"
    ),
    _card(112, "Intimidation", (_vs(1, 2), _fc(20), _sm(3), _ms("Family Values", "Defense")), "NC AZ"),
)

"""Campaign Trail for learners: every command it can accept, and the slots of a seat's view.

Actions (in this order): ``KeepCandidate`` (each candidate 0-11); ``PlayCard`` for each card (by number)
and each of its four actions: a Flip Contributors or Sway Minds action once for each target seat, a
Mudslinging action once for each non-empty set of its issues (ascending), any other action once; then
``Move``, ``Place`` and ``Pay`` (each state 0-50), ``Remove`` (each state, each party seat), ``Stop``,
``DebateCard`` and ``PlayResponse`` (each card), ``Choose`` (lose voters, pay) and ``Pass``; then the
commands that take a step at once (rules ruling 17), after the others so that every number above keeps
its command: ``TravelTo`` (each state), ``Sweep`` (each state, then every state a Mudslinging reaches),
``Pay`` (each state, each count 2 up to :data:`AT_ONCE`) and ``Remove`` (each state, each party seat,
each count 2 up to :data:`AT_ONCE`); a count of 1 is the ``Pay`` or ``Remove`` numbered above.
"""

from __future__ import annotations

from itertools import combinations

from domain.choices import Choose, Pass
from domain.games.campaign_trail.cards import FLIP_CONTRIBUTORS, MUDSLINGING, SWAY_MINDS, Kind
from domain.games.campaign_trail.cards.board import ABBREVIATIONS, ISSUES, STATE_COUNT, STATE_ISSUES
from domain.games.campaign_trail.cards.candidates import CANDIDATES
from domain.games.campaign_trail.cards.catalogue import ANSWERING, CARDS
from domain.games.campaign_trail.commands import (
    DebateCard,
    KeepCandidate,
    Move,
    Pay,
    Place,
    PlayCard,
    PlayResponse,
    Remove,
    Stop,
    Sweep,
    TravelTo,
)
from domain.games.campaign_trail.rules.effects import (
    LOSE_VOTERS,
    MUDSLING_PRICE,
    MUDSLING_REMOVES,
    PAY,
    SMEAR_PRICE,
    SMEAR_REMOVES,
)
from domain.games.campaign_trail.views import MONTHS, CampaignTrailView
from domain.messages import Command
from env.layout import SKIP, Cards, Declaration, Fixed, Padded, Vocabulary

VIEW = CampaignTrailView
PLACES = range(STATE_COUNT)
NUMBERS = tuple(sorted(CARDS))
WINDOW_RESPONSES = 8
"""The most responses a reaction window lays out."""
_ACTIONS = tuple(action for card in CARDS.values() for action in card.actions)
AT_ONCE = max(
    SMEAR_PRICE,
    SMEAR_REMOVES,
    *(action.voters for action in _ACTIONS),
    MUDSLING_PRICE * max(len(action.issues) for action in _ACTIONS),
    MUDSLING_REMOVES * max(len(issues) for issues in STATE_ISSUES),
)
"""The most voters one ``Pay`` or ``Remove`` can name: what a Smear Campaign or a Mudslinging costs or
removes from a state at most, or a Voter Suppression removes (8)."""


def _plays(card: int, seats: int) -> list[Command]:
    plays: list[Command] = []
    for index, action in enumerate(CARDS[card].actions):
        if action.kind in (FLIP_CONTRIBUTORS, SWAY_MINDS):
            plays += [PlayCard(card=card, action=index, target=seat) for seat in range(seats)]
        elif action.kind is MUDSLINGING:
            issues = sorted(action.issues)
            plays += [
                PlayCard(card=card, action=index, issues=chosen)
                for size in range(1, len(issues) + 1)
                for chosen in combinations(issues, size)
            ]
        else:
            plays.append(PlayCard(card=card, action=index))
    return plays


def commands(seats: int) -> list[Command]:
    """Every command a seat of ``seats`` can ever send, in the action space's order."""
    return [
        *(KeepCandidate(candidate=candidate.number) for candidate in CANDIDATES),
        *(play for card in NUMBERS for play in _plays(card, seats)),
        *(Move(state=place) for place in PLACES),
        *(Place(state=place) for place in PLACES),
        *(Pay(state=place) for place in PLACES),
        *(Remove(state=place, party=party) for place in PLACES for party in range(seats)),
        Stop(),
        *(DebateCard(card=card) for card in NUMBERS),
        *(PlayResponse(card=card) for card in NUMBERS),
        Choose(option=LOSE_VOTERS),
        Choose(option=PAY),
        Pass(),
        *(TravelTo(state=place) for place in PLACES),
        *(Sweep(state=place) for place in PLACES),
        Sweep(),
        *(Pay(state=place, count=count) for place in PLACES for count in range(2, AT_ONCE + 1)),
        *(
            Remove(state=place, party=party, count=count)
            for place in PLACES
            for party in range(seats)
            for count in range(2, AT_ONCE + 1)
        ),
    ]


def _choice(path: str, seats: int) -> dict[str, Declaration]:
    return {
        f"{path}.seats": Cards(tuple(range(seats))),
        f"{path}.options": Cards((LOSE_VOTERS, PAY)),
        f"{path}.about": Vocabulary(("scandal", "response")),
        f"{path}.deadline": SKIP,  # time is not part of a position
        f"{path}.default": SKIP,  # only the referee uses it, at the deadline
    }


def declarations(seats: int) -> dict[str, Declaration]:
    """How each variable part of the view is laid out at ``seats`` seats."""
    chairs, cards = Cards(tuple(range(seats))), Cards(NUMBERS)
    return {
        "viewer": chairs,
        "month": Vocabulary(("Choosing candidates", *MONTHS)),
        "to_act": chairs,
        "seats": Fixed(seats),
        "seats[].seat": SKIP,  # its place in the tuple says it
        "seats[].party": SKIP,  # a seat's party is its seat's (Democrat, Republican, Libertarian)
        "seats[].candidate": Cards(tuple(candidate.number for candidate in CANDIDATES)),
        "seats[].candidate_name": SKIP,  # the candidate's number says it
        "seats[].home": Vocabulary(("", *ABBREVIATIONS)),
        "seats[].pawn": Vocabulary(("", *ABBREVIATIONS)),
        "seats[].ongoing": cards,
        "seats[].hand:OwnHand.cards": cards,
        "seats[].offer:OwnHand.cards": Cards(tuple(candidate.number for candidate in CANDIDATES)),
        "seats[].advantage": SKIP,  # the words of the candidate's card, which its number says
        "seats[].disadvantage": SKIP,  # likewise
        "states": Fixed(STATE_COUNT),
        "states[].code": SKIP,  # its place in the tuple says it
        "states[].electoral_votes": SKIP,  # printed on the board: the same in every game
        "states[].voters": Fixed(seats),
        "states[].issues": SKIP,  # printed on the board
        "states[].tiebreakers": SKIP,  # printed on the board
        "states[].ethical": SKIP,  # the same at every table of this size
        "states[].name": SKIP,  # its place in the tuple says it
        "electoral_track": Fixed(seats),
        "deck_sizes": Fixed(len(MONTHS) - 1),  # one deck a month
        "discard": cards,
        "removed": cards,
        "pending.kind": Vocabulary(tuple(kind.value for kind in Kind)),
        "pending.card": cards,
        "pending.states": Cards(tuple(PLACES)),
        "pending.quotas": Padded(STATE_COUNT),
        **_choice("choice", seats),
        "debate": cards,
        "winners": chairs,
        "my_cards": SKIP,  # the text of the cards in hand, which their numbers say
        "my_candidates": SKIP,  # the faces of the candidates offered, whose numbers the offer says
        "faces": SKIP,  # the text of the cards face up, which their numbers say
        "candidate_faces": SKIP,  # the omniscient replay's candidates; empty in every seat's view
        "progress": SKIP,  # words for what the pending action's numbers say
        **_choice("window.choice", seats),
        "window.card": cards,
        "window.answers": Vocabulary(tuple(ANSWERING)),
        "window.issues": Cards(tuple(range(len(ISSUES)))),
        "window.responses": Padded(WINDOW_RESPONSES),
    }

"""The twelve candidates (ours: the physical game's list is not public)."""

from __future__ import annotations

from typing import NamedTuple

from domain.games.campaign_trail.cards.board import state


class Candidate(NamedTuple):
    """A candidate: home state, starting war chest ($M) and registered voters, an advantage and a
    disadvantage, each a change to one of :data:`MODIFIERS` (``(modifier, amount)``)."""

    number: int
    name: str
    home: int
    war_chest: int
    registered: int
    advantage: tuple[str, int]
    disadvantage: tuple[str, int]


MODIFIERS = {
    "fundraise": "dollars gained by each Fundraise",
    "register": "voters gained by each Register",
    "campaign": "voters a Campaign may place",
    "travel": "states a Travel may move",
    "advertise": "dollars each Advertise costs",
    "debate": "voters placed in each state of an issue won in a debate",
}

CANDIDATES: tuple[Candidate, ...] = (
    Candidate(0, "Ada Brooks", state("CA"), 40, 6, ("campaign", 2), ("fundraise", -10)),
    Candidate(1, "Ben Cole", state("TX"), 60, 4, ("fundraise", 10), ("register", -1)),
    Candidate(2, "Clara Diaz", state("FL"), 50, 5, ("advertise", -10), ("campaign", -1)),
    Candidate(3, "Dan Ellis", state("NY"), 50, 5, ("register", 1), ("travel", -1)),
    Candidate(4, "Eva Ford", state("GA"), 40, 7, ("travel", 1), ("register", -1)),
    Candidate(5, "Frank Gale", state("OH"), 40, 6, ("register", 1), ("advertise", 10)),
    Candidate(6, "Grace Hill", state("PA"), 50, 4, ("campaign", 1), ("fundraise", -10)),
    Candidate(7, "Hank Ito", state("IL"), 70, 3, ("fundraise", 20), ("campaign", -1)),
    Candidate(8, "Iris Jones", state("MI"), 40, 6, ("register", 1), ("fundraise", -10)),
    Candidate(9, "Jack Kim", state("NC"), 50, 5, ("campaign", 1), ("register", -1)),
    Candidate(10, "Kate Lee", state("VA"), 60, 4, ("advertise", -10), ("travel", -1)),
    Candidate(11, "Luis Moon", state("AZ"), 45, 6, ("travel", 1), ("advertise", 10)),
)
HOME_STATES: tuple[int, ...] = tuple(candidate.home for candidate in CANDIDATES)


_MODIFIERS = {
    (chosen.number, name): sum(
        amount for key, amount in (chosen.advantage, chosen.disadvantage) if key == name
    )
    for chosen in CANDIDATES
    for name in MODIFIERS
}


def modifier(candidate: int, name: str) -> int:
    """How much ``candidate``'s advantage and disadvantage change ``name`` (0 when neither does)."""
    return _MODIFIERS[candidate, name]

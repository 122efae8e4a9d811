"""Seeded random legal play: every game ends, in a bounded number of moves and about 25-40 turns a party."""

from __future__ import annotations

from collections import Counter

from domain.games.campaign_trail.cards import Kind
from domain.games.campaign_trail.cards.catalogue import CARDS, DIRTY_NUMBERS
from domain.games.campaign_trail.commands import PlayCard
from domain.games.campaign_trail.events import CardPlayed
from domain.games.campaign_trail.rules import CampaignTrailOptions
from domain.playout import Step, random_steps
from tests.games.campaign_trail.conftest import GAME

GAMES = 6
MOST_STEPS = 1_500
"""Far below the kernel's stuck-game limit: every action has a bounded number of steps."""


def _turns(seat_count: int, seed: int, dirty_politics: bool = True) -> tuple[Counter[int], Counter[str], int]:
    turns: Counter[int] = Counter()
    kinds: Counter[str] = Counter()
    steps = 0
    for step in random_steps(GAME, seed, seat_count, CampaignTrailOptions(dirty_politics=dirty_politics)):
        if isinstance(step, Step):
            steps += 1
            for event in step.events:
                if isinstance(event, CardPlayed):
                    turns[event.seat] += 1
                    kinds[event.kind] += 1
    return turns, kinds, steps


def test_every_random_game_ends_in_a_bounded_number_of_steps() -> None:
    """Each action has a bounded number of steps and the decks only shrink."""
    for seat_count in (2, 3):
        for seed in range(GAMES):
            assert _turns(seat_count, seed)[2] < MOST_STEPS


def test_a_game_is_about_25_to_40_turns_a_party() -> None:
    """The months' decks are the clock; a response draws from them too, so the parties' turns may differ
    by one: 26-27 turns each at 3 parties, 40 at 2 (23 at 3 without the module) on this seed."""
    assert sorted(_turns(3, 1)[0].values()) == [26, 27, 27]
    assert set(_turns(2, 1)[0].values()) == {40}
    assert set(_turns(3, 1, dirty_politics=False)[0].values()) == {23}


def test_random_play_is_offered_every_kind_of_action() -> None:
    """All twelve kinds come up among the legal plays (random agents seldom smear: the pawn must be there)."""
    offered: set[str] = set()
    for seed in range(4):
        for step in random_steps(GAME, seed, 3):
            if isinstance(step, Step):
                plays = [c for c in GAME.legal_commands(step.before, step.seat) if isinstance(c, PlayCard)]
                offered |= {CARDS[c.card].actions[c.action].kind for c in plays}
    assert offered == set(Kind)


def test_without_the_module_no_dirty_politics_card_is_ever_played() -> None:
    """The option off: its cards are removed before setup."""
    for seed in range(4):
        for step in random_steps(GAME, seed, 3, CampaignTrailOptions(dirty_politics=False)):
            if isinstance(step, Step):
                played = [e.card for e in step.events if isinstance(e, CardPlayed)]
                assert not DIRTY_NUMBERS & set(played)

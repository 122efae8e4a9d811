"""Win rates of Campaign Trail by party and by candidate over seeded random games.

Run: ``.venv/bin/python -m tests.games.campaign_trail.balance --games 2000``. A shared victory counts as a
fraction of a win for each winner; a candidate's rate is its wins over the games it was kept in. The
goal: no party and no candidate above 1.5 times the mean (1 / parties).
"""

from __future__ import annotations

import argparse
from collections import Counter

from domain.games.campaign_trail import CAMPAIGN_TRAIL
from domain.games.campaign_trail.cards.board import PARTY_NAMES
from domain.games.campaign_trail.cards.candidates import CANDIDATES
from domain.playout import play_random_game

GOAL = 1.5


def rates(seat_count: int, games: int) -> tuple[dict[str, float], dict[str, float]]:
    """Win rate by party and by candidate over ``games`` seeded random games."""
    parties: Counter[int] = Counter()
    wins: Counter[int] = Counter()
    kept: Counter[int] = Counter()
    for seed in range(games):
        state, _ = play_random_game(CAMPAIGN_TRAIL, seed, seat_count)
        for winner in state.winners:
            parties[winner] += 1 / len(state.winners)
            wins[state.candidates[winner]] += 1 / len(state.winners)
        kept.update(state.candidates)
    by_party = {PARTY_NAMES[seat]: parties[seat] / games for seat in range(seat_count)}
    by_candidate = {CANDIDATES[c].name: wins[c] / kept[c] for c in sorted(kept)}
    return by_party, by_candidate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    games = parser.parse_args().games
    for seat_count in (2, 3):
        mean = 1 / seat_count
        by_party, by_candidate = rates(seat_count, games)
        print(f"{seat_count} parties, {games} random games (mean win rate {mean:.3f}):")
        for label, table in (("party", by_party), ("candidate", by_candidate)):
            worst = max(table.values()) / mean
            verdict = "ok" if worst <= GOAL else "ABOVE THE GOAL"
            cells = ", ".join(f"{name} {rate:.3f}" for name, rate in table.items())
            print(f"  by {label}: {cells}\n    highest {worst:.2f}x the mean ({verdict}, goal <= {GOAL}x)")


if __name__ == "__main__":
    main()

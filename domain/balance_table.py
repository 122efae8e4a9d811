"""Balance by simulation: seeded games played by simple policies, and what a designer reads off many.

A game's :class:`domain.balance.Balance` says what counts as playing a card, what roles a seat holds
(a leader, a party and a candidate) and which strategies exist. Every other
figure is generic: win rate by seat position, game length in commands, the share of games nobody wins.

Rulings: a shared victory counts as a fraction of a win for each winner (``share_of_win``); a role's
rate is its wins over the seats that held it; "the mean" is the win rate of an average seat in those
games (every share of a win, over every seat of every game), which is ``1 / seats`` when every game
has a winner. In a strategy game one seat (``seed % seats``) plays the strategy and every other seat
plays at random; both draw on the game's one seeded RNG, so a game is a function of its seed. A card
is counted once per game however many times (or copies of it) were played.
"""

from __future__ import annotations

import math
import random
import statistics
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from domain.balance import Policy, at_random
from domain.chance import Context
from domain.game import AnyGame, share_of_win
from domain.playout import MAX_ACTIONS, StuckGame
from domain.referee import decide, fold, start
from domain.seats import Seat

GOAL_RATIO = 1.5
"""No role's win rate may exceed this many times the mean (issues 12 and 13)."""
CARD_FLOOR = 0.01
"""Every card must be played in at least this share of games (issue 12)."""
Z95 = 1.959964


@dataclass(frozen=True, slots=True)
class Record:
    """One finished game as the balance table counts it."""

    shares: tuple[float, ...]
    """Each seat's share of the win."""
    length: int
    """Commands sent."""
    played: frozenset[str]
    roles: tuple[tuple[str, tuple[str, ...]], ...]
    strategy: str = ""
    """The strategy one seat played ("" when every seat played at random)."""
    strategist: int = -1


def strategist(seed: int, seat_count: int) -> Seat:
    """The seat that plays the strategy in the game of ``seed`` (it goes round the table)."""
    return Seat(seed % seat_count)


def play(game: AnyGame, seed: int, seat_count: int, strategy: str = "") -> Record:
    """Play one seeded game (one seat by ``strategy`` if given, the rest at random) and record it."""
    hook = game.balance
    ctx = Context(rng=random.Random(seed))
    state, events = start(game, game.options_type(), seat_count, ctx)
    played = {card for event in events for card in hook.played(event)}
    policies: list[Policy] = [at_random] * seat_count
    if strategy:
        policies[strategist(seed, seat_count)] = hook.strategies[strategy]
    rng, length = ctx.rng, 0
    while not game.is_over(state):
        if length == MAX_ACTIONS:
            raise StuckGame(f"{game.id}: no end after {MAX_ACTIONS} commands (seed {seed})")
        seat = rng.choice(sorted(game.to_act(state)))
        command = policies[seat](state, seat, game.legal_commands(state, seat), rng)
        events = decide(game, state, seat, command, ctx)
        played.update(card for event in events for card in hook.played(event))
        state, length = fold(game, events, state), length + 1
    outcome = game.outcome(state)
    shares = tuple(share_of_win(outcome, seat) for seat in range(seat_count))
    roles = tuple(sorted(hook.roles(state).items()))
    who = strategist(seed, seat_count) if strategy else -1
    return Record(shares, length, frozenset(played), roles, strategy, who)


@dataclass(frozen=True, slots=True)
class Rate:
    """Wins (shares of wins summed) out of games."""

    wins: float
    games: int

    @property
    def rate(self) -> float:
        """The win rate."""
        return self.wins / self.games if self.games else 0.0

    def interval(self) -> tuple[float, float]:
        """The Wilson score interval (95%) around :attr:`rate`."""
        n, p = self.games, self.rate
        if n == 0:
            return 0.0, 1.0
        centre = (p + Z95**2 / (2 * n)) / (1 + Z95**2 / n)
        spread = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / (1 + Z95**2 / n)
        return max(0.0, centre - spread), min(1.0, centre + spread)


@dataclass(frozen=True, slots=True)
class Figures:
    """What many games show: see the module docstring for how each figure is counted."""

    games: int
    seat_count: int
    mean: float
    seats: tuple[Rate, ...]
    length_mean: float
    length_spread: float
    no_winner: float
    cards: tuple[tuple[str, float], ...]
    roles: tuple[tuple[str, tuple[tuple[str, Rate], ...]], ...]
    strategies: tuple[tuple[str, Rate], ...] = ()


def _role_rates(records: Sequence[Record]) -> tuple[tuple[str, tuple[tuple[str, Rate], ...]], ...]:
    """Each kind's roles, ordered by the lowest seat that held them, then by name (parties in seat
    order; leaders and candidates, found at every seat, by name)."""
    wins: dict[str, defaultdict[str, float]] = {}
    held: dict[str, Counter[str]] = {}
    lowest: dict[str, dict[str, int]] = {}
    for record in records:
        for kind, names in record.roles:
            for seat, name in enumerate(names):
                wins.setdefault(kind, defaultdict(float))[name] += record.shares[seat]
                held.setdefault(kind, Counter())[name] += 1
                seen = lowest.setdefault(kind, {})
                seen[name] = min(seen.get(name, seat), seat)
    return tuple(
        (kind, tuple((name, Rate(wins[kind][name], held[kind][name])) for name in _in_order(lowest[kind])))
        for kind in sorted(held)
    )


def _in_order(lowest: dict[str, int]) -> list[str]:
    return sorted(lowest, key=lambda name: (lowest[name], name))


def _strategy_rates(records: Sequence[Record]) -> tuple[tuple[str, Rate], ...]:
    wins: defaultdict[str, float] = defaultdict(float)
    games: Counter[str] = Counter()
    for record in records:
        if record.strategy:
            wins[record.strategy] += record.shares[record.strategist]
            games[record.strategy] += 1
    return tuple((name, Rate(wins[name], games[name])) for name in games)


def figures(records: Sequence[Record], cards: Sequence[str], seat_count: int) -> Figures:
    """The figures over ``records``: random games give every figure; strategy games only their own."""
    randoms = [record for record in records if not record.strategy]
    games = len(randoms)
    lengths = [record.length for record in randoms]
    counted: Counter[str] = Counter(card for record in randoms for card in record.played)
    seats = tuple(Rate(sum(r.shares[seat] for r in randoms), games) for seat in range(seat_count))
    return Figures(
        games=games,
        seat_count=seat_count,
        mean=sum(seat.wins for seat in seats) / (games * seat_count) if games else 0.0,
        seats=seats,
        length_mean=statistics.fmean(lengths) if lengths else 0.0,
        length_spread=statistics.pstdev(lengths) if lengths else 0.0,
        no_winner=sum(1 for r in randoms if not any(r.shares)) / games if games else 0.0,
        cards=tuple((card, counted[card] / games if games else 0.0) for card in dict.fromkeys(cards)),
        roles=_role_rates(randoms),
        strategies=_strategy_rates(records),
    )


@dataclass(frozen=True, slots=True)
class Goal:
    """One goal line: what it asks, whether it is met, and the figure that decides it."""

    text: str
    met: bool
    detail: str


def goals(found: Figures) -> list[Goal]:
    """Each role kind's goal (none above 1.5x the mean) and, when the game has cards, the card goal."""
    lines = []
    for kind, rates in found.roles:
        name, worst = max(rates, key=lambda pair: pair[1].rate)
        ratio = worst.rate / found.mean if found.mean else math.inf
        text = f"no {kind} above {GOAL_RATIO}x the mean win rate"
        lines.append(Goal(text, ratio <= GOAL_RATIO, f"highest: {name}, {ratio:.2f}x"))
    if found.cards:
        card, share = min(found.cards, key=lambda pair: pair[1])
        text = f"every card played in at least {CARD_FLOOR:.0%} of games"
        lines.append(Goal(text, share >= CARD_FLOOR, f"least: {card}, {share:.1%}"))
    return lines

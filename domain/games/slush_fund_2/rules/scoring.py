"""Scoring: who bought each politician, what it is worth after journalists, and the deck penalty."""

from __future__ import annotations

import msgspec

from domain.games.slush_fund_2.cards import MAX_JOURNALISTS, PENALTY_CARDS, SEAT_COUNT, VALUE
from domain.games.slush_fund_2.state import Over, State


class Score(msgspec.Struct, frozen=True, kw_only=True):
    """The score sheet of a finished game (public once the game is over)."""

    totals: tuple[tuple[int, ...], ...]
    """Millions contributed, by seat then politician."""
    won: tuple[int | None, ...]
    """The seat that won each politician, ``None`` on a tie."""
    worth: tuple[int, ...]
    """Each politician's VPs after journalists."""
    penalties: tuple[int, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    tiebreak: str = ""


HIGHER_BASE = "won the politician with the higher base value"
SHARED = "tied on VPs and on the politicians won"


def worth(table: State, politician: int) -> int:
    """The VPs a politician gives: one step down its ladder per journalist, 0 with three."""
    count = len(table.journalists[politician])
    return 0 if count >= MAX_JOURNALISTS else table.ladders[politician][count]


def totals(table: State) -> tuple[tuple[int, ...], ...]:
    """Millions each seat contributed to each politician, legal and illegal alike."""
    return tuple(
        tuple(sum(VALUE[contribution.card] for contribution in side) for side in table.sides[seat])
        for seat in range(SEAT_COUNT)
    )


def winner_of(money: tuple[tuple[int, ...], ...], politician: int) -> int | None:
    """The seat with the most money at a politician; ``None`` on a tie."""
    red, blue = money[0][politician], money[1][politician]
    return None if red == blue else (0 if red > blue else 1)


def score(table: State) -> Score:
    """The final score: VPs of the politicians won, less a VP per three cards left in one's deck."""
    money = totals(table)
    won = tuple(winner_of(money, politician) for politician in range(len(table.ladders)))
    penalties = tuple(table.decks[seat].count // PENALTY_CARDS for seat in range(SEAT_COUNT))
    values = tuple(worth(table, p) for p in range(len(table.ladders)))
    scores = tuple(
        sum(values[p] for p, seat_won in enumerate(won) if seat_won == seat) - penalties[seat]
        for seat in range(SEAT_COUNT)
    )
    winners, tiebreak = _winners(table, scores, won)
    return Score(
        totals=money,
        won=won,
        worth=values,
        penalties=penalties,
        scores=scores,
        winners=winners,
        tiebreak=tiebreak,
    )


def _winners(
    table: State, scores: tuple[int, ...], won: tuple[int | None, ...]
) -> tuple[tuple[int, ...], str]:
    """Most VPs wins; if tied, whoever won the politician with the higher base value."""
    if scores[0] != scores[1]:
        return ((0,) if scores[0] > scores[1] else (1,)), ""
    bases = [
        sorted((table.ladders[p][0] for p, seat_won in enumerate(won) if seat_won == seat), reverse=True)
        for seat in range(SEAT_COUNT)
    ]
    if bases[0] == bases[1]:
        return (0, 1), SHARED
    return ((0,) if bases[0] > bases[1] else (1,)), HIGHER_BASE


WIN_BONUS = 10
"""What winning is worth to a bot's evaluation, beside the VP margin."""


def evaluate(table: State, seat: int) -> float:
    """A position for bots: the VP margin if the game were scored now, plus the win once it is over."""
    result = score(table)
    margin = result.scores[seat] - result.scores[1 - seat]
    won = WIN_BONUS / len(result.winners) if isinstance(table.step, Over) and seat in result.winners else 0
    return float(margin + won)

"""Forfeit on time: a table rule, the same for every game, decided and folded by the table alone.

The rules of a forfeit
----------------------
1. A table whose clock rule is ``timeout: forfeit`` does not play a move for a seat whose time runs
   out: the referee records that the seat forfeits (:class:`~domain.table.events.SeatForfeited`).
   Seats whose time has run out when the referee acts forfeit together, in that one act (one event
   a seat, lowest seat first, each after the first marked ``together``).
2. A forfeited seat is out of the game: it can never win, and its player may send nothing more to
   the game (``table/forfeited``), not even a take-back or a return to the seat.
3. When fewer than two seats are left in the game, the game is over at once: the one seat left wins
   (in a 2-player game, the opponent of the seat that forfeited); when none is left (every seat still
   in ran out of time together) nobody wins. Its outcome has every score 0 (the game was not scored)
   and ranks the winner first, then the forfeited seats, the latest to forfeit first (it lasted
   longest), the seats that forfeited in one act sharing a place; ``tiebreak`` says who forfeited.
4. With two or more seats left the game goes on, a bot (ISMCTS, level 1) playing the forfeited seat
   so that every other seat still plays the game it sat down to (the table records the stand-in, as
   when a player leaves). When the game ends by its own rules, its outcome stands with the forfeited
   seats taken out of their places and ranked last, grouped as in rule 3; if every winner had
   forfeited, the best group left wins.

The game's own state never learns of a forfeit; :func:`over`, :func:`outcome` and :func:`to_act`
read the table and the game together, and every read path (views, summaries, feeds, the watch, the
write side) asks them rather than the game alone.
"""

from __future__ import annotations

from typing import Any

from domain.bots import BotSpec
from domain.errors import RuleError
from domain.game import AnyGame
from domain.messages import Outcome
from domain.seats import Seat
from domain.table.events import SeatForfeited
from domain.table.state import TableState

FORFEIT_BOT = BotSpec(policy="ismcts", level=1)
"""Who plays a forfeited seat while the others play on (rule 4)."""


class Forfeited(RuleError):
    """Raised when the player of a seat that forfeited on time sends a command to the game."""

    code = "table/forfeited"


def left_in(table: TableState) -> list[int]:
    """The seats still in the game (not forfeited), in seating order."""
    return [seat for seat in range(len(table.seat_names)) if seat not in table.forfeited]


def acts(table: TableState) -> list[tuple[int, ...]]:
    """The forfeited seats grouped by the referee act that forfeited them, in the order of the acts."""
    grouped: list[tuple[int, ...]] = []
    for seat in table.forfeited:
        if grouped and seat in table.forfeited_together:
            grouped[-1] = (*grouped[-1], seat)
        else:
            grouped.append((seat,))
    return grouped


def ended_by_forfeit(table: TableState) -> bool:
    """Rule 3: fewer than two seats are left in the game."""
    return bool(table.forfeited) and len(left_in(table)) < 2


def over(game: AnyGame, table: TableState) -> bool:
    """True once the game has been set up and has ended, by its own rules or by forfeit."""
    return table.started and (ended_by_forfeit(table) or game.is_over(table.game_state))


def to_act(game: AnyGame, table: TableState) -> frozenset[Seat]:
    """The seats the game waits for (none before setup or once over)."""
    if not table.started or ended_by_forfeit(table):
        return frozenset()
    waiting: frozenset[Seat] = game.to_act(table.game_state)
    return waiting


def outcome(game: AnyGame, table: TableState) -> Outcome | None:
    """How the game ended (rules 3 and 4), ``None`` while it goes on."""
    if not table.started:
        return None
    last = tuple(reversed(acts(table)))  # the latest act first; one act's seats share a place
    if ended_by_forfeit(table):
        winners = tuple(left_in(table))
        return Outcome(
            scores=(0,) * len(table.seat_names),
            ranking=(winners, *last) if winners else last,
            winners=winners,
            tiebreak=_told(table),
        )
    played: Outcome | None = game.outcome(table.game_state)
    if played is None or not table.forfeited:
        return played
    return _ranked_last(played, table, last)


def _ranked_last(played: Outcome, table: TableState, last: tuple[tuple[int, ...], ...]) -> Outcome:
    """The game's own outcome with the forfeited seats taken out of their places and put last."""
    out = set(table.forfeited)
    groups = [tuple(s for s in group if s not in out) for group in played.ranking]
    kept = tuple(group for group, was in zip(groups, played.ranking, strict=True) if group or not was)
    winners = tuple(seat for seat in played.winners if seat not in out)
    if played.winners and not winners:  # every winner forfeited: the best group left wins
        winners = next((group for group in kept if group), ())
        kept = tuple(group for group in kept if group)
    tiebreak = "; ".join(part for part in (played.tiebreak, _told(table)) if part)
    return Outcome(scores=played.scores, ranking=(*kept, *last), winners=winners, tiebreak=tiebreak)


def _told(table: TableState) -> str:
    seats = ", ".join(f"seat {seat}" for seat in table.forfeited)
    return f"forfeited on time: {seats}"


def refuse(table: TableState, seat: Seat, ctx: Any) -> None:
    """Rule 2: a forfeited seat's player sends nothing more (its bot, rule 4, plays on)."""
    if seat in table.forfeited and not ctx.bot:
        raise Forfeited("This seat forfeited on time: it is out of the game.")


def forfeit(table: TableState, seat: Seat, ctx: Any, together: bool = False) -> SeatForfeited:
    """The referee's event: ``seat`` forfeits on time (rule 1; ``together``: in the same act as the
    seat forfeited just before it)."""
    return SeatForfeited(
        **ctx.stamp(table.version + 1, None),
        forfeiter=seat,
        together=together,
    )


def played_on(table: TableState) -> bool:
    """Rule 4: after a forfeit, the game goes on (a bot plays the seat) unless it ended (rule 3)."""
    return not ended_by_forfeit(table)

"""``backroom bots duel GAME``: the strength table (win rates with 95% intervals, time per move)."""

from __future__ import annotations

import time
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import track
from rich.table import Table

from api.simulate import GameArgument, _game
from domain.bots import BotSpec
from domain.bots.duel import Clock, Duel, Tally, play_game

bots = typer.Typer(help="Bots: strength duels.", no_args_is_help=True)
console = Console(width=120)

PAIRINGS = {
    "ismcts-random": (BotSpec(policy="ismcts"), BotSpec(policy="random")),
    "ismcts-greedy": (BotSpec(policy="ismcts"), BotSpec(policy="greedy", level=2)),
    "greedy-random": (BotSpec(policy="greedy", level=2), BotSpec(policy="random")),
}

COLUMNS = ("first vs the rest", "first's wins", "95% interval", "its share", "ms/move", "rest ms/move")


@bots.command("duel")
def duel(  # noqa: PLR0917  (Typer maps each parameter to a command-line option)
    game_id: GameArgument,
    games: Annotated[int, typer.Option(min=1, help="games per pairing")] = 100,
    players: Annotated[int | None, typer.Option(help="seat count (default: the game's minimum)")] = None,
    ms: Annotated[float, typer.Option(min=1, help="thinking time per move, in milliseconds")] = 100,
    pairing: Annotated[list[str] | None, typer.Option(help=f"one of {', '.join(PAIRINGS)}")] = None,
    wall: Annotated[bool, typer.Option(help="time by the wall clock, not CPU time")] = False,
) -> None:
    """Play each pairing's first bot at one seat against the second at every other seat, and tabulate."""
    game = _game(game_id)
    seats = players or game.min_seats
    if not game.min_seats <= seats <= game.max_seats:
        raise typer.BadParameter(f"{game.title} is for {game.min_seats} to {game.max_seats} players")
    chosen = pairing or list(PAIRINGS)
    unknown = [name for name in chosen if name not in PAIRINGS]
    if unknown:
        raise typer.BadParameter(f"unknown pairing {unknown[0]!r}; choose from {', '.join(PAIRINGS)}")
    clock = time.perf_counter if wall else time.process_time
    kind = "wall-clock" if wall else "CPU"
    table = Table(title=f"{game.title}, {seats} seats, {games} games a pairing, {ms:g} ms ({kind}) a move")
    for column in COLUMNS:
        table.add_column(column)
    for name in chosen:
        a, b = PAIRINGS[name]
        tally = _play(Duel(game, seats, a, b, ms / 1000), games, name, clock)
        low, high = tally.interval()
        table.add_row(
            name.replace("-", " vs "),
            f"{tally.rate():.1%}",
            f"{low:.1%} to {high:.1%}",
            f"{1 / seats:.1%}",
            f"{tally.per_move('a') * 1000:.1f}",
            f"{tally.per_move('b') * 1000:.1f}",
        )
    console.print(table)


def _play(duel: Duel, games: int, name: str, clock: Clock) -> Tally:
    tally = Tally()
    for number in track(range(games), description=name, console=console, transient=True):
        play_game(duel, number, clock, tally)
    return tally

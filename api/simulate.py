"""``backroom simulate``: seeded random games, printed as a readable log or summarised."""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import track

from domain.game import GameDefinition
from domain.games import registered
from domain.playout import Step, random_steps
from domain.referee import fold, tell
from domain.seats import OMNISCIENT

LOG_LIMIT = 1
"""Games whose every event is printed; beyond this only outcomes are printed."""

console = Console()


def _ids() -> list[str]:
    return list(registered())


GameArgument = Annotated[
    str, typer.Argument(metavar="GAME", help=f"one of {', '.join(_ids())}", autocompletion=_ids)
]
"""A command's game, by its id: the help and the shell's completion list every game there is."""


def _game(game_id: str) -> GameDefinition[Any, Any, Any, Any]:
    games = registered()
    if game_id not in games:
        raise typer.BadParameter(f"unknown game {game_id!r}; choose from {', '.join(sorted(games))}")
    return games[game_id]


def _play(game: GameDefinition[Any, Any, Any, Any], seed: int, players: int, log: bool) -> Any:
    state: Any = None
    for step in random_steps(game, seed, players):
        events = step if isinstance(step, list) else step.events
        state = fold(game, events) if isinstance(step, list) else step.after
        if log:
            prefix = f"seat {step.seat}: " if isinstance(step, Step) else "setup: "
            for event in events:
                console.print(prefix + tell(game, event, OMNISCIENT)[1], highlight=False)
    return state


def simulate(
    game_id: GameArgument,
    seed: Annotated[int, typer.Option(help="seed of the first game")] = 0,
    games: Annotated[int, typer.Option(min=1, help="how many games (seeds seed, seed+1, ...)")] = 1,
    players: Annotated[int | None, typer.Option(help="seat count (default: the game's minimum)")] = None,
) -> None:
    """Play seeded random games by legal commands and print the log and the outcome."""
    game = _game(game_id)
    seat_count = players or game.min_seats
    if not game.min_seats <= seat_count <= game.max_seats:
        raise typer.BadParameter(f"{game.title} is for {game.min_seats} to {game.max_seats} players")
    seeds = range(seed, seed + games)
    for number in track(seeds, description="Playing", console=console) if games > 1 else seeds:
        outcome = game.outcome(_play(game, number, seat_count, log=games <= LOG_LIMIT))
        assert outcome is not None
        console.print(
            f"game {number}: scores {list(outcome.scores)}, winners {list(outcome.winners)}"
            + (f" ({outcome.tiebreak})" if outcome.tiebreak else ""),
            highlight=False,
        )

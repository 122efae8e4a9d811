"""Print a game's documented spaces: every action number with its command, every observation slot.

Run: ``python -m env.describe GAME SEATS`` (``--actions`` or ``--slots`` for one of the two).
"""

from __future__ import annotations

import argparse

import msgspec

from env.environment import BackroomEnv


def lines(game: str, seats: int, actions: bool = True, slots: bool = True) -> list[str]:
    """The listing: ``action N: {command as JSON}`` lines, then ``slot N: name`` lines."""
    env = BackroomEnv(game, seats)
    listed = []
    if actions:
        listed += [
            f"action {number}: {msgspec.json.encode(command).decode()}"
            for number, command in enumerate(env.actions.commands)
        ]
    if slots:
        listed += [f"slot {number}: {name}" for number, name in enumerate(env.layout.slots())]
    return listed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game")
    parser.add_argument("seats", type=int)
    parser.add_argument("--actions", action="store_true", help="only the actions")
    parser.add_argument("--slots", action="store_true", help="only the observation's slots")
    args = parser.parse_args()
    both = not (args.actions or args.slots)
    print("\n".join(lines(args.game, args.seats, both or args.actions, both or args.slots)))


if __name__ == "__main__":
    main()

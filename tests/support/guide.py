"""The new-game guide's game, written out of ``docs/new-game.md`` as a designer following it would.

Every fenced block of the guide headed ``file=<path>`` is one file of the game; written into a folder
laid out like this repository, that folder on the Python path adds the game to Backroom.
"""

from __future__ import annotations

import re
from pathlib import Path

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "new-game.md"
BLOCK = re.compile(r"^```\w+ file=(?P<path>\S+)\n(?P<text>.*?)^```$", re.MULTILINE | re.DOTALL)
GAME_ID = "showdown"
"""The id of the guide's game."""


def files() -> dict[str, str]:
    """Each file the guide writes out, by its path in the repository's layout."""
    return {found["path"]: found["text"] for found in BLOCK.finditer(GUIDE.read_text(encoding="utf-8"))}


def write_the_guides_game(folder: Path) -> Path:
    """Write the guide's files under ``folder`` (put ``folder`` on the Python path to add the game)."""
    for path, text in files().items():
        target = folder / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    return folder

"""Every stylesheet the pages load closes each brace it opens.

A browser forgives a missing ``}`` at the end of a file by closing the block there, so an unclosed
``@media`` makes every rule after it apply only on phones and nothing looks broken on the screen one
tests on (issue 43: a merge dropped the brace closing a phone block, and the desktop lost the rules
that followed it). Braces inside comments and strings are not counted.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[2] / "api" / "web" / "static"
SHEETS = sorted(path for path in STATIC.rglob("*.css") if "vendor" not in path.relative_to(STATIC).parts)
NOT_CODE = re.compile(r"""/\*.*?\*/|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'""", re.DOTALL)


def unclosed(css: str) -> list[str]:
    """Where the braces of ``css`` go wrong: each ``}`` with nothing to close, and each ``{`` never closed."""
    code = NOT_CODE.sub(lambda found: re.sub(r"[^\n]", " ", found.group()), css)  # lines stay where they were
    opened: list[int] = []
    wrong = []
    for line, text in enumerate(code.splitlines(), start=1):
        for character in text:
            if character == "{":
                opened.append(line)
            elif character == "}" and opened:
                opened.pop()
            elif character == "}":
                wrong.append(f"line {line}: '}}' closes nothing")
    return wrong + [f"line {line}: '{{' is never closed" for line in opened]


def test_the_check_finds_a_block_left_open_and_ignores_braces_in_comments_and_strings() -> None:
    """The check itself: an unclosed ``@media`` is found, a stray ``}`` is found, a quoted one is not."""
    assert unclosed("@media (max-width: 800px) {\n  .a { color: red; }\n.b { color: blue; }\n") == [
        "line 1: '{' is never closed"
    ]
    assert unclosed(".a { color: red; } }") == ["line 1: '}' closes nothing"]
    assert unclosed('/* { */ .a::after { content: "}"; } .b { content: \'{\'; }') == []


def test_there_are_stylesheets_to_check() -> None:
    """The shared stylesheet is among those found."""
    assert STATIC / "app.css" in SHEETS


@pytest.mark.parametrize("sheet", SHEETS, ids=[str(sheet.relative_to(STATIC)) for sheet in SHEETS])
def test_every_brace_a_stylesheet_opens_is_closed(sheet: Path) -> None:
    """Each ``{`` in the file has its ``}``, in order, outside comments and strings."""
    assert unclosed(sheet.read_text(encoding="utf-8")) == []

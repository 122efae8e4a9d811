"""Small parts (issue 43): no function of ours, Python or JavaScript, runs over 50 lines; one
``AnyGame``; every game defined with its own types."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.architecture.lengths import ROOT, Function, js_files, js_functions, python_files, python_functions

LONGEST = 50


def _too_long(found: list[Function]) -> set[str]:
    return {f"{f.path}:{f.name}" for f in found if f.lines > LONGEST}


def test_no_python_function_runs_over_50_lines() -> None:
    """A function over 50 lines does several things; each gets its own, named for what it does."""
    long = _too_long([f for path in python_files() for f in python_functions(path)])
    assert not long, sorted(long)


def test_no_page_function_runs_over_50_lines() -> None:
    """The pages' scripts too (not the vendored ones): components, hooks, arrows and methods."""
    long = _too_long([f for path in js_files() for f in js_functions(path)])
    assert not long, sorted(long)


SCRIPT = """\
// a comment with a function(x) { in it
export function Page({ items }) {
  const pattern = /[}{]/g;
  return html`<ul>${items.map((item) => html`<li>{${item}}</li>`)}</ul>
    ${"}"}`;
}
const pick = (wanted) => (wanted ? (c) => c === wanted
  : (c) => c !== null);
class Seat {
  label(name) {
    return `seat ${name}`;
  }
}
async function* lines(body) {
  yield body;
}
"""


def test_the_measure_reads_templates_regexes_and_every_kind_of_function(tmp_path: Path) -> None:
    """An arrow inside a template, a regex or string holding braces, concise arrows inside a ternary,
    a method and a generator are each measured once, from their first line to their last."""
    script = tmp_path / "page.js"
    script.write_text(SCRIPT)
    found = [(f.name, f.line, f.lines) for f in js_functions(script, root=tmp_path)]
    assert found == [
        ("Page", 2, 5),
        ("(anonymous)", 4, 1),
        ("pick", 7, 2),
        ("(anonymous)", 7, 1),
        ("(anonymous)", 8, 1),
        ("label", 10, 3),
        ("lines", 14, 3),
    ]


def _python_sources() -> list[Path]:
    return python_files() + sorted((ROOT / "tests").rglob("*.py"))


def test_any_game_is_declared_once_beside_the_game_definition() -> None:
    """``AnyGame`` lives in ``domain/game.py``; every other module imports it."""
    declared = [
        str(path.relative_to(ROOT))
        for path in _python_sources()
        for node in ast.parse(path.read_text()).body
        if isinstance(node, ast.Assign | ast.AnnAssign)
        and any(isinstance(t, ast.Name) and t.id == "AnyGame" for t in _targets(node))
    ]
    assert declared == ["domain/game.py"], declared


def test_every_game_is_defined_with_its_own_types() -> None:
    """A game's definition names its State, Commands, Events and Options, never ``Any``."""
    for package in sorted((ROOT / "domain" / "games").glob("*/__init__.py")):
        for node in ast.walk(ast.parse(package.read_text())):
            if isinstance(node, ast.Subscript) and ast.unparse(node.value) == "GameDefinition":
                assert "Any" not in ast.unparse(node.slice), f"{package.parent.name}: {ast.unparse(node)}"


def _targets(node: ast.Assign | ast.AnnAssign) -> list[ast.expr]:
    return node.targets if isinstance(node, ast.Assign) else [node.target]

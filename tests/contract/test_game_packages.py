"""Every game package has the same files for the same roles (STYLE.md, principle 15).

A game whose rules need several modules puts them in a ``rules/`` subpackage (and its card data in a
``cards/`` one) rather than inventing new top-level names.
"""

from __future__ import annotations

import inspect
import typing
from pathlib import Path
from typing import Any

import msgspec
import pytest

import domain.games
from domain.game import AnyGame, GameDefinition

GAMES = Path(domain.games.__file__).parent
ROLES = (
    "__init__",
    "balance",
    "cards",
    "commands",
    "describe",
    "events",
    "evolve",
    "resample",
    "rules",
    "state",
    "takebacks",
    "views",
)
"""The role every game fills, each as a module or (``rules``, ``cards`` only) a subpackage."""
SPLITTABLE = ("rules", "cards")


def _packages() -> list[Path]:
    return sorted(path for path in GAMES.iterdir() if (path / "__init__.py").exists())


def _roles(package: Path) -> list[str]:
    modules = [path.stem for path in package.glob("*.py")]
    subpackages = [path.name for path in package.iterdir() if (path / "__init__.py").exists()]
    return sorted([*modules, *subpackages])


def test_there_are_game_packages_to_check() -> None:
    """The check below runs over something: both built-in games are packages here."""
    assert {path.name for path in _packages()} >= {"politrickers", "slush_fund_2"}


@pytest.mark.parametrize("package", _packages(), ids=lambda path: path.name)
def test_every_game_package_holds_exactly_the_role_files(package: Path) -> None:
    """Same role, same file name, in every game: no role is missing and no other name is invented."""
    assert _roles(package) == sorted(ROLES)
    for name in _roles(package):
        if (package / name).is_dir():
            assert name in SPLITTABLE, f"{package.name}/{name}/ is not a role that may be split"


@pytest.mark.parametrize("package", _packages(), ids=lambda path: path.name)
def test_game_modules_import_their_own_game_by_absolute_path(package: Path) -> None:
    """One import style everywhere: ``from domain.games.<game>.x import ...``, never a relative import."""
    for path in package.rglob("*.py"):
        relative = [line for line in path.read_text().splitlines() if line.startswith("from .")]
        assert relative == [], f"{path.relative_to(GAMES)} imports relatively: {relative}"


def _tagged(union: object) -> list[type]:
    found: list[type] = []
    for kind in typing.get_args(union) or (union,):
        if (
            isinstance(kind, type)
            and issubclass(kind, msgspec.Struct)
            and kind.__struct_config__.tag is not None
        ):
            found.append(kind)
    return found


def test_every_stored_struct_names_its_tag_explicitly(game: AnyGame) -> None:
    """Events, commands and states are storage formats: each tagged one spells its tag out."""
    kinds = [*_tagged(game.events), *_tagged(game.commands), *_tagged(game.states)]
    for state in _tagged(game.states) or typing.get_args(game.states) or (game.states,):
        for field in msgspec.structs.fields(state):
            kinds += _tagged(field.type)
    assert kinds
    for kind in kinds:
        tag = kind.__struct_config__.tag  # type: ignore[attr-defined]
        header = inspect.getsource(kind).split(":\n", 1)[0]
        assert f'tag="{tag}"' in header, f"{kind.__name__} does not spell out tag={tag!r}"


UNIONS = {"state": "State", "commands": "Commands", "events": "Events"}
"""The one name each game gives its state, its command union and its event union, in their modules."""


@pytest.mark.parametrize("package", _packages(), ids=lambda path: path.name)
def test_every_game_names_its_state_commands_and_events_alike(package: Path) -> None:
    """``state.State``, ``commands.Commands``, ``events.Events`` in every game; its definition uses them."""
    found = {role: getattr(_module(package, role), name, None) for role, name in UNIONS.items()}
    assert None not in found.values(), f"{package.name} lacks one of {UNIONS}: {found}"
    names = vars(_module(package, "__init__")).values()
    definitions = {id(value): value for value in names if isinstance(value, GameDefinition)}
    assert len(definitions) == 1
    (definition,) = definitions.values()
    assert _module(package, "__init__").GAME is definition, "the registry finds a game's definition as GAME"
    assert definition.states == found["state"]
    assert definition.commands == found["commands"]
    assert definition.events == found["events"]


def _module(package: Path, role: str) -> Any:
    import importlib

    name = f"domain.games.{package.name}" + ("" if role == "__init__" else f".{role}")
    return importlib.import_module(name)

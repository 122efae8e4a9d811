"""What ``pyproject.toml`` declares, held against what ``uv.lock`` pins (docs/dependencies.md).

uv itself refuses a stale lock at install time (``uv sync --locked``); this says *how* the two disagree,
in a sentence a maintainer can act on, without a network or a resolver.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name
from packaging.version import Version

Key = tuple[str, frozenset[str], SpecifierSet, str]


def disagreements(pyproject: dict[str, Any], lock: dict[str, Any]) -> list[str]:
    """Every way the lock fails the declarations, one sentence each; none when the two agree."""
    pinned: dict[str, list[Version]] = {}
    for package in lock["package"]:
        pinned.setdefault(canonicalize_name(package["name"]), []).append(Version(package["version"]))
    declared = list(_declared(pyproject))
    problems = []
    for requirement in declared:
        versions = pinned.get(canonicalize_name(requirement.name), [])
        if not versions:
            problems.append(f"pyproject.toml declares {requirement}, and uv.lock has no {requirement.name}")
        problems.extend(
            f"uv.lock pins {requirement.name} {version}, outside {requirement.specifier} "
            "that pyproject.toml declares"
            for version in versions
            if not requirement.specifier.contains(version, prereleases=True)
        )
    recorded = _recorded(lock, pyproject["project"]["name"])
    ours = {_key(requirement) for requirement in declared}
    gone, added = recorded - ours, ours - recorded
    problems.extend(f"uv.lock was made from {_said(key)}, pyproject.toml declares otherwise" for key in gone)
    problems.extend(f"pyproject.toml declares {_said(key)} since uv.lock was made" for key in added)
    constraints = pyproject.get("tool", {}).get("uv", {}).get("build-constraint-dependencies", [])
    made_with = lock.get("manifest", {}).get("build-constraints", [])
    if {_key(Requirement(line)) for line in constraints} != {_entry(entry) for entry in made_with}:
        problems.append("uv.lock was made with other build constraints than pyproject.toml's [tool.uv]")
    return problems


def _declared(pyproject: dict[str, Any]) -> Iterator[Requirement]:
    """The project's dependencies and each extra's, an extra's with its marker as uv records it."""
    project = pyproject["project"]
    yield from map(Requirement, project.get("dependencies", []))
    for extra, lines in project.get("optional-dependencies", {}).items():
        for line in lines:
            requirement = Requirement(line)
            own = f"({requirement.marker}) and " if requirement.marker else ""
            requirement.marker = Marker(f"{own}extra == '{extra}'")
            yield requirement


def _recorded(lock: dict[str, Any], project: str) -> set[Key]:
    """What the lock's entry for the project says it was resolved from."""
    for package in lock["package"]:
        if canonicalize_name(package["name"]) == canonicalize_name(project):
            return {_entry(entry) for entry in package.get("metadata", {}).get("requires-dist", [])}
    return set()


def _key(requirement: Requirement) -> Key:
    marker = str(requirement.marker) if requirement.marker else ""
    extras = frozenset(requirement.extras)
    return canonicalize_name(requirement.name), extras, requirement.specifier, marker


def _entry(entry: dict[str, Any]) -> Key:
    marker = str(Marker(entry["marker"])) if "marker" in entry else ""
    extras = frozenset(entry.get("extras", ()))
    return canonicalize_name(entry["name"]), extras, SpecifierSet(entry.get("specifier", "")), marker


def _said(key: Key) -> str:
    name, extras, specifier, marker = key
    listed = f"[{','.join(sorted(extras))}]" if extras else ""
    return f"{name}{listed}{specifier}" + (f" ; {marker}" if marker else "")

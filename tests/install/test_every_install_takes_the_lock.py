"""One lock for every install (docs/dependencies.md): ``uv.lock`` agrees with ``pyproject.toml``, the
environment the suite runs in is exactly the lock, and the README, ``.ci/run`` and the image install
from it and from nothing else."""

from __future__ import annotations

import copy
import re
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

from packaging.requirements import Requirement

from tests.install.declared import disagreements

ROOT = Path(__file__).resolve().parents[2]
UV = Path(sys.executable).with_name("uv")
BOOTSTRAP = "pip install -q --require-hashes -r deploy/uv.txt"


def _pyproject() -> dict[str, Any]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())


def _lock() -> dict[str, Any]:
    return tomllib.loads((ROOT / "uv.lock").read_text())


def _readme_command(heading: str) -> str:
    """The one shell command in the README's section under ``heading``."""
    section = (ROOT / "README.md").read_text().split(f"## {heading}\n", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```sh\n(.*?)\n```", section, flags=re.DOTALL)
    assert len(blocks) == 1, f"one command under {heading!r}"
    return blocks[0]


def test_the_lock_pins_every_declared_dependency_within_its_range() -> None:
    """Every dependency of the service and the test extra is in uv.lock, at a version its range admits,
    and the lock was made from today's declarations."""
    problems = disagreements(_pyproject(), _lock())
    assert not problems, "\n".join([*problems, "Refresh the lock: .ci/upgrade (docs/dependencies.md)"])


def test_a_dependency_missing_from_the_lock_is_named() -> None:
    """A package declared but never locked (added to pyproject.toml without refreshing) is reported."""
    pyproject = _pyproject()
    pyproject["project"]["optional-dependencies"]["test"].append("six>=1.16")
    problems = disagreements(pyproject, _lock())
    assert 'pyproject.toml declares six>=1.16; extra == "test", and uv.lock has no six' in problems
    assert 'pyproject.toml declares six>=1.16 ; extra == "test" since uv.lock was made' in problems


def _declaring(pyproject: dict[str, Any], name: str, line: str) -> str:
    """Replace the service dependency ``name`` by ``line``; the declaration it had."""
    dependencies = pyproject["project"]["dependencies"]
    (index,) = [i for i, each in enumerate(dependencies) if Requirement(each).name == name]
    dependencies[index], declared = line, dependencies[index]
    return str(Requirement(declared).specifier)


def _locked(name: str) -> str:
    return next(package["version"] for package in _lock()["package"] if package["name"] == name)


def test_a_pin_outside_its_declared_range_is_named() -> None:
    """A range moved past the locked version (here redis above it) is reported with both numbers."""
    pyproject = _pyproject()
    _declaring(pyproject, "redis", f"redis>{_locked('redis')}")
    assert (
        f"uv.lock pins redis {_locked('redis')}, outside >{_locked('redis')} that pyproject.toml declares"
        in disagreements(pyproject, _lock())
    )


def test_a_range_changed_since_locking_is_named_even_when_the_pin_still_fits() -> None:
    """Widening a range keeps the pin inside it, but the lock no longer says what was declared:
    ``uv sync --locked`` would refuse it, so the suite says so first."""
    pyproject = _pyproject()
    was = _declaring(pyproject, "redis", "redis>=0")
    assert disagreements(pyproject, _lock()) == [
        f"uv.lock was made from redis{was}, pyproject.toml declares otherwise",
        "pyproject.toml declares redis>=0 since uv.lock was made",
    ]


def test_a_lock_without_a_declared_package_is_named() -> None:
    """A lock from which a declared package was taken out (by hand, or another project's) is reported."""
    lock = copy.deepcopy(_lock())
    lock["package"] = [package for package in lock["package"] if package["name"] != "msgspec"]
    declared = next(line for line in _pyproject()["project"]["dependencies"] if line.startswith("msgspec"))
    assert f"pyproject.toml declares {Requirement(declared)}, and uv.lock has no msgspec" in disagreements(
        _pyproject(), lock
    )


def test_the_environment_the_suite_runs_in_is_exactly_the_lock() -> None:
    """uv's own check: syncing this environment to the lock (service and test extra) would change
    nothing, no package missing, none at another version, none the lock does not name."""
    done = subprocess.run(
        [str(UV), "sync", "--frozen", "--offline", "--extra", "test", "--check"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Would make no changes" in done.stderr


def test_the_readme_installs_only_from_the_lock_to_run_and_to_test() -> None:
    """Both README commands bootstrap uv from its hashed pin and then sync exactly the lock; neither
    installs a package any other way."""
    run, test = _readme_command("Run it"), _readme_command("Test it")
    assert f".venv/bin/{BOOTSTRAP} && .venv/bin/uv sync -q --locked && .venv/bin/backroom serve" in run
    synced = ".venv/bin/uv sync -q --locked --extra test --compile-bytecode && "
    assert f".venv/bin/{BOOTSTRAP} && {synced}" in test
    for command in (run, test):
        assert command.count("pip install") == 1 and "uv pip" not in command and "uv add" not in command


def test_ci_runs_the_readmes_test_command_verbatim() -> None:
    """.ci/run runs exactly the command the README gives a newcomer, so CI installs what they do."""
    assert _readme_command("Test it") in (ROOT / ".ci" / "run").read_text().splitlines()


def test_the_bootstrap_pins_the_uv_the_project_requires_with_hashes() -> None:
    """deploy/uv.txt installs the uv that pyproject.toml's required-version names, by hash, and it is
    the uv that made this environment."""
    required = _pyproject()["tool"]["uv"]["required-version"]
    assert re.fullmatch(r"==\d+\.\d+\.\d+", required)
    text = (ROOT / "deploy" / "uv.txt").read_text()
    requirements = re.findall(r"^([A-Za-z0-9_.-]+==\S+)", text, flags=re.MULTILINE)
    assert requirements == [f"uv{required}"]
    assert len(re.findall(r"--hash=sha256:[0-9a-f]{64}", text)) >= 2
    version = subprocess.run([str(UV), "--version"], capture_output=True, text=True, check=True, timeout=30)
    assert version.stdout.split()[:2] == ["uv", required.removeprefix("==")]


def test_every_locked_file_carries_a_hash() -> None:
    """Every file uv may install from the package index has a sha256 in the lock, so a file that differs
    from the one locked is refused."""
    for package in _lock()["package"]:
        if "source" in package and "registry" in package["source"]:
            files = [package["sdist"]] if "sdist" in package else []
            files += package.get("wheels", [])
            assert files, package["name"]
            assert all(re.fullmatch(r"sha256:[0-9a-f]{64}", file["hash"]) for file in files), package["name"]

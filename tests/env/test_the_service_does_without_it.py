"""The environments are an optional extra: nothing the service runs imports them or PettingZoo."""

from __future__ import annotations

import tomllib

from tests.architecture.test_the_floors import ROOT
from tests.architecture.test_the_floors import imports_of as _imported

SERVICE = ("domain", "store", "projections", "workers", "api")
EXTRA = {"env", "pettingzoo", "gymnasium"}


def test_no_module_of_the_service_imports_the_environments_or_pettingzoo() -> None:
    """domain, store, projections, workers and api import neither env nor pettingzoo nor gymnasium."""
    offenders = {
        str(path.relative_to(ROOT)): sorted(_imported(path) & EXTRA)
        for floor in SERVICE
        for path in (ROOT / floor).rglob("*.py")
        if _imported(path) & EXTRA
    }
    assert offenders == {}


def test_pettingzoo_and_gymnasium_are_the_env_extra_and_the_suite_takes_it() -> None:
    """pyproject: the env extra holds pettingzoo and gymnasium; the test extra takes backroom[env]."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = project["optional-dependencies"]
    assert {line.split(">")[0] for line in extras["env"]} == {"pettingzoo", "gymnasium"}
    assert "backroom[env]" in extras["test"]
    assert not any(line.startswith(("pettingzoo", "gymnasium")) for line in project["dependencies"])


def test_the_image_installs_the_service_without_the_extra() -> None:
    """deploy/Dockerfile syncs the lock with no extra, so the image holds no PettingZoo."""
    syncs = [line for line in (ROOT / "deploy" / "Dockerfile").read_text().splitlines() if "uv sync" in line]
    assert syncs and not any("--extra" in line or "--all-extras" in line for line in syncs)

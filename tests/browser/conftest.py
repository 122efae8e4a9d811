"""A real ``backroom serve`` and Debian's headless Chromium driven by Playwright, shared per test session."""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from api.service.application import Tables
from domain.games import registered
from store.settings import Settings
from tests.browser.players import Player
from tests.support.server import Served, serving

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "browser"
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


def pytest_sessionstart(session: pytest.Session) -> None:
    # Each run starts with no stale screenshots (in the controller only, not in every xdist worker).
    if not hasattr(session.config, "workerinput"):
        shutil.rmtree(ARTIFACTS, ignore_errors=True)


@pytest.fixture(scope="session")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("browser") / "backroom.sqlite"


@pytest.fixture(scope="session")
def server(store: Path) -> Iterator[Served]:
    with serving(store) as served:
        yield served


@pytest.fixture(scope="session")
def service(server: Served, store: Path) -> Iterator[Tables]:
    """The service over the server's own store, to read the omniscient state the pages must not show."""
    tables = Tables(Settings(sqlite_path=str(store)).eventsourcing_env(), games=registered())
    yield tables
    tables.close()


@pytest.fixture(scope="package")
def browser() -> Iterator[Any]:
    """Chromium, for as long as a worker runs this folder's tests: Playwright's sync API keeps an event
    loop running in the thread, which no later test outside the folder (``asyncio.run``) may meet."""
    # Never skipped: a missing browser is a broken machine, and the README's test command installs it.
    assert CHROMIUM.exists(), "Debian's chromium is missing: apt-get install -y chromium"
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield launched
        launched.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    report = yield
    if report.when == "call":
        item.stash[FAILED] = report.failed
    return report


FAILED = pytest.StashKey[bool]()


@pytest.fixture
def player(
    request: pytest.FixtureRequest, browser: Any, server: Served, artifacts: Path
) -> Iterator[Callable[..., Player]]:
    """Makes players, each in a browser context of its own (own storage, so its own seat tokens)."""
    made: list[Player] = []

    def make(name: str, phone: bool = False, motion: bool = False) -> Player:
        # Reduced motion unless a test watches the motion: each animation is frames Chromium draws,
        # and the suite's pages draw hundreds of moves (the flights' own tests ask for motion).
        context = browser.new_context(
            viewport=PHONE if phone else DESKTOP, reduced_motion="no-preference" if motion else "reduce"
        )
        context.set_default_timeout(90_000)
        made.append(Player(name, context.new_page(), server.base, artifacts))
        return made[-1]

    yield make
    if request.node.stash.get(FAILED, False):
        for each in made:
            each.shot(f"failed-{request.node.name[:40]}-{each.name}")
    for each in made:
        each.page.context.close()
    for each in made:
        assert not each.errors, f"{each.name}'s page reported errors: {each.errors}"

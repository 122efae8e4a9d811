"""A real ``backroom serve`` and Debian's headless Chromium driven by Playwright, shared per test session.

The pages are drawn by Debian's ``chromium-headless-shell``: Chromium's old headless mode, built from the
same source and at the same version as Debian's ``chromium`` (it is what Playwright itself drives for
headless runs). The full browser in headless mode opens a whole browser window for every context, with
the browser's own WebUI, which cost 0.6-0.9 s of CPU a context against 0.15 s for the shell, and 13 s of
Chromium's CPU against 7 s for the two-browser Slush Fund 2 game (README, "Test it").
Tests that need the full browser ask for ``chromium`` (the passkey test: the virtual authenticator of
the browser players use)."""

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
HEADLESS_SHELL = Path("/usr/bin/chromium-headless-shell")
INSTALL = "apt-get install -y chromium chromium-headless-shell"
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
def playwright() -> Iterator[Any]:
    """Playwright, for as long as a worker runs this folder's tests: its sync API keeps an event loop
    running in the thread, which no later test outside the folder (``asyncio.run``) may meet."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as started:
        yield started


def launched(playwright: Any, executable: Path, *more: str) -> Any:
    # Never skipped: a missing browser is a broken machine, and the README's test command installs it.
    assert executable.exists(), f"Debian's {executable.name} is missing: {INSTALL}"
    return playwright.chromium.launch(executable_path=str(executable), args=[*ARGS, *more])


@pytest.fixture(scope="package")
def browser(playwright: Any) -> Iterator[Any]:
    """Debian's headless shell of Chromium: what draws the pages in every test that does not ask for more."""
    shell = launched(playwright, HEADLESS_SHELL)
    yield shell
    shell.close()


@pytest.fixture(scope="package")
def chromium(playwright: Any) -> Iterator[Any]:
    """Debian's full Chromium, headless, for what only the browser players run shows (the passkeys'
    authenticator); it would preload its own WebUI for every window, which no test looks at."""
    full = launched(playwright, CHROMIUM, "--disable-features=PreloadTopChromeWebUI")
    yield full
    full.close()


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

"""What a table page costs the browser and the server for each move it follows (issue 44).

Run: ``.venv/bin/python -m tests.benchmarks.bench_table_page`` (about a minute). It starts a real
``backroom serve`` on a SQLite log in ``/dev/shm``, launches Debian's Chromium through Playwright as the
browser tests do (:data:`tests.browser.conftest.ARGS`), and opens ``--pages`` table pages, each on a
390x844 phone at a seat of its own (the seat and its token kept in the page's storage, as after a join),
under reduced motion as the tests ask. Then it plays a seeded game through the HTTP API alone (the
seat to act sends a random legal command, take-backs left out so that the same seed plays the same
game), one move every ``--pace`` seconds, so the pages only follow. At the end it waits for every page
to show the last version and prints, per move: Chromium's CPU (user + system of every Chromium process
this run started, read from /proc, split into the browser process, the renderers and the rest), the
server's CPU, and the requests the pages sent. Chromium's CPU while the pages sat idle for as long is
printed beside it. ``--pages 0`` plays the same game with no page: the server's cost of the moves alone.
"""

from __future__ import annotations

import argparse
import os
import random
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx

from tests.browser.conftest import ARGS, CHROMIUM, PHONE
from tests.browser.players import POLL, open_table
from tests.support.server import Served, serving

TICK = os.sysconf("SC_CLK_TCK")
TAKEBACKS = {"TakeBack", "RequestTakeBack", "ApproveTakeBack", "RefuseTakeBack"}
PLAYERS = ["Ann", "Bob", "Cleo", "Dan", "Eve"]


def cpu_of(pid: int) -> float:
    """User plus system CPU seconds of one process (all its threads), 0 when it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICK


def descendants(root: int) -> list[int]:
    """Every process below ``root`` (its children, theirs, and so on)."""
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except OSError:
            continue
        parents.setdefault(parent, []).append(int(entry.name))
    found, waiting = [], [root]
    while waiting:
        for child in parents.get(waiting.pop(), []):
            found.append(child)
            waiting.append(child)
    return found


def kind_of(pid: int) -> str | None:
    """``browser``, ``renderer``, ``gpu``, ``network``, ``other`` for a Chromium process; else ``None``
    (Chromium's children rewrite their command line as one string, spaces and all)."""
    try:
        line = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ")
    except OSError:
        return None
    if not line.split(b" ", 1)[0].endswith(b"chromium"):
        return None
    for flag, kind in KINDS:
        if flag in line:
            return kind
    return "other" if b"--type=" in line else "browser"


KINDS = (
    (b"--type=renderer", "renderer"),
    (b"--type=gpu-process", "gpu"),
    (b"network.mojom.NetworkService", "network"),
)


def chromium_cpu() -> Counter[str]:
    """CPU seconds of each kind of Chromium process this run started, now."""
    spent: Counter[str] = Counter()
    for pid in descendants(os.getpid()):
        kind = kind_of(pid)
        if kind is not None:
            spent[kind] += cpu_of(pid)
    return spent


def play(served: Served, game_id: str, tokens: list[str], seed: int, pace: float) -> tuple[int, int]:
    """A seeded game through the API, one move each ``pace`` s; how many moves, and the last version."""
    rng = random.Random(seed)
    moves, version = 0, 0
    with httpx.Client(base_url=served.base, timeout=30) as client:
        while True:
            summary = client.get(f"/api/games/{game_id}").json()
            version = summary["version"]
            if summary["status"] == "over":
                return moves, version
            if not summary["to_act"]:
                time.sleep(0.05)
                continue
            seat = summary["to_act"][0]
            auth = {"Authorization": f"Bearer {tokens[seat]}"}
            legal = client.get(f"/api/games/{game_id}/legal", headers=auth, params={"min_version": version})
            commands = [c for c in legal.json()["commands"] if c["type"] not in TAKEBACKS]
            sent = client.post(f"/api/games/{game_id}/commands", headers=auth, json=rng.choice(commands))
            assert sent.status_code == 200, sent.text
            moves += 1
            time.sleep(pace)


@contextmanager
def pages_at(
    served: Served, game_id: str, tokens: list[str], count: int
) -> Iterator[tuple[list[Any], Counter[str]]]:
    """``count`` phone pages, each at its own seat of the game, loaded; and the requests they send."""
    from playwright.sync_api import sync_playwright

    sent: Counter[str] = Counter()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        pages = []
        for seat in range(count):
            context = browser.new_context(viewport=PHONE, reduced_motion="reduce")
            kept = f'{{"seat": {seat}, "token": "{tokens[seat]}", "name": "{PLAYERS[seat]}"}}'
            context.add_init_script(f"localStorage.setItem('backroom.seat.{game_id}', {kept!r})")
            page = context.new_page()
            page.on("request", lambda request: sent.update([request.url.split("?")[0].rsplit("/", 1)[-1]]))
            page.goto(f"{served.base}/games/{game_id}")
            page.wait_for_selector(".table-head[data-version]")
            pages.append(page)
        try:
            yield pages, sent
        finally:
            browser.close()


def caught_up(pages: list[Any], version: int) -> None:
    for page in pages:
        page.wait_for_function(
            "v => Number(document.querySelector('.table-head')?.dataset.version) >= v",
            arg=version,
            polling=POLL,
        )


def measure(game: str, count: int, seed: int, pace: float) -> None:
    with (
        tempfile.TemporaryDirectory(dir="/dev/shm") as folder,
        serving(Path(folder) / "log.sqlite") as served,
    ):
        names = PLAYERS[: max(2, count) if game == "slush-fund-2" else max(3, count)]
        game_id, tokens = open_table(served.base, game, names, f"page-{seed}")
        with pages_at(served, game_id, tokens, count) as (pages, sent):
            time.sleep(1.0)  # the pages settle (their stream opened, fonts drawn)
            before, server_before, started = chromium_cpu(), cpu_of(served.pid), time.monotonic()
            sent.clear()
            moves, version = play(served, game_id, tokens, seed, pace)
            caught_up(pages, version)
            spent, server = chromium_cpu() - before, cpu_of(served.pid) - server_before
            seconds = time.monotonic() - started
            requests = sum(sent.values())
            idle_before = chromium_cpu()
            time.sleep(min(seconds, 10.0))
            idle = sum((chromium_cpu() - idle_before).values()) * seconds / min(seconds, 10.0)
    total = sum(spent.values())
    print(
        f"{game}, {count} phone page(s), seed {seed}, a move every {pace} s: "
        f"{moves} moves ({version} versions) in {seconds:.1f} s"
    )
    print(
        f"  Chromium CPU a move: {1000 * total / moves:.1f} ms ("
        + ", ".join(f"{kind} {1000 * spent[kind] / moves:.1f}" for kind in sorted(spent))
        + ")"
    )
    print(f"  Chromium CPU idle for as long: {1000 * idle / moves:.1f} ms a move's worth")
    print(
        f"  server CPU a move: {1000 * server / moves:.1f} ms; page requests a move: {requests / moves:.1f} "
        f"({', '.join(f'{name} {n}' for name, n in sent.most_common(6))})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="politrickers")
    parser.add_argument("--pages", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pace", type=float, default=0.3, help="seconds between two moves")
    arguments = parser.parse_args()
    measure(arguments.game, arguments.pages, arguments.seed, arguments.pace)


if __name__ == "__main__":
    main()

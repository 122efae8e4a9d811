"""Which of our files one Politrickers move passes through: HTTP, the decision, the log, a view.

Run: ``.venv/bin/python -m tests.benchmarks.trace_move`` (a few seconds). It builds the application
``backroom serve`` runs (a SQLite log in a temporary folder, the embedded projection, the watch, the
committer and follower threads), opens a Politrickers table of four seats and plays a few moves to warm
it up. Then, with a profile hook on every thread, it sends one ``POST .../commands``, lets the follower
write the read store behind it, and reads the next mover's ``GET .../view``. It prints each of our files
entered (in the order first entered, with how many times control came into it from another file) and the
totals: files entered, and re-entries (entries beyond the first into the same file).

The design goal (issue 30): at most 25 files for one move, and as few re-entries as can be; the tunings
fenced in modules of their own (:data:`TUNINGS`, issue 43 item 2) are counted apart.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import random
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import msgspec

from tests.benchmarks.bench_hot_path import UNLIMITED_POLICIES, ask
from tests.benchmarks.bench_service import NEW_GAME, TAKEBACKS

ROOT = Path(__file__).resolve().parents[2]
FLOORS = ("domain", "store", "projections", "workers", "api")
"""Our floors: a file under one of these folders of the checkout is ours (the tests' own are not)."""
TUNINGS = ("api/ids.py", "store/one_statement.py")
"""The tunings fenced in modules of their own (issue 43 item 2), each saying what it bought: counted
apart from the files a reader follows for what a move does (a reader may skip each whole)."""


@dataclasses.dataclass
class Trace:
    """Files entered, in order, and how often control came into each from elsewhere."""

    order: list[str] = dataclasses.field(default_factory=list)
    entries: Counter[str] = dataclasses.field(default_factory=Counter)
    last: dict[int, str] = dataclasses.field(default_factory=dict)
    lock: threading.Lock = dataclasses.field(default_factory=threading.Lock)
    on: bool = False
    functions: dict[str, Counter[str]] = dataclasses.field(default_factory=dict)

    def hook(self, frame: Any, event: str, _: Any) -> None:
        if event != "call" or not self.on:
            return
        name = ours(frame.f_code.co_filename)
        thread = threading.get_ident()
        if name is None:
            return
        with self.lock:
            self.functions.setdefault(name, Counter())[frame.f_code.co_name] += 1
            if self.last.get(thread) == name:
                return
            self.last[thread] = name
            if name not in self.entries:
                self.order.append(name)
            self.entries[name] += 1

    def reentries(self) -> int:
        return sum(count - 1 for count in self.entries.values())


def ours(filename: str) -> str | None:
    """The file's path in the checkout when it is one of our floors' files, else ``None``."""
    try:
        relative = Path(filename).resolve().relative_to(ROOT)
    except ValueError:
        return None
    return str(relative) if relative.parts[0] in FLOORS else None


async def one_move(app: Any, trace: Trace) -> None:
    """Warm a table up with a few random moves, then trace one move and the next mover's view."""
    rng = random.Random(7)
    opened = await ask(app, "POST", "/api/games", body=NEW_GAME)
    game = f"/api/games/{opened['id']}"
    tokens = {seat["seat"]: seat["token"] for seat in opened["tokens"]}
    state = opened["game"]
    for step in range(9):
        seat = min(state["to_act"])
        query = f"min_version={state['version']}".encode()
        legal = await ask(app, "GET", f"{game}/legal", token=tokens[seat], query=query)
        moves = [command for command in legal["commands"] if command["type"] not in TAKEBACKS]
        sent = msgspec.json.encode(rng.choice(moves))
        if step == 8:
            _start(trace)
        answer = await ask(app, "POST", f"{game}/commands", body=sent, token=tokens[seat])
        state = answer
    await asyncio.sleep(0.3)  # the follower writes the read store behind the commit
    await ask(app, "GET", f"{game}/view", token=tokens[min(state["to_act"])])
    _stop(trace)


def _start(trace: Trace) -> None:
    trace.on = True


def _stop(trace: Trace) -> None:
    trace.on = False


async def traced() -> Trace:
    from api.http.app import create_app
    from store.settings import Settings

    trace = Trace()
    sys.setprofile(trace.hook)  # this thread, and (below) every thread started from now: the
    threading.setprofile(trace.hook)  # committer and the follower start with the application
    unlimited = {name: 0 for name in UNLIMITED_POLICIES}
    with tempfile.TemporaryDirectory() as folder:
        settings = dataclasses.replace(Settings.from_env(), sqlite_path=f"{folder}/trace.sqlite", **unlimited)
        app = create_app(settings)
        async with app.router.lifespan_context(app):
            await one_move(app, trace)
    sys.setprofile(None)
    threading.setprofile(None)  # type: ignore[arg-type]  (None turns the hook off; typeshed wants a callable)
    return trace


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--functions", action="store_true", help="and the functions called")
    args = parser.parse_args()
    started = time.perf_counter()
    trace = asyncio.run(traced())
    for name in trace.order:
        print(f"{trace.entries[name]:4d}  {name}")
        if args.functions:
            print("        " + ", ".join(f"{f} {n}" for f, n in trace.functions[name].most_common()))
    tunings = [name for name in trace.order if name in TUNINGS]
    print(
        f"one Politrickers move: {len(trace.order)} of our files entered ({len(trace.order) - len(tunings)} "
        f"and {len(tunings)} fenced tunings: {', '.join(tunings)}), {trace.reentries()} re-entries "
        f"({time.perf_counter() - started:.1f} s)"
    )


if __name__ == "__main__":
    main()

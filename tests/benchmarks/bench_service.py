"""Politrickers through a real ``backroom serve`` beside boardgame.io, measured in the same run.

Run: ``.venv/bin/python -m tests.benchmarks.bench_service`` (about two to three minutes on 2 cores).
It prints four sections, the goals of issue 11:

1. **The peer** (goal 1): boardgame.io's harness (``../shared/peers/bgio-politrickers``) is copied to a
   temporary folder, installed with ``npm ci`` and run as ``node load.js --games N --concurrency C
   --port P --spawn --json`` (see :mod:`tests.benchmarks.peer_bgio`). If Node, npm or the registry is
   missing or fails, the reason is printed and the peer's column says "peer unavailable".
2. **Backroom, the same run** (goals 1 and 3): the same ``N`` whole games of 4 random bots, ``C`` tables
   in flight, on a fresh ``backroom serve`` (every move durably in the log before its answer: SQLite WAL,
   ``synchronous=FULL``, in-process projections). Both sides are defined alike: a closed loop with one
   move in flight per game and no think time; a finished game's slot starts the next game until ``N``
   were started; the wall time runs from the first create to the last game's end, so it includes table
   creation and connecting; moves/s is every accepted move over that wall time; the server's CPU
   (utime + stime from ``/proc``) is taken over the same span and divided by the moves, with the share
   of it the server's main thread (its event loop) took apart from its committer and follower threads.
   Then the two side by side and the ratios: moves/s (goal >= 1.5x the peer's), p99 (goal <= 0.5x),
   server CPU per move (goal for Backroom <= 0.5 ms). Before the table, the disk's floor in the same run
   (:mod:`tests.benchmarks.disk_floor`): one durable SQLite commit's p50 and p99 in a folder on the same
   disk, which every accepted move waits for and the peer does not.
3. **Scaling** (goal 5): commands/s and POST p99 at each count of tables in flight in ``--scaling``
   (default ``8,32,128``), each on a fresh server, a 1 s warm-up and then ``--scaling-seconds`` (default
   8) of timed closed-loop play (a finished game is replaced at once, so the count stays constant). Goal:
   p99 grows no faster than the tables in flight. ``--scaling none`` skips it.
4. **Memory** (goal 4): on a fresh server, after a two-game warm-up, ``--live-tables`` tables (default
   1,000) are opened and ``--live-moves`` moves (default 4) played on each, leaving them all unfinished;
   the server's RSS (``VmRSS`` from ``/proc``, its children included) before and after gives KB per live
   table. Goal: <= 64 KB. ``--live-tables 0`` skips it.

Where the two sides differ, by their design: the peer's move latency runs from a client's move call to
the server's next state at that client (Socket.IO push); Backroom's is the ``POST`` round trip. A peer
game needs a Lobby create, four joins and four WebSockets; a Backroom table needs one ``POST
/api/games`` (which answers every seat's token) and one keep-alive connection for its four bots. A
Backroom bot uses the legal commands its last answer carried when that answer is the latest version,
else asks ``GET /legal?min_version=N`` (so the read sees the table's own writes), and sends a random
legal game command (take-backs are left alone: the peer's bots have none). The peer keeps its games in
memory only. The peer's party switch (``spendTokenToSwitch``, about a fifth of its moves) is a move of
its own, while Backroom's is a flag on the card played, so a peer game has more, cheaper moves (about
115 against about 80): the "card plays/s" and "games/s" rows compare the same work, and moves/s, the
goal's figure, favours the peer.

Options: ``--games 100 --tables 8 --seed 1 --no-peer --scaling 8,32,128 --scaling-seconds 8
--live-tables 1000 --live-moves 4``. The clients are lean (raw HTTP/1.1 on uvloop, one process, about
0.1 ms of CPU per move) and share the machine's cores with the server; their CPU is printed apart.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import os
import random
import shutil
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable, Coroutine, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec
import uvloop

from tests.benchmarks import disk_floor
from tests.benchmarks.peer_bgio import HARNESS, PeerFigures, PeerRun, run_peer
from tests.benchmarks.runtime import interpreter
from tests.support.server import Served, serving

GOAL_MOVES_RATIO = 1.5
GOAL_P99_RATIO = 0.5
GOAL_SERVER_CPU_MS = 0.5
GOAL_KB_PER_LIVE_TABLE = 64.0
NEW_GAME = msgspec.json.encode({"game": "politrickers", "players": ["ann", "bob", "cy", "dee"]})
TAKEBACKS = {"TakeBack", "RequestTakeBack", "ApproveTakeBack", "RefuseTakeBack"}


class Connection:
    """One keep-alive HTTP/1.1 connection, just enough for this service's JSON answers."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, body: bytes = b"", token: str = "") -> tuple[int, bytes]:
        """Send one request and read its answer (the server always sends Content-Length)."""
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None
        auth = f"Authorization: Bearer {token}\r\n" if token else ""
        head = (
            f"{method} {path} HTTP/1.1\r\nHost: {self.host}\r\n{auth}"
            f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
        )
        self.writer.write(head.encode() + body)
        header = await self.reader.readuntil(b"\r\n\r\n")
        status = int(header[9:12])
        length = 0
        for line in header.split(b"\r\n"):
            if line[:15].lower() == b"content-length:":
                length = int(line[15:])
        return status, await self.reader.readexactly(length)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


def base_parts(base: str) -> tuple[str, int]:
    """Host and port of ``http://host:port``."""
    host, _, port = base.removeprefix("http://").partition(":")
    return host, int(port)


@dataclass
class Bot:
    """One seat's random bot: its token and the legal commands its last answer gave, at which version."""

    token: str
    legal: list[Any] = field(default_factory=list)
    version: int = -1


@dataclass
class Tally:
    """What the clients saw: accepted moves, ``GET /legal`` reads, POST latencies, games played out."""

    moves: int = 0
    reads: int = 0
    latencies: list[float] = field(default_factory=list)
    games: int = 0


@dataclass(frozen=True)
class Measured:
    """One measured span of play: what the clients saw, its wall time and both sides' CPU seconds."""

    tally: Tally
    seconds: float
    server_cpu: float
    client_cpu: float
    loop_cpu: float = math.nan
    """The servers' main threads' CPU seconds (the event loop's; the rest is the committer's and the
    projection follower's threads)."""

    @property
    def rate(self) -> float:
        return self.tally.moves / self.seconds

    def latency_ms(self, percent: int) -> float:
        """The POST latency at ``percent`` (1-99), in ms."""
        if len(self.tally.latencies) < 2:
            return math.nan
        return statistics.quantiles(self.tally.latencies, n=100)[percent - 1] * 1000

    def cpu_ms_per_move(self, cpu: float) -> float:
        return cpu / self.tally.moves * 1000 if self.tally.moves else math.nan


# ---------------------------------------------------------------- playing ----


async def play_game(
    connection: Connection, rng: random.Random, tally: Tally, until: float = math.inf, moves: float = math.inf
) -> None:
    """One game with four random bots, to its end unless ``until`` (perf_counter) or ``moves`` comes first."""
    status, body = await connection.request("POST", "/api/games", NEW_GAME)
    if status != 201:
        raise RuntimeError(body.decode())
    opened = msgspec.json.decode(body)
    game = f"/api/games/{opened['id']}"
    bots = {t["seat"]: Bot(t["token"]) for t in opened["tokens"]}
    version, to_act = opened["game"]["version"], opened["game"]["to_act"]
    played = 0
    while to_act and played < moves and time.perf_counter() < until:
        bot = bots[rng.choice(to_act)]
        version, to_act = await play_move(connection, rng, game, bot, version=version, tally=tally)
        played += 1
    if not to_act:
        tally.games += 1


async def play_move(
    connection: Connection, rng: random.Random, game: str, bot: Bot, *, version: int, tally: Tally
) -> tuple[int, list[Any]]:
    """Send one random legal move for ``bot``; the table's new version and who may act now."""
    commands = await legal_for(connection, game, bot, version, tally)
    moves = [command for command in commands if command["type"] not in TAKEBACKS]
    sent = time.perf_counter()
    status, body = await connection.request(
        "POST", f"{game}/commands", msgspec.json.encode(rng.choice(moves)), bot.token
    )
    tally.latencies.append(time.perf_counter() - sent)
    if status != 200:
        raise RuntimeError(body.decode())
    tally.moves += 1
    answer = msgspec.json.decode(body)
    # A server without the legal list in its answer (an older one) is asked with GET /legal.
    bot.legal, bot.version = answer.get("legal", []), answer["version"] if "legal" in answer else -1
    return answer["version"], answer["to_act"]


async def legal_for(connection: Connection, game: str, bot: Bot, version: int, tally: Tally) -> list[Any]:
    """The bot's legal commands at ``version``: from its last answer if current, else ``GET /legal``."""
    if bot.version == version:
        return bot.legal
    status, body = await connection.request("GET", f"{game}/legal?min_version={version}", token=bot.token)
    if status != 200:
        raise RuntimeError(body.decode())
    tally.reads += 1
    found: list[Any] = msgspec.json.decode(body)["commands"]
    return found


async def in_flight(
    bases: Sequence[str], tables: int, play: Callable[[Connection, int], Coroutine[Any, Any, None]]
) -> None:
    """``tables`` slots, each with its own connection, running ``play(connection, slot)``; slot ``n``
    connects to the ``n``-th of the servers' ``bases``, round the list."""

    async def slot(number: int) -> None:
        connection = Connection(*base_parts(bases[number % len(bases)]))
        try:
            await play(connection, number)
        finally:
            connection.close()

    await asyncio.gather(*(slot(number) for number in range(tables)))


async def whole_games(base: str, tables: int, games: int, seed: int, tally: Tally) -> None:
    """``games`` whole games, ``tables`` at a time: a slot whose game ends starts the next one."""
    numbers = iter(range(games))

    async def play(connection: Connection, _: int) -> None:
        for number in numbers:
            await play_game(connection, random.Random(seed * 1_000_003 + number), tally)

    await in_flight([base], min(tables, games), play)


async def timed_games(bases: Sequence[str], tables: int, seconds: float, seed: int, tally: Tally) -> None:
    """``tables`` tables playing game after game for ``seconds`` on the servers at ``bases`` (dealt
    among them in turn); the last games stop unfinished."""
    until = time.perf_counter() + seconds

    async def play(connection: Connection, number: int) -> None:
        rng = random.Random(seed * 1_000_003 + number)
        while time.perf_counter() < until:
            await play_game(connection, rng, tally, until=until)

    await in_flight(bases, tables, play)


async def live_tables(
    base: str, tables: int, moves: int, seed: int, tally: Tally, *, connections: int = 16
) -> None:
    """Open ``tables`` tables and play ``moves`` moves on each, leaving them unfinished."""
    numbers = iter(range(tables))

    async def play(connection: Connection, _: int) -> None:
        for number in numbers:
            await play_game(connection, random.Random(seed * 1_000_003 + number), tally, moves=moves)

    await in_flight([base], min(connections, tables), play)


# --------------------------------------------------------------- measuring ----


def measure(
    servers: Sequence[Served], runner: asyncio.Runner, play: Callable[[Tally], Coroutine[Any, Any, None]]
) -> Measured:
    """Run ``play`` on ``runner`` and take its wall time and both sides' CPU over exactly that span
    (the servers' CPU summed)."""
    tally = Tally()
    server_before, client_before = sum(cpu_seconds(s.pid) for s in servers), time.process_time()
    loop_before = sum(thread_cpu_seconds(s.pid, s.pid) for s in servers)
    started = time.perf_counter()
    runner.run(play(tally))
    seconds = time.perf_counter() - started
    client_cpu = time.process_time() - client_before
    server_cpu = sum(cpu_seconds(s.pid) for s in servers) - server_before
    loop_cpu = sum(thread_cpu_seconds(s.pid, s.pid) for s in servers) - loop_before
    return Measured(tally, seconds, server_cpu, client_cpu, loop_cpu)


@contextmanager
def fresh_server() -> Iterator[tuple[Served, asyncio.Runner]]:
    """A ``backroom serve`` on a new SQLite file, and a uvloop runner for the clients."""
    with fresh_servers(1) as (served, runner):
        yield served[0], runner


@contextmanager
def fresh_servers(count: int) -> Iterator[tuple[list[Served], asyncio.Runner]]:
    """``count`` independent ``backroom serve`` processes, each on a new SQLite file of its own (they
    share nothing), and a uvloop runner for the clients."""
    with tempfile.TemporaryDirectory() as folder, ExitStack() as stack:
        served = [stack.enter_context(serving(Path(folder) / f"bench{n}.sqlite")) for n in range(count)]
        with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
            yield served, runner


def backroom_games(games: int, tables: int, seed: int) -> Measured:
    """``games`` whole games, ``tables`` in flight, timed from the first create to the last game's end."""
    with fresh_server() as (served, runner):
        measured = measure(
            [served], runner, lambda tally: whole_games(served.base, tables, games, seed, tally)
        )
    with tempfile.TemporaryDirectory() as folder:  # beside the server's file: the same disk
        print(disk_floor.describe(disk_floor.durable_commits(Path(folder)), tables), flush=True)
    return measured


def backroom_timed(tables: int, seconds: float, seed: int, warmup: float = 1.0, servers: int = 1) -> Measured:
    """``tables`` tables in flight for ``seconds``, after ``warmup`` seconds of the same play; on
    ``servers`` fresh servers sharing nothing, the tables dealt among them in turn."""
    with fresh_servers(servers) as (served, runner):
        bases = [s.base for s in served]
        if warmup > 0:
            runner.run(timed_games(bases, tables, warmup, seed + 1, Tally()))
        return measure(served, runner, lambda tally: timed_games(bases, tables, seconds, seed, tally))


@dataclass(frozen=True)
class Memory:
    """The server's RSS before and after opening the live tables."""

    tables: int
    moves: int
    before_kb: int
    after_kb: int

    @property
    def kb_per_table(self) -> float:
        return (self.after_kb - self.before_kb) / self.tables


def backroom_memory(tables: int, moves: int, seed: int) -> Memory:
    """RSS per live table: ``tables`` unfinished tables with ``moves`` moves each, after a warm-up."""
    with fresh_server() as (served, runner):
        runner.run(whole_games(served.base, 2, 2, seed + 1, Tally()))
        before = rss_kb(served.pid)
        tally = Tally()
        runner.run(live_tables(served.base, tables, moves, seed, tally))
        return Memory(tables, tally.moves, before, rss_kb(served.pid))


def cpu_seconds(pid: int) -> float:
    """User plus system CPU seconds of a process and its children (from /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    own = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return own + sum(cpu_seconds(child) for child in children(pid))


def thread_cpu_seconds(pid: int, tid: int) -> float:
    """User plus system CPU seconds of one thread of a process (the main thread's id is the pid)."""
    fields = Path(f"/proc/{pid}/task/{tid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_kb(pid: int) -> int:
    """Resident set size in KB of a process and its children (``VmRSS`` from /proc)."""
    status = Path(f"/proc/{pid}/status").read_text()
    own = next(int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS:"))
    return own + sum(rss_kb(child) for child in children(pid))


def children(pid: int) -> list[int]:
    return [int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


# --------------------------------------------------------------- reporting ----


def ratio(ours: float, theirs: float | None) -> float | None:
    return None if theirs is None or not theirs else ours / theirs


def verdict(met: bool | None) -> str:
    return "peer unavailable" if met is None else "MET" if met else "NOT MET"


def cell(value: float | None, digits: int = 1, suffix: str = "") -> str:
    if value is None or math.isnan(value):
        return "-"
    return f"{value:,.{digits}f}{suffix}"


def runtimes() -> str:
    """The two servers' runtimes: the Node.js on ``PATH`` the peer runs on, and the interpreter of this
    venv, which ``backroom serve`` runs on (its real path: a build with or without PGO and LTO differs)."""
    node = shutil.which("node")
    version = "-"
    if node is not None:
        version = subprocess.run([node, "--version"], capture_output=True, text=True, check=False).stdout
    return f"boardgame.io on Node.js {version.strip()}; Backroom on {interpreter()}"


def report_comparison(peer: PeerRun, ours: Measured, games: int, tables: int) -> None:
    """Both sides' figures, the ratios and goals 1 and 3."""
    theirs = peer.figures
    print(f"\n== Politrickers, 4 random bots a table: {games} whole games, {tables} in flight ==")
    print("   closed loop; wall time from the first create to the last game's end (setup, connecting)")
    print(f"   runtimes: {runtimes()}")
    if theirs is None:
        print(f"   peer unavailable: {peer.reason}")
    rows = comparison_rows(theirs, ours)
    print(f"{'':34}{'boardgame.io ' + (theirs.version if theirs else ''):>20}{'Backroom':>12}{'ratio':>10}")
    for name, peer_cell, our_cell, ratio_cell in rows:
        print(f"{name:34}{peer_cell:>20}{our_cell:>12}{ratio_cell:>10}")
    moves = ratio(ours.rate, theirs.moves_per_s if theirs else None)
    p99 = ratio(ours.latency_ms(99), theirs.p99_ms if theirs else None)
    cpu = ours.cpu_ms_per_move(ours.server_cpu)
    print(
        f"goal 1, moves/s >= {GOAL_MOVES_RATIO}x the peer's: {cell(moves, 2, 'x')} "
        f"{verdict(None if moves is None else moves >= GOAL_MOVES_RATIO)}"
    )
    print(
        f"goal 1, p99 <= {GOAL_P99_RATIO}x the peer's: {cell(p99, 2, 'x')} "
        f"{verdict(None if p99 is None else p99 <= GOAL_P99_RATIO)}"
    )
    print(
        f"goal 3, server CPU per move <= {GOAL_SERVER_CPU_MS} ms: {cell(cpu, 2, ' ms')} "
        f"{verdict(cpu <= GOAL_SERVER_CPU_MS)}"
    )


def comparison_rows(theirs: PeerFigures | None, ours: Measured) -> list[tuple[str, str, str, str]]:
    """(name, peer, Backroom, Backroom/peer) for each figure both sides measure."""
    na = "unavailable"

    def row(
        name: str, peer: Callable[[PeerFigures], float | None], our_value: float, digits: int = 1
    ) -> tuple[str, str, str, str]:
        peer_value = None if theirs is None else peer(theirs)
        shown = na if theirs is None else cell(peer_value, digits)
        return name, shown, cell(our_value, digits), cell(ratio(our_value, peer_value), 2, "x")

    games, moves = ours.tally.games, ours.tally.moves
    completed = na if theirs is None else f"{theirs.games_completed}/{theirs.games_requested}"
    return [
        row("moves/s", lambda p: p.moves_per_s, ours.rate),
        row("card plays/s (switch not a move)", lambda p: (p.moves - p.switches) / p.wall_s, ours.rate),
        row("games/s", lambda p: p.games_completed / p.wall_s, games / ours.seconds, 2),
        row("move latency p50 (ms)", lambda p: p.p50_ms, ours.latency_ms(50), 2),
        row("move latency p99 (ms)", lambda p: p.p99_ms, ours.latency_ms(99), 2),
        row(
            "server CPU per move (ms)",
            lambda p: p.server_cpu_ms_per_move,
            ours.cpu_ms_per_move(ours.server_cpu),
            2,
        ),
        (
            "  of it, the event loop's thread",
            "-" if theirs else na,
            cell(ours.cpu_ms_per_move(ours.loop_cpu), 2),
            "",
        ),
        row(
            "client CPU per move (ms)",
            lambda p: p.loadgen_cpu_s / max(p.moves, 1) * 1000,
            ours.cpu_ms_per_move(ours.client_cpu),
            2,
        ),
        row("moves", lambda p: p.moves, moves, 0),
        row("moves per game", lambda p: p.moves / max(p.games_completed, 1), moves / max(games, 1)),
        row("wall time (s)", lambda p: p.wall_s, ours.seconds, 2),
        ("games completed", completed, str(games), ""),
        ("GET /legal per move", "-" if theirs else na, cell(ours.tally.reads / max(moves, 1), 2), ""),
    ]


def report_scaling(levels: list[tuple[int, Measured]], seconds: float) -> None:
    """Goal 5: commands/s and p99 per count of tables in flight."""
    print(f"\n== Scaling: Backroom, a fresh server per row, 1 s warm-up then {seconds:g} s of play ==")
    print(
        f"{'tables in flight':>16}{'commands/s':>12}{'p50 ms':>9}{'p99 ms':>9}{'server CPU/move ms':>20}"
        f"{'p99 growth':>12}{'tables growth':>15}"
    )
    first_tables, first = levels[0]
    met = True
    for tables, run in levels:
        growth, load = run.latency_ms(99) / first.latency_ms(99), tables / first_tables
        met = met and growth <= load
        print(
            f"{tables:>16}{run.rate:>12,.0f}{run.latency_ms(50):>9.2f}{run.latency_ms(99):>9.2f}"
            f"{run.cpu_ms_per_move(run.server_cpu):>20.2f}{growth:>11.2f}x{load:>14.2f}x"
        )
    print(f"goal 5, p99 grows no faster than the tables in flight: {verdict(met)}")


def report_memory(memory: Memory) -> None:
    """Goal 4: server RSS per live table."""
    print(f"\n== Memory: {memory.tables:,} live tables on a fresh server, {memory.moves:,} moves on them ==")
    print(
        f"server RSS before {memory.before_kb:,} KB, after {memory.after_kb:,} KB: "
        f"{memory.kb_per_table:.1f} KB per live table"
    )
    print(
        f"goal 4, <= {GOAL_KB_PER_LIVE_TABLE:.0f} KB per live table: "
        f"{verdict(memory.kb_per_table <= GOAL_KB_PER_LIVE_TABLE)}"
    )


# -------------------------------------------------------------------- main ----


def table_counts(text: str) -> list[int]:
    """``8,32,128`` as a list; ``none`` (or nothing) as no scaling run."""
    if text.strip().lower() in {"", "none", "0"}:
        return []
    return [int(part) for part in text.split(",")]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="whole games each side plays")
    parser.add_argument("--tables", type=int, default=8, help="games in flight, both sides")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-peer", action="store_true", help="skip boardgame.io (no npm)")
    parser.add_argument("--peer-harness", type=Path, default=HARNESS)
    parser.add_argument(
        "--scaling", type=table_counts, default="8,32,128", help="tables in flight; 'none' skips"
    )
    parser.add_argument("--scaling-seconds", type=float, default=8.0)
    parser.add_argument("--live-tables", type=int, default=1000, help="tables for the memory figure; 0 skips")
    parser.add_argument("--live-moves", type=int, default=4, help="moves played on each live table")
    args = parser.parse_args()
    if args.no_peer:
        peer = PeerRun(None, "skipped (--no-peer)")
    else:
        print(f"boardgame.io: npm ci and {args.games} games, {args.tables} in flight ...", flush=True)
        peer = run_peer(args.games, args.tables, args.peer_harness)
    print(f"Backroom: {args.games} games, {args.tables} in flight ...", flush=True)
    report_comparison(peer, backroom_games(args.games, args.tables, args.seed), args.games, args.tables)
    if args.scaling:
        levels = []
        for tables in args.scaling:
            print(f"Backroom: {tables} tables in flight for {args.scaling_seconds:g} s ...", flush=True)
            levels.append((tables, backroom_timed(tables, args.scaling_seconds, args.seed)))
        report_scaling(levels, args.scaling_seconds)
    if args.live_tables:
        print(f"Backroom: opening {args.live_tables:,} live tables ...", flush=True)
        report_memory(backroom_memory(args.live_tables, args.live_moves, args.seed))


if __name__ == "__main__":
    main()

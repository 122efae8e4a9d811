"""``backroom up``: the whole deployment as local processes, supervised, stopped cleanly.

``backroom up --scale api=2,projections=2,bots=1,timers=1`` starts that many ``backroom serve`` and
``backroom worker ...`` processes on this machine's PostgreSQL and Redis (``BACKROOM_POSTGRES_DSN``,
``BACKROOM_REDIS_URL``), each on a port of its own, waits until every one answers ``/ready``, prints
where each listens, restarts a process that dies, and on SIGTERM or Ctrl-C stops them all: the API
processes first (each stops accepting, finishes its in-flight commands and streams within
``BACKROOM_DRAIN_SECONDS``, then closes the log), then the workers (each gives its partitions back).

A process that dies before it is ready is started again too, and with ``--port 0`` on another free
port: a port found free is only bound by the process once it has started, seconds later on a busy
machine, and anything else on the machine may take it meanwhile (``Address already in use``), which
used to leave ``up`` waiting out its whole ready timeout and then give up.
"""

from __future__ import annotations

import functools
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import httpx

ROLES = ("api", "projections", "bots", "timers")
WORKER_ROLES = ROLES[1:]
RESTART_PAUSE = 1.0
"""Seconds before a process that died is started again (so a crash loop does not spin)."""

Say = Callable[[str], None]


def parse_scale(text: str) -> dict[str, int]:
    """``api=2,projections=2`` as counts per role (roles not named: api 1, projections 1, others 0)."""
    scale = {"api": 1, "projections": 1, "bots": 0, "timers": 0}
    for part in filter(None, (piece.strip() for piece in text.split(","))):
        role, equals, count = part.partition("=")
        if role not in ROLES or not equals or not count.isdigit():
            raise ValueError(f"--scale takes role=count with a role among {', '.join(ROLES)}; not {part!r}")
        scale[role] = int(count)
    return scale


def free_port() -> int:
    """A TCP port nobody listens on right now (the OS's choice)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


Command = Callable[[int], tuple[list[str], dict[str, str]]]
"""A process's command line and environment, for the port it is to listen on."""


@dataclass
class Child:
    """One supervised process: its name, command, port and the running process."""

    name: str
    command: Command
    port: int
    any_port: bool = False
    """The port was any free one (``--port 0``): started again before it was ready, it takes another."""
    process: subprocess.Popen[bytes] | None = None
    restarts: int = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        argv, env = self.command(self.port)
        self.process = subprocess.Popen(argv, env=env)

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def ready(self) -> bool:
        try:
            return httpx.get(f"{self.url}/ready", timeout=2).status_code == 200
        except httpx.HTTPError:
            return False


@dataclass
class Deployment:
    """The processes of one local deployment, supervised until stopped."""

    children: list[Child]
    say: Say
    stopping: threading.Event = field(default_factory=threading.Event)

    def start(self) -> None:
        for child in self.children:
            self._started(child)

    def _started(self, child: Child) -> None:
        child.start()
        self.say(f"started {child.name} (pid {child.process.pid if child.process else '?'}) on {child.url}")

    def wait_ready(self, timeout: float) -> bool:
        """Poll every process's ``/ready`` until all answer 200 (``False`` when ``timeout`` passes first);
        one that died meanwhile is started again, on another port when any was good."""
        deadline = time.monotonic() + timeout
        waiting = list(self.children)
        while waiting and not self.stopping.is_set():
            for child in waiting:
                if not child.alive():
                    self._again_before_ready(child)
            waiting = [child for child in waiting if not child.ready()]
            if waiting and time.monotonic() > deadline:
                self.say("not ready in time: " + ", ".join(child.name for child in waiting))
                return False
            self.stopping.wait(0.2 if waiting else 0)
        return not waiting

    def supervise(self) -> None:
        """Until stopped: start again any process that died."""
        while not self.stopping.wait(0.5):
            for child in self.children:
                if not child.alive() and not self.stopping.is_set():
                    code = child.process.returncode if child.process else None
                    self.say(f"{child.name} exited ({code}); starting it again")
                    self.stopping.wait(RESTART_PAUSE)
                    child.restarts += 1
                    child.start()

    def _again_before_ready(self, child: Child) -> None:
        code = child.process.returncode if child.process else None
        self.say(f"{child.name} ended ({code}) before it was ready; starting it again")
        self.stopping.wait(RESTART_PAUSE)
        if child.any_port:
            child.port = free_port()  # its own may have been taken before it could bind it
        child.restarts += 1
        self._started(child)

    def stop(self, grace: float) -> None:
        """SIGTERM the API processes and wait for their drain, then the workers; SIGKILL what lingers."""
        self.stopping.set()
        apis = [child for child in self.children if child.name.startswith("api.")]
        workers = [child for child in self.children if child not in apis]
        for group in (apis, workers):
            for child in group:
                if child.alive() and child.process is not None:
                    child.process.send_signal(signal.SIGTERM)
            for child in group:
                self._reap(child, grace)
        self.say("stopped")

    def _reap(self, child: Child, grace: float) -> None:
        if child.process is None:
            return
        try:
            child.process.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            self.say(f"{child.name} did not stop within {grace:.0f} s: killed")
            child.process.kill()
            child.process.wait()


def plan(scale: dict[str, int], env: dict[str, str], port: int, available: set[str], say: Say) -> list[Child]:
    """The processes ``scale`` asks for (ports from ``port`` up; 0: any free ports).

    Every API process signs the record's heads with one key (``BACKROOM_SIGNING_KEY``): without one
    in ``env``, each would make its own, so one is made here for this deployment and handed to all.
    """
    ports = iter(range(port, port + 1000)) if port else None
    if not env.get("BACKROOM_SIGNING_KEY"):
        say("BACKROOM_SIGNING_KEY is unset: the processes share a key made for this run (set it to keep one)")
        env = env | {"BACKROOM_SIGNING_KEY": os.urandom(32).hex()}
    children: list[Child] = []
    for role in ROLES:
        if scale[role] and role in WORKER_ROLES and role not in available:
            say(f"not starting {role}: `backroom worker {role}` is not in this build")
            continue
        for index in range(1, scale[role] + 1):
            chosen = next(ports) if ports is not None else free_port()
            command = functools.partial(_command, role, env)
            children.append(Child(f"{role}.{index}", command, chosen, any_port=ports is None))
    return children


def _command(role: str, env: dict[str, str], port: int) -> tuple[list[str], dict[str, str]]:
    """A process of ``role`` listening on ``port``: ``backroom serve`` or ``backroom worker <role>``."""
    backroom = str(Path(sys.executable).with_name("backroom"))
    if role == "api":
        return [backroom, "serve", "--host", "127.0.0.1", "--port", str(port)], env
    return [backroom, "worker", role], env | {"BACKROOM_WORKER_PORT": str(port)}


def run(deployment: Deployment, ready_timeout: float, grace: float) -> int:
    """Start, wait for readiness, supervise until SIGTERM or SIGINT, stop; the exit status."""

    def stop_on(_: int, __: object) -> None:
        deployment.stopping.set()

    signal.signal(signal.SIGTERM, stop_on)
    signal.signal(signal.SIGINT, stop_on)
    deployment.start()
    status = 0
    if deployment.wait_ready(ready_timeout):
        for child in deployment.children:
            deployment.say(f"ready {child.name} {child.url}")
        deployment.say(
            f"all {len(deployment.children)} processes ready (pid {os.getpid()}); SIGTERM or Ctrl-C stops"
        )
        deployment.supervise()
    elif not deployment.stopping.is_set():
        status = 1
    deployment.stop(grace)
    return status

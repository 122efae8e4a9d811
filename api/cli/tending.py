"""``backroom worker timers`` and ``backroom worker bots``: the referee and the bot seats, at scale."""

from __future__ import annotations

import typer


def timers_worker() -> None:
    """At scale: the referee acts on every table whose time ran out (several may run; each act once)."""
    _tend("timers")


def bots_worker() -> None:
    """At scale: every bot seat whose turn it is moves (several may run; each move is recorded once)."""
    _tend("bots")


def _tend(role: str) -> None:
    import asyncio
    import signal

    from api.players.application import Players
    from api.service.application import Tables
    from api.tournaments.application import Tournaments
    from domain.games import registered
    from store.settings import Settings
    from workers.health import serve_probes
    from workers.logs import configure
    from workers.tending import TendingWorker, resume_watch
    from workers.timers import Watch

    configure()
    settings = Settings.from_env()
    tables = Tables(settings.eventsourcing_env(), games=registered(), cache_size=settings.cache_size)
    tables.bot_pause = settings.bot_pause_seconds
    watch = Watch(tables.store.recorder, tables.store.games, settings.partitions)
    if role == "timers":  # "a round is paired, so its tables are opened" (docs/tournaments.md)
        watch.opener = Tournaments(tables, Players(tables.store, settings.public_origin)).open_due
    worker = TendingWorker(watch, tables, tables.clock, settings, role)
    probes = None
    if settings.worker_port is not None:
        probes = serve_probes(settings.worker_port, worker.alive, worker.ready, worker.registry)

    async def main() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for number in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(number, stop.set)
        worker.resumed_at = await asyncio.to_thread(resume_watch, watch, settings)  # probes answer meanwhile
        await worker.run(stop)

    typer.echo(f"Tending {settings.store} tables ({role}, {settings.partitions} partition(s))")
    try:
        asyncio.run(main())
    finally:
        if probes is not None:
            probes.shutdown()
        tables.close()

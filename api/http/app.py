"""The FastAPI application: the routes, the one error table, ``/health`` and the generated OpenAPI."""

from __future__ import annotations

import asyncio
import hmac
import logging
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from datetime import timedelta
from typing import Annotated, Any
from wsgiref.simple_server import WSGIServer

from fastapi import FastAPI, Header, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import Response
from prometheus_client import CollectorRegistry, start_wsgi_server
from starlette.exceptions import HTTPException
from starlette.routing import Match

from api.http import fast, fast_stream
from api.http.chat import router as chat_router
from api.http.errors import code_of, status_of
from api.http.explorer import mount as mount_explorer
from api.http.fast import Backroom
from api.http.history import Answers
from api.http.history import router as history_router
from api.http.metrics import Metrics
from api.http.openapi import openapi
from api.http.passing import router as passing_router
from api.http.players import router as players_router
from api.http.reads import router as reads_router
from api.http.record import router as record_router
from api.http.routes import router
from api.http.seats import router as seats_router
from api.http.throttle import Budget, Gate
from api.http.tickets import router as tickets_router
from api.http.tournaments import router as tournaments_router
from api.http.wire import problem, reply
from api.limits import Allowance, Pace, SharedCounts, Streams
from api.players.application import Players
from api.reactions import reactions
from api.record.signing import signer_for
from api.service.application import Tables
from api.tournaments.application import Tournaments
from api.web import mount as mount_web
from domain.errors import InvalidRequest, OptionsError, RuleError, ServiceError, StoreUnavailable
from domain.games import registered
from domain.table import AnyGame
from projections.projection import Expiry, GameProjection, fit_format, follower_for
from projections.queries import ReadSide
from projections.stores import ReadStore, Signals, SQLiteReadStore
from store.repository import Clock, utc_now
from store.settings import Settings
from store.table_over import table_over
from workers import timers

log = logging.getLogger(__name__)


def create_app(
    settings: Settings | None = None,
    *,
    games: Mapping[str, AnyGame] | None = None,
    clock: Clock = utc_now,
) -> FastAPI:
    """The service over the store ``settings`` name, refereeing ``games`` (default: every registered game)."""
    settings = settings or Settings.from_env()
    catalogue = dict(games) if games is not None else registered()
    shared = shared_counts(settings)
    tables = tables_for(settings, catalogue, clock, shared)
    players = Players(tables.store, settings.public_origin)
    tournaments = Tournaments(tables, players)
    reads = read_side(settings, tables, catalogue)
    watch = watch_for(settings, tables, reads.store)
    if watch is not None:
        watch.opener = tournaments.open_due  # "a round is paired, so its tables are opened"
    every, tended = reactions(reads.follower, watch)  # declared in api.reactions
    tables.store.routes.listeners.extend(every)
    tables.store.routes.tending.extend(tended)
    app = Backroom(
        title="Backroom", version="0.1.0", lifespan=_lifespan(watch), docs_url=None, redoc_url=None
    )
    app.state.tables, app.state.reads, app.state.settings = tables, reads, settings
    app.state.players, app.state.tournaments = players, tournaments
    app.state.answers = Answers()
    app.state.signer = signer_for(settings)
    app.state.streams = Streams(settings.streams_per_address, settings.streams_per_game)
    app.gate = gate(settings, clock, reads, shared)
    _route(app)
    _operations(app, tables, reads, settings)
    app.openapi = lambda: openapi(app, catalogue)  # type: ignore[method-assign]  # FastAPI's documented way to replace the OpenAPI
    return app


def tables_for(
    settings: Settings, games: Mapping[str, AnyGame], clock: Clock, shared: SharedCounts | None
) -> Tables:
    """The write side over the store ``settings`` name, with its budgets (``shared``: kept in Redis)."""
    tables = Tables(
        settings.eventsourcing_env(),
        games=games,
        clock=clock,
        snapshot_interval=settings.snapshot_interval,
        takeback_timeout=timedelta(seconds=settings.takeback_seconds),
        cache_size=settings.cache_size,
        refusals=settings.refusals_per_minute,
        takebacks=settings.takebacks_per_minute,
        open_for=settings.open_table_seconds,
        seat_links=settings.seat_links_per_minute,
        shared=shared,
    )
    tables.command_seconds = settings.command_seconds
    tables.bot_pause = settings.bot_pause_seconds
    return tables


def _lifespan(watch: timers.Watch | None) -> Callable[[FastAPI], AbstractAsyncContextManager[None]]:
    """Start the read side and the tending (``watch``) with the app; close all of it after."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        tables, reads = app.state.tables, app.state.reads
        reads.start()
        apart = _metrics_apart(app.state.settings, app.state.metrics.registry)
        async with tending(tables, watch, app.state.metrics):
            yield
        if apart is not None:
            apart.shutdown()
        app.state.streams.close()
        reads.close()
        tables.close()

    return lifespan


def _metrics_apart(settings: Settings, registry: CollectorRegistry) -> WSGIServer | None:
    """``/metrics`` on ``BACKROOM_METRICS_PORT`` (prometheus-client's own server, a daemon thread), if set."""
    if settings.metrics_port is None:
        return None
    server, _ = start_wsgi_server(settings.metrics_port, registry=registry)
    return server


def _route(app: Backroom) -> None:
    """Every router, the hot routes answered first (each declared once, in its router), the pages."""
    for each in (
        router,
        reads_router,
        history_router,
        seats_router,
        tickets_router,
        chat_router,
        passing_router,
        players_router,
        record_router,
        tournaments_router,
    ):
        app.include_router(each)
    app.answer_first(router, "command", fast.command, observed=True)
    app.answer_first(reads_router, "legal", fast.legal)
    app.answer_first(reads_router, "view", fast.view)
    app.answer_first(reads_router, "stream", fast_stream.stream)  # its opening paced before any work
    mount_web(app)
    mount_explorer(app)
    _handle_errors(app)


@asynccontextmanager
async def tending(tables: Tables, watch: timers.Watch | None, metrics: Metrics) -> AsyncIterator[None]:
    """On the embedded default, the referee and the bots act in this process (at scale, their workers),
    from ``watch`` (fed each commit by :mod:`api.reactions`); ``metrics`` report their backlog."""
    if watch is None:
        yield
        return
    stop = asyncio.Event()
    metrics.watch = watch
    task = asyncio.create_task(timers.run(watch, tables, tables.clock, stop))
    try:
        yield
    finally:
        stop.set()
        await task


def watch_for(settings: Settings, tables: Tables, index: ReadStore | None) -> timers.Watch | None:
    """The watch this process tends from, embedded; resumed from the read side's ``index`` when given
    (the live tables, not the whole log). ``None`` at scale, or when told not to tend in process."""
    if settings.redis_url or not settings.tend_in_process:
        return None
    watch = timers.Watch(tables.store.recorder, tables.store.games)
    if index is not None:
        watch.resume(index)
    return watch


def _operations(app: Backroom, tables: Tables, reads: ReadSide, settings: Settings) -> None:
    """``/live``, ``/ready`` and ``/metrics``: what a supervisor, a load balancer and a scraper ask."""
    metrics = Metrics(tables, reads, settings.partitions)
    app.state.metrics = metrics
    app.tally = metrics.commands

    @app.get("/health", summary="200 when the event store and the read store answer, 503 when not")
    def health() -> Response:
        tables.store.ping()
        reads.store.position()  # raises StoreUnavailable (503) when Redis does not answer
        read_store = "redis" if settings.redis_url else "embedded"
        return reply({"status": "ok", "store": settings.store, "reads": read_store})

    @app.get("/live", summary="200 while the process answers (liveness: no store is asked)")
    def live() -> Response:
        return reply({"status": "live"})

    @app.get("/ready", summary="200 when this process can take commands: the log answers, relays run")
    def ready() -> Response:
        tables.store.ping()  # no log, no commands: 503
        if not reads.running():
            raise StoreUnavailable("The read side's threads are not running.")
        try:
            reads.store.position()
        except StoreUnavailable:
            if not settings.redis_url:
                raise  # embedded, the read models are this process's own: something is wrong here
            return reply({"status": "ready", "reads": "stale"})  # Redis away: commands still work
        return reply({"status": "ready", "reads": "current"})

    @app.get("/metrics", summary="This process's metrics (Prometheus text), for the metrics token only")
    def scraped(authorization: Annotated[str | None, Header()] = None) -> Response:
        """404, as for a path that does not exist, unless ``Authorization: Bearer`` carries
        ``BACKROOM_METRICS_TOKEN``, and always when ``BACKROOM_METRICS_PORT`` serves them on a port of
        their own (the shipped manifests: the Ingress routes to this port, never to that one; issue 49
        item 6)."""
        given = (authorization or "").encode()
        wanted = f"Bearer {settings.metrics_token}".encode()
        kept_apart = settings.metrics_port is not None  # then only that port serves them
        if kept_apart or not settings.metrics_token or not hmac.compare_digest(given, wanted):
            raise HTTPException(404)
        return metrics.response()


def shared_counts(settings: Settings) -> SharedCounts | None:
    """Where the budgets are kept: in Redis at scale (every process spends the same), else in memory."""
    return SharedCounts(settings.redis_url, settings.redis_prefix) if settings.redis_url else None


def gate(
    settings: Settings, clock: Clock, reads: ReadSide | None = None, shared: SharedCounts | None = None
) -> Gate:
    """What is refused before routing: openings, lobby and history reads past their budgets."""
    opened = "tables opened per client address"
    budgets: dict[str, Budget] = {
        "creation": Allowance(settings.creations_per_minute, clock, opened, shared=shared, name="creation"),
        "lobby": Pace(settings.lobby_reads_per_minute, clock, "lobby reads", shared=shared, name="lobby"),
        "history": Pace(
            settings.history_reads_per_minute, clock, "history reads", shared=shared, name="history"
        ),
    }
    return Gate(budgets, settings.refused_pause_seconds, reads.seat_of if reads is not None else None)


def read_side(settings: Settings, tables: Tables, games: Mapping[str, AnyGame]) -> ReadSide:
    """The read side ``settings`` ask for: Redis when a URL is set, else embedded (woken by each commit)."""
    signals = Signals()
    if settings.redis_url:
        # imported here: an embedded process never loads the Redis client (0.4 s of CPU a start)
        from projections.redis_store import RedisReadStore, RedisRelay
        from projections.restoring import restorer_for

        store = RedisReadStore(settings.redis_url, settings.redis_prefix)
        relay = RedisRelay(settings.redis_url, store.channel, signals)
        restore = restorer_for(tables.store.recorder, store, games, settings.finished_seconds)
        return ReadSide(
            store,
            dict(games),
            signals,
            relay=relay,
            clock=tables.clock,
            restore=restore,
            log=tables.store.history,
        )
    local = SQLiteReadStore(settings.reads_path())
    expiry = Expiry(timedelta(seconds=settings.open_table_seconds), tables.clock)
    recorder: Any = tables.store.recorder  # an application recorder (it keeps the notification log)
    rater = table_over(recorder, games)
    projection = GameProjection(
        local, games, changed=signals.publish, views=False, expiry=expiry, rater=rater
    )
    fit_format(recorder, projection)  # before anything is served from the store
    follower = follower_for(recorder, projection)
    return ReadSide(local, dict(games), signals, recorder, projection, follower, clock=tables.clock)


def _handle_errors(app: FastAPI) -> None:
    @app.exception_handler(ServiceError)
    @app.exception_handler(RuleError)
    @app.exception_handler(OptionsError)
    async def refused(_: Request, error: Exception) -> Response:
        details = getattr(error, "details", None)
        return problem(status_of(error), code_of(error), str(error), details)

    @app.exception_handler(RequestValidationError)
    async def invalid(_: Request, error: RequestValidationError) -> Response:
        details = {"errors": [{"loc": list(e.get("loc", ())), "msg": e.get("msg")} for e in error.errors()]}
        wrapped = InvalidRequest("The request does not fit its schema.", details)
        return problem(status_of(wrapped), wrapped.code, wrapped.message, wrapped.details)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, error: HTTPException) -> Response:
        code = "http/not_found" if error.status_code == 404 else f"http/{error.status_code}"
        answer = problem(error.status_code, code, str(error.detail))
        answer.headers.update(error.headers or {})
        if error.status_code == 405:  # every method of the path, whichever router declares it
            answer.headers["Allow"] = ", ".join(_allowed(app, request))
        return answer

    @app.exception_handler(Exception)
    async def unexpected(_: Request, error: Exception) -> Response:
        log.exception("Unexpected error")
        return problem(500, "server/error", "The service failed unexpectedly.")


METHODS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS")


def _allowed(app: FastAPI, request: Request) -> list[str]:
    """The methods some route answers at the request's path (routers nest: ask each route)."""
    routes = app.router.routes
    return [
        method
        for method in METHODS
        if any(route.matches({**request.scope, "method": method})[0] is Match.FULL for route in routes)
    ]

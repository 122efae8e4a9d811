"""Property-based requests generated from the OpenAPI (schemathesis): whatever is sent, no answer is a
5xx, and every answer has a status the operation declares and a body its schema describes.

Half the cases naming a game are pointed at real tables (one waiting, one playing, one over) with a
real seat token, so the generated commands, reads and history requests meet the rules, not only 404s.
The live stream is asked of unknown games only (a real one never ends).

Each operation is one test, and its requests are built when that test runs, on the worker that runs it
(``one_operation``): built at collection, every xdist worker built every operation's coverage-phase
requests, 4.5 s of CPU each before any test began.

The app answers a request past its budget at once (``refused_pause_seconds=0``) and a read naming a
``min_version`` never reached after :data:`WAIT`: the answers are the same 429 and the same stale read
either way, and the waits were 60 of the test's 80 s alone (the pause is tested in
``tests/api/test_a_replaced_token_is_gone.py``, the wait in ``tests/projections/test_reading_over_http.py``).
"""

from __future__ import annotations

import itertools
import os
import tempfile
from typing import Any
from unittest.mock import patch

import msgspec
import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)

from api.http.app import create_app
from api.http.openapi import ANSWERS
from api.service.application import Tables
from domain.games import registered
from projections import queries
from store.settings import Settings
from tests.support.service import run
from tests.support.tiny_game import PILE

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]
WAIT = 0.05
"""Seconds a read naming a ``min_version`` the game never reaches waits here (2 s in service)."""
EXAMPLES = int(os.environ.get("BACKROOM_TEST_EXAMPLES", "25"))
"""Examples per operation: about 20 s for all of them on one core (the fast tier, ``-m "not slow"``,
sets 1: every operation still answered, generated for and checked)."""


def _served() -> tuple[Any, list[tuple[str, str]]]:
    """An app over a store holding three tables, opened through the service (schemathesis runs the
    app's lifespan itself, and its projection then catches up with them)."""
    settings = Settings(
        sqlite_path=f"{_FOLDER.name}/backroom.sqlite", creations_per_minute=0, refused_pause_seconds=0
    )
    app = create_app(settings, games=registered() | {PILE.id: PILE})
    return app, run(_tables(app.state.tables))


async def _tables(tables: Tables) -> list[tuple[str, str]]:
    """A waiting table, a playing one and a finished one: (id, a seat's token) each."""
    waiting = await tables.open("politrickers", [None, None, None])
    seated = await tables.join(str(waiting.game_id), "ann")
    playing = await tables.open("slush-fund-2", ["ann", "bob"])
    over = await tables.open("pile", ["ann", "bob"])
    while not (table := tables.store.load(over.game_id)).over:
        seat = next(iter(table.game.to_act(table.game_state)))
        command = tables.legal(table, seat)[0]
        await tables.submit(str(over.game_id), over.tokens[seat], msgspec.json.encode(command))
    return [
        (str(waiting.game_id), seated.token),
        (str(playing.game_id), playing.tokens[0]),
        (str(over.game_id), over.tokens[1]),
    ]


class Started:
    """The app with its read side started once, here: schemathesis may start and stop an app's lifespan
    more than once in a run, and a read side starts only once."""

    def __init__(self, app: Any) -> None:
        self.app = app
        app.state.reads.start()

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "lifespan":
            await self.app(scope, receive, send)
            return
        while (await receive())["type"] != "lifespan.shutdown":
            await send({"type": "lifespan.startup.complete"})
        await send({"type": "lifespan.shutdown.complete"})


def each_operation(loaded: Any, config: Any = None) -> Any:
    """A pytest fixture giving, once per operation of ``loaded`` (a schema of :data:`ASGI` loaded with
    ``config``), a schema of that operation alone (the document with its other paths and methods left
    out, the same app and config): the lazy schema (``schemathesis.pytest.from_fixture``) of a test
    taking it builds only that operation's requests, when the test runs. (A lazy test replaces a
    narrowed schema's own filter with its own, so narrowing by ``include`` would run every operation in
    each test.)"""
    labels = [result.ok().label for result in loaded.get_all_operations()]

    @pytest.fixture(params=labels, ids=labels)
    def one_operation(request: pytest.FixtureRequest) -> Any:
        # schemathesis 4.32.5's lazy test renames its node through ``_nodeid``, which pytest 9.2's nodes
        # no longer have (their ``nodeid`` is read-only): a plain attribute of that name takes the renaming.
        request.node._nodeid = request.node.nodeid
        method, path = request.param.split(" ", 1)
        operation = loaded.raw_schema["paths"][path][method.lower()]
        document = {**loaded.raw_schema, "paths": {path: {method.lower(): operation}}}
        one = schemathesis.openapi.from_dict(document, config=config)
        one.app, one.location = loaded.app, loaded.location
        return one

    return one_operation


_FOLDER = tempfile.TemporaryDirectory()
APP, TABLES = _served()
ASGI = Started(APP)
schema = schemathesis.openapi.from_asgi("/openapi.json", ASGI)
one_operation = each_operation(schema)
lazy = schemathesis.pytest.from_fixture("one_operation")
_turns = itertools.count()
FUZZED = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.filter_too_much,
        HealthCheck.function_scoped_fixture,
    ],
)
"""How every schema-driven test here and in its siblings runs its generated requests."""


@pytest.mark.long  # 25 requests an operation: two minutes of a worker in the full run
@lazy.parametrize()
@FUZZED
def test_no_request_gets_a_5xx_or_an_undeclared_answer(case: Any) -> None:
    """Every generated request: no 5xx, a declared status, a declared content type, a body that fits."""
    pointed(case, next(_turns))
    with patch.object(queries, "WAIT", WAIT):
        case.call_and_validate(checks=CHECKS)


def pointed(case: Any, turn: int) -> int | None:
    """Point every other case naming a game (not a stream) at one of :data:`TABLES`, with its seat's
    token; which one (its index), or ``None``."""
    real = case.path_parameters and "game_id" in case.path_parameters and not case.path.endswith("/stream")
    if not (real and turn % 2):
        return None
    game_id, token = TABLES[turn // 2 % 3]
    case.path_parameters["game_id"] = game_id
    case.headers = {**(case.headers or {}), "authorization": f"Bearer {token}"}
    return turn // 2 % 3


def test_the_suite_covers_every_operation() -> None:
    """Every documented operation is generated for, and every one of them declares its answers."""
    operations = {result.ok().label for result in schema.get_all_operations()}
    declared = {f"{method.upper()} {path}" for method, path in ANSWERS}
    assert "POST /api/games/{game_id}/commands" in operations and operations == declared

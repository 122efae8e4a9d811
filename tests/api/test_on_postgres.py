"""The same service on PostgreSQL (the tests' database, ``BACKROOM_TEST_POSTGRES_DSN``), a schema per run."""

from __future__ import annotations

import threading
import uuid
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import psycopg
import pytest
from fastapi.testclient import TestClient

from api.service.application import Tables
from domain.errors import NotYourTurn
from domain.games import registered
from store.settings import Settings
from tests.support.projecting import POSTGRES_DSN
from tests.support.service import RivalClock, bearer, client_for, play_randomly, run, stored_count
from tests.support.tiny_game import PILE

pytestmark = pytest.mark.postgres

DSN = POSTGRES_DSN
TAKE_ONE = {"type": "Take", "count": 1}


@pytest.fixture(scope="module")
def settings() -> Iterator[Settings]:
    schema = f"backroom_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(DSN, autocommit=True) as connection:
        connection.execute(f'CREATE SCHEMA "{schema}"')
    yield Settings(postgres_dsn=DSN, postgres_schema=schema, snapshot_interval=5)
    with psycopg.connect(DSN, autocommit=True) as connection:
        connection.execute(f'DROP SCHEMA "{schema}" CASCADE')


@pytest.fixture
def client(settings: Settings) -> Iterator[TestClient]:
    yield from client_for(settings, {**registered(), PILE.id: PILE})


def test_health_names_the_postgres_store(client: TestClient) -> None:
    """The service reaches PostgreSQL and says so."""
    assert client.get("/health").json() == {"status": "ok", "store": "postgres", "reads": "embedded"}


def test_a_slush_fund_2_game_plays_to_its_end_on_postgres(client: TestClient) -> None:
    """A whole game from `/legal` alone, every event stored once and in order."""
    opened = client.post(
        "/api/games", json={"game": "slush-fund-2", "players": ["ann", "bob"], "seed": "3"}
    ).json()
    tokens = {entry["seat"]: entry["token"] for entry in opened["tokens"]}
    play_randomly(client, opened["id"], tokens, seed=3)
    summary = client.get(f"/api/games/{opened['id']}").json()
    assert summary["status"] == "over" and summary["outcome"]["winners"]
    assert stored_count(client, opened["id"]) == summary["version"]
    finished = client.get("/api/games?game=slush-fund-2&status=over").json()["games"]
    assert opened["id"] in [game["id"] for game in finished]


def test_simultaneous_conditional_commands_have_one_winner_on_postgres(client: TestClient) -> None:
    """Eight clients naming the same version: one 200, seven 412, one event appended."""
    opened = client.post(
        "/api/games", json={"game": "pile", "players": ["a", "b"], "options": {"stones": 50}}
    ).json()
    token = opened["tokens"][0]["token"]
    start = threading.Barrier(8)

    def send(_: int) -> int:
        start.wait()
        headers = bearer(token) | {"If-Match": "2"}
        return client.post(f"/api/games/{opened['id']}/commands", json=TAKE_ONE, headers=headers).status_code

    with ThreadPoolExecutor(8) as pool:
        assert Counter(pool.map(send, range(8))) == {200: 1, 412: 7}
    assert stored_count(client, opened["id"]) == 3


def test_a_version_clash_between_writers_is_decided_again_on_postgres(settings: Settings) -> None:
    """Two service instances: the one that saves second decides again on the log's table (where it is
    no longer that seat's turn: refused), and a fresh load sees one log."""

    env = settings.eventsourcing_env()
    first = Tables(env, games={"pile": PILE}, snapshot_interval=5)
    clock = RivalClock()
    second = Tables(env, games={"pile": PILE}, clock=clock, snapshot_interval=5)
    try:
        opening = run(first.open("pile", ["a", "b"], {"stones": 30}))
        game_id, token = str(opening.game_id), opening.tokens[0]
        clock.rival = lambda: run(first.submit(game_id, token, b'{"type":"Take","count":1}'))
        with pytest.raises(NotYourTurn):
            run(second.submit(game_id, token, b'{"type":"Take","count":2}'))
        for turn in range(6):
            run(first.submit(game_id, opening.tokens[(turn + 1) % 2], b'{"type":"Take","count":1}'))
        fresh = Tables(env, games={"pile": PILE})
        try:
            assert fresh.store.load(game_id).game_state == first.store.load(game_id).game_state
            assert fresh.store.load(game_id).version == 9
        finally:
            fresh.close()
    finally:
        first.close()
        second.close()

"""The abuse limits at scale: each player's budget is kept in Redis, the same whichever API process a
request reaches, and behind a trusted proxy each forwarded client is budgeted as itself.

Two ``backroom serve`` processes share a PostgreSQL schema and a Redis key prefix of this test alone.
Allowances count in clock-minute windows: a test whose counted requests failed while a minute turned
runs them again with fresh identities (``tests.support.waiting.in_one_window``), instead of waiting
for a turn.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import httpx
import pytest
import redis

from api.limits import Allowance, SharedCounts
from domain.errors import RateLimited
from store.repository import utc_now
from tests.support.projecting import REDIS_URL, api_process, postgres_schema, process, redis_prefix, scale_env
from tests.support.server import free_port
from tests.support.service import bearer
from tests.support.waiting import in_one_window

pytestmark = [pytest.mark.postgres, pytest.mark.redis]

OPEN = {"game": "slush-fund-2", "players": ["ann", "bob"]}
NO_SUCH_MOVE = {"type": "NoSuchMove"}  # refused (422), and counted against the seat's refusals
PROXY = "127.0.0.0/8"  # the test's connections come from here; a network, as the manifests name the pods'


@pytest.fixture
def env() -> Iterator[dict[str, str]]:
    with postgres_schema() as schema, redis_prefix() as prefix:
        yield scale_env(schema, prefix) | {
            "BACKROOM_TRUSTED_PROXIES": PROXY,
            "BACKROOM_REFUSED_PAUSE_SECONDS": "0",
            "BACKROOM_CREATIONS_PER_MINUTE": "3",
            "BACKROOM_REFUSALS_PER_MINUTE": "3",
            "BACKROOM_HISTORY_READS_PER_MINUTE": "20",  # one read saved up, the next earned after 3 s
        }


def opened(http: httpx.Client, player: str) -> int:
    """The status of a table opening by ``player``, as the proxy forwards it."""
    return http.post("/api/games", json=OPEN, headers={"X-Forwarded-For": player}).status_code


def test_two_players_behind_one_trusted_proxy_have_a_budget_each_shared_by_both_processes(
    env: dict[str, str],
) -> None:
    """Ann's three openings a minute are spent through A and B alike (her fourth is refused by
    either); Bob, behind the same proxy, still has all of his own."""
    with (
        api_process(env) as a,
        api_process(env) as b,
        httpx.Client(base_url=a) as http_a,
        httpx.Client(base_url=b) as http_b,
    ):

        def counted(attempt: int) -> None:
            ann, bob = f"203.0.113.{7 + attempt}", f"198.51.100.{9 + attempt}"
            assert [opened(http_a, ann), opened(http_b, ann), opened(http_a, ann)] == [201, 201, 201]
            refused = http_b.post("/api/games", json=OPEN, headers={"X-Forwarded-For": ann})
            assert refused.status_code == 429, refused.text
            assert refused.json()["error"]["code"] == "rate/limited"
            assert int(refused.headers["retry-after"]) >= 1
            assert opened(http_a, ann) == 429
            assert [opened(http_b, bob), opened(http_a, bob), opened(http_b, bob)] == [201, 201, 201]
            assert opened(http_a, bob) == 429
            client = redis.Redis.from_url(REDIS_URL)
            kept = list(client.scan_iter(match=f"{env['BACKROOM_REDIS_PREFIX']}:limit:creation:*"))
            client.close()
            windows = [key for key in kept if ann.encode() in key or bob.encode() in key]
            assert len(windows) == 2  # one window each for Ann and Bob, under the deployment's prefix

        in_one_window(counted)


def test_one_seats_budgets_are_shared_by_both_processes(env: dict[str, str]) -> None:
    """Bob's refused commands are counted as one budget through A and B (his fourth is 429 on
    either), and so is his history budget; Ann's are untouched by his."""
    with (
        process("worker", "projections", env=env),  # the gate finds a token's seat in the read models
        api_process(env) as a,
        api_process(env) as b,
        httpx.Client(base_url=a) as http_a,
        httpx.Client(base_url=b) as http_b,
    ):

        def counted(attempt: int) -> None:
            body = http_a.post("/api/games", json=OPEN, headers={"X-Forwarded-For": f"192.0.2.{attempt}"})
            game, seats = body.json()["id"], body.json()["tokens"]
            tokens = {entry["seat"]: entry["token"] for entry in seats}
            commands = f"/api/games/{game}/commands"
            assert http_b.get(f"/api/games/{game}", params={"min_version": 2}).json()["stale"] is False
            statuses = [
                http.post(commands, json=NO_SUCH_MOVE, headers=bearer(tokens[1])).status_code
                for http in (http_a, http_b, http_a, http_b, http_a)
            ]
            assert statuses == [422, 422, 422, 429, 429]
            assert http_b.post(commands, json=NO_SUCH_MOVE, headers=bearer(tokens[0])).status_code == 422

            feed = f"/api/games/{game}/events"
            assert http_a.get(feed, headers=bearer(tokens[1])).status_code == 200
            refused = http_b.get(feed, headers=bearer(tokens[1]))
            assert refused.status_code == 429, refused.text
            assert http_b.get(feed, headers=bearer(tokens[0])).status_code == 200

        in_one_window(counted)


def test_a_budget_is_counted_in_the_process_while_redis_does_not_answer() -> None:
    """With Redis away (nothing listens on its port), the allowance still counts, in memory: uses
    are granted up to the limit and the next is refused, never refused for the counter's absence."""
    shared = SharedCounts(f"redis://127.0.0.1:{free_port()}/0", "nowhere")
    allowance = Allowance(2, utc_now, "tests", shared=shared, name="tests")
    allowance.spend(("seat", "g", "1"))
    allowance.spend(("seat", "g", "1"))
    with pytest.raises(RateLimited):
        allowance.spend(("seat", "g", "1"))
    allowance.spend(("seat", "g", "2"))  # another seat's budget is its own
    assert shared.resting_until > time.monotonic()  # Redis is not asked again for a while

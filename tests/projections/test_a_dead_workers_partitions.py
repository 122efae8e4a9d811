"""A worker known dead gives its partitions up at once (issue 49 item 4).

The audit SIGKILLed a projection worker at scale: its games stalled for the whole lease (5 s), as its
leases and its place among the members lapsed only with time. A killed process's connections to Redis
are closed by its kernel, so Redis knows it is gone: here the dead worker's connections are closed
(what a SIGKILL does, as Redis sees it) and the survivor's next renewal takes every partition, long
before the lease would have lapsed.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from projections.partitions import CLIENT_NAME, Leases
from tests.support.projecting import REDIS_URL, redis_prefix

pytestmark = [pytest.mark.redis]

PARTITIONS = 4
LEASE = 30.0
"""Seconds a lease lasts: far longer than the test, so only knowing the worker dead can free them."""


@pytest.fixture
def prefix() -> Iterator[str]:
    with redis_prefix() as prefix:
        yield prefix


def test_a_dead_workers_partitions_are_taken_at_the_next_renewal_not_the_leases_end(prefix: str) -> None:
    """Two workers share four partitions; one dies (its connections close): the other's next renewal
    holds all four, though the dead one's leases had most of their 30 s left."""
    dying, surviving = (Leases(REDIS_URL, prefix, PARTITIONS, LEASE) for _ in "ab")
    try:
        for leases in (dying, surviving, dying, surviving):  # each counts two members: two partitions
            leases.refresh()
        assert len(dying.held) == len(surviving.held) == 2
        dying.redis.connection_pool.disconnect()  # what the kernel does to a killed process's sockets
        _until_redis_drops(surviving, dying.me)
        began = time.monotonic()
        assert surviving.refresh() == set(range(PARTITIONS))
        assert time.monotonic() - began < 1.0
    finally:
        surviving.release_all()
        surviving.close()


def _until_redis_drops(asking: Leases, gone: str) -> None:
    """Wait until Redis has seen the closed connections of ``gone`` (it reads a closed socket at its next
    turn, which on a busy machine can come after another client's ``CLIENT LIST``; the first fresh clone
    of 2026-12-07's second machine failed so): a killed worker's next renewal is a third of a lease
    later, so the renewal under test comes after Redis knew, as here."""
    deadline = time.monotonic() + 5.0
    named = f"{CLIENT_NAME}{gone}"
    while any(client.get("name") == named for client in asking.redis.client_list()):
        assert time.monotonic() < deadline, f"Redis still lists {gone}'s closed connections after 5 s"
        time.sleep(0.01)


def test_a_live_but_quiet_worker_keeps_its_partitions(prefix: str) -> None:
    """A worker that holds its connection and does nothing between renewals is not taken for dead."""
    quiet, other = (Leases(REDIS_URL, prefix, PARTITIONS, LEASE) for _ in "ab")
    try:
        for leases in (quiet, other, quiet, other):
            leases.refresh()
        held = set(quiet.held)
        assert len(held) == 2 and other.refresh() == set(range(PARTITIONS)) - held
        assert quiet.refresh() == held
    finally:
        for leases in (quiet, other):
            leases.release_all()
            leases.close()

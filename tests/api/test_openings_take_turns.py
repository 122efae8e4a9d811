"""Live streams open one at a time, each followed by a rest twice as long as it took (``REST``).

A burst of spectators' openings then takes at most a third of the process's time while it lasts, and a
playing table's commands have the rest (issue 34; the figures are ``bench_floods``'). An opening that
waits past ``LONGEST`` (a store that hangs) passes its turn on then, and rests nobody.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools

from api.http.reads import Opening, _told
from api.limits import LONGEST, REST, Streams
from projections.stores import Signals

WORK = 0.02
"""Seconds each opening of the first test takes."""
EARLY = 0.005
"""How early a timer may fire, and the loop's clock differ, on a busy machine."""


async def _burst(works: list[float]) -> list[tuple[float, float]]:
    """Openings taking ``works`` seconds each, started at once: when each took its turn and was done."""
    streams = Streams(per_address=0, per_game=0)
    loop = asyncio.get_running_loop()
    spans: list[tuple[float, float]] = []

    async def opening(work: float) -> None:
        turn = await streams.opening.take()
        started = loop.time()
        await asyncio.sleep(work)
        spans.append((started, loop.time()))
        turn.done()

    await asyncio.gather(*(opening(work) for work in works))
    streams.close()
    return sorted(spans)


def test_streams_open_one_at_a_time_each_followed_by_a_rest_twice_as_long_as_it_took() -> None:
    spans = asyncio.run(_burst([WORK] * 4))
    assert len(spans) == 4
    for (started, done), (following, _) in itertools.pairwise(spans):
        assert following >= done, "two streams opened at once"
        assert following - done >= (done - started) * REST - EARLY, "the next opening did not wait its rest"
    took = [done - started for started, done in spans]
    burst_took = spans[-1][1] - spans[0][0]
    assert burst_took >= sum(took) + REST * sum(took[:-1]) - EARLY * 3, "the openings took over a third"


def test_an_opening_that_waits_past_the_longest_passes_its_turn_on_and_rests_nobody() -> None:
    """A stream whose opening hangs (its store does not answer) holds the next one up for ``LONGEST``,
    not for as long as it hangs, and the next one waits no rest for it."""
    hanging = LONGEST * 8
    (first, first_done), (second, _) = asyncio.run(_burst([hanging, WORK]))
    assert first_done - first >= hanging - EARLY
    assert LONGEST - EARLY <= second - first < LONGEST * 3, "the hanging opening kept its turn"


class _Revoked:
    """A seat's stream whose token was replaced before its first page (a race with a new link)."""

    game_id, viewer = "00000000-0000-0000-0000-000000000001", 0

    def revoked(self, reads: object, *, look: bool) -> bool:
        return True


class _Reads:
    relay = None
    signals = Signals()


class _Metrics:
    stream_open = staticmethod(contextlib.nullcontext)


def test_a_stream_ended_before_its_first_page_hands_its_turn_on_at_once() -> None:
    """A stream that ends while it opens (revoked at once, or its client gone) gives its turn back
    when it ends, not at the ``LONGEST`` pass-on."""

    async def ended() -> tuple[list[bytes], bool]:
        streams = Streams(per_address=0, per_game=0)
        opening = Opening(streams, await streams.opening.take())
        told = [chunk async for chunk in _told(_Reads(), _Revoked(), 0, None, opening, _Metrics())]  # type: ignore[arg-type]  # the parts _told reads
        held = opening.held
        streams.close()
        return told, held

    told, held = asyncio.run(ended())
    assert told == [b'event: revoked\ndata: {"reason":"This seat took a new link."}\n\n']
    assert not held

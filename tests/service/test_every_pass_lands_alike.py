"""Passing rule 3, timed on the wall (issue 49 item 5): the referee's pass for a seat on ``auto`` and a
pass sent by hand as soon as the seat is asked land alike, so no other seat can tell who is on auto.

The audit measured the referee's passes later than held passes by hand (medians 518.6 against 502.1
ms after the seat was asked, p about 1e-5 over 64 + 64). Here one service and the referee's watch run
on one event loop, as ``backroom serve`` runs them, on the real clock: 64 tables whose asked seat is on
auto and 64 whose asked seat passes by hand at once, asked together. For each pass: its recorded time
after the asking move (what every feed shows) and the wall time from the asking move's save to the
pass's save. Both samples are compared with the Mann-Whitney U test (:mod:`tests.support.ranks`).
"""

from __future__ import annotations

import asyncio
import statistics
import time
from pathlib import Path
from typing import Any

from api.service.application import Tables
from api.service.passing import choose
from domain.choices import Chosen
from domain.passing import PAUSE, asked_at
from domain.table import GameEventRecorded, Table
from store.settings import Settings
from tests.support.ranks import mann_whitney
from tests.support.toll_game import TOLL
from workers import timers

TABLES = 64
TAKE_ONE = b'{"type":"Take","count":1}'
PASS = b'{"type":"Pass"}'


class Saves:
    """The wall time each table's saves returned at, with what they saved (the store's commit, wrapped)."""

    def __init__(self, tables: Tables) -> None:
        self.seen: dict[str, list[tuple[float, list[Any]]]] = {}
        commit = tables.store.commit

        async def timed(loaded: Table, events: list[Any], expected: int | None) -> Table:
            after = await commit(loaded, events, expected)
            self.seen.setdefault(str(loaded.id), []).append((time.monotonic(), list(events)))
            return after

        tables.store.commit = timed  # type: ignore[method-assign]  # the one path every save takes

    def passed(self, game_id: str) -> tuple[float, GameEventRecorded]:
        """When the seat's pass was saved, and its event."""
        for when, events in self.seen.get(game_id, []):
            for event in events:
                if isinstance(event, GameEventRecorded) and isinstance(
                    TOLL.event_decoder.decode(event.event), Chosen
                ):
                    return when, event
        raise LookupError(game_id)


async def _asked(
    tables: Tables, saves: Saves, game_id: str, tokens: dict[int, str], hand: bool
) -> tuple[float, bool]:
    """Seat 0 takes one stone (asking seat 1); a hand seat passes at once. When the ask was saved, and
    whether the seat's pass (if by hand) was sent within the pause, as a held pass is."""
    await tables.submit(game_id, tokens[0], TAKE_ONE)
    asked = saves.seen[game_id][-1][0]
    if hand:
        held = time.monotonic() - asked < PAUSE.total_seconds() / 2
        await tables.submit(game_id, tokens[1], PASS)
        return asked, held
    return asked, True


async def _played(tables: Tables) -> tuple[list[float], list[float], list[float], list[float]]:
    """Each pass's recorded time after the ask, then its save's wall time after the ask's, auto then
    by hand (a pass by hand the busy machine sent only after half the pause is no held pass: left out)."""
    saves = Saves(tables)
    opened = []
    for index in range(2 * TABLES):
        opening = await tables.open("toll", ["ann", "bob"], {"protests": False})
        game_id, tokens = str(opening.game_id), opening.tokens
        hand = index % 2 == 1
        if not hand:
            await choose(tables, game_id, tokens[1], "auto")
        opened.append((game_id, tokens, hand))
    watch = timers.Watch(tables.store.recorder, tables.store.games)
    stop = asyncio.Event()
    tending = asyncio.create_task(timers.run(watch, tables, tables.clock, stop))
    try:
        await asyncio.sleep(0)  # the watch's first look
        sent = await asyncio.gather(*(_asked(tables, saves, g, t, h) for g, t, h in opened))
        deadline = time.monotonic() + 60
        while not all(_has_pass(saves, game_id) for game_id, _, _ in opened):
            assert time.monotonic() < deadline, "not every pass was made"
            await asyncio.sleep(0.05)
    finally:
        stop.set()
        await tending
    recorded: dict[bool, list[float]] = {True: [], False: []}
    landed: dict[bool, list[float]] = {True: [], False: []}
    for (game_id, _, hand), (ask, held) in zip(opened, sent, strict=True):
        if not held:
            continue
        when, event = saves.passed(game_id)
        before = tables.store.load(game_id, event.version - 1)
        recorded[hand].append((event.at - asked_at(before.state)).total_seconds() * 1000)
        landed[hand].append((when - ask) * 1000)
    return recorded[False], recorded[True], landed[False], landed[True]


def _has_pass(saves: Saves, game_id: str) -> bool:
    try:
        saves.passed(game_id)
    except LookupError:
        return False
    return True


def test_the_referees_pass_and_a_held_pass_by_hand_land_alike(tmp_path: Path) -> None:
    """Over 64 + 64 passes the recorded times after the ask are one and the same (the pause), and the
    wall times from the ask's save to the pass's save are one distribution (Mann-Whitney p > 0.05 in one
    of up to three samples: two distributions as far apart as the audit's, p about 1e-5, fail all three;
    one distribution fails three in a row one time in 8,000)."""
    for attempt in range(3):  # one sample of identical distributions is below 0.05 one time in 20
        settings = Settings(sqlite_path=str(tmp_path / f"log{attempt}.sqlite"))
        tables = Tables(settings.eventsourcing_env(), games={TOLL.id: TOLL})
        try:
            auto_at, hand_at, auto_wall, hand_wall = asyncio.run(_played(tables))
        finally:
            tables.close()
        assert len(hand_at) >= TABLES // 2, f"only {len(hand_at)} passes by hand were sent in time"
        _, p_recorded = mann_whitney(auto_at, hand_at)
        _, p_wall = mann_whitney(auto_wall, hand_wall)
        if p_wall > 0.05:
            break
    pause = PAUSE.total_seconds() * 1000
    print(
        f"recorded after the ask: auto median {statistics.median(auto_at):.1f} ms, hand "
        f"{statistics.median(hand_at):.1f} ms, p = {p_recorded:.3g}; saved after the ask's save: auto "
        f"median {statistics.median(auto_wall):.1f} ms, hand {statistics.median(hand_wall):.1f} ms, "
        f"p = {p_wall:.3g}"
    )
    assert set(auto_at) == set(hand_at) == {pause}
    assert p_recorded > 0.05
    assert p_wall > 0.05

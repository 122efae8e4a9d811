"""At scale: the seats' standing choices are chosen through one service (an API process) and the
referee's passes are made by another (a worker), over one PostgreSQL log. The worker learns the
choices from the log alone (its watch folds the passing streams; its referee reads them back), and
passes for each seat that holds no answer the pause after it was asked (docs/bots.md, "Timing in a
reaction window")."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from freezegun import freeze_time

from api.service.application import Tables
from api.service.passing import choose
from domain.choices import PASS, Chosen, Pass
from domain.codec import encode
from domain.games import registered
from domain.passing import PAUSE, asked_at
from domain.table import GameEventRecorded
from tests.clocks.helpers import frozen_clock
from tests.support.projecting import postgres_schema, scale_settings
from tests.support.service import run
from workers.timers import Watch, tend


@pytest.fixture
def services() -> Iterator[tuple[Tables, Tables]]:
    with postgres_schema() as schema:
        settings = scale_settings(schema, "unused")
        made = [Tables(settings.eventsourcing_env(), games=registered(), clock=frozen_clock) for _ in "ab"]
        for service in made:
            service.pass_pause = 0  # time stands still here: a held pass would wait its whole pause
        yield made[0], made[1]
        for service in made:
            service.close()


def test_a_worker_passes_for_the_seats_that_chose_so_reading_the_choices_from_the_log(
    services: tuple[Tables, Tables],
) -> None:
    """A window whose asked seats hold no answer is closed by the worker's passes, the pause after
    they were asked and not before, each recorded as its seat's own pass."""
    api, worker = services
    with freeze_time("2026-06-01 12:00:00") as frozen:
        opening = run(api.open("super-pacs", ["ann", "bob", "cy"], seed="scale"))
        game_id = str(opening.game_id)
        for token in opening.tokens.values():
            run(choose(api, game_id, token, "auto"))
        watch, rng = Watch(worker.store.recorder, worker.store.games), random.Random(4)
        for _ in range(2000):
            table = api.store.load(game_id)
            offers = {seat: api.legal(table, seat) for seat in sorted(table.to_act)}
            movers = [seat for seat, commands in offers.items() if [type(c) for c in commands] != [Pass]]
            if movers:
                seat = rng.choice(movers)
                body = rng.choice([c for c in offers[seat] if not isinstance(c, Pass)] or offers[seat])
                run(api.submit(game_id, opening.tokens[seat], encode(body)))
                continue
            asked = asked_at(table.state)
            frozen.move_to(asked + PAUSE / 2)
            assert run(tend(watch, worker, worker.clock)) == 0  # not before the pause
            frozen.move_to(asked + PAUSE)
            assert run(tend(watch, worker, worker.clock)) == 1
            break
        else:
            raise AssertionError("no window asked only seats that hold no answer")
    passed = worker.store.events_of(worker.store.load(game_id), table.version)
    game = worker.store.load(game_id).game
    made = [
        event
        for event in passed
        if isinstance(event, GameEventRecorded)
        and isinstance(chosen := game.event_decoder.decode(event.event), Chosen)
        and chosen.option == PASS
    ]
    assert sorted(event.seat for event in made) == sorted(offers)
    assert all(event.at == asked + PAUSE and not event.by_referee for event in made)
    assert all(event.command_id.startswith("pass:") for event in made)

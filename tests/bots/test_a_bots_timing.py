"""A bot's timing tells nothing of what it holds (docs/bots.md, "A bot's timing").

A bot whose only legal move is forced answers no sooner than one that weighs a choice: each move is
sent a fixed pause after the bot's turn is taken up, and a search that would run past it is cut.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from api.service.application import BOT_PAUSE, Tables
from domain.bots import BotSpec, choose
from domain.chance import Context
from domain.seats import Seat
from store.settings import Settings
from tests.support.service import bearer, client_for, run
from tests.support.tiny_game import PILE


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """The service without its in-process watch: the test asks the bot to move itself."""
    yield from client_for(Settings(sqlite_path=str(tmp_path / "bots.sqlite"), tend_in_process=False))


def answered_in(client: TestClient, stones: int) -> float:
    """Seconds an ISMCTS bot takes to answer once ann has taken one stone of ``stones``."""
    bots = [{"seat": 1, "policy": "ismcts", "level": 3}]
    body = {"game": "pile", "players": ["ann"], "bots": bots, "options": {"stones": stones}}
    opened = client.post("/api/games", json=body).json()
    token = opened["tokens"][0]["token"]
    take = {"type": "Take", "count": 1}
    taken = client.post(f"/api/games/{opened['id']}/commands", json=take, headers=bearer(token))
    assert taken.status_code == 200, taken.text
    tables: Tables = client.app.state.tables  # type: ignore[attr-defined]
    started = time.monotonic()
    run(tables.play_bot(opened["id"], 1))
    return time.monotonic() - started


PAIRS = 3
"""Answers timed of each bot, in turn: the quickest of each is compared. A machine busy with other work
(CI beside two burners) once held one answer back 1.26 s past the other's; the pause still held."""


def test_a_bot_with_one_move_answers_as_late_as_one_with_a_choice(client: TestClient) -> None:
    """One stone left (only "take one") or seven (take one or two): every answer comes after the
    same fixed pause, never at once, and the quickest answers of each differ by less than half of it."""
    timed = [(answered_in(client, 2), answered_in(client, 8)) for _ in range(PAIRS)]
    assert all(forced >= BOT_PAUSE and choosing >= BOT_PAUSE for forced, choosing in timed), timed
    forced, choosing = (min(each) for each in zip(*timed, strict=True))
    assert abs(forced - choosing) < BOT_PAUSE / 2, timed


def test_a_bots_search_ends_when_its_time_is_cut() -> None:
    """A search asked to stop after its first iteration returns a legal move after exactly one."""
    dealt = PILE.setup(PILE.parse_options({"stones": 9}), 2, Context(rng=random.Random(1)))
    state = PILE.evolve(None, dealt[0])
    asked: list[bool] = []

    def cut() -> bool:
        asked.append(True)
        return True

    spec = BotSpec(policy="ismcts", level=3)
    command = choose(PILE, state, Seat(0), 2, spec, random.Random(1), cut=cut)
    assert command in PILE.legal_commands(state, Seat(0))
    assert len(asked) == 1

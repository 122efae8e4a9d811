"""The projection: views, feeds and summaries equal the game's own, for every perspective, exactly once."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest

from api.service.application import Tables
from domain import referee, takeback
from domain.codec import encode
from domain.games import registered
from domain.seats import OMNISCIENT, SPECTATOR, Seat
from domain.table import GameEventRecorded, TakeBackNoted, told, told_each
from projections import documents
from projections.documents import Record, perspectives, viewer_key
from projections.projection import GameProjection, catch_up, rebuild
from projections.redis_store import RedisReadStore
from projections.stores import Batch, ReadStore, SQLiteReadStore
from store.settings import Settings
from tests.contract.checks import assert_no_leak
from tests.support.projecting import REDIS_URL, open_game, play, redis_prefix
from tests.support.service import run

GAMES = registered()


@pytest.fixture
def tables(tmp_path: Path) -> Iterator[Tables]:
    settings = Settings(sqlite_path=str(tmp_path / "log.sqlite"), snapshot_interval=10)
    app = Tables(settings.eventsourcing_env(), games=GAMES)
    yield app
    app.close()


@pytest.fixture(params=["sqlite", pytest.param("redis", marks=pytest.mark.redis)])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[ReadStore]:
    if request.param == "sqlite":
        found: ReadStore = SQLiteReadStore(str(tmp_path / "reads.sqlite"))
        yield found
        found.close()
        return
    with redis_prefix() as prefix:
        found = RedisReadStore(REDIS_URL, prefix)
        yield found
        found.close()


def _play_some(tables: Tables, seed: int) -> list[str]:
    rng = random.Random(seed)
    played = []
    for game, players in (("slush-fund-2", 2), ("politrickers", 4)):
        game_id, tokens = open_game(tables, game, players, seed=f"{game}-{seed}")
        play(tables, game_id, tokens, rng, moves=40)
        played.append(game_id)
    return played


def _assert_projected(tables: Tables, store: ReadStore, game_id: str) -> None:
    """Every projected document of ``game_id`` equals what the game itself says at the log's version."""
    table = tables.store.load(game_id)
    rules: Any = table.game
    assert store.get(f"summary:{game_id}") == encode(documents.summary(str(table.id), table))
    record = msgspec.json.decode(store.get(f"record:{game_id}") or b"", type=Record)
    state = rules.state_decoder.decode(record.state.state)
    assert state == table.game_state and record.version == table.version
    stored = [e for e in tables.store.events_of(table) if isinstance(e, GameEventRecorded)]
    names = table.seat_names
    for viewer in perspectives(len(names)):
        key = viewer_key(viewer)
        assert store.get(f"view:{game_id}:{key}") == encode(documents.view(str(table.id), table, viewer))
        rows = store.scored(documents.feed_key(game_id))
        lines = [msgspec.json.decode(documents.line_for(row, viewer)) for row in rows]
        told = [referee.tell(rules, rules.event_decoder.decode(e.event), viewer, names) for e in stored]
        assert lines[0]["event"]["type"] == "TableOpened"  # every seat was named: the rest is play
        assert [line["description"] for line in lines[1:]] == [sentence for _, sentence in told]
        expected = [msgspec.json.decode(encode(seen)) for seen, _ in told]
        assert [line["event"] for line in lines[1:]] == expected


def test_projected_views_feeds_and_summaries_equal_the_games_own(tables: Tables, store: ReadStore) -> None:
    """Every perspective's view, feed and the summary are exactly what the game computes on the log."""
    played = _play_some(tables, seed=1)
    projection = GameProjection(store, GAMES)
    catch_up(tables.store.recorder, projection)
    for game_id in played:
        _assert_projected(tables, store, game_id)


def test_each_viewer_is_told_what_it_is_told_alone_and_those_shown_alike_share_one_telling(
    tables: Tables,
) -> None:
    """``told_each`` gives every perspective what ``told`` gives it alone; a move shown alike to all is
    told once for all of them, a dealt hand once for each seat."""
    shared = apart = 0
    for game_id in _play_some(tables, seed=3):
        table = tables.store.load(game_id)
        names, ledger = table.seat_names, table.state.ledger
        viewers = perspectives(len(names))
        for event in tables.store.events_of(table):
            each = told_each(table.game, event, viewers, names, ledger)
            assert each == [told(table.game, event, viewer, names, ledger) for viewer in viewers]
            distinct = len({id(said) for said in each})
            if isinstance(event, GameEventRecorded):
                shared += distinct == 1
                apart += distinct == len(viewers)
    assert shared > 0 and apart > 0


def test_feed_lines_name_the_players_not_the_seats(tables: Tables, store: ReadStore) -> None:
    """The table knows its players' names, so every perspective's feed names them."""
    game_id, tokens = open_game(tables, "politrickers", 3, seed="named")
    play(tables, game_id, tokens, random.Random(3), moves=12)
    catch_up(tables.store.recorder, GameProjection(store, GAMES))
    for viewer in (Seat(0), SPECTATOR):
        rows = store.scored(documents.feed_key(game_id))
        lines = [msgspec.json.decode(documents.line_for(row, viewer))["description"] for row in rows]
        assert any(line.startswith(("p0 ", "p1 ", "p2 ")) for line in lines)
        assert not any(line.startswith("Seat ") for line in lines)


def test_no_projected_view_shows_a_seat_more_than_its_perspective_allows(
    tables: Tables, store: ReadStore
) -> None:
    """The contract's leak check holds on the projected state, whose views are the projected documents."""
    rng = random.Random(5)
    projection = GameProjection(store, GAMES)
    for game, players in (("slush-fund-2", 2), ("politrickers", 3)):
        game_id, tokens = open_game(tables, game, players, seed=f"leak-{game}")
        rules = GAMES[game]
        for _ in range(12):
            play(tables, game_id, tokens, rng, moves=3)
            catch_up(tables.store.recorder, projection)
            record = msgspec.json.decode(store.get(f"record:{game_id}") or b"", type=Record)
            state = rules.state_decoder.decode(record.state.state)
            for viewer in [*perspectives(players), OMNISCIENT]:
                assert_no_leak(rules, state, viewer, rng)
            for viewer in perspectives(players):
                shown = msgspec.json.decode(store.get(f"view:{game_id}:{viewer_key(viewer)}") or b"")
                assert shown["view"] == msgspec.json.decode(encode(rules.view(state, viewer)))


def test_a_replayed_event_changes_nothing(tables: Tables, store: ReadStore) -> None:
    """Projecting the same events again, or committing from a stale position, writes nothing."""
    _play_some(tables, seed=2)
    projection = GameProjection(store, GAMES)
    catch_up(tables.store.recorder, projection)
    before = store.dump()
    events = [
        (tables.store.mapper.to_domain_event(n), n.id)
        for n in tables.store.recorder.select_notifications(1, 50)
    ]
    assert projection.project(events)
    assert GameProjection(store, GAMES).project(events)
    assert not store.commit(0, Batch(position=1, documents={"view:x:0": b"leak"}))
    assert store.dump() == before


def test_a_restarted_projection_resumes_where_it_stopped_and_equals_a_rebuild(
    tables: Tables, store: ReadStore, tmp_path: Path
) -> None:
    """A new projection process resumes from the stored position and records; a rebuild gives the same."""
    rng = random.Random(3)
    game_id, tokens = open_game(tables, "slush-fund-2", 2, seed="restart")
    play(tables, game_id, tokens, rng, moves=15)
    catch_up(tables.store.recorder, GameProjection(store, GAMES))
    play(tables, game_id, tokens, rng, moves=15)
    resumed = GameProjection(store, GAMES)
    assert resumed.position > 0
    catch_up(tables.store.recorder, resumed)
    incremental = store.dump()
    fresh = SQLiteReadStore(str(tmp_path / "fresh.sqlite"))
    rebuild(tables.store.recorder, GameProjection(fresh, GAMES))
    assert fresh.dump() == incremental
    rebuild(tables.store.recorder, GameProjection(store, GAMES))
    assert store.dump() == incremental


def test_a_rebuild_reports_its_progress_to_the_end(tables: Tables, store: ReadStore) -> None:
    """The rebuild's progress callback ends at the log's last position."""
    _play_some(tables, seed=4)
    seen: list[tuple[int, int]] = []
    reached = rebuild(
        tables.store.recorder, GameProjection(store, GAMES), lambda done, total: seen.append((done, total))
    )
    assert seen[-1] == (reached, reached) == (tables.store.recorder.max_notification_id(),) * 2


def _take_back_now_and_then(tables: Tables, game_id: str, tokens: dict[int, str], rng: random.Random) -> None:
    """Random play where the acting seat sometimes takes back or asks to, and others sometimes answer."""
    for _ in range(60):
        table = tables.store.load(game_id)
        rules: Any = table.game
        acting = sorted(rules.to_act(table.game_state))
        if not acting:
            return
        seat = rng.choice(range(len(table.seat_names)))
        offered = tables.legal(table, seat)
        offers = [command for command in offered if isinstance(command, takeback.TAKEBACK_COMMANDS)]
        legal = rules.legal_commands(table.game_state, Seat(seat)) if seat in acting else []
        choices = offers * 3 + legal  # take-backs often, so that every kind of ledger event happens
        if choices:
            run(tables.submit(game_id, tokens[seat], encode(rng.choice(choices))))


def test_the_projected_take_back_ledger_is_the_write_sides_own(tables: Tables, store: ReadStore) -> None:
    """Take-back offers come from the read models: the projected ledger equals the aggregate's."""
    rng = random.Random(11)
    for game, players in (("slush-fund-2", 2), ("politrickers", 3)):
        game_id, tokens = open_game(tables, game, players, seed=f"ledger-{game}")
        _take_back_now_and_then(tables, game_id, tokens, rng)
        projection = GameProjection(store, GAMES)
        catch_up(tables.store.recorder, projection)
        table = tables.store.load(game_id)
        record = msgspec.json.decode(store.get(f"record:{game_id}") or b"", type=Record)
        assert record.state.ledger == table.state.ledger
        assert record.state.effective == table.state.effective
        assert any(isinstance(e, TakeBackNoted) for e in tables.store.events_of(table))

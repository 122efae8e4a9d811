"""What one finished game holds in Redis: the keys that expire after ``BACKROOM_FINISHED_SECONDS`` and
the summary that stays, by Redis's own ``MEMORY USAGE``.

One seeded random game of each game below is played to its end on a PostgreSQL schema of its own,
projected into a Redis prefix of its own (``backroom projections rebuild``'s path), and its keys
measured. A measurement, not a benchmark: there is no peer to compare with.

Run: ``.venv/bin/python -m tests.benchmarks.redis_per_game``.
"""

from __future__ import annotations

import random

import redis

from api.service.application import Tables
from domain.games import registered
from projections.redis_store import expiring
from store.settings import Settings
from tests.support.projecting import REDIS_URL, open_game, play, postgres_schema, redis_prefix, scale_env
from workers.projections import rebuild_all

GAMES = (("slush-fund-2", 2), ("politrickers", 4), ("super-pacs", 3), ("campaign-trail", 2))


def main() -> None:
    with postgres_schema() as schema, redis_prefix() as prefix:
        settings = Settings.from_env(scale_env(schema, prefix))
        tables = Tables(settings.eventsourcing_env(), games=registered())
        played = []
        for number, (game, players) in enumerate(GAMES):
            game_id, tokens = open_game(tables, game, players, f"size{number}")
            play(tables, game_id, tokens, random.Random(number), 20000)
            played.append((game, game_id, tables.store.load(game_id)))
        rebuild_all(settings, registered())
        client = redis.Redis.from_url(REDIS_URL)
        for game, game_id, table in played:
            leaving = staying = 0
            for key in client.scan_iter(match=f"{prefix}:*{game_id}*"):
                size = client.memory_usage(key) or 0
                if expiring(key.decode()[len(prefix) + 1 :], {game_id}):
                    leaving += size
                else:
                    staying += size
            print(
                f"{game}: over={table.over} versions={table.version} "
                f"expiring {leaving / 1024:.1f} KB, staying (summary) {staying / 1024:.1f} KB"
            )
        client.close()
        tables.close()


if __name__ == "__main__":
    main()

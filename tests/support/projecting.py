"""Helpers for read-side tests: per-run Redis prefixes and PostgreSQL schemas, and games played on Tables."""

from __future__ import annotations

import random
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
import redis

from api.service.tables import Tables
from domain.codec import encode
from domain.seats import Seat

REDIS_URL = "redis://127.0.0.1:6379/0"
POSTGRES_DSN = "postgresql://postgres@127.0.0.1:5432/test"


def unique(kind: str) -> str:
    """A name no other run (or xdist worker) uses."""
    return f"backroom_test_{kind}_{uuid.uuid4().hex[:12]}"


@contextmanager
def redis_prefix() -> Iterator[str]:
    """A Redis key prefix of this test alone; its keys are deleted afterwards."""
    prefix = unique("redis")
    yield prefix
    client = redis.Redis.from_url(REDIS_URL)
    keys = list(client.scan_iter(match=f"{prefix}:*", count=1000))
    if keys:
        client.unlink(*keys)
    client.close()


@contextmanager
def postgres_schema() -> Iterator[str]:
    """A PostgreSQL schema of this test alone; dropped afterwards."""
    schema = unique("pg")
    with psycopg.connect(POSTGRES_DSN, autocommit=True) as connection:
        connection.execute(f'CREATE SCHEMA "{schema}"')
    yield schema
    with psycopg.connect(POSTGRES_DSN, autocommit=True) as connection:
        connection.execute(f'DROP SCHEMA "{schema}" CASCADE')


def open_game(tables: Tables, game: str, players: int, seed: str) -> tuple[str, dict[int, str]]:
    """Open a seeded table with every seat named; its id and the seats' tokens."""
    opening = tables.open(game, [f"p{seat}" for seat in range(players)], seed=seed)
    return str(opening.game_id), opening.tokens


def play(tables: Tables, game_id: str, tokens: dict[int, str], rng: random.Random, moves: int) -> int:
    """Send up to ``moves`` random legal commands (stopping when the game ends); how many were sent."""
    for sent in range(moves):
        table = tables.load(game_id)
        rules: Any = table.rules
        acting = sorted(rules.to_act(table.state))
        if not acting:
            return sent
        seat = rng.choice(acting)
        command = rng.choice(rules.legal_commands(table.state, Seat(seat)))
        tables.submit(game_id, tokens[seat], encode(command))
    return moves

"""A finished game of each of the four games, played through the API as the pages play it (each seat
pledging and revealing a contribution, each keeping the signed heads it was shown), verifies; its
commitment at version 1 is its secret's; its bundle holds no seat token or recovery code; and what was
published during play (commitment, heads, signed heads) never carried the secret or a salt."""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.cli.verify import verify
from tests.record.playing import PledgedGame
from tests.takeback.helpers import TAKEBACK_TYPES, client_over

GAMES = [("slush-fund-2", 2), ("politrickers", 3), ("super-pacs", 2), ("campaign-trail", 2)]
HEADS_EVERY = 10
"""Each seat keeps the signed head it is shown every this many commands (and at the end)."""


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    yield from client_over(tmp_path_factory.mktemp("record"))


class Played:
    """One finished game, everything each seat was shown on the way, and its record."""

    def __init__(self, client: TestClient, game: str, seats: int) -> None:
        self.game = PledgedGame(client, game, seats)
        self.early = self.game.get("/record", 0)
        self.shown: list[str] = []
        rng = random.Random(f"record-{game}")
        sent = 0
        while not self.game.over():
            sent += self._one(rng)
            if sent % HEADS_EVERY == 0:
                self._look()
        self._look()
        self.bundle_text = self.game.get("/record").text
        self.bundle: dict[str, Any] = json.loads(self.bundle_text)

    def _one(self, rng: random.Random) -> int:
        seat = rng.choice(self.game.to_act())
        offered = [c for c in self.game.legal(seat) if c["type"] not in TAKEBACK_TYPES]
        self.game.ok(seat, rng.choice(offered))
        return 1

    def _look(self) -> None:
        """What every seat and a spectator are shown now: summary, view, feed and the signed head."""
        for seat in [*self.game.tokens, None]:
            self.shown.append(self.game.get("", seat).text)
            if seat is not None:
                self.shown.append(self.game.get("/view", seat).text)
                self.shown.append(self.game.get("/events", seat).text)
                self.shown.append(json.dumps(self.game.keep_head(seat)))


@pytest.fixture(scope="module", params=GAMES, ids=[game for game, _ in GAMES])
def played(request: pytest.FixtureRequest, client: TestClient) -> Played:
    game, seats = request.param
    return Played(client, game, seats)


def test_the_record_of_a_finished_game_verifies_with_every_seats_receipts(
    played: Played, tmp_path: Path
) -> None:
    """``backroom verify``'s check passes on the bundle, against the signed heads each seat kept."""
    receipts = [head for kept in played.game.receipts.values() for head in kept]
    verdict = verify(played.bundle_text.encode(), json.dumps(receipts).encode())
    assert verdict.code == 0, verdict.message
    assert len(receipts) >= 2 * len(played.game.tokens)


def test_the_commitment_seen_at_version_1_is_the_secret_in_the_bundle(played: Played) -> None:
    """The summary at the opening showed the commitment; the bundle's secret hashes to it."""
    first = played.game.first
    assert first["version"] == 1
    secret = played.bundle["secret"]
    assert first["commitment"] == hashlib.sha256(f"backroom/secret:{secret}".encode()).hexdigest()


def test_the_record_is_given_only_once_the_game_is_over(played: Played) -> None:
    """Before the end the record would hand out the secret and the salts: refused, nothing told."""
    assert played.early.status_code == 403
    assert played.early.json()["error"]["code"] == "history/hidden_until_over"


def test_the_bundle_holds_no_seat_token_and_no_recovery_code(played: Played) -> None:
    """Tokens and recovery codes, in any spelling, appear nowhere in the bundle."""
    text = played.bundle_text
    for secret in [*played.game.tokens.values(), *played.game.codes.values()]:
        plain = secret.replace("-", "")
        assert all(form not in text for form in (secret, plain, plain.lower(), plain.upper())), secret


def test_nothing_published_during_play_carries_the_secret_or_a_salt(played: Played) -> None:
    """Commitments, heads and signed heads are hashes of secret inputs: no salt, no salt key and no
    secret was ever in a summary, view, feed or signed head any seat or spectator was shown."""
    hidden = [played.bundle["secret"], *played.bundle["salts"]]
    for text in played.shown:
        assert not any(value in text for value in hidden)


def test_every_viewer_is_shown_the_same_head_at_a_version(played: Played) -> None:
    """A head is the same for every seat (no viewer's secret shapes it), and it is the record's there."""
    kept = [head for heads in played.game.receipts.values() for head in heads]
    for head in kept:
        assert head["head"] == played.bundle["heads"][head["version"] - 1]

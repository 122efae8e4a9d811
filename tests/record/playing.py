"""Tables played through the API the way a seat's page plays them: each seat pledges a contribution as
it sits down, reveals it once every seat is taken, and keeps every signed head it is shown."""

from __future__ import annotations

import hashlib
import secrets
from typing import Any

from fastapi.testclient import TestClient

from tests.takeback.helpers import Game


def pledge_of(contribution: str) -> str:
    """The pledge of a contribution, as docs/record.md defines it (written here again, not imported)."""
    return hashlib.sha256(f"backroom/contribution:{contribution}".encode()).hexdigest()


class PledgedGame(Game):
    """A table opened at open seats, each taken with a pledge and revealed; its heads kept per seat."""

    def __init__(self, client: TestClient, game: str, players: int) -> None:
        self.client = client
        opened = client.post("/api/games", json={"game": game, "seats": players})
        assert opened.status_code == 201, opened.text
        self.id = opened.json()["id"]
        self.first = opened.json()["game"]
        self.contributions = {seat: secrets.token_hex(16) for seat in range(players)}
        self.tokens: dict[int, str] = {}
        self.codes: dict[int, str] = {}
        self.receipts: dict[int, list[dict[str, Any]]] = {seat: [] for seat in range(players)}
        for seat in range(players):
            joined = client.post(
                f"/api/games/{self.id}/join",
                json={"name": f"p{seat}", "pledge": pledge_of(self.contributions[seat])},
            )
            assert joined.status_code == 200, joined.text
            self.tokens[seat] = joined.json()["token"]
            self.codes[seat] = joined.json()["recovery_code"]
        for seat in range(players):
            revealed = client.post(
                f"/api/games/{self.id}/contribution",
                json={"contribution": self.contributions[seat]},
                headers=self.auth(seat),
            )
            assert revealed.status_code == 200, revealed.text

    def keep_head(self, seat: int) -> dict[str, Any]:
        """The signed head the seat's page is shown now, kept as its receipt."""
        head = self.get("/head", seat).json()
        self.receipts[seat].append(head)
        return head

"""A finished table's record bundle (``GET /api/games/{id}/record``; the spec is ``docs/record.md``).

The bundle is the omniscient log exactly as the chain hashed it (each event's JSON as a string), the
secret and the commitment to it, every seat's pledge and contribution, each event's salt and the head
after it. The service signs the last head (:mod:`api.record.signing`) and adds its public keys; then
``backroom verify`` needs nothing else. A bundle is given only once the game is over, as the export
is: before, the secret and the salts would tell the seats what the rules hide. It never holds a seat
token or a recovery code (the log keeps only their SHA-256 digests, of 24- and 25-byte random values).
"""

from __future__ import annotations

from typing import Any

from domain import record
from domain.codec import encode
from domain.errors import HiddenUntilOver, InvalidRequest
from domain.table import SeatTaken, TableOpened
from projections.history import scheme_of
from store.reader import LogReader

FORMAT = "backroom-record/1"


def bundle(log: LogReader, game_id: str, takeback_timeout: float) -> dict[str, Any]:
    """The unsigned bundle of a finished game (``HiddenUntilOver`` before it ends)."""
    table = log.load(game_id)
    if not table.over:
        raise HiddenUntilOver("The record is given once the game is over: it holds every card and the secret")
    if table.state.forked_from is not None:
        raise InvalidRequest("A fork is a sandbox started from another game's position: it has no record")
    state = table.state
    lines, salts, heads, head = [], [], [], ""
    pledges: list[str | None] = list(state.pledges or (None,) * len(state.seat_names))
    for event in log.events(table):
        line = encode(event)
        salted = record.salt(state.salt_key, event.version)
        head = record.extend(head, salted, line)
        lines.append(line.decode())
        salts.append(salted.hex())
        heads.append(head)
        if isinstance(event, TableOpened) and event.pledges:
            pledges = list(event.pledges)
        elif isinstance(event, SeatTaken) and event.seat is not None:
            pledges[event.seat] = event.pledge
    return {
        "format": FORMAT,
        "id": str(table.id),
        "game": state.game,
        "rules_version": state.rules_version,
        "scheme": scheme_of(state).get("scheme", 1),
        "secret": state.secret,
        "commitment": state.commitment or None,
        "contributions": [
            {"seat": seat, "pledge": pledge, "contribution": state.contributions[seat]}
            for seat, pledge in enumerate(pledges)
            if pledge is not None
        ],
        "takeback_timeout": takeback_timeout,
        "log": lines,
        "salts": salts,
        "heads": heads,
    }

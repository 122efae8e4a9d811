"""Where a tournament's tables live and how its entrants are let in (docs/tournaments.md, rulings 20-22).

A round's table has an id derived from the tournament, the round and the table's number, so every
process that opens it opens the same stream and the log lets only the first do it (exactly once, on
any process). Its seats are named for the entrants at the opening, and each person's seat token is
derived from the table's secret and the seat: the service, which reads the secret off the log, can
give an entrant the link to their seat at any time, from any process, and no token is ever stored.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from uuid import NAMESPACE_URL, UUID, uuid5

from domain.tokens import TOKEN_BYTES


def round_table_id(tournament: str, round_number: int, index: int) -> UUID:
    """The id of table ``index`` of round ``round_number`` of ``tournament``: the same on every process."""
    return uuid5(NAMESPACE_URL, f"backroom:tournament:{tournament}:round:{round_number}:table:{index}")


def seat_token(key: str, table: str, seat: int) -> str:
    """The token of ``seat`` at the tournament table ``table``, from the tournament's seat key (as long
    as a fresh token)."""
    mac = hmac.new(key.encode(), b"tournament-seat\x1f%s\x1f%d" % (table.encode(), seat), hashlib.sha256)
    return base64.urlsafe_b64encode(mac.digest()[:TOKEN_BYTES]).decode()

"""Make the golden record bundle: ``python -m tests.record.make_golden`` (once; its bytes never change).

A Slush Fund 2 game played through the API at open seats, each seat pledging a contribution and
revealing it, with a consented take-back of a turn that drew cards (so the turn draws again), to the
end; the bundle (``golden.record.json``) and the signed heads seat 0's page kept (``golden.receipts.json``).
"""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

import msgspec

from tests.record.playing import PledgedGame
from tests.takeback.helpers import client_over

HERE = Path(__file__).parent


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        for client in client_over(Path(folder)):
            game = PledgedGame(client, "slush-fund-2", 2)
            rng = random.Random(47)
            turns = 0
            while not game.over():
                seat = game.play_turn(rng)
                game.keep_head(0)
                turns += 1
                if turns == 3 and not game.over():  # the turn just played drew: taken back, it draws again
                    game.ok(seat, {"type": "RequestTakeBack"})
                    game.ok(1 - seat, {"type": "ApproveTakeBack"})
            bundle = client.get(f"/api/games/{game.id}/record")
            assert bundle.status_code == 200, bundle.text
            (HERE / "golden.record.json").write_bytes(bundle.content)
            (HERE / "golden.receipts.json").write_bytes(msgspec.json.encode(game.receipts[0]))


if __name__ == "__main__":
    main()

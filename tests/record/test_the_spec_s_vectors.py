"""The dealing spec (docs/record.md) holds the vectors the Python implementation makes, and the
implementation is the spec's: draws as written there, a table's scheme kept from its opening."""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import struct
from pathlib import Path

from domain import dealing, record
from domain.chance import EPOCH
from domain.codec import encode
from domain.table.rules import chance_after
from tests.record.vectors import vectors
from tests.support.tiny_game import PILE, Take
from tests.table.helpers import Log

SPEC = Path(__file__).parents[2] / "docs" / "record.md"


def spec_vectors() -> dict[str, object]:
    found = re.search(r"```json\n(.*?)\n```", SPEC.read_text(), re.S)
    assert found is not None, "docs/record.md holds its vectors in a json block"
    return json.loads(found.group(1))  # type: ignore[no-any-return]


def test_the_spec_holds_the_vectors_the_implementation_makes() -> None:
    """Every vector in docs/record.md, made again."""
    assert spec_vectors() == json.loads(json.dumps(vectors()))


def test_the_stream_is_hmac_of_position_and_block_in_big_endian_words() -> None:
    """Words are HMAC-SHA-256(K, "{position}:{block}") read as eight big-endian words (written here anew)."""
    key = bytes(range(32))
    draws = dealing.Draws(key, 12)
    block = struct.unpack(">8I", hmac.new(key, b"12:0", hashlib.sha256).digest())
    again = struct.unpack(">8I", hmac.new(key, b"12:1", hashlib.sha256).digest())
    assert [draws.word() for _ in range(16)] == [*block, *again]


def test_below_passes_over_words_at_or_above_the_largest_multiple() -> None:
    """below(n) takes words until one is below 2^32 - 2^32 mod n, and gives it mod n."""
    key = bytes(32)
    words = dealing.words(key, 0)
    stream = [next(words) for _ in range(64)]
    n = 2**31 + 1
    limit = 2**32 - 2**32 % n
    expected = next(word for word in stream if word < limit) % n
    assert dealing.Draws(key, 0).randbelow(n) == expected


def test_a_scheme_2_step_draws_from_the_key_and_a_scheme_1_step_from_mersenne() -> None:
    """A table keeps its scheme: without a key the step is Python's generator seeded as before."""
    key = dealing.table_key("s", (None, None))
    assert isinstance(chance_after("s", 4, EPOCH, key).rng, dealing.Draws)
    assert not isinstance(chance_after("s", 4, EPOCH).rng, dealing.Draws)
    deck, again = list(range(20)), list(range(20))
    chance_after("s", 4, EPOCH, key).rng.shuffle(deck)
    dealing.Draws(key, 4).shuffle(again)
    assert deck == again != list(range(20))


def test_the_fold_keeps_the_head_the_spec_chains() -> None:
    """The table's fold (which writes the head out for speed) and domain.record agree at every version."""
    log = Log(PILE)
    log.send(0, Take(count=1))
    log.send(1, Take(count=2))
    key, head = record.salt_key(log.table.secret), ""
    for event in log.events:
        head = record.extend(head, record.salt(key, event.version), encode(event))
    assert log.table.chain == head and len(log.events) >= 4

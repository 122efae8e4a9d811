"""``backroom verify`` on the golden record and on copies of it changed one way each (docs/record.md).

The golden bundle (``golden.record.json``, made once by ``make_golden``) is a Slush Fund 2 game whose
seats pledged and revealed contributions, with a turn that drew cards taken back and played again.
Every mutated copy must fail with exit 1 naming the exact check and the first bad version.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from api.cli import app

HERE = Path(__file__).parent
GOLDEN: dict[str, Any] = json.loads((HERE / "golden.record.json").read_text())
RETAKEN_DRAW = 28
"""The golden game's turn at versions 17-24 drew cards, was taken back (27) and drew again at 28."""


def verify(tmp_path: Path, bundle: Any, *extra: str) -> tuple[int, dict[str, Any]]:
    """``backroom verify FILE --json`` on ``bundle`` (bytes as they are, else JSON): exit code and verdict."""
    path = tmp_path / "record.json"
    path.write_bytes(bundle if isinstance(bundle, bytes) else json.dumps(bundle).encode())
    result = CliRunner().invoke(app, ["verify", str(path), "--json", *extra])
    return result.exit_code, json.loads(result.stdout)


def events(bundle: dict[str, Any]) -> list[dict[str, Any]]:
    return [json.loads(line) for line in bundle["log"]]


def with_event(bundle: dict[str, Any], version: int, event: dict[str, Any]) -> dict[str, Any]:
    changed = copy.deepcopy(bundle)
    changed["log"][version - 1] = json.dumps(event, separators=(",", ":"))
    return changed


def test_the_golden_record_verifies(tmp_path: Path) -> None:
    """A finished game's record verifies offline: exit 0, with the receipts a seat kept."""
    code, verdict = verify(tmp_path, GOLDEN, "--receipts", str(HERE / "golden.receipts.json"))
    assert (code, verdict["verdict"]) == (0, "verified"), verdict


def test_one_card_changed_in_a_draw_fails_the_deal_at_that_version(tmp_path: Path) -> None:
    """Re-dealing the draw from the secret and the contributions gives other cards than the log."""
    drawn = events(GOLDEN)[11]
    assert drawn["event"]["type"] == "CardsDrawn"
    cards = drawn["event"]["cards"]
    drawn["event"]["cards"] = [next(card for card in range(60) if card not in cards), *cards[1:]]
    code, verdict = verify(tmp_path, with_event(GOLDEN, 12, drawn))
    assert (code, verdict["check"], verdict["version"]) == (1, "deal", 12), verdict
    assert verdict["expected"]["event"]["cards"] == cards
    assert verdict["found"]["event"]["cards"] == drawn["event"]["cards"]


def test_a_draw_dealt_again_differently_after_a_take_back_fails_the_deal(tmp_path: Path) -> None:
    """A taken-back draw is never drawn again differently: the turn played again draws the same cards."""
    log = events(GOLDEN)
    first, again = log[16], log[RETAKEN_DRAW - 1]
    assert log[26]["event"]["type"] == "TurnTakenBack" and first["event"] == again["event"]
    again["event"]["cards"] = list(reversed(again["event"]["cards"]))
    code, verdict = verify(tmp_path, with_event(GOLDEN, RETAKEN_DRAW, again))
    assert (code, verdict["check"], verdict["version"]) == (1, "deal", RETAKEN_DRAW), verdict


def test_one_event_dropped_fails_the_sequence_where_it_was(tmp_path: Path) -> None:
    changed = copy.deepcopy(GOLDEN)
    del changed["log"][40]
    code, verdict = verify(tmp_path, changed)
    assert (code, verdict["check"], verdict["version"]) == (1, "sequence", 41), verdict
    assert (verdict["expected"], verdict["found"]) == ("version 41", "version 42")


def test_two_events_swapped_fail_the_sequence_at_the_first(tmp_path: Path) -> None:
    changed = copy.deepcopy(GOLDEN)
    changed["log"][50], changed["log"][51] = changed["log"][51], changed["log"][50]
    code, verdict = verify(tmp_path, changed)
    assert (code, verdict["check"], verdict["version"]) == (1, "sequence", 51), verdict


def test_a_wrong_key_fails_the_signature_of_the_last_head(tmp_path: Path) -> None:
    changed = copy.deepcopy(GOLDEN)
    changed["keys"][0]["public_key"] = "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a"
    code, verdict = verify(tmp_path, changed)
    assert (code, verdict["check"], verdict["version"]) == (1, "signature", len(GOLDEN["log"])), verdict


def test_a_changed_contribution_fails_against_its_seats_pledge(tmp_path: Path) -> None:
    """Seat 1 pledged when it sat down (version 3); a contribution other than the pledged one fails."""
    changed = copy.deepcopy(GOLDEN)
    entry = changed["contributions"][1]
    entry["contribution"] = "0" * 32
    code, verdict = verify(tmp_path, changed)
    assert (code, verdict["check"], verdict["version"]) == (1, "contribution", 3), verdict
    assert verdict["expected"] == entry["pledge"]


def test_a_changed_secret_fails_the_commitment_published_at_version_1(tmp_path: Path) -> None:
    changed = copy.deepcopy(GOLDEN)
    changed["secret"] = "f" * 32
    code, verdict = verify(tmp_path, changed)
    assert (code, verdict["check"], verdict["version"]) == (1, "commitment", 1), verdict
    assert verdict["expected"] == GOLDEN["commitment"]


def test_a_truncated_log_fails_as_incomplete(tmp_path: Path) -> None:
    """The signature covers the whole log: a log cut short (its salts and heads with it) is not all of it."""
    changed = copy.deepcopy(GOLDEN)
    for part in ("log", "salts", "heads"):
        changed[part] = changed[part][:100]
    code, verdict = verify(tmp_path, changed)
    assert (code, verdict["check"], verdict["version"]) == (1, "complete", 100), verdict


def test_an_event_changed_where_no_rule_looks_fails_the_chain(tmp_path: Path) -> None:
    """A change the rules cannot see (a command's digest) still changes the head at its version."""
    moved = events(GOLDEN)[40]
    moved["command_digest"] = "0" * 64
    code, verdict = verify(tmp_path, with_event(GOLDEN, 41, moved))
    assert (code, verdict["check"], verdict["version"]) == (1, "chain", 41), verdict
    assert (verdict["expected"], verdict["found"]) != (GOLDEN["heads"][40], GOLDEN["heads"][40])


def test_a_receipt_the_record_contradicts_fails_at_its_version(tmp_path: Path) -> None:
    """A seat shown another head than the bundle's holds a signed receipt that proves it."""
    receipts = json.loads((HERE / "golden.receipts.json").read_text())
    receipts[5]["head"] = GOLDEN["heads"][receipts[5]["version"]]  # another head, unsigned as such
    path = tmp_path / "receipts.json"
    path.write_text(json.dumps(receipts))
    code, verdict = verify(tmp_path, GOLDEN, "--receipts", str(path))
    assert (code, verdict["check"], verdict["version"]) == (1, "receipt", receipts[5]["version"]), verdict


@pytest.mark.parametrize(
    "garbage",
    [
        b"",
        b"not json at all",
        b"[1, 2, 3]",
        json.dumps(GOLDEN | {"scheme": 9}).encode(),
        json.dumps({"format": 1}).encode(),
    ],
    ids=["empty", "text", "a list", "an unknown scheme", "no bundle"],
)
def test_a_file_that_is_no_record_exits_2(tmp_path: Path, garbage: bytes) -> None:
    code, verdict = verify(tmp_path, garbage)
    assert (code, verdict["verdict"]) == (2, "malformed"), verdict

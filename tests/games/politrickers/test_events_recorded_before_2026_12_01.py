"""Events recorded before 2026-12-01 lack the decisions ``decide`` now writes in; they still replay alike."""

from __future__ import annotations

import msgspec

from domain.games.politrickers.events import TrickWon
from domain.referee import fold

from .conftest import CLAWS, GAME, E, W, dealt, given, play

OLD_TRICK_WON = b'{"type":"TrickWon","seat":2,"party":"claws","token_placed":true}'


def test_a_trick_won_recorded_without_a_next_chair_makes_its_winner_the_next_chair() -> None:
    """The winner becomes the next Chair: an old ``TrickWon`` folds as the new one naming the winner."""
    table = given(dealt([W(2)], [E(4)], [E(1)], parties="TCC")).played((0, play(W(2))), (1, play(E(4))))
    events = table.when(2, play(E(1))).events
    assert events[-1] == TrickWon(seat=2, party=CLAWS, token_placed=True, next_chair=2)
    old = [*events[:-1], GAME.event_decoder.decode(OLD_TRICK_WON)]
    assert fold(GAME, old, table.state) == fold(GAME, events, table.state)
    assert fold(GAME, old, table.state).trick.chair == 2


def test_an_old_trick_won_encodes_back_to_the_bytes_it_was_stored_as() -> None:
    """The new field is left out while unset, so an old event re-encodes byte for byte."""
    assert msgspec.json.encode(GAME.event_decoder.decode(OLD_TRICK_WON)) == OLD_TRICK_WON

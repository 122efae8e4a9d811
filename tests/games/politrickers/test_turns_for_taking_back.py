"""Each play to a trick is its player's turn: the game says which event of a step begins a turn."""

from __future__ import annotations

from domain.games.politrickers.events import PartySwitched, TrickWon
from domain.games.politrickers.takebacks import TAKEBACKS

from .conftest import CLAWS, ECO, MIG, E, W, dealt, given, migrate, play


def _turn_starts(state: object, events: list[object]) -> list[str]:
    """The events the game marks as turn starts, of a step decided on ``state``."""
    return [type(event).__name__ for event in events if TAKEBACKS.turn_start(state, event)]  # type: ignore[arg-type]


def test_each_play_to_a_trick_begins_its_players_turn() -> None:
    """Going clockwise, each player in turn plays 1 card: one turn start per play."""
    table = given(dealt([W(2)], [E(4)], [E(1)], parties="TCC"))
    first = table.when(0, play(W(2))).events
    table.played((0, play(W(2))))
    assert _turn_starts(None, first) == ["CardPlayed"]
    second = table.when(1, play(E(4))).events
    assert _turn_starts(None, second) == ["CardPlayed"]


def test_the_trick_result_belongs_to_the_turn_of_the_last_card() -> None:
    """Winning the trick is no turn of its own: the last card's step holds one turn start."""
    table = given(dealt([W(2)], [E(4)], [E(1)], parties="TCC")).played((0, play(W(2))), (1, play(E(4))))
    events = table.when(2, play(E(1))).events
    assert any(isinstance(event, TrickWon) for event in events)
    assert _turn_starts(None, events) == ["CardPlayed"]


def test_a_party_switch_is_part_of_the_play_it_comes_with() -> None:
    """A forced switch and the card after it are one turn; the switch itself begins nothing."""
    table = given(dealt([W(2)], [W(4)], [E(1)], parties="TCC")).played((0, play(W(2))))
    events = table.when(1, play(W(4))).events
    assert isinstance(events[0], PartySwitched) and events[0].party is not CLAWS
    assert _turn_starts(None, events) == ["CardPlayed"]


def test_a_face_down_card_and_migration_each_begin_their_players_turn() -> None:
    """Taking a step back and playing Migration are plays to the trick like any other."""
    table = given(dealt([W(2)], [E(4)], [MIG], parties="TCC")).played((0, play(W(2))), (1, play(E(4))))
    assert _turn_starts(table.state, table.when(2, migrate()).events) == ["MigrationPlayed"]
    down = given(dealt([W(2)], [E(4)], [ECO(1)])).played((0, play(W(2))), (1, play(E(4))))
    assert _turn_starts(down.state, down.when(2, play(ECO(1))).events) == ["CardPlayedFaceDown"]

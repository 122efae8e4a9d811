"""What one viewer is told of a table event: the game's own redaction, the table's own sentences."""

from __future__ import annotations

from typing import Any, NamedTuple

from domain import referee, takeback
from domain.seats import SeatNames, Viewer, label
from domain.table.events import (
    AnyGame,
    AnyTableEvent,
    GameEventRecorded,
    SeatLinkReissued,
    SeatTaken,
    TableForked,
    TakeBackNoted,
)

# -- what a viewer is told ------------------------------------------------------------------------


class Told(NamedTuple):
    """A table event as one viewer may see it: its kind, the event shown, and one sentence."""

    kind: str
    event: Any
    sentence: str


FEED_TYPES = {
    "opened": "TableOpened",
    "joined": "SeatTaken",
    "forked": "Forked",
    "relinked": "SeatLinkReissued",
}
"""The ``type`` a feed line gives the table's own events (game and take-back events carry theirs)."""


def told(game: AnyGame, event: AnyTableEvent, viewer: Viewer, names: SeatNames) -> Told:
    """``event`` as ``viewer`` may see it: a game event redacted by the game, the table's own public."""
    if isinstance(event, GameEventRecorded):
        seen, sentence = referee.tell(game, game.event_decoder.decode(event.event), viewer, names)
        return Told("event", seen, sentence)
    if isinstance(event, TakeBackNoted):
        noted = takeback.EVENT_DECODER.decode(event.event)
        return Told("takeback", noted, takeback.describe(noted, names))
    if isinstance(event, SeatTaken):
        return Told("joined", {"seat": event.seat, "name": event.name}, f"{event.name} took a seat.")
    if isinstance(event, SeatLinkReissued):  # the digest is never told: only that the seat has a new link
        assert event.seat is not None, "a link is reissued for a seat"
        who = label(names, event.seat, "A player")
        sentence = f"{who} took a new seat link; the old one no longer works."
        return Told("relinked", {"seat": event.seat}, sentence)
    if isinstance(event, TableForked):
        sentence = f"This table starts from game {event.source} at version {event.source_version}."
        return Told("forked", {"source": event.source, "source_version": event.source_version}, sentence)
    seats = len(event.seat_names)
    return Told(
        "opened",
        {"game": event.game, "seats": seats},
        f"A table for {game.title} was opened with {seats} seats.",
    )


def feed_event(said: Told) -> Any:
    """The event of a feed line: the table's own events tagged with their ``type``."""
    tag = FEED_TYPES.get(said.kind)
    return said.event if tag is None else {"type": tag} | said.event

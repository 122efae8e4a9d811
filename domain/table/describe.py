"""What one viewer is told of a table event: the game's own redaction, the table's own sentences."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from domain import referee, takeback
from domain.game import AnyGame
from domain.seats import SPECTATOR, SeatNames, Viewer, label, numbered
from domain.table.events import (
    AnyTableEvent,
    ContributionRevealed,
    GameEventRecorded,
    SeatForfeited,
    SeatLinkReissued,
    SeatTaken,
    StandInChanged,
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
    "stand_in": "StandIn",
    "forfeit": "Forfeited",
    "contributed": "ContributionRevealed",
}
"""The ``type`` a feed line gives the table's own events (game and take-back events carry theirs)."""


NO_LEDGER = takeback.Ledger()


def told(
    game: AnyGame, event: AnyTableEvent, viewer: Viewer, names: SeatNames, ledger: takeback.Ledger = NO_LEDGER
) -> Told:
    """``event`` as ``viewer`` may see it: a game event redacted by the game, the table's own public.

    ``ledger``: the table's take-back ledger just after ``event``, for saying what a take-back or a
    request takes back (each move as ``viewer`` saw it); without it the versions are named.
    """
    if isinstance(event, GameEventRecorded):
        return _told_move(game, event, (viewer,), names)[0]
    if isinstance(event, TakeBackNoted):
        noted = takeback.EVENT_DECODER.decode(event.event)
        return Told(
            "takeback", noted, takeback.describe(noted, names, taken(game, noted, viewer, names, ledger))
        )
    if isinstance(event, SeatTaken):  # a pledge is public: it commits to a contribution, hiding it
        joined = {"seat": event.seat, "name": event.name} | ({"pledge": event.pledge} if event.pledge else {})
        return Told("joined", joined, f"{event.name} took a seat.")
    if isinstance(event, ContributionRevealed):  # revealed once every pledge is fixed: public
        who = label(names, event.seat or 0, "A player")
        shown = {"seat": event.seat, "contribution": event.contribution}
        return Told("contributed", shown, f"{who} revealed a contribution to the deal.")
    if isinstance(event, SeatLinkReissued):  # the digest is never told: only that the seat has a new link
        assert event.seat is not None, "a link is reissued for a seat"
        who = label(names, event.seat, "A player")
        sentence = f"{who} took a new seat link; the old one no longer works."
        if event.recovered:
            sentence = f"{who} got the seat back with a recovery code; the old link no longer works."
        return Told("relinked", {"seat": event.seat}, sentence)
    if isinstance(event, StandInChanged):
        who = label(names, event.stand_in_for, numbered(event.stand_in_for, "seat"))
        shown = {"seat": event.stand_in_for, "bot": event.bot.policy if event.bot else None}
        if event.bot is None:
            return Told("stand_in", shown, f"{who} is back.")
        if event.to_the_end:
            return Told("stand_in", shown, f"A {event.bot.label()} plays for {who} to the end of the game.")
        return Told("stand_in", shown, f"A {event.bot.label()} plays for {who} until they come back.")
    if isinstance(event, SeatForfeited):
        who = label(names, event.forfeiter, numbered(event.forfeiter, "seat"))
        return Told("forfeit", {"seat": event.forfeiter}, f"{who} forfeits on time.")
    if isinstance(event, TableForked):
        sentence = f"This table starts from game {event.source} at version {event.source_version}."
        return Told("forked", {"source": event.source, "source_version": event.source_version}, sentence)
    seats = len(event.seat_names)
    return Told(
        "opened",
        {"game": event.game, "seats": seats},
        f"A table for {game.title} was opened with {seats} seats.",
    )


def told_each(
    game: AnyGame,
    event: AnyTableEvent,
    viewers: Sequence[Viewer],
    names: SeatNames,
    ledger: takeback.Ledger = NO_LEDGER,
) -> list[Told]:
    """:func:`told` for each of ``viewers``, in order, the work shared where the telling is the same.

    A game event is decoded once, and the viewers the game shows the same event (its ``redact``
    returns the very object it returned for an earlier viewer: a public event, or a secret one to the
    seats that see it whole) share one ``Told``: a sentence depends on the event as shown and the
    names only, never on who reads it (:class:`domain.game.GameDefinition`). A table event is told
    to each viewer on its own (a take-back names each move as that viewer saw it).
    """
    if not isinstance(event, GameEventRecorded):
        return [told(game, event, viewer, names, ledger) for viewer in viewers]
    return _told_move(game, event, viewers, names)


def told_alike(game: AnyGame, event: AnyTableEvent, names: SeatNames) -> Told | None:
    """The one ``Told`` of a game move every viewer is shown as it is (its type is declared public,
    so no viewer's redaction is asked for); ``None`` for any other event."""
    if not isinstance(event, GameEventRecorded):
        return None
    decoded = game.event_decoder.decode(event.event)
    return _said(game, decoded, event, names) if type(decoded) in game.public else None


def _told_move(
    game: AnyGame, event: GameEventRecorded, viewers: Sequence[Viewer], names: SeatNames
) -> list[Told]:
    """A game move as each viewer is shown it, with its sentence: a move of a public type told once for
    all (no redaction asked for), any other redacted for each viewer, the viewers shown the very same
    redacted event sharing one ``Told``.

    Nothing is remembered from one call to the next: decoding a recorded move and saying it cost less
    than looking them up by identity did (``domain.recent.Recent``: about 0.2 us to decode a card played
    in a trick, 0.4 us to find it decoded), once a public move asks no viewer's redaction."""
    decoded = game.event_decoder.decode(event.event)
    if type(decoded) in game.public:
        return [_said(game, decoded, event, names)] * len(viewers)
    shown: dict[int, Told] = {}  # by the identity of the event shown (each held in ``each``)
    each: list[Told] = []
    for viewer in viewers:
        seen = game.redact(decoded, viewer)
        said = shown.get(id(seen))
        if said is None:
            said = shown[id(seen)] = _said(game, seen, event, names, viewer)
        each.append(said)
    return each


def _said(
    game: AnyGame, seen: Any, event: GameEventRecorded, names: SeatNames, viewer: Viewer = SPECTATOR
) -> Told:
    """``seen`` (``event``'s move as shown) told with its sentence; the referee's move for a seat out of
    time says so. ``viewer`` is one it is shown to: the sentence is the same for every one
    (``GameDefinition``'s contract)."""
    sentence = game.describe(seen, viewer, names)  # as referee.tell, once for all shown alike
    if event.by_referee and event.seat is not None:
        who = label(names, event.seat, numbered(event.seat, "seat"))
        sentence = f"Time ran out for {who}; the referee played for them: {sentence}"
    return Told("event", seen, sentence)


def taken(
    game: AnyGame, event: takeback.TakeBackEvent, viewer: Viewer, names: SeatNames, ledger: takeback.Ledger
) -> takeback.Taken | None:
    """What a take-back or a request names, told to ``viewer`` event by event as it saw each one
    (a face-down card stays face down); ``None`` when the ledger does not hold those steps."""
    if not isinstance(event, takeback.TurnTakenBack | takeback.TakeBackRequested):
        return None
    steps = takeback.named(ledger, event.first, event.last)
    if not steps:
        return None
    if not all(step.events for step in steps):
        return takeback.Taken(len(steps))
    said = tuple(
        referee.tell(game, game.event_decoder.decode(raw), viewer, names)[1].rstrip(".")
        for step in steps
        for raw in step.events
    )
    return takeback.Taken(len(steps), said)


def played_by(event: AnyTableEvent) -> dict[str, str]:
    """Who made a game move when no person did: ``{"by": "referee"}`` or ``{"by": "bot", "bot": policy}``
    (a forfeit is the referee's too; nothing for a person's move, or any other event)."""
    if isinstance(event, SeatForfeited):
        return {"by": "referee"}
    if not isinstance(event, GameEventRecorded):
        return {}
    if event.by_referee:
        return {"by": "referee"}
    return {"by": "bot", "bot": event.bot} if event.bot else {}


def feed_event(said: Told) -> Any:
    """The event of a feed line: the table's own events tagged with their ``type``."""
    tag = FEED_TYPES.get(said.kind)
    return said.event if tag is None else {"type": tag} | said.event

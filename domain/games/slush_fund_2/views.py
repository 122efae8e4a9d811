"""What each viewer may see: whitelisted views, and who may read each event whole.

A view is assembled from public pieces plus the viewer's own pieces; a hidden piece has its own type
(``HiddenHand(count)`` beside ``OwnHand(cards)``, ``HiddenContribution()`` beside ``SeenContribution``),
so a builder cannot put a secret where only a count belongs without a type error.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.games.slush_fund_2.cards import POLITICIANS, SEAT_COUNT, CardId, Ladder
from domain.games.slush_fund_2.events import (
    CardsDrawn,
    CardsDrawnUnseen,
    CardStashed,
    CardStashedUnseen,
    ContributionConcealed,
    ContributionDiscarded,
    ContributionMoved,
    ContributionRevealed,
    ContributionsExchanged,
    DrawnCardsShuffledBack,
    DrawnCardsShuffledBackUnseen,
    FaceDownCardPlayed,
    FinalTurnBegan,
    GameEnded,
    GameStarted,
    JournalistPaidOff,
    JournalistPlayed,
    MoneyCardPlayed,
    PowerCardDiscarded,
    PowerCardFinished,
    PowerCardPlayed,
    SecretContributionDiscarded,
    SlushFundCardTaken,
    SlushFundCardTakenUnseen,
    SlushFundExamined,
    TurnPassed,
)
from domain.games.slush_fund_2.rules.scoring import Score, score
from domain.games.slush_fund_2.state import Auditing, Contribution, Over, Side, Spying, State
from domain.messages import Event, View
from domain.recent import Recent
from domain.seats import OMNISCIENT, Viewer, is_seat
from domain.visibility import Declarations, OwnHand, Secret, public


class HiddenHand(msgspec.Struct, frozen=True, kw_only=True, tag=True):
    """Someone else's hand: only how many cards it holds."""

    count: int


class SeenContribution(msgspec.Struct, frozen=True, kw_only=True, tag=True):
    """A contribution whose card the viewer knows (face-up, the viewer's own, or exposed)."""

    card: CardId
    face_down: bool


class HiddenContribution(msgspec.Struct, frozen=True, kw_only=True, tag=True):
    """A face-down contribution the viewer may not look at."""


ContributionView = SeenContribution | HiddenContribution


class PlayerSide(msgspec.Struct, frozen=True, kw_only=True):
    """One seat's pieces as the viewer may see them."""

    seat: int
    hand: OwnHand | HiddenHand
    deck_count: int
    deck_top: tuple[CardId, ...]
    """The cards known to be on top of the deck (the $1M and $2M put back at setup, until drawn)."""
    contributions: tuple[tuple[ContributionView, ...], ...]


class PoliticianView(msgspec.Struct, frozen=True, kw_only=True):
    """A politician: name, ladder and the journalists under it (public)."""

    name: str
    ladder: Ladder
    journalists: tuple[CardId, ...]


class SlushFundView(msgspec.Struct, frozen=True, kw_only=True):
    """The slush fund: its size, and the cards the viewer knows to be in it."""

    count: int
    known: tuple[CardId, ...]


class SlushFundTableView(View, frozen=True, kw_only=True):
    """Everything one viewer may see of a Slush Fund 2 table."""

    viewer: str
    turn: int
    step: str
    final: bool
    moved: int
    """Contributions the current accountant has moved so far."""
    spy_revealed: bool
    politicians: tuple[PoliticianView, ...]
    players: tuple[PlayerSide, ...]
    slush_fund: SlushFundView
    discard_count: int
    result: Score | None
    """The score sheet, once the game is over."""


def _sees_all_of(viewer: Viewer, seat: int) -> bool:
    return viewer is OMNISCIENT or (is_seat(viewer) and viewer == seat)


def _contribution(contribution: Contribution, open_to_viewer: bool) -> ContributionView:
    if open_to_viewer or not contribution.face_down or contribution.exposed:
        return SeenContribution(card=contribution.card, face_down=contribution.face_down)
    return HiddenContribution()


def _side(side: Side, open_to_viewer: bool) -> tuple[ContributionView, ...]:
    return tuple(_contribution(contribution, open_to_viewer) for contribution in side)


def _player(table: State, seat: int, viewer: Viewer) -> PlayerSide:
    """``seat``'s pieces as ``viewer`` may see them: the very ``PlayerSide`` made last time from the same
    hand, deck and contributions (the same objects: ``evolve`` keeps a seat's pieces that a command left
    alone), so a view makes only the seat a command changed, and an environment's observation keeps the
    other's slots (:mod:`env.layout`). What it bought: docs/architecture.md, *Speed: issue 50*."""
    mine = _sees_all_of(viewer, seat)
    hand, deck, sides = table.hands[seat], table.decks[seat], table.sides[seat]
    made = _PLAYERS[seat][mine]
    found = made.find(sides, hand, deck)
    if found is not None:
        return found
    side = PlayerSide(
        seat=seat,
        hand=OwnHand(cards=hand) if mine else HiddenHand(count=len(hand)),
        deck_count=deck.count,
        deck_top=deck.top,
        contributions=_contributions(sides, mine),
    )
    return made.keep((sides, hand, deck), side)


def _contributions(sides: tuple[Side, ...], mine: bool) -> tuple[tuple[ContributionView, ...], ...]:
    """A seat's contributions as a viewer who sees them all (``mine``) or another sees them: the very
    tuple made last for the same sides (most commands change a hand, not the contributions)."""
    made = _CONTRIBUTIONS[mine]
    found = made.find(sides)
    return found if found is not None else made.keep((sides,), tuple(_side(side, mine) for side in sides))


_PLAYERS: tuple[tuple[Recent[PlayerSide], Recent[PlayerSide]], ...] = tuple(
    (Recent(16), Recent(16)) for _ in range(SEAT_COUNT)
)
"""Each seat's pieces as made last, by the identity of its contributions, hand and deck: as seen by a
viewer from across the table (``[seat][False]``) and by one who sees them all (``[seat][True]``: the seat
itself, the omniscient)."""
_CONTRIBUTIONS: tuple[Recent[tuple[tuple[ContributionView, ...], ...]], ...] = (Recent(16), Recent(16))
"""A seat's contributions as made last, by the identity of its sides, seen from across the table
(``[False]``) and by a viewer who sees them all (``[True]``)."""


def _slush_fund(table: State, viewer: Viewer) -> SlushFundView:
    if viewer is OMNISCIENT:
        known = table.slush
    elif is_seat(viewer):
        known = table.slush_known[viewer]
    else:
        known = ()
    return SlushFundView(count=len(table.slush), known=known)


def view(table: State, viewer: Viewer) -> SlushFundTableView:
    """The table as ``viewer`` may see it."""
    step = table.step
    return SlushFundTableView(
        viewer=str(viewer.value) if not is_seat(viewer) else str(viewer),  # type: ignore[union-attr]  # not a seat: an Audience, which has .value
        turn=table.turn,
        step=type(step).__name__,
        final=table.final,
        moved=len(step.moved) if isinstance(step, Auditing) else 0,
        spy_revealed=isinstance(step, Spying) and step.revealed,
        politicians=tuple(
            PoliticianView(name=POLITICIANS[p], ladder=ladder, journalists=table.journalists[p])
            for p, ladder in enumerate(table.ladders)
        ),
        players=tuple(_player(table, seat, viewer) for seat in range(SEAT_COUNT)),
        slush_fund=_slush_fund(table, viewer),
        discard_count=len(table.discard),
        result=score(table) if isinstance(step, Over) else None,
    )


def _drawer(event: Any) -> tuple[int]:
    """The seat whose cards these are (it reads the event whole)."""
    return (event.seat,)


def _drawn(event: CardsDrawn, viewer: Viewer) -> CardsDrawnUnseen:
    return CardsDrawnUnseen(seat=event.seat, count=len(event.cards))


def _recalled(event: DrawnCardsShuffledBack, viewer: Viewer) -> DrawnCardsShuffledBackUnseen:
    return DrawnCardsShuffledBackUnseen(seat=event.seat, count=len(event.cards))


def _stashed(event: CardStashed, viewer: Viewer) -> CardStashedUnseen:
    return CardStashedUnseen(seat=event.seat)


def _taken(event: SlushFundCardTaken, viewer: Viewer) -> SlushFundCardTakenUnseen:
    return SlushFundCardTakenUnseen(seat=event.seat)


def _played(event: MoneyCardPlayed, viewer: Viewer) -> Event:
    """A face-up card is public; a face-down one shows only where it went."""
    return FaceDownCardPlayed(seat=event.seat, politician=event.politician) if event.face_down else event


def _discarded(event: ContributionDiscarded, viewer: Viewer) -> Event:
    """A discarded contribution nobody else saw stays unseen."""
    if not event.secret:
        return event
    return SecretContributionDiscarded(seat=event.seat, politician=event.politician, slot=event.slot)


VISIBILITY: Declarations = {
    **public(
        GameStarted,
        CardsDrawnUnseen,
        DrawnCardsShuffledBackUnseen,
        FinalTurnBegan,
        CardStashedUnseen,
        SlushFundExamined,
        SlushFundCardTakenUnseen,
        FaceDownCardPlayed,
        SecretContributionDiscarded,
        PowerCardPlayed,
        PowerCardFinished,
        ContributionRevealed,
        ContributionConcealed,
        ContributionMoved,
        ContributionsExchanged,
        JournalistPlayed,
        JournalistPaidOff,
        PowerCardDiscarded,
        TurnPassed,
        GameEnded,
    ),
    CardsDrawn: Secret(seen_by=_drawer, hide=_drawn, twins=(CardsDrawnUnseen,)),
    DrawnCardsShuffledBack: Secret(seen_by=_drawer, hide=_recalled, twins=(DrawnCardsShuffledBackUnseen,)),
    CardStashed: Secret(seen_by=_drawer, hide=_stashed, twins=(CardStashedUnseen,)),
    SlushFundCardTaken: Secret(seen_by=_drawer, hide=_taken, twins=(SlushFundCardTakenUnseen,)),
    MoneyCardPlayed: Secret(seen_by=_drawer, hide=_played, twins=(FaceDownCardPlayed,)),
    ContributionDiscarded: Secret(seen_by=_drawer, hide=_discarded, twins=(SecretContributionDiscarded,)),
}
"""Who may read each event whole: a seat's own draws, stashes, takes and face-down cards are its own."""

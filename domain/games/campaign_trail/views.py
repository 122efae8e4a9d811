"""What each viewer may see of Campaign Trail: views, and who may read each event whole.

Public: the map (every state's voters by party and its leader), the live electoral-vote track, war
chests, registered voters, pawns, kept candidates, cards in play and discarded, deck and hand sizes,
the action in progress, a Scandal's open choice, an open reaction window (who may still answer, the
action it holds, the responses played) and the debate. Hidden: each hand and each seat's
two dealt candidates (``OwnHand`` for their owner, ``HandCount`` for everyone else), the order and
content of the month decks (sizes only), the candidates left in the box (never shown).
"""

from __future__ import annotations

import msgspec

from domain.choices import Choice, Chosen
from domain.games.campaign_trail.cards.board import (
    ABBREVIATIONS,
    ELECTORAL_VOTES,
    ISSUES,
    PARTY_NAMES,
    STATE_COUNT,
)
from domain.games.campaign_trail.cards.candidates import CANDIDATES
from domain.games.campaign_trail.cards.catalogue import CARDS, action_text
from domain.games.campaign_trail.events import (
    ActionLeft,
    CampaignBegan,
    CandidateKept,
    CardDrawn,
    CardDrawnSeen,
    CardPlayed,
    DebateCardPlayed,
    DebateEnded,
    DebateWon,
    ElectionHeld,
    GameSetUp,
    GameSetUpSeen,
    MoneyMoved,
    MonthEnded,
    PawnMoved,
    RegisteredMoved,
    ResponsePlayed,
    TurnPassed,
    VictimAsked,
    VotersOwed,
    VotersPlaced,
    VotersRemoved,
    WindowOpened,
)
from domain.games.campaign_trail.rules.months import electoral_votes, leader, leaders_of
from domain.games.campaign_trail.state import PARTIES, Campaigning, Drafting, Finished, Pending, State, Window
from domain.messages import View
from domain.recent import Recent
from domain.seats import Viewer, is_seat
from domain.visibility import Declarations, HandCount, OwnHand, Secret, hand_for, nobody, public

MONTHS = ("August", "September", "October", "Election Day")


class StateView(msgspec.Struct, frozen=True, kw_only=True, array_like=True):
    """One state on the map: code, electoral votes, committed voters by party, and who leads it."""

    code: str
    electoral_votes: int
    voters: tuple[int, ...]
    leader: int


class SeatView(msgspec.Struct, frozen=True, kw_only=True):
    """One party's public pieces, and its hand and dealt candidates as the viewer may see them."""

    seat: int
    party: str
    candidate: int | None
    candidate_name: str
    home: str
    war_chest: int
    registered: int
    pawn: str
    electoral_votes: int
    owed: int
    ongoing: tuple[int, ...]
    hand: OwnHand | HandCount
    offer: OwnHand | HandCount


class CardFace(msgspec.Struct, frozen=True, kw_only=True):
    """A card of the viewer's own hand, as printed: its actions in words and its issue icons."""

    number: int
    title: str
    actions: tuple[str, ...]
    issues: tuple[str, ...]


def _face(card: int) -> CardFace:
    return CardFace(
        number=card,
        title=CARDS[card].title,
        actions=tuple(action_text(action) for action in CARDS[card].actions),
        issues=tuple(ISSUES[issue] for issue in CARDS[card].issues),
    )


FACES = {card: _face(card) for card in CARDS}
"""Each card's face, printed once: a view names the faces of a hand instead of writing them again
(a view of a 3-seat game in play took 92 µs, 24 of them writing its hand's faces)."""


def _faces(cards: tuple[int, ...]) -> tuple[CardFace, ...]:
    return tuple([FACES[card] for card in cards])


class CampaignTrailView(View, frozen=True, kw_only=True):
    """The table as one viewer may see it; ``electoral_track`` is the live total by seat."""

    viewer: int | None
    month: str
    to_act: tuple[int, ...]
    seats: tuple[SeatView, ...]
    states: tuple[StateView, ...]
    electoral_track: tuple[int, ...]
    deck_sizes: tuple[int, ...]
    discard: tuple[int, ...]
    removed: tuple[int, ...]
    pending: Pending | None = None
    choice: Choice | None = None
    debate: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    my_cards: tuple[CardFace, ...] = ()
    """The viewer's own hand, card by card as printed (empty for spectators)."""
    window: Window | None = None
    """The open reaction window, if any: every seat it waits for, whether or not it holds a response."""


def _states(voters: tuple[int, ...], leaders: tuple[int, ...], count: int) -> tuple[StateView, ...]:
    return tuple(
        StateView(
            code=ABBREVIATIONS[place],
            electoral_votes=ELECTORAL_VOTES[place],
            voters=voters[place * PARTIES : place * PARTIES + count],
            leader=leaders[place],
        )
        for place in range(STATE_COUNT)
    )


_BOARDS: Recent[tuple[tuple[int, ...], tuple[StateView, ...]]] = Recent(64)
_LAST: list[tuple[tuple[int, ...], int, tuple[int, ...], tuple[StateView, ...]]] = [((), 0, (), ())]
"""The last map made afresh: its voters, seat count, leaders and states."""


def _board(voters: tuple[int, ...], count: int) -> tuple[tuple[int, ...], tuple[StateView, ...]]:
    """The electoral-vote track and the map's states for ``voters``, remembered by the voters tuple's
    identity: most commands move no voter and keep the tuple, and the map was half of a view's time
    (48 of 92 µs, 3 seats in play). A new map is made from the last one, again only where its voters
    differ (a command moves voters in one or two states): 9 µs instead of 40."""
    found = _BOARDS.find(voters)
    if found is not None:
        return found
    before, seats, leaders, states = _LAST[0]
    if seats != count or len(before) != len(voters):
        leaders = leaders_of(voters, count)
        states = _states(voters, leaders, count)
    else:
        pairs = enumerate(zip(before, voters, strict=True))
        changed = {index // PARTIES for index, (old, new) in pairs if old != new}
        leaders, states = _redrawn(voters, count, leaders, states, changed)
    _LAST[0] = (voters, count, leaders, states)
    return _BOARDS.keep((voters,), (electoral_votes(voters, count, leaders), states))


def _redrawn(
    voters: tuple[int, ...],
    count: int,
    leaders: tuple[int, ...],
    states: tuple[StateView, ...],
    changed: set[int],
) -> tuple[tuple[int, ...], tuple[StateView, ...]]:
    """``leaders`` and ``states`` made again for the ``changed`` places only (the others kept as they are)."""
    new_leaders, new_states = list(leaders), list(states)
    for place in changed:
        new_leaders[place] = leader(voters, place, count)
        new_states[place] = StateView(
            code=ABBREVIATIONS[place],
            electoral_votes=ELECTORAL_VOTES[place],
            voters=voters[place * PARTIES : place * PARTIES + count],
            leader=new_leaders[place],
        )
    return tuple(new_leaders), tuple(new_states)


def _seat(state: Campaigning | Finished, viewer: Viewer, seat: int, track: tuple[int, ...]) -> SeatView:
    candidate = CANDIDATES[state.candidates[seat]]
    playing = state if isinstance(state, Campaigning) else None
    return SeatView(
        seat=seat,
        party=PARTY_NAMES[seat],
        candidate=candidate.number,
        candidate_name=candidate.name,
        home=ABBREVIATIONS[candidate.home],
        war_chest=state.money[seat],
        registered=state.registered[seat],
        pawn=ABBREVIATIONS[playing.pawns[seat]] if playing else "",
        electoral_votes=track[seat],
        owed=playing.owed[seat] if playing else 0,
        ongoing=tuple(card for card, owner in playing.ongoing if owner == seat) if playing else (),
        hand=hand_for(playing.hands[seat] if playing else (), viewer, seat),
        offer=HandCount(count=0),
    )


def _drafting_seat(state: Drafting, viewer: Viewer, seat: int, track: tuple[int, ...]) -> SeatView:
    kept = state.kept[seat]
    return SeatView(
        seat=seat,
        party=PARTY_NAMES[seat],
        candidate=kept if kept >= 0 else None,
        candidate_name=CANDIDATES[kept].name if kept >= 0 else "",
        home=ABBREVIATIONS[CANDIDATES[kept].home] if kept >= 0 else "",
        war_chest=0,
        registered=0,
        pawn="",
        electoral_votes=track[seat],
        owed=0,
        ongoing=(),
        hand=hand_for(state.hands[seat], viewer, seat),
        offer=hand_for(state.offers[seat], viewer, seat),
    )


def _to_act(state: State) -> tuple[int, ...]:
    from domain.games.campaign_trail.rules import to_act

    return tuple(sorted(to_act(state)))


def view(state: State, viewer: Viewer) -> CampaignTrailView:
    """The table as ``viewer`` may see it."""
    own = viewer if is_seat(viewer) else None
    count = state.seat_count
    if isinstance(state, Finished):
        return _finished(state, viewer, own)
    track, states = _board(state.voters, count)
    common = {
        "viewer": own,
        "to_act": _to_act(state),
        "states": states,
        "electoral_track": track,
        "deck_sizes": tuple(len(deck) for deck in state.decks),
        "removed": state.removed,
    }
    if isinstance(state, Drafting):
        seats = tuple(_drafting_seat(state, viewer, seat, track) for seat in range(count))
        return CampaignTrailView(month="Choosing candidates", seats=seats, discard=(), **common)  # type: ignore[arg-type]  # common is a dict of the view's shared fields
    return CampaignTrailView(
        month=MONTHS[state.month],
        seats=tuple(_seat(state, viewer, seat, track) for seat in range(count)),
        discard=state.discard,
        pending=state.pending,
        choice=state.choice,
        debate=state.debate.cards if state.debate is not None else (),
        my_cards=_faces(state.hands[own]) if own is not None else (),
        window=state.window,
        **common,  # type: ignore[arg-type]  # as above
    )


def _finished(state: Finished, viewer: Viewer, own: int | None) -> CampaignTrailView:
    count = state.seat_count
    return CampaignTrailView(
        viewer=own,
        month=MONTHS[-1],
        to_act=(),
        seats=tuple(_seat(state, viewer, seat, state.electoral) for seat in range(count)),
        states=_states(state.voters, state.leaders, count),
        electoral_track=state.electoral,
        deck_sizes=(0, 0, 0),
        discard=(),
        removed=(),
        winners=state.winners,
    )


def _set_up_as_seen(event: GameSetUp, viewer: Viewer) -> GameSetUpSeen:
    own = viewer if is_seat(viewer) else None
    return GameSetUpSeen(
        seat_count=event.seat_count,
        module=event.module,
        viewer=own,
        offer=event.offers[own] if own is not None else (),
        hand=event.hands[own] if own is not None else (),
        deck_sizes=tuple(len(deck) for deck in event.decks),
        removed=event.removed,
        voters=event.voters,
    )


def _drawn_unseen(event: CardDrawn, viewer: Viewer) -> CardDrawnSeen:
    return CardDrawnSeen(seat=event.seat, month=event.month)


def _drawer(event: CardDrawn) -> tuple[int]:
    return (event.seat,)


VISIBILITY: Declarations = {
    **public(
        GameSetUpSeen,
        CandidateKept,
        CampaignBegan,
        CardPlayed,
        MoneyMoved,
        RegisteredMoved,
        VotersPlaced,
        VotersRemoved,
        PawnMoved,
        ActionLeft,
        VotersOwed,
        VictimAsked,
        Chosen,
        CardDrawnSeen,
        TurnPassed,
        MonthEnded,
        DebateCardPlayed,
        DebateWon,
        DebateEnded,
        ElectionHeld,
        WindowOpened,
        ResponsePlayed,
    ),
    GameSetUp: Secret(seen_by=nobody, hide=_set_up_as_seen, twins=(GameSetUpSeen,)),
    CardDrawn: Secret(seen_by=_drawer, hide=_drawn_unseen, twins=(CardDrawnSeen,)),
}
"""Who may read each event whole: the setup is dealt secretly; a drawn card is its drawer's."""

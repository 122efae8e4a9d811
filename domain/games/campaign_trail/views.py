"""What each viewer may see of Campaign Trail: views, and who may read each event whole.

Public: the map (every state's voters by party and its leader), the live electoral-vote track, war
chests, registered voters, pawns, kept candidates, cards in play and discarded, deck and hand sizes,
the action in progress, a Scandal's open choice, an open reaction window (who may still answer, the
action it holds, the responses played) and the debate. Hidden: each hand and each seat's
two dealt candidates (``OwnHand`` for their owner, ``HandCount`` for everyone else), the order and
content of the month decks (sizes only), the candidates left in the box (never shown). The omniscient
viewer (a finished game's replay) sees every hand and dealt candidate whole, with each card's and each
candidate's face (``faces``, ``candidate_faces``), from the deal on.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import compress
from operator import ne

import msgspec

from domain.choices import Choice, Chosen
from domain.games.campaign_trail.cards import Action, Kind
from domain.games.campaign_trail.cards.board import (
    ABBREVIATIONS,
    ELECTORAL_VOTES,
    ETHICALLY_MINDED,
    ISSUES,
    NAMES,
    PARTY_NAMES,
    PRIMARY,
    SECONDARY,
    STATE_COUNT,
    STATE_ISSUES,
    STATES_SHOWING,
)
from domain.games.campaign_trail.cards.candidates import CANDIDATES, Candidate
from domain.games.campaign_trail.cards.catalogue import CARDS, EFFECTS, action_text
from domain.games.campaign_trail.describe import progress
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
    VotersSwept,
    WindowOpened,
)
from domain.games.campaign_trail.rules import to_act
from domain.games.campaign_trail.rules.months import electoral_votes, leader, leaders_of
from domain.games.campaign_trail.state import PARTIES, Campaigning, Drafting, Finished, Pending, State, Window
from domain.memos import memo
from domain.messages import View
from domain.recent import Alike, Recent
from domain.seats import OMNISCIENT, Seat, Viewer, is_seat
from domain.visibility import Declarations, HandCount, OwnHand, Secret, hand_for, nobody, public

MONTHS = ("August", "September", "October", "Election Day")


class StateView(msgspec.Struct, frozen=True, gc=False, kw_only=True, array_like=True):
    """One state on the map: code, electoral votes, committed voters by party, who leads it, the issues
    it shows, its primary and secondary tiebreaker parties, the parties it is ethically minded for (at
    this table) and its name."""

    code: str
    electoral_votes: int
    voters: tuple[int, ...]
    leader: int
    issues: tuple[str, ...] = ()
    tiebreakers: tuple[int, ...] = ()
    ethical: tuple[int, ...] = ()
    name: str = ""


class CandidateFace(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """A candidate as its card shows it: home state, war chest, registered voters, advantage, disadvantage."""

    number: int
    name: str
    home: str
    war_chest: int
    registered: int
    advantage: str
    disadvantage: str


class SeatView(msgspec.Struct, frozen=True, gc=False, kw_only=True):
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
    advantage: str = ""
    disadvantage: str = ""


class CardFace(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """A card as printed: its actions in words, its issue icons, its coloured home states, and the text
    of the politick or dirty trick it shows (with when it is played: instant, ongoing or a response)."""

    number: int
    title: str
    actions: tuple[str, ...]
    issues: tuple[str, ...]
    home_states: tuple[str, ...] = ()
    effect: str = ""
    reach: tuple[tuple[str, ...], ...] = ()
    """For each action, the states it names: an Advertise's map, a Smear Campaign's list, the states
    showing a Mudslinging's issues (empty where it depends on the pawn or names none)."""


def _effect_text(card: int) -> str:
    effect = next((EFFECTS[a.effect] for a in CARDS[card].actions if a.effect), None)
    if effect is None:
        return ""
    when = (
        f"response to an opposing {effect.answers}"
        if effect.answers
        else "ongoing"
        if effect.ongoing
        else "instant"
    )
    return f"{effect.title} ({when}): {effect.text}"


def _reach(action: Action) -> tuple[str, ...]:
    if action.kind is Kind.MUDSLINGING:
        return tuple(ABBREVIATIONS[p] for p in sorted({p for i in action.issues for p in STATES_SHOWING[i]}))
    if action.kind in (Kind.ADVERTISE, Kind.SMEAR_CAMPAIGN):
        return tuple(ABBREVIATIONS[p] for p in action.states)
    return ()


_FACES = {  # each card's face, printed once: a view names the faces of a hand instead of writing them
    card: CardFace(
        number=card,
        title=CARDS[card].title,
        actions=tuple(action_text(action) for action in CARDS[card].actions),
        issues=tuple(ISSUES[issue] for issue in CARDS[card].issues),
        home_states=tuple(ABBREVIATIONS[place] for place in CARDS[card].home_states),
        effect=_effect_text(card),
        reach=tuple(_reach(action) for action in CARDS[card].actions),
    )
    for card in CARDS
}


def _faces(cards: tuple[int, ...] | list[int]) -> tuple[CardFace, ...]:
    return tuple(map(_FACES.__getitem__, cards))


_CHANGES = {
    "fundraise": ("each Fundraise gains ${}M {}", "more", "less"),
    "register": ("each Register gains {} {} voters", "more", "fewer"),
    "campaign": ("each Campaign places up to {} {} voters", "more", "fewer"),
    "travel": ("each Travel moves up to {} {} states", "more", "fewer"),
    "advertise": ("each Advertise costs ${}M {}", "more", "less"),
    "debate": ("each debate issue won places {} {} voters per state", "more", "fewer"),
}


@memo(None, "every view of a candidate says both its changes, from a fixed set")
def _change(change: tuple[str, int]) -> str:
    """A candidate's advantage or disadvantage in words (made once each: a seat's view asks both)."""
    name, amount = change
    sentence, more, less = _CHANGES[name]
    return sentence.format(abs(amount), more if amount > 0 else less)


def candidate_face(candidate: Candidate) -> CandidateFace:
    """``candidate`` as its card shows it, the advantage and disadvantage in words."""
    return CandidateFace(
        number=candidate.number,
        name=candidate.name,
        home=NAMES[candidate.home],
        war_chest=candidate.war_chest,
        registered=candidate.registered,
        advantage=_change(candidate.advantage),
        disadvantage=_change(candidate.disadvantage),
    )


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
    my_candidates: tuple[CandidateFace, ...] = ()
    """The two candidates the viewer was dealt, while it chooses (empty once kept, and for others)."""
    faces: tuple[CardFace, ...] = ()
    """Every card face up on the table: in play, in the debate, the action in progress or held (and,
    for the omniscient viewer only, every card in every hand)."""
    progress: str = ""
    """The action in progress in words: how far it has come and what is left."""
    debating: bool = False
    """A debate is open (``debate`` holds the cards played in it so far, from ``debate_first`` on)."""
    debate_first: int = -1
    candidate_faces: tuple[CandidateFace, ...] = ()
    """For the omniscient viewer only, while candidates are chosen: the face of every candidate at the
    table (dealt, kept or back in the box), by number; empty in every other view."""


def _states(voters: tuple[int, ...], leaders: tuple[int, ...], count: int) -> tuple[StateView, ...]:
    return tuple(
        StateView(
            code=ABBREVIATIONS[place],
            electoral_votes=ELECTORAL_VOTES[place],
            voters=voters[place * PARTIES : place * PARTIES + count],
            leader=leaders[place],
            issues=tuple(ISSUES[issue] for issue in STATE_ISSUES[place]),
            tiebreakers=(PRIMARY[place], SECONDARY[place]),
            ethical=tuple(party for party in range(count) if place in ETHICALLY_MINDED[party]),
            name=NAMES[place],
        )
        for place in range(STATE_COUNT)
    )


_BOARDS: Recent[tuple[tuple[int, ...], tuple[StateView, ...]]] = Recent(64)
_LAST: list[tuple[tuple[int, ...], int, tuple[int, ...], tuple[int, ...], tuple[StateView, ...]]] = [
    ((), 0, (), (), ())
]
"""The last map made: its voters, seat count, leaders, electoral-vote track and states."""


def _board(voters: tuple[int, ...], count: int) -> tuple[tuple[int, ...], tuple[StateView, ...]]:
    """The electoral-vote track and the map's states for ``voters``, remembered by the voters tuple's
    identity: most commands move no voter and keep the tuple, and the map was half of a view's time
    (48 of 92 µs, 3 seats in play). A new map is made from the last one, again only where its voters
    differ (a command moves voters in one or two states): 9 µs instead of 40; and so is the track, moving
    a changed state's votes from its old leader to its new one (keeping the very track where no leader
    changed)."""
    found = _BOARDS.find(voters)
    if found is not None:
        return found
    before, seats, leaders, track, states = _LAST[0]
    if seats != count or len(before) != len(voters):
        leaders = leaders_of(voters, count)
        track, states = electoral_votes(voters, count, leaders), _states(voters, leaders, count)
    else:
        moved = compress(range(len(voters)), map(ne, before, voters))  # compared in C: 150 entries
        changed = {index // PARTIES for index in moved}
        if changed:
            leaders, track, states = _redrawn(voters, count, (leaders, track, states), changed)
    _LAST[0] = (voters, count, leaders, track, states)
    return _BOARDS.keep((voters,), (track, states))


Map = tuple[tuple[int, ...], tuple[int, ...], tuple[StateView, ...]]
"""A map's leaders, electoral-vote track and states."""


def _redrawn(voters: tuple[int, ...], count: int, last: Map, changed: set[int]) -> Map:
    """The ``last`` map's leaders, track and states made again for the ``changed`` places only (the
    others kept as they are); a changed place keeps every other field of its old ``StateView`` (issues,
    tiebreakers, ethics, name)."""
    leaders, track, states = last
    new_leaders, new_states, new_track = list(leaders), list(states), list(track)
    for place in changed:
        was, now = leaders[place], leader(voters, place, count)
        if now != was:
            new_leaders[place] = now
            new_track[was] -= ELECTORAL_VOTES[place]
            new_track[now] += ELECTORAL_VOTES[place]
        new_states[place] = msgspec.structs.replace(
            states[place], voters=voters[place * PARTIES : place * PARTIES + count], leader=now
        )
    if new_track != list(track):
        track = tuple(new_track)
    return tuple(new_leaders), track, tuple(new_states)


def _seat(state: Campaigning | Finished, viewer: Viewer, seat: int, track: tuple[int, ...]) -> SeatView:
    """``seat`` as ``viewer`` may see it: the very ``SeatView`` made last time for the same pieces
    (:func:`_pieces`: everything :func:`_made` reads), so a view makes only the seats a command changed
    and an environment's observation keeps the others' slots (:mod:`env.layout`). 3 seats, ``bench_env``'s
    random masked play, alternating (2026-12-04): 9,516 and 9,691 steps a CPU second before, 9,872 and
    10,117 after."""
    pieces = _pieces(state, viewer, seat, track)
    found = _SEATS.find(pieces)
    return found if found is not None else _SEATS.keep(pieces, _made(state, viewer, seat, track))


_SEATS: Alike[SeatView] = Alike(4096)
"""Seat views remembered by their pieces; past 4,096, all are forgotten at once."""


def _pieces(
    state: Campaigning | Finished, viewer: Viewer, seat: int, track: tuple[int, ...]
) -> tuple[object, ...]:
    """Everything of the state :func:`_made` reads for ``seat`` and ``viewer``, as one hashable value: of a
    hand the viewer may not see, only its size (all the view shows of it; with the cards, another seat's
    entry was made again whenever its hand changed: two entries in three were made again, 2 seats)."""
    sees = viewer is OMNISCIENT or viewer == seat
    common = (seat, sees, state.candidates[seat], state.money[seat], state.registered[seat], track[seat])
    if not isinstance(state, Campaigning):
        return common
    hand = state.hands[seat]
    return (*common, state.pawns[seat], state.owed[seat], state.ongoing, hand if sees else len(hand))


def _made(state: Campaigning | Finished, viewer: Viewer, seat: int, track: tuple[int, ...]) -> SeatView:
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
        ongoing=_ongoing(playing.ongoing, seat) if playing and playing.ongoing else (),
        hand=hand_for(playing.hands[seat] if playing else (), viewer, seat),
        offer=HandCount(count=0),
        advantage=_change(candidate.advantage),
        disadvantage=_change(candidate.disadvantage),
    )


def _ongoing(ongoing: tuple[tuple[int, int], ...], seat: int) -> tuple[int, ...]:
    return tuple(card for card, owner in ongoing if owner == seat)


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
        advantage=_change(CANDIDATES[kept].advantage) if kept >= 0 else "",
        disadvantage=_change(CANDIDATES[kept].disadvantage) if kept >= 0 else "",
    )


def _to_act(state: State) -> tuple[int, ...]:
    """The seats the game waits for, in order: one tuple for each set of seats (the rules hand out a few
    sets again and again), so a view's ``to_act`` is the very tuple of the last view more often than not."""
    waiting = to_act(state)
    found = _WAITING.get(waiting)
    if found is None:
        found = _WAITING[waiting] = tuple(sorted(waiting))
    return found


_WAITING: dict[frozenset[Seat], tuple[int, ...]] = {}
"""Seats waited for, in order, by the set of them (at most the 7 non-empty sets of 3 seats)."""


def view(state: State, viewer: Viewer) -> CampaignTrailView:
    """The table as ``viewer`` may see it."""
    if isinstance(state, Finished):
        return _finished(state, viewer, viewer if is_seat(viewer) else None)
    if isinstance(state, Drafting):
        return _drafting(state, viewer)
    own = viewer if is_seat(viewer) else None
    track, states = _board(state.voters, state.seat_count)
    return CampaignTrailView(
        viewer=own,
        to_act=_to_act(state),
        states=states,
        electoral_track=track,
        deck_sizes=_deck_sizes(state.decks),
        removed=state.removed,
        month=MONTHS[state.month],
        seats=tuple([_seat(state, viewer, seat, track) for seat in range(state.seat_count)]),
        discard=state.discard,
        pending=state.pending,
        choice=state.choice,
        debate=state.debate.cards if state.debate is not None else (),
        my_cards=_hand_faces(state.hands[own]) if own is not None else (),
        window=state.window,
        faces=_table_faces(state, viewer),
        progress=progress(state.pending, state.begun, _standing(state)) if state.pending is not None else "",
        debating=state.debate is not None,
        debate_first=state.debate.first if state.debate is not None else -1,
    )


def _drafting(state: Drafting, viewer: Viewer) -> CampaignTrailView:
    own = viewer if is_seat(viewer) else None
    count = state.seat_count
    track, states = _board(state.voters, count)
    offer = state.offers[own] if own is not None else ()
    return CampaignTrailView(
        viewer=own,
        to_act=_to_act(state),
        states=states,
        electoral_track=track,
        deck_sizes=_deck_sizes(state.decks),
        removed=state.removed,
        month="Choosing candidates",
        seats=tuple(_drafting_seat(state, viewer, seat, track) for seat in range(count)),
        discard=(),
        my_cards=_faces(state.hands[own]) if own is not None else (),
        my_candidates=tuple(candidate_face(CANDIDATES[c]) for c in offer),
        faces=_faces([card for hand in state.hands for card in hand]) if viewer is OMNISCIENT else (),
        candidate_faces=_every_candidate(state) if viewer is OMNISCIENT else (),
    )


def _deck_sizes(decks: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    return tuple(map(len, decks))


def _hand_faces(hand: tuple[int, ...]) -> tuple[CardFace, ...]:
    """The faces of ``hand``, the very tuple made last time for the very same hand (a hand a command left
    alone is the same tuple)."""
    found = _HANDS.find(hand)
    return found if found is not None else _HANDS.keep((hand,), _faces(hand))


def _table_faces(state: Campaigning, viewer: Viewer) -> tuple[CardFace, ...]:
    """The faces of the cards face up (and of every hand, for the omniscient viewer), remembered by the
    very pieces they are read from (most commands change none of them)."""
    if viewer is OMNISCIENT:
        return _faces(_face_up(state) + _every_hand(state, viewer))
    pieces = (state.ongoing, state.debate, state.pending, state.window)
    found = _FACE_UP.find(*pieces)
    return found if found is not None else _FACE_UP.keep(pieces, _faces(_face_up(state)))


_HANDS: Recent[tuple[CardFace, ...]] = Recent(16)
_FACE_UP: Recent[tuple[CardFace, ...]] = Recent(16)


def _standing(state: Campaigning) -> Callable[[int], int]:
    """How many voters (of any party at the table) stand in a state."""
    count = state.seat_count
    return lambda place: sum(state.voters[place * PARTIES : place * PARTIES + count])


def _every_candidate(state: Drafting) -> tuple[CandidateFace, ...]:
    """Every candidate dealt, kept or in the box, by number (the omniscient view's): a kept seat's state
    no longer says which candidate went back, so the replay reads the pair from the deal in its log."""
    held = {c for seat, offer in enumerate(state.offers) for c in (*offer, state.kept[seat]) if c >= 0}
    return tuple(candidate_face(CANDIDATES[c]) for c in sorted(held | set(state.box)))


def _every_hand(state: Campaigning, viewer: Viewer) -> list[int]:
    """Every card in every hand, for the omniscient viewer only (its replay draws each hand's faces)."""
    if viewer is not OMNISCIENT:
        return []
    return [card for hand in state.hands for card in hand if card not in _face_up(state)]


def _face_up(state: Campaigning) -> list[int]:
    """The cards face up on the table (in play, debated, being played or held), each once."""
    cards = [card for card, _ in state.ongoing]
    cards += state.debate.cards if state.debate is not None else ()
    cards += [state.pending.card] if state.pending is not None else []
    cards += [state.window.card, *(card for _, card in state.window.responses)] if state.window else []
    return list(dict.fromkeys(cards))


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
        VotersSwept,
    ),
    GameSetUp: Secret(seen_by=nobody, hide=_set_up_as_seen, twins=(GameSetUpSeen,)),
    CardDrawn: Secret(seen_by=_drawer, hide=_drawn_unseen, twins=(CardDrawnSeen,)),
}
"""Who may read each event whole: the setup is dealt secretly; a drawn card is its drawer's."""

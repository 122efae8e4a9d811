"""What each viewer may see of Super PACS: views, and who may read each event whole.

A view is built from whitelisted pieces: every coalition, investment, token, the market, the
cemetery and the revealed events are public, and so is each player's megabucks total (ruling R4); a
seat sees its own hand, its own sneaked cards and its own leader offer (``OwnHand``), everyone else's
only as counts (``HandCount``). Decks are counts for everyone.
"""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from domain.choices import Choice, Chosen
from domain.games.super_pacs.cards import (
    ELECTIONS,
    INVESTMENT_IDS,
    POWER,
    TOKEN_NAMES,
    WEALTH,
    investment,
    name,
)
from domain.games.super_pacs.events import (
    ActionTaken,
    DeckRebuilt,
    DiscardsOwed,
    EffectBegan,
    EffectResolved,
    ElectionWon,
    EventRevealed,
    FactionDestroyed,
    FactionDiscarded,
    FactionExploited,
    FactionsAdded,
    FactionsDrawn,
    FactionsDrawnUnseen,
    FactionsSneaked,
    FactionsSneakedUnseen,
    GameEnded,
    GameSetUp,
    GameSetUpSeen,
    InvestmentBought,
    LeaderPicked,
    LeaderPickedUnseen,
    LeadersRevealed,
    MoneyMoved,
    NoteDiscarded,
    RoundBegan,
    SneakedRevealed,
    SurprisePlayed,
    TargetChosen,
    TokenTaken,
    TreasuryShort,
    TurnEnded,
    WindowOpened,
)
from domain.games.super_pacs.rules import money, rounds
from domain.games.super_pacs.rules.rounds import BLESSED
from domain.games.super_pacs.state import NO_SEAT, Pending, State, hand_size, notes, owes
from domain.messages import View
from domain.recent import Alike, Recent
from domain.seats import OMNISCIENT, Viewer, is_seat
from domain.visibility import Declarations, HandCount, OwnHand, Secret, hand_for, nobody, public


class SeatView(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """One seat: its public pieces, and its hand, sneaked cards and leader offer as the viewer may see."""

    seat: int
    leader: int
    picked: bool
    offer: OwnHand | HandCount
    hand: OwnHand | HandCount
    hand_cards: int
    megabucks: int
    coalition: tuple[int, ...]
    sneaked: OwnHand | HandCount
    investments: tuple[int, ...]
    superpower_used: bool
    owes_discards: int
    votes: int = 0
    """What an election would count now: the coalition's votes with PROMOTED and SMEARED."""
    wealth: int = 0
    """The coalition's wealth (what a fundraise collects)."""
    coalition_power: int = 0
    investment_worth: tuple[int, ...] = ()
    """What each investment owned is worth now, in the order of ``investments``."""
    power: int = 0
    """The coalition's power and the investments' worth: the score if the game ended now."""
    superpower_cost: int = 0
    """What the leader's superpower costs this seat now (BLESSED and the leader's discount counted)."""


class PendingView(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """The effect being played (all public)."""

    kind: str
    owner: int
    card: int
    target: int
    victim: tuple[int, int] | None
    choice: Choice | None
    window: Choice | None
    plays: tuple[tuple[int, int], ...]
    affected: tuple[int, ...]
    payers: tuple[int, ...]


class ElectionView(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """An election being counted: the votes as they stand and the window."""

    card: int
    votes: tuple[int, ...]
    window: Choice | None
    plays: tuple[tuple[int, int], ...]


class SuperPacsView(View, frozen=True, kw_only=True):
    """The table as one viewer may see it."""

    viewer: int
    phase: str
    round: int
    first: int
    turn: int
    step: int
    seats: tuple[SeatView, ...]
    market: tuple[int, ...]
    investment_pile: int
    deck: int
    cemetery: tuple[int, ...]
    events_revealed: tuple[int, ...]
    event_deck: int
    next_election: str
    treasury: int
    tokens: dict[str, int]
    pending: PendingView | None
    election: ElectionView | None
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    cause: str = ""
    """What last asked for something: "exploit", "superpower", "event", "campaign" or "treasury"."""
    cause_of: int = NO_SEAT
    """Its card (the leader for a campaign), or the seat the Treasury could not pay."""


def _seat(state: State, viewer: Viewer, seat: int, counted: tuple[int, ...]) -> SeatView:
    """``seat`` as ``viewer`` may see it: the very ``SeatView`` made last time for the same pieces.

    A view was made afresh for every seat at every view, and its investments' worth and powers were a
    third of a view's time; most commands change one seat, so the others' pieces are the same values
    as at the last view. Remembered by :func:`_pieces` (everything ``_made`` reads of the state), so an
    answer is the one ``_made`` gives; and a seat kept as the very same object lets an environment's
    observation keep its slots (:mod:`env.layout`). Super PACS at 4 seats, ``bench_env``'s random masked
    play, alternating (2026-12-04): 9,054 and 9,827 steps a CPU second before, 11,091 and 11,529 after.
    """
    pieces = _pieces(state, viewer, seat, counted)
    found = _SEATS.find(pieces)
    return found if found is not None else _SEATS.keep(pieces, _made(state, viewer, seat, counted))


_SEATS: Alike[SeatView] = Alike(4096)
"""Seat views remembered by their pieces; past 4,096, all are forgotten at once."""
_HAND_COUNTED = frozenset(card for card in INVESTMENT_IDS if investment(card).worth.per == "hand")
"""Investments whose worth counts the hand, and so every seat's megabucks (Junk Bonds, ruling R4)."""


def _pieces(state: State, viewer: Viewer, seat: int, counted: tuple[int, ...]) -> tuple[object, ...]:
    """Everything of the state that :func:`_made` reads for ``seat`` and ``viewer`` (whether it sees the
    seat's hidden cards), as one hashable value."""
    investments, money = state.investments[seat], state.money
    return (
        seat,
        viewer is OMNISCIENT or viewer == seat,
        state.offers[seat] if state.offers else (),
        state.leaders[seat],
        state.picks[seat],
        state.hands[seat],
        money if _HAND_COUNTED.intersection(investments) else money[seat],
        state.coalitions[seat],
        state.sneaked[seat],
        investments,
        state.used[seat],
        state.owed[seat],
        bool(state.collecting),
        counted[seat],
        state.tokens[BLESSED] == seat,
    )


def _made(state: State, viewer: Viewer, seat: int, counted: tuple[int, ...]) -> SeatView:
    offer = state.offers[seat] if state.offers else ()
    led = state.leaders[seat] >= 0
    worth = tuple(rounds.worth(state, seat, card) for card in state.investments[seat]) if led else ()
    coalition_power = sum(POWER[card] for card in state.coalitions[seat])
    return SeatView(
        seat=seat,
        leader=state.leaders[seat],
        picked=state.picks[seat] != NO_SEAT,
        offer=hand_for(offer, viewer, seat),
        hand=hand_for(state.hands[seat], viewer, seat),
        hand_cards=hand_size(state, seat),
        megabucks=state.money[seat],
        coalition=state.coalitions[seat],
        sneaked=hand_for(state.sneaked[seat], viewer, seat),
        investments=state.investments[seat],
        superpower_used=state.used[seat],
        owes_discards=owes(state, seat),
        votes=counted[seat],
        wealth=sum(WEALTH[card] for card in state.coalitions[seat]),
        coalition_power=coalition_power,
        investment_worth=worth,
        power=coalition_power + sum(worth),
        superpower_cost=rounds.superpower_cost(state, seat) if led else 0,
    )


def _pending(state: State) -> PendingView | None:
    """The action in progress as shown: the very view made last for the very same ``Pending`` (a step
    that leaves it alone keeps it, and an environment's observation then keeps its slots)."""
    p = state.pending
    if p is None:
        return None
    found = _PENDING.find(p)
    return found if found is not None else _PENDING.keep((p,), _pending_view(p))


_PENDING: Recent[PendingView] = Recent(16)


def _pending_view(p: Pending) -> PendingView:
    return PendingView(
        kind=p.kind,
        owner=p.owner,
        card=p.card,
        target=p.target,
        victim=p.victim,
        choice=p.choice,
        window=p.window,
        plays=p.plays,
        affected=p.affected,
        payers=p.payers,
    )


def _election(state: State) -> ElectionView | None:
    e = state.election
    if e is None:
        return None
    return ElectionView(card=e.card, votes=rounds.votes(state), window=e.window, plays=e.plays)


def _next_election(state: State) -> str:
    left = [card for card in ELECTIONS if card in state.elections_left]
    return name(left[0]) if left else ""


def _counted(state: State) -> tuple[int, ...]:
    """Each seat's votes from its coalition and the tokens alone (an election's plays are shown beside
    them), remembered by the identity of the coalitions and the tokens, all that such a count reads:
    most commands change neither (Super PACS at 2 seats, ``bench_env``'s loop: docs/architecture.md,
    *Speed: issue 50*)."""
    found = _COUNTED.find(state.coalitions, state.tokens)
    if found is not None:
        return found
    plain = state if state.election is None else replace(state, election=None)
    return _COUNTED.keep((state.coalitions, state.tokens), rounds.votes(plain))


_COUNTED: Recent[tuple[int, ...]] = Recent(16)


def view(state: State, viewer: Viewer) -> SuperPacsView:
    """The table as ``viewer`` may see it."""
    revealed = tuple(card for cards in state.coalitions for card in cards if card in ELECTIONS)
    counted = _counted(state)
    return SuperPacsView(
        viewer=viewer if is_seat(viewer) else NO_SEAT,
        phase=state.phase,
        round=state.round,
        first=state.first,
        turn=state.turn,
        step=state.step,
        seats=tuple([_seat(state, viewer, seat, counted) for seat in range(state.seat_count)]),
        market=state.market,
        investment_pile=len(state.investment_pile),
        deck=len(state.deck),
        cemetery=state.cemetery,
        events_revealed=(*state.events_done, *revealed),
        event_deck=len(state.event_pool) + len(state.elections_left),
        next_election=_next_election(state),
        treasury=money.treasury(state),
        tokens={token: holder for token, holder in zip(TOKEN_NAMES, state.tokens, strict=True)},
        pending=_pending(state),
        election=_election(state),
        scores=state.scores,
        winners=state.winners,
        cause=state.cause[0],
        cause_of=state.cause[1],
    )


# -- who may read each event -----------------------------------------------------------------------


def _set_up_seen(event: GameSetUp, viewer: Viewer) -> GameSetUpSeen:
    own = viewer if is_seat(viewer) else NO_SEAT
    return GameSetUpSeen(
        seat_count=event.seat_count,
        first=event.first,
        viewer=own,
        hand=event.hands[own] if own != NO_SEAT else (),
        offer=event.offers[own] if own != NO_SEAT and event.offers else (),
        leaders=event.leaders,
        hand_sizes=tuple(len(hand) + notes(event.money) for hand in event.hands),
        market=event.market,
        deck_size=len(event.deck),
        money=event.money,
    )


def _own(event: LeaderPicked | FactionsDrawn | FactionsSneaked) -> tuple[int]:
    return (event.seat,)


VISIBILITY: Declarations = {
    **public(
        GameSetUpSeen,
        LeaderPickedUnseen,
        LeadersRevealed,
        ActionTaken,
        FactionsDrawnUnseen,
        DeckRebuilt,
        MoneyMoved,
        FactionExploited,
        FactionsSneakedUnseen,
        EffectBegan,
        TargetChosen,
        WindowOpened,
        SurprisePlayed,
        EffectResolved,
        FactionDiscarded,
        FactionDestroyed,
        FactionsAdded,
        TokenTaken,
        DiscardsOwed,
        InvestmentBought,
        TurnEnded,
        SneakedRevealed,
        EventRevealed,
        ElectionWon,
        RoundBegan,
        GameEnded,
        Chosen,
        TreasuryShort,
        NoteDiscarded,
    ),
    GameSetUp: Secret(seen_by=nobody, hide=_set_up_seen, twins=(GameSetUpSeen,)),
    LeaderPicked: Secret(
        seen_by=_own, hide=lambda e, v: LeaderPickedUnseen(seat=e.seat), twins=(LeaderPickedUnseen,)
    ),
    FactionsDrawn: Secret(
        seen_by=_own,
        hide=lambda e, v: FactionsDrawnUnseen(seat=e.seat, count=len(e.cards)),
        twins=(FactionsDrawnUnseen,),
    ),
    FactionsSneaked: Secret(
        seen_by=_own,
        hide=lambda e, v: FactionsSneakedUnseen(seat=e.seat, count=len(e.cards)),
        twins=(FactionsSneakedUnseen,),
    ),
}
"""Who may read each event whole: the deal, a leader pick, a draw and a sneak are their seat's only."""

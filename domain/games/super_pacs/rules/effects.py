"""Playing an effect: its owner's target choice, the reaction window, and the resolution.

An exploit, a superpower or an event begins (``EffectBegan``); an effect that names an opponent or a
faction to destroy waits for its owner's choice (one candidate is chosen for them; none: that part
has no effect). Then a window opens for every other seat with a faction in hand (any of them could
hold a surprise); each answers with a surprise that applies or a pass, a surprise asks everyone again,
and when all have passed the effect resolves: nullified, or applied to every target not immune.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import timedelta

from domain.choices import Choice
from domain.games.super_pacs.cards import COLOUR, EXPLOIT, SURPRISE, TOKEN_NAMES, TYPES, event, leader
from domain.games.super_pacs.cards.effects import Effect, chooses
from domain.games.super_pacs.events import (
    EffectBegan,
    EffectResolved,
    FactionDestroyed,
    TargetChosen,
    TokenTaken,
    WindowOpened,
)
from domain.games.super_pacs.rules import money
from domain.games.super_pacs.rules.flow import Flow
from domain.games.super_pacs.state import NO_SEAT, Kind, Pending, State, seat_order

WINDOW = timedelta(seconds=30)
"""How long a reaction window stays open before the referee passes for whoever has not answered."""
NULLIFIABLE: frozenset[str] = frozenset({"exploit", "superpower"})
NOBODY: frozenset[int] = frozenset()


def effects_of(kind: str, card: int) -> tuple[Effect, ...]:
    """What the card being played does."""
    if kind == "exploit":
        return EXPLOIT[card]
    if kind == "superpower":
        return leader(card).superpower
    return event(card).effect


def _has(state: State, seat: int, kind: str | None) -> bool:
    if kind is None:
        return True
    for card in state.coalitions[seat]:  # noqa: SIM110  (a loop, no generator to start: asked of every seat)
        if kind in TYPES[card]:
            return True
    return False


def most(state: State, kind: str | None) -> tuple[int, ...]:
    """The one seat with the most factions of type ``kind`` (none on a tie, or when nobody has one)."""
    counts = [sum([kind in TYPES[card] for card in cards]) for cards in state.coalitions]
    top = max(counts)
    return (counts.index(top),) if top and counts.count(top) == 1 else ()


def destroyable(card: int, effect: Effect) -> bool:
    """An Immune faction (an election card included) can never be destroyed."""
    types = TYPES[card]
    return (
        "Immune" not in types
        and (effect.having is None or effect.having in types)
        and (effect.colour is None or COLOUR[card] == effect.colour)
    )


def options(state: State, effect: Effect, owner: int) -> tuple[str, ...]:
    """What the owner may choose: ``"seat:card"`` factions to destroy, or opponents' seats."""
    if effect.do == "destroy":
        seats = (owner,) if effect.who == "self" else seat_order(state)
        return tuple(
            f"{seat}:{card}" for seat in seats for card in state.coalitions[seat] if destroyable(card, effect)
        )
    return tuple(
        str(seat) for seat in seat_order(state) if seat != owner and _has(state, seat, effect.having)
    )


def chosen(owner: int, effect: Effect, option: str) -> TargetChosen:
    """The event of the owner choosing ``option``."""
    if effect.do == "destroy":
        seat, card = option.split(":")
        return TargetChosen(seat=owner, victim=(int(seat), int(card)))
    return TargetChosen(seat=owner, target=int(option))


def begin(flow: Flow, kind: Kind, owner: int, card: int) -> None:
    """Start playing an effect: ask for its target, or open its window."""
    chooser = next((effect for effect in effects_of(kind, card) if chooses(effect)), None)
    offered = options(flow.state, chooser, owner) if chooser is not None else ()
    if len(offered) > 1:
        choice = Choice(seats=(owner,), options=offered, about=f"{kind} target")
        flow.emit(EffectBegan(kind=kind, owner=owner, card=card, choice=choice))
        return
    flow.emit(EffectBegan(kind=kind, owner=owner, card=card))
    if chooser is not None and offered:
        flow.emit(chosen(owner, chooser, offered[0]))
    open_window(flow)


def targets(state: State, effect: Effect, pending: Pending) -> tuple[int, ...]:
    """The seats ``effect`` changes, in turn order from the first player."""
    who, owner = effect.who, pending.owner
    if effect.do == "destroy":
        return (pending.victim[0],) if pending.victim is not None else ()
    if who == "self":
        return (owner,)
    if who == "opponent":
        return (pending.target,) if pending.target != NO_SEAT else ()
    if who == "most":
        return most(state, effect.having)
    return tuple(
        [
            seat
            for seat in seat_order(state)
            if (who == "each_player" or seat != owner) and _has(state, seat, effect.having)
        ]
    )


def responders(state: State, owner: int) -> tuple[int, ...]:
    """Every other seat with a faction in hand: any of them could hold a surprise."""
    hands = state.hands
    return tuple([seat for seat in seat_order(state) if seat != owner and hands[seat]])


def answerers(state: State) -> tuple[int, ...]:
    """After a surprise is played: every seat with a faction in hand, the effect's owner too (it may
    answer a surprise played against its exploit or superpower; ruling R5)."""
    hands = state.hands
    return tuple([seat for seat in seat_order(state) if hands[seat]])


def window_for(seats: tuple[int, ...], about: str, flow: Flow) -> Choice:
    """A reaction window for ``seats``, closing :data:`WINDOW` from now."""
    return Choice(seats=seats, options=(), about=about, may_pass=True, deadline=flow.now + WINDOW)


def open_window(flow: Flow) -> None:
    """Open the window on the pending effect (or resolve it at once when nobody could answer)."""
    state = flow.state
    pending = state.pending
    assert pending is not None
    seats = responders(state, pending.owner)
    if not seats:
        resolve(flow)
        return
    effects = effects_of(pending.kind, pending.card)
    affected = sorted({seat for effect in effects for seat in targets(state, effect, pending)})
    payers = sorted(
        {seat for e in effects if e.do in ("pay", "pay_me") for seat in targets(state, e, pending)}
    )
    window = window_for(seats, pending.kind, flow)
    flow.emit(WindowOpened(window=window, affected=tuple(affected), payers=tuple(payers)))


def alive(plays: Iterable[tuple[int, int]], base_nullifiable: bool) -> list[bool]:
    """Which of [the effect, *plays] still stand: each Nullify cancels the latest standing one before
    it (the effect itself only when it may be nullified); a cancelled Nullify frees what it cancelled."""
    standing = [True]
    cancelled: dict[int, int] = {}
    for index, (_, card) in enumerate(plays, start=1):
        standing.append(True)
        surprise = SURPRISE.get(card)
        if surprise is None or surprise.do != "nullify":
            continue
        lowest = 0 if base_nullifiable else 1
        victim = next((j for j in range(index - 1, lowest - 1, -1) if standing[j]), None)
        if victim is None:
            continue
        standing[victim] = False
        cancelled[index] = victim
        if victim in cancelled:
            standing[cancelled[victim]] = True
    return standing


def cancels(plays: tuple[tuple[int, int], ...], base_nullifiable: bool) -> int | None:
    """Which of [the effect, *plays] a Nullify played now would cancel: the latest standing one."""
    standing = alive(plays, base_nullifiable)
    lowest = 0 if base_nullifiable else 1
    return next((j for j in range(len(standing) - 1, lowest - 1, -1) if standing[j]), None)


def _standing(pending: Pending, verb: str) -> list[tuple[int, int]]:
    if not pending.plays:
        return []
    flags = alive(pending.plays, pending.kind in NULLIFIABLE)[1:]
    return [
        play for play, ok in zip(pending.plays, flags, strict=True) if ok and SURPRISE[play[1]].do == verb
    ]


def applies(state: State, seat: int, card: int) -> bool:
    """True when the surprise ``card`` answers the open effect window for ``seat``."""
    pending = state.pending
    assert pending is not None
    verb = SURPRISE[card].do
    if seat == pending.owner:
        return verb == "nullify" and _answers_a_play(pending)
    if verb == "nullify":
        nullifiable = pending.kind in NULLIFIABLE
        flags = alive(pending.plays, nullifiable)
        return (nullifiable and flags[0]) or any(flags[1:])
    if verb == "immunity":
        return seat in pending.affected and all(s != seat for s, _ in _standing(pending, "immunity"))
    if verb == "no_pay":
        return seat in pending.payers and all(s != seat for s, _ in _standing(pending, "no_pay"))
    return verb == "steal" and pending.owner != NO_SEAT


def _answers_a_play(pending: Pending) -> bool:
    """The owner's Nullify: only against a surprise another seat played (never its own effect or play)."""
    victim = cancels(pending.plays, pending.kind in NULLIFIABLE)
    return victim is not None and victim > 0 and pending.plays[victim - 1][0] != pending.owner


def resolve(flow: Flow) -> None:
    """Close the effect: thieves take their money, then the effect applies unless nullified."""
    pending = flow.state.pending
    assert pending is not None
    stands, excused = True, NOBODY
    immune: tuple[int, ...] = ()
    if pending.plays:
        stands = alive(pending.plays, pending.kind in NULLIFIABLE)[0]
        immune = tuple(sorted({seat for seat, _ in _standing(pending, "immunity")}))
        excused = frozenset(seat for seat, _ in _standing(pending, "no_pay"))
    flow.emit(EffectResolved(nullified=not stands, immune=immune))
    for seat, card in _standing(pending, "steal"):
        money.steal(flow, seat, pending.owner, SURPRISE[card].n)
    if stands:
        for effect in effects_of(pending.kind, pending.card):
            reached = [seat for seat in targets(flow.state, effect, pending) if seat not in immune]
            apply(flow, effect, pending.owner, reached, excused=excused, victim=pending.victim)


def _draw(flow: Flow, effect: Effect, owner: int, seat: int) -> None:
    money.draw(flow, seat, effect.n, to_coalition=effect.do == "add")


def _gain(flow: Flow, effect: Effect, owner: int, seat: int) -> None:
    money.collect(flow, seat, effect.n)


def _gain_per(flow: Flow, effect: Effect, owner: int, seat: int) -> None:
    money.collect(flow, seat, effect.n * _count(flow.state, seat, effect))


def _pay(flow: Flow, effect: Effect, owner: int, seat: int) -> None:
    money.penalty(flow, seat, effect.n, owner if effect.do == "pay_me" else money.TREASURY)


def _steal(flow: Flow, effect: Effect, owner: int, seat: int) -> None:
    money.steal(flow, owner, seat, effect.n)


def _discard(flow: Flow, effect: Effect, owner: int, seat: int) -> None:
    money.owe(flow, seat, effect.n)


def _token(flow: Flow, effect: Effect, owner: int, seat: int) -> None:
    if effect.token is not None and flow.state.tokens[TOKEN_NAMES.index(effect.token)] != seat:
        flow.emit(TokenTaken(seat=seat, token=effect.token))


VERBS = {
    "draw": _draw,
    "add": _draw,
    "gain": _gain,
    "gain_per": _gain_per,
    "pay": _pay,
    "pay_me": _pay,
    "steal": _steal,
    "discard": _discard,
    "token": _token,
}
"""How each verb changes one seat it reaches (``destroy`` names its faction: see :func:`apply`)."""


def apply(
    flow: Flow,
    effect: Effect,
    owner: int,
    reached: Iterable[int],
    *,
    excused: frozenset[int] = frozenset(),
    victim: tuple[int, int] | None = None,
) -> None:
    """Carry out one effect on the seats it reaches (immune seats already left out; ``excused`` seats
    pay nothing)."""
    if effect.do == "destroy":
        if victim is not None and victim[0] in reached and victim[1] in flow.state.coalitions[victim[0]]:
            flow.emit(FactionDestroyed(seat=victim[0], card=victim[1]))
        return
    change = VERBS[effect.do]
    paying = effect.do in ("pay", "pay_me")
    for seat in reached:
        if not (paying and seat in excused):
            change(flow, effect, owner, seat)


def _count(state: State, seat: int, effect: Effect) -> int:
    cards = state.coalitions[seat]
    if effect.colour is not None:
        return sum([COLOUR[card] == effect.colour for card in cards])
    return sum([effect.having in TYPES[card] for card in cards])

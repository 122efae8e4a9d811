"""One human sentence per (already redacted) Campaign Trail event.

A seat is named by its player when the table knows the name, else by its party ("the Democrats").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.choices import PASS, Chosen
from domain.games.campaign_trail.cards.board import ABBREVIATIONS, ISSUES, NAMES, PARTY_NAMES
from domain.games.campaign_trail.cards.candidates import CANDIDATES
from domain.games.campaign_trail.cards.catalogue import CARDS, EFFECTS
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
    Events,
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
from domain.games.campaign_trail.rules.effects import LOSE_VOTERS, PAY, SCANDAL_PRICE
from domain.games.campaign_trail.state import BANK, Pending
from domain.seats import SeatNames, Viewer, label

MONTHS = ("August", "September", "October")


def describe(event: Events, viewer: Viewer, names: SeatNames = ()) -> str:
    """One sentence for ``event`` as already redacted for ``viewer``; ``names`` are the players' names."""
    return _SENTENCES[type(event)](event, names)


def _who(names: SeatNames, seat: int) -> str:
    return label(names, seat, f"The {PARTY_NAMES[seat]}s")


def _whom(names: SeatNames, seat: int) -> str:
    return label(names, seat, f"the {PARTY_NAMES[seat]}s")


def _set_up(event: GameSetUp | GameSetUpSeen, names: SeatNames) -> str:
    module = "with" if event.module else "without"
    return f"The campaign was laid out for {event.seat_count} parties, {module} Dirty Politics."


def _kept(event: CandidateKept, names: SeatNames) -> str:
    return f"{_who(names, event.seat)} chose {CANDIDATES[event.candidate].name} as their candidate."


def _began(event: CampaignBegan, names: SeatNames) -> str:
    return f"August begins; first to play: {_whom(names, event.turn)}."


def _played(event: CardPlayed, names: SeatNames) -> str:
    article = "an" if str(event.counts_as)[0] in "AEIOU" else "a"
    also = f" ({article} {event.counts_as} action)" if event.counts_as != event.kind else ""
    return f"{_who(names, event.seat)} played {CARDS[event.card].title} for {event.kind}{also}."


def _party(names: SeatNames, seat: int, bank: str) -> str:
    return bank if seat == BANK else _whom(names, seat)


def _money(event: MoneyMoved, names: SeatNames) -> str:
    source, target = _party(names, event.source, "the bank"), _party(names, event.target, "the bank")
    return f"${event.amount}M went from {source} to {target}."


def _registered(event: RegisteredMoved, names: SeatNames) -> str:
    source = _party(names, event.source, "the undecided supply")
    target = _party(names, event.target, "the undecided supply")
    voters = "voter" if event.count == 1 else "voters"
    return f"{event.count} registered {voters} went from {source} to {target}."


def _voters(count: int, party: int) -> str:
    return f"{count} {PARTY_NAMES[party]} {'voter' if count == 1 else 'voters'}"


def _placed(event: VotersPlaced, names: SeatNames) -> str:
    verb = "was" if event.count == 1 else "were"
    return f"{_voters(event.count, event.party)} {verb} committed in {NAMES[event.state]}."


def _removed(event: VotersRemoved, names: SeatNames) -> str:
    why = " as a payment" if event.paid else ""
    return f"{_voters(event.count, event.party)} left {NAMES[event.state]}{why}."


def _swept(event: VotersSwept, names: SeatNames) -> str:
    total = sum(count for _, _, count in event.removals)
    by_state: dict[int, list[str]] = {}
    for place, party, count in event.removals:
        by_state.setdefault(place, []).append(f"{count} {PARTY_NAMES[party]}")
    where = "; ".join(f"{' and '.join(parts)} from {NAMES[place]}" for place, parts in by_state.items())
    return f"{_who(names, event.seat)} removed {total} {'voter' if total == 1 else 'voters'}: {where}."


def _moved(event: PawnMoved, names: SeatNames) -> str:
    return f"{_who(names, event.seat)} moved to {NAMES[event.state]}."


def _left(event: ActionLeft, names: SeatNames) -> str:
    if event.pending is None:
        return "The action is over."
    return f"{event.pending.kind}: {progress(event.pending)}."


def _count(count: int, thing: str) -> str:
    return f"{count} {thing}{'' if count == 1 else 's'}"


def progress(
    pending: Pending, begun: Pending | None = None, standing: Callable[[int], int] | None = None
) -> str:
    """What is left of an action in progress, in words; with ``begun``, how far it has come; with
    ``standing`` (the voters in a state), no more is said to be left in a state than stand there."""
    of = begun if begun is not None and begun.card == pending.card and begun.kind == pending.kind else None
    if pending.pays:
        done = f"{of.pays - pending.pays} of {of.pays} voters paid; " if of and of.pays else ""
        return f"{done}{_count(pending.pays, 'voter')} still to pay from the ethically minded states"
    kind = pending.kind
    if kind in ("Travel", "Voter Suppression") and not pending.removing:
        flight = " or a flight anywhere" if pending.plane else ""
        then = f", then {_count(pending.removes, 'voter')} to remove there" if kind != "Travel" else ""
        return f"{_count(pending.moves, 'move')} left{flight}{then}"
    if kind == "Campaign":
        done = f"{of.places - pending.places} of {of.places} placed; " if of else ""
        return f"{done}up to {_count(pending.places, 'voter')} still to place"
    if kind == "Mudslinging":
        return _mudslinging_left(pending, of, standing)
    done = f"{of.removes - pending.removes} of {of.removes} voters removed; " if of else ""
    up_to = "up to " if kind == "Smear Campaign" else ""
    return f"{done}{up_to}{_count(pending.removes, 'voter')} still to remove"


def _mudslinging_left(pending: Pending, of: Pending | None, standing: Callable[[int], int] | None) -> str:
    """What is left of a Mudslinging's removals: a state whose quota is spent is not asked what stands
    there (a view asks this at every step of a Mudslinging: it was most of a view's words)."""
    quotas = pending.quotas
    owed = [(p, min(n, standing(p)) if standing else n) for p, n in quotas if n]
    left = sum([n for _, n in owed])
    removed = sum([n for _, n in of.quotas]) - sum([n for _, n in quotas]) if of else 0
    done = f"{removed} of {removed + left} voters removed; " if of else ""
    where = ", ".join([f"{ABBREVIATIONS[p]} {n}" for p, n in owed if n])
    return f"{done}{_count(left, 'voter')} still to remove ({where})"


def _owed(event: VotersOwed, names: SeatNames) -> str:
    return f"{_who(names, event.seat)} will place {event.count} voters at home on Election Day."


ANSWERS = {
    PAY: f"pay ${SCANDAL_PRICE}M",
    LOSE_VOTERS: "lose 3 registered voters and 1 voter per ethically minded state",
}
"""A Scandal victim's options in words (the option ids are a storage format, not a sentence)."""


def _asked(event: VictimAsked, names: SeatNames) -> str:
    answers = " or ".join(ANSWERS.get(option, option) for option in event.choice.options)
    return f"{_who(names, event.choice.seats[0])} must answer the Scandal: {answers}."


def _chosen(event: Chosen, names: SeatNames) -> str:
    if event.option == PASS:
        closed = " (the window closed)" if event.by_referee else ""
        return f"{_who(names, event.seat)} let the action go by without a response{closed}."
    return f"{_who(names, event.seat)} chose to {event.option.replace('_', ' ')}."


def _window(event: WindowOpened, names: SeatNames) -> str:
    answering = " and ".join(_whom(names, seat) for seat in event.window.choice.seats)
    return f"A response politick may answer this {event.window.answers} action: {answering} may respond."


def _responded(event: ResponsePlayed, names: SeatNames) -> str:
    title = EFFECTS[event.effect].title
    return f"{_who(names, event.seat)} answered with {CARDS[event.card].title}: {title}."


def _drawn(event: CardDrawn, names: SeatNames) -> str:
    return f"{_who(names, event.seat)} drew {CARDS[event.card].title} from {MONTHS[event.month]}."


def _drawn_seen(event: CardDrawnSeen, names: SeatNames) -> str:
    return f"{_who(names, event.seat)} drew a card from {MONTHS[event.month]}."


def _passed(event: TurnPassed, names: SeatNames) -> str:
    return f"Next turn: {_whom(names, event.seat)}."


def _month(event: MonthEnded, names: SeatNames) -> str:
    after = "a debate opens" if event.debate_first is not None else "Election Day has come"
    return f"{MONTHS[event.month]} is over; {after}."


def _debated(event: DebateCardPlayed, names: SeatNames) -> str:
    return f"{_who(names, event.seat)} debated with {CARDS[event.card].title}."


def _won(event: DebateWon, names: SeatNames) -> str:
    return f"The {PARTY_NAMES[event.party]}s won the debate on {ISSUES[event.issue]}."


def _ended(event: DebateEnded, names: SeatNames) -> str:
    return f"The debate is over; {MONTHS[event.month]} begins."


def _election(event: ElectionHeld, names: SeatNames) -> str:
    totals = ", ".join(f"{_whom(names, s)} {ev}" for s, ev in enumerate(event.electoral))
    won = " and ".join(_whom(names, s) for s in event.winners)
    return f"Election Day: {totals} electoral votes; {won} won."


_SENTENCES: dict[type, Callable[[Any, SeatNames], str]] = {
    GameSetUp: _set_up,
    GameSetUpSeen: _set_up,
    CandidateKept: _kept,
    CampaignBegan: _began,
    CardPlayed: _played,
    MoneyMoved: _money,
    RegisteredMoved: _registered,
    VotersPlaced: _placed,
    VotersRemoved: _removed,
    PawnMoved: _moved,
    ActionLeft: _left,
    VotersOwed: _owed,
    VictimAsked: _asked,
    Chosen: _chosen,
    CardDrawn: _drawn,
    CardDrawnSeen: _drawn_seen,
    TurnPassed: _passed,
    MonthEnded: _month,
    DebateCardPlayed: _debated,
    DebateWon: _won,
    DebateEnded: _ended,
    ElectionHeld: _election,
    WindowOpened: _window,
    ResponsePlayed: _responded,
    VotersSwept: _swept,
}

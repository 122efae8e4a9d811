"""The four powers (spy, accountant, hacker, journalist), paying off a journalist, and unused powers."""

from __future__ import annotations

from domain.errors import IllegalMove, WrongStep
from domain.games.slush_fund_2.cards import IS_MONEY, KIND, MAX_JOURNALISTS, MAX_SIDE, CardId, Kind
from domain.games.slush_fund_2.commands import (
    Commands,
    ConcealContribution,
    DiscardPowerCard,
    MoveContribution,
    PayOffJournalist,
    PlayAccountant,
    PlayHacker,
    PlayJournalist,
    PlaySpy,
    RevealContribution,
)
from domain.games.slush_fund_2.events import (
    ContributionConcealed,
    ContributionMoved,
    ContributionRevealed,
    ContributionsExchanged,
    Events,
    JournalistPaidOff,
    JournalistPlayed,
    PowerCardDiscarded,
    PowerCardFinished,
    PowerCardPlayed,
)
from domain.games.slush_fund_2.evolve import evolve
from domain.games.slush_fund_2.rules.passing import card_done
from domain.games.slush_fund_2.rules.placing import (
    check_in_hand,
    check_politician,
    check_slot,
    discarded,
    has_legal,
)
from domain.games.slush_fund_2.state import Auditing, Spying, State


def check_power(table: State, seat: int, card: CardId, kind: Kind | None = None) -> None:
    """Refuse a card that is not a power card in hand (of ``kind``, when given)."""
    check_in_hand(table, seat, card)
    if IS_MONEY[card] or (kind is not None and KIND[card] is not kind):
        raise IllegalMove(f"That card is not {'a power card' if kind is None else f'a {kind.value}'}.")


def reveals(table: State, seat: int) -> list[RevealContribution]:
    """Every opponent's illegal contribution a spy could turn face-up."""
    sides = table.sides[1 - seat]
    return [
        RevealContribution(politician=p, slot=s)
        for p, side in enumerate(sides)
        for s, contribution in enumerate(side)
        if contribution.face_down
    ]


def conceals(table: State, seat: int) -> list[ConcealContribution]:
    """Every legal contribution of ``seat`` a spy could turn face-down."""
    sides = table.sides[seat]
    return [
        ConcealContribution(politician=p, slot=s)
        for p, side in enumerate(sides)
        for s, contribution in enumerate(side)
        if not contribution.face_down
    ]


def moves(table: State, seat: int, moved: tuple[CardId, ...] = ()) -> list[MoveContribution]:
    """Every move an accountant may make: to another politician, within five cards, illegal beside legal."""
    sides = table.sides[seat]
    room = [len(side) < MAX_SIDE for side in sides]
    legal_there = [has_legal(side) for side in sides]
    found = []
    for politician, side in enumerate(sides):
        for slot, contribution in enumerate(side):
            if contribution.card in moved:
                continue
            for to in range(len(sides)):
                if to != politician and room[to] and (legal_there[to] or not contribution.face_down):
                    found.append(MoveContribution(politician=politician, slot=slot, to=to))
    return found


def hacks(table: State, seat: int, card: CardId) -> list[PlayHacker]:
    """Every exchange of a legal contribution with the opponent's legal one at the same politician."""
    mine, theirs = table.sides[seat], table.sides[1 - seat]
    return [
        PlayHacker(card=card, politician=politician, slot=slot, opponent_slot=opponent_slot)
        for politician in range(len(mine))
        for slot, given in enumerate(mine[politician])
        if not given.face_down
        for opponent_slot, taken in enumerate(theirs[politician])
        if not taken.face_down
    ]


def has_target(table: State, seat: int, kind: Kind) -> bool:
    """True when a power card of ``kind`` could use its power now."""
    if kind is Kind.SPY:
        return bool(reveals(table, seat) or conceals(table, seat))
    if kind is Kind.ACCOUNTANT:
        return bool(moves(table, seat))
    if kind is Kind.HACKER:
        return bool(hacks(table, seat, 0))
    return any(len(under) < MAX_JOURNALISTS for under in table.journalists)


def power_plays(table: State, seat: int, card: CardId) -> list[Commands]:
    """Every legal way to play power card ``card``: its power, a pay-off, or (without a target) a discard."""
    kind = KIND[card]
    plays: list[Commands] = []
    if kind is Kind.SPY and has_target(table, seat, kind):
        plays.append(PlaySpy(card=card))
    elif kind is Kind.ACCOUNTANT and has_target(table, seat, kind):
        plays.append(PlayAccountant(card=card))
    elif kind is Kind.HACKER:
        plays.extend(hacks(table, seat, card))
    elif kind is Kind.JOURNALIST:
        plays += [
            PlayJournalist(card=card, politician=p)
            for p, under in enumerate(table.journalists)
            if len(under) < MAX_JOURNALISTS
        ]
    if not plays:
        plays.append(DiscardPowerCard(card=card))
    plays += [
        PayOffJournalist(card=card, politician=p, slot=slot)
        for p, under in enumerate(table.journalists)
        if under
        for slot, contribution in enumerate(table.sides[seat][p])
        if not contribution.face_down
    ]
    return plays


def play_spy(table: State, seat: int, command: PlaySpy) -> list[Events]:
    """A spy is played when it has something to reveal or to conceal."""
    check_power(table, seat, command.card, Kind.SPY)
    if not has_target(table, seat, Kind.SPY):
        raise IllegalMove("The spy has nothing to reveal and nothing to conceal.")
    return [PowerCardPlayed(seat=seat, card=command.card)]


def reveal(table: State, seat: int, command: RevealContribution) -> list[Events]:
    """Spy, first half: the opponent's illegal contribution turns face-up."""
    step = table.step
    if not isinstance(step, Spying) or step.revealed or not reveals(table, seat):
        raise WrongStep("The spy is not revealing now.")
    check_politician(table, command.politician)
    side = table.sides[1 - seat][command.politician]
    check_slot(side, command.slot)
    if not side[command.slot].face_down:
        raise IllegalMove("That contribution is already face-up.")
    events: list[Events] = [ContributionRevealed(seat=seat, politician=command.politician, slot=command.slot)]
    if conceals(table, seat):
        return events
    return card_done(table, seat, [*events, PowerCardFinished(seat=seat)], len(table.hands[seat]))


def conceal(table: State, seat: int, command: ConcealContribution) -> list[Events]:
    """Spy, second half: one of the seat's legal contributions turns face-down."""
    step = table.step
    if not isinstance(step, Spying) or not (step.revealed or not reveals(table, seat)):
        raise WrongStep("The spy is not concealing now.")
    check_politician(table, command.politician)
    side = table.sides[seat][command.politician]
    check_slot(side, command.slot)
    if side[command.slot].face_down:
        raise IllegalMove("That contribution is already face-down.")
    card = side[command.slot].card
    events: list[Events] = [
        ContributionConcealed(seat=seat, politician=command.politician, slot=command.slot, card=card),
        PowerCardFinished(seat=seat),
    ]
    return card_done(table, seat, events, len(table.hands[seat]))


def spy_steps(table: State, seat: int) -> list[Commands]:
    """The spy's next step: reveal while it can and has not, then conceal."""
    step = table.step
    assert isinstance(step, Spying)
    found: list[Commands] = [] if step.revealed else list(reveals(table, seat))
    return found or list(conceals(table, seat))


def play_accountant(table: State, seat: int, command: PlayAccountant) -> list[Events]:
    """An accountant is played when at least one of the seat's contributions can move."""
    check_power(table, seat, command.card, Kind.ACCOUNTANT)
    if not has_target(table, seat, Kind.ACCOUNTANT):
        raise IllegalMove("None of your contributions can move.")
    return [PowerCardPlayed(seat=seat, card=command.card)]


def move(table: State, seat: int, command: MoveContribution) -> list[Events]:
    """Accountant: one contribution moves; after two moves (or none left possible) the power is spent."""
    step = table.step
    if not isinstance(step, Auditing):
        raise WrongStep("No accountant is moving contributions now.")
    if command not in moves(table, seat, step.moved):
        raise IllegalMove("That contribution cannot move there.")
    moved = ContributionMoved(seat=seat, politician=command.politician, slot=command.slot, to=command.to)
    events: list[Events] = [moved]
    after = evolve(table, events[0])
    assert isinstance(after.step, Auditing)
    if len(after.step.moved) < 2 and moves(after, seat, after.step.moved):
        return events
    return card_done(table, seat, [*events, PowerCardFinished(seat=seat)], len(table.hands[seat]))


def play_hacker(table: State, seat: int, command: PlayHacker) -> list[Events]:
    """Hacker: swap a legal contribution with the opponent's legal one at the same politician."""
    check_power(table, seat, command.card, Kind.HACKER)
    if command not in hacks(table, seat, command.card):
        raise IllegalMove("A hacker swaps two legal contributions at the same politician.")
    given = table.sides[seat][command.politician][command.slot].card
    taken = table.sides[1 - seat][command.politician][command.opponent_slot].card
    event = ContributionsExchanged(
        seat=seat,
        hacker=command.card,
        politician=command.politician,
        slot=command.slot,
        opponent_slot=command.opponent_slot,
        given=given,
        taken=taken,
    )
    return card_done(table, seat, [event], len(table.hands[seat]) - 1)


def play_journalist(table: State, seat: int, command: PlayJournalist) -> list[Events]:
    """Journalist: goes under a politician with fewer than three."""
    check_power(table, seat, command.card, Kind.JOURNALIST)
    check_politician(table, command.politician)
    if len(table.journalists[command.politician]) >= MAX_JOURNALISTS:
        raise IllegalMove("A politician may have at most three journalists.")
    event = JournalistPlayed(seat=seat, card=command.card, politician=command.politician)
    return card_done(table, seat, [event], len(table.hands[seat]) - 1)


def pay_off(table: State, seat: int, command: PayOffJournalist) -> list[Events]:
    """Pay off: a power card unused plus a legal contribution there remove the last-placed journalist."""
    check_power(table, seat, command.card)
    check_politician(table, command.politician)
    under = table.journalists[command.politician]
    if not under:
        raise IllegalMove("There is no journalist under that politician.")
    side = table.sides[seat][command.politician]
    check_slot(side, command.slot)
    if side[command.slot].face_down:
        raise IllegalMove("Paying off costs a legal contribution at that politician.")
    events: list[Events] = [
        discarded(seat, command.politician, command.slot, side),
        JournalistPaidOff(seat=seat, card=command.card, politician=command.politician, journalist=under[-1]),
    ]
    return card_done(table, seat, events, len(table.hands[seat]) - 1)


def discard_unused(table: State, seat: int, command: DiscardPowerCard) -> list[Events]:
    """A power card whose power has no target may be discarded unused, and only then."""
    check_power(table, seat, command.card)
    if has_target(table, seat, KIND[command.card]):
        raise IllegalMove("This power card can still be used; play it.")
    event = PowerCardDiscarded(seat=seat, card=command.card)
    return card_done(table, seat, [event], len(table.hands[seat]) - 1)

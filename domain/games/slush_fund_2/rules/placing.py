"""Money cards: where a contribution may go, and what the sides of the politicians hold."""

from __future__ import annotations

from domain.errors import CardNotInHand, IllegalMove, WrongStep
from domain.games.slush_fund_2.cards import IS_MONEY, MAX_SIDE, CardId, Politician, Slot
from domain.games.slush_fund_2.commands import PlayMoneyCard
from domain.games.slush_fund_2.events import ContributionDiscarded, Events, MoneyCardPlayed
from domain.games.slush_fund_2.rules.passing import card_done
from domain.games.slush_fund_2.state import Contribution, Playing, Side, State
from domain.memos import memo


def has_legal(side: Side) -> bool:
    """True when the side holds at least one legal contribution."""
    for contribution in side:  # noqa: SIM110  (a loop, no generator to start: asked of every side an accountant may move to)
        if not contribution.face_down:
            return True
    return False


def check_politician(table: State, politician: Politician) -> None:
    """Refuse a politician number that is not in the row."""
    if not 0 <= politician < len(table.ladders):
        raise IllegalMove("There is no such politician.")


def check_slot(side: Side, slot: Slot) -> None:
    """Refuse a slot that holds no contribution."""
    if not 0 <= slot < len(side):
        raise IllegalMove("There is no such contribution.")


def check_in_hand(table: State, seat: int, card: CardId) -> None:
    """Refuse a card that is not in the seat's hand, or any card while a power is being resolved."""
    if not isinstance(table.step, Playing):
        raise WrongStep("This is not the moment to play a card from your hand.")
    if card not in table.hands[seat]:
        raise CardNotInHand("That card is not in your hand.")


def placement_refusal(side: Side, face_down: bool, discard: Slot | None) -> str | None:
    """Why this placement breaks a money-card rule, or ``None`` when it keeps them all."""
    if discard is not None:
        if len(side) < MAX_SIDE:
            return "You may discard a contribution to make room only when the side holds five cards."
        if not 0 <= discard < len(side):
            return "There is no such contribution to discard."
        side = side[:discard] + side[discard + 1 :]
    elif len(side) >= MAX_SIDE:
        return "You may not have more than five cards on your side of a politician."
    if face_down and not has_legal(side):
        return "An illegal contribution may only join a legal one."
    if face_down and not all(not contribution.face_down for contribution in side):
        return "You may not have more than one illegal contribution next to a politician."
    return None


Placements = list[tuple[Politician, Slot | None, bool]]
"""Where a money card may go: (politician, the contribution discarded to make room, face down)."""


def placements(table: State, seat: int) -> Placements:
    """Every legal place for a money card of ``seat`` (the same for every card: none depends on it)."""
    return [
        (politician, discard, face_down)
        for politician, side in enumerate(table.sides[seat])
        for discard, face_down in _ways(tuple([contribution.face_down for contribution in side]))
    ]


@memo(None, "the legal placements of a side depend on its face-down pattern alone (63 at most)")
def _ways(pattern: tuple[bool, ...]) -> tuple[tuple[Slot | None, bool], ...]:
    """The (discard, face down) placements :func:`placement_refusal` allows on a side whose cards are
    face down as ``pattern`` says: the rules read nothing else of a side, so at most 63 patterns."""
    side = tuple(Contribution(card=CardId(0), face_down=down) for down in pattern)
    discards: tuple[Slot | None, ...] = tuple(range(MAX_SIDE)) if len(side) >= MAX_SIDE else (None,)
    return tuple(
        (discard, face_down)
        for discard in discards
        for face_down in (False, True)
        if placement_refusal(side, face_down, discard) is None
    )


def money_plays(card: CardId, places: Placements) -> list[PlayMoneyCard]:
    """Every legal way to contribute ``card``, given the seat's :func:`placements`."""
    return [
        PlayMoneyCard(card=card, politician=politician, face_down=face_down, discard=discard)
        for politician, discard, face_down in places
    ]


def play_money_card(table: State, seat: int, command: PlayMoneyCard) -> list[Events]:
    """A money card goes to the seat's side of a politician, after any discard that makes room."""
    check_in_hand(table, seat, command.card)
    if not IS_MONEY[command.card]:
        raise IllegalMove("Only money cards are contributed.")
    check_politician(table, command.politician)
    side = table.sides[seat][command.politician]
    refusal = placement_refusal(side, command.face_down, command.discard)
    if refusal:
        raise IllegalMove(refusal)
    events: list[Events] = []
    if command.discard is not None:
        events.append(discarded(seat, command.politician, command.discard, side))
    card, politician = command.card, command.politician
    events.append(MoneyCardPlayed(seat=seat, card=card, politician=politician, face_down=command.face_down))
    return card_done(table, seat, events, len(table.hands[seat]) - 1)


def discarded(seat: int, politician: Politician, slot: Slot, side: Side) -> ContributionDiscarded:
    """The event of discarding one of ``seat``'s contributions; secret if face-down and never seen."""
    contribution = side[slot]
    secret = contribution.face_down and not contribution.exposed
    return ContributionDiscarded(
        seat=seat, politician=politician, slot=slot, card=contribution.card, secret=secret
    )

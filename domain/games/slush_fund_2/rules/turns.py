"""The two turn options, the recall rule, the final turn, and passing the turn on."""

from __future__ import annotations

from domain.chance import Chance, draw
from domain.errors import CardNotInHand, IllegalMove, WrongStep
from domain.games.slush_fund_2.cards import DRAW_COUNT, TAKE_COUNT, CardId
from domain.games.slush_fund_2.commands import (
    Commands,
    DrawCards,
    ExamineSlushFund,
    Recall,
    StashInSlushFund,
    TakeFromSlushFund,
)
from domain.games.slush_fund_2.events import (
    CardsDrawn,
    CardStashed,
    DrawnCardsShuffledBack,
    Events,
    FinalTurnBegan,
    SlushFundCardTaken,
    SlushFundExamined,
)
from domain.games.slush_fund_2.rules.placing import check_politician, check_slot, discarded
from domain.games.slush_fund_2.state import Choosing, Deck, Drawn, Examining, State


def drawn_from(deck: Deck, ctx: Chance) -> tuple[CardId, ...]:
    """Three cards off a deck: the known top cards, then cards picked at random from the sorted rest."""
    top = deck.top[:DRAW_COUNT]
    wanted = min(DRAW_COUNT - len(top), len(deck.rest))
    return top + draw(ctx.rng, deck.rest, wanted)


def draw_cards(table: State, seat: int, command: DrawCards, ctx: Chance) -> list[Events]:
    """Option 1: draw three; drawing a deck's last cards starts the final turn for both seats."""
    if not isinstance(table.step, Choosing):
        raise WrongStep("You may draw only at the start of your turn.")
    deck = table.decks[seat]
    if deck.count > DRAW_COUNT:
        return [CardsDrawn(seat=seat, cards=drawn_from(deck, ctx))]
    other = 1 - seat
    return [
        FinalTurnBegan(seat=seat),
        CardsDrawn(seat=seat, cards=drawn_from(deck, ctx)),
        CardsDrawn(seat=other, cards=drawn_from(table.decks[other], ctx)),
    ]


def recall(table: State, seat: int, command: Recall, ctx: Chance) -> list[Events]:
    """Shuffle the drawn cards back and draw three new, discarding a legal contribution."""
    if not isinstance(table.step, Drawn):
        raise WrongStep("You may recall only right after drawing, before stashing a card.")
    check_politician(table, command.politician)
    side = table.sides[seat][command.politician]
    check_slot(side, command.slot)
    if side[command.slot].face_down:
        raise IllegalMove("Recalling costs a legal contribution, not an illegal one.")
    hand = table.hands[seat]
    deck = table.decks[seat]
    refilled = Deck(top=deck.top, rest=tuple(sorted(deck.rest + hand)))
    return [
        discarded(seat, command.politician, command.slot, side),
        DrawnCardsShuffledBack(seat=seat, cards=hand),
        CardsDrawn(seat=seat, cards=drawn_from(refilled, ctx)),
    ]


def stash(table: State, seat: int, command: StashInSlushFund, ctx: Chance) -> list[Events]:
    """Put one drawn card face-down into the slush fund."""
    if not isinstance(table.step, Drawn):
        raise WrongStep("You stash a card right after drawing.")
    if command.card not in table.hands[seat]:
        raise CardNotInHand("That card is not among the cards you drew.")
    return [CardStashed(seat=seat, card=command.card)]


def examine(table: State, seat: int, command: ExamineSlushFund, ctx: Chance) -> list[Events]:
    """Option 2: look at a slush fund of three or more cards."""
    if not isinstance(table.step, Choosing):
        raise WrongStep("You may examine the slush fund only at the start of your turn.")
    if len(table.slush) < TAKE_COUNT:
        raise IllegalMove("Option 2 needs a slush fund of three or more cards.")
    return [SlushFundExamined(seat=seat, count=len(table.slush))]


def take(table: State, seat: int, command: TakeFromSlushFund, ctx: Chance) -> list[Events]:
    """Take one of the slush fund cards you are examining."""
    if not isinstance(table.step, Examining):
        raise WrongStep("Examine the slush fund before taking from it.")
    if command.card not in table.slush:
        raise IllegalMove("That card is not in the slush fund.")
    last = table.step.taken + 1 == TAKE_COUNT
    return [SlushFundCardTaken(seat=seat, card=command.card, last=last)]


def turn_commands(table: State, seat: int) -> list[Commands]:
    """The legal commands before any card is played: choosing an option, recalling, stashing, taking."""
    step = table.step
    if isinstance(step, Choosing):
        options: list[Commands] = [DrawCards()]
        return [*options, ExamineSlushFund()] if len(table.slush) >= TAKE_COUNT else options
    if isinstance(step, Examining):
        return [TakeFromSlushFund(card=card) for card in table.slush]
    stashes: list[Commands] = [StashInSlushFund(card=card) for card in table.hands[seat]]
    return stashes + [
        Recall(politician=politician, slot=slot)
        for politician, side in enumerate(table.sides[seat])
        for slot, contribution in enumerate(side)
        if not contribution.face_down
    ]

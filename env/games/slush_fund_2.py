"""Slush Fund 2 for learners: every command it can accept, and the slots of a seat's view.

Actions (in this order; a card is named by its id 0-59, a politician 0-4, a slot 0-4): ``DrawCards``;
``Recall`` (politician, slot); ``StashInSlushFund`` (any card); ``ExamineSlushFund``;
``TakeFromSlushFund`` (any card); ``PlayMoneyCard`` (money card, politician, face down or not, discard
none or slot); ``PlaySpy`` (spies); ``RevealContribution`` and ``ConcealContribution`` (politician,
slot); ``PlayAccountant`` (accountants); ``MoveContribution`` (politician, slot, to); ``PlayHacker``
(hacker, politician, slot, opponent's slot); ``PlayJournalist`` (journalist, politician);
``PayOffJournalist`` (power card, politician, slot); ``DiscardPowerCard`` (power cards). Each list runs
over its fields in that order, the first field slowest.
"""

from __future__ import annotations

from itertools import product

from domain.games.slush_fund_2.cards import ALL_CARDS, IS_MONEY, KIND, MAX_SIDE, POLITICIANS, Kind
from domain.games.slush_fund_2.commands import (
    ConcealContribution,
    DiscardPowerCard,
    DrawCards,
    ExamineSlushFund,
    MoveContribution,
    PayOffJournalist,
    PlayAccountant,
    PlayHacker,
    PlayJournalist,
    PlayMoneyCard,
    PlaySpy,
    Recall,
    RevealContribution,
    StashInSlushFund,
    TakeFromSlushFund,
)
from domain.games.slush_fund_2.views import SlushFundTableView
from domain.messages import Command
from env.layout import SKIP, Cards, Declaration, Fixed, Padded, Vocabulary

VIEW = SlushFundTableView
PLACES = range(len(POLITICIANS))
SLOTS = range(MAX_SIDE)


def _of(kind: Kind) -> list[int]:
    return [card for card in ALL_CARDS if KIND[card] is kind]


def commands(seats: int) -> list[Command]:
    """Every command a seat can ever send, in the action space's order."""
    money = [card for card in ALL_CARDS if IS_MONEY[card]]
    power = [card for card in ALL_CARDS if not IS_MONEY[card]]
    spots = list(product(PLACES, SLOTS))
    return [
        DrawCards(),
        *(Recall(politician=p, slot=s) for p, s in spots),
        *(StashInSlushFund(card=card) for card in ALL_CARDS),
        ExamineSlushFund(),
        *(TakeFromSlushFund(card=card) for card in ALL_CARDS),
        *(
            PlayMoneyCard(card=card, politician=p, face_down=down, discard=discard)
            for card in money
            for p in PLACES
            for down in (False, True)
            for discard in (None, *SLOTS)
        ),
        *(PlaySpy(card=card) for card in _of(Kind.SPY)),
        *(RevealContribution(politician=p, slot=s) for p, s in spots),
        *(ConcealContribution(politician=p, slot=s) for p, s in spots),
        *(PlayAccountant(card=card) for card in _of(Kind.ACCOUNTANT)),
        *(MoveContribution(politician=p, slot=s, to=to) for p, s in spots for to in PLACES),
        *(
            PlayHacker(card=card, politician=p, slot=s, opponent_slot=o)
            for card in _of(Kind.HACKER)
            for p, s in spots
            for o in SLOTS
        ),
        *(PlayJournalist(card=card, politician=p) for card in _of(Kind.JOURNALIST) for p in PLACES),
        *(PayOffJournalist(card=card, politician=p, slot=s) for card in power for p, s in spots),
        *(DiscardPowerCard(card=card) for card in power),
    ]


STEPS = ("Choosing", "Drawn", "Examining", "Playing", "Spying", "Auditing", "Over")
"""The names of a turn's steps, as the view gives them."""


def declarations(seats: int) -> dict[str, Declaration]:
    """How each variable part of the view is laid out."""
    cards, chairs = Cards(ALL_CARDS), Cards(tuple(range(seats)))
    return {
        "viewer": Vocabulary(tuple(str(seat) for seat in range(seats))),
        "turn": chairs,
        "step": Vocabulary(STEPS),
        "politicians": Fixed(len(POLITICIANS)),
        "politicians[].name": SKIP,  # the same at every table
        "politicians[].journalists": cards,
        "players": Fixed(seats),
        "players[].seat": SKIP,  # its place in the tuple says it
        "players[].hand:OwnHand.cards": cards,
        "players[].deck_top": cards,
        "players[].contributions": Fixed(len(POLITICIANS)),
        "players[].contributions[]": Padded(MAX_SIDE),
        "players[].contributions[][]:SeenContribution.card": cards,
        "slush_fund.known": cards,
        "result.totals": Fixed(seats),
        "result.totals[]": Fixed(len(POLITICIANS)),
        "result.won": Fixed(len(POLITICIANS)),
        "result.won[]": chairs,
        "result.worth": Fixed(len(POLITICIANS)),
        "result.penalties": Fixed(seats),
        "result.scores": Fixed(seats),
        "result.winners": chairs,
        "result.tiebreak": SKIP,  # the sentence saying how a tie was broken; the scores say who won
    }

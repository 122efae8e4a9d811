"""Politrickers for learners: every command it can accept, and the slots of a seat's view.

Actions (in this order): ``PlayCard`` for each card id 0-43 (every Policy Card but Migration, whatever
the table size, so one id means one card at every size), first without then with ``switch_party``;
then ``PlayMigration`` with ``move_from`` None, tails, claws, each without then with ``switch_party``.
"""

from __future__ import annotations

from domain.games.politrickers.cards import ALL_CARDS, MIGRATION, Party
from domain.games.politrickers.commands import PlayCard, PlayMigration
from domain.games.politrickers.views import PolitrickersView
from domain.messages import Command
from env.layout import SKIP, Cards, Declaration, Fixed, Padded

VIEW = PolitrickersView


def commands(seats: int) -> list[Command]:
    """Every command a seat of ``seats`` can ever send, in the action space's order."""
    plays: list[Command] = [
        PlayCard(card=card, switch_party=switch)
        for card in ALL_CARDS
        if card != MIGRATION
        for switch in (False, True)
    ]
    migrations = [
        PlayMigration(move_from=plate, switch_party=switch)
        for plate in (None, Party.TAILS, Party.CLAWS)
        for switch in (False, True)
    ]
    return [*plays, *migrations]


def declarations(seats: int) -> dict[str, Declaration]:
    """How each variable part of the view is laid out at ``seats`` seats."""
    cards, chairs = Cards(ALL_CARDS), Cards(tuple(range(seats)))
    return {
        "viewer": chairs,
        "to_act": chairs,
        "seats": Fixed(seats),
        "seats[].seat": SKIP,  # its place in the tuple says it
        "seats[].hand:OwnHand.cards": cards,
        "seats[].set_aside_face_down:OwnHand.cards": cards,
        "trick.leader": chairs,
        "trick.chair": chairs,
        "trick.plays": Padded(seats),
        "trick.plays[]:FaceUpCard.seat": chairs,
        "trick.plays[]:FaceUpCard.card": cards,
        "trick.plays[]:OwnFaceDownCard.seat": chairs,
        "trick.plays[]:OwnFaceDownCard.card": cards,
        "trick.plays[]:FaceDownCard.seat": chairs,
        "set_aside_face_up": cards,
        "leftovers:LeftoverCards.cards": cards,
        "winners": chairs,
    }

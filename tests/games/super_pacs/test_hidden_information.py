"""Nothing a player may not see leaks: hands, sneaked cards, leader picks, and reaction windows."""

from __future__ import annotations

from domain.chance import Context
from domain.games.super_pacs.commands import Campaign, Embezzle, Exploit
from domain.games.super_pacs.events import FactionsDrawnUnseen, GameSetUpSeen
from domain.games.super_pacs.rules import SuperPacsOptions
from domain.seats import SPECTATOR, Seat
from domain.visibility import HandCount, OwnHand

from .conftest import GAME, F, L, stacked, table

LEADERS = (L("MR. HOPE"), L("THE HAIR PIECE"), L("THE ORGANIZER"))


def test_a_window_does_not_tell_whether_a_surprise_is_held() -> None:
    """Windows open whenever a surprise could be held, so a window never shows that one is."""
    seen = []
    for held in (F("Spin Doctors"), F("Teachers")):
        given = stacked(3, leaders=LEADERS, hands={0: (F("Oil Barons"),), 1: (held,), 2: ()})
        given = given.played((0, Embezzle()), (0, Exploit(card=F("Oil Barons"))))
        seen.append(
            (GAME.to_act(given.state), given.view(Seat(0)), given.view(SPECTATOR), given.view(Seat(2)))
        )
    assert seen[0] == seen[1]


def test_other_hands_and_sneaked_cards_are_only_counts() -> None:
    """Others see how many cards you hold, not which; sneaked cards are face down."""
    given = stacked(3, leaders=LEADERS, sneaked=((F("Teachers"),), (), ()))
    mine, theirs = given.view(Seat(0)).seats[0], given.view(Seat(1)).seats[0]
    assert isinstance(mine.hand, OwnHand) and isinstance(mine.sneaked, OwnHand)
    assert isinstance(theirs.hand, HandCount) and theirs.sneaked == HandCount(count=1)


def test_a_draw_is_its_players_only() -> None:
    """Drawn cards go to the hand: other viewers read how many."""
    done = stacked(3, leaders=LEADERS).when(0, Campaign())
    assert GAME.redact(done.events[1], Seat(1)) == FactionsDrawnUnseen(seat=0, count=1)
    assert GAME.redact(done.events[1], Seat(0)) == done.events[1]


def test_the_deal_shows_each_seat_its_own_hand_only() -> None:
    """The deal: each seat reads its own hand and leader offer; the spectator reads none."""
    setup = table(3, random_leaders=False).state
    dealt = GAME.setup(SuperPacsOptions(first_player=0), 3, Context.seeded(0))[0]
    seen = GAME.redact(dealt, Seat(1))
    assert isinstance(seen, GameSetUpSeen) and seen.hand == dealt.hands[1] and seen.offer == dealt.offers[1]
    assert GAME.redact(dealt, SPECTATOR).hand == () and setup.phase == "leaders"

"""The rulebook's worked examples, played as scenarios."""

from __future__ import annotations

from domain.games.super_pacs.commands import (
    BuyInvestment,
    Campaign,
    EndTurn,
    Exploit,
    Fundraise,
    Sneak,
    UseSuperpower,
)
from domain.games.super_pacs.events import FactionsDrawn, MoneyMoved

from .conftest import F, I, L, stacked, tokens

MEDIA, GREENS = F("Liberal Media"), F("Environmentalists")


def test_alices_sneak() -> None:
    """Alice sneaks "Liberal Media" and "Environmentalists"; at the end of the round both go into her
    coalition."""
    given = stacked(2, leaders=(L("MR. HOPE"), L("THE CEO")), hands={0: (MEDIA, GREENS), 1: ()})
    given = given.played((0, Campaign()), (0, Sneak(cards=(MEDIA, GREENS))), (0, EndTurn()))
    assert given.state.coalitions[0] == ()
    given = given.played((1, Campaign()), (1, Fundraise()), (1, EndTurn()))
    assert given.state.coalitions[0] == (MEDIA, GREENS) and given.state.phase == "event"


def test_johns_green_sneak() -> None:
    """John controls The Hair Piece, sneaks 2 green cards; at the end of the round both join his coalition."""
    greens = (F("Car Companies"), F("Wallet Street"))
    given = stacked(2, leaders=(L("THE HAIR PIECE"), L("THE CEO")), hands={0: greens, 1: ()})
    given = given.played((0, Campaign()), (0, Sneak(cards=tuple(sorted(greens)))), (0, EndTurn()))
    given = given.played((1, Campaign()), (1, Fundraise()), (1, EndTurn()))
    assert sorted(given.state.coalitions[0]) == sorted(greens)


def test_ruths_car_companies_exploit() -> None:
    """Ruth campaigns with Mr. Hope, draws Car Companies, exploits it: 3 from the Treasury, 1 from an
    immune opponent."""
    cars = F("Car Companies")
    given = stacked(
        3,
        leaders=(L("MR. HOPE"), L("THE CEO"), L("THE FIXER")),
        hands={0: (), 1: (), 2: ()},
        coalitions=((), (F("Civil Servants"),), ()),
    ).adjusted(deck=(cars,))
    drawn = given.when(0, Campaign())
    assert drawn.events[1] == FactionsDrawn(seat=0, cards=(cars,))
    done = given.played((0, Campaign())).when(0, Exploit(card=cars))
    assert MoneyMoved(payer=-1, payee=0, amount=3) in done.events
    assert MoneyMoved(payer=1, payee=0, amount=1) in done.events
    assert done.state.coalitions[0] == (cars,) and done.state.money == (6, 1, 2)


def test_toms_fundraise_and_investment() -> None:
    """Tom has 7 wealth, fundraises, buys a 3-megabuck investment, keeps 4, and a new investment is
    revealed."""
    wealthy = (F("Wallet Street"), F("Hedge Funds"), F("Unions"))
    market = (I("Bitcoin"), I("Gold Bars"), I("Junk Bonds"), I("Vineyard"))
    given = stacked(
        2, leaders=(L("THE CEO"), L("MR. HOPE")), coalitions=(wealthy, ()), market=market, money=(0, 2)
    )
    given = given.played((0, Campaign()), (0, Fundraise()))
    done = given.when(0, BuyInvestment(card=I("Bitcoin")))
    assert done.state.money[0] == 7 - 3 and done.state.investments[0] == (I("Bitcoin"),)
    assert len(done.state.market) == 4


def test_annas_mr_hope_superpower() -> None:
    """Anna campaigns with MR. HOPE, pays 2 for the superpower to draw a second faction, then sneaks two."""
    given = stacked(
        2, leaders=(L("MR. HOPE"), L("THE CEO")), hands={0: (), 1: ()}, tokens=tokens(FIRST_PLAYER=0)
    ).adjusted(deck=(MEDIA, GREENS))
    given = given.played((0, Campaign()))
    assert len(given.state.hands[0]) == 1
    given = given.played((0, UseSuperpower()))
    assert given.state.money[0] == 0 and len(given.state.hands[0]) == 2
    done = given.when(0, Sneak(cards=(MEDIA, GREENS)))
    assert done.state.sneaked[0] == (MEDIA, GREENS) and done.state.hands[0] == ()

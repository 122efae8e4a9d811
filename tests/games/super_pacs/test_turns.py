"""Your Turn: the initial action, the main action, the superpower and investments."""

from __future__ import annotations

from domain.choices import Pass
from domain.games.super_pacs.commands import (
    BuyInvestment,
    Campaign,
    Embezzle,
    EndTurn,
    Exploit,
    Fundraise,
    Sneak,
    UseSuperpower,
)
from domain.games.super_pacs.events import (
    ActionTaken,
    FactionsDrawn,
    FactionsSneaked,
    InvestmentBought,
    MoneyMoved,
    TurnEnded,
)
from domain.seats import SPECTATOR

from .conftest import F, I, L, stacked, tokens

HOPE, HAIR, ORGANIZER = L("MR. HOPE"), L("THE HAIR PIECE"), L("THE ORGANIZER")


def _turn(**fields: object) -> object:
    return stacked(3, leaders=(HOPE, HAIR, ORGANIZER), **fields)


def test_choose_an_initial_action_campaign_or_embezzle() -> None:
    """1. Choose an initial action: a) Campaign b) Embezzle (get 2 megabucks)."""
    given = _turn()
    legal = given.legal(0)
    assert Campaign() in legal and Embezzle() in legal and Fundraise() not in legal
    given.when(0, Embezzle()).then(
        ActionTaken(seat=0, action="embezzle"), MoneyMoved(payer=-1, payee=0, amount=2)
    )


def test_campaign_is_the_leaders_campaign_action() -> None:
    """Campaign action: one of the initial actions; they generally allow you to draw factions."""
    done = _turn().when(0, Campaign())
    assert done.events[0] == ActionTaken(seat=0, action="campaign")
    assert isinstance(done.events[1], FactionsDrawn) and len(done.events[1].cards) == 1


def test_no_main_action_before_an_initial_action() -> None:
    """Q: Can I take a main action before an initial action? A: No."""
    hand = (F("Oil Barons"), F("Teachers"))
    given = _turn(hands={0: hand})
    given.when(0, Exploit(card=F("Oil Barons"))).raises("rule/wrong_step")
    given.when(0, Fundraise()).raises("rule/wrong_step")


def test_exploit_adds_an_exploit_faction_and_executes_its_text() -> None:
    """a) Exploit 1 faction: Add a card with the exploit icon to your coalition and execute its text."""
    given = _turn(hands={0: (F("Oil Barons"),), 1: (), 2: ()}).played((0, Embezzle()))
    done = given.when(0, Exploit(card=F("Oil Barons")))
    assert F("Oil Barons") in done.state.coalitions[0]
    assert done.state.money[0] == 2 + 2 + 4


def test_factions_with_a_surprise_cannot_be_exploited_but_can_be_sneaked() -> None:
    """Factions with a surprise cannot be exploited as a main action. They can, however, be sneaked."""
    banks = F("Too Big To Fail Banks")
    given = _turn(hands={0: (banks,)}).played((0, Embezzle()))
    given.when(0, Exploit(card=banks)).raises("rule/wrong_step")
    assert Sneak(cards=(banks,)) in given.legal(0)


def test_sneak_1_or_2_factions_face_down() -> None:
    """b) Sneak 1 or 2 factions: Place one or two faction cards face down in the sneaked card zone."""
    hand = (F("Oil Barons"), F("Teachers"), F("Unions"))
    given = _turn(hands={0: hand}).played((0, Embezzle()))
    pair = tuple(sorted(hand[:2]))
    given.when(0, Sneak(cards=pair)).then(FactionsSneaked(seat=0, cards=pair))
    given.when(0, Sneak(cards=tuple(sorted(hand)))).raises("rule/illegal_move")
    assert given.when(0, Sneak(cards=pair)).view(SPECTATOR).seats[0].sneaked.count == 2  # type: ignore[union-attr]


def test_fundraise_gets_megabucks_equal_to_the_coalitions_wealth() -> None:
    """c) Fundraise: Get megabucks equal to the total wealth of your coalition."""
    coalition = (F("Wallet Street"), F("Hedge Funds"), F("Unions"))  # wealth 3 + 3 + 1
    given = _turn(coalitions=((coalition), (), ())).played((0, Embezzle()))
    given.when(0, Fundraise()).then(
        ActionTaken(seat=0, action="fundraise"), MoneyMoved(payer=-1, payee=0, amount=7)
    )


def test_the_turn_ends_after_the_main_action_and_the_player_to_the_left_plays() -> None:
    """In a round each player takes a turn, starting with the first player, followed by the player to
    the left."""
    given = _turn().played((0, Embezzle()), (0, Fundraise()))
    given.when(0, EndTurn()).then(TurnEnded(seat=0, next=1))
    assert EndTurn() not in _turn().legal(0)


def test_the_superpower_once_per_round_paying_its_cost() -> None:
    """Once per round ... Superpower. Pay the cost and perform the action at the bottom of your leader
    card."""
    given = _turn()
    done = given.when(0, UseSuperpower())
    assert done.events[:2] == [
        ActionTaken(seat=0, action="superpower"),
        MoneyMoved(payer=0, payee=-1, amount=2),
    ]
    assert UseSuperpower() not in done.legal(0)


def test_a_superpower_may_be_used_before_the_initial_action() -> None:
    """Q: Can I use a superpower before my initial action? A: Yes."""
    assert UseSuperpower() in _turn().legal(0)


def test_blessed_makes_the_superpower_cost_1_less() -> None:
    """BLESSED: Your leader's superpower costs 1 less megabuck."""
    done = _turn(tokens=tokens(FIRST_PLAYER=0, BLESSED=0)).when(0, UseSuperpower())
    assert done.events[1] == MoneyMoved(payer=0, payee=-1, amount=1)


def test_some_leaders_have_a_cost_modifier() -> None:
    """Some leaders may have a cost modifier (THE ORGANIZER: 1 less for each blue faction)."""
    blue = (F("Teachers"), F("Unions"), F("Think Tank"))
    given = _turn(coalitions=((), (), blue), turn=2, first=2, money=(2, 2, 1))
    done = given.when(2, UseSuperpower())
    assert done.events[1] == MoneyMoved(payer=2, payee=-1, amount=1)


def test_scandal_forbids_the_superpower() -> None:
    """SCANDAL: You can't use your leader's superpower."""
    assert UseSuperpower() not in _turn(tokens=tokens(FIRST_PLAYER=0, SCANDAL=0)).legal(0)


def test_no_discarding_factions_to_pay_for_a_superpower_or_an_investment() -> None:
    """Players may not discard factions to pay for optional costs (a superpower, an investment)."""
    given = _turn(money=(1, 2, 2), market=(I("Bitcoin"), I("Gold Bars"), I("Junk Bonds"), I("Vineyard")))
    assert UseSuperpower() not in given.legal(0)
    assert not [c for c in given.legal(0) if isinstance(c, BuyInvestment)]


def test_buy_investments_any_time_during_your_turn_refilled_to_four() -> None:
    """Anytime during your turn: Investments ... Tom reveals a new investment so that exactly four remain."""
    market = (I("Bitcoin"), I("Gold Bars"), I("Junk Bonds"), I("Vineyard"))
    given = _turn(money=(12, 2, 2), market=market)
    done = given.when(0, BuyInvestment(card=I("Bitcoin")))
    bought = done.events[1]
    assert done.events[0] == MoneyMoved(payer=0, payee=-1, amount=3)
    assert isinstance(bought, InvestmentBought) and bought.refill in given.state.investment_pile
    assert len(done.state.market) == 4 and done.state.investments[0] == (I("Bitcoin"),)
    assert BuyInvestment(card=I("Bitcoin")) not in given.legal(1)


def test_buy_an_investment_do_something_else_then_buy_again() -> None:
    """Q: Can I buy an investment, do something else, and then buy investments again? A: Yes."""
    market = (I("Bitcoin"), I("Gold Bars"), I("Junk Bonds"), I("Vineyard"))
    given = _turn(money=(12, 2, 2), market=market).played(
        (0, BuyInvestment(card=I("Bitcoin"))), (0, Embezzle())
    )
    assert BuyInvestment(card=I("Junk Bonds")) in given.legal(0)


def test_a_refilled_investment_may_be_bought_the_same_turn() -> None:
    """Q: Can I buy an investment, flip over a new one, and then buy the new investment as well? A: Yes."""
    market = (I("Bitcoin"), I("Gold Bars"), I("Junk Bonds"), I("Vineyard"))
    given = _turn(money=(30, 2, 2), market=market).played((0, BuyInvestment(card=I("Bitcoin"))))
    refill = next(c for c in given.state.market if c not in market)
    assert BuyInvestment(card=refill) in given.legal(0)


def test_investor_makes_each_investment_cost_1_less() -> None:
    """INVESTOR: Each investment you buy costs 1 less megabuck."""
    market = (I("Bitcoin"), I("Gold Bars"), I("Junk Bonds"), I("Vineyard"))
    given = _turn(money=(2, 2, 2), market=market, tokens=tokens(FIRST_PLAYER=0, INVESTOR=0))
    done = given.when(0, BuyInvestment(card=I("Bitcoin")))
    assert done.events[0] == MoneyMoved(payer=0, payee=-1, amount=2)


def test_an_investments_immediate_benefit_is_taken_after_buying() -> None:
    """Immediate benefits: "Draw one faction card" on the Cattle Ranch, drawn after purchasing."""
    market = (I("Cattle Ranch"), I("Gold Bars"), I("Junk Bonds"), I("Vineyard"))
    done = _turn(money=(5, 2, 2), market=market).when(0, BuyInvestment(card=I("Cattle Ranch")))
    assert [type(e).__name__ for e in done.events] == ["MoneyMoved", "InvestmentBought", "FactionsDrawn"]


def test_others_may_not_act_in_your_turn_unless_asked() -> None:
    """Only the turn player acts, outside reaction windows."""
    given = _turn()
    assert given.to_act() == {0}
    assert given.legal(1) == [] and Pass() not in given.legal(0)

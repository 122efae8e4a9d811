"""Option 2: with 3 or more cards in the slush fund, look at them all, take 3 and play all 3."""

from __future__ import annotations

from domain.games.slush_fund_2.commands import (
    DrawCards,
    ExamineSlushFund,
    PlayMoneyCard,
    TakeFromSlushFund,
)
from domain.games.slush_fund_2.events import (
    CardStashed,
    MoneyCardPlayed,
    SlushFundCardTaken,
    SlushFundExamined,
    TurnPassed,
)
from domain.messages import Event

from .conftest import BLUE, GOVERNOR, RED, blue, drawn, red, state_of, table, turn


def _stocked(*cards: int) -> list[Event]:
    """Events leaving ``cards`` in the slush fund, stashed by their owners, with Red to act."""
    events: list[Event] = []
    for card in cards:
        seat = RED if card < 30 else BLUE
        events += [drawn(seat, card), CardStashed(seat=seat, card=card)]
    return [*events, turn(RED)]


def test_option_2_is_possible_only_if_the_slush_fund_contains_3_or_more_cards() -> None:
    """Option 2 is possible only if the slush fund contains 3 or more cards."""
    two = table(*_stocked(blue(1), blue(2)))
    assert ExamineSlushFund() not in two.legal(RED)
    two.when(RED, ExamineSlushFund()).raises("rule/illegal_move")
    three = table(*_stocked(blue(1), blue(2), red(3)))
    three.when(RED, ExamineSlushFund()).then(SlushFundExamined(seat=RED, count=3))


def test_look_at_all_the_cards_in_the_slush_fund() -> None:
    """For option 2, look at all the cards in the slush fund (the examiner's view shows them all)."""
    scenario = table(*_stocked(blue(1), blue(2), blue(3), red(4)))
    assert scenario.view(RED).slush_fund.known == (red(4),)
    result = scenario.when(RED, ExamineSlushFund())
    assert result.view(RED).slush_fund.known == (red(4), blue(1), blue(2), blue(3))
    assert result.view(BLUE).slush_fund.known == (blue(1), blue(2), blue(3))
    assert set(result.legal(RED)) == {TakeFromSlushFund(card=c) for c in (red(4), blue(1), blue(2), blue(3))}


def test_take_3_of_them_and_play_all_3() -> None:
    """Take 3 of the slush fund cards, and play all 3."""
    scenario = table(*_stocked(blue(1), blue(2), blue(3), red(4)))
    scenario.played((RED, ExamineSlushFund()))
    scenario.when(RED, TakeFromSlushFund(card=blue(1))).then(
        SlushFundCardTaken(seat=RED, card=blue(1), last=False)
    )
    scenario.played(*((RED, TakeFromSlushFund(card=c)) for c in (blue(1), blue(2), red(4))))
    assert state_of(scenario).hands[RED] == (red(4), blue(1), blue(2))
    scenario.played(*((RED, PlayMoneyCard(card=c, politician=GOVERNOR)) for c in (blue(1), blue(2))))
    scenario.when(RED, PlayMoneyCard(card=red(4), politician=GOVERNOR)).then(
        MoneyCardPlayed(seat=RED, card=red(4), politician=GOVERNOR, face_down=False), TurnPassed(seat=BLUE)
    )


def test_return_the_other_cards_to_the_slush_fund() -> None:
    """Return the other cards to the slush fund."""
    scenario = table(*_stocked(blue(1), blue(2), blue(3), red(4)))
    scenario.played((RED, ExamineSlushFund()))
    scenario.played(*((RED, TakeFromSlushFund(card=c)) for c in (blue(1), blue(2), blue(3))))
    assert state_of(scenario).slush == (red(4),)
    assert scenario.legal(RED)[0] == PlayMoneyCard(card=blue(1), politician=GOVERNOR)


def test_by_looking_at_the_slush_fund_cards_you_commit_yourself_to_option_2() -> None:
    """By looking at the slush fund cards, you commit yourself to option 2."""
    scenario = table(*_stocked(blue(1), blue(2), blue(3)))
    scenario.played((RED, ExamineSlushFund()))
    scenario.when(RED, DrawCards()).raises("rule/wrong_step")
    assert all(isinstance(c, TakeFromSlushFund) for c in scenario.legal(RED))


def test_the_other_player_cannot_tell_which_of_its_slush_fund_cards_were_taken() -> None:
    """Ruling R16: once the opponent takes from the slush fund, a seat forgets which of its cards remain."""
    scenario = table(*_stocked(blue(1), blue(2), blue(3), blue(4)))
    assert scenario.view(BLUE).slush_fund.known == (blue(1), blue(2), blue(3), blue(4))
    scenario.played((RED, ExamineSlushFund()), (RED, TakeFromSlushFund(card=blue(4))))
    assert scenario.view(BLUE).slush_fund.known == ()
    assert scenario.view(BLUE).slush_fund.count == 3
    assert scenario.view(RED).slush_fund.known == (blue(1), blue(2), blue(3))

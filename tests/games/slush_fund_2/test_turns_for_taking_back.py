"""A turn begins with its first action: the game says which event of a step begins a turn."""

from __future__ import annotations

from domain.games.slush_fund_2.cards import Kind
from domain.games.slush_fund_2.commands import DrawCards, ExamineSlushFund, PlayMoneyCard, StashInSlushFund
from domain.games.slush_fund_2.events import CardStashed, TurnPassed
from domain.games.slush_fund_2.takebacks import TAKEBACKS

from .conftest import BLUE, GOVERNOR, RED, blue, drawn, red, run_down, table, turn

JOURNALIST = Kind.JOURNALIST


def _turn_starts(state: object, events: list[object]) -> list[str]:
    """The events the game marks as turn starts, of a step decided on ``state``."""
    return [type(event).__name__ for event in events if TAKEBACKS.turn_start(state, event)]  # type: ignore[arg-type]


def test_option_1_begins_the_turn_with_the_draw() -> None:
    """On a turn, draw 3 cards: the draw begins the turn; stashing and playing belong to it."""
    scenario = table()
    assert _turn_starts(scenario.state, scenario.when(RED, DrawCards()).events) == ["CardsDrawn"]
    scenario = table(drawn(RED, red(1), red(2), red(3)))
    assert _turn_starts(scenario.state, scenario.when(RED, StashInSlushFund(card=red(3))).events) == []
    scenario.played(
        (RED, StashInSlushFund(card=red(3))), (RED, PlayMoneyCard(card=red(1), politician=GOVERNOR))
    )
    last = scenario.when(RED, PlayMoneyCard(card=red(2), politician=GOVERNOR)).events
    assert isinstance(last[-1], TurnPassed) and _turn_starts(scenario.state, last) == []


def test_option_2_begins_the_turn_with_the_look_at_the_slush_fund() -> None:
    """Looking at the slush fund commits you to option 2 and begins your turn."""
    stocked = []
    for card in (blue(1), blue(2), blue(3)):
        stocked += [drawn(BLUE, card), CardStashed(seat=BLUE, card=card)]
    scenario = table(*stocked, turn(RED))
    assert _turn_starts(scenario.state, scenario.when(RED, ExamineSlushFund()).events) == [
        "SlushFundExamined"
    ]


def test_the_draw_of_the_last_cards_begins_the_final_turn() -> None:
    """When a player draws the last 3 cards, the final turn begins; both draws are in that step."""
    last = (red(4), red(3, 4), red(JOURNALIST)), (blue(4), blue(3, 4), blue(2, 6))
    scenario = run_down(run_down(table(), RED, *last[RED]), BLUE, *last[BLUE]).folded(turn(RED))
    events = scenario.when(RED, DrawCards()).events
    assert _turn_starts(scenario.state, events) == ["FinalTurnBegan", "CardsDrawn", "CardsDrawn"]
    assert [getattr(event, "seat", None) for event in events] == [RED, RED, BLUE]

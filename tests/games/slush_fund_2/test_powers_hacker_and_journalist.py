"""Hacker: exchange legal contributions at one politician. Journalist: a scandal under a politician."""

from __future__ import annotations

from domain.games.slush_fund_2.commands import DiscardPowerCard, PlayHacker, PlayJournalist
from domain.games.slush_fund_2.events import ContributionsExchanged, JournalistPlayed

from .conftest import (
    BLUE,
    GOVERNOR,
    HACKER,
    JOURNALIST,
    MAYOR,
    RED,
    SENATOR,
    blue,
    drawn,
    holding,
    placed,
    red,
    state_of,
)

SIDES = (
    *placed(RED, GOVERNOR, red(1, 1), red(2, 1)),
    *placed(BLUE, GOVERNOR, blue(4), blue(3)),
    *placed(BLUE, GOVERNOR, blue(2), face_down=True),
    *placed(BLUE, SENATOR, blue(3, 1)),
)


def test_the_hacker_exchanges_your_legal_contribution_with_the_opponents_at_the_same_politician() -> None:
    """Hacker: exchange any 1 of your legal contributions with one of your opponent's legal ones there."""
    scenario = holding(red(HACKER), red(1), before=SIDES)
    hacks = {c for c in scenario.legal(RED) if isinstance(c, PlayHacker)}
    assert hacks == {
        PlayHacker(card=red(HACKER), politician=GOVERNOR, slot=mine, opponent_slot=theirs)
        for mine in (0, 1)
        for theirs in (0, 1)
    }
    command = PlayHacker(card=red(HACKER), politician=GOVERNOR, slot=0, opponent_slot=0)
    result = scenario.when(RED, command).then(
        ContributionsExchanged(
            seat=RED,
            hacker=red(HACKER),
            politician=GOVERNOR,
            slot=0,
            opponent_slot=0,
            given=red(1, 1),
            taken=blue(4),
        )
    )
    after = state_of(result)
    assert [c.card for c in after.sides[RED][GOVERNOR]] == [blue(4), red(2, 1)]
    assert [c.card for c in after.sides[BLUE][GOVERNOR]] == [red(1, 1), blue(3), blue(2)]
    assert after.discard == (red(HACKER),)


def test_the_hacker_never_touches_an_illegal_contribution_or_another_politician() -> None:
    """Only legal contributions, and only at the same politician."""
    scenario = holding(red(HACKER), red(1), before=SIDES)
    illegal = PlayHacker(card=red(HACKER), politician=GOVERNOR, slot=0, opponent_slot=2)
    scenario.when(RED, illegal).raises("rule/illegal_move")
    elsewhere = PlayHacker(card=red(HACKER), politician=SENATOR, slot=0, opponent_slot=0)
    scenario.when(RED, elsewhere).raises("rule/illegal_move")


def test_a_hacker_without_a_pair_of_legal_contributions_may_only_be_discarded_unused() -> None:
    """Ruling R9: a hacker with no target is discarded unused, and only then."""
    scenario = holding(red(HACKER), red(1), before=placed(BLUE, MAYOR, blue(3)))
    assert [c for c in scenario.legal(RED) if c.card == red(HACKER)] == [DiscardPowerCard(card=red(HACKER))]  # type: ignore[attr-defined]
    with_target = holding(red(HACKER), red(1), before=SIDES)
    with_target.when(RED, DiscardPowerCard(card=red(HACKER))).raises("rule/illegal_move")


def test_place_journalist_cards_underneath_a_politician() -> None:
    """Place journalist cards underneath a politician; the journalist stays there (not discarded)."""
    scenario = holding(red(JOURNALIST), red(1))
    result = scenario.when(RED, PlayJournalist(card=red(JOURNALIST), politician=MAYOR)).then(
        JournalistPlayed(seat=RED, card=red(JOURNALIST), politician=MAYOR)
    )
    assert state_of(result).journalists[MAYOR] == (red(JOURNALIST),)
    assert state_of(result).discard == ()
    assert result.view(BLUE).politicians[MAYOR].journalists == (red(JOURNALIST),)


def test_each_politician_may_have_up_to_3_journalists() -> None:
    """Each politician may have up to 3 journalists underneath it."""
    three = (
        drawn(BLUE, blue(JOURNALIST), blue(JOURNALIST, 1), blue(JOURNALIST, 2)),
        JournalistPlayed(seat=BLUE, card=blue(JOURNALIST), politician=MAYOR),
        JournalistPlayed(seat=BLUE, card=blue(JOURNALIST, 1), politician=MAYOR),
        JournalistPlayed(seat=BLUE, card=blue(JOURNALIST, 2), politician=MAYOR),
    )
    scenario = holding(red(JOURNALIST), red(1), before=three)
    assert PlayJournalist(card=red(JOURNALIST), politician=MAYOR) not in scenario.legal(RED)
    scenario.when(RED, PlayJournalist(card=red(JOURNALIST), politician=MAYOR)).raises("rule/illegal_move")
    scenario.when(RED, PlayJournalist(card=red(JOURNALIST), politician=GOVERNOR)).then(
        JournalistPlayed(seat=RED, card=red(JOURNALIST), politician=GOVERNOR)
    )

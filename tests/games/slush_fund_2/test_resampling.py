"""``resample``: only what the viewer cannot know changes, and everything it knows stays."""

from __future__ import annotations

import random

from domain.chance import Context
from domain.games.slush_fund_2.cards import IS_MONEY, OWNER
from domain.games.slush_fund_2.commands import (
    DrawCards,
    ExamineSlushFund,
    PlaySpy,
    RevealContribution,
    StashInSlushFund,
)
from domain.games.slush_fund_2.events import CardStashed, TurnPassed
from domain.games.slush_fund_2.state import State
from domain.playout import random_steps
from domain.seats import OMNISCIENT, SPECTATOR, Seat

from .conftest import (
    BLUE,
    GAME,
    GOVERNOR,
    RED,
    SENATOR,
    SPY,
    blue,
    drawn,
    holding,
    placed,
    red,
    state_of,
    table,
    turn,
)

POSITION = (
    *placed(RED, GOVERNOR, red(3)),
    *placed(RED, GOVERNOR, red(2, 1), face_down=True),
    *placed(BLUE, SENATOR, blue(1, 1)),
    *placed(BLUE, SENATOR, blue(4), face_down=True),
    turn(RED),
    drawn(RED, red(1), red(2), red(3, 1)),
)


def _hidden_blue(state: State) -> list[int]:
    return sorted((*state.hands[BLUE], *state.decks[BLUE].rest, state.sides[BLUE][SENATOR][1].card))


def test_a_seat_keeps_everything_it_knows_and_the_opponents_secrets_move() -> None:
    """Red's view, hand, deck and legal commands stay; Blue's deck, hand and face-down card may change."""
    real = state_of(table(*POSITION))
    seen = [GAME.resample(real, RED, random.Random(seed)) for seed in range(20)]
    assert all(GAME.view(other, RED) == GAME.view(real, RED) for other in seen)
    assert all(GAME.legal_commands(other, RED) == GAME.legal_commands(real, RED) for other in seen)
    assert all(other.hands[RED] == real.hands[RED] and other.decks[RED] == real.decks[RED] for other in seen)
    assert all(_hidden_blue(other) == _hidden_blue(real) for other in seen)
    assert len({other.sides[BLUE][SENATOR][1].card for other in seen}) > 1


def test_the_resampled_opponent_deck_holds_only_its_own_colour_and_face_down_cards_are_money() -> None:
    """A deck holds only its own colour; a face-down contribution is always a money card."""
    real = state_of(table(*POSITION))
    for seed in range(20):
        other = GAME.resample(real, RED, random.Random(seed))
        assert all(OWNER[c] == BLUE for c in other.decks[BLUE].rest)
        assert IS_MONEY[other.sides[BLUE][SENATOR][1].card]


def test_the_omniscient_viewer_gets_the_real_state_back() -> None:
    """Nothing is hidden from the omniscient viewer, so nothing changes."""
    real = state_of(table(*POSITION))
    assert GAME.resample(real, OMNISCIENT, random.Random(1)) == real


def test_the_spectator_sees_both_hands_move() -> None:
    """For the spectator both seats' secrets are hidden, so Red's hand may change too."""
    real = state_of(table(*POSITION))
    others = [GAME.resample(real, SPECTATOR, random.Random(seed)) for seed in range(20)]
    assert any(other.hands[RED] != real.hands[RED] for other in others)
    assert all(GAME.view(other, SPECTATOR) == GAME.view(real, SPECTATOR) for other in others)


def test_slush_fund_cards_the_seat_put_in_stay_and_the_others_move() -> None:
    """Each player knows the cards it put in the slush fund; the rest of it is unknown to it."""
    scenario = table(*POSITION).played((RED, StashInSlushFund(card=red(3, 1))))
    scenario.folded(drawn(BLUE, blue(2), blue(3), blue(1, 2)))
    real = state_of(scenario)
    for seed in range(10):
        other = GAME.resample(real, RED, random.Random(seed))
        assert red(3, 1) in other.slush and len(other.slush) == len(real.slush)


def test_the_examiner_knows_the_whole_slush_fund_so_it_never_moves() -> None:
    """The examiner sees it all while examining: resample keeps every slush fund card."""
    scenario = table(*POSITION).played((RED, StashInSlushFund(card=red(3, 1))))
    real = state_of(scenario)
    stocked = GAME.evolve(real, drawn(BLUE, blue(2), blue(3)))
    for card in (blue(2), blue(3)):
        stocked = GAME.evolve(stocked, CardStashed(seat=BLUE, card=card))
    stocked = GAME.evolve(stocked, TurnPassed(seat=RED))
    examining = GAME.decide(stocked, Seat(RED), ExamineSlushFund(), Context.seeded(0))
    for event in examining:
        stocked = GAME.evolve(stocked, event)
    for seed in range(10):
        assert GAME.resample(stocked, RED, random.Random(seed)).slush == stocked.slush


def test_a_seats_own_draw_is_the_same_on_any_resample() -> None:
    """The draw comes from the sorted own deck, so the same RNG draws the same cards on a resample."""
    real = state_of(table(*POSITION, turn(RED)))
    for seed in range(10):
        other = GAME.resample(real, RED, random.Random(seed))
        mine = GAME.decide(real, Seat(RED), DrawCards(), Context.seeded(seed))
        theirs = GAME.decide(other, Seat(RED), DrawCards(), Context.seeded(seed))
        assert mine == theirs


def test_a_spy_reveal_is_logged_without_the_card_so_it_reads_the_same_on_a_resample() -> None:
    """The revealed value reaches players through the view, so the seat's own events stay identical."""
    before = (*POSITION[:-2], *placed(BLUE, SENATOR, blue(2, 2)))
    scenario = holding(red(SPY), red(1), before=before).played((RED, PlaySpy(card=red(SPY))))
    real = state_of(scenario)
    command = RevealContribution(politician=SENATOR, slot=1)
    events = GAME.decide(real, Seat(RED), command, Context.seeded(0))
    others = [GAME.resample(real, RED, random.Random(seed)) for seed in range(10)]
    assert len({other.sides[BLUE][SENATOR][1].card for other in others}) > 1
    for other in others:
        assert GAME.decide(other, Seat(RED), command, Context.seeded(0)) == events


def test_resample_keeps_every_viewers_view_through_random_games() -> None:
    """Through seeded random games, each seat's and the spectator's view survive resampling."""
    changed = 0
    for seed in range(3):
        rng = random.Random(seed)
        for step in random_steps(GAME, seed, 2):
            if isinstance(step, list) or rng.random() > 0.2:
                continue
            for viewer in (Seat(0), Seat(1), SPECTATOR):
                other = GAME.resample(step.before, viewer, random.Random(rng.random()))
                assert GAME.view(other, viewer) == GAME.view(step.before, viewer)
                assert sorted(GAME.cards(other)) == sorted(GAME.cards(step.before))
                changed += other != step.before
    assert changed > 0


def test_a_finished_game_keeps_its_score_sheet_on_any_resample() -> None:
    """Once the game is over the score sheet adds up each side's money for everyone: a face-down
    contribution moves only for money of the same value, so every viewer's view, the sheet's totals
    with it, is the same on a resample (it once redealt them, and the totals told them apart)."""
    changed = 0
    for seed in range(4):
        last = [step for step in random_steps(GAME, seed, 2) if not isinstance(step, list)][-1]
        assert GAME.is_over(last.after)
        for viewer in (Seat(0), Seat(1), SPECTATOR):
            for draw in range(3):
                other = GAME.resample(last.after, viewer, random.Random(f"{seed} {draw}"))
                assert GAME.view(other, viewer) == GAME.view(last.after, viewer)
                assert sorted(GAME.cards(other)) == sorted(GAME.cards(last.after))
                changed += other != last.after
    assert changed > 0, "no resample of a finished game differed: the check compared nothing"

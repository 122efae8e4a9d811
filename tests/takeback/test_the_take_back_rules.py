"""The take-back rules of ``domain.takeback``, on the ledger alone (no game, no store)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from domain.errors import RuleError
from domain.seats import Seat
from domain.takeback import (
    ApproveTakeBack,
    Ledger,
    RefuseTakeBack,
    RequestTakeBack,
    Situation,
    Step,
    TakeBack,
    TakeBackApproved,
    TakeBackLapsed,
    TakeBackRequested,
    TurnTakenBack,
    decide,
    evolve,
    noted,
    offers,
)

NOW = datetime(2026, 6, 1, tzinfo=UTC)


def ledger(*steps: tuple[int | None, bool, bool], reactions: tuple[int, ...] = ()) -> Ledger:
    """Steps of one event each from version 2 on: (seat, checkpoint, final).

    A seat's step begins a turn when the step before was another seat's, except the steps at the
    indexes in ``reactions`` (another seat answering within a turn, as a game may declare).
    """
    result = Ledger()
    previous: int | None = None
    for number, (seat, checkpoint, final) in enumerate(steps):
        version = number + 2
        turn = seat != previous and number not in reactions
        step = Step(seat, f"c{version}", version, version, version - 1, checkpoint, final, turn)
        result = noted(result, step)
        previous = seat if number not in reactions else previous
    return result


def situation(seats: int = 2, to_act: int = 0, now: datetime = NOW) -> Situation:
    return Situation(seats=seats, to_act=frozenset({Seat(to_act)}), over=False, now=now)


def refused(code: str, led: Ledger, seat: int, command: object, where: Situation) -> None:
    with pytest.raises(RuleError) as caught:
        decide(led, Seat(seat), command, where)  # type: ignore[arg-type]
    assert caught.value.code == code


def test_a_final_step_is_never_taken_back() -> None:
    """The setup (seat None) is final: neither undo nor request reaches past it."""
    led = ledger((None, False, True))
    refused("takeback/nothing_to_take_back", led, 0, TakeBack(), situation())
    led = ledger((None, False, True), (0, False, True))
    refused("takeback/not_allowed", led, 0, TakeBack(), situation())
    refused("takeback/not_allowed", led, 0, RequestTakeBack(), situation())


def test_a_final_step_forgets_the_steps_before_it() -> None:
    """Nothing before a final step can be taken back, so the ledger keeps only what follows it."""
    led = ledger((0, False, False), (1, False, True), (0, False, False))
    assert [step.first for step in led.steps] == [3, 4]


def test_a_request_covers_the_seats_whole_latest_turn() -> None:
    """Seat 0's run of steps at the end of the log, checkpoints included, is what it asks to take back."""
    led = ledger((None, False, True), (1, True, False), (0, True, False), (0, False, False))
    [request] = decide(led, Seat(0), RequestTakeBack(), situation())
    assert isinstance(request, TakeBackRequested)
    assert (request.first, request.last, request.effective) == (4, 5, 3)
    assert request.deadline == NOW + timedelta(minutes=2)


def test_a_request_covers_the_other_seats_reactions_within_the_turn() -> None:
    """A turn runs until the next turn begins: another seat's reaction inside it is taken back with it."""
    led = ledger((None, False, True), (0, True, False), (1, True, False), (0, False, False), reactions=(2,))
    [request] = decide(led, Seat(0), RequestTakeBack(), situation())
    assert isinstance(request, TakeBackRequested)
    assert (request.first, request.last, request.effective) == (3, 5, 2)


def test_a_seat_whose_turn_is_not_the_latest_has_nothing_to_ask_for() -> None:
    """Once another seat's turn has begun, the earlier turn is no longer the seat's to take back."""
    led = ledger((None, False, True), (0, True, False), (1, True, False))
    refused("takeback/nothing_to_take_back", led, 0, RequestTakeBack(), situation())


def test_the_last_approval_takes_the_turn_back() -> None:
    """With three seats, the second approval adds the take-back itself."""
    led = ledger((None, False, True), (0, True, False))
    led = evolve(led, decide(led, Seat(0), RequestTakeBack(), situation(3))[0])  # type: ignore[arg-type]
    first = decide(led, Seat(1), ApproveTakeBack(), situation(3))
    assert first == [TakeBackApproved(seat=1)]
    led = evolve(led, first[0])
    second = decide(led, Seat(2), ApproveTakeBack(), situation(3))
    assert second[-1] == TurnTakenBack(seat=0, first=3, last=3, effective=2, consented=True)
    assert evolve(led, second[-1]) == Ledger(steps=led.steps[:1], undone=led.steps[1:])


def test_an_own_undo_while_a_request_is_open_lapses_it() -> None:
    """Acting (an undo included) lapses the open request first."""
    led = ledger((None, False, True), (0, False, False))
    led = evolve(led, decide(led, Seat(0), RequestTakeBack(), situation())[0])  # type: ignore[arg-type]
    events = decide(led, Seat(0), TakeBack(), situation())
    assert events[0] == TakeBackLapsed(reason="acted") and isinstance(events[1], TurnTakenBack)


def test_an_answer_after_the_deadline_is_refused_and_a_new_request_lapses_the_old() -> None:
    """Past its deadline the request is gone: answering is refused, asking again replaces it."""
    led = ledger((None, False, True), (0, True, False))
    led = evolve(led, decide(led, Seat(0), RequestTakeBack(), situation())[0])  # type: ignore[arg-type]
    late = situation(now=NOW + timedelta(minutes=3))
    refused("takeback/no_request", led, 1, RefuseTakeBack(), late)
    assert decide(led, Seat(0), RequestTakeBack(), late)[0] == TakeBackLapsed(reason="time")


@pytest.mark.parametrize("seat", [0, 1])
def test_offers_are_exactly_what_decide_accepts(seat: int) -> None:
    """The offered take-back commands are accepted; the others are refused."""
    led = ledger((None, False, True), (0, False, False))
    led = evolve(led, decide(led, Seat(0), RequestTakeBack(), situation())[0])  # type: ignore[arg-type]
    offered = offers(led, Seat(seat), situation())
    for command in (TakeBack(), RequestTakeBack(), ApproveTakeBack(), RefuseTakeBack()):
        try:
            decide(led, Seat(seat), command, situation())
        except RuleError:
            assert command not in offered
        else:
            assert command in offered

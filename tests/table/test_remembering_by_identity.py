"""``domain.recent.Recent``: an answer is found only for the very objects it was worked out from."""

from __future__ import annotations

from domain.recent import Recent


def test_an_answer_is_found_for_the_same_objects_and_not_for_equal_ones() -> None:
    """Equal but distinct objects are another question: they are answered afresh, not from memory."""
    recent: Recent[str] = Recent(4)
    event, state = ["played", 5], ["hand"]
    recent.keep((event, state), "after")
    assert recent.find(event, state) == "after"
    assert recent.find(["played", 5], state) is None
    assert recent.find(event, ["hand"]) is None
    assert event in recent and ["played", 5] not in recent


def test_past_its_size_everything_is_forgotten_at_once() -> None:
    """The entry that would go past the size clears the rest first, and is itself kept."""
    recent: Recent[int] = Recent(2)
    keys = [(object(),) for _ in range(3)]
    for number, key in enumerate(keys):
        recent.keep(key, number)
    assert recent.find(*keys[0]) is None and recent.find(*keys[1]) is None
    assert recent.find(*keys[2]) == 2

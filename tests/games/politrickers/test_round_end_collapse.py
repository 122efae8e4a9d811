"""Round end, special condition 2: Collapse."""

from __future__ import annotations

from domain.games.politrickers.events import LibraCollapsed, RoundScored, TrickWon

from .conftest import TAILS, E, W, dealt, given, play

# Seat 0 (Tails) wins this trick: Welfare 1 + 3 beats Environment 2.
TRICK = dealt([W(1)], [E(2)], [W(3)])


def _trick(on_tails: tuple[int, ...], on_claws: tuple[int, ...]) -> list[object]:
    table = given(TRICK).played((0, play(W(1))), (1, play(E(2))))
    table.adjusted(on_tails=on_tails, on_claws=on_claws, unspent=(2, 1, 2), tricks_won=(3, 4, 1))
    return list(table.when(2, play(W(3))).events)


def test_a_seventh_token_on_a_plate_collapses_the_libra_and_ends_the_round() -> None:
    """Only 6 Power Tokens may be placed on each side; the 7th makes the Libra collapse at once."""
    events = _trick(on_tails=(3, 3, 0), on_claws=(0, 1, 2))
    assert events[1:3] == [
        TrickWon(seat=0, party=TAILS, token_placed=True, next_chair=0),
        LibraCollapsed(plate=TAILS),
    ]


def test_owners_on_the_overloaded_plate_lose_and_owners_on_the_other_plate_earn_per_token() -> None:
    """Lose 1 VP per token on the overloaded plate; earn 1 VP per token on the opposite plate (-3 + 1)."""
    scored = _trick(on_tails=(3, 3, 0), on_claws=(0, 1, 2))[3]
    assert scored == RoundScored(round_number=1, ending="collapse", round_vp=(-4, -2, 2), totals=(-3, -2, 2))


def test_six_tokens_on_a_plate_do_not_collapse_the_libra() -> None:
    """Only a maximum of 6 Power Tokens may be placed on each side of the Libra Disc."""
    events = _trick(on_tails=(3, 2, 0), on_claws=(0, 1, 2))
    assert events[1:] == [TrickWon(seat=0, party=TAILS, token_placed=True, next_chair=0)]

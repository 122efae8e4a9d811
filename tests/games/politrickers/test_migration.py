"""Migration: play it instead of following; it moves one of your tokens to the other plate; it never wins."""

from __future__ import annotations

from domain.games.politrickers.events import (
    CardPlayed,
    LibraCollapsed,
    MigrationPlayed,
    PartySwitched,
    RoundDealt,
    RoundScored,
    TrickWon,
)

from .conftest import CLAWS, MIG, TAILS, E, H, S, W, dealt, given, migrate, play

FOUR = dealt([H(2)], [E(4)], [H(3), MIG], [E(7)])


def _at_seat_2(**fields: object) -> object:
    return given(FOUR).played((0, play(H(2))), (1, play(E(4)))).adjusted(**fields)


def test_migration_may_be_played_instead_of_following() -> None:
    """On your turn, you may ignore the normal rules and play the Migration card."""
    table = given(FOUR).played((0, play(H(2))), (1, play(E(4))))
    assert migrate() in table.legal(2) and migrate(switch=True) in table.legal(2)
    table.when(2, migrate()).then(MigrationPlayed(seat=2, moved_from=None))


def test_migration_moves_one_of_your_tokens_on_the_disc_to_the_opposite_plate() -> None:
    """Move 1 of your Power Tokens currently on the Libra Disc to the opposite plate."""
    table = _at_seat_2(on_tails=(0, 0, 2, 0), unspent=(5, 5, 3, 5))
    result = table.when(2, migrate(TAILS)).then(MigrationPlayed(seat=2, moved_from=TAILS))
    assert result.table.on_tails == (0, 0, 1, 0) and result.table.on_claws == (0, 0, 1, 0)
    assert result.table.unspent == (5, 5, 3, 5) and result.table.hands[2] == (H(3),)


def test_without_tokens_on_the_disc_migration_has_no_effect() -> None:
    """If you don't have any of your tokens on the Libra Disc, this has no effect."""
    table = given(FOUR).played((0, play(H(2))), (1, play(E(4))))
    table.when(2, migrate(TAILS)).raises("rule/illegal_move")
    result = table.when(2, migrate())
    assert result.table.on_tails == result.table.on_claws == (0, 0, 0, 0)


def test_with_a_token_on_the_disc_migration_must_move_one() -> None:
    """But if you have any tokens, you must move one."""
    table = _at_seat_2(on_claws=(0, 0, 1, 0), unspent=(5, 5, 4, 5))
    table.when(2, migrate()).raises("rule/illegal_move")
    table.when(2, migrate(TAILS)).raises("rule/illegal_move")
    assert {c for c in table.legal(2) if not hasattr(c, "card")} == {migrate(CLAWS), migrate(CLAWS, True)}


def test_with_tokens_on_both_plates_the_player_chooses_which_plate() -> None:
    """Ruling: with tokens on both plates, the player chooses which plate a token leaves."""
    table = _at_seat_2(on_tails=(0, 0, 1, 0), on_claws=(0, 0, 1, 0), unspent=(5, 5, 3, 5))
    migrations = {c for c in table.legal(2) if not hasattr(c, "card") and not c.switch_party}
    assert migrations == {migrate(TAILS), migrate(CLAWS)}


def test_a_free_switch_may_come_with_migration() -> None:
    """Ruling: spending a token to switch is open before Migration too."""
    table = given(FOUR).played((0, play(H(2))), (1, play(E(4))))
    result = table.when(2, migrate(switch=True))
    switched = PartySwitched(seat=2, party=CLAWS, token_spent=True)
    result.then(switched, MigrationPlayed(seat=2, moved_from=None))


def test_migration_never_wins_a_trick() -> None:
    """Migration does not count as any policy. This means that it cannot win a trick.

    The Ruling Suit is popular here, so a Migration counted as a Ruling-Suit card worth 0 would be its
    smallest card and win; the Chair's Welfare 5 wins instead.
    """
    deal = dealt([W(5)], [E(2)], [MIG])
    result = given(deal).played((0, play(W(5))), (1, play(E(2)))).when(2, migrate())
    result.then(
        MigrationPlayed(seat=2, moved_from=None),
        TrickWon(seat=0, party=TAILS, token_placed=True, next_chair=0),
    )


def test_if_the_chair_plays_migration_the_next_player_becomes_the_new_chair() -> None:
    """If the Chair plays Migration, the next player becomes the new Chair and continues the trick."""
    deal = dealt([MIG, H(2)], [S(3), S(5)], [S(4), E(1)])
    table = given(deal)
    table.when(0, migrate()).then(MigrationPlayed(seat=0, moved_from=None, new_chair=1))
    table.played((0, migrate()))
    assert table.table.trick.chair == 1 and table.to_act() == {1}
    table.when(1, play(S(3))).then(CardPlayed(seat=1, card=S(3), sets="ruling", ruling_party=CLAWS))
    table.played((1, play(S(3))))
    assert [c for c in table.legal(2) if not c.switch_party] == [play(E(1))]
    table.when(2, play(E(1))).then(
        CardPlayed(seat=2, card=E(1), sets="opposition"),
        TrickWon(seat=1, party=CLAWS, token_placed=True, next_chair=1),
    )


def test_a_chair_holding_only_migration_plays_it_and_the_next_player_leads() -> None:
    """Ruling: a Chair with only Migration plays it; the next player leads; every player still plays."""
    table = given(dealt([MIG], [S(3)], [S(4)])).adjusted(tricks_played=8, tricks_won=(3, 3, 2))
    assert table.legal(0) == [migrate(), migrate(switch=True)]
    table.played((0, migrate()), (1, play(S(3))))
    result = table.when(2, play(S(4)))
    assert result.events[:3] == [
        PartySwitched(seat=2, party=CLAWS, token_spent=False),
        CardPlayed(seat=2, card=S(4)),
        TrickWon(seat=1, party=CLAWS, token_placed=True, next_chair=1),
    ]
    assert isinstance(result.events[3], RoundScored) and result.events[3].ending == "balanced"


def test_migration_that_overloads_a_plate_collapses_the_libra() -> None:
    """Collapse can also be caused by the effect of the Migration card (Ruling: even your only move)."""
    table = given(dealt([MIG, W(2)], [E(3)], [W(4)])).adjusted(
        on_tails=(1, 0, 0), on_claws=(0, 3, 3), unspent=(4, 2, 2), tricks_won=(1, 3, 3), tricks_played=7
    )
    assert {c for c in table.legal(0) if not hasattr(c, "card")} == {migrate(TAILS), migrate(TAILS, True)}
    result = table.when(0, migrate(TAILS))
    assert result.events[:3] == [
        MigrationPlayed(seat=0, moved_from=TAILS, new_chair=1),
        LibraCollapsed(plate=CLAWS),
        RoundScored(round_number=1, ending="collapse", round_vp=(-1, -3, -3), totals=(-1, -3, -3)),
    ]
    assert isinstance(result.events[3], RoundDealt) and result.events[3].chair == 0

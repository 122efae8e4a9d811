"""Taking a step back: a player who can follow neither party's suit plays a card face down."""

from __future__ import annotations

from domain.games.politrickers.events import CardPlayedFaceDown, TrickWon

from .conftest import CLAWS, ECO, MIG, E, H, S, W, dealt, given, migrate, play


def test_a_player_who_can_follow_neither_suit_plays_any_card_face_down() -> None:
    """If you can't follow EITHER party's suits, play 1 card of your choice from your hand face down."""
    deal = dealt([H(2)], [E(4)], [H(3)], [W(1), S(2)])
    table = given(deal).played((0, play(H(2))), (1, play(E(4))), (2, play(H(3))))
    assert {c.card for c in table.legal(3) if not c.switch_party} == {W(1), S(2)}
    result = table.when(3, play(S(2)))
    assert result.events[0] == CardPlayedFaceDown(seat=3, card=S(2))


def test_a_face_down_card_cannot_win_the_trick() -> None:
    """You cannot win a trick with this card: a face-down Economy card does not make Economy win."""
    deal = dealt([W(2)], [E(4)], [ECO(1)])
    result = given(deal).played((0, play(W(2))), (1, play(E(4)))).when(2, play(ECO(1)))
    result.then(
        CardPlayedFaceDown(seat=2, card=ECO(1)),
        TrickWon(seat=1, party=CLAWS, token_placed=True, next_chair=1),
    )


def test_migration_is_never_played_face_down() -> None:
    """Ruling: Migration is always played face up as Migration; a face-down card is any other card."""
    deal = dealt([H(2)], [E(4)], [H(3)], [W(1), MIG])
    table = given(deal).played((0, play(H(2))), (1, play(E(4))), (2, play(H(3))))
    table.when(3, play(MIG)).raises("rule/illegal_move")
    assert {c.card for c in table.legal(3) if hasattr(c, "card")} == {W(1)}
    assert migrate() in table.legal(3)


def test_a_player_stepping_back_may_still_switch_freely() -> None:
    """The free switch is open to anyone with a token, also before a face-down card."""
    deal = dealt([H(2)], [E(4)], [H(3)], [W(1)])
    table = given(deal).played((0, play(H(2))), (1, play(E(4))), (2, play(H(3))))
    assert set(table.legal(3)) == {play(W(1)), play(W(1), True)}

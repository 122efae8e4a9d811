"""Hidden information: your hand only; face-down cards hidden from all but their owner; leftovers unseen."""

from __future__ import annotations

import random

import msgspec

from domain.chance import Context
from domain.games.politrickers.cards import MIGRATION, SUIT_OF, Suit
from domain.games.politrickers.events import (
    CardPlayed,
    CardPlayedFaceDown,
    RoundDealt,
    RoundDealtSeen,
    RoundScored,
    UnknownCardPlayedFaceDown,
)
from domain.games.politrickers.rules import PolitrickersOptions
from domain.games.politrickers.state import Playing
from domain.games.politrickers.views import (
    FaceDownCard,
    FaceUpCard,
    LeftoverCards,
    LeftoverCount,
    OwnFaceDownCard,
)
from domain.playout import Step, random_steps
from domain.seats import OMNISCIENT, SPECTATOR, Seat
from domain.visibility import HandCount, OwnHand

from .conftest import GAME, MIG, E, H, S, W, dealt, given, play

# Seat 3 can follow neither Health nor Environment, so its Welfare 1 goes face down.
DEAL = dealt([H(2), S(1)], [E(4), S(3)], [H(3), S(4)], [W(1), W(7), MIG], leftovers=(S(8),))


def _with_face_down() -> Playing:
    table = given(DEAL).played((0, play(H(2))), (1, play(E(4))), (2, play(H(3))))
    return table.played((3, play(W(1)))).table


def test_each_seat_sees_its_own_hand_and_only_the_size_of_the_others() -> None:
    """Hidden information: your hand only."""
    state = given(DEAL).table
    seats = GAME.view(state, Seat(1)).seats
    assert seats[1].hand == OwnHand(cards=(E(4), S(3)))
    assert [s.hand for s in seats if s.seat != 1] == [
        HandCount(count=2),
        HandCount(count=2),
        HandCount(count=3),
    ]
    assert all(isinstance(s.hand, HandCount) for s in GAME.view(state, SPECTATOR).seats)


def test_leftover_cards_are_never_shown_to_players() -> None:
    """If there are any Policy Cards left over, put them away face down."""
    state = given(DEAL).table
    for viewer in (Seat(0), Seat(3), SPECTATOR):
        assert GAME.view(state, viewer).leftovers == LeftoverCount(count=1)
    assert GAME.view(state, OMNISCIENT).leftovers == LeftoverCards(cards=(S(8),))


def test_a_face_down_card_in_the_trick_is_seen_only_by_its_owner() -> None:
    """Others see only 'a face-down card by seat 3'; its owner (and OMNISCIENT) see the card."""
    five = dealt([H(2)], [E(4)], [H(3)], [W(1)], [H(5)])
    table = given(five).played((0, play(H(2))), (1, play(E(4))), (2, play(H(3))), (3, play(W(1))))
    assert table.to_act() == {4}
    for viewer in (Seat(0), Seat(1), Seat(2), Seat(4), SPECTATOR):
        trick = GAME.view(table.state, viewer).trick
        assert trick is not None and trick.plays[0] == FaceUpCard(seat=Seat(0), card=H(2))
        assert trick.plays[3] == FaceDownCard(seat=Seat(3))
    for viewer in (Seat(3), OMNISCIENT):
        trick = GAME.view(table.state, viewer).trick
        assert trick is not None and trick.plays[3] == OwnFaceDownCard(seat=Seat(3), card=W(1))


def test_face_down_cards_stay_hidden_after_the_trick_for_the_whole_game() -> None:
    """Set aside face down: a face-down card is never revealed, even once its trick is over."""
    state = _with_face_down()
    assert W(1) not in state.set_aside
    assert GAME.view(state, Seat(0)).seats[3].set_aside_face_down == HandCount(count=1)
    assert GAME.view(state, SPECTATOR).seats[3].set_aside_face_down == HandCount(count=1)
    assert GAME.view(state, Seat(3)).seats[3].set_aside_face_down == OwnHand(cards=(W(1),))
    assert W(1) not in GAME.view(state, Seat(0)).set_aside_face_up


def test_a_face_down_card_event_is_redacted_for_everyone_but_its_owner() -> None:
    """Redacted events show only 'a face-down card by seat N'."""
    event = CardPlayedFaceDown(seat=Seat(3), card=W(1))
    for viewer in (Seat(0), Seat(2), SPECTATOR):
        seen = GAME.redact(event, viewer)
        assert seen == UnknownCardPlayedFaceDown(seat=Seat(3))
        assert GAME.describe(seen, viewer, ()) == "Seat 4 played a card face down."
        assert b"card" not in msgspec.json.encode(seen).replace(b"UnknownCardPlayedFaceDown", b"")
    assert GAME.redact(event, Seat(3)) is event and GAME.redact(event, OMNISCIENT) is event
    assert GAME.describe(event, Seat(3), ()) == "Seat 4 played the 1 of Welfare face down."


def test_the_deal_is_redacted_to_each_seats_own_hand() -> None:
    """Each seat sees only its own hand; nobody but OMNISCIENT sees the leftovers."""
    seen = GAME.redact(DEAL, Seat(2))
    assert isinstance(seen, RoundDealtSeen)
    assert seen.hand == (H(3), S(4)) and seen.hand_sizes == (2, 2, 2, 3) and seen.leftover_count == 1
    spectator = GAME.redact(DEAL, SPECTATOR)
    assert isinstance(spectator, RoundDealtSeen) and spectator.hand == () and spectator.viewer is None
    assert GAME.redact(DEAL, OMNISCIENT) is DEAL


def test_public_events_are_described_in_one_sentence() -> None:
    """describe gives one human sentence; without the players' names, seats are "Seat N" from 1."""
    played = CardPlayed(seat=Seat(2), card=W(5))
    assert GAME.describe(played, Seat(0), ()) == "Seat 3 played the 5 of Welfare."
    assert GAME.describe(DEAL, OMNISCIENT, ()) == "Round 1 was dealt; seat 1 is the Chair."


def test_sentences_name_the_players_when_the_table_knows_them() -> None:
    """A seat is named by its player: "Eve played the 5 of Welfare", "Ann +1, ..."."""
    names = ("Ann", "Bob", "Eve", "Dan")
    played = CardPlayed(seat=Seat(2), card=W(5))
    assert GAME.describe(played, Seat(0), names) == "Eve played the 5 of Welfare."
    assert GAME.describe(DEAL, OMNISCIENT, names) == "Round 1 was dealt; Ann is the Chair."
    scored = RoundScored(round_number=1, ending="balanced", round_vp=(1, 0, -1, 2), totals=(1, 0, -1, 2))
    told = GAME.describe(scored, SPECTATOR, names)
    assert told == "Round 1 ended (balanced): Ann +1, Bob +0, Eve -1, Dan +2."
    assert GAME.describe(scored, SPECTATOR, names[:2]).endswith("Ann +1, Bob +0, seat 3 -1, seat 4 +2.")


def test_resample_changes_only_what_the_viewer_cannot_see() -> None:
    """Other hands, leftovers and others' face-down cards are redealt; sizes and the viewer's own stay."""
    state = _with_face_down()
    for seed in range(20):
        other = GAME.resample(state, Seat(0), random.Random(seed))
        assert isinstance(other, Playing)
        assert other.hands[0] == state.hands[0] and other.set_aside == state.set_aside
        assert [len(h) for h in other.hands] == [len(h) for h in state.hands]
        assert [len(f) for f in other.face_down] == [len(f) for f in state.face_down]
        assert MIGRATION not in other.face_down[3]
        assert sorted(GAME.cards(other)) == sorted(GAME.cards(state))
        assert GAME.view(other, Seat(0)) == GAME.view(state, Seat(0))
    assert any(GAME.resample(state, Seat(0), random.Random(seed)) != state for seed in range(5))
    assert GAME.resample(state, OMNISCIENT, random.Random(1)) == state
    own = GAME.resample(state, Seat(3), random.Random(1))
    assert isinstance(own, Playing) and own.face_down[3] == (W(1),)


def test_no_view_or_redacted_event_ever_shows_another_seats_face_down_card() -> None:
    """Across whole random games, views and redacted events never carry another seat's face-down card."""
    for seat_count in (3, 4, 5):
        for seed in range(15):
            for step in random_steps(GAME, seed, seat_count):
                if not isinstance(step, Step):
                    continue
                for viewer in (*map(Seat, range(seat_count)), SPECTATOR):
                    _assert_hidden_from(step, viewer)


def _assert_hidden_from(step: Step, viewer: Seat | object) -> None:
    for event in step.events:
        seen = GAME.redact(event, viewer)  # type: ignore[arg-type]
        assert not isinstance(seen, RoundDealt)
        if isinstance(seen, CardPlayedFaceDown):
            assert seen.seat == viewer
    state = step.after
    if isinstance(state, Playing):
        for seat_view in GAME.view(state, viewer).seats:  # type: ignore[arg-type]
            if seat_view.seat != viewer:
                assert isinstance(seat_view.hand, HandCount)
                assert isinstance(seat_view.set_aside_face_down, HandCount)


def test_setup_gives_each_seat_a_private_deal() -> None:
    """Cards dealt to a seat appear in no other seat's redacted deal."""
    deal = GAME.setup(PolitrickersOptions(), 5, Context.seeded(3))[0]
    hands = [GAME.redact(deal, Seat(seat)) for seat in range(5)]
    assert all(isinstance(h, RoundDealtSeen) for h in hands)
    held = [set(h.hand) for h in hands]  # type: ignore[union-attr]
    assert all(not held[a] & held[b] for a in range(5) for b in range(a + 1, 5))


def test_resample_keeps_what_a_face_down_card_in_the_trick_shows() -> None:
    """A face-down card shows its owner could follow neither suit: no resample gives that seat either suit."""
    five = dealt([H(2), E(1)], [E(4), H(9)], [H(3), E(8)], [W(1), W(7), S(2)], [H(5), E(6), S(7)])
    table = given(five).played((0, play(H(2))), (1, play(E(4))), (2, play(H(3))), (3, play(W(1))))
    state = table.table
    changed = 0
    for seed in range(40):
        other = GAME.resample(state, Seat(0), random.Random(seed))
        assert isinstance(other, Playing)
        held = {SUIT_OF[c] for c in (*other.hands[3], other.trick.plays[3].card)}
        assert not held & {Suit.HEALTH, Suit.ENVIRONMENT}
        assert GAME.view(other, Seat(0)) == GAME.view(state, Seat(0))
        changed += other != state
    assert changed > 0

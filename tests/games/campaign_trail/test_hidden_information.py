"""Hands, dealt candidates and the month decks are hidden; everything else is public."""

from __future__ import annotations

from domain.chance import Context
from domain.games.campaign_trail.events import CardDrawn, CardDrawnSeen, GameSetUp, GameSetUpSeen
from domain.games.campaign_trail.rules import CampaignTrailOptions, setup
from domain.seats import OMNISCIENT, SPECTATOR
from domain.visibility import HandCount, OwnHand
from tests.games.campaign_trail.conftest import GAME, campaigning


def test_the_setup_is_seen_by_each_seat_as_its_own_offer_and_hand_only() -> None:
    """Other seats' candidates and hands, and which cards are in which month deck, are never told."""
    dealt = setup(CampaignTrailOptions(), 3, Context.seeded(4))[0]
    assert isinstance(dealt, GameSetUp)
    for seat in range(3):
        seen = GAME.redact(dealt, seat)
        assert isinstance(seen, GameSetUpSeen)
        assert (seen.offer, seen.hand) == (dealt.offers[seat], dealt.hands[seat])
        assert seen.deck_sizes == tuple(len(deck) for deck in dealt.decks)
    spectator = GAME.redact(dealt, SPECTATOR)
    assert isinstance(spectator, GameSetUpSeen) and spectator.hand == () and spectator.offer == ()
    assert GAME.redact(dealt, OMNISCIENT) == dealt


def test_a_drawn_card_is_seen_by_its_drawer_only() -> None:
    """The others learn that a card was drawn, and from which month."""
    drawn = CardDrawn(seat=1, card=42, month=0)
    assert GAME.redact(drawn, 1) == drawn
    assert GAME.redact(drawn, 0) == CardDrawnSeen(seat=1, month=0) == GAME.redact(drawn, SPECTATOR)


def test_a_view_shows_your_own_hand_and_only_counts_of_the_others() -> None:
    """Hands are hidden; deck sizes shown, their cards never."""
    table = campaigning(3)
    seen = table.view(1)
    assert isinstance(seen.seats[1].hand, OwnHand)
    assert seen.seats[0].hand == HandCount(count=5) == seen.seats[2].hand
    assert all(isinstance(s.hand, HandCount) for s in table.view(SPECTATOR).seats)
    assert seen.deck_sizes == tuple(len(deck) for deck in table.state.decks)


def test_the_map_war_chests_registered_voters_and_pawns_are_public() -> None:
    """Ours (documented): every seat and the spectator see the same public pieces."""
    table = campaigning(3)
    public = [
        (v.states, v.electoral_track, [(s.war_chest, s.registered, s.pawn, s.candidate) for s in v.seats])
        for v in (table.view(0), table.view(1), table.view(2), table.view(SPECTATOR))
    ]
    assert all(piece == public[0] for piece in public)


def test_a_refusal_names_only_what_the_sender_sent() -> None:
    """An error message never tells what is in another hand."""
    table = campaigning(3)
    other = table.state.hands[1][0]
    refused = table.when(0, GAME.command_decoder.decode(f'{{"type":"PlayCard","card":{other},"action":0}}'))
    refused.raises("rule/card_not_in_hand")
    assert refused.error is not None and refused.error.message == f"Card {other} is not in your hand."


def test_sentences_name_the_players_or_their_parties() -> None:
    """Every event reads as a sentence: a named player, else the party ("the Democrats")."""
    from domain.games.campaign_trail.events import TurnPassed

    assert GAME.describe(TurnPassed(seat=2), 0, ()) == "Next turn: the Libertarians."
    assert GAME.describe(TurnPassed(seat=2), 0, ("Lauren", "Ben", "Jordan")) == "Next turn: Jordan."

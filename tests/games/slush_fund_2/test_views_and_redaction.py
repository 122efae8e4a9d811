"""Hidden information: hands, face-down values, the slush fund, the decks and the discard pile."""

from __future__ import annotations

import msgspec

from domain.games.slush_fund_2.commands import PlayMoneyCard, Recall, StashInSlushFund
from domain.games.slush_fund_2.events import (
    CardsDrawn,
    CardsDrawnUnseen,
    CardStashed,
    CardStashedUnseen,
    ContributionDiscarded,
    DrawnCardsShuffledBack,
    DrawnCardsShuffledBackUnseen,
    Events,
    FaceDownCardPlayed,
    MoneyCardPlayed,
    SecretContributionDiscarded,
    SlushFundCardTaken,
    SlushFundCardTakenUnseen,
    TurnPassed,
)
from domain.games.slush_fund_2.views import HiddenContribution, HiddenHand, SeenContribution
from domain.seats import OMNISCIENT, SPECTATOR
from domain.visibility import OwnHand

from .conftest import BLUE, GAME, GOVERNOR, MAYOR, RED, SENATOR, SPY, blue, drawn, placed, red, table, turn

POSITION = (
    *placed(RED, GOVERNOR, red(3)),
    *placed(RED, GOVERNOR, red(2, 1), face_down=True),
    *placed(BLUE, SENATOR, blue(1, 1)),
    *placed(BLUE, SENATOR, blue(4), face_down=True),
    turn(RED),
    drawn(RED, red(1), red(2), red(3, 1)),
)


def test_the_opponent_never_sees_your_hand_only_how_many_cards_it_holds() -> None:
    """Your hand is yours: the opponent and spectators see only its size."""
    scenario = table(*POSITION)
    assert scenario.view(RED).players[RED].hand == OwnHand(cards=(red(1), red(2), red(3, 1)))
    assert scenario.view(BLUE).players[RED].hand == HiddenHand(count=3)
    assert scenario.view(SPECTATOR).players[RED].hand == HiddenHand(count=3)
    assert scenario.view(OMNISCIENT).players[RED].hand == OwnHand(cards=(red(1), red(2), red(3, 1)))


def test_players_may_look_at_their_own_illegal_contributions_at_any_time() -> None:
    """Players may look at their own illegal contributions at any time; others see only a face-down card."""
    scenario = table(*POSITION)
    assert scenario.view(RED).players[RED].contributions[GOVERNOR][1] == SeenContribution(
        card=red(2, 1), face_down=True
    )
    for viewer in (BLUE, SPECTATOR):
        assert scenario.view(viewer).players[RED].contributions[GOVERNOR][1] == HiddenContribution()
    assert scenario.view(RED).players[BLUE].contributions[SENATOR][1] == HiddenContribution()
    assert scenario.view(OMNISCIENT).players[BLUE].contributions[SENATOR][1] == SeenContribution(
        card=blue(4), face_down=True
    )


def test_either_player_may_count_the_cards_in_both_decks_and_the_slush_fund_at_any_time() -> None:
    """Either player may count the cards in both player decks and the slush fund at any time."""
    scenario = table(*POSITION).played((RED, StashInSlushFund(card=red(3, 1))))
    for viewer in (RED, BLUE, SPECTATOR):
        seen = scenario.view(viewer)
        assert [p.deck_count for p in seen.players] == [25, 28]
        assert seen.slush_fund.count == 1
    assert scenario.view(RED).slush_fund.known == (red(3, 1),)
    assert scenario.view(BLUE).slush_fund.known == ()
    assert scenario.view(SPECTATOR).slush_fund.known == ()


def test_players_may_not_look_through_the_discard_pile() -> None:
    """Players may not look through the discard pile: the view holds only its size."""
    scenario = table(*placed(RED, GOVERNOR, red(3)), turn(RED), drawn(RED, red(1), red(2), red(3, 1)))
    scenario.played((RED, Recall(politician=GOVERNOR, slot=0)))
    seen = scenario.view(BLUE)
    assert seen.discard_count == 1
    assert [f for f in seen.__struct_fields__ if "discard" in f] == ["discard_count"]


def test_drawn_stashed_and_taken_cards_are_redacted_for_everyone_but_their_owner() -> None:
    """Cards drawn, stashed, recalled and taken from the slush fund are seen only by the seat itself."""
    secret_pairs = [
        (CardsDrawn(seat=RED, cards=(1, 2, 3)), CardsDrawnUnseen(seat=RED, count=3)),
        (CardStashed(seat=RED, card=2), CardStashedUnseen(seat=RED)),
        (DrawnCardsShuffledBack(seat=RED, cards=(1, 2, 3)), DrawnCardsShuffledBackUnseen(seat=RED, count=3)),
        (SlushFundCardTaken(seat=RED, card=40, last=False), SlushFundCardTakenUnseen(seat=RED)),
        (
            MoneyCardPlayed(seat=RED, card=2, politician=MAYOR, face_down=True),
            FaceDownCardPlayed(seat=RED, politician=MAYOR),
        ),
        (
            ContributionDiscarded(seat=RED, politician=MAYOR, slot=1, card=2, secret=True),
            SecretContributionDiscarded(seat=RED, politician=MAYOR, slot=1),
        ),
    ]
    for event, redacted in secret_pairs:
        assert GAME.redact(event, RED) is event
        assert GAME.redact(event, OMNISCIENT) is event
        assert GAME.redact(event, BLUE) == redacted
        assert GAME.redact(event, SPECTATOR) == redacted


def test_public_events_are_not_redacted() -> None:
    """A face-up contribution and a discard of a known card are public."""
    face_up = MoneyCardPlayed(seat=RED, card=2, politician=MAYOR, face_down=False)
    discard = ContributionDiscarded(seat=RED, politician=MAYOR, slot=0, card=2)
    for viewer in (BLUE, SPECTATOR):
        assert GAME.redact(face_up, viewer) is face_up
        assert GAME.redact(discard, viewer) is discard


def test_describe_tells_the_owner_the_value_and_others_only_a_face_down_card() -> None:
    """'Blue played $3M face-down to Governor Maple' for Blue, 'a face-down card' for Red."""
    event = MoneyCardPlayed(seat=BLUE, card=blue(3), politician=GOVERNOR, face_down=True)
    assert GAME.describe(GAME.redact(event, BLUE), BLUE, ()) == "Blue played $3M face-down to Governor Maple."
    hidden = GAME.redact(event, RED)
    assert GAME.describe(hidden, RED, ()) == "Blue played a face-down card to Governor Maple."
    drawn_event = CardsDrawn(seat=RED, cards=(red(1), red(SPY), red(4)))
    assert GAME.describe(drawn_event, RED, ()) == "Red drew $1M, a spy, $4M."
    assert GAME.describe(GAME.redact(drawn_event, BLUE), BLUE, ()) == "Red drew 3 cards."


def test_sentences_name_the_players_when_the_table_knows_them() -> None:
    """'Ann drew $1M, a spy, $4M.' and 'It is Bob's turn.'; a seat without a name keeps its colour."""
    names = ("Ann", "Bob")
    drawn_event = CardsDrawn(seat=RED, cards=(red(1), red(SPY), red(4)))
    assert GAME.describe(drawn_event, RED, names) == "Ann drew $1M, a spy, $4M."
    assert GAME.describe(GAME.redact(drawn_event, BLUE), BLUE, names) == "Ann drew 3 cards."
    assert GAME.describe(TurnPassed(seat=BLUE), SPECTATOR, names) == "It is Bob's turn."
    assert GAME.describe(TurnPassed(seat=BLUE), SPECTATOR, ("Ann",)) == "It is Blue's turn."


def test_every_event_and_its_redacted_forms_round_trip_through_the_codec() -> None:
    """Events are a storage format: each type, and each redacted variant, decodes back to itself."""
    for event_type in Events.__args__:  # type: ignore[attr-defined]
        fields = {name: _sample(name) for name in event_type.__struct_fields__}
        event = event_type(**fields)
        for viewer in (RED, BLUE, SPECTATOR, OMNISCIENT):
            seen = GAME.redact(event, viewer)
            assert GAME.event_decoder.decode(msgspec.json.encode(seen)) == seen
            assert GAME.describe(seen, viewer)


def test_a_played_face_down_card_is_logged_without_its_value_for_the_opponent() -> None:
    """The opponent's feed of a face-down play carries no card id."""
    scenario = table(*POSITION).played((RED, StashInSlushFund(card=red(3, 1))))
    result = scenario.when(RED, PlayMoneyCard(card=red(2), politician=SENATOR))
    assert [GAME.redact(e, BLUE) for e in result.events] == result.events
    scenario.played((RED, PlayMoneyCard(card=red(2), politician=SENATOR)))
    hidden = scenario.when(RED, PlayMoneyCard(card=red(1), politician=SENATOR, face_down=True))
    assert GAME.redact(hidden.events[0], BLUE) == FaceDownCardPlayed(seat=RED, politician=SENATOR)
    assert b'"card"' not in msgspec.json.encode(GAME.redact(hidden.events[0], BLUE))


def _sample(name: str) -> object:
    samples: dict[str, object] = {
        "cards": (0, 1, 2),
        "ladders": ((7, 4, 2),) * 5,
        "face_down": True,
        "secret": True,
        "deck_tops": ((0, 1), (30, 31)),
        "last": True,
    }
    return samples.get(name, 1)


def test_card_backs_are_identical_so_a_face_down_card_shows_only_that_it_is_there() -> None:
    """Ruling R1: a hidden card carries no id, colour or value, in views and in redacted events."""
    assert HiddenContribution.__struct_fields__ == ()
    assert CardStashedUnseen.__struct_fields__ == ("seat",)
    assert FaceDownCardPlayed.__struct_fields__ == ("seat", "politician")
    assert SlushFundCardTakenUnseen.__struct_fields__ == ("seat",)
    assert HiddenHand.__struct_fields__ == ("count",)

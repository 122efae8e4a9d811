"""The card set as data: counts, colours, printed cards exactly as printed, a closed vocabulary, the
catalogue."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from domain.games.super_pacs import cards
from domain.games.super_pacs.cards import EVENTS, FACTIONS, INVESTMENTS, LEADERS, MONEY, TOKENS, Faction
from domain.games.super_pacs.cards.catalogue import DOC, SCRIPT, javascript, markdown
from domain.games.super_pacs.cards.effects import CardError, Effect, check_effects

from .conftest import EV, F, I


def test_the_components_are_12_leaders_62_factions_19_events_24_investments_29_money_7_tokens() -> None:
    """Game Components: 12 Leader cards, 62 Faction cards, 19 Event cards, 24 Investment cards, 29
    Money, 7 Tokens."""
    assert (len(LEADERS), len(FACTIONS), len(EVENTS), len(INVESTMENTS)) == (12, 62, 19, 24)
    assert sum(m.count for m in MONEY) == 29 and {m.value for m in MONEY} == {1, 5}
    assert [t.name for t in TOKENS] == [
        "PROMOTED", "SMEARED", "RETIRED", "SCANDAL", "FIRST PLAYER", "BLESSED", "INVESTOR"
    ]  # fmt: skip


def test_leaders_are_blue_red_or_green_four_each() -> None:
    """Leader color: the icon and superpower box color designate the leader color (4 blue, 4 red, 4 green)."""
    assert sorted(card.colour for card in LEADERS) == ["blue"] * 4 + ["green"] * 4 + ["red"] * 4


def test_every_faction_has_a_colour_types_values_and_an_exploit_or_a_surprise() -> None:
    """Each faction card has either an exploit power or a surprise power; types are shown as icons."""
    for faction in FACTIONS:
        assert faction.colour in ("red", "gray", "blue", "green", "gold") and faction.types
        assert bool(faction.exploit) != bool(faction.surprise)


def test_the_printed_investments_are_exactly_as_printed() -> None:
    """Investment cards shown in the rulebook: Cattle Ranch 5, Bitcoin 3, Junk Bonds 3,
    Majority Shareholder 6, Insider Trading 9, Gold Bars 6."""
    printed = {card.name: card.cost for card in INVESTMENTS if card.printed}
    assert printed == {
        "Cattle Ranch": 5, "Bitcoin": 3, "Junk Bonds": 3,
        "Majority Shareholder": 6, "Insider Trading": 9, "Gold Bars": 6,
    }  # fmt: skip
    ranch = cards.investment(I("Cattle Ranch"))
    assert (
        ranch.benefit == (Effect(do="draw", n=1),) and ranch.worth.base == 3 and ranch.worth.leader_base == 5
    )


def test_the_printed_events_read_as_printed() -> None:
    """The election card text and the event "Whistleblower" read as printed."""
    election = (
        "Players count and announce their votes."
        " The winner adds this faction to his/her coalition and gets the FIRST PLAYER token."
    )
    assert [card.text for card in EVENTS[:3]] == [election] * 3
    assert cards.event(EV("Whistleblower")).text == "Each player with the Immune icon discards a faction."


def test_car_companies_is_as_printed() -> None:
    """Ruth's example: Car Companies collects 3 megabucks from the Treasury and 1 from an immune opponent."""
    car = FACTIONS[F("Car Companies")]
    assert car.exploit == (Effect(do="gain", n=3), Effect(do="steal", n=1, who="opponent", having="Immune"))


def test_an_unknown_verb_fails_to_load() -> None:
    """The vocabulary is closed: a card naming a verb it does not hold is refused when the data is read."""
    raw = {"name": "X", "colour": "red", "types": ["Media"], "votes": 1, "wealth": 1, "power": 1, "text": "x",
           "exploit": [{"do": "teleport", "n": 1}]}  # fmt: skip
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert(raw, Faction)


def test_a_card_the_rules_cannot_interpret_fails_validation() -> None:
    """A card whose text the vocabulary cannot express is a failing test, not a special case in the rules."""
    with pytest.raises(CardError):
        check_effects(
            "Two Choices",
            (Effect(do="destroy", who="any", having="Media"), Effect(do="discard", n=1, who="opponent")),
            kind="exploit",
        )
    with pytest.raises(CardError):
        check_effects("Votes Off Season", (Effect(do="votes", n=2),), kind="exploit")
    with pytest.raises(CardError):
        check_effects("Event With Owner", (Effect(do="gain", n=2),), kind="event")


def test_the_whole_set_validates_at_import() -> None:
    """Table and validated at import: the data as shipped passes the validator."""
    cards.validate()


def test_the_catalogue_is_generated_from_the_data_and_up_to_date() -> None:
    """docs/cards/super-pacs.md lists every card and is generated from the data."""
    assert DOC.read_text() == markdown()
    for card in (*FACTIONS, *LEADERS, *EVENTS, *INVESTMENTS):
        assert f"| {card.name} |" in markdown()


def test_colours_carry_a_shape_and_a_letter_for_colour_blind_players() -> None:
    """Q: notches on the cards help colour-blind players: every colour has a shape and a letter beside it."""
    from domain.games.super_pacs.cards.catalogue import COLOUR_MARK, LEADER_MARK

    assert set(COLOUR_MARK) == {"red", "gray", "blue", "green", "gold"}
    assert len({mark.split()[0] for mark in COLOUR_MARK.values()}) == 5
    assert "lower-left" in LEADER_MARK["blue"] and "lower-right" in LEADER_MARK["red"]
    assert "upper-right" in LEADER_MARK["green"]


def test_the_browsers_card_table_is_generated_from_the_data_and_up_to_date() -> None:
    """The renderer's names and numbers come from the same data (static/games/super-pacs-cards.js)."""
    assert SCRIPT.read_text() == javascript()


def test_the_4_aid_cards_are_reference_cards_and_not_part_of_the_game() -> None:
    """R16: the components list 4 Aid cards that the rulebook never describes: they are reference
    cards, so no data file, deck or card of the game is one."""
    folder = Path(cards.__file__).parent
    assert sorted(path.name for path in folder.glob("*.json")) == [
        "events.json", "factions.json", "investments.json", "leaders.json", "treasury.json"
    ]  # fmt: skip
    names = [card.name for card in (*LEADERS, *FACTIONS, *EVENTS, *INVESTMENTS, *TOKENS)]
    assert not [name for name in names if "aid" in name.lower().split()]
    assert len(names) == 12 + 62 + 19 + 24 + 7  # every component but the money and the 4 Aid cards

"""The log's sentences read as plain English whoever is named (issue 48's wording slips)."""

from __future__ import annotations

from domain.games.campaign_trail import CAMPAIGN_TRAIL as TRAIL
from domain.games.campaign_trail.events import CampaignBegan
from domain.games.super_pacs import SUPER_PACS as PACS
from domain.games.super_pacs.events import EffectResolved
from domain.seats import OMNISCIENT


def test_campaign_trail_names_who_plays_first_without_a_plural_verb() -> None:
    """ "Dee play first" was a party's verb given a person: the sentence names the first player instead."""
    began = CampaignBegan(candidates=(0, 1), money=(0, 0), registered=(0, 0), pawns=(0, 0), turn=1)
    assert TRAIL.describe(began, OMNISCIENT, ("Ann", "Dee")) == "August begins; first to play: Dee."
    assert TRAIL.describe(began, OMNISCIENT, ()) == "August begins; first to play: the Republicans."


def test_an_effect_that_took_effect_names_the_immune_only_when_someone_was() -> None:
    """No "immune: nobody": the sentence ends where nothing more happened, and says who was immune."""
    names = ("Ann", "Bob", "Cy")
    assert PACS.describe(EffectResolved(nullified=False), OMNISCIENT, names) == "It took effect."
    assert PACS.describe(EffectResolved(nullified=False, immune=(1,)), OMNISCIENT, names) == (
        "It took effect; Bob was immune."
    )
    assert PACS.describe(EffectResolved(nullified=False, immune=(0, 2)), OMNISCIENT, names) == (
        "It took effect; Ann and Cy were immune."
    )

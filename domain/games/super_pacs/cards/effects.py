"""The closed vocabulary of effects every Super PACS card is written in, and its validation.

A card's text is for players; its ``Effect`` list is what the rules interpret. The verbs, targets,
types, colours and tokens are ``Literal`` types, so a data file naming anything else fails to load
(msgspec refuses it), and :func:`check_effects` refuses combinations the rules do not interpret.

Verbs (``n`` is the amount; ``who`` the target, ``self`` unless said):

* ``draw`` n faction cards; ``add`` the top n cards of the faction deck to the coalition (their text
  ignored); ``gain`` n megabucks from the Treasury; ``gain_per``: n for each faction of ``colour`` or
  of type ``having`` in the target's coalition;
* ``pay``: the target pays n to the Treasury (a penalty: short money is paid in discarded factions);
  ``pay_me``: the target pays n to the card's owner (the owner is made whole from the Treasury);
  ``steal``: the owner takes up to n of the target's megabucks (not a payment: no word "pay");
* ``discard`` n factions from the target's hand; ``destroy`` a faction of type ``having`` (or of
  ``colour``) from any coalition, or from the owner's own when ``who`` is ``self``;
* ``token``: the target takes ``token`` (from wherever it is);
* surprises and election superpowers only: ``votes`` (n votes in this election for the target),
  ``nullify``, ``immunity``, ``no_pay``; and ``steal`` from ``owner`` (whose effect is answered).

Targets: ``self``; ``opponent`` (one the owner chooses, among those ``having`` a type when given);
``each_opponent``, ``each_player`` (only those ``having`` a type when given); ``most`` (the one player
with the most factions of type ``having``, nobody on a tie); ``owner`` (surprises); ``any`` (destroy:
a faction from any coalition).
"""

from __future__ import annotations

from typing import Literal

import msgspec

Verb = Literal[
    "draw", "add", "gain", "gain_per", "pay", "pay_me", "steal", "discard", "destroy", "token",
    "votes", "nullify", "immunity", "no_pay",
]  # fmt: skip
Who = Literal["self", "any", "opponent", "each_opponent", "each_player", "most", "owner"]
FactionType = Literal["Belief", "Criminal", "Financial", "Immune", "Justice", "Media", "Social"]
Colour = Literal["red", "gray", "blue", "green", "gold"]
LeaderColour = Literal["blue", "red", "green"]
Token = Literal["PROMOTED", "SMEARED", "RETIRED", "SCANDAL", "FIRST PLAYER", "BLESSED", "INVESTOR"]

SURPRISE_VERBS = frozenset({"votes", "nullify", "immunity", "no_pay", "steal"})
"""What a surprise may do."""
CHOOSING = frozenset({"opponent"})
NEEDS_N = frozenset({"draw", "add", "gain", "gain_per", "pay", "pay_me", "steal", "discard", "votes"})


class Effect(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One instruction of a card, in the closed vocabulary."""

    do: Verb
    n: int = 0
    who: Who = "self"
    having: FactionType | None = None
    colour: Colour | None = None
    token: Token | None = None


class CardError(ValueError):
    """Raised when a card's data uses the vocabulary in a way the rules cannot interpret."""


def chooses(effect: Effect) -> bool:
    """True when the owner must choose something for this effect (an opponent or a faction)."""
    return effect.who == "opponent" or effect.do == "destroy"


def _check_one(name: str, effect: Effect) -> None:
    if effect.do in NEEDS_N and effect.n == 0:
        raise CardError(f"{name}: {effect.do} needs an amount")
    if (effect.do == "token") != (effect.token is not None):
        raise CardError(f"{name}: only a token effect names a token")
    if effect.do == "gain_per" and (effect.colour is None) == (effect.having is None):
        raise CardError(f"{name}: gain_per counts one colour or one type")
    if effect.do == "destroy" and effect.having is None and effect.colour is None:
        raise CardError(f"{name}: destroy names a type or a colour")
    if effect.who == "most" and effect.having is None:
        raise CardError(f"{name}: 'most' counts a type")
    if effect.do in ("pay_me", "steal") and effect.who in ("self", "each_player", "most"):
        raise CardError(f"{name}: {effect.do} takes from opponents")
    if (effect.do == "destroy") != (effect.who == "any") and effect.who != "self":
        raise CardError(f"{name}: destroy is from any coalition ('any') or your own ('self')")


def check_effects(name: str, effects: tuple[Effect, ...], *, kind: str) -> None:
    """Refuse an effect list the rules cannot interpret for a card of ``kind``."""
    for effect in effects:
        _check_one(name, effect)
    if sum(chooses(effect) for effect in effects) > 1:
        raise CardError(f"{name}: at most one effect of a card asks its owner to choose")
    if kind == "surprise":
        if len(effects) != 1 or effects[0].do not in SURPRISE_VERBS:
            raise CardError(f"{name}: a surprise does exactly one surprise thing")
        return
    if any(effect.do in ("nullify", "immunity", "no_pay") or effect.who == "owner" for effect in effects):
        raise CardError(f"{name}: only a surprise nullifies, grants immunity or answers its owner")
    if kind == "election" and not all(effect.do == "votes" for effect in effects):
        raise CardError(f"{name}: an election superpower only changes votes")
    if kind != "election" and any(effect.do == "votes" for effect in effects):
        raise CardError(f"{name}: votes change only during an election")
    if kind == "event" and any(chooses(effect) or effect.who == "self" for effect in effects):
        raise CardError(f"{name}: an event has no owner to choose or to be 'self'")

"""What a seat may ask to do in Politrickers: play a Policy Card, or play the Migration card."""

from __future__ import annotations

from domain.games.politrickers.cards import Party
from domain.messages import Command


class PlayCard(Command, frozen=True, kw_only=True, tag="PlayCard"):
    """Play ``card`` from your hand; the rules decide whether it goes face up or face down.

    ``switch_party`` spends one of your unspent Power Tokens to flip your Party Token first (the free
    switch); a forced switch needs no flag, the rules apply it.
    """

    card: int
    switch_party: bool = False


class PlayMigration(Command, frozen=True, kw_only=True, tag="PlayMigration"):
    """Play the Migration card instead of following, moving one of your tokens off the ``move_from`` plate.

    ``move_from`` is ``None`` exactly when you have no token on the Libra Disc.
    """

    move_from: Party | None = None
    switch_party: bool = False


Commands = PlayCard | PlayMigration

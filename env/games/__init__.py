"""Each game's action enumeration and view layout, one module a game (the game packages stay as they are)."""

from __future__ import annotations

from types import ModuleType

from env.games import campaign_trail, politrickers, slush_fund_2, super_pacs

BY_GAME: dict[str, ModuleType] = {
    "politrickers": politrickers,
    "slush-fund-2": slush_fund_2,
    "super-pacs": super_pacs,
    "campaign-trail": campaign_trail,
}
"""The module for each registered game id: ``VIEW``, ``commands(seats)``, ``declarations(seats)``."""

"""The built-in games. Importing this package registers each of them."""

from domain.game import register
from domain.games.campaign_trail import CAMPAIGN_TRAIL
from domain.games.politrickers import POLITRICKERS
from domain.games.slush_fund_2 import SLUSH_FUND_2
from domain.games.super_pacs import SUPER_PACS

register(SLUSH_FUND_2)
register(POLITRICKERS)
register(SUPER_PACS)
register(CAMPAIGN_TRAIL)

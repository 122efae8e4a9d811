"""The web client: lobby, game table and replay viewer, served by Backroom itself (no build step)."""

from api.web.pages import mount

__all__ = ["mount"]

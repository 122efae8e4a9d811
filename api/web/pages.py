"""The web pages: one HTML shell per page (lobby, table, replay) and the static assets beside them.

The pages are plain JavaScript modules over the public HTTP API; nothing here reads a game's rules. A
game's renderer is the module named for its id in ``static/games/`` (or in the same folder of a folder
named in ``BACKROOM_GAME_FOLDERS``, ``docs/new-game.md``), and its styles, if it has its own, are the
stylesheet beside it named for the id (``<id>.css``): ``/static/games/renderers.json`` lists the games
that have each, the page links a game's stylesheet with its renderer, and draws any other game with the
generic renderer and the shared styles. The shell forbids every origin but our own
(``Content-Security-Policy``), so a page can load no CDN, and sends no referrer, so a table's address
never travels to another site.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, FastAPI
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

from domain.games import game_folders, registered

HERE = Path(__file__).parent
STATIC = HERE / "static"
WHERE = ("api", "web", "static")
"""Where the static files are, in this repository and in each folder of games kept elsewhere."""
SHELL = (HERE / "shell.html").read_text(encoding="utf-8")

HEADERS = {
    "Cache-Control": "no-cache",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
    ),
}

router = APIRouter(include_in_schema=False)


def _page(module: str, title: str) -> HTMLResponse:
    html = SHELL.replace("{{module}}", module).replace("{{title}}", title)
    return HTMLResponse(html, headers=HEADERS)


@router.get("/")
async def lobby() -> HTMLResponse:
    return _page("lobby", "Backroom")


@router.get("/games/{game_id}")
async def table(game_id: str) -> HTMLResponse:
    return _page("table", "Backroom table")


@router.get("/games/{game_id}/replay")
async def replay(game_id: str) -> HTMLResponse:
    return _page("replay", "Backroom replay")


@router.get("/tournaments/new")
async def organise() -> HTMLResponse:
    return _page("organise", "Organise a tournament")


@router.get("/tournaments/{tournament}")
async def tournament(tournament: str) -> HTMLResponse:
    return _page("tournament", "Backroom tournament")


@router.get("/account")
async def account() -> HTMLResponse:
    return _page("account", "Backroom: your account")


@router.get("/ratings/{game}")
async def ratings(game: str) -> HTMLResponse:
    return _page("ratings", "Backroom ratings")


@router.get("/players/{handle}")
async def player(handle: str) -> HTMLResponse:
    return _page("player", "Backroom player")


class _Assets(StaticFiles):
    """Static files that browsers revalidate (no build step, so no hashed names to cache forever)."""

    def file_response(self, *args, **kwargs):  # type: ignore[no-untyped-def]  # Starlette's signature
        response = super().file_response(*args, **kwargs)
        response.headers["Cache-Control"] = "no-cache"
        return response


def _named(suffix: str) -> list[str]:
    """The ids of the games with a file named for them in ``static/games/`` (``<id><suffix>``)."""
    names = {game: f"{game}{suffix}" for game in registered()}
    folders = [folder / "games" for folder in game_folders(*WHERE)]
    return [game for game, name in names.items() if any((folder / name).is_file() for folder in folders)]


def renderers() -> list[str]:
    """The ids of the games whose renderer is a module named for them (``static/games/<id>.js``)."""
    return _named(".js")


def stylesheets() -> list[str]:
    """The ids of the games whose renderer has a stylesheet named for them (``static/games/<id>.css``)."""
    drawn = renderers()
    return [game for game in _named(".css") if game in drawn]


def mount(app: FastAPI) -> None:
    """Serve the pages and ``/static`` from ``app`` (ours, then those of games kept elsewhere)."""
    listing = {"renderers": renderers(), "stylesheets": stylesheets()}
    app.include_router(router)
    app.add_api_route(
        "/static/games/renderers.json",
        lambda: JSONResponse(listing, headers={"Cache-Control": "no-cache"}),
        include_in_schema=False,
    )
    assets = _Assets(directory=STATIC)
    assets.all_directories = list(game_folders(*WHERE))  # ours first: others add files, never replace
    app.mount("/static", assets, name="static")

"""The web pages come from Backroom itself: no build step, no CDN, and a policy that forbids other origins."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from api.web.pages import STATIC
from domain.games import registered
from store.settings import Settings
from tests.support.service import client_for

IMPORT = re.compile(r"""(?:from|import)\s*\(?\s*["'](\.{1,2}/[^"']+)["']""")


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    yield from client_for(Settings(sqlite_path=str(tmp_path / "pages.sqlite")), registered())


@pytest.mark.parametrize(
    ("path", "module"), [("/", "lobby"), ("/games/abc", "table"), ("/games/abc/replay", "replay")]
)
def test_each_page_is_the_shell_loading_its_module_under_a_same_origin_policy(
    client: TestClient, path: str, module: str
) -> None:
    """Every page is one HTML shell and one module; the policy lets nothing load from elsewhere."""
    response = client.get(path)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    assert f'src="/static/{module}.js"' in response.text
    assert "default-src 'self'" in response.headers["content-security-policy"]
    assert response.headers["referrer-policy"] == "no-referrer"


def test_every_module_a_page_imports_is_shipped() -> None:
    """Plain modules, no bundler: every relative import names a file in the package."""
    for module in STATIC.rglob("*.js"):
        if "vendor" in module.parts:
            continue
        for target in IMPORT.findall(module.read_text(encoding="utf-8")):
            assert (module.parent / target).resolve().is_file(), f"{module.name} imports missing {target}"


def test_no_asset_loads_from_another_site() -> None:
    """The pages work offline: no URL to a CDN in any script, style or page."""
    for asset in [*STATIC.rglob("*.js"), *STATIC.rglob("*.css"), STATIC.parent / "shell.html"]:
        if "vendor" in asset.parts:
            continue
        assert not re.search(r"https?://", asset.read_text(encoding="utf-8")), asset.name


def test_the_vendored_library_ships_with_its_licences(client: TestClient) -> None:
    """Preact and htm are served from /static/vendor, each beside its licence."""
    assert client.get("/static/vendor/htm-preact-standalone.module.js").status_code == 200
    for licence in ("LICENSE-htm.txt", "LICENSE-preact.txt"):
        assert (STATIC / "vendor" / licence).is_file()


def test_every_game_is_drawn_by_the_module_named_for_it_or_the_generic_one(client: TestClient) -> None:
    """The server lists each game whose module is named for its id (the page imports those alone and
    draws any other game with the generic renderer); each built-in game has its own."""
    listed = client.get("/static/games/renderers.json").json()["renderers"]
    assert listed == [game_id for game_id in registered() if (STATIC / "games" / f"{game_id}.js").is_file()]
    assert {"slush-fund-2", "politrickers", "super-pacs", "campaign-trail"} <= set(listed)
    for game_id in listed:
        assert client.get(f"/static/games/{game_id}.js").status_code == 200


def test_a_games_own_styles_are_the_stylesheet_named_for_it(client: TestClient) -> None:
    """The server lists each game whose renderer has a stylesheet named for its id (the page links it
    with the renderer); each built-in game has one, and no stylesheet there is named for no game."""
    listing = client.get("/static/games/renderers.json").json()
    assert set(listing["stylesheets"]) <= set(listing["renderers"])
    assert {"slush-fund-2", "politrickers", "super-pacs", "campaign-trail"} <= set(listing["stylesheets"])
    assert {sheet.stem for sheet in (STATIC / "games").glob("*.css")} == set(listing["stylesheets"])
    for game_id in listing["stylesheets"]:
        answer = client.get(f"/static/games/{game_id}.css")
        assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/css")

"""The API explorer at /docs works offline: Swagger UI comes from Backroom, never from a CDN."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import httpx

from tests.browser.players import Player
from tests.support.server import Served


def test_the_docs_page_loads_its_assets_from_backroom_only(server: Served) -> None:
    """Every script and stylesheet /docs names is a path on this server, and each is served."""
    page = httpx.get(f"{server.base}/docs").text
    assert "cdn." not in page and "https://" not in page
    for name in ("swagger-ui-bundle.js", "swagger-ui.css"):
        asset = f"/static/vendor/swagger-ui/{name}"
        assert asset in page
        assert httpx.get(server.base + asset).status_code == 200


def test_the_docs_page_lists_every_route_and_each_games_commands(
    player: Callable[..., Player], artifacts: Path
) -> None:
    """In the browser, Swagger UI renders the command route and the schemas of both games' commands."""
    reader = player("reader")
    requests: list[str] = []
    reader.page.on("request", lambda request: requests.append(request.url))
    reader.open("/docs")
    reader.page.wait_for_selector(".opblock-summary-path[data-path='/api/games/{game_id}/commands']")
    assert reader.page.locator(".opblock").count() >= 10
    loaded = reader.page.evaluate("() => Object.keys(ui.specSelectors.specJson().toJS().components.schemas)")
    for game in ("slush-fund-2", "politrickers"):  # in the document the explorer drew its pages from
        assert f"{game}.Command" in loaded, loaded
    assert all(url.startswith(reader.base) for url in requests), "the explorer reached outside Backroom"
    reader.page.click("button.authorize")  # a seat token is entered once, for every request
    reader.page.wait_for_selector(".modal-ux input[type='text'], .modal-ux input[type='password']")
    assert "seat token" in (reader.page.text_content(".modal-ux") or "")
    reader.page.keyboard.press("Escape")
    assert reader.page.get_attribute("text=Back to the Backroom lobby", "href") == "/"
    reader.shot("api-explorer")

"""The API explorer at ``/docs``: Swagger UI served from our own static files, never from a CDN.

FastAPI's default ``/docs`` page loads Swagger UI from a CDN, which a machine without internet access
(or a strict network policy) cannot reach; ReDoc has the same problem, so it is not offered.
"""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse

ASSETS = "/static/vendor/swagger-ui"
BACK = (
    '<p style="margin:0;padding:0.5rem 1rem;background:#174835;font-family:sans-serif">'
    '<a href="/" style="color:#fbf7ec">&larr; Back to the Backroom lobby</a>'
    '<span style="color:#fbf7ec"> · Use <strong>Authorize</strong> to enter a seat token.</span></p>'
)
"""A way back to the pages, and a word on where a seat token goes."""


def mount(app: FastAPI) -> None:
    """Serve ``/docs`` for ``app`` (its ``docs_url`` must be ``None``)."""

    @app.get("/docs", include_in_schema=False)
    def explorer() -> HTMLResponse:
        page = get_swagger_ui_html(
            openapi_url=app.openapi_url or "/openapi.json",
            title=f"{app.title}: the API",
            swagger_js_url=f"{ASSETS}/swagger-ui-bundle.js",
            swagger_css_url=f"{ASSETS}/swagger-ui.css",
            swagger_favicon_url="/static/icon.svg",
            swagger_ui_parameters={"persistAuthorization": False},
        )
        html = bytes(page.body).decode().replace("<body>", f"<body>{BACK}", 1)
        return HTMLResponse(html)

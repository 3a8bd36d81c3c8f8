"""Serve the browser table from a FastAPI app: ``mount_web(app)``.

Routes (GET): ``/static/...`` (this package's static files), ``/games/<game>/...`` (each game's ``web``
adapter folder: its renderer.js), ``/web/i18n/<lang>.json`` (the page's words), ``/web/games/<game>.json?lang=``
(:func:`hustings.web.game_meta`), and with ``pages=True`` the lobby ``/``, the table page ``/t/<id>`` and the replay
page ``/r/<id>``.
Nothing here touches a table: the pages learn about tables through the server's own API and websocket.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, HTTPException
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

from hustings.engine import LANGS, list_games, normalize_lang
from hustings.web import STATIC, game_meta, games_with_renderers, shell_messages

# The pages change with the package; a short cache keeps a reload cheap without serving stale code for long.
_CACHE = {"Cache-Control": "no-cache"}


def mount_web(app: FastAPI, *, static: bool = True, pages: bool = True) -> None:
    """Add the browser table's routes to ``app``. hustings.server mounts ``/static/``, ``/games/<game>/`` and the
    pages itself, so it calls ``mount_web(app, static=False, pages=False)`` for the data routes only."""
    if static:
        app.mount("/static", StaticFiles(directory=STATIC), name="web-static")
        for game, folder in sorted(games_with_renderers().items()):
            app.mount(f"/games/{game}", StaticFiles(directory=folder), name=f"web-game-{game}")

    known = set(list_games())
    meta_cache: dict[tuple[str, str], dict[str, Any]] = {}

    @app.get("/web/i18n/{lang}.json", include_in_schema=False)
    def web_i18n(lang: str) -> JSONResponse:
        if lang not in LANGS:
            raise HTTPException(404, f"unknown language {lang[:20]!r}; languages: {', '.join(LANGS)}")
        return JSONResponse(shell_messages(lang), headers=_CACHE)

    @app.get("/web/games/{game}.json", include_in_schema=False)
    def web_game(game: str, lang: str = "en") -> JSONResponse:
        if game not in known:
            raise HTTPException(404, f"unknown game {game[:40]!r}")
        key = (game, normalize_lang(lang))
        if key not in meta_cache:
            meta_cache[key] = game_meta(game, key[1])
        return JSONResponse(meta_cache[key], headers=_CACHE)

    if pages:
        @app.get("/", include_in_schema=False)
        def lobby_page() -> FileResponse:
            return FileResponse(STATIC / "index.html", headers=_CACHE)

        @app.get("/t/{table_id}", include_in_schema=False)
        def table_page(table_id: str) -> FileResponse:
            return FileResponse(STATIC / "table.html", headers=_CACHE)

        @app.get("/r/{table_id}", include_in_schema=False)
        def replay_page(table_id: str) -> FileResponse:  # a finished game stepped through (replay.js)
            return FileResponse(STATIC / "replay.html", headers=_CACHE)

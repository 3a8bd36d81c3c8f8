"""The real server for the browser tests: hustings.server's app factory over a SQLite file, with the browser
table's data routes added (``mount_web(app, static=False, pages=False)``) until the server calls it itself.
Run by uvicorn in a subprocess on loopback (conftest.py): ``HUSTINGS_WEB_DB=sqlite:///... uvicorn
tests.web.real_server:app``."""

from __future__ import annotations

import os

from hustings.server.app import create_app
from hustings.server.store import open_store
from hustings.web.mount import mount_web

store = open_store(os.environ["HUSTINGS_WEB_DB"])
app = create_app(store)
if not any(getattr(r, "path", "") == "/web/i18n/{lang}.json" for r in app.routes):
    mount_web(app, static=False, pages=False)

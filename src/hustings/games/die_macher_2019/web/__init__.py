"""The browser table's renderer for Die Macher 2019 (renderer.js beside this file). ``FOLDER`` is the ``web``
adapter (the server serves it at ``/games/die-macher-2019/``); the names it draws (indexed as the view's numbers)
come from the game's words (``words.WORDS.names``), so the page never keeps a second copy of the game's words."""

from __future__ import annotations

from pathlib import Path

FOLDER = str(Path(__file__).parent)

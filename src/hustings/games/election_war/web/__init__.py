"""The browser table's renderer for 選舉之戰 (renderer.js beside this file). ``FOLDER`` is the ``web`` adapter;
the names it draws (roles, news cards, districts, indexed as the view's numbers) come from the game's words
(``words.WORDS.names``)."""

from __future__ import annotations

from pathlib import Path

FOLDER = str(Path(__file__).parent)

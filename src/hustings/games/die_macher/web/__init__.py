"""The browser table's renderer for Die Macher classic (renderer.js beside this file). ``FOLDER`` is the ``web``
adapter; the names it draws (indexed as the view's numbers, the starting-sheet choices, the scoring numbers and
the popularity track) come from the game's words (``words.WORDS.names``)."""

from __future__ import annotations

from pathlib import Path

FOLDER = str(Path(__file__).parent)

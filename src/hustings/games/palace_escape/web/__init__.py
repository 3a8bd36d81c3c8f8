"""The browser table's renderer for 逃出總統府 (renderer.js beside this file): the 3x3 grid, moves by click or
tap. ``FOLDER`` is the ``web`` adapter; the names it draws come from the game's words (``words.WORDS.names``)."""

from __future__ import annotations

from pathlib import Path

FOLDER = str(Path(__file__).parent)

"""The browser renderer of Race to five (renderer.js beside this file): ``FOLDER`` is the ``web`` adapter; the names
it draws come from the game's words."""

from __future__ import annotations

from pathlib import Path

FOLDER = str(Path(__file__).parent)

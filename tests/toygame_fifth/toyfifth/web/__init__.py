"""The browser renderer of Race to five (renderer.js beside this file): ``FOLDER`` is the ``web`` adapter and
``names(lang)`` the ``web_data`` adapter."""

from __future__ import annotations

from pathlib import Path

from toyfifth import CATALOG, GOAL

FOLDER = str(Path(__file__).parent)


def names(lang: str) -> dict[str, str]:
    return {"goal": CATALOG.text("help.goal", lang, goal=GOAL)}

"""The browser table's renderer for 逃出總統府 (renderer.js beside this file): the 3x3 grid, moves by click or
tap. ``FOLDER`` is the ``web`` adapter; ``names(lang)`` the ``web_data`` adapter (rank and cell names)."""

from __future__ import annotations

from pathlib import Path

from hustings.games.palace_escape import text as T
from hustings.games.palace_escape.data import CATALOG
from hustings.games.palace_escape.solver import RANKS

FOLDER = str(Path(__file__).parent)


def names(lang: str) -> dict[str, list[str]]:
    return {
        "ranks": [T.rank_name(r, lang) for r in range(len(RANKS))],
        "ranks_short": [T.rank_short(r, lang) for r in range(len(RANKS))],
        "cells": [CATALOG.text(f"cell.{i}", lang) for i in range(9)],
    }

"""Every word of 逃出總統府 (the ``words`` adapter, :data:`WORDS`): ranks and cells, action labels, event
messages, the rules and how to win, in English, Simplified and Traditional Chinese. The texts are in this
folder's catalog (``messages/<lang>.json``); no interface kit is imported here. The puzzle hides nothing and
explains its numbers on the board itself (moves against par), so it has no explanations.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

from hustings.engine import Action, Event
from hustings.engine.words import CatalogWords, Label, Marks, View, Voice
from hustings.games.palace_escape.data import CATALOG
from hustings.games.palace_escape.solver import RANKS
from hustings.games.palace_escape.words.events import render
from hustings.games.palace_escape.words.labels import label_text
from hustings.games.palace_escape.words.names import rank_name, rank_short


class PalaceWords(CatalogWords):
    def __init__(self) -> None:
        super().__init__(CATALOG, ("rules",), "rules")

    def rules(self, phase: str | None, lang: str) -> tuple[str, str]:
        """One topic: the puzzle has one phase; its heading is the game's title."""
        return CATALOG.text("game.title", lang), CATALOG.text("help.rules", lang)

    def names(self, voice: Voice) -> Mapping[str, Any]:
        lang = voice.lang
        return {
            "ranks": [rank_name(r, lang) for r in range(len(RANKS))],
            "ranks_short": [rank_short(r, lang) for r in range(len(RANKS))],
            "cells": [CATALOG.text(f"cell.{i}", lang) for i in range(9)],
        }

    def label(self, action: Action, view: View, voice: Voice) -> Label:
        m = Marks(action)
        return m.label(label_text(action, view, voice.lang, m), self.title(action.kind, voice.lang))

    def label_key(self, kind: str, view: View) -> Hashable | None:
        # a swap names the cards on its two cells
        return tuple(view["board"]) if kind == "swap" else ()

    def event_text(self, event: Event, voice: Voice) -> str:
        return render(event, voice.lang, None)


#: the ``words`` adapter
WORDS = PalaceWords()

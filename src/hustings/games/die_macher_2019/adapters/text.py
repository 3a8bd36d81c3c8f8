"""Plain text of actions and events for interfaces without a terminal (the online server): the game's ``text``
adapter. Labels are the terminal's (the ``tui`` renderer's ``describe``, which needs Rich, not Textual), so a
person online reads the same words as at the terminal; event texts are the events' own messages."""

from __future__ import annotations

import threading
from collections.abc import Mapping
from typing import Any

from hustings.engine import Action, Event
from hustings.games.die_macher_2019.adapters.tui import Renderer


class Text:
    """``action_label(action, view, lang)`` and ``event_text(event, lang, view)``, from a player's view only."""

    def __init__(self) -> None:
        self._renderers: dict[str, Renderer] = {}
        self._lock = threading.Lock()

    def _renderer(self, lang: str) -> Renderer:
        with self._lock:  # servers call this from several threads
            r = self._renderers.get(lang)
            if r is None:
                r = self._renderers[lang] = Renderer(lang, "local")
            return r

    def action_label(self, action: Action, view: Mapping[str, Any], lang: str) -> str:
        return self._renderer(lang).describe(action, view)

    def event_text(self, event: Event, lang: str, view: Mapping[str, Any] | None = None) -> str:
        return event.message(lang)


TEXT = Text()

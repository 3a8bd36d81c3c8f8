"""Plain text of actions and events for interfaces without a terminal (the online server): the game's ``text``
adapter. The game has no terminal renderer of its own, so labels are the actions' own texts from the game's
catalog, as the terminal's fallback renderer shows them, and event texts are the events' own messages."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hustings.engine import Action, Event


class Text:
    """``action_label(action, view, lang)`` and ``event_text(event, lang, view)``, from a player's view only."""

    def action_label(self, action: Action, view: Mapping[str, Any], lang: str) -> str:
        return action.text(lang)

    def event_text(self, event: Event, lang: str, view: Mapping[str, Any] | None = None) -> str:
        return event.message(lang)


TEXT = Text()

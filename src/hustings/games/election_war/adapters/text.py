"""Plain text of actions and events for interfaces without a terminal (the online server): the game's ``text``
adapter. Labels are the actions' own texts from the game's catalog (as the terminal's action list words them),
event texts the events' own messages, and the worked explanation of an event the terminal renderer's explain
(see :class:`hustings.tui.renderer.RendererText`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hustings.engine import Action
from hustings.games.election_war.adapters.tui import Renderer
from hustings.tui.renderer import RendererText


class Text(RendererText):
    """``action_label(action, view, lang)``, ``event_text(event, lang, view)`` and ``explain_event(events,
    index, lang, view)``, from a player's view and events only."""

    def action_label(self, action: Action, view: Mapping[str, Any], lang: str) -> str:
        return action.text(lang)


TEXT = Text(Renderer)

"""Plain text of actions and events for interfaces without a terminal (the online server): the game's ``text``
adapter, the terminal renderer's words (see :class:`hustings.tui.renderer.RendererText`)."""

from __future__ import annotations

from hustings.games.die_macher_2019.adapters.tui import Renderer
from hustings.tui.renderer import RendererText

TEXT = RendererText(Renderer)

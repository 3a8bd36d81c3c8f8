"""The terminal table: play any registered game at a terminal against bots or several people at one
keyboard, and step through records. Built on the engine's public API only (views, legal actions, events,
outcomes, records); it knows no game.

A game draws itself through its ``tui`` adapter (a renderer, see :mod:`hustings.tui.renderer`); a game
without one gets :class:`~hustings.tui.fallback.FallbackRenderer`. The Textual screens live in
:mod:`hustings.tui.app` and :mod:`hustings.tui.replay` (the ``tui`` extra); everything else here (record
files, sessions, choices, renderers) needs only Rich.
"""

from __future__ import annotations

from hustings.engine import get_spec
from hustings.tui.fallback import FallbackRenderer
from hustings.tui.renderer import TUI_KIND, GameRenderer


def ui_for(game: str, lang: str, names: str = "local") -> GameRenderer:
    """The renderer of ``game`` (its ``tui`` adapter, else the fallback); ValueError for an unknown game."""
    spec = get_spec(game)
    factory = spec.adapter(TUI_KIND)
    if factory is None:
        return FallbackRenderer(spec, lang, names)
    return factory(lang, names)


__all__ = ["FallbackRenderer", "GameRenderer", "ui_for"]

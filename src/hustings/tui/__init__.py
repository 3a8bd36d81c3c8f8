"""The terminal table: play at a terminal against bots or several people at one keyboard, and step
through records. Built on the engine's public API only (views, legal actions, events, records).

The Textual screens live in :mod:`hustings.tui.app` and :mod:`hustings.tui.replay` (the ``tui`` extra);
everything else here (record files, sessions, choices, drawing) needs only Rich.
"""

from __future__ import annotations

from hustings.tui.dm2019 import DieMacherUI

GAMES = ("die-macher-2019",)


def ui_for(game: str, lang: str, names: str = "local") -> DieMacherUI:
    """The table for ``game``; raises ValueError for a game that has none yet."""
    if game == "die-macher-2019":
        return DieMacherUI(lang, names)
    raise ValueError(f"the terminal table does not know {game!r} yet; it plays: {', '.join(GAMES)}")


__all__ = ["GAMES", "DieMacherUI", "ui_for"]

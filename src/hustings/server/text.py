"""Labels of legal actions and texts of events, in the client's language, from the game's ``text`` adapter.

A game's ``text`` adapter (``adapters["text"]``) has ``action_label(action, view, lang)`` and
``event_text(event, lang, view)``; a game without one gets the actions' and events' own texts. Optionally
``explain_event(events, index, lang, view)``: the worked explanation of ``events[index]`` (objects with a
``title`` and ``lines``), from one seat's events and view only, asked for now and then (the browser log's ``?``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from hustings.engine import Action, Event, get_spec


class TextAdapter(Protocol):
    def action_label(self, action: Action, view: Mapping[str, Any], lang: str) -> str: ...

    def event_text(self, event: Event, lang: str, view: Mapping[str, Any] | None = None) -> str: ...


class PlainText:
    """The fallback: the game's own texts of actions and events."""

    def action_label(self, action: Action, view: Mapping[str, Any], lang: str) -> str:
        return action.text(lang)

    def event_text(self, event: Event, lang: str, view: Mapping[str, Any] | None = None) -> str:
        return event.message(lang)


_PLAIN = PlainText()
_ADAPTERS: dict[str, TextAdapter] = {}


def text_for(game: str) -> TextAdapter:
    """The game's text adapter (looked up once per game: it is asked for on every message)."""
    found = _ADAPTERS.get(game)
    if found is None:
        adapter: TextAdapter | None = get_spec(game).adapter("text")
        found = _ADAPTERS[game] = _PLAIN if adapter is None else adapter
    return found


def explain(game: str, events: Sequence[Event], index: int, lang: str,
            view: Mapping[str, Any] | None) -> list[dict[str, Any]] | None:
    """``events[index]`` explained as ``[{"title", "lines"}]`` from the game's ``text`` adapter; None when the
    game explains nothing. ``events`` and ``view`` must be one seat's (or a spectator's): nothing else is asked."""
    hook = getattr(text_for(game), "explain_event", None)
    if not callable(hook):
        return None
    return [{"title": str(x.title), "lines": [str(line) for line in x.lines]}
            for x in hook(events, index, lang, view)]

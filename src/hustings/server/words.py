"""What the server says about a game, in the connection's language: every word from the game's words layer
(``spec.adapter("words")``, :mod:`hustings.engine.words`), never from an interface's drawing code.

- :func:`legal` - the legal actions of a seat as the server sends them: ``id``, ``kind``, ``args``, the whole
  ``label`` and the structured label beside it (``words``: ``title``, ``args`` as ``{role, id, text}``,
  ``parts``), so that a page groups choices by kind and argument in any language, never by splitting text.
- :func:`event_text` - an event in words, seats by the names people chose for them at the table.
- :func:`explain` - how the numbers of one event came about, from one seat's events and view only.
- :func:`advice` - at a tutorial table, what the game's heuristic would do from a seat's view and why, its reason
  worded from the game's words with the numbers that decided it.

The voice of a table (language, names people chose) is made by :func:`voice`.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from hustings.bots.heuristic import advice_text, advise
from hustings.engine import Action, Event
from hustings.engine.words import Label, LabelCache, Voice, Words, legal_entry, words_for

__all__ = ["Entry", "Voice", "advice", "event_text", "explain", "legal", "voice", "words"]

_WORDS: dict[str, Words] = {}


class Entry(dict[str, Any]):
    """A legal entry as sent (:func:`hustings.engine.words.legal_entry`), with room for its JSON, made once by
    whoever sends it first (hustings.server.connections.legal_json_of) and kept as long as the label cache keeps
    the entry: a seat offered hundreds of deployments at each round's start is sent entries worded and encoded
    before (orjson writes a dict subclass as the dict it is)."""

    __slots__ = ("json",)

    def __init__(self, action: Action, label: Label) -> None:
        super().__init__(legal_entry(action, label))
        self.json: bytes | None = None


#: the legal entries worded so far, per game (the server's event loop is their one thread)
_CACHES: dict[str, LabelCache[Entry]] = {}


def words(game: str) -> Words:
    """The game's words (looked up once per game: they are asked for on every message)."""
    found = _WORDS.get(game)
    if found is None:
        found = _WORDS[game] = words_for(game)
    return found


#: voices made, by (language, names): a table's voice is asked for in every message round (the names people chose
#: change seldom); bounded, cleared when full
_VOICES: dict[tuple[str, tuple[str, ...]], Voice] = {}
_VOICES_MAX = 10_000


def voice(lang: str, names: Sequence[str]) -> Voice:
    """The voice of a table: the connection's language and the names people chose for the seats."""
    key = (lang, tuple(names))
    found = _VOICES.get(key)
    if found is None:
        if len(_VOICES) >= _VOICES_MAX:
            _VOICES.clear()
        found = _VOICES[key] = Voice.of(lang, names)
    return found


def legal(game: str, actions: Sequence[Action], view: Any, speaker: Voice,
          known: dict[int, dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """The legal actions as sent (see the module's doc); ``known`` keeps the entries already worded for the same
    view (action id -> entry) and gets the new ones. Labels are kept per game by what each kind reads of the view
    (:class:`~hustings.engine.words.LabelCache`): a label is worded once while that part stays the same."""
    memo: dict[int, dict[str, Any]] = {} if known is None else known
    missing = [a for a in actions if a.id not in memo]
    if missing:
        cache = _CACHES.get(game)
        if cache is None:
            cache = _CACHES[game] = LabelCache(words(game), Entry)
        for a, entry in zip(missing, cache.legal(missing, view, speaker), strict=True):
            memo[a.id] = entry
    return [memo[a.id] for a in actions]


def label_stamp(game: str, kinds: Sequence[str], view: Any, view_json: bytes) -> tuple[Hashable, ...]:
    """What the labels of actions of ``kinds`` read of ``view`` (each kind's ``label_key``); the view's whole JSON
    besides when a kind's labels read more than a key says (a preview). Two lists of the same actions in the same
    voice whose stamps are equal have the same labels (a label is a function of action, view and voice, and the
    label key says all a kind reads of the view), so a server need not word or look up any of them again."""
    w = words(game)
    keys = tuple(w.label_key(kind, view) for kind in kinds)
    return (keys, view_json) if None in keys else keys


def event_text(game: str, event: Event, speaker: Voice) -> str:
    """An event in words, seats by the names people chose."""
    return words(game).event_text(event, speaker)


def explain(game: str, events: Sequence[Event], index: int, speaker: Voice, view: Any) -> list[dict[str, Any]]:
    """``events[index]`` explained as ``[{"title", "lines"}]`` ([] when the game explains nothing). ``events`` and
    ``view`` must be one seat's (or a spectator's): nothing else is asked."""
    return [x.to_json() for x in words(game).event_explanations(view, events, index, speaker)]


def advice(game: str, view: Any, actions: Sequence[Action], lang: str) -> dict[str, Any] | None:
    """The heuristic's hint for a seat that must act, as sent (``action``: a legal action's id, ``text``: its reason
    in ``lang``, ``reason`` and ``numbers`` for programs), from that seat's view and legal actions only; None for a
    game whose heuristic gives no reasons."""
    catalog = words(game).catalog
    found = advise(game, view, list(actions))
    if found is None or catalog is None:
        return None
    return {"action": found.action.id, "text": advice_text(found, catalog, lang), "reason": found.reason,
            "numbers": dict(found.numbers)}

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

from collections.abc import Callable, Hashable, Sequence
from typing import Any

import orjson

from hustings.bots.heuristic import advice_text, advise
from hustings.engine import Action, Event
from hustings.engine.words import Label, LabelCache, Voice, Words, legal_entry, words_for

__all__ = ["Entry", "Voice", "advice", "compact_legal", "compact_of", "event_text", "explain", "legal", "voice",
           "words"]

_WORDS: dict[str, Words] = {}


class Entry(dict[str, Any]):
    """A legal entry as sent (:func:`hustings.engine.words.legal_entry`), with room for its JSON, made once by
    whoever sends it first (hustings.server.connections.legal_json_of) and kept as long as the label cache keeps
    the entry: a seat offered hundreds of deployments at each round's start is sent entries worded and encoded
    before (orjson writes a dict subclass as the dict it is)."""

    __slots__ = ("compact", "json", "texts")

    def __init__(self, action: Action, label: Label) -> None:
        super().__init__(legal_entry(action, label))
        self.json: bytes | None = None
        #: the compact form's JSON (protocol ``CompactAction``) and the texts it names (:func:`compact_of`)
        self.compact: bytes | None = None
        self.texts: tuple[str, str, tuple[tuple[str, str, str], ...]] | None = None


def compact_of(entry: Entry) -> tuple[bytes, tuple[str, str, tuple[tuple[str, str, str], ...]]]:
    """An entry in the compact form (protocol ``CompactAction``: the label's parts and each argument's role) and
    what its texts are: (kind, title, ((role, argument value as a JSON key, text), ...)), which the message's
    ``legal_words`` carries once for the whole list. Made once per entry, kept on it."""
    if entry.compact is None or entry.texts is None:
        worded = entry["words"]
        args = worded["args"]
        entry.compact = orjson.dumps({"id": entry["id"], "kind": entry["kind"], "args": entry["args"],
                                      "roles": [a["role"] for a in args], "parts": worded["parts"]})
        entry.texts = (entry["kind"], worded["title"], tuple((a["role"], str(a["id"]), a["text"]) for a in args))
    return entry.compact, entry.texts


class _Shared:
    """The compact entries of one kind and parts key in one language and name style, for every table."""

    __slots__ = ("json", "title")

    def __init__(self) -> None:
        self.title: str | None = None
        self.json: dict[int, bytes] = {}


#: compact entries worded once for every table (kinds with a parts key), per game: (kind, parts key, language,
#: name style) -> its entries; bounded, cleared when full
_SHARED: dict[str, dict[tuple[str, Hashable, str, str], _Shared]] = {}
_SHARED_MAX = 200_000
_shared_size = 0


def _merge(names: dict[str, dict[str, str]], role: str, value: str, text: str) -> bool:
    """``names[role][value] = text``; False when it names that value otherwise already."""
    by_value = names.get(role)
    if by_value is None:
        by_value = names[role] = {}
    return by_value.setdefault(value, text) == text


def compact_legal(game: str, actions: Sequence[Action], view: Any, speaker: Voice,
                  word: Callable[[Sequence[Action]], Sequence[dict[str, Any]]]) -> tuple[bytes, bytes] | None:
    """The legal ``actions`` in the compact form: the JSON array of their entries (protocol ``CompactAction``) and
    the JSON of the message's ``legal_words`` (titles by kind, names by role and value).

    A kind with a parts key (:meth:`hustings.engine.words.Words.parts_key`: Die Macher 2019's deployments) is worded
    once for every table, its names taken from the game's ``arg_texts``; any other from ``word`` (the seat's legal
    entries, :func:`legal`). An entry whose title or names read otherwise than the list's so far is sent in the
    full form (the protocol lets a list mix them). None when a game's words break the parts key's promise (its
    names are not its labels' own): the list is sent in the full form."""
    global _shared_size
    w = words(game)
    shared = _SHARED.get(game)
    if shared is None:
        shared = _SHARED[game] = {}
    titles: dict[str, str] = {}
    names: dict[str, dict[str, str]] = {}
    out: list[bytes] = []
    rest: list[tuple[int, Action]] = []
    tables: dict[str, _Shared | None] = {}
    for a in actions:
        kind = a.kind
        if kind in tables:
            table = tables[kind]
        else:
            table = None
            key = w.parts_key(kind, view)
            if key is not None:
                full = (kind, key, speaker.lang, speaker.style)
                table = shared.get(full)
                if table is None:
                    if _shared_size > _SHARED_MAX:
                        shared.clear()
                        _shared_size = 0
                    table = shared[full] = _Shared()
                for role, by_value in w.arg_texts(kind, view, speaker).items():
                    for value, text in by_value.items():
                        if not _merge(names, role, str(value), text):
                            return None
            tables[kind] = table
        if table is None:
            rest.append((len(out), a))
            out.append(b"")
            continue
        made = table.json.get(a.id)
        if made is None:
            label = w.label(a, view, speaker)
            # the promise checked where it is cheap, once per action: the names given are the label's own
            if any(names.get(x.role, {}).get(str(x.id)) != x.text for x in label.args):
                return None
            made = table.json[a.id] = orjson.dumps({"id": a.id, "kind": kind, "args": list(a.args),
                                                   "roles": [x.role for x in label.args],
                                                   "parts": list(label.parts)})
            _shared_size += 1
            if table.title is None:
                table.title = label.title
        out.append(made)
    for kind, table in tables.items():  # a shared kind's title, one for every table (before any other entry's)
        if table is not None:
            titles[kind] = table.title or ""
    if rest:
        for (i, _), entry in zip(rest, word([a for _, a in rest]), strict=True):
            if type(entry) is not Entry:
                return None
            compact, (kind, title, texts) = compact_of(entry)
            fits = titles.setdefault(kind, title) == title
            if fits:
                for role, key, name in texts:
                    named = names.get(role)
                    if named is not None and named.get(key, name) != name:
                        fits = False
                        break
            if fits:
                for role, key, name in texts:
                    _merge(names, role, key, name)
                out[i] = compact
            else:  # its texts read otherwise than the list's (a donation's answer names its amount): whole
                whole = entry.json
                if whole is None:
                    whole = entry.json = orjson.dumps(entry)
                out[i] = whole
    return b"[" + b",".join(out) + b"]", orjson.dumps({"titles": titles, "names": names})


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

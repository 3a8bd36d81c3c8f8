"""Events: what happened (:class:`Event`, an immutable named tuple), its read-only data (:class:`FrozenDict`,
:class:`FrozenList`, :func:`freeze`, :func:`thaw`) and the persistent chain a state's history and log are kept in
(:data:`Chain`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from mypy_extensions import mypyc_attr

from hustings.engine.basics import JSON, normalize_lang

Renderer = Callable[["Event", str, Any], str]


def _refuse_shared(*args: object, **kwargs: object) -> Any:
    raise TypeError("this data is shared and read-only (event data, a game's options); copy it (dict(...), "
                    "e.to_json()) to change it")


def _refuse_event_list(*args: object, **kwargs: object) -> Any:
    raise TypeError("event data is read-only; copy it (e.to_json()) to change it")


# mypyc (docs/build.md): plain Python classes in the compiled build too, so the refusing methods override the
# builtin ones for every caller
@mypyc_attr(native_class=False)
class FrozenDict(dict[str, Any]):
    """A dict that refuses changes: event data handed to every player, and a game's options (shared by a state, its
    clones and bots' samples), are shared, so nobody may edit them."""

    __slots__ = ()

    # module functions, one name a line: mypyc compiles neither a chained assignment nor a reference to an earlier
    # name in a class body
    __setitem__ = _refuse_shared
    __delitem__ = _refuse_shared
    __ior__ = _refuse_shared
    clear = _refuse_shared
    pop = _refuse_shared
    popitem = _refuse_shared
    setdefault = _refuse_shared
    update = _refuse_shared

    def __reduce__(self) -> tuple[Any, tuple[dict[str, Any]]]:
        return (FrozenDict, (dict(self),))

    def __copy__(self) -> FrozenDict:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> FrozenDict:
        return self


@mypyc_attr(native_class=False)
class FrozenList(list[Any]):
    """A list that refuses changes (it still compares equal to a list with the same items)."""

    __slots__ = ()

    __setitem__ = _refuse_event_list
    __delitem__ = _refuse_event_list
    __iadd__ = _refuse_event_list
    __imul__ = _refuse_event_list
    append = _refuse_event_list
    extend = _refuse_event_list
    insert = _refuse_event_list
    pop = _refuse_event_list
    remove = _refuse_event_list
    clear = _refuse_event_list
    sort = _refuse_event_list
    reverse = _refuse_event_list

    def __reduce__(self) -> tuple[Any, tuple[list[Any]]]:
        return (FrozenList, (list(self),))

    def __copy__(self) -> FrozenList:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> FrozenList:
        return self


_SCALARS = frozenset({int, str, float, bool, type(None)})


def freeze(value: Any) -> Any:
    """Dicts become :class:`FrozenDict` and lists :class:`FrozenList` (tuples stay tuples), recursively; a fresh
    copy, so later changes to what the game passed in never reach the event. Runs on every emit: the common
    shapes (flat dicts, lists of numbers) take a fast path, and scalars are never passed to a call."""
    t = value.__class__
    if t is dict or t is FrozenDict:
        for v in value.values():
            if v.__class__ not in _SCALARS:
                return FrozenDict({k: v if v.__class__ in _SCALARS else freeze(v) for k, v in value.items()})
        return FrozenDict(value)  # flat: one copy in C
    if t is list or t is FrozenList:
        for v in value:
            if v.__class__ not in _SCALARS:
                return FrozenList([v if v.__class__ in _SCALARS else freeze(v) for v in value])
        return FrozenList(value)
    if t is tuple:
        return tuple([freeze(v) for v in value])
    return value


def thaw(value: Any) -> Any:
    """Plain JSON data (dicts and lists) from frozen data; always a fresh copy."""
    if isinstance(value, dict):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [thaw(v) for v in value]
    return value


class Event(NamedTuple):
    """Something that happened. ``to`` is None for a public event, else the one player who may see it.

    ``step`` is the number of actions applied when it happened (0 for setup before the first action).
    ``data`` is structured (numbers carry their breakdown) and read-only; ``message(lang)`` renders it. The
    renderer is a module-level function and ``context`` an immutable value (e.g. the seats' parties): an
    event never refers to the state that emitted it, so logs shared between clones keep no state alive.
    An immutable named tuple: one is made for every event on the hot path, and a tuple is the cheapest.
    """

    type: str
    data: Mapping[str, JSON]
    to: int | None = None
    step: int = 0
    render: Renderer | None = None
    context: Any = None

    def visible_to(self, player: int | None) -> bool:
        return self.to is None or self.to == player

    def message(self, lang: str = "en") -> str:
        if self.render is None:
            return self.type
        return self.render(self, normalize_lang(lang), self.context)

    def to_json(self, lang: str | None = None) -> dict[str, JSON]:
        out: dict[str, JSON] = {"type": self.type, "to": self.to, "step": self.step, "data": thaw(self.data)}
        if lang is not None:
            out["message"] = self.message(lang)
        return out


# A persistent singly linked list (newest first): appending is O(1) and a clone shares the whole past. A node is
# (item, tail); a state's event log may also hold, newest first, raw records of six items whose last is the tail
# (GameState.emit), which the engine seals into (Event, tail) nodes before anyone reads them.
# (the tail is a Chain again; mypyc cannot compile a recursive alias, so it is typed Any)
Chain = tuple[Any, ...] | None


def chain_items(chain: Chain) -> list[Any]:
    out: list[Any] = []
    while chain is not None:
        out.append(chain[0])
        chain = chain[1]
    out.reverse()
    return out


__all__ = ["Chain", "Event", "FrozenDict", "FrozenList", "Renderer", "chain_items", "freeze", "thaw"]

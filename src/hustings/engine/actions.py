"""Actions: every game's fixed, ordered :class:`ActionSpace` (the index is the stable action id) and its immutable
:class:`Action` objects, made once at import time and handed out by the legal-action lists."""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from hustings.engine.basics import JSON, IllegalActionError, _short, as_index, normalize_lang

_SPACES: dict[str, ActionSpace] = {}


def _action_by_id(game: str, action_id: int) -> Action:
    if game not in _SPACES:
        # importing the games registers their spaces (the registry imports this module: asked for here, when an
        # action is unpickled, never on the hot path)
        from hustings.engine.registry import get_spec

        get_spec(game)
    return _SPACES[game][action_id]


class ActionSpace:
    """The fixed, ordered set of every action a game can ever take; the index is the stable action id.

    Games build one space at import time, so legal-action lists hand out shared immutable objects
    and no action is ever constructed on the hot path.
    """

    def __init__(self, game: str, describe: Callable[[Action, str], str]) -> None:
        _SPACES[game] = self
        self.game = game
        self._describe = describe
        self.actions: list[Action] = []
        self._by_key: dict[tuple[str, tuple[int, ...]], Action] = {}

    def add(self, kind: str, *args: int) -> Action:
        key = (kind, tuple(args))
        if key in self._by_key:
            raise ValueError(f"duplicate action {key}")
        a = Action(len(self.actions), kind, key[1], self)
        self.actions.append(a)
        self._by_key[key] = a
        return a

    def get(self, kind: str, *args: int) -> Action:
        return self._by_key[(kind, tuple(args))]

    def __len__(self) -> int:
        return len(self.actions)

    def __getitem__(self, action_id: int) -> Action:
        return self.actions[action_id]

    def __iter__(self) -> Iterator[Action]:
        # said outright: a compiled class (docs/build.md) gets no iteration from __getitem__ as a Python class does
        return iter(self.actions)

    def resolve(self, value: object) -> Action:
        """Turn an Action, an integer id (numpy integers too) or a JSON form into this space's Action.

        Anything else raises :class:`IllegalActionError` naming what was wrong: floats and booleans are not
        ids, a JSON form's ``args`` must be a list of integers, and a form giving both an ``id`` and
        ``kind``/``args`` must have them agree.
        """
        if isinstance(value, Action):
            if value.space is not self:
                raise IllegalActionError(f"action {value!r} belongs to another game, not {self.game}")
            return value
        if isinstance(value, Mapping):
            return self._resolve_json(value)
        if isinstance(value, bool | float | str | bytes) or not hasattr(value, "__index__"):
            raise IllegalActionError(
                f"malformed action {_short(value)}: expected an Action, an integer id or a JSON form"
            )
        action_id = as_index(value, "an action id")
        if 0 <= action_id < len(self.actions):
            return self.actions[action_id]
        raise IllegalActionError(f"unknown action id {_short(action_id)} (ids are 0..{len(self.actions) - 1})")

    def _resolve_json(self, value: Mapping[Any, Any]) -> Action:
        unknown = [k for k in value if k not in ("id", "kind", "args")]
        if unknown:
            raise IllegalActionError(f"malformed action: unknown field {_short(unknown[0])} (fields: id, kind, args)")
        if "id" in value and isinstance(value["id"], Mapping):  # no nesting: a bounded check for any input
            raise IllegalActionError(f"malformed action: id must be an integer, not {_short(value['id'])}")
        by_id = self.resolve(value["id"]) if "id" in value else None
        if "kind" not in value and "args" not in value:
            if by_id is None:
                raise IllegalActionError("malformed action {}: give an id or a kind with args")
            return by_id
        kind, args = value.get("kind"), value.get("args", [])
        if not isinstance(kind, str):
            raise IllegalActionError(f"malformed action: kind must be a string, not {_short(kind)}")
        if not isinstance(args, list | tuple):
            raise IllegalActionError(f"malformed action: args must be a list of integers, not {_short(args)}")
        key_args = []
        for i, x in enumerate(args):
            if isinstance(x, bool | float) or not hasattr(x, "__index__"):
                raise IllegalActionError(f"malformed action: args[{i}] must be an integer, not {_short(x)}")
            key_args.append(operator.index(x))
        a = self._by_key.get((kind, tuple(key_args)))
        if a is None:
            raise IllegalActionError(f"unknown action {_short(kind)}{tuple(key_args)} in {self.game}")
        if by_id is not None and by_id is not a:
            raise IllegalActionError(
                f"action id {by_id.id} is {by_id.kind}{by_id.args}, but kind and args say {a.kind}{a.args}"
            )
        return a


class Action:
    """An immutable action: a stable integer ``id``, a ``kind`` and integer ``args``."""

    __slots__ = ("args", "id", "kind", "space")

    id: int
    kind: str
    args: tuple[int, ...]
    space: ActionSpace

    def __init__(self, id: int, kind: str, args: tuple[int, ...], space: ActionSpace) -> None:
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "args", args)
        object.__setattr__(self, "space", space)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Action is immutable")

    # Equality and hashing stay identity-based: each action exists once per space, and identity keeps
    # ``action in legal_list`` at C speed on the hot path.

    def __int__(self) -> int:
        return self.id

    def __reduce__(self) -> tuple[Any, tuple[str, int]]:
        # pickle by reference: the one Action object with this id in its game's space
        return (_action_by_id, (self.space.game, self.id))

    def __repr__(self) -> str:
        return f"<Action {self.id} {self.kind}{self.args}>"

    def text(self, lang: str = "en") -> str:
        """Readable text in ``zh-Hans``, ``zh-Hant`` or ``en``."""
        return self.space._describe(self, normalize_lang(lang))

    def to_json(self) -> dict[str, JSON]:
        return {"id": self.id, "kind": self.kind, "args": list(self.args)}


__all__ = ["Action", "ActionSpace"]

"""The kinds of adapter a game may declare, each declared once with its type.

A game's spec names its adapters by kind (``GameSpec.adapters``: kind -> ``"module:attribute"``). Each kind is an
:class:`AdapterKind`, declared once, beside the type it stands for, by the layer that uses it: the engine's
own kinds in :mod:`hustings.engine.words` and :mod:`hustings.engine.schema`, the bot's in
:mod:`hustings.bots.heuristic`, the terminal's in :mod:`hustings.tui.renderer`, and so on. ``spec.adapter(KIND)``
is then typed (``T | None``), and the object a game names is checked against the kind when it is first asked for
(a TypeError naming the game, the kind and the type).
Every declared kind is in one registry (:func:`adapter_kinds`); ``docs/new-game.md`` lists them, and a test checks
the list against the registry and every game's adapters against their kinds.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from mypy_extensions import mypyc_attr

T = TypeVar("T")

_KINDS: dict[str, AdapterKind[Any]] = {}


@mypyc_attr(native_class=False)  # mypyc compiles no generic dataclass (its class fails to build at import)
@dataclass(frozen=True, eq=False)
class AdapterKind(Generic[T]):
    """One kind of adapter: its ``name`` in ``GameSpec.adapters``, what it is (``what``, as the docs say it), a
    runtime ``check`` of the object a game names (its type's ``isinstance`` where the type is a class), and who
    reads it (``used_by``). Declaring a kind registers it; a name is declared once."""

    name: str
    what: str
    check: Callable[[object], bool] = field(repr=False)
    used_by: str = ""

    def __post_init__(self) -> None:
        if self.name in _KINDS:
            raise ValueError(f"adapter kind {self.name!r} is declared twice")
        _KINDS[self.name] = self

    def accept(self, game: str, obj: object) -> T:
        """``obj`` as this kind's type, or a TypeError that names the game, the kind and the type it must be."""
        if not self.check(obj):
            raise TypeError(f"{game}: adapters[{self.name!r}] must name {self.what}, not {type(obj).__name__}")
        return obj  # type: ignore[return-value]  # the check above is this kind's type


def adapter_kinds() -> Mapping[str, AdapterKind[Any]]:
    """Every adapter kind declared so far (the layers that declare kinds declare them when imported)."""
    return dict(_KINDS)


def kind_of(name: str) -> AdapterKind[Any] | None:
    return _KINDS.get(name)


__all__ = ["AdapterKind", "adapter_kinds", "kind_of"]

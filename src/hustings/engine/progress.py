"""Others' progress in a seat's view: what a game names so that the table spares people who act at once.

In a step several seats act in at once (everyone bids, places a card face down, picks from a packet), a seat's
view also shows how far the others are: who has bid, how many cards each has placed, who is still to act. That
changes with every other seat's act although nothing the seat chooses from does. A game names those parts per
phase, as a *progress spec*, and makes its ``decision`` adapter (:mod:`hustings.table.decision`) with
:func:`progress_part`; the table then takes an act sent at an older step while the rest of the seat's view, its
*decision part*, is the same.

A spec says where in a view progress sits: :data:`IGNORE` (the whole value), a dict of keys to specs (for a
dict in the view: the keys not named are compared as they are), :class:`Others` (a per-seat list: every entry
but the viewing seat's by its inner spec, the seat's own as it is) or :class:`Each` (every entry of a list by its
inner spec). Name only others' progress: never the seat's own hand, choices or progress, the board, the phase,
or anything revealed.

Comparing costs about two plain comparisons of the view: equal values are compared by ``==`` at once, and only a
part that differs is looked into (one or two entries a step). Nothing is copied.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final, TypeAlias


class _Ignore:
    def __repr__(self) -> str:
        return "IGNORE"


#: the whole value is progress
IGNORE: Final = _Ignore()


@dataclass(frozen=True)
class Others:
    """A per-seat list (indexed by seat): each other seat's entry compared by ``inner``, the viewer's as it is."""

    inner: Spec


@dataclass(frozen=True)
class Each:
    """A list: every entry compared by ``inner``."""

    inner: Spec


Spec: TypeAlias = "_Ignore | Others | Each | dict[str, Spec]"


def same(a: Any, b: Any, spec: Spec, seat: int) -> bool:
    """``a`` and ``b`` are equal but for what ``spec`` names as progress (``seat``: the viewer)."""
    if a == b or spec is IGNORE:
        return True
    # dict and list, not the Mapping and Sequence ABCs: their isinstance checks cost more than the comparing
    if type(spec) is dict:
        if type(a) is not dict or type(b) is not dict or a.keys() != b.keys():
            return False
        for key, value in a.items():
            other = b[key]
            if value == other:  # most of a view: compared in C, no call
                continue
            inner = spec.get(key)
            if inner is None or not same(value, other, inner, seat):
                return False
        return True
    if type(spec) is Others or type(spec) is Each:
        if type(a) is not list or type(b) is not list or len(a) != len(b):
            return False
        others, inner = type(spec) is Others, spec.inner
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x == y:
                continue
            if (others and i == seat) or not same(x, y, inner, seat):
                return False
        return True
    return False


class WithoutProgress:
    """A seat's view compared without what ``spec`` names as others' progress (equal only to another of the same
    seat and spec). It holds the view, never copies it."""

    __slots__ = ("seat", "spec", "view")

    def __init__(self, view: Any, seat: int, spec: Spec) -> None:
        self.view, self.seat, self.spec = view, seat, spec

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, WithoutProgress) and other.seat == self.seat and other.spec is self.spec
                and same(self.view, other.view, self.spec, self.seat))

    __hash__ = None  # type: ignore[assignment]  # compared, never hashed

    def __repr__(self) -> str:
        return f"WithoutProgress(seat={self.seat}, spec={self.spec!r})"


def progress_part(progress: Mapping[str, Spec], phase_key: str = "phase") -> Callable[[Any, int], object]:
    """A game's ``decision`` adapter from its progress spec per phase (``progress``: the view's ``phase_key``
    value -> spec): in those phases the view without others' progress, elsewhere the view itself."""

    def decision_part(view: Any, seat: int) -> object:
        spec = progress.get(str(view[phase_key]))  # str(): a phase may be a str enum
        return view if spec is None else WithoutProgress(view, seat, spec)

    return decision_part


__all__ = ["IGNORE", "Each", "Others", "Spec", "WithoutProgress", "progress_part", "same"]

"""The engine kit: what games repeat, written once.

- :class:`PhaseRules` and :class:`PhaseTable`: a game that waits for one kind of decision at a time (a phase) lists
  each phase's legal actions, how an action applies, and the automatic steps that follow; the table dispatches,
  runs those steps until somebody must decide, and names why an action is refused (:meth:`PhaseTable.why_illegal`).
- :func:`clone_fields`, :func:`copy_nested` and :func:`freeze_nested`: a state's plain fields copied for a clone
  (``_clone_data``) and made comparable (``_position_key``).
- :class:`GameData`: a game's data as one immutable object that travels with its state (``state.data``), so that
  two rule sets (two games, or one game with other data) play side by side in one process, and a state never
  reads module constants that a compiled build would bake in.

Events are emitted with :meth:`GameState.emit` (fast enough that no game needs its own); a game that must read the
log it wrote (a resampler deducing where cards went) reads :meth:`GameState.event_chain`, never the engine's fields.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from itertools import repeat
from typing import Any, Generic, Protocol, TypeVar

from mypy_extensions import mypyc_attr

from hustings.engine.actions import Action
from hustings.engine.core import GameState


class Phased(Protocol):
    """A state whose ``phase`` says which decision it waits for."""

    @property
    def phase(self) -> Hashable: ...


S = TypeVar("S", bound=Phased)


# a plain Python class also in the compiled build: mypyc cannot build a frozen generic dataclass (its type's
# __dict__ is not writable); it is read once per action, never in a loop
@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class PhaseRules(Generic[S]):
    """One phase of a game: its rules section (for whoever reads the code, never shown to players), the kinds of
    decision it takes (for refusals), and its functions.

    ``advance`` runs the automatic steps after an action and returns True when somebody must decide in this phase
    now, False when it moved the game to another phase (whose ``advance`` then runs in turn). None: the phase never
    has automatic steps, its player decides next."""

    section: str
    kinds: tuple[str, ...]
    legal: Callable[[S, int], list[Action]]
    apply: Callable[[S, int, Action], None]
    advance: Callable[[S], bool] | None = None


class PhaseTable(Generic[S]):
    """A game's phases, dispatched on ``state.phase``.

    ``kind_rules`` names, per action kind, the rule a refused action of that kind breaks, in words a player reads
    (no section numbers or ruling ids); :meth:`why_illegal` uses it."""

    __slots__ = ("kind_rules", "rules")

    def __init__(self, rules: Mapping[Hashable, PhaseRules[S]], kind_rules: Mapping[str, str] | None = None) -> None:
        self.rules: dict[Hashable, PhaseRules[S]] = dict(rules)
        self.kind_rules: dict[str, str] = dict(kind_rules or {})

    def __getitem__(self, phase: Hashable) -> PhaseRules[S]:
        return self.rules[phase]

    def get(self, phase: Hashable) -> PhaseRules[S] | None:
        return self.rules.get(phase)

    def legal(self, s: S, p: int) -> list[Action]:
        return self.rules[s.phase].legal(s, p)

    def apply(self, s: S, p: int, a: Action) -> None:
        """Apply a legal action in the phase it belongs to, then the automatic steps until somebody must decide."""
        rules = self.rules
        rules[s.phase].apply(s, p, a)
        while True:
            adv = rules[s.phase].advance
            if adv is None or adv(s):
                return

    def run(self, s: S) -> None:
        """The automatic steps alone (after setup): until somebody must decide."""
        rules = self.rules
        while True:
            adv = rules[s.phase].advance
            if adv is None or adv(s):
                return

    def why_illegal(self, s: S, p: int, a: Action) -> str:
        """The default refusal: an action of a kind the phase does not take names the phase and what may be decided
        now; one of a kind it takes names the kind's rule (``kind_rules``), else the phase."""
        ph = s.phase
        rules = self.rules.get(ph)
        kinds = rules.kinds if rules is not None else ()
        what = a.text("en")
        if a.kind not in kinds:
            may = ", ".join(kinds) or "nothing"
            return f"{what}: not a decision of the {ph} phase; now player {p} decides one of: {may}"
        reason = self.kind_rules.get(a.kind, "")
        return f"{what} is not allowed now: {reason}" if reason else f"{what} is not allowed now in the {ph} phase"


# ------------------------------------------------------------------------------------------- copies


def copy_nested(v: Any) -> Any:
    """A state field copied to its depth: lists of lists (of lists) are copied level by level, anything else (ints,
    strings, tuples, frozen data) is immutable and shared. Nesting is uniform within a field (a list of lists holds
    only lists), which is how states keep their data."""
    if v.__class__ is list:
        if v and v[0].__class__ is list:
            if v[0] and v[0][0].__class__ is list:
                return [[z[:] for z in y] for y in v]
            return [x[:] for x in v]
        return v[:]
    return v


def native_fields(cls: type) -> tuple[str, ...]:
    """The fields of a state class the compiled build compiled (docs/build.md: slots, no ``__dict__``; mypyc names
    them in the class's ``__mypyc_attrs__``), sorted; () for an interpreted class, whose fields are its instances'
    ``__dict__``. A game whose state class may be compiled copies and keys such a state from this list."""
    return tuple(sorted(n for n in vars(cls).get("__mypyc_attrs__", ()) if not n.startswith("__")))


def freeze_nested(v: Any) -> Any:
    """Lists become tuples, recursively: a state field made comparable and hashable for a position key."""
    if v.__class__ is list:
        return tuple([freeze_nested(x) for x in v])
    return v


class _Plan:
    """How one class's fields are copied (found once per class from the first state cloned): the list fields whose
    items are not lists, those whose items are lists, those empty then (depth decided per clone), the three-level
    ones."""

    __slots__ = ("flat", "nested", "open", "three")

    def __init__(self, src: dict[str, Any], three_levels: tuple[str, ...]) -> None:
        skip = GameState.BASE_FIELDS | set(three_levels)
        lists = [k for k, v in src.items() if v.__class__ is list and k not in skip]
        self.flat = tuple(k for k in lists if src[k] and src[k][0].__class__ is not list)
        self.nested = tuple(k for k in lists if src[k] and src[k][0].__class__ is list)
        self.open = tuple(k for k in lists if not src[k])
        self.three = three_levels

    def learn(self, key: str, nested: bool) -> None:
        """A field empty so far holds items now: copy it as its kind from here on."""
        if key in self.open:
            self.open = tuple(k for k in self.open if k != key)
            if nested:
                self.nested += (key,)
            else:
                self.flat += (key,)


_PLANS: dict[type, _Plan] = {}
_list_copy = list.copy


def clone_fields(state: GameState, new: GameState, three_levels: tuple[str, ...] = ()) -> None:
    """A game's ``_clone_data`` in one call: every field of ``state`` that is not the engine's goes into ``new``,
    lists copied two levels deep (a list of lists gets fresh inner lists), the fields named in ``three_levels``
    three levels deep, anything else shared (ints, strings, tuples, enums, frozen data).

    Fast because it relies on one rule of plain-data states: a field that holds a list always holds a list, and one
    whose items are lists (or not) always has such items (tests/engine/test_kit.py checks the games that use this).
    The fields are sorted once per class; then the copies run as C-level pipelines (``map`` over ``list.copy``, one
    ``dict.update``), not a Python loop per field: a Die Macher state has about 60 list fields and 60 inner lists,
    and the interpreter's loop was most of a clone's cost."""
    src = state.__dict__
    cls = state.__class__
    plan = _PLANS.get(cls)
    if plan is None:
        plan = _PLANS[cls] = _Plan(src, three_levels)
    # every field shared first, then what the engine (or the game, before calling this) already put into ``new``
    # wins: under the pure engine its own fields sit in __dict__, under a compiled one (docs/build.md) in slots
    d = src.copy()
    d.update(new.__dict__)
    new.__dict__ = d
    get = src.__getitem__
    d.update(zip(plan.flat, map(_list_copy, map(get, plan.flat)), strict=True))
    # map(map, repeat(copy), outer) is one lazy copy per inner list, and list() of it the fresh outer list
    d.update(zip(plan.nested, map(list, map(map, repeat(_list_copy), map(get, plan.nested))), strict=True))
    for k in plan.open:
        v = src[k]
        if v:  # its depth is known now, for every later clone of the class
            plan.learn(k, v[0].__class__ is list)
            d[k] = [*map(_list_copy, v)] if v[0].__class__ is list else v[:]
        else:
            d[k] = []
    for k in plan.three:
        d[k] = [[e[:] for e in row] for row in src[k]]


# ------------------------------------------------------------------------------------------- data


def _plain(v: Any) -> Any:
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        return {f.name: _plain(getattr(v, f.name)) for f in dataclasses.fields(v)}
    if isinstance(v, Mapping):
        return {str(k): _plain(x) for k, x in v.items()}
    if isinstance(v, list | tuple | frozenset | set):
        items = [_plain(x) for x in v]
        return sorted(items, key=repr) if isinstance(v, frozenset | set) else items
    return v


@mypyc_attr(allow_interpreted_subclasses=True)  # each game's Data subclasses it, compiled or not
class GameData:
    """Base of a game's data object: immutable (a frozen dataclass in each game), shared by a state, its clones and
    samples, read as attributes (``s.data.START_MONEY``). :meth:`digest` names the whole effective data, so a
    record or a position can tell two rule sets apart; :meth:`replace` makes a variant."""

    __slots__ = ()

    def plain(self) -> dict[str, Any]:
        """The data as plain JSON-ready values."""
        out: dict[str, Any] = _plain(self)
        return out

    def digest(self) -> str:
        """BLAKE2b of the data's canonical JSON: equal data, equal digest."""
        text = json.dumps(self.plain(), sort_keys=True, ensure_ascii=False, separators=(",", ":"))
        return hashlib.blake2b(text.encode("utf-8"), digest_size=16).hexdigest()

    def replace(self: _D, **changes: Any) -> _D:
        """A copy with some fields changed (no check of the values: a game's schema checks overrides)."""
        unknown = sorted(set(changes) - {f.name for f in dataclasses.fields(self)})  # type: ignore[arg-type]
        if unknown:
            raise ValueError(f"{type(self).__name__} has no field {unknown[0]!r}")
        return dataclasses.replace(self, **changes)  # type: ignore[type-var]


_D = TypeVar("_D", bound=GameData)


__all__ = ["GameData", "PhaseRules", "PhaseTable", "Phased", "clone_fields", "copy_nested", "freeze_nested",
           "native_fields"]

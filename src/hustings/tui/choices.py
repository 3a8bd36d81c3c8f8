"""How a person composes one decision out of the legal actions, without a terminal.

Every model here only ever selects among the :class:`~hustings.engine.Action` objects it was given from
``legal_actions``: none builds an action, so none can produce an illegal one.

- :class:`Entry` is one line of the action list: a single action, or a group that opens a guided choice.
- :class:`AmountModel` picks one amount among the legal ones (bids).
- :class:`TreeModel` picks an action of several arguments one argument at a time (a deployment, a
  politician and a state, a swap, ...), offering at each step only values that lead to a legal action.
- :class:`PlanModel` composes several actions of one kind over different targets (rallies in several
  states) that are then sent one after another, each checked again against the new legal list.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from hustings.engine import Action


@dataclass
class Entry:
    """One line of the action list. ``mode``: action (send at once), amount, tree or plan."""

    label: str
    mode: str
    actions: tuple[Action, ...]
    search: str = ""  # extra words the filter matches (e.g. the action texts inside a group)

    @property
    def action(self) -> Action:
        return self.actions[0]


def filter_entries(entries: Sequence[Entry], text: str) -> list[Entry]:
    """Entries whose label (or hidden search words) contain every word of ``text``, case-insensitive."""
    words = text.lower().split()
    if not words:
        return list(entries)
    out = []
    for e in entries:
        hay = (e.label + " " + e.search).lower()
        if all(w in hay for w in words):
            out.append(e)
    return out


# --------------------------------------------------------------------------------------------- amounts


def parse_amount(text: str) -> int | None:
    """A typed amount in thousands: ``12`` → 12, ``12000``/``12,000€``/``12k`` → 12; None if unreadable."""
    t = text.strip().lower().replace("€", "").replace(",", "").replace(".", "").replace(" ", "").replace("_", "")
    thousands = t.endswith("k")
    if thousands:
        t = t[:-1]
    if not t.isdigit():
        return None
    n = int(t)
    if thousands or n < 1000:
        return n
    if n % 1000:
        return None
    return n // 1000


class AmountModel:
    """One amount among the legal ones. Actions carry the amount as their first argument."""

    def __init__(self, actions: Sequence[Action]) -> None:
        if not actions:
            raise ValueError("an amount choice needs at least one legal amount")
        self._by_k = {a.args[0]: a for a in actions}
        self.amounts = sorted(self._by_k)
        self.k = self.amounts[0]
        self.error = ""

    @property
    def lo(self) -> int:
        return self.amounts[0]

    @property
    def hi(self) -> int:
        return self.amounts[-1]

    def step(self, delta: int) -> None:
        """Move by ``delta`` units to the nearest legal amount in that direction (clamped)."""
        self.error = ""
        target = self.k + delta
        if delta > 0:
            ok = [k for k in self.amounts if k >= target]
            self.k = ok[0] if ok else self.hi
        elif delta < 0:
            ok = [k for k in self.amounts if k <= target]
            self.k = ok[-1] if ok else self.lo

    def set_min(self) -> None:
        self.k, self.error = self.lo, ""

    def set_max(self) -> None:
        self.k, self.error = self.hi, ""

    def set_text(self, text: str, parse: Callable[[str], int | None] = parse_amount) -> bool:
        """Take a typed amount (read by ``parse``, thousands by default); False (and ``error`` set to the
        text) when it is not a legal amount."""
        k = parse(text)
        if k is None or k not in self._by_k:
            self.error = text
            return False
        self.k, self.error = k, ""
        return True

    def action(self) -> Action:
        return self._by_k[self.k]


# ------------------------------------------------------------------------------------ step by step


class TreeModel:
    """Choose an action's arguments one at a time; only prefixes of legal actions are ever offered."""

    def __init__(self, actions: Sequence[Action]) -> None:
        if not actions:
            raise ValueError("a step-by-step choice needs at least one legal action")
        self.actions = list(actions)
        self.kind = self.actions[0].kind
        self.nargs = len(self.actions[0].args)
        self.prefix: list[int] = []

    @property
    def depth(self) -> int:
        return len(self.prefix)

    @property
    def complete(self) -> bool:
        return self.depth >= self.nargs

    def matching(self) -> list[Action]:
        d = self.depth
        return [a for a in self.actions if list(a.args[:d]) == self.prefix]

    def options(self) -> list[int]:
        """The values the next argument can take, in the order of the legal list."""
        if self.complete:
            return []
        seen: dict[int, None] = {}
        for a in self.matching():
            seen.setdefault(a.args[self.depth], None)
        return list(seen)

    def choose(self, value: int) -> None:
        if value not in self.options():
            raise ValueError(f"{value} is not a choice at step {self.depth + 1}")
        self.prefix.append(value)

    def back(self) -> bool:
        """Undo the last step; False when there was none (the caller then cancels)."""
        if not self.prefix:
            return False
        self.prefix.pop()
        return True

    def action(self) -> Action:
        if not self.complete:
            raise ValueError("the choice is not complete")
        (a,) = self.matching()
        return a


# ------------------------------------------------------------------------------------------ plans


@dataclass
class PlanModel:
    """Several actions ``kind(target, count)``, at most one per target, sent one after another.

    ``options[target]`` lists the counts legal now. ``counts`` is the plan (0 = nothing there).
    """

    kind: str
    options: dict[int, list[int]]
    counts: dict[int, int] = field(default_factory=dict)

    @classmethod
    def from_legal(cls, legal: Sequence[Action], kind: str) -> PlanModel:
        options: dict[int, list[int]] = {}
        for a in legal:
            if a.kind == kind and len(a.args) == 2:
                options.setdefault(a.args[0], []).append(a.args[1])
        for ks in options.values():
            ks.sort()
        return cls(kind, options, {t: 0 for t in options})

    @property
    def targets(self) -> list[int]:
        return sorted(self.options)

    def set(self, target: int, count: int) -> bool:
        if target not in self.options or (count != 0 and count not in self.options[target]):
            return False
        self.counts[target] = count
        return True

    def step(self, target: int, delta: int) -> None:
        if target not in self.options:
            return
        values = [0, *self.options[target]]
        i = values.index(self.counts.get(target, 0))
        self.counts[target] = values[max(0, min(len(values) - 1, i + delta))]

    def parts(self) -> list[tuple[int, int]]:
        return [(t, self.counts[t]) for t in self.targets if self.counts.get(t, 0) > 0]

    @property
    def total(self) -> int:
        return sum(k for _, k in self.parts())


def find_action(legal: Sequence[Action], kind: str, args: Sequence[int]) -> Action | None:
    """The legal action of this kind and arguments, or None: the only way plans turn into actions."""
    want = tuple(args)
    for a in legal:
        if a.kind == kind and a.args == want:
            return a
    return None

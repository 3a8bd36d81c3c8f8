"""Game clocks, derived from the action log: per-seat time banks with an increment, or a deadline per turn. The table
core (:mod:`hustings.table.core`) times its seats with them.

Nothing about a clock is stored but the actions' times and the start time, so a restarted server computes the
same clocks: every seat that had to act between two stored actions is charged the time between them (in a
simultaneous step several seats' clocks run at once), and a seat earns its increment with each action.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

CLOCK_MODES = ("none", "bank", "turn")
#: the longest bank or turn a table may set (two weeks: turn-based play over days), so a typo cannot make a clock
#: that never runs out
MAX_SECONDS = 14 * 86_400.0
#: a clock of at least this many seconds a move (a turn clock's turn, a bank clock's bank) is a clock of hours or
#: days: people come and go between moves, so nobody's seat goes to a stand-in before their own clock runs out
DAYS_CLOCK_S = 3_600.0


class ClockError(ValueError):
    """Clock settings that cannot be used; one line naming the field."""


@dataclass(frozen=True)
class ClockSettings:
    mode: str = "none"
    bank_s: float = 0.0
    increment_s: float = 0.0
    turn_s: float = 0.0

    @classmethod
    def from_json(cls, data: object) -> ClockSettings:
        if data is None:
            return cls()
        if not isinstance(data, Mapping):
            raise ClockError("clock must be an object {mode, bank_s, increment_s, turn_s}")
        mode = data.get("mode", "none")
        if mode not in CLOCK_MODES:
            raise ClockError(f"clock.mode must be one of {', '.join(CLOCK_MODES)}")
        values = {}
        for name in ("bank_s", "increment_s", "turn_s"):
            v = data.get(name, 0)
            if isinstance(v, bool) or not isinstance(v, int | float) or not 0 <= v <= MAX_SECONDS:
                raise ClockError(f"clock.{name} must be a number of seconds from 0 to {int(MAX_SECONDS)}")
            values[name] = float(v)
        if mode == "bank" and values["bank_s"] <= 0:
            raise ClockError("clock.bank_s must be positive for a bank clock")
        if mode == "turn" and values["turn_s"] <= 0:
            raise ClockError("clock.turn_s must be positive for a turn clock")
        return cls(str(mode), values["bank_s"], values["increment_s"], values["turn_s"])

    @property
    def over_days(self) -> bool:
        """A clock of hours or days a move (:data:`DAYS_CLOCK_S`): a table with it waits for an absent person until
        their own clock runs out, instead of sending a stand-in after a short grace period."""
        if self.mode == "turn":
            return self.turn_s >= DAYS_CLOCK_S
        if self.mode == "bank":
            return self.bank_s >= DAYS_CLOCK_S
        return False

    def to_json(self) -> dict[str, Any]:
        return {"mode": self.mode, "bank_s": self.bank_s, "increment_s": self.increment_s, "turn_s": self.turn_s}


class Clocks:
    """The clocks of one game, brought forward action by action (:meth:`on_action`) from ``started_at``."""

    def __init__(self, settings: ClockSettings, players: int, started_at: float) -> None:
        self.settings = settings
        self.used = [0.0] * players
        self.moves = [0] * players
        self.last = started_at
        self._none_json: list[dict[str, Any]] | None = None

    def copy(self) -> Clocks:
        """An independent copy (to step back to, or to bring forward on another line of play)."""
        twin = Clocks(self.settings, len(self.used), self.last)
        twin.used, twin.moves, twin._none_json = list(self.used), list(self.moves), self._none_json
        return twin

    def on_action(self, to_act: Sequence[int], seat: int, at: float) -> None:
        """``seat`` acted at ``at`` while ``to_act`` were to act."""
        dt = max(0.0, at - self.last)
        for p in to_act:
            self.used[p] += dt
        self.moves[seat] += 1
        self.last = max(self.last, at)

    def remaining(self, seat: int, to_act: Sequence[int], now: float) -> float | None:
        """Seconds left to ``seat`` now (None: no clock); may be negative when overdue."""
        s = self.settings
        running = seat in to_act
        if s.mode == "bank":
            left = s.bank_s + s.increment_s * self.moves[seat] - self.used[seat]
            return left - (max(0.0, now - self.last) if running else 0.0)
        if s.mode == "turn":
            return s.turn_s - max(0.0, now - self.last) if running else s.turn_s
        return None

    def deadline(self, seat: int, to_act: Sequence[int]) -> float | None:
        """The unix time at which ``seat`` (to act now) runs out, or None."""
        s = self.settings
        if seat not in to_act or s.mode == "none":
            return None
        if s.mode == "bank":
            return self.last + s.bank_s + s.increment_s * self.moves[seat] - self.used[seat]
        return self.last + s.turn_s

    def to_json(self, to_act: Sequence[int], now: float) -> list[dict[str, Any]]:
        if self.settings.mode == "none":  # the same every time: made once (it goes into every message)
            if self._none_json is None:
                self._none_json = [{"seat": p, "remaining_s": None, "running": False} for p in range(len(self.used))]
            return self._none_json
        out = []
        for p in range(len(self.used)):
            left = self.remaining(p, to_act, now)
            out.append({"seat": p, "remaining_s": None if left is None else round(max(0.0, left), 3),
                        "running": self.settings.mode != "none" and p in to_act})
        return out

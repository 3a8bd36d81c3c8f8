"""Two tiny games for the bots, RL and lab tests, registered only while a test runs (never at import, so the
contract suite, which collects every registered game, does not see them).

- ``toy-puzzle`` (one player, outcome "solo"): start at 1..3, reach the target (30..69) exactly with +1, +2
  and x2, in at most par + 1 moves; overshooting or running out of moves loses. Random play rarely solves it.
- ``toy-ties`` (three players, ranked): each seat in turn picks 1, 2 or 3 in the open; the highest pick wins,
  but two or more tied at the top make everyone lose (utility -1 for all), as 選舉之戰 does with three.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from hustings.engine import Action, ActionSpace, GameSpec, GameState, list_games, register, unregister
from hustings.engine.outcome import Outcome, ranked_outcome, solo_outcome

PUZZLE = "toy-puzzle"
TIES = "toy-ties"


def _describe(a: Action, lang: str) -> str:
    return f"{a.kind} {' '.join(map(str, a.args))}".strip()


PUZZLE_SPACE = ActionSpace(PUZZLE, _describe)
ADD1 = PUZZLE_SPACE.add("add", 1)
ADD2 = PUZZLE_SPACE.add("add", 2)
DOUBLE = PUZZLE_SPACE.add("double")

TIES_SPACE = ActionSpace(TIES, _describe)
PICKS = [TIES_SPACE.add("pick", k) for k in (1, 2, 3)]


def puzzle_par(start: int, target: int) -> int:
    """Fewest moves from ``start`` to exactly ``target`` (breadth-first; values never exceed the target)."""
    seen = {start}
    frontier: deque[tuple[int, int]] = deque([(start, 0)])
    while frontier:
        v, d = frontier.popleft()
        if v == target:
            return d
        for w in (v + 1, v + 2, v * 2):
            if w <= target and w not in seen:
                seen.add(w)
                frontier.append((w, d + 1))
    raise ValueError("unreachable target")


class Puzzle(GameState):
    GAME_ID = PUZZLE
    SPACE = PUZZLE_SPACE

    value: int
    target: int
    par: int
    limit: int
    moves: int

    def __init__(self, players: int = 1, variant: str = "standard", seed: int = 0) -> None:
        self._init_base({"players": players, "variant": variant}, seed)
        self.value = 1 + self.rng.randrange(3)
        self.target = 30 + self.rng.randrange(40)
        self.par = puzzle_par(self.value, self.target)
        self.limit = self.par + 1
        self.moves = 0

    @property
    def num_players(self) -> int:
        return 1

    @property
    def current_players(self) -> tuple[int, ...]:
        return () if self.is_over else (0,)

    @property
    def is_over(self) -> bool:
        return self.value >= self.target or self.moves >= self.limit

    def _legal_actions(self, player: int) -> list[Action]:
        return [ADD1, ADD2, DOUBLE]

    def _apply(self, player: int, action: Action) -> None:
        self.value = self.value * 2 if action is DOUBLE else self.value + action.args[0]
        self.moves += 1
        self.emit("moved", {"value": self.value})

    def scores(self) -> list[dict[str, int]]:
        return [{"solved": int(self.value == self.target), "total": int(self.value == self.target)}]

    def outcome(self) -> Outcome:
        if not self.is_over:
            raise ValueError("the game is not over: no outcome yet")
        return solo_outcome(self.value == self.target, self.moves, self.par)

    def view(self, player: int | None) -> dict[str, Any]:
        return {"you": player, "value": self.value, "target": self.target, "moves": self.moves,
                "limit": self.limit, "over": self.is_over}

    def _clone_data(self, new: Any) -> None:
        new.value, new.target, new.par, new.limit, new.moves = (
            self.value, self.target, self.par, self.limit, self.moves)

    def _resample_hidden(self, new: Any, player: int | None, rng: Any) -> None:
        pass  # nothing is hidden

    def _position_key(self) -> tuple[Any, ...]:
        return (self.value, self.target, self.limit, self.moves)


class Ties(GameState):
    GAME_ID = TIES
    SPACE = TIES_SPACE

    picks: list[int]

    def __init__(self, players: int = 3, variant: str = "standard", seed: int = 0) -> None:
        self._init_base({"players": players, "variant": variant}, seed)
        self.picks = []

    @property
    def num_players(self) -> int:
        return 3

    @property
    def current_players(self) -> tuple[int, ...]:
        return () if self.is_over else (len(self.picks),)

    @property
    def is_over(self) -> bool:
        return len(self.picks) == 3

    def _legal_actions(self, player: int) -> list[Action]:
        return list(PICKS)

    def _apply(self, player: int, action: Action) -> None:
        self.picks.append(action.args[0])
        self.emit("picked", {"player": player, "pick": action.args[0]})

    def scores(self) -> list[dict[str, int]]:
        return [{"total": self.picks[p] if p < len(self.picks) else 0} for p in range(3)]

    def outcome(self) -> Outcome:
        if not self.is_over:
            raise ValueError("the game is not over: no outcome yet")
        return ranked_outcome(self.picks, all_lose_if_tied=2)

    def view(self, player: int | None) -> dict[str, Any]:
        return {"you": player, "picks": list(self.picks), "players": [{"party": p} for p in range(3)]}

    def _clone_data(self, new: Any) -> None:
        new.picks = self.picks[:]

    def _resample_hidden(self, new: Any, player: int | None, rng: Any) -> None:
        pass  # every pick is public

    def _position_key(self) -> tuple[Any, ...]:
        return tuple(self.picks)


PUZZLE_SPEC = GameSpec(
    id=PUZZLE, title={"en": "Toy puzzle"}, factory=Puzzle, variants=("standard",), min_players=1, max_players=1,
    default_variant="standard", rules_version="1", space=PUZZLE_SPACE, outcome="solo",
)
TIES_SPEC = GameSpec(
    id=TIES, title={"en": "Toy ties"}, factory=Ties, variants=("standard",), min_players=3, max_players=3,
    default_variant="standard", rules_version="1", space=TIES_SPACE, outcome="ranked",
)


@contextmanager
def registered() -> Iterator[None]:
    """Both toy games known to the engine for the duration of a ``with`` block."""
    register(PUZZLE_SPEC)
    register(TIES_SPEC)
    try:
        yield
    finally:
        unregister(PUZZLE)
        unregister(TIES)


@contextmanager
def lead_toys() -> Iterator[None]:
    """The lead's toy games (tests/toygame: ``toy``, hidden hands and secret simultaneous choices, three tied at
    the top all lose; ``toy-solo``) registered for a ``with`` block, left registered if they already were (the
    contract suite registers them for the whole session)."""
    from toygame import register_toys

    had = {g for g in ("toy", "toy-solo") if g in list_games()}
    register_toys()
    try:
        yield
    finally:
        for g in ("toy", "toy-solo"):
            if g not in had:
                unregister(g)

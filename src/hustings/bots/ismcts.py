"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley and Whitehouse 2012).

Works for any game through the engine's public API: each iteration asks the information set for a
determinization (a full state consistent with what the searching player saw, from ``resample``), walks a
tree of action ids with availability-aware UCB, plays a short rollout and backs up a value for every
player. A decision with one legal action costs no search.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hustings.bots.random_bot import check_view
from hustings.engine import Action, GameState

Policy = Callable[[dict[str, Any], list[Action]], Action]
Evaluator = Callable[[GameState], list[float]]

LEVELS: dict[str, dict[str, float]] = {
    # iterations, seconds, rollout depth: seconds bound the decision time, iterations the work
    "easy": {"iterations": 40, "seconds": 0.05, "depth": 12},
    "normal": {"iterations": 400, "seconds": 0.2, "depth": 24},
    "hard": {"iterations": 3000, "seconds": 1.0, "depth": 40},
}


class InfoSet:
    """What a searching bot gets instead of a state: fresh determinizations for one player, nothing else.

    The runner builds it from the true state; a sample carries no seed, history or private event of
    another player (see each game's ``resample``), so searching on it reveals no secret.
    """

    __slots__ = ("_sample", "player")

    def __init__(self, sample: Callable[[random.Random], GameState], player: int) -> None:
        self._sample = sample
        self.player = player

    def sample(self, rng: random.Random) -> GameState:
        return self._sample(rng)

    @classmethod
    def of(cls, state: GameState, player: int) -> InfoSet:
        return cls(lambda rng: state.resample(player, rng), player)


class _Node:
    __slots__ = ("avail", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0  # summed reward of the player who chose the action leading here


def thin(actions: list[Action], limit: int) -> list[Action]:
    """At most ``limit`` actions, evenly spread over the list (legal lists are ordered, e.g. bids)."""
    n = len(actions)
    if n <= limit:
        return actions
    step = (n - 1) / (limit - 1)
    return [actions[round(i * step)] for i in range(limit)]


@dataclass
class IsmctsBot:
    """ISMCTS with an iteration and a time budget. ``level`` sets both (easy, normal, hard)."""

    level: str = "normal"
    seed: int | None = None
    iterations: int | None = None
    seconds: float | None = None
    depth: int | None = None
    exploration: float = 0.7
    branching: int = 10
    margin: float = 0.04
    rollout_policy: Policy | None = None
    evaluator: Evaluator | None = None
    root_hint: Policy | None = None

    searches = True  # the runner hands this bot an InfoSet beside the view

    def __post_init__(self) -> None:
        if self.level not in LEVELS:
            raise ValueError(f"unknown ismcts level {self.level!r}; levels: {', '.join(LEVELS)}")
        cfg = LEVELS[self.level]
        self.iterations = int(cfg["iterations"]) if self.iterations is None else self.iterations
        self.seconds = float(cfg["seconds"]) if self.seconds is None else self.seconds
        self.depth = int(cfg["depth"]) if self.depth is None else self.depth
        self.rng = random.Random(self.seed)
        self.last_iterations = 0

    def act(self, view: dict[str, Any], legal: list[Action], infoset: InfoSet | None = None) -> Action:
        check_view(view)
        if infoset is not None and not isinstance(infoset, InfoSet):
            raise TypeError(f"ismcts samples from an InfoSet, not {type(infoset).__name__}")
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        if infoset is None:
            raise ValueError("ismcts needs an information set to sample from (the runner provides it)")
        me = infoset.player
        root_actions = thin(legal, self.branching)
        hint = legal[0]
        if self.root_hint is not None:
            hint = self.root_hint(view, legal)
            if hint not in root_actions:
                root_actions = [*root_actions, hint]
        root_ids = {a.id for a in root_actions}
        root = _Node()
        deadline = time.perf_counter() + (self.seconds or 0.0)
        it = 0
        assert self.iterations is not None
        while it < self.iterations and (it < 8 or time.perf_counter() < deadline):
            it += 1
            self._iterate(infoset.sample(self.rng), root, me, root_ids)
        self.last_iterations = it
        best = max(root_actions, key=lambda a: (root.children[a.id].visits if a.id in root.children else -1))
        if self.root_hint is not None and best != hint:
            # Trust the search over the hint only when its estimate is clearly better: with a few
            # hundred noisy samples, a small difference is more likely noise than insight.
            h, b = root.children.get(hint.id), root.children[best.id]
            if h is not None and h.visits and b.total / b.visits - h.total / h.visits < self.margin:
                return hint
        return best

    # -- one iteration ---------------------------------------------------------------------

    def _iterate(self, s: GameState, root: _Node, me: int, root_ids: set[int]) -> None:
        node = root
        path: list[tuple[_Node, int]] = []
        first = True
        while not s.is_over:
            q = s.current_players[0]
            acts = s.legal_actions(q)
            if first:
                acts = [a for a in acts if a.id in root_ids]
                first = False
            else:
                acts = thin(acts, self.branching)
            children = node.children
            untried = []
            for a in acts:
                ch = children.get(a.id)
                if ch is None:
                    untried.append(a)
                else:
                    ch.avail += 1
            if untried:
                a = untried[self.rng.randrange(len(untried))]
                child = _Node()
                child.avail = 1
                children[a.id] = child
                s.apply(q, a)
                path.append((child, q))
                break
            c = self.exploration
            best_a, best_v = acts[0], -1.0
            for a in acts:
                ch = children[a.id]
                v = ch.total / ch.visits + c * math.sqrt(math.log(max(1, ch.avail)) / ch.visits) if ch.visits else 9.0
                if v > best_v:
                    best_a, best_v = a, v
            node = children[best_a.id]
            s.apply(q, best_a)
            path.append((node, q))
        self._rollout(s)
        reward = self._reward(s)
        root.visits += 1
        for n, q in path:
            n.visits += 1
            n.total += reward[q]

    def _rollout(self, s: GameState) -> None:
        policy = self.rollout_policy
        rng = self.rng
        for _ in range(self.depth or 0):
            if s.is_over:
                return
            q = s.current_players[0]
            acts = s.legal_actions(q)
            if policy is None or len(acts) == 1:
                a = acts[rng.randrange(len(acts))]
            else:
                a = policy(s.view(q), acts)
            s.apply(q, a)

    def _reward(self, s: GameState) -> list[float]:
        values = self.evaluator(s) if self.evaluator is not None else [float(x["total"]) for x in s.scores()]
        out = []
        for i, v in enumerate(values):
            rival = max(x for j, x in enumerate(values) if j != i)
            out.append(1.0 / (1.0 + math.exp(-(v - rival) / 6.0)))
        return out

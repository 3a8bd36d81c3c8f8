"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley and Whitehouse 2012).

Works for any game through the engine's public API: each iteration asks the information set for a
determinization (a full state consistent with what the searching player saw, from ``resample``), walks a
tree of action ids with availability-aware UCB, plays a short rollout and backs up a value for every
player: the game's own ``outcome().utilities`` when the rollout reached the end, else the game's evaluator
(or the score totals) turned into utilities on the same [-1, 1] scale. One-player games search the same way.
A decision with one legal action costs no search.

Budgets: the level fixes an iteration count, so a seeded bot makes the same choice on any machine and a lab
run is reproducible. A wall-clock limit is only applied with ``clock=True`` (for people waiting on a bot), after a
few iterations at least; ``deadline_s`` (a server's per-move bound) stops the search at that time whatever else.
"""

from __future__ import annotations

import copy
import math
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from hustings.bots.heuristic import Evaluator, Policy, ViewBuilder
from hustings.bots.random_bot import check_view
from hustings.engine import Action, GameState, Outcome

LEVELS: dict[str, dict[str, float]] = {
    # Iterations bound the work, always; seconds bound the decision time too, only with clock=True. The counts
    # are about what one core does in the time on the reference machine (Die Macher 2019, heuristic rollouts:
    # ~1,100, ~600 and ~440 iterations per CPU second at these depths; benchmarks/lab_speed.py).
    "easy": {"iterations": 40, "seconds": 0.05, "depth": 12},
    "normal": {"iterations": 120, "seconds": 0.2, "depth": 24},
    "hard": {"iterations": 450, "seconds": 1.0, "depth": 40},
}


def level_settings(level: str, overrides: Mapping[str, Mapping[str, int | float]] | None = None) -> dict[str, float]:
    """A level's settings (iterations, seconds, depth), with a game's overrides (``Heuristic.levels``) applied."""
    if level not in LEVELS:
        raise ValueError(f"unknown ismcts level {level!r}; levels: {', '.join(LEVELS)}")
    return {**LEVELS[level], **((overrides or {}).get(level) or {})}


class InfoSet:
    """What a searching bot gets instead of a state: determinizations for one player, nothing else.

    Built by :meth:`of` from the true state, it keeps only one sample drawn at that moment (``resample``:
    fresh seed and generator, no history, only the player's own events, every hidden card dealt anew) and
    draws later samples from that sample, which is consistent with the same information. No reference to
    the true state or to any of its lists survives, so a bot holding an InfoSet cannot reach a secret
    through it (see docs/bots.md for how far in-process bots can be trusted at all).
    """

    __slots__ = ("_base", "player")

    def __init__(self, base: GameState, player: int) -> None:
        self._base = base
        self.player = player

    def sample(self, rng: random.Random) -> GameState:
        """A fresh determinization (the caller may change it freely)."""
        return self._base.resample(self.player, rng)

    @classmethod
    def of(cls, state: GameState, player: int, rng: random.Random | None = None) -> InfoSet:
        """The information set of ``player`` in ``state``; ``rng`` deals the first sample (default: the
        operating system's randomness, so only a seeded caller gets reproducible samples)."""
        if rng is None:
            rng = random.Random(random.SystemRandom().getrandbits(64))
        base = state.resample(player, rng)
        # A game's clone may share data it never changes with the original (Die Macher's election results,
        # for one); a bot could still change it through the sample. So the game data of the one sample handed
        # over is copied deeply, once per decision (about 0.5 ms); the engine's fields (seed, generator, the
        # filtered log of immutable events) are the sample's own already.
        fields = vars(base)
        memo: dict[int, Any] = {}
        for key in list(fields):
            if key not in GameState.BASE_FIELDS:
                fields[key] = copy.deepcopy(fields[key], memo)
        return cls(base, player)


def soft_rank(values: list[float], scale: float) -> list[float]:
    """Estimated totals as utilities in [-1, 1]: each seat's mean of ``tanh((mine - theirs) / scale)`` over
    the other seats. It tends to the rank utility as the gaps grow and, like it, sums to zero."""
    n = len(values)
    if n < 2:
        return [0.0] * n
    return [
        sum(math.tanh((v - w) / scale) for j, w in enumerate(values) if j != i) / (n - 1)
        for i, v in enumerate(values)
    ]


def win_chance(values: list[float], scale: float) -> list[float]:
    """Estimated totals as an expected win-share utility: each seat's chance to win is a softmax of the values
    at temperature ``scale / 2``, and a chance ``p`` is worth ``2p - 1`` (what a sole win, +1, and a loss,
    -1, are worth on average). With two seats it equals :func:`soft_rank`; in [-1, 1]."""
    n = len(values)
    if n < 2:
        return [0.0] * n
    top = max(values)
    weights = [math.exp(2.0 * (v - top) / scale) for v in values]  # shifted by the top: no overflow
    total = sum(weights)
    return [2.0 * w / total - 1.0 for w in weights]


def margin(values: list[float], scale: float) -> list[float]:
    """Estimated totals as ``tanh((mine - the best rival's) / scale)``: only the seat to beat counts.
    With two seats it equals :func:`soft_rank`; in [-1, 1]."""
    n = len(values)
    if n < 2:
        return [0.0] * n
    order = sorted(range(n), key=values.__getitem__, reverse=True)
    first, second = values[order[0]], values[order[1]]
    return [math.tanh((v - (second if i == order[0] else first)) / scale) for i, v in enumerate(values)]


#: how a rollout cut off before the end is scored from the evaluator's values (``IsmctsBot.shaping``)
SHAPINGS: dict[str, Callable[[list[float], float], list[float]]] = {
    "soft_rank": soft_rank,
    "win_chance": win_chance,
    "margin": margin,
}
#: what a finished rollout is worth (``IsmctsBot.objective``): ``win``, the game's own outcome utilities
#: (the win share on [-1, 1]); ``rank``, the rank utility the outcome had before issue 21 (for comparison)
OBJECTIVES: tuple[str, ...] = ("win", "rank")
DEFAULT_SHAPING = "soft_rank"
#: whose decisions the search tree holds (``IsmctsBot.tree``)
TREES: tuple[str, ...] = ("all", "mine")
DEFAULT_OBJECTIVE = "win"


def rank_utilities(outcome: Outcome) -> list[float]:
    """The rank utility of a finished game from its ranks: +1 for each seat beaten, -1 for each seat ahead,
    over seats - 1; -1 for every seat when everyone lost; a one-player game keeps its own utility."""
    ranks = outcome.ranks
    n = len(ranks)
    if n < 2:
        return list(outcome.utilities)
    if not outcome.winners:
        return [-1.0] * n
    return [(sum(1 for q in ranks if q > r) - sum(1 for q in ranks if q < r)) / (n - 1) for r in ranks]


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
    """ISMCTS with an iteration budget (and, with ``clock=True``, a time limit). ``level`` sets both."""

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
    scale: float = 12.0  # evaluator points at which a lead is nearly decisive
    rollout_view: ViewBuilder | None = None  # what rollout_policy reads (Heuristic.rollout_view); default view()
    clock: bool = False  # stop at ``seconds`` too: for people waiting, never for labs (results would vary)
    #: the longest one decision may take, wall clock, also before the few iterations ``clock`` always makes (a
    #: server's bound per move, hustings.server.limits.Limits.search_move_s); None: no such bound
    deadline_s: float | None = None
    shaping: str = DEFAULT_SHAPING  # how a cut-off rollout is scored: a name in SHAPINGS
    objective: str = DEFAULT_OBJECTIVE  # what a finished rollout is worth: a name in OBJECTIVES
    #: whose decisions the tree holds (a name in TREES): ``all`` (every seat's, chosen by UCB) or ``mine`` (only
    #: this bot's; the other seats' moves inside the tree come from the rollout policy, as in the rollout, which is
    #: in effect what OpenSpiel's ISMCTS does). ``mine`` did not measurably help yet (docs/bots.md): ``all`` stays
    tree: str = "all"
    root_branching: int | None = None  # actions considered at the root; None: ``branching``

    searches = True  # the runner hands this bot an InfoSet beside the view

    def __post_init__(self) -> None:
        if self.level not in LEVELS:
            raise ValueError(f"unknown ismcts level {self.level!r}; levels: {', '.join(LEVELS)}")
        if self.shaping not in SHAPINGS:
            raise ValueError(f"unknown ismcts shaping {self.shaping!r}; shapings: {', '.join(SHAPINGS)}")
        if self.objective not in OBJECTIVES:
            raise ValueError(f"unknown ismcts objective {self.objective!r}; objectives: {', '.join(OBJECTIVES)}")
        if self.tree not in TREES:
            raise ValueError(f"unknown ismcts tree {self.tree!r}; trees: {', '.join(TREES)}")
        self._shape = SHAPINGS[self.shaping]
        cfg = LEVELS[self.level]
        self.iterations = int(cfg["iterations"]) if self.iterations is None else self.iterations
        self.seconds = float(cfg["seconds"]) if self.seconds is None else self.seconds
        self.depth = int(cfg["depth"]) if self.depth is None else self.depth
        self.rng = random.Random(self.seed)
        self.last_iterations = 0
        #: the last search's root visits per action id (empty when it did not search): what a learner imitates
        self.last_visits: dict[int, int] = {}

    def act(self, view: dict[str, Any], legal: list[Action], infoset: InfoSet | None = None) -> Action:
        check_view(view)
        if infoset is not None and not isinstance(infoset, InfoSet):
            raise TypeError(f"ismcts samples from an InfoSet, not {type(infoset).__name__}")
        self.last_visits = {}
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        if infoset is None:
            raise ValueError("ismcts needs an information set to sample from (the runner provides it)")
        me = infoset.player
        root_actions = thin(legal, self.branching if self.root_branching is None else self.root_branching)
        hint = legal[0]
        if self.root_hint is not None:
            hint = self.root_hint(view, legal)
            if hint not in root_actions:
                root_actions = [*root_actions, hint]
        root_ids = {a.id for a in root_actions}
        root = _Node()
        clock = self.clock
        started = time.perf_counter()
        deadline = started + (self.seconds or 0.0) if clock else 0.0
        hard = None if self.deadline_s is None else started + self.deadline_s
        it = 0
        assert self.iterations is not None
        while it < self.iterations and (not clock or it < 8 or time.perf_counter() < deadline):
            if hard is not None and time.perf_counter() >= hard:
                break  # no iteration at all by then: the hint (or the first action) stands
            it += 1
            self._iterate(infoset.sample(self.rng), root, me, root_ids)
        self.last_iterations = it
        self.last_visits = {a: ch.visits for a, ch in root.children.items()}
        if it == 0:
            return hint
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
        mine_only = self.tree == "mine"
        while not s.is_over:
            # the root is this bot's decision, also when it acts before a lower seat of a simultaneous step
            q = me if first else s.current_players[0]
            acts = s.legal_actions(q)
            if mine_only and not first and q != me:
                # another seat moves as in a rollout; the node only keys what follows by the move made
                a = self._policy_move(s, q, acts)
                nxt = node.children.get(a.id)
                if nxt is None:
                    nxt = node.children[a.id] = _Node()
                node = nxt
                s.play(q, a)
                continue
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
                s.play(q, a)
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
            s.play(q, best_a)
            path.append((node, q))
        self._rollout(s)
        reward = self.utilities(s)
        root.visits += 1
        for n, q in path:
            n.visits += 1
            n.total += 0.5 * (reward[q] + 1.0)  # the tree keeps [0, 1], the scale UCB's constants assume

    def _policy_move(self, s: GameState, q: int, acts: list[Action]) -> Action:
        policy = self.rollout_policy
        if policy is None or len(acts) == 1:
            return acts[self.rng.randrange(len(acts))]
        build = self.rollout_view
        return policy(s.view(q) if build is None else build(s, q), acts)

    def _rollout(self, s: GameState) -> None:
        policy = self.rollout_policy
        rng = self.rng
        build = self.rollout_view
        for _ in range(self.depth or 0):
            if s.is_over:
                return
            q = s.current_players[0]
            acts = s.legal_actions(q)
            if policy is None or len(acts) == 1:
                a = acts[rng.randrange(len(acts))]
            else:
                a = policy(s.view(q) if build is None else build(s, q), acts)
            s.play(q, a)

    def utilities(self, s: GameState) -> list[float]:
        """Each seat's value in [-1, 1] at the end of a rollout: when the game is over, the game's outcome
        utilities (``objective="win"``) or its rank utility (``"rank"``); else the evaluator's estimate
        (default: score totals) turned into utilities by the bot's ``shaping``."""
        if s.is_over:
            o = s.outcome()
            return list(o.utilities) if self.objective == "win" else rank_utilities(o)
        n = s.num_players
        if self.evaluator is not None:
            values = self.evaluator(s)
        elif n == 1:
            return [0.0]  # a puzzle cut off halfway: neither solved nor failed
        else:
            values = [float(x["total"]) for x in s.scores()]
        if n == 1:
            return [max(-1.0, min(1.0, float(values[0])))]
        return self._shape([float(v) for v in values], self.scale)

"""The research benchmark's protocol (docs/benchmark.md): per game, fixed opponents, seeds and game counts, and the
metric, so that two papers scoring a policy report comparable rows.

A policy (any name the lab takes: a project bot, ``module:Object``, ``learned:FILE.npz``) plays one seat against
``players - 1`` copies of each opponent in turn; game ``i`` puts the policy in seat ``i mod players`` (the lab's
rotation), with the game seed ``SEED + i``. The metric is the policy's win share (a shared win counts ``1/k``;
a game everyone lost counts for nobody) with its 95% Wilson interval, its ratio to the equal share ``1/n``, and an
Elo difference against the opponents under the Luce choice model (``P(policy wins) = e^a / (e^a + (n-1) e^b)``, so
``a - b = ln(p (n-1) / (1 - p))``, in Elo points ``400 / ln 10`` times that; 0 is an equal share), with the
interval mapped through the same function. A one-player puzzle reports its success rate instead.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from hustings.sim.lab import GameResult, SimConfig, run, wilson

#: the protocol's first game seed (held out: training scripts start at small seeds)
BENCHMARK_SEED = 1_000_000


@dataclass(frozen=True)
class Protocol:
    """One game's fixed benchmark: configuration, opponents and how many games against each."""

    game: str
    players: int
    variant: str
    opponents: tuple[tuple[str, int], ...]  # (opponent bot, games), in the order the rows are printed
    seed: int = BENCHMARK_SEED


#: the protocol per game; docs/benchmark.md explains the choices (tests/rl/test_gym_benchmark.py keeps them in step)
PROTOCOLS: dict[str, Protocol] = {
    "election-war": Protocol("election-war", 4, "standard", (
        ("random", 200), ("heuristic", 200), ("ismcts:easy", 100), ("ismcts:normal", 100), ("ismcts:hard", 50))),
    "die-macher-2019": Protocol("die-macher-2019", 4, "standard", (
        ("random", 200), ("heuristic", 200), ("ismcts:easy", 100), ("ismcts:normal", 60), ("ismcts:hard", 30))),
    "die-macher": Protocol("die-macher", 4, "full", (
        ("random", 200), ("heuristic", 200), ("ismcts:easy", 100), ("ismcts:normal", 60), ("ismcts:hard", 30))),
    "palace-escape": Protocol("palace-escape", 1, "normal", (("solo", 200),)),
}


@dataclass(frozen=True)
class Row:
    """One line of the paper's table."""

    game: str
    players: int
    variant: str
    policy: str
    opponent: str
    games: int
    wins: float
    everyone_lost: int
    #: house rules the games were played under (then not the protocol's row): sorted (path, value)
    rules: tuple[tuple[str, object], ...] = ()

    @property
    def share(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    @property
    def equal(self) -> float:
        return 1.0 / self.players if self.players > 1 else float("nan")

    def elo(self, p: float | None = None) -> float:
        """Elo points against the opponents (Luce choice model); +-inf at shares 1 and 0."""
        p = self.share if p is None else p
        if self.players < 2:
            return float("nan")
        if p <= 0:
            return float("-inf")
        if p >= 1:
            return float("inf")
        return 400.0 / math.log(10) * math.log(p * (self.players - 1) / (1 - p))

    def to_json(self) -> dict[str, object]:
        lo, hi = self.interval
        return {"game": self.game, "players": self.players, "variant": self.variant, "policy": self.policy,
                "opponent": self.opponent, "games": self.games, "wins": self.wins, "win_share": self.share,
                "interval": [lo, hi], "equal_share": None if self.players < 2 else self.equal,
                "elo": _finite(self.elo()), "elo_interval": [_finite(self.elo(lo)), _finite(self.elo(hi))],
                "everyone_lost": self.everyone_lost, **({"rules": dict(self.rules)} if self.rules else {})}


def _finite(x: float) -> float | None:
    return x if math.isfinite(x) else None


def protocol_for(game: str) -> Protocol:
    if game not in PROTOCOLS:
        raise ValueError(f"no benchmark protocol for {game!r}; games: {', '.join(PROTOCOLS)}")
    return PROTOCOLS[game]


def configs(policy: str, proto: Protocol, opponents: list[str] | None = None,
            scale: float = 1.0, rules: Mapping[str, Any] | None = None) -> list[tuple[str, SimConfig]]:
    """The lab runs of the protocol (``opponents``: only these of its opponents; ``scale``: a fraction of the
    games, for a quick look, which is then not the protocol's row; ``rules``: house rules, likewise)."""
    chosen = [(o, g) for o, g in proto.opponents if opponents is None or o in opponents]
    if opponents is not None:
        unknown = [o for o in opponents if o not in dict(proto.opponents)]
        if unknown:
            raise ValueError(f"{', '.join(unknown)}: not an opponent of the {proto.game} protocol; opponents: "
                             + ", ".join(o for o, _ in proto.opponents))
    out = []
    for opp, games in chosen:
        n = max(1, round(games * scale))
        bots = policy if proto.players == 1 else f"{policy},{opp}"
        out.append((opp, SimConfig.build(proto.game, proto.players, proto.variant, bots, n, proto.seed,
                                         rules=rules)))
    return out


def score(policy: str, opponent: str, cfg: SimConfig, results: list[GameResult]) -> Row:
    """The policy's row from its games: in game ``i`` it sat in seat ``i mod players``."""
    wins = sum(r.win_share(r.index % cfg.players) for r in results)
    return Row(cfg.game, cfg.players, cfg.variant, policy, opponent, len(results), wins,
               sum(1 for r in results if not r.winners), cfg.rules)


def run_protocol(policy: str, proto: Protocol, opponents: list[str] | None = None, scale: float = 1.0,
                 workers: int = 1, on_game: Callable[[str], None] | None = None,
                 rules: Mapping[str, Any] | None = None) -> Iterator[Row]:
    """Play the protocol for ``policy``; yields one row per opponent as its games finish."""
    for opp, cfg in configs(policy, proto, opponents, scale, rules):
        results = []
        for r in run(cfg, workers=workers):
            results.append(r)
            if on_game is not None:
                on_game(opp)
        yield score(policy, opp, cfg, results)


__all__ = ["BENCHMARK_SEED", "PROTOCOLS", "Protocol", "Row", "configs", "protocol_for", "run_protocol", "score"]

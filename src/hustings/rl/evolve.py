"""Training a learned scorer by the cross-entropy method: play to win, not to copy (docs/rl.md, *Learned scorers*).

Expert iteration taught a network to copy the search, and single searches at the level's budget disagree with
themselves too often to be copied (docs/rl.md, *A third attempt*). This trainer instead searches the weights of a
scorer (:mod:`hustings.rl.scorer`) for the ones that win most against the opponents, measured by playing:

- The scorer starts as the heuristic: weight 1 on ``heuristic_pick``, 0 elsewhere, so it plays the heuristic's
  moves exactly, and only learns where playing otherwise wins more.
- Each generation draws ``population`` weight vectors from a Gaussian (a mean and a spread per weight). Every
  candidate, the mean and the heuristic itself play the same ``games`` games (the generation's fresh seeds, each
  seed with the learner in every seat, the other seats heuristic): common deals make the candidates' differences
  far less noisy than their win shares.
- The ``elite`` best candidates move the mean and the spread (smoothed; the spread never falls below
  ``sigma_min``, so the search keeps looking).
- Every ``eval_every`` generations the mean is written (``gen-NN.npz``) and plays ``eval_games`` held-out games
  (seeds 2,000,000 + i, seat rotated, as :mod:`hustings.rl.train`'s stages do); ``policy.npz`` is the best of those.

Games are played through the project's PettingZoo environment (:mod:`hustings.rl.pettingzoo`: every agent reads
its view and legal actions from it and steps an action's id), in ``workers`` processes; everything is seeded by
``seed``, so a run repeats exactly with the same options. NumPy and PettingZoo (the ``rl`` extra); no PyTorch.
"""

from __future__ import annotations

import csv
import json
import math
import time
from collections.abc import Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

import hustings
from hustings.bots.registry import make_bot
from hustings.rl.pettingzoo import agent_name, raw_env
from hustings.rl.scorer import ScorerPolicy, features_for, save_scorer
from hustings.rl.train import EVAL_SEED, Progress, wilson

FloatArray = npt.NDArray[np.float64]
#: training seeds: ``TRAIN_SEED + (seed << 24) + k``, far from the benchmark's (1,000,000 + i) and the held-out
TRAIN_SEED = 10_000_000


@dataclass(frozen=True)
class EvolveConfig:
    game: str
    players: int = 4
    variant: str | None = None
    seed: int = 1
    generations: int = 30
    population: int = 20
    elite: int = 5
    #: seeds a generation; each is played with the learner in every seat
    seeds: int = 50
    sigma: float = 0.3
    sigma_min: float = 0.03
    smoothing: float = 0.7
    #: the spread follows the elite's more slowly than the mean: five elites' spread understates the population's,
    #: and at the mean's rate it collapsed onto the heuristic within a few generations
    sigma_smoothing: float = 0.2
    opponents: str = "heuristic"
    eval_games: int = 200
    eval_every: int = 5
    workers: int = 2
    minutes: float | None = None

    def check(self) -> None:
        for name in ("players", "generations", "population", "elite", "seeds", "eval_every", "workers"):
            if getattr(self, name) < 1:
                raise ValueError(f"--{name.replace('_', '-')} must be at least 1, not {getattr(self, name)}")
        if self.elite > self.population:
            raise ValueError(f"--elite {self.elite} is more than --population {self.population}")
        for name in ("smoothing", "sigma_smoothing"):
            if not 0 < getattr(self, name) <= 1:
                raise ValueError(f"--{name.replace('_', '-')} must be in (0, 1], not {getattr(self, name)}")
        if self.sigma <= 0 or self.sigma_min < 0:
            raise ValueError("--sigma must be positive and --sigma-min not negative")
        if self.eval_games < 0:
            raise ValueError(f"--eval-games must not be negative, not {self.eval_games}")
        if self.minutes is not None and self.minutes <= 0:
            raise ValueError(f"--minutes must be positive, not {self.minutes}")


@dataclass(frozen=True)
class Generation:
    """One generation's figures: win shares on the generation's own games (the mean, the best candidate, the
    heuristic in the learner's seat on the same games) and, when evaluated, the mean's held-out share; the wall time
    so far and the CPU time of every game so far, in whichever process played it."""

    generation: int
    games: int
    mean_share: float
    best_share: float
    heuristic_share: float
    spread: float
    held_share: float = float("nan")
    low: float = float("nan")
    high: float = float("nan")
    wall_s: float = 0.0
    cpu_s: float = 0.0


def _meta(cfg: EvolveConfig, variant: str) -> dict[str, Any]:
    return {"game": cfg.game, "players": cfg.players, "variant": variant, "activation": "tanh", "layers": 1}


def _policy(theta: Sequence[float], cfg: EvolveConfig, variant: str) -> ScorerPolicy:
    from hustings.rl.scorer import FORMAT, VERSION

    w = np.asarray(theta, dtype=np.float32).reshape(-1, 1)
    meta = {"format": FORMAT, "version": VERSION, **_meta(cfg, variant)}
    return ScorerPolicy(meta, [w], [np.zeros(1, dtype=np.float32)])


def play_games(theta: Sequence[float], cfg: EvolveConfig, variant: str,
               games: Sequence[tuple[int, int]]) -> tuple[list[float], float]:
    """The scorer ``theta``'s win share in each ``(seed, seat)`` game against the opponents, and the CPU seconds they
    took (one process's share of a candidate's games: module level, so that a worker process can run it).

    The games are played through the project's PettingZoo environment: every agent, the learner and its opponents,
    reads its view and legal actions from the environment and steps an action's id."""
    cpu = time.process_time()
    policy = _policy(theta, cfg, variant)
    names = [t.strip() for t in cfg.opponents.split(",") if t.strip()]
    env = raw_env(cfg.game, cfg.players, variant, events=False)  # nobody reads events: a sixth of a step spared
    out = []
    for seed, seat in games:
        env.reset(seed=seed)
        bots = [make_bot(names[q % len(names)], cfg.game, seed * 16 + q) for q in range(cfg.players)]
        me = agent_name(seat)
        share = 0.0
        while env.agents:
            agent = env.agent_selection
            if env.terminations[agent] or env.truncations[agent]:
                if agent == me:
                    winners = env.infos[agent]["winners"]
                    share = 1.0 / len(winners) if me in winners else 0.0
                env.step(None)
                continue
            legal = env.legal_actions(agent)
            if len(legal) == 1:
                env.step(legal[0].id)
                continue
            view = env.view(agent)
            bot = policy if agent == me else bots[env.agent_name_mapping[agent]]
            env.step(bot.act(view, legal).id)
        out.append(share)
    return out, time.process_time() - cpu


def _shares(pool: Executor | None, thetas: list[FloatArray], cfg: EvolveConfig, variant: str,
            games: list[tuple[int, int]], progress: Progress, what: str) -> tuple[list[float], float]:
    """Each candidate's mean win share over the same games, the work split in chunks across the workers, and the
    CPU seconds the games took in every process."""
    chunk = max(1, math.ceil(len(games) / (2 * cfg.workers)))
    parts = [games[i:i + chunk] for i in range(0, len(games), chunk)]
    jobs = [(k, part) for k in range(len(thetas)) for part in parts]
    progress.task(what, len(jobs))
    wins = [0.0] * len(thetas)
    cpu = 0.0
    if pool is None:
        for k, part in jobs:
            shares, used = play_games(thetas[k].tolist(), cfg, variant, part)
            wins[k] += sum(shares)
            cpu += used
            progress.advance()
    else:
        futures = [(k, pool.submit(play_games, thetas[k].tolist(), cfg, variant, part)) for k, part in jobs]
        for k, fut in futures:
            shares, used = fut.result()
            wins[k] += sum(shares)
            cpu += used
            progress.advance()
    return [w / len(games) for w in wins], cpu


def validate(cfg: EvolveConfig) -> str:
    """Check every option before anything starts (ValueError naming the first bad one); returns the variant."""
    cfg.check()
    features_for(cfg.game)
    variant = cfg.variant or hustings.get_spec(cfg.game).default_variant
    hustings.make(cfg.game, players=cfg.players, variant=variant, seed=0)
    names = [t.strip() for t in cfg.opponents.split(",") if t.strip()]
    if not names:
        raise ValueError("--opponents needs at least one bot name")
    for name in names:
        if getattr(make_bot(name, cfg.game, 0), "searches", False):
            raise ValueError(f"--opponents {name!r}: a search bot would make every generation hours long")
    return variant


def evolve(cfg: EvolveConfig, out: Path, progress: Progress | None = None) -> list[Generation]:
    """Run the cross-entropy method (see the module's doc) into ``out``: ``gen-NN.npz`` at each evaluation,
    ``policy.npz`` (the best held-out share), ``curve.csv``, ``curve.png`` and ``config.json``."""
    variant = validate(cfg)
    shown = progress or Progress()
    features = features_for(cfg.game)
    dim = len(features.names)
    out.mkdir(parents=True, exist_ok=True)
    (out / "config.json").write_text(json.dumps({**asdict(cfg), "variant": variant, "method": "evolve",
                                                 "features": features.name}, indent=2), encoding="utf-8")
    rng = np.random.default_rng(cfg.seed)
    heuristic = np.zeros(dim)
    heuristic[features.names.index("heuristic_pick")] = 1.0
    mean = heuristic.copy()
    sigma = np.full(dim, cfg.sigma)
    held_games = [(EVAL_SEED + i, i % cfg.players) for i in range(cfg.eval_games)]
    curve: list[Generation] = []
    best_held = -1.0
    started, games_cpu = time.perf_counter(), 0.0
    pool = ProcessPoolExecutor(cfg.workers) if cfg.workers > 1 else None
    try:
        for g in range(1, cfg.generations + 1):
            if cfg.minutes is not None and time.perf_counter() - started > cfg.minutes * 60:
                shown.line(f"--minutes {cfg.minutes:g} reached: stopping before generation {g}")
                break
            base = TRAIN_SEED + (cfg.seed << 24) + g * cfg.seeds
            games = [(base + k, seat) for k in range(cfg.seeds) for seat in range(cfg.players)]
            cands = [mean + sigma * rng.standard_normal(dim) for _ in range(cfg.population)]
            thetas = [*cands, mean.copy(), heuristic]
            shares, used = _shares(pool, thetas, cfg, variant, games, shown,
                                   f"generation {g}: {len(thetas)} scorers × {len(games)} games")
            games_cpu += used
            order = sorted(range(cfg.population), key=lambda k: -shares[k])
            elite = np.stack([cands[k] for k in order[:cfg.elite]])
            a = cfg.smoothing
            mean = (1 - a) * mean + a * elite.mean(axis=0)
            b = cfg.sigma_smoothing
            sigma = np.maximum((1 - b) * sigma + b * elite.std(axis=0), cfg.sigma_min)
            point = Generation(g, len(games), shares[-2], shares[order[0]], shares[-1], float(sigma.mean()))
            if cfg.eval_games and (g % cfg.eval_every == 0 or g == cfg.generations):
                path = out / f"gen-{g:02d}.npz"
                _save(path, mean, cfg, variant, g, features.name)
                (held,), used = _shares(pool, [mean], cfg, variant, held_games, shown,
                                        f"generation {g}: the mean in {cfg.eval_games} held-out games")
                games_cpu += used
                lo, hi = wilson(held, cfg.eval_games)
                point = Generation(**{**asdict(point), "held_share": held, "low": lo, "high": hi})
                if held > best_held:
                    best_held = held
                    (out / "policy.npz").write_bytes(path.read_bytes())
            point = Generation(**{**asdict(point), "wall_s": time.perf_counter() - started,
                                  "cpu_s": games_cpu})
            curve.append(point)
            write_curve(curve, out, cfg.game, cfg.players)
            held_text = "" if math.isnan(point.held_share) else (
                f"; held-out {point.held_share:.3f} [{point.low:.3f}, {point.high:.3f}]")
            shown.line(f"generation {g}: mean {point.mean_share:.3f}, best {point.best_share:.3f}, heuristic "
                       f"{point.heuristic_share:.3f} on the same {len(games)} games; spread {point.spread:.3f}"
                       f"{held_text}; {point.wall_s / 60:.1f} min")
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    if not (out / "policy.npz").exists() and curve:
        _save(out / "policy.npz", mean, cfg, variant, curve[-1].generation, features.name)
    return curve


def _save(path: Path, theta: FloatArray, cfg: EvolveConfig, variant: str, generation: int, features: str) -> None:
    trained = {"method": "cross-entropy method", "generation": generation, "seed": cfg.seed,
               "population": cfg.population, "seeds": cfg.seeds, "opponents": cfg.opponents}
    save_scorer(path, cfg.game, cfg.players, variant, [theta.reshape(-1, 1)], [np.zeros(1)],
                extra={"trained": trained})


def write_curve(curve: list[Generation], out: Path, game: str, players: int) -> None:
    names = list(Generation.__dataclass_fields__)
    with open(out / "curve.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(names)
        for p in curve:
            w.writerow([round(v, 5) if isinstance(v, float) else v for v in asdict(p).values()])
    plot_curve(curve, out / "curve.png", game, players)


_FLOATS = [n for n in Generation.__dataclass_fields__ if n not in ("generation", "games")]


def read_curve(path: Path) -> list[Generation]:
    """A run's ``curve.csv`` back as generations (to draw it again)."""
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    return [Generation(int(r["generation"]), int(r["games"]), *(float(r[k]) for k in _FLOATS)) for r in rows]


def plot_curve(curve: list[Generation], path: Path, game: str, players: int) -> bool:
    """Win shares per generation (the mean and the heuristic on the generation's games; the mean held out, with
    its 95% interval); False without matplotlib."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    xs = [p.generation for p in curve]
    fig, ax = plt.subplots(figsize=(8, 4.5))
    ax.plot(xs, [p.mean_share for p in curve], "o-", ms=3, label="mean scorer, the generation's games")
    ax.plot(xs, [p.heuristic_share for p in curve], "x:", ms=4, color="grey",
            label="heuristic in its seat, the same games")
    held = [p for p in curve if not math.isnan(p.held_share)]
    if held:
        ax.errorbar([p.generation for p in held], [p.held_share for p in held],
                    yerr=[[p.held_share - p.low for p in held], [p.high - p.held_share for p in held]],
                    fmt="s-", capsize=3, color="C3", label="mean scorer, held-out games (95%)")
    ax.axhline(1 / players, color="grey", ls="--", lw=1, label="1 / players")
    ax.set_xlabel("generation")
    ax.set_ylabel("win share")
    ax.set_title(f"{game}, {players} players: a learned scorer against {players - 1} heuristics")
    ax.legend(fontsize=8)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return True


__all__ = ["EvolveConfig", "Generation", "evolve", "play_games", "plot_curve", "read_curve", "validate"]

"""Expert iteration: a search labels positions, a small network learns them, the network plays (issue 27).

``hustings train GAME`` runs it (docs/rl.md, *Training a learned policy*). One process, seeded, in stages:

1. **Warm start.** ``warm_games`` games of the game's heuristic in every seat; every decision with a choice is a
   sample labelled with the heuristic's move (cheap: well under a millisecond a label).
2. **Iterations.** Each plays ``games`` games with the learner's seat rotating against ``opponents``; at every
   decision of the learner's seat the expert (``ismcts:normal`` by default) searches from that seat's
   information set and its root visits (half) and its choice (half) are the target. The move played there is the
   learner's own with chance ``1 - beta`` (DAgger: the network is taught in the positions it reaches itself),
   else the expert's. The opponents' decisions join the heuristic samples.
3. After the warm start and after each iteration the network trains on everything so far (expert samples weigh
   1, heuristic ones ``heuristic_weight``), is exported in the ``learned`` format (:mod:`hustings.rl.policy`), and
   plays ``eval_games`` greedy games against three heuristics on held-out seeds (``EVAL_SEED + i``, seat rotated):
   the learning curve's win share. The expert games of every tenth seed are held out of training: their loss is the
   curve's held-out loss. It is also checked against the heuristic's own moves in ``check_games`` heuristic games on
   those seeds (:func:`imitation`): loss and agreement, per kind of decision.

Observations are the game's own encoder of the seat's view (egocentric by default), never the state; the legal
actions make the mask. The network is an MLP (PyTorch on CPU, the optional ``learn`` extra); the exported
checkpoint plays with NumPy alone. Everything random is seeded from ``seed``: the same command gives the same
checkpoint on the same machine and library versions (PyTorch runs on one thread).
"""

from __future__ import annotations

import csv
import json
import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

import hustings
from hustings.bots.ismcts import IsmctsBot
from hustings.bots.random_bot import Bot
from hustings.bots.registry import make_bot
from hustings.bots.runner import ask
from hustings.engine import Action, GameState
from hustings.rl.encoding import Encoder, encoder_for
from hustings.rl.policy import LearnedPolicy, save_learned

#: the curve's held-out games (never a training seed; the benchmark's are 1,000,000 + i)
EVAL_SEED = 2_000_000
#: the most target actions one sample keeps (a search's root holds at most its branching plus the hint)
TOP = 16
FloatArray = npt.NDArray[np.float32]


@dataclass(frozen=True)
class TrainConfig:
    """What ``hustings train`` does; every field is a command-line option of the same name."""

    game: str = "election-war"
    players: int = 4
    variant: str | None = None
    seed: int = 1
    warm_games: int = 300
    iterations: int = 4
    games: int = 16
    expert: str = "ismcts:normal"
    opponents: str = "heuristic"
    beta: float = 0.5
    hidden: tuple[int, ...] = (256, 256)
    epochs: int = 3
    warm_epochs: int = 4
    batch: int = 256
    lr: float = 1e-3
    heuristic_weight: float = 0.1
    eval_games: int = 100
    #: heuristic games on held-out seeds whose moves the policy is checked against after each stage (imitation)
    check_games: int = 50
    egocentric: bool = False
    minutes: float | None = None
    #: train on the samples of an earlier run (its samples.npz) instead of playing: warm_epochs passes, no iterations
    samples: str | None = None

    def check(self) -> None:
        """Raise ValueError naming the first option out of range."""
        checks: list[tuple[bool, str]] = [
            (self.players >= 1, f"--players must be at least 1, not {self.players}"),
            (self.warm_games >= 0, f"--warm-games must be 0 or more, not {self.warm_games}"),
            (self.iterations >= 0, f"--iterations must be 0 or more, not {self.iterations}"),
            (self.games >= 1, f"--games must be at least 1, not {self.games}"),
            (0.0 <= self.beta <= 1.0, f"--beta must be in [0, 1], not {self.beta}"),
            (bool(self.hidden) and all(0 < h <= 4096 for h in self.hidden),
             f"--hidden must be widths from 1 to 4096, not {self.hidden}"),
            (self.epochs >= 1 and self.warm_epochs >= 1, "--epochs and --warm-epochs must be at least 1"),
            (1 <= self.batch <= 65536, f"--batch must be from 1 to 65,536, not {self.batch}"),
            (0.0 < self.lr < 1.0, f"--lr must be in (0, 1), not {self.lr}"),
            (0.0 <= self.heuristic_weight <= 10.0, f"--heuristic-weight must be in [0, 10], not "
                                                   f"{self.heuristic_weight}"),
            (self.eval_games >= 0, f"--eval-games must be 0 or more, not {self.eval_games}"),
            (self.check_games >= 0, f"--check-games must be 0 or more, not {self.check_games}"),
            (self.minutes is None or self.minutes > 0, f"--minutes must be positive, not {self.minutes}"),
            (self.warm_games + self.iterations > 0, "nothing to learn from: --warm-games and --iterations are 0"),
        ]
        for ok, message in checks:
            if not ok:
                raise ValueError(message)


@dataclass
class Samples:
    """Training samples: observation, legal mask, target ids with their probabilities (padded with -1 / 0), weight,
    and whether the sample is held out (the curve's held-out loss)."""

    obs: list[FloatArray] = field(default_factory=list)
    masks: list[npt.NDArray[np.bool_]] = field(default_factory=list)
    ids: list[npt.NDArray[np.int64]] = field(default_factory=list)
    probs: list[FloatArray] = field(default_factory=list)
    weights: list[float] = field(default_factory=list)
    held: list[bool] = field(default_factory=list)
    expert: list[bool] = field(default_factory=list)

    def add(self, obs: FloatArray, legal: Sequence[Action], num_actions: int, target: dict[int, float],
            weight: float, held: bool, expert: bool = False) -> None:
        mask = np.zeros(num_actions, dtype=np.bool_)
        mask[[a.id for a in legal]] = True
        top = sorted(target.items(), key=lambda kv: -kv[1])[:TOP]
        ids = np.full(TOP, -1, dtype=np.int64)
        probs = np.zeros(TOP, dtype=np.float32)
        total = sum(p for _, p in top)
        for k, (a, p) in enumerate(top):
            ids[k] = a
            probs[k] = p / total
        # float16 halves the memory of the warm start's few hundred thousand observations; values are in [0, 1]
        self.obs.append(obs.astype(np.float16))
        self.masks.append(mask)
        self.ids.append(ids)
        self.probs.append(probs)
        self.weights.append(weight)
        self.held.append(held)
        self.expert.append(expert)

    def __len__(self) -> int:
        return len(self.obs)

    @classmethod
    def load(cls, path: Path, heuristic_weight: float) -> Samples:
        """Samples saved by :meth:`save`, the heuristic ones weighted anew; ValueError naming the file if unusable."""
        try:
            with np.load(path, allow_pickle=False) as f:
                arrays = {k: f[k] for k in ("obs", "masks", "ids", "probs", "held", "expert")}
        except FileNotFoundError:
            raise ValueError(f"--samples {str(path)!r}: no such file") from None
        except (OSError, ValueError, EOFError, KeyError) as e:
            raise ValueError(f"--samples {str(path)!r}: not a samples.npz of hustings train ({e})") from None
        out = cls()
        out.obs, out.masks, out.ids, out.probs = (list(arrays[k]) for k in ("obs", "masks", "ids", "probs"))
        out.held = [bool(h) for h in arrays["held"]]
        out.expert = [bool(e) for e in arrays["expert"]]
        out.weights = [1.0 if e else heuristic_weight for e in out.expert]
        return out

    def save(self, path: Path) -> None:
        """Every sample as arrays (``samples.npz``): to train another network on the same labels without searching
        again."""
        tmp = path.with_name(path.name + ".tmp")
        with open(tmp, "wb") as f:
            np.savez(f, obs=np.stack(self.obs), masks=np.stack(self.masks), ids=np.stack(self.ids),
                     probs=np.stack(self.probs), weights=np.asarray(self.weights, dtype=np.float32),
                     held=np.asarray(self.held), expert=np.asarray(self.expert))
        tmp.replace(path)


def expert_target(bot: IsmctsBot, choice: Action) -> dict[int, float]:
    """Half the search's root visit distribution, half its choice (the search's final choice also weighs the
    heuristic's hint, which the visits alone do not show)."""
    visits = bot.last_visits
    total = sum(visits.values())
    target = {a: 0.5 * v / total for a, v in visits.items() if v} if total else {}
    target[choice.id] = target.get(choice.id, 0.0) + (0.5 if total else 1.0)
    return target


def _bots(names: Sequence[str], game: str, seed: int) -> list[Bot]:
    return [make_bot(name, game, seed * 16 + s) for s, name in enumerate(names)]


def play_warm(cfg: TrainConfig, variant: str, encoder: Encoder, num_actions: int, seed: int, data: Samples) -> None:
    """One heuristic game: every decision with a choice is a sample labelled with the heuristic's move."""
    state = hustings.make(cfg.game, players=cfg.players, variant=variant, seed=seed)
    bots = _bots(["heuristic"] * cfg.players, cfg.game, seed)
    while not state.is_over:
        p = state.current_players[0]
        legal = state.legal_actions(p)
        action = legal[0] if len(legal) == 1 else ask(bots[p], state, p, legal)
        if len(legal) > 1:
            data.add(encoder.encode(state.view(p)), legal, num_actions, {action.id: 1.0}, cfg.heuristic_weight,
                     False)
        state.play(p, action)


def play_expert(cfg: TrainConfig, variant: str, encoder: Encoder, num_actions: int, seed: int, seat: int,
                learner: LearnedPolicy | None, rng: random.Random, data: Samples, on_label: Callable[[], None],
                held: bool) -> GameState:
    """One game with the expert labelling (and sometimes playing) ``seat``'s decisions; see the module's doc."""
    state = hustings.make(cfg.game, players=cfg.players, variant=variant, seed=seed)
    names = [t.strip() for t in cfg.opponents.split(",") if t.strip()]
    others = _bots([names[s % len(names)] for s in range(cfg.players)], cfg.game, seed)
    expert = make_bot(cfg.expert, cfg.game, seed * 16 + seat)
    if not isinstance(expert, IsmctsBot):
        raise ValueError(f"--expert must be an ismcts bot (its root visits are the targets), not {cfg.expert!r}")
    while not state.is_over:
        p = state.current_players[0]
        legal = state.legal_actions(p)
        if len(legal) == 1:
            action = legal[0]
        elif p == seat:
            view = state.view(p)
            choice = ask(expert, state, p, legal)
            data.add(encoder.encode(view), legal, num_actions, expert_target(expert, choice), 1.0, held, True)
            on_label()
            action = choice if learner is None or rng.random() < cfg.beta else learner.act(view, list(legal))
        else:
            action = ask(others[p], state, p, legal)
            if not held:
                data.add(encoder.encode(state.view(p)), legal, num_actions, {action.id: 1.0}, cfg.heuristic_weight,
                         False)
        state.play(p, action)
    return state


def evaluate(policy: LearnedPolicy, cfg: TrainConfig, variant: str, games: int,
             on_game: Callable[[], None] | None = None) -> tuple[float, int]:
    """The greedy policy's win share against ``players - 1`` heuristics on the held-out seeds (seat rotated), and
    the number of games everyone lost."""
    from hustings.bots.loop import drive

    won = 0.0
    all_lost = 0
    for i in range(games):
        state = hustings.make(cfg.game, players=cfg.players, variant=variant, seed=EVAL_SEED + i)
        seat = i % cfg.players
        bots: list[Bot] = _bots(["heuristic"] * cfg.players, cfg.game, EVAL_SEED + i)
        bots[seat] = policy
        drive(state, bots)
        winners = state.outcome().winners
        if seat in winners:
            won += 1.0 / len(winners)
        all_lost += not winners
        if on_game is not None:
            on_game()
    return (won / games if games else float("nan")), all_lost


@dataclass(frozen=True)
class Imitation:
    """How closely a policy plays the heuristic on positions it never trained on: the cross-entropy of its masked
    policy at the heuristic's moves, the share of them it picks greedily, and that share per kind of decision
    (``phase:kind`` of the heuristic's move -> decisions, share)."""

    loss: float
    agree: float
    by_kind: dict[str, tuple[int, float]]

    def line(self) -> str:
        kinds = ", ".join(f"{k} {share:.2f}" for k, (_n, share) in sorted(self.by_kind.items()))
        return f"heuristic's moves on held-out games: agreement {self.agree:.2f} ({kinds}), loss {self.loss:.3f}"


def imitation(policy: LearnedPolicy, cfg: TrainConfig, variant: str, games: int,
              on_game: Callable[[], None] | None = None) -> Imitation:
    """The policy against the heuristic's own moves in ``games`` games of heuristics in every seat on the held-out
    seeds (``EVAL_SEED + i``): a training loss far below this held-out loss is a network that learned its
    positions rather than the rules of thumb (docs/rl.md, *A second run*). Plays with NumPy alone."""
    counts: dict[str, list[int]] = {}
    loss = 0.0
    for i in range(games):
        state = hustings.make(cfg.game, players=cfg.players, variant=variant, seed=EVAL_SEED + i)
        bots = _bots(["heuristic"] * cfg.players, cfg.game, EVAL_SEED + i)
        while not state.is_over:
            p = state.current_players[0]
            legal = state.legal_actions(p)
            action = legal[0] if len(legal) == 1 else ask(bots[p], state, p, legal)
            if len(legal) > 1:
                view = state.view(p)
                logits = policy.logits(policy.encoder.encode(view)).astype(np.float64)
                ids = np.fromiter((a.id for a in legal), dtype=np.int64, count=len(legal))
                legal_logits = logits[ids]
                top = float(legal_logits.max())
                loss += top + math.log(float(np.exp(legal_logits - top).sum())) - float(logits[action.id])
                tally = counts.setdefault(f"{view.get('phase', '')}:{action.kind}", [0, 0])
                tally[0] += 1
                tally[1] += int(ids[int(legal_logits.argmax())] == action.id)
            state.play(p, action)
        if on_game is not None:
            on_game()
    n = sum(c[0] for c in counts.values())
    if n == 0:
        return Imitation(float("nan"), float("nan"), {})
    return Imitation(loss / n, sum(c[1] for c in counts.values()) / n,
                     {k: (c[0], c[1] / c[0]) for k, c in counts.items()})


def wilson(share: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0 or math.isnan(share):
        return float("nan"), float("nan")
    denom = 1 + z * z / n
    centre = (share + z * z / (2 * n)) / denom
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


class Trainer:
    """The network and its optimiser (PyTorch; imported only here, so the rest of hustings never needs it)."""

    def __init__(self, cfg: TrainConfig, obs_size: int, num_actions: int) -> None:
        import torch
        from torch import nn

        torch.manual_seed(cfg.seed)
        torch.set_num_threads(1)  # one core: the machine is shared, and one thread keeps runs repeatable
        sizes = [obs_size, *cfg.hidden, num_actions]
        layers: list[nn.Module] = []
        for i in range(len(sizes) - 1):
            layers.append(nn.Linear(sizes[i], sizes[i + 1]))
            if i < len(sizes) - 2:
                layers.append(nn.ReLU())
        self.net = nn.Sequential(*layers)
        self.opt = torch.optim.Adam(self.net.parameters(), lr=cfg.lr)
        self.cfg = cfg
        self.np_rng = np.random.default_rng(cfg.seed)

    def _loss(self, obs: Any, mask: Any, ids: Any, probs: Any, weights: Any) -> tuple[Any, Any]:
        """Weighted cross-entropy of the masked policy against the targets, and the share of samples whose
        best legal logit is the target's most likely action."""
        import torch

        logits = self.net(obs).masked_fill(~mask, -1e9)
        logp = torch.log_softmax(logits, dim=1)
        picked = torch.gather(logp, 1, ids.clamp(min=0)) * (ids >= 0)
        per = -(picked * probs).sum(dim=1)
        agree = (logits.argmax(dim=1) == ids[:, 0]).float()
        return (per * weights).sum() / weights.sum(), agree

    def fit(self, data: Samples, epochs: int, on_batch: Callable[[], None] | None = None) -> float:
        """Train on every sample not held out; returns the mean training loss of the last epoch."""
        import torch

        train = np.flatnonzero(~np.asarray(data.held, dtype=np.bool_))
        obs, mask, ids, probs, weights = self._arrays(data)
        last = float("nan")
        self.net.train()
        for _ in range(epochs):
            order = self.np_rng.permutation(train)
            total, count = 0.0, 0
            for start in range(0, len(order), self.cfg.batch):
                b = torch.from_numpy(order[start:start + self.cfg.batch])
                loss, _ = self._loss(obs[b].float(), mask[b], ids[b], probs[b], weights[b])
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
                total += loss.item() * len(b)
                count += len(b)
                if on_batch is not None:
                    on_batch()
            last = total / max(1, count)
        return last

    def held_out(self, data: Samples) -> tuple[float, float]:
        """Loss and agreement with the expert's choice on the held-out expert samples (NaN when there are none)."""
        import torch

        held = np.flatnonzero(np.asarray(data.held, dtype=np.bool_))
        if len(held) == 0:
            return float("nan"), float("nan")
        obs, mask, ids, probs, _ = self._arrays(data)
        b = torch.from_numpy(held)
        self.net.eval()
        with torch.no_grad():
            loss, agree = self._loss(obs[b].float(), mask[b], ids[b], probs[b], torch.ones(len(held)))
        return float(loss), float(agree.mean())

    @staticmethod
    def _arrays(data: Samples) -> tuple[Any, Any, Any, Any, Any]:
        import torch

        return (torch.from_numpy(np.stack(data.obs)), torch.from_numpy(np.stack(data.masks)),
                torch.from_numpy(np.stack(data.ids)), torch.from_numpy(np.stack(data.probs)),
                torch.tensor(data.weights, dtype=torch.float32))

    def export(self, path: Path, cfg: TrainConfig, variant: str, extra: dict[str, Any]) -> Path:
        from torch import nn

        linears = [m for m in self.net if isinstance(m, nn.Linear)]
        ws = [m.weight.detach().numpy().T.copy() for m in linears]
        bs = [m.bias.detach().numpy().copy() for m in linears]
        tmp = path.with_name(path.name + ".tmp")
        save_learned(tmp, cfg.game, cfg.players, variant, ws, bs, activation="relu", extra=extra,
                     egocentric=cfg.egocentric)
        tmp.replace(path)
        return path


@dataclass
class Point:
    """One point of the learning curve (a row of ``curve.csv``)."""

    iteration: int
    expert_samples: int
    heuristic_samples: int
    train_loss: float
    held_loss: float
    held_agree: float
    win_share: float
    low: float
    high: float
    all_lost: int
    wall_s: float
    cpu_s: float
    #: the policy against the heuristic's moves in heuristic games on held-out seeds (:func:`imitation`; NaN when
    #: ``check_games`` is 0)
    heuristic_held_loss: float = float("nan")
    heuristic_held_agree: float = float("nan")


class Progress:
    """What training reports as it goes: a task with a total, advanced step by step, and one line per stage."""

    def task(self, description: str, total: int) -> None: ...

    def advance(self) -> None: ...

    def line(self, text: str) -> None: ...


def validate(cfg: TrainConfig) -> str:
    """Check every option before anything starts (ValueError naming the first bad one); returns the variant."""
    cfg.check()
    spec = hustings.get_spec(cfg.game)
    variant = cfg.variant or spec.default_variant
    hustings.make(cfg.game, players=cfg.players, variant=variant, seed=0)  # a bad count or variant says so
    names = [t.strip() for t in cfg.opponents.split(",") if t.strip()]
    if not names:
        raise ValueError("--opponents needs at least one bot name")
    for name in names:
        make_bot(name, cfg.game, 0)
    if not isinstance(make_bot(cfg.expert, cfg.game, 0), IsmctsBot):
        raise ValueError(f"--expert must be an ismcts bot (its root visits are the targets), not {cfg.expert!r}")
    return variant


def train(cfg: TrainConfig, out: Path, progress: Progress | None = None) -> list[Point]:
    """Run expert iteration (see the module's doc) into the folder ``out``: ``iter-NN.npz`` after each stage,
    ``policy.npz`` (the stage with the best held-out win share), ``curve.csv``, ``curve.png`` and
    ``config.json``. Returns the curve."""
    variant = validate(cfg)
    shown = progress or Progress()
    num_actions = len(type(hustings.make(cfg.game, players=cfg.players, variant=variant, seed=0)).SPACE)
    encoder = encoder_for(cfg.game, cfg.players, variant, egocentric=cfg.egocentric)
    out.mkdir(parents=True, exist_ok=True)
    (out / "config.json").write_text(json.dumps({**asdict(cfg), "variant": variant}, indent=2), encoding="utf-8")
    trainer = Trainer(cfg, encoder.size, num_actions)
    data = Samples()  # nonlocal in stage(): a --samples run replaces it
    rng = random.Random(cfg.seed)
    base = cfg.seed << 32  # training seeds: far from the benchmark's (1,000,000 + i) and the curve's
    started, cpu0 = time.perf_counter(), time.process_time()
    curve: list[Point] = []
    best = -1.0
    next_seed = 0

    def stage(iteration: int, epochs: int) -> None:
        nonlocal best
        batches = math.ceil(sum(1 for h in data.held if not h) / cfg.batch) * epochs
        shown.task(f"stage {iteration}: training", batches)
        loss = trainer.fit(data, epochs, shown.advance)
        held_loss, agree = trainer.held_out(data)
        path = out / f"iter-{iteration:02d}.npz"
        expert_n = sum(data.expert)
        extra = {"trained": {"method": "expert iteration", "expert": cfg.expert, "iteration": iteration,
                             "samples": len(data), "expert_samples": expert_n, "seed": cfg.seed}}
        trainer.export(path, cfg, variant, extra)
        policy = LearnedPolicy.load(path)
        shown.task(f"stage {iteration}: {cfg.eval_games} games against heuristics", cfg.eval_games)
        share, lost = evaluate(policy, cfg, variant, cfg.eval_games, shown.advance)
        lo, hi = wilson(share, cfg.eval_games)
        copy = None
        if cfg.check_games:
            shown.task(f"stage {iteration}: the heuristic's moves in {cfg.check_games} held-out games",
                       cfg.check_games)
            copy = imitation(policy, cfg, variant, cfg.check_games, shown.advance)
        point = Point(iteration, expert_n, len(data) - expert_n, loss, held_loss, agree, share, lo, hi, lost,
                      time.perf_counter() - started, time.process_time() - cpu0,
                      *((copy.loss, copy.agree) if copy is not None else ()))
        curve.append(point)
        if cfg.eval_games == 0 or share > best:
            best = share
            (out / "policy.npz").write_bytes(path.read_bytes())
        write_curve(curve, out, cfg.players)
        if cfg.samples is None:
            data.save(out / "samples.npz")
        held = "" if math.isnan(held_loss) else f", held-out loss {held_loss:.3f} agreement {agree:.2f}"
        played = "" if cfg.eval_games == 0 else (f", win share {share:.3f} [{lo:.3f}, {hi:.3f}] against "
                                                 f"{cfg.players - 1} heuristics")
        shown.line(f"stage {iteration}: {len(data):,} samples ({expert_n:,} from {cfg.expert}), loss {loss:.3f}"
                   f"{held}{played}, {point.wall_s / 60:.1f} min")
        if copy is not None:
            shown.line(f"  {copy.line()}")

    if cfg.samples is not None:
        data = Samples.load(Path(cfg.samples), cfg.heuristic_weight)
        if len(data) == 0 or data.obs[0].shape != (encoder.size,) or data.masks[0].shape != (num_actions,):
            raise ValueError(f"--samples {cfg.samples!r}: made for another game, player count or encoding")
        stage(0, cfg.warm_epochs)
        return curve
    if cfg.warm_games:
        shown.task(f"warm start: {cfg.warm_games} heuristic games", cfg.warm_games)
        for _ in range(cfg.warm_games):
            play_warm(cfg, variant, encoder, num_actions, base + next_seed, data)
            next_seed += 1
            shown.advance()
        stage(0, cfg.warm_epochs)
    for it in range(1, cfg.iterations + 1):
        if cfg.minutes is not None and time.perf_counter() - started > cfg.minutes * 60:
            shown.line(f"--minutes {cfg.minutes:g} reached: stopping before iteration {it}")
            break
        learner = LearnedPolicy.load(out / f"iter-{it - 1:02d}.npz") if curve else None
        shown.task(f"iteration {it}: {cfg.games} games labelled by {cfg.expert}", cfg.games)
        for g in range(cfg.games):
            seed = base + next_seed
            next_seed += 1
            play_expert(cfg, variant, encoder, num_actions, seed, g % cfg.players, learner, rng, data,
                        lambda: None, held=seed % 10 == 0)
            shown.advance()
        stage(it, cfg.epochs)
    return curve


def write_curve(curve: list[Point], out: Path, players: int) -> None:
    names = list(Point.__dataclass_fields__)
    with open(out / "curve.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(names)
        for p in curve:
            w.writerow([round(v, 5) if isinstance(v, float) else v for v in asdict(p).values()])
    plot_curve(curve, out / "curve.png", players)


def plot_curve(curve: list[Point], path: Path, players: int) -> bool:
    """Loss (training and held-out) and win share against the heuristics per stage; False without matplotlib."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    xs = [p.iteration for p in curve]
    fig, (a, b) = plt.subplots(1, 2, figsize=(10, 4))
    a.plot(xs, [p.train_loss for p in curve], "o-", label="training")
    a.plot(xs, [p.held_loss for p in curve], "s-", label="held-out expert games")
    a.plot(xs, [p.heuristic_held_loss for p in curve], "^-", label="held-out heuristic games")
    a.set_xlabel("stage (0: warm start)")
    a.set_ylabel("cross-entropy")
    a.set_title("loss")
    a.legend()
    a.grid(alpha=0.3)
    ys = [p.win_share for p in curve]
    b.errorbar(xs, ys, yerr=[[y - p.low for y, p in zip(ys, curve, strict=True)],
                             [p.high - y for y, p in zip(ys, curve, strict=True)]], fmt="o-", capsize=3,
               label="learned (greedy)")
    b.axhline(1 / players, color="grey", ls="--", lw=1, label="1 / players")
    b.set_xlabel("stage (0: warm start)")
    b.set_ylabel("win share, 95% interval")
    b.set_title(f"against {players - 1} heuristics (held-out seeds)")
    b.legend()
    b.grid(alpha=0.3)
    from matplotlib.ticker import MaxNLocator

    for ax in (a, b):
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return True


__all__ = ["EVAL_SEED", "Imitation", "Point", "Progress", "Samples", "TrainConfig", "evaluate", "expert_target",
           "imitation", "train", "validate"]

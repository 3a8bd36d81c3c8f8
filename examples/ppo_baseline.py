"""The benchmark's baseline learner: PPO with action masks (PyTorch, CPU) on the vector env, saved as a ``learned``
checkpoint (a NumPy .npz MLP, docs/rl.md) that `hustings benchmark learned:FILE.npz GAME` scores.

    pip install -e '.[rl,learn]'
    python examples/ppo_baseline.py election-war --players 4 --minutes 20 --out runs/ew4
    hustings benchmark learned:runs/ew4/policy.npz election-war --players 4

Writes into --out: ``policy.npz`` (the latest checkpoint, also every --save-every updates), ``curve.csv``
(environment steps, wall and CPU seconds, games finished, mean win share of the games finished since the last
row against the training opponents) and ``curve.png`` (the learning curve). Everything is seeded by --seed; on
a shared machine the wall time, and so how far a --minutes run gets, varies.

The learner takes a random seat each game against opponents drawn per seat from --opponents (a comma list,
e.g. ``random,heuristic``). Policy and value are separate MLPs (tanh): only the policy is exported.
"""

from __future__ import annotations

import argparse
import csv
import random
import sys
import time
from pathlib import Path

import numpy as np

try:
    import torch
    from torch import nn
except ImportError:  # pragma: no cover - the optional extra
    sys.exit("this script needs PyTorch: pip install -e '.[learn]'")

from hustings.rl.policy import save_learned
from hustings.rl.pool import PolicyPool
from hustings.rl.vector import HustingsVectorEnv


def mlp(sizes: list[int]) -> nn.Sequential:
    layers: list[nn.Module] = []
    for i in range(len(sizes) - 1):
        layers.append(nn.Linear(sizes[i], sizes[i + 1]))
        if i < len(sizes) - 2:
            layers.append(nn.Tanh())
    return nn.Sequential(*layers)


def export(policy: nn.Sequential, path: Path, game: str, players: int, variant: str, extra: dict[str, object]) -> None:
    linears = [m for m in policy if isinstance(m, nn.Linear)]
    ws = [m.weight.detach().numpy().T.copy() for m in linears]
    bs = [m.bias.detach().numpy().copy() for m in linears]
    tmp = path.with_suffix(".tmp")
    save_learned(tmp, game, players, variant, ws, bs, activation="tanh", extra=extra)
    tmp.replace(path)


def plot(rows: list[dict[str, float]], out: Path, title: str) -> None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return
    xs = [r["steps"] for r in rows if r["games"] > 0]
    ys = [r["win_share"] for r in rows if r["games"] > 0]
    if not xs:
        return
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(xs, ys, lw=0.8, alpha=0.5, label="per update")
    k = 10
    if len(ys) >= k:
        smooth = np.convolve(ys, np.ones(k) / k, mode="valid")
        ax.plot(xs[k - 1:], smooth, lw=2, label=f"mean of {k}")
    ax.set_xlabel("learner steps")
    ax.set_ylabel("win share against the training opponents")
    ax.set_title(title)
    ax.grid(alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(out, dpi=120)
    plt.close(fig)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game")
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--variant", default=None)
    ap.add_argument("--opponents", default="random,heuristic", help="comma list: one drawn per seat and game")
    ap.add_argument("--envs", type=int, default=16)
    ap.add_argument("--horizon", type=int, default=128, help="steps per env per update")
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--minibatch", type=int, default=512)
    ap.add_argument("--hidden", type=int, default=256)
    ap.add_argument("--lr", type=float, default=3e-4)
    ap.add_argument("--gamma", type=float, default=1.0)
    ap.add_argument("--lam", type=float, default=0.95)
    ap.add_argument("--clip", type=float, default=0.2)
    ap.add_argument("--entropy", type=float, default=0.01)
    ap.add_argument("--minutes", type=float, default=20.0, help="stop after this much wall time")
    ap.add_argument("--max-steps", type=int, default=None, help="or after this many learner steps")
    ap.add_argument("--save-every", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args(argv)

    torch.manual_seed(args.seed)
    torch.set_num_threads(1)
    args.out.mkdir(parents=True, exist_ok=True)
    pool = PolicyPool([t.strip() for t in args.opponents.split(",") if t.strip()])
    envs = HustingsVectorEnv(args.game, args.envs, args.players, args.variant, seat="random", opponents=pool)
    cfg = envs.config
    n, size, acts = args.envs, cfg.encoder.size, cfg.num_actions
    policy = mlp([size, args.hidden, args.hidden, acts])
    value = mlp([size, args.hidden, args.hidden, 1])
    opt = torch.optim.Adam([*policy.parameters(), *value.parameters()], lr=args.lr, eps=1e-5)
    obs_np, info = envs.reset(seed=args.seed)
    mask_np = info["action_mask"]
    gen = torch.Generator().manual_seed(args.seed)
    random.seed(args.seed)

    T = args.horizon
    b_obs = torch.zeros((T, n, size))
    b_mask = torch.zeros((T, n, acts), dtype=torch.bool)
    b_act = torch.zeros((T, n), dtype=torch.long)
    b_logp = torch.zeros((T, n))
    b_rew = torch.zeros((T, n))
    b_done = torch.zeros((T, n))
    b_val = torch.zeros((T, n))
    rows: list[dict[str, float]] = []
    started, cpu0 = time.perf_counter(), time.process_time()
    steps = games = update = 0
    extra = {"trained": {"algorithm": "PPO (masked)", "script": "examples/ppo_baseline.py", "opponents": args.opponents,
                         "seed": args.seed, "hidden": args.hidden}}
    while True:
        finished: list[float] = []
        for t in range(T):
            obs = torch.from_numpy(obs_np)
            mask = torch.from_numpy(mask_np)
            with torch.no_grad():
                logits = policy(obs).masked_fill(~mask, -1e9)
                dist = torch.distributions.Categorical(logits=logits)
                a = torch.multinomial(dist.probs, 1, generator=gen).squeeze(-1)  # seeded, unlike dist.sample()
                b_logp[t] = dist.log_prob(a)
                b_val[t] = value(obs).squeeze(-1)
            b_obs[t], b_mask[t], b_act[t] = obs, mask, a
            obs_np, rew, term, trunc, info = envs.step(a.numpy())
            mask_np = info["action_mask"]
            done = term | trunc
            b_rew[t] = torch.from_numpy(rew.astype(np.float32))
            b_done[t] = torch.from_numpy(done.astype(np.float32))
            for i in np.flatnonzero(term):
                finished.append((float(rew[i]) + 1) / 2)  # outcome utility -> win share
        steps += T * n
        games += len(finished)
        with torch.no_grad():
            next_val = value(torch.from_numpy(obs_np)).squeeze(-1)
        adv = torch.zeros((T, n))
        last = torch.zeros(n)
        for t in reversed(range(T)):
            nv = next_val if t == T - 1 else b_val[t + 1]
            nonterminal = 1.0 - b_done[t]
            delta = b_rew[t] + args.gamma * nv * nonterminal - b_val[t]
            last = delta + args.gamma * args.lam * nonterminal * last
            adv[t] = last
        ret = adv + b_val
        f_obs, f_mask, f_act = b_obs.reshape(T * n, size), b_mask.reshape(T * n, acts), b_act.reshape(-1)
        f_logp, f_adv, f_ret = b_logp.reshape(-1), adv.reshape(-1), ret.reshape(-1)
        for _ in range(args.epochs):
            perm = torch.randperm(T * n, generator=gen)
            for s in range(0, T * n, args.minibatch):
                idx = perm[s:s + args.minibatch]
                logits = policy(f_obs[idx]).masked_fill(~f_mask[idx], -1e9)
                dist = torch.distributions.Categorical(logits=logits)
                logp = dist.log_prob(f_act[idx])
                ratio = (logp - f_logp[idx]).exp()
                a_mb = f_adv[idx]
                a_mb = (a_mb - a_mb.mean()) / (a_mb.std() + 1e-8)
                loss_pi = -torch.min(ratio * a_mb, ratio.clamp(1 - args.clip, 1 + args.clip) * a_mb).mean()
                loss_v = 0.5 * (value(f_obs[idx]).squeeze(-1) - f_ret[idx]).pow(2).mean()
                loss = loss_pi + 0.5 * loss_v - args.entropy * dist.entropy().mean()
                opt.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_([*policy.parameters(), *value.parameters()], 0.5)
                opt.step()
        update += 1
        wall, cpu = time.perf_counter() - started, time.process_time() - cpu0
        row = {"update": update, "steps": steps, "wall_s": round(wall, 1), "cpu_s": round(cpu, 1),
               "games": len(finished), "win_share": float(np.mean(finished)) if finished else 0.0}
        rows.append(row)
        print(f"update {update:4d}  steps {steps:8,d}  games {games:6,d}  win share {row['win_share']:.3f} "
              f"({len(finished)} games)  wall {wall:6.0f} s  cpu {cpu:6.0f} s", flush=True)
        stop = wall >= args.minutes * 60 or (args.max_steps is not None and steps >= args.max_steps)
        if update % args.save_every == 0 or stop:
            extra["trained"]["steps"] = steps  # type: ignore[index]
            extra["trained"]["cpu_seconds"] = round(cpu)  # type: ignore[index]
            export(policy, args.out / "policy.npz", cfg.game, cfg.players, cfg.variant, extra)
            with open(args.out / "curve.csv", "w", newline="", encoding="utf-8") as f:
                w = csv.DictWriter(f, fieldnames=list(rows[0]))
                w.writeheader()
                w.writerows(rows)
            plot(rows, args.out / "curve.png", f"PPO on {cfg.game} {cfg.variant} {cfg.players}p "
                                               f"(opponents {args.opponents})")
        if stop:
            return 0


if __name__ == "__main__":
    raise SystemExit(main())

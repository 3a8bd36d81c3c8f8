"""Can a network learn where the search departs from the heuristic? (issue 27 point 3, docs/rl.md *A third attempt*)

An *anchored* policy scores each action as ``mlp([observation, one-hot of the heuristic's pick]) + g * one-hot of
the heuristic's pick`` (``g`` learned, starting at 3): before it learns anything it plays the heuristic, and it
only has to learn where the expert plays something else. This script labels positions and fits that network; it
reports the held-out agreement with the expert, overall and on the positions where the expert and the heuristic
disagree (the only ones where the network can add anything).

    .venv/bin/python benchmarks/anchored_policy.py label --worker 0 --games 400 --out runs/anchor/lab0.npz &
    .venv/bin/python benchmarks/anchored_policy.py label --worker 1 --games 400 --out runs/anchor/lab1.npz &
    .venv/bin/python benchmarks/anchored_policy.py fit runs/anchor/lab*.npz --epochs 15     # needs PyTorch
    .venv/bin/python benchmarks/anchored_policy.py repeat --games 10   # do two searches of one position agree?

``label`` plays 選舉之戰 games (4 players, seeds 7,000,000 + 100,000 * worker + i): the seat ``seed % 4`` is
labelled by the expert (``ismcts:normal``) and by the heuristic, and plays the expert's choice or the heuristic's
at even odds (positions both reach); the other seats are heuristic. The file is rewritten every 10 games, so a run
stopped early keeps what it labelled. ``fit`` holds out every tenth seed.
"""

from __future__ import annotations

import argparse
import collections
import glob
import random
import sys
import time
from typing import Any

import numpy as np

import hustings
from hustings.bots.registry import make_bot
from hustings.bots.runner import ask
from hustings.rl.encoding import encoder_for

GAME, PLAYERS = "election-war", 4


def label(args: argparse.Namespace) -> None:
    variant = hustings.get_spec(GAME).default_variant
    enc = encoder_for(GAME, PLAYERS, variant)
    num_actions = len(type(hustings.make(GAME, players=PLAYERS, variant=variant, seed=0)).SPACE)
    rows: dict[str, list[Any]] = {k: [] for k in ("obs", "mask", "h", "e", "kind", "seed")}
    rng = random.Random(args.worker)
    started, cpu = time.time(), time.process_time()

    def save() -> None:
        np.savez(args.out, obs=np.stack(rows["obs"]), mask=np.stack(rows["mask"]), h=np.array(rows["h"]),
                 e=np.array(rows["e"]), kind=np.array(rows["kind"]), seed=np.array(rows["seed"]))

    for g in range(args.games):
        seed = 7_000_000 + 100_000 * args.worker + g
        state = hustings.make(GAME, players=PLAYERS, variant=variant, seed=seed)
        heuristics = [make_bot("heuristic", GAME, seed * 16 + s) for s in range(PLAYERS)]
        seat = seed % PLAYERS
        expert = make_bot(args.expert, GAME, seed * 16 + seat)
        while not state.is_over:
            p = state.current_players[0]
            legal = state.legal_actions(p)
            if len(legal) == 1:
                action = legal[0]
            elif p == seat:
                view = state.view(p)
                h, e = ask(heuristics[p], state, p, legal), ask(expert, state, p, legal)
                mask = np.zeros(num_actions, dtype=np.bool_)
                mask[[a.id for a in legal]] = True
                rows["obs"].append(enc.encode(view).astype(np.float16))
                rows["mask"].append(mask)
                rows["h"].append(h.id)
                rows["e"].append(e.id)
                rows["kind"].append(f"{view.get('phase')}:{e.kind}")
                rows["seed"].append(seed)
                action = e if rng.random() < 0.5 else h
            else:
                action = ask(heuristics[p], state, p, legal)
            state.apply(p, action)
        if g % 10 == 9 or g == args.games - 1:
            save()
            print(f"worker {args.worker}: {g + 1} games, {len(rows['h'])} labels, {time.time() - started:.0f} s wall, "
                  f"{(time.process_time() - cpu) / max(1, len(rows['h'])):.3f} s CPU a label", flush=True)


def repeat(args: argparse.Namespace) -> None:
    """How often two expert searches from the same position (other seeds) choose alike: an upper bound on how well
    any network can predict the expert's choice, above all where it departs from the heuristic."""
    same = total = departs = same_departs = 0
    for g in range(args.games):
        seed = 8_000_000 + g
        state = hustings.make(GAME, players=PLAYERS, seed=seed)
        heuristics = [make_bot("heuristic", GAME, seed * 16 + s) for s in range(PLAYERS)]
        seat = seed % PLAYERS
        first, second = make_bot(args.expert, GAME, seed * 16 + seat), make_bot(args.expert, GAME, seed * 16 + 99)
        while not state.is_over:
            p = state.current_players[0]
            legal = state.legal_actions(p)
            if len(legal) > 1 and p == seat:
                h, e1, e2 = (ask(b, state, p, legal) for b in (heuristics[p], first, second))
                total += 1
                same += e1 == e2
                if e1 != h:
                    departs += 1
                    same_departs += e1 == e2
                action = e1
            else:
                action = legal[0] if len(legal) == 1 else ask(heuristics[p], state, p, legal)
            state.apply(p, action)
        print(f"{g + 1} games: {total} positions, two searches agree at {same / total:.3f}; where the first departs "
              f"from the heuristic ({departs}), the second chooses the same at {same_departs / max(1, departs):.3f}",
              flush=True)


def fit(args: argparse.Namespace) -> None:
    import torch
    from torch import nn

    torch.set_num_threads(1)
    torch.manual_seed(args.seed)
    files = sorted(f for pattern in args.files for f in glob.glob(pattern))
    if not files:
        sys.exit("no label files")
    d = {k: np.concatenate([np.load(f)[k] for f in files]) for k in ("obs", "mask", "h", "e", "kind", "seed")}
    n, num_actions = d["mask"].shape
    held = d["seed"] % 10 == 0
    kinds: collections.Counter[str] = collections.Counter(d["kind"].tolist())
    departs = collections.Counter(k for k, h, e in zip(d["kind"], d["h"], d["e"], strict=True) if h != e)
    print(f"{n} labels from {len(set(d['seed'].tolist()))} games ({held.sum()} held out); the expert departs from "
          f"the heuristic at {(d['h'] != d['e']).mean():.2f} of them")
    for k, c in kinds.most_common():
        print(f"  {k:20} {c:6d} labels, departs at {departs[k] / c:.2f}")
    width = d["obs"].shape[1] + num_actions
    net = nn.Sequential(nn.Linear(width, args.hidden), nn.ReLU(), nn.Linear(args.hidden, args.hidden), nn.ReLU(),
                        nn.Linear(args.hidden, num_actions))
    with torch.no_grad():
        net[-1].weight.mul_(0.1)
        net[-1].bias.zero_()
    gain = nn.Parameter(torch.tensor(3.0))
    opt = torch.optim.Adam([*net.parameters(), gain], lr=args.lr, weight_decay=args.weight_decay)
    obs = torch.from_numpy(d["obs"].astype(np.float32))
    mask = torch.from_numpy(d["mask"])
    h, e = torch.from_numpy(d["h"]), torch.from_numpy(d["e"])
    hot = torch.zeros(n, num_actions)
    hot[torch.arange(n), h] = 1.0

    def logits(b: Any) -> Any:
        return (net(torch.cat([obs[b], hot[b]], 1)) + gain * hot[b]).masked_fill(~mask[b], -1e9)

    def loss(b: Any) -> Any:
        return -torch.log_softmax(logits(b), 1)[torch.arange(len(b)), e[b]].mean()

    train = torch.from_numpy(np.flatnonzero(~held))
    test = torch.from_numpy(np.flatnonzero(held))
    test_departs = test[h[test] != e[test]]
    baseline = (h[test] == e[test]).float().mean().item()
    shuffle = torch.Generator().manual_seed(args.seed)
    for epoch in range(args.epochs):
        order = train[torch.randperm(len(train), generator=shuffle)]
        for start in range(0, len(order), 256):
            b = order[start:start + 256]
            value = loss(b)
            opt.zero_grad()
            value.backward()
            opt.step()
        with torch.no_grad():
            picks = logits(test).argmax(1)
            agree = (picks == e[test]).float().mean().item()
            on_departs = (logits(test_departs).argmax(1) == e[test_departs]).float().mean().item()
            print(f"epoch {epoch:2d}: held-out loss {loss(test).item():.3f}, agreement with the expert {agree:.3f} "
                  f"(the heuristic alone {baseline:.3f}), where they differ {on_departs:.3f}, departs from the "
                  f"heuristic at {(picks != h[test]).float().mean().item():.3f}, g {gain.item():.2f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("label", help="play and label games (one process per core)")
    p.add_argument("--worker", type=int, default=0)
    p.add_argument("--games", type=int, default=400)
    p.add_argument("--expert", default="ismcts:normal")
    p.add_argument("--out", required=True)
    p.set_defaults(run=label)
    r = sub.add_parser("repeat", help="how often two expert searches of one position choose alike")
    r.add_argument("--games", type=int, default=10)
    r.add_argument("--expert", default="ismcts:normal")
    r.set_defaults(run=repeat)
    q = sub.add_parser("fit", help="fit the anchored network to label files")
    q.add_argument("files", nargs="+")
    q.add_argument("--epochs", type=int, default=15)
    q.add_argument("--hidden", type=int, default=256)
    q.add_argument("--lr", type=float, default=1e-3)
    q.add_argument("--weight-decay", type=float, default=1e-4)
    q.add_argument("--seed", type=int, default=0)
    q.set_defaults(run=fit)
    args = parser.parse_args()
    args.run(args)


if __name__ == "__main__":
    main()

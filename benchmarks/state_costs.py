"""Clone, view and resample cost on Die Macher states, mid-game and at step 150, against another commit in one run.

    .venv/bin/python benchmarks/state_costs.py                       # this tree
    .venv/bin/python benchmarks/state_costs.py --against main        # this tree and main, side by side
    .venv/bin/python benchmarks/state_costs.py --compiled --against main   # the compiled build (make compiled) and main

Figures are CPU time of this process (``time.process_time``), the best of a few repetitions, median over the sampled
states: on a loaded machine wall time says more about the neighbours than about the code. With ``--against`` both
trees run in child processes, alternately, round by round, so that a change in the machine's load hits both alike.
Aims (issue 28): clone and view at most 10 µs, resample at most 60 µs. ``unmarshal`` is a floor, not a cost: CPython
making the view's containers from its marshalled bytes, in C.
"""

from __future__ import annotations

import argparse
import json
import marshal
import os
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

CONFIGS = (("die-macher-2019", "standard", 4), ("die-macher", "full", 4))
POINTS = ("mid", "150")
METRICS = ("clone", "view", "unmarshal", "resample")
AIMS = {"clone": 10.0, "view": 10.0, "resample": 60.0}
# "unmarshal" is no cost of ours but a floor: marshal.loads of the view's bytes (as JSON gives it), CPython making the
# same fresh containers (a view shares none with the state or another view) in C, with no Python code at all
ROOT = Path(__file__).resolve().parent.parent


def _play(state: Any, rng: random.Random, stop: int) -> int:
    n = 0
    while not state.is_over and n < stop:
        p = state.current_players[0]
        acts = state.legal_actions(p)
        state.apply(p, acts[rng.randrange(len(acts))])
        n += 1
    return n


def _per_call_us(fn: Callable[[], object], reps: int) -> float:
    best = float("inf")
    for _ in range(3):
        t0 = time.process_time()
        for _ in range(reps):
            fn()
        best = min(best, (time.process_time() - t0) / reps * 1e6)
    return best


def measure(states: int) -> dict[str, float]:
    """One pass over every configuration in this process: ``{"game|point|metric": µs}``."""
    import hustings
    from hustings.engine import Rng

    out: dict[str, float] = {}
    for game, variant, players in CONFIGS:
        lengths = [_play(hustings.make(game, players=players, variant=variant, seed=i), random.Random(i), 10**6)
                   for i in range(states)]
        for point in POINTS:
            got: dict[str, list[float]] = {m: [] for m in METRICS}
            for i in range(states):
                s = hustings.make(game, players=players, variant=variant, seed=i)
                _play(s, random.Random(i), lengths[i] // 2 if point == "mid" else 150)
                if s.is_over:
                    continue
                p = s.current_players[0]
                r = Rng(i)
                got["clone"].append(_per_call_us(s.clone, 2000))
                got["view"].append(_per_call_us(partial(s.view, p), 1000))
                plain = marshal.dumps(json.loads(json.dumps(s.view(p))))
                got["unmarshal"].append(_per_call_us(partial(marshal.loads, plain), 1000))
                got["resample"].append(_per_call_us(partial(s.resample, p, r), 300))
            for m in METRICS:
                out[f"{game}|{point}|{m}"] = statistics.median(got[m]) if got[m] else float("nan")
    return out


def _child(src: Path, states: int) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=str(src))
    done = subprocess.run([sys.executable, __file__, "--child", "--states", str(states)], env=env, check=True,
                          capture_output=True, text=True)
    result: dict[str, float] = json.loads(done.stdout)
    return result


def _export(ref: str, into: Path) -> Path:
    """The ``src`` folder of ``ref`` in a temporary folder (git archive: the working tree is left alone)."""
    archive = into / "src.tar"
    with archive.open("wb") as f:
        subprocess.run(["git", "-C", str(ROOT), "archive", ref, "src"], stdout=f, check=True)
    with tarfile.open(archive) as tar:
        tar.extractall(into, filter="data")
    return into / "src"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--states", type=int, default=6, help="states sampled per configuration and point (default 6)")
    ap.add_argument("--rounds", type=int, default=3, help="alternating rounds with --against (default 3)")
    ap.add_argument("--against", metavar="GITREF", help="also measure this commit's src, side by side")
    ap.add_argument("--compiled", action="store_true",
                    help="measure this tree's compiled build (build/compiled, made by `make compiled`: docs/build.md)")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.states < 1 or args.rounds < 1:
        ap.error("--states and --rounds must be at least 1")
    if args.child:
        print(json.dumps(measure(args.states)))
        return 0
    here = "this tree"
    tree = ROOT / "src"
    if args.compiled:
        here, tree = "compiled", ROOT / "build" / "compiled"
        if not (tree / "BUILT").exists():
            print("state_costs: no compiled build (make compiled)", file=sys.stderr)
            return 2
    runs: dict[str, list[dict[str, float]]] = {here: []}
    with tempfile.TemporaryDirectory() as tmp:
        trees = {here: tree}
        if args.against:
            try:
                trees = {args.against: _export(args.against, Path(tmp)), **trees}
            except subprocess.CalledProcessError:
                print(f"state_costs: cannot export {args.against!r} (not a commit of this repository?)",
                      file=sys.stderr)
                return 2
            runs = {args.against: [], here: []}
        for _ in range(args.rounds if args.against else 1):
            for name, src in trees.items():
                runs[name].append(_child(src, args.states))
    names = list(runs)
    print(f"CPU µs per call (process time, best of 3, median of {args.states} states; "
          f"{os.getloadavg()[0]:.1f} load average at the end)")
    print(f"{'configuration':28} {'metric':9} " + " ".join(f"{n[:14]:>14}" for n in names) + "   aim")
    for game, _, players in CONFIGS:
        for point in POINTS:
            for m in METRICS:
                key = f"{game}|{point}|{m}"
                vals = [statistics.median(r[key] for r in runs[n]) for n in names]
                cells = " ".join(f"{v:14.1f}" for v in vals)
                aim = AIMS.get(m)
                verdict = "(floor)" if aim is None else f"≤{aim:.0f} {'ok' if vals[-1] <= aim else 'above'}"
                print(f"{game + ' ' + str(players) + 'p ' + point:28} {m:9} {cells}   {verdict}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

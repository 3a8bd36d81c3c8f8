"""Random play in CPU instructions per step, counted by callgrind: the same figure whatever the machine's load.

    .venv/bin/python benchmarks/instructions_per_step.py                 # every game, 4 OpenSpiel games
    .venv/bin/python benchmarks/instructions_per_step.py --game die-macher --games 10

Each configuration runs twice under ``valgrind --tool=callgrind`` in a child process: once with imports and one
``make()`` only, once also playing ``--games`` seeded random games (the loop of ``engine_speed.py``: make(),
then a uniform random legal action until the end, no views). The difference in instructions over the steps
played is the cost of a step, ``make()`` included as engine_speed.py times it. OpenSpiel's pure-Python games
(when installed) run the same way with chance outcomes sampled, every apply counted as a step; the ratio of
the cost at their median speed to ours is what engine_speed.py's steps/s ratio estimates on a quiet machine.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
from typing import Any

OPENSPIEL_GAMES = ("python_kuhn_poker", "python_liars_poker", "python_tic_tac_toe", "python_block_dominoes")


# ------------------------------------------------------------------------------------------- child side


def child_ours(game: str, variant: str, players: int, games: int) -> int:
    from engine_speed import play_random  # the very loop engine_speed.py times

    import hustings

    hustings.make(game, players=players, variant=variant, seed=0)  # imports and first-use caches
    steps = 0
    for seed in range(games):
        steps += play_random(hustings.make(game, players=players, variant=variant, seed=seed), random.Random(seed))
    return steps


def child_openspiel(name: str, games: int) -> int:
    import pyspiel  # type: ignore[import-not-found, unused-ignore]
    from engine_speed import load_openspiel, openspiel_play  # the very loop engine_speed.py times

    load_openspiel()  # registers the pure-Python games
    game = pyspiel.load_game(name)
    game.new_initial_state()
    rng = random.Random(0)
    steps = 0
    for _ in range(games):
        steps += openspiel_play(game.new_initial_state(), rng)[0]
    return steps


# ------------------------------------------------------------------------------------------ parent side


def count(args: list[str]) -> tuple[int, int]:
    """(instructions, steps) of one child run under callgrind."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "cg.out")
        cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, __file__, "--child"]
        cmd += args
        res = subprocess.run(cmd, capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"})
        if res.returncode:
            raise RuntimeError(f"child {args} failed:\n{res.stderr[-2000:]}")
        steps = int(res.stdout.split()[-1])
        with open(out) as f:
            for line in f:
                if line.startswith("summary:") or line.startswith("totals:"):
                    return int(line.split()[1]), steps
    raise RuntimeError(f"no callgrind total for {args}")


def per_step(args: list[str], games: int) -> tuple[float, int]:
    base, _ = count([*args, "0"])
    total, steps = count([*args, str(games)])
    return (total - base) / steps, steps


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "--child":
        kind, *rest = argv[1:]
        if kind == "ours":
            game, variant, players, games = rest
            print(child_ours(game, variant, int(players), int(games)))
        else:
            name, games = rest
            print(child_openspiel(name, int(games)))
        return 0

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", action="append", help="only this game of ours (repeatable; default: all)")
    ap.add_argument("--games", type=int, default=20, help="random games per configuration of ours (default 20)")
    ap.add_argument("--spiel-games", type=int, default=300, help="games per OpenSpiel game (default 300)")
    ap.add_argument("--no-openspiel", action="store_true", help="skip the OpenSpiel games")
    args = ap.parse_args(argv)
    if shutil.which("valgrind") is None:
        ap.error("valgrind is not installed")

    from hustings.engine import get_spec, list_games

    rows: list[tuple[str, float, int]] = []
    for game in list_games():
        if args.game and game not in args.game:
            continue
        spec = get_spec(game)
        for variant in spec.variants:
            counts = spec.player_counts(variant)
            players = 4 if 4 in counts else counts[0]
            cost, steps = per_step(["ours", game, variant, str(players)], args.games)
            rows.append((f"{game} {variant} {players}p", cost, steps))
            print(f"{rows[-1][0]:<36} {cost:>10,.0f} instructions/step over {steps:,} steps", flush=True)
    spiel: list[float] = []
    if not args.no_openspiel:
        try:
            import pyspiel  # type: ignore[import-not-found, unused-ignore]  # noqa: F401
        except ImportError:
            print("open_spiel is not installed: no comparison (pip install -e '.[bench]')")
        else:
            for name in OPENSPIEL_GAMES:
                cost, steps = per_step(["spiel", name], args.spiel_games)
                spiel.append(cost)
                print(f"{name:<36} {cost:>10,.0f} instructions/step over {steps:,} steps", flush=True)
    if spiel:
        # engine_speed.py takes the median of steps/s, so the median of 1/cost here (with four games, the
        # harmonic mean of the middle two costs), not the median of the costs
        med: Any = 1 / statistics.median(1 / c for c in spiel)
        print(f"OpenSpiel median speed: {med:,.0f} instructions/step")
        for name, cost, _ in rows:
            # fewer instructions per step means more steps/s: the ratio engine_speed.py prints
            print(f"{name:<36} {cost / med:.2f}x the median's cost, about {med / cost:.2f}x its speed")
    return 0


if __name__ == "__main__":
    sys.exit(main())

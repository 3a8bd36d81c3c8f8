"""選舉之戰 random-play throughput at 4, 10 and 15 players (issue 11's figures; docs/rules/election-war.md).

    .venv/bin/python benchmarks/election_war_speed.py              # 200 games per player count
    .venv/bin/python benchmarks/election_war_speed.py --games 50   # a quick look

A uniform random choice among the legal actions at every step, through the public API only (``legal_actions``
and ``apply``); steps/s counts applied actions over CPU time (``time.process_time``), so a loaded machine
slows it less than it slows wall time.
"""

from __future__ import annotations

import argparse
import random
import time

import hustings

GAME = "election-war"


def run(players: int, games: int) -> tuple[int, float, float]:
    """(steps, CPU seconds, wall seconds) of ``games`` random games."""
    steps = 0
    cpu0, wall0 = time.process_time(), time.perf_counter()
    for seed in range(games):
        rng = random.Random(seed)
        s = hustings.make(GAME, players=players, seed=seed)
        while not s.is_over:
            p = s.current_players[0]
            legal = s.legal_actions(p)
            s.apply(p, legal[rng.randrange(len(legal))])
        steps += s.step_count
    return steps, time.process_time() - cpu0, time.perf_counter() - wall0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=200, help="random games per player count (default 200)")
    ap.add_argument("--players", type=int, nargs="*", default=[4, 10, 15])
    args = ap.parse_args()
    print("players  games  steps/game  steps/s (CPU)  steps/s (wall)  games/s (CPU)")
    for n in args.players:
        steps, cpu, wall = run(n, args.games)
        print(f"{n:7d}  {args.games:5d}  {steps / args.games:10.1f}  {steps / cpu:13,.0f}  {steps / wall:14,.0f}  "
              f"{args.games / cpu:13.1f}")


if __name__ == "__main__":
    main()

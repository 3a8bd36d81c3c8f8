"""選舉之戰 random-play throughput at 4, 10 and 15 players (issue 11's figures; docs/rules/election-war.md).

    .venv/bin/python benchmarks/election_war_speed.py              # 200 games per player count
    .venv/bin/python benchmarks/election_war_speed.py --games 50   # a quick look

A uniform random choice among the legal actions at every step, through the public API only (``legal_actions``
and ``apply``); steps/s counts applied actions over CPU time (``time.process_time``), so a loaded machine
slows it less than it slows wall time. ``--ismcts N`` also times ``ismcts:normal`` (its lab budget: iterations,
no clock) on N mid-campaign positions of heuristic games per player count: CPU and wall time per decision.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import hustings
from hustings.bots import HeuristicBot, make_bot
from hustings.bots.runner import ask

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


def positions(players: int, count: int) -> list[hustings.GameState]:
    """Decision points with more than one legal action, past the declaration, from heuristic games."""
    rng = random.Random(players)
    bot = HeuristicBot(GAME)
    out: list[hustings.GameState] = []
    seed = 0
    while len(out) < count:
        s = hustings.make(GAME, players=players, seed=seed)
        seed += 1
        while not s.is_over and len(out) < count:
            p = s.current_players[0]
            legal = s.legal_actions(p)
            if str(s.phase) != "declare" and len(legal) > 1 and rng.random() < 0.05:
                out.append(s.clone())
            s.apply(p, bot.act(s.view(p), legal))
    return out


def ismcts_times(players: int, count: int) -> tuple[float, float, float]:
    """(median CPU ms, p95 CPU ms, median wall ms) of ismcts:normal decisions."""
    cpu, wall = [], []
    for i, s in enumerate(positions(players, count)):
        p = s.current_players[0]
        bot = make_bot("ismcts:normal", GAME, seed=i)
        t0, c0 = time.perf_counter(), time.process_time()
        ask(bot, s, p, s.legal_actions(p))
        wall.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
    cpu.sort()
    return statistics.median(cpu), cpu[int(0.95 * (len(cpu) - 1))], statistics.median(wall)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=200, help="random games per player count (default 200)")
    ap.add_argument("--players", type=int, nargs="*", default=[4, 10, 15])
    ap.add_argument("--ismcts", type=int, default=0, help="also time ismcts:normal on this many positions")
    args = ap.parse_args()
    print("players  games  steps/game  steps/s (CPU)  steps/s (wall)  games/s (CPU)")
    for n in args.players:
        steps, cpu, wall = run(n, args.games)
        print(f"{n:7d}  {args.games:5d}  {steps / args.games:10.1f}  {steps / cpu:13,.0f}  {steps / wall:14,.0f}  "
              f"{args.games / cpu:13.1f}")
    if args.ismcts:
        print("players  positions  ismcts:normal ms/decision CPU median / p95  wall median")
        for n in args.players:
            med, p95, wall_med = ismcts_times(n, args.ismcts)
            print(f"{n:7d}  {args.ismcts:9d}  {med:21.0f} / {p95:.0f}  {wall_med:11.0f}")


if __name__ == "__main__":
    main()

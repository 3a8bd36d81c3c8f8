"""Simulation throughput (1 and 2 local workers, Ray on 2 workers) and ISMCTS speed per level.

    .venv/bin/python benchmarks/lab_speed.py [--games 200] [--positions 30]

Prints games/s and the scaling efficiency (speed-up / workers), then for each ISMCTS level the decision
time (median, 95th percentile) and iterations per second over mid-game positions of Die Macher 2019 (or
``--game G --players N``). The
bots run as in the lab: on their level's iteration budget, with no clock (``--clock`` measures them as
people's tables run them, stopping at the level's time limit too).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from rich.console import Console
from rich.table import Table

import hustings
from hustings.bots import HeuristicBot, IsmctsBot, make_bot
from hustings.bots.ismcts import LEVELS
from hustings.bots.runner import ask
from hustings.sim.lab import SimConfig, run

GAME = "die-macher-2019"


def throughput(games: int, bots: str, ray: bool = True) -> list[tuple[str, int, float, float, float]]:
    """(backend, workers, games/s overall, start-up seconds, games/s once running) per setup."""
    cfg = SimConfig.build(GAME, 4, "standard", bots, games, 1)
    rows = []
    setups = [("local", 1, "local"), ("local", 2, "local")] + ([("ray", 2, "ray")] if ray else [])
    for label, workers, backend in setups:
        t0 = time.perf_counter()
        first = None
        n = 0
        for _ in run(cfg, workers=workers, backend=backend):
            n += 1
            if first is None:
                first = time.perf_counter()
        end = time.perf_counter()
        assert first is not None
        # Start-up (spawning processes, starting Ray) is a fixed cost; the steady rate is what scales.
        rows.append((label, workers, n / (end - t0), first - t0, (n - 1) / max(1e-9, end - first)))
    return rows


def positions(count: int, game: str = GAME, players: int = 4) -> list[hustings.GameState]:
    """Mid-game decision points with more than one legal action, spread over phases and games (heuristic play;
    stops between a tenth and nine tenths of a first game's length: Die Macher 2019's 20 to 330)."""
    rng = random.Random(5)
    out: list[hustings.GameState] = []
    seed = 0
    bot = HeuristicBot(game)
    if game == GAME and players == 4:
        span = range(20, 330)
    else:
        first = hustings.make(game, players=players, seed=10_000)
        while not first.is_over:
            p = first.current_players[0]
            first.apply(p, bot.act(first.view(p), first.legal_actions(p)))
        span = range(first.step_count // 10, max(first.step_count // 10 + 7, first.step_count * 9 // 10))
    while len(out) < count:
        s = hustings.make(game, players=players, seed=seed)
        seed += 1
        stops = sorted(rng.sample(span, 6))
        while not s.is_over and stops:
            p = s.current_players[0]
            legal = s.legal_actions(p)
            if s.step_count >= stops[0] and len(legal) > 1:
                out.append(s.clone())
                stops.pop(0)
            s.apply(p, bot.act(s.view(p), legal))
    return out[:count]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=200, help="games per throughput run")
    ap.add_argument("--bots", default="heuristic", help="bots for the throughput runs")
    ap.add_argument("--positions", type=int, default=30, help="positions per ISMCTS level")
    ap.add_argument("--skip-ray", action="store_true")
    ap.add_argument("--skip-throughput", action="store_true", help="only the ISMCTS table")
    ap.add_argument("--levels", default=",".join(LEVELS), help="ISMCTS levels to measure")
    ap.add_argument("--clock", action="store_true", help="also stop at the level's time limit (people's tables)")
    ap.add_argument("--game", default=GAME, help=f"the ISMCTS table's game (default {GAME}; throughput is always it)")
    ap.add_argument("--players", type=int, default=4, help="the ISMCTS table's seat count (default 4)")
    args = ap.parse_args()
    console = Console()

    if not args.skip_throughput:
        rows = throughput(args.games, args.bots, ray=not args.skip_ray)
        t = Table(title=f"Simulation throughput: {GAME} standard 4p, {args.bots} bots, {args.games} games")
        for col in ("backend", "workers", "games/s", "start-up s", "steady games/s", "speed-up", "efficiency"):
            t.add_column(col, justify="right")
        base = rows[0][4]
        for label, workers, gps, startup, steady in rows:
            t.add_row(label, str(workers), f"{gps:.1f}", f"{startup:.2f}", f"{steady:.1f}",
                      f"{steady / base:.2f}x", f"{steady / base / workers:.0%}")
        console.print(t)
        console.print("speed-up and efficiency compare steady rates (after start-up) with 1 local worker")

    pos = positions(args.positions, args.game, args.players)
    mode = "iterations and time limit" if args.clock else "iteration budget only, as in the lab"
    t = Table(title=f"ISMCTS per level over {len(pos)} mid-game positions of {args.game} {args.players}p "
                    f"(heuristic rollouts; {mode})")
    for col in ("level", "budget", "median s", "p95 s", "median CPU s", "iterations/s", "iterations/CPU s",
                "median iterations"):
        t.add_column(col, justify="right")
    for level in args.levels.split(","):
        cfg = LEVELS[level]
        times, cpu, rates, its, cpu_rates = [], [], [], [], []
        for i, s in enumerate(pos):
            bot = make_bot(f"ismcts:{level}", args.game, i, clock=args.clock)
            assert isinstance(bot, IsmctsBot)
            p = s.current_players[0]
            t0, c0 = time.perf_counter(), time.process_time()
            ask(bot, s, p, s.legal_actions(p))  # as the lab asks: the InfoSet is built inside the timing
            dt = time.perf_counter() - t0
            cpu.append(time.process_time() - c0)  # what the search cost, whatever else the machine runs
            times.append(dt)
            rates.append(bot.last_iterations / dt)
            cpu_rates.append(bot.last_iterations / max(1e-9, cpu[-1]))
            its.append(bot.last_iterations)
        times.sort()
        budget = f"{int(cfg['iterations'])} it" + (f" / {cfg['seconds']} s" if args.clock else "")
        t.add_row(level, budget, f"{statistics.median(times):.3f}",
                  f"{times[int(0.95 * (len(times) - 1))]:.3f}", f"{statistics.median(cpu):.3f}",
                  f"{statistics.median(rates):.0f}", f"{statistics.median(cpu_rates):.0f}",
                  f"{statistics.median(its):.0f}")
    console.print(t)


if __name__ == "__main__":
    main()

"""Screen a change to our search cheaply (issue 27 point 2): one ``ismcts`` seat with some settings against
heuristic bots, or two search seats (settings A and B) beside heuristic bots, seats rotated game by game.

    .venv/bin/python benchmarks/search_screen.py --game election-war --a tree=mine --iterations 40 --games 100
    .venv/bin/python benchmarks/search_screen.py --a tree=mine --b tree=all --games 100   # head to head

Settings are ``IsmctsBot`` fields as ``key=value`` (numbers are read as numbers), applied to the bot
``make_bot("ismcts:LEVEL")`` builds, so the game's heuristic, evaluator and level stay as the ladder has them.
Prints each search seat's win share with its 95% Wilson interval and its CPU ms a decision (process time).
"""

from __future__ import annotations

import argparse
import signal
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Any

import hustings
from hustings.bots import make_bot
from hustings.bots.ismcts import IsmctsBot
from hustings.bots.runner import ask
from hustings.sim.lab import wilson


def settings(text: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for part in filter(None, text.split(",")):
        key, _, value = part.partition("=")
        v: Any = value
        for kind in (int, float):
            try:
                v = kind(value)
                break
            except ValueError:
                pass
        if value == "None":
            v = None
        out[key] = v
    return out


def search_bot(game: str, level: str, seed: int, iterations: int | None, extra: dict[str, Any]) -> IsmctsBot:
    bot = make_bot(f"ismcts:{level}", game, seed, clock=False)
    assert isinstance(bot, IsmctsBot)
    if iterations is not None:
        bot.iterations = iterations
    for key, value in extra.items():
        if not hasattr(bot, key):
            raise SystemExit(f"IsmctsBot has no setting {key!r}")
        setattr(bot, key, value)
    bot.__post_init__()  # checks the names, rebuilds the generator from the seed
    if iterations is not None:
        bot.iterations = iterations
    return bot


@dataclass
class Played:
    seats: dict[str, int]
    winners: list[int]
    cpu: dict[str, list[float]] = field(default_factory=dict)


def play(args: argparse.Namespace, i: int) -> Played:
    n = args.players
    gseed = args.seed + i
    kw: dict[str, Any] = {"players": n, "seed": gseed}
    if args.variant:
        kw["variant"] = args.variant
    state = hustings.make(args.game, **kw)
    roles = {"A": i % n}
    if args.b is not None:
        roles["B"] = (i + 1) % n
    seat_role = {s: r for r, s in roles.items()}
    bots: list[Any] = []
    for s in range(n):
        r = seat_role.get(s)
        if r is None:
            bots.append(make_bot("heuristic", args.game, gseed * 16 + s))
        else:
            # the same seed for A and B whatever seat they sit in: only the settings differ
            bots.append(search_bot(args.game, args.level, gseed * 16 + 7, args.iterations,
                                   settings(args.a if r == "A" else args.b)))
    out = Played(roles, [])
    while not state.is_over:
        p = state.current_players[0]
        legal = state.legal_actions(p)
        r = seat_role.get(p)
        t = time.process_time()
        a = ask(bots[p], state, p, legal)
        if r is not None and len(legal) > 1:
            out.cpu.setdefault(r, []).append(time.process_time() - t)
        state.apply(p, a)
    out.winners = list(state.outcome().winners)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="election-war")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--variant", default=None)
    ap.add_argument("--level", default="normal")
    ap.add_argument("--iterations", type=int, default=None)
    ap.add_argument("--a", default="", help="settings of the search seat A (key=value,…)")
    ap.add_argument("--b", default=None, help="settings of a second search seat B; none: heuristics only")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--first", type=int, default=0, help="index of the first game (to add games to a run)")
    ap.add_argument("--seed", type=int, default=3001)
    args = ap.parse_args()
    results: list[Played] = []
    started = time.perf_counter()
    # a background job ignores Ctrl-C: SIGTERM stops the run too, and the games finished are reported
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    try:
        for i in range(args.first, args.first + args.games):
            results.append(play(args, i))
            r = results[-1]
            print(f"game {i}: seats {r.seats} winners {r.winners}", flush=True)
    except KeyboardInterrupt:
        print(f"stopped after {len(results)} games")
    print(f"\n{args.game} {args.players}p, {len(results)} games from {args.first}, seed {args.seed}, "
          f"level {args.level}, iterations {args.iterations or 'level'}; {time.perf_counter() - started:.0f} s wall")
    for role, text in (("A", args.a), ("B", args.b)):
        if text is None:
            continue
        wins = sum(1.0 / len(r.winners) for r in results if r.winners and r.seats[role] in r.winners)
        lo, hi = wilson(wins, len(results))
        cpu = [t for r in results for t in r.cpu.get(role, [])]
        print(f"{role} [{text or 'as is'}]: win share {wins / len(results):.3f} [{lo:.3f}, {hi:.3f}] "
              f"({wins:g} wins), CPU ms a decision median {statistics.median(cpu) * 1e3:.1f} "
              f"p95 {sorted(cpu)[int(0.95 * (len(cpu) - 1))] * 1e3:.1f}")
    lost = sum(1 for r in results if not r.winners)
    print(f"everyone lost: {lost}", file=sys.stdout)


if __name__ == "__main__":
    main()

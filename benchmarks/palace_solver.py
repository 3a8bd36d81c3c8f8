"""逃出總統府 (palace-escape): the solver's figures and timings (issue 11's closing note).

    python benchmarks/palace_solver.py              # deals, solvable deals, optimal lengths, timings (default reading)
    python benchmarks/palace_solver.py --readings   # both readings of the capture rule (capture=moving, strict),
                                                    # and the other readings of 並排 (rulings.md R2, R13)

Figures: arrangements of the cards (the whole state space), deals (president top left), solvable deals, the
distribution of optimal lengths. Timings: the whole-space backward search (what the game computes once per
process), one deal solved from scratch by a forward search, and one deal looked up in the solved table.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import deque
from collections.abc import Callable

from rich.console import Console
from rich.table import Table

from hustings.games.palace_escape import solver
from hustings.games.palace_escape.solver import (
    DECKS,
    GOAL,
    MOVING,
    PAIRS,
    PRESIDENT,
    PROTESTER,
    READINGS,
    STRICT,
    Board,
    legal_pairs,
    swapped,
)

MODES = (("normal", False), ("hard", True))


def _timed(fn: Callable[[], object], repeat: int) -> float:
    """Median seconds of ``repeat`` calls."""
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def figures(console: Console, readings: tuple[str, ...]) -> None:
    t = Table(title="逃出總統府: the whole space under each reading of 步驟 4 (rulings R2, R13)")
    for col in ("mode", "capture", "arrangements", "winnable positions", "deals", "solvable deals",
                "unsolvable", "optimal length min-max", "mean"):
        t.add_column(col, justify="right")
    columns = []
    for name, hard in MODES:
        for reading in readings if hard else (MOVING,):
            tab = solver.table(hard, reading)
            n_arr = sum(1 for _ in solver.arrangements(DECKS[hard]))
            lengths = tab.lengths()
            total = sum(lengths.values())
            mean = sum(k * v for k, v in lengths.items()) / total
            label = reading if hard else "(no protester)"
            t.add_row(name, label, f"{n_arr:,}", f"{len(tab.dist):,}", f"{len(tab.deals):,}", f"{total:,}",
                      f"{len(tab.deals) - total:,}", f"{min(lengths)}-{max(lengths)}", f"{mean:.2f}")
            columns.append((f"{name} {reading}" if hard else name, lengths))
    console.print(t)
    d = Table(title="Deals by optimal length (the difficulty, R6)")
    d.add_column("moves", justify="right")
    for title, _ in columns:
        d.add_column(title, justify="right")
    lo = min(min(v) for _, v in columns)
    hi = max(max(v) for _, v in columns)
    for k in range(lo, hi + 1):
        d.add_row(str(k), *(str(v.get(k, "")) for _, v in columns))
    console.print(d)
    for reading in readings:
        hard = solver.table(True, reading)
        unsolvable = [deal for deal, n in zip(hard.deals, hard.deal_length, strict=True) if n is None]
        alive = [b for b in solver.arrangements(DECKS[True]) if b[GOAL] != PRESIDENT
                 and not (reading == STRICT and solver.caught(b))]
        hopeless = sum(1 for b in alive if b not in hard.dist)
        console.print(f"hard, capture={reading}: {len(unsolvable)} unsolvable deals "
                      f"({sum(solver.caught(b) for b in unsolvable)} of them with the protester dealt beside the "
                      f"president); {hopeless} hopeless positions among the {len(alive):,} a move may lead to "
                      f"and play on from.")


def timings(console: Console, repeat: int) -> None:
    t = Table(title=f"Solver timings (median of {repeat} runs, this machine)")
    for col in ("mode", "whole space (backward BFS)", "one deal (forward BFS)", "one deal (table lookup)"):
        t.add_column(col, justify="right")
    rng = random.Random(1)
    for name, hard, reading in (("normal", False, MOVING), ("hard", True, MOVING), ("hard strict", True, STRICT)):
        whole = _timed(lambda hard=hard, reading=reading: solver.solve_space(hard, reading),  # type: ignore[misc]
                       repeat)
        tab = solver.table(hard, reading)
        deals = rng.sample(tab.solvable_deals(), 100)
        fwd = _timed(lambda deals=deals, reading=reading: [solver.forward_search(d, reading)  # type: ignore[misc]
                                                           for d in deals], max(1, repeat // 3)) / len(deals)
        look = _timed(lambda tab=tab, deals=deals: [tab.solution(d) for d in deals], repeat) / len(deals)
        t.add_row(name, f"{whole * 1000:.1f} ms", f"{fwd * 1000:.2f} ms", f"{look * 1e6:.0f} µs")
    console.print(t)


# ------------------------------------------------------------------------------- other readings of 並排

def _beside_sets(reading: str) -> tuple[frozenset[int], ...]:
    tests: dict[str, Callable[[int, int], bool]] = {
        "edge": lambda dr, dk: dr + dk == 1,
        "edge+corner": lambda dr, dk: max(dr, dk) == 1,
        "row/column": lambda dr, dk: dr == 0 or dk == 0,
    }
    near = tests[reading]
    out = []
    for c in range(9):
        r, k = divmod(c, 3)
        out.append(frozenset(d for d in range(9) if d != c and near(abs(r - d // 3), abs(k - d % 3))))
    return tuple(out)


def reading_lengths(beside: tuple[frozenset[int], ...], president_only: bool) -> dict[int | None, int]:
    """Deals of hard mode by optimal length under another reading of step 4 (None: unsolvable)."""
    def caught(b: Board) -> bool:
        return b.index(PROTESTER) in beside[b.index(PRESIDENT)]

    rest = list(DECKS[True])
    rest.remove(PRESIDENT)
    dist: dict[Board, int] = {}
    queue: deque[Board] = deque()
    for others in solver.arrangements(rest):
        b = (*others, PRESIDENT)
        if not caught(b):
            dist[b] = 0
            queue.append(b)
    while queue:
        t = queue.popleft()
        for i in legal_pairs(t):
            s = swapped(t, i)
            if s in dist or s[GOAL] == PRESIDENT:
                continue
            moves_president = PRESIDENT in (t[PAIRS[i][0]], t[PAIRS[i][1]])
            if president_only:
                if moves_president and caught(t):
                    continue  # this swap loses
            elif caught(s):
                continue  # s is lost, never a position to move from (except a deal, below)
            dist[s] = dist[t] + 1
            queue.append(s)
    out: dict[int | None, int] = {}
    for others in solver.arrangements(rest):
        deal = (PRESIDENT, *others)
        n = dist.get(deal)
        if n is None and not president_only and caught(deal):  # R3: a deal beside the protester is alive
            nexts = [dist[t] for t in (swapped(deal, i) for i in legal_pairs(deal)) if t in dist and not caught(t)]
            n = 1 + min(nexts) if nexts else None
        out[n] = out.get(n, 0) + 1
    return out


def readings(console: Console) -> None:
    t = Table(title="Hard mode under every reading of 並排 (an independent search; R2: edge, president's moves; "
                    "capture=strict: edge, every move)")
    for col in ("beside means", "checked", "solvable deals", "unsolvable", "optimal min-max", "mean"):
        t.add_column(col, justify="right")
    for reading in ("edge", "edge+corner", "row/column"):
        for president_only in (False, True):
            lengths = reading_lengths(_beside_sets(reading), president_only)
            ok = {k: v for k, v in lengths.items() if k is not None}
            total = sum(ok.values())
            mean = sum(k * v for k, v in ok.items()) / total if total else 0.0
            t.add_row(reading, "president's moves" if president_only else "every move", f"{total:,}",
                      f"{lengths.get(None, 0):,}", f"{min(ok)}-{max(ok)}" if ok else "-", f"{mean:.2f}")
    console.print(t)
    # the game's solver and this independent search agree on the two readings the game offers
    for reading, president_only in ((MOVING, True), (STRICT, False)):
        mine = reading_lengths(_beside_sets("edge"), president_only)
        game = solver.table(True, reading)
        theirs: dict[int | None, int] = dict(game.lengths())
        if len(game.deals) > len(game.solvable_deals()):
            theirs[None] = len(game.deals) - len(game.solvable_deals())
        console.print(f"capture={reading}: the game's solver and this search agree: {mine == theirs}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=9, help="runs per timing (median)")
    ap.add_argument("--readings", action="store_true",
                    help="both readings of the capture rule (capture=moving and strict), and the other readings of "
                         "並排 (R2, R13)")
    args = ap.parse_args()
    console = Console(width=140)
    figures(console, READINGS if args.readings else (MOVING,))
    timings(console, args.repeat)
    if args.readings:
        readings(console)


if __name__ == "__main__":
    main()

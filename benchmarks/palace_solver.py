"""逃出總統府 (palace-escape): the solver's figures and timings (issue 11's closing note).

    python benchmarks/palace_solver.py              # deals, solvable deals, optimal lengths, timings
    python benchmarks/palace_solver.py --readings   # also the other readings of 並排 (rulings.md R2)

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
from hustings.games.palace_escape.solver import DECKS, GOAL, PAIRS, PRESIDENT, PROTESTER, Board, legal_pairs, swapped

MODES = (("normal", False), ("hard", True))


def _timed(fn: Callable[[], object], repeat: int) -> float:
    """Median seconds of ``repeat`` calls."""
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def figures(console: Console) -> None:
    t = Table(title="逃出總統府: the whole space (R2: 並排 = sharing an edge, checked after every move)")
    for col in ("mode", "arrangements", "winnable positions", "caught positions", "deals", "solvable deals",
                "unsolvable", "optimal length min-max", "mean"):
        t.add_column(col, justify="right")
    for name, hard in MODES:
        tab = solver.table(hard)
        n_arr = sum(1 for _ in solver.arrangements(DECKS[hard]))
        n_caught = sum(1 for b in solver.arrangements(DECKS[hard]) if solver.caught(b))
        lengths = tab.lengths()
        total = sum(lengths.values())
        mean = sum(k * v for k, v in lengths.items()) / total
        t.add_row(name, f"{n_arr:,}", f"{len(tab.dist):,}", f"{n_caught:,}", f"{len(tab.deals):,}",
                  f"{total:,}", f"{len(tab.deals) - total:,}", f"{min(lengths)}-{max(lengths)}", f"{mean:.2f}")
    console.print(t)
    d = Table(title="Deals by optimal length (the difficulty, R6)")
    d.add_column("moves", justify="right")
    for name, _hard in MODES:
        d.add_column(name, justify="right")
    by = {name: solver.table(hard).lengths() for name, hard in MODES}
    for k in range(min(min(v) for v in by.values()), max(max(v) for v in by.values()) + 1):
        d.add_row(str(k), *(str(by[name].get(k, "")) for name, _ in MODES))
    console.print(d)
    hard = solver.table(True)
    unsolvable = [deal for deal, n in zip(hard.deals, hard.deal_length, strict=True) if n is None]
    console.print(f"hard: every position where the president is not beside the protester can still escape; the "
                  f"{len(unsolvable)} unsolvable deals all have the protester dealt beside him "
                  f"({sum(solver.caught(b) for b in unsolvable)} of them) with no swap that parts them (R3).")


def timings(console: Console, repeat: int) -> None:
    t = Table(title=f"Solver timings (median of {repeat} runs, this machine)")
    for col in ("mode", "whole space (backward BFS)", "one deal (forward BFS)", "one deal (table lookup)"):
        t.add_column(col, justify="right")
    rng = random.Random(1)
    for name, hard in MODES:
        whole = _timed(lambda hard=hard: solver.solve_space(hard), repeat)  # type: ignore[misc]
        tab = solver.table(hard)
        deals = rng.sample(tab.solvable_deals(), 100)
        fwd = _timed(lambda deals=deals: [solver.forward_search(d) for d in deals], max(1, repeat // 3)) / len(deals)
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
    t = Table(title="Hard mode under other readings of 並排 (R2 chose: edge, after every move)")
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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=9, help="runs per timing (median)")
    ap.add_argument("--readings", action="store_true", help="also the other readings of 並排 (R2)")
    args = ap.parse_args()
    console = Console(width=120)
    figures(console)
    timings(console, args.repeat)
    if args.readings:
        readings(console)


if __name__ == "__main__":
    main()

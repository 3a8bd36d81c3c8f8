"""The exact solver of 逃出總統府 (seed 004, 單人遊戲步驟 1-4): every position, its distance to the escape.

A position is the 3x3 grid as a tuple of nine ranks, row by row (cell 0 top left, cell 8 bottom right).
Two orthogonally adjacent cards swap when their ranks are neighbours on the chain president - mayor -
legislator - councillor - protester (步驟 2, 4), i.e. when the ranks differ by exactly one.

The state space is small (normal: 9!/(2!3!3!) = 5,040 arrangements; hard: 9!/(2!3!2!) = 15,120), so one
breadth-first search backwards from every winning position gives the exact distance of every position; it
takes a few tens of milliseconds and is computed on first use and kept in memory (no data file).

Terminal positions: won (president on cell 8 and not caught) and, in hard mode, caught (president
orthogonally beside the protester after a move, R2). A caught position is never entered by an optimal
path; the only caught position that is not lost is a deal whose protester starts beside the president
(no move has been made yet, R3), solved by one step of look-ahead.

This module is pure data and arithmetic (no engine imports), so the rules, the bot adapter, the tests and
benchmarks/palace_solver.py share one solver.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache

PRESIDENT, MAYOR, LEGISLATOR, COUNCILLOR, PROTESTER = 0, 1, 2, 3, 4
RANKS = ("president", "mayor", "legislator", "councillor", "protester")
SIZE = 3
CELLS = SIZE * SIZE
START = 0  # 步驟 1: the president is always dealt top left
GOAL = CELLS - 1  # 步驟 3: bottom right, 凱達格蘭大道

Board = tuple[int, ...]

#: the cards of each mode (步驟 1; 步驟 4: one councillor card is replaced by the protester)
DECKS: dict[bool, Board] = {
    False: (PRESIDENT, MAYOR, MAYOR, LEGISLATOR, LEGISLATOR, LEGISLATOR, COUNCILLOR, COUNCILLOR, COUNCILLOR),
    True: (PRESIDENT, MAYOR, MAYOR, LEGISLATOR, LEGISLATOR, LEGISLATOR, COUNCILLOR, COUNCILLOR, PROTESTER),
}


def _pairs() -> tuple[tuple[int, int], ...]:
    out = []
    for a in range(CELLS):
        r, c = divmod(a, SIZE)
        if c + 1 < SIZE:
            out.append((a, a + 1))
        if r + 1 < SIZE:
            out.append((a, a + SIZE))
    return tuple(sorted(out))


#: the 12 orthogonally adjacent cell pairs (a < b), in a fixed order: index = the swap's number
PAIRS: tuple[tuple[int, int], ...] = _pairs()
NEIGHBOURS: tuple[frozenset[int], ...] = tuple(
    frozenset(b if a == c else a for a, b in PAIRS if c in (a, b)) for c in range(CELLS)
)


def can_swap(r1: int, r2: int) -> bool:
    """步驟 2/4: president-mayor, mayor-legislator, legislator-councillor, councillor-protester."""
    return r1 - r2 in (1, -1)


def swapped(board: Sequence[int], pair: int) -> Board:
    a, b = PAIRS[pair]
    t = list(board)
    t[a], t[b] = t[b], t[a]
    return tuple(t)


def legal_pairs(board: Sequence[int]) -> list[int]:
    return [i for i, (a, b) in enumerate(PAIRS) if can_swap(board[a], board[b])]


def caught(board: Sequence[int]) -> bool:
    """R2: the president stands orthogonally beside the protester (never in normal mode: no protester)."""
    if PROTESTER not in board:
        return False
    return board.index(PROTESTER) in NEIGHBOURS[board.index(PRESIDENT)]


def escaped(board: Sequence[int]) -> bool:
    """步驟 3 with R4: the president is on the goal and not caught there."""
    return board[GOAL] == PRESIDENT and not caught(board)


def arrangements(cards: Sequence[int]) -> Iterator[Board]:
    """Every distinct ordering of the multiset ``cards``, in lexicographic order."""
    counts: dict[int, int] = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    kinds = sorted(counts)
    n = len(cards)
    out: list[int] = []

    def rec() -> Iterator[Board]:
        if len(out) == n:
            yield tuple(out)
            return
        for k in kinds:
            if counts[k]:
                counts[k] -= 1
                out.append(k)
                yield from rec()
                out.pop()
                counts[k] += 1

    return rec()


@dataclass(frozen=True)
class Table:
    """The solved space of one mode: ``dist[board]`` moves to escape from every position that is neither
    caught nor hopeless (escaped positions have 0); absent = the escape is impossible from there."""

    hard: bool
    dist: dict[Board, int]
    #: every deal (president top left, the rest in every arrangement), lexicographic order
    deals: tuple[Board, ...]
    #: the optimal length of each deal, None if it cannot be solved
    deal_length: tuple[int | None, ...]

    def distance(self, board: Sequence[int]) -> int | None:
        """Fewest moves from ``board`` to the escape (0 if escaped); None if impossible.

        A caught board is only alive as a deal (R3); its distance is one step of look-ahead."""
        b = tuple(board)
        d = self.dist.get(b)
        if d is not None or not caught(b):
            return d
        best = [self.dist[t] for t in (swapped(b, i) for i in legal_pairs(b)) if t in self.dist]
        return 1 + min(best) if best else None

    def best_pair(self, board: Sequence[int]) -> int | None:
        """The first (lowest-numbered) swap of an optimal solution from ``board``; None if there is none."""
        b = tuple(board)
        best: tuple[int, int] | None = None
        for i in legal_pairs(b):
            d = self.dist.get(swapped(b, i))  # caught results are not in dist: never an optimal move
            if d is not None and (best is None or d < best[0]):
                best = (d, i)
        return None if best is None else best[1]

    def solution(self, board: Sequence[int]) -> list[int]:
        """An optimal sequence of swaps (pair numbers) from ``board``; empty if escaped or impossible."""
        b = tuple(board)
        out: list[int] = []
        while not escaped(b):
            i = self.best_pair(b)
            if i is None:
                return []
            out.append(i)
            b = swapped(b, i)
        return out

    def solvable_deals(self, length: int | None = None) -> list[Board]:
        """The deals that can be solved (of optimal ``length`` if given), in the table's order."""
        return [d for d, n in zip(self.deals, self.deal_length, strict=True)
                if n is not None and (length is None or n == length)]

    def lengths(self) -> dict[int, int]:
        """Optimal length -> number of deals."""
        out: dict[int, int] = {}
        for n in self.deal_length:
            if n is not None:
                out[n] = out.get(n, 0) + 1
        return dict(sorted(out.items()))


def solve_space(hard: bool) -> Table:
    """Breadth-first search backwards from every escaped position over the whole space of one mode."""
    deck = DECKS[hard]
    rest = list(deck)
    rest.remove(PRESIDENT)
    dist: dict[Board, int] = {}
    queue: deque[Board] = deque()
    for others in arrangements(rest):
        board = (*others, PRESIDENT)  # the president on the goal
        if not caught(board):
            dist[board] = 0
            queue.append(board)
    while queue:
        b = queue.popleft()
        d = dist[b] + 1
        for i, (x, y) in enumerate(PAIRS):
            if b[x] - b[y] not in (1, -1):
                continue
            t = swapped(b, i)
            # a swap is its own inverse: t reaches b in one move, unless t is terminal (won or caught)
            if t in dist or caught(t):
                continue
            dist[t] = d
            queue.append(t)
    deals = tuple((PRESIDENT, *others) for others in arrangements(rest))
    lengths = Table(hard, dist, deals, ())  # a table without deal lengths, to measure the deals with
    return Table(hard, dist, deals, tuple(lengths.distance(d) for d in deals))


@cache
def table(hard: bool) -> Table:
    """The solved space of a mode, computed once per process on first use."""
    return solve_space(hard)


def forward_search(board: Sequence[int]) -> list[int] | None:
    """An independent check of the table: breadth-first search forwards from one position, following the
    rules move by move (caught positions after a move are losses). Returns an optimal list of swaps, or
    None when no escape exists."""
    start = tuple(board)
    if escaped(start):
        return []
    parent: dict[Board, tuple[Board, int] | None] = {start: None}
    queue: deque[Board] = deque([start])
    while queue:
        b = queue.popleft()
        for i in legal_pairs(b):
            t = swapped(b, i)
            if t in parent or caught(t):
                continue
            parent[t] = (b, i)
            if escaped(t):
                path: list[int] = []
                node: Board = t
                while (link := parent[node]) is not None:
                    node, move = link
                    path.append(move)
                path.reverse()
                return path
            queue.append(t)
    return None

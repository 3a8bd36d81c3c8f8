"""The exact solver of 逃出總統府 (seed 004, 單人遊戲步驟 1-4): every position, its distance to the escape.

A position is the 3x3 grid as a tuple of nine ranks, row by row (cell 0 top left, cell 8 bottom right).
Two orthogonally adjacent cards swap when their ranks are neighbours on the chain president - mayor -
legislator - councillor - protester (步驟 2, 4), i.e. when the ranks differ by exactly one.

The state space is small (normal: 9!/(2!3!3!) = 5,040 arrangements; hard: 9!/(2!3!2!) = 15,120), so one
breadth-first search backwards from every winning position gives the exact distance of every position; it
takes a few tens of milliseconds and is computed on first use and kept in memory (no data file).

Two readings of the capture rule of 步驟 4 (「當總統卡在移動時和鄉民卡並排時」, rulings R2-R4), the game's
``capture`` option:

- ``"moving"`` (the default, the seed as written): a swap that moves the president and leaves him
  orthogonally beside the protester loses, at the exit too. A swap that does not move him never loses, so a
  board with the two side by side is an ordinary position once another card put them there: the board alone
  decides what can follow, and every position with the president off the exit has a distance or none.
- ``"strict"``: any swap after which the two stand side by side loses. A board with them side by side is lost
  once a move made it; the only such board that is not lost is a deal (no move yet, R3), solved by one step
  of look-ahead.

In both, a board with the president on the exit is over (he can only get there by his own swap): won unless
he stands beside the protester there (R4). Normal mode has no protester, so its two readings are one.

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

#: the readings of 步驟 4's capture rule (the ``capture`` option): the default first
MOVING, STRICT = "moving", "strict"
READINGS: tuple[str, ...] = (MOVING, STRICT)

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
    # can_swap written out: this runs at every step of every game a program plays
    return [i for i, (a, b) in enumerate(PAIRS) if board[a] - board[b] in (1, -1)]


def caught(board: Sequence[int]) -> bool:
    """R2: the president stands orthogonally beside the protester (並排; never in normal mode: no protester).
    Whether that loses depends on the move that made it so: :func:`captures`."""
    if PROTESTER not in board:
        return False
    return board.index(PROTESTER) in NEIGHBOURS[board.index(PRESIDENT)]


def captures(after: Sequence[int], pair: int, reading: str) -> bool:
    """Whether the swap ``pair`` that produced ``after`` loses the game (步驟 4, R2): under ``"moving"`` only a
    swap of the president's own that leaves him beside the protester, under ``"strict"`` any swap that does."""
    if not caught(after):
        return False
    if reading == STRICT:
        return True
    a, b = PAIRS[pair]
    return after[a] == PRESIDENT or after[b] == PRESIDENT


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
    """The solved space of one mode and reading: ``dist[board]`` moves to escape from every position a move may
    lead to and play on from (escaped positions have 0); absent = the escape is impossible from there, or (strict)
    a move to there loses."""

    hard: bool
    reading: str
    dist: dict[Board, int]
    #: every deal (president top left, the rest in every arrangement), lexicographic order
    deals: tuple[Board, ...]
    #: the optimal length of each deal, None if it cannot be solved
    deal_length: tuple[int | None, ...]

    def distance(self, board: Sequence[int]) -> int | None:
        """Fewest moves from ``board`` to the escape (0 if escaped); None if impossible.

        Strict: a caught board is only alive as a deal (R3); its distance is one step of look-ahead."""
        b = tuple(board)
        d = self.dist.get(b)
        if d is not None or self.reading != STRICT or not caught(b):
            return d
        best = [self.dist[t] for t in (swapped(b, i) for i in legal_pairs(b)) if t in self.dist]
        return 1 + min(best) if best else None

    def best_pair(self, board: Sequence[int]) -> int | None:
        """The first (lowest-numbered) swap of an optimal solution from ``board``; None if there is none."""
        b = tuple(board)
        best: tuple[int, int] | None = None
        for i in legal_pairs(b):
            t = swapped(b, i)
            if captures(t, i, self.reading):
                continue  # a losing swap is never on a way out
            d = self.dist.get(t)
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


def check_reading(reading: object) -> str:
    """``reading`` if it names a reading of the capture rule, else ValueError naming the readings."""
    if not isinstance(reading, str) or reading not in READINGS:
        raise ValueError(f"capture must be one of {', '.join(map(repr, READINGS))} (the reading of the capture "
                         f"rule), not {reading!r}")
    return reading


def solve_space(hard: bool, reading: str = MOVING) -> Table:
    """Breadth-first search backwards from every escaped position over the whole space of one mode."""
    check_reading(reading)
    strict = reading == STRICT
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
        # every move into b must not lose; a swap is its own inverse, so t -> b is the swap i of b
        b_caught = caught(b)
        for i, (x, y) in enumerate(PAIRS):
            if b[x] - b[y] not in (1, -1):
                continue
            if b_caught and (strict or PRESIDENT in (b[x], b[y])):
                # moving: only a swap that does not move the president may leave him beside the protester
                continue
            t = swapped(b, i)
            # t must be a position one plays on from: not already solved, not over (the president on the exit),
            # and (strict) not lost by the move that made it
            if t in dist or t[GOAL] == PRESIDENT or (strict and caught(t)):
                continue
            dist[t] = d
            queue.append(t)
    deals = tuple((PRESIDENT, *others) for others in arrangements(rest))
    lengths = Table(hard, reading, dist, deals, ())  # a table without deal lengths, to measure the deals with
    return Table(hard, reading, dist, deals, tuple(lengths.distance(d) for d in deals))


@cache
def table(hard: bool, reading: str = MOVING) -> Table:
    """The solved space of a mode and reading, computed once per process on first use (normal mode has no
    protester: both readings share one table)."""
    if not hard and reading != MOVING:
        check_reading(reading)
        return table(False, MOVING)
    return solve_space(hard, reading)


def forward_search(board: Sequence[int], reading: str = MOVING) -> list[int] | None:
    """An independent check of the table: breadth-first search forwards from one position, following the
    rules move by move (a swap that :func:`captures` is a loss). Returns an optimal list of swaps, or None
    when no escape exists."""
    start = tuple(board)
    if escaped(start):
        return []
    parent: dict[Board, tuple[Board, int] | None] = {start: None}
    queue: deque[Board] = deque([start])
    while queue:
        b = queue.popleft()
        for i in legal_pairs(b):
            t = swapped(b, i)
            if t in parent or captures(t, i, reading):
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
            if t[GOAL] != PRESIDENT:
                queue.append(t)
    return None

"""The exact solver (issue 11, seed 004 【單人遊戲步驟】): the whole space, checked against the rules and an
independent forward search."""

from __future__ import annotations

import json
import random
import time
from importlib import resources
from math import factorial

import pytest

import hustings
from hustings.games.palace_escape import solver
from hustings.games.palace_escape.solver import PAIRS, caught, escaped, legal_pairs, swapped


def _multinomial(deck: tuple[int, ...]) -> int:
    n = factorial(len(deck))
    for k in set(deck):
        n //= factorial(deck.count(k))
    return n


#: (hard, reading) -> solvable deals and the optimal-length distribution (benchmarks/palace_solver.py prints them;
#: an independent check is the forward search below, and the benchmark's own search of each reading)
FIGURES = {
    (False, "moving"): (560, {10: 6, 11: 26, 12: 74, 13: 125, 14: 124, 15: 100, 16: 68, 17: 36, 18: 1}),
    (True, "moving"): (1_680, {10: 6, 11: 26, 12: 54, 13: 98, 14: 146, 15: 200, 16: 240, 17: 198, 18: 146, 19: 174,
                               20: 180, 21: 139, 22: 58, 23: 15}),
    (True, "strict"): (1_528, {10: 6, 11: 24, 12: 48, 13: 84, 14: 132, 15: 174, 16: 220, 17: 194, 18: 108, 19: 116,
                               20: 112, 21: 133, 22: 84, 23: 57, 24: 22, 25: 10, 26: 4}),
}
CASES = [(False, "moving"), (False, "strict"), (True, "moving"), (True, "strict")]


@pytest.mark.parametrize(("hard", "reading"), CASES)
def test_space_and_deal_counts(hard: bool, reading: str) -> None:
    """步驟 1 (R11 for hard): 9!/(2!3!3!) = 5,040 arrangements (hard 9!/(2!3!2!) = 15,120); deals keep the
    president top left: 560 (hard 1,680). All normal deals are solvable; hard: all 1,680 under the default reading
    of 步驟 4 (R2), 1,528 under the strict one (R13); the optimal lengths as FIGURES says."""
    deck = solver.DECKS[hard]
    assert _multinomial(deck) == (15_120 if hard else 5_040)
    assert sum(1 for _ in solver.arrangements(deck)) == _multinomial(deck)
    t = solver.table(hard, reading)
    assert len(t.deals) == len(set(t.deals)) == (1_680 if hard else 560)
    assert all(d[solver.START] == solver.PRESIDENT for d in t.deals)
    solvable, lengths = FIGURES[(hard, "moving" if not hard else reading)]
    assert len(t.solvable_deals()) == solvable
    assert t.lengths() == lengths and sum(lengths.values()) == solvable


def test_normal_mode_has_one_reading() -> None:
    """步驟 4 concerns the protester, who is not in normal mode: both readings share one table."""
    assert solver.table(False, "strict") is solver.table(False, "moving")
    with pytest.raises(ValueError, match="capture must be one of"):
        solver.table(False, "lenient")


def test_decks_match_the_data_file() -> None:
    """步驟 1 and 4: the solver's cards are the data file's."""
    raw = json.loads(resources.files("hustings.games.palace_escape").joinpath("data/game.json").read_text("utf-8"))
    for mode, hard in (("normal", False), ("hard", True)):
        counts = raw["cards"][mode]
        assert sorted(solver.DECKS[hard]) == sorted(solver.RANKS.index(r) for r, n in counts.items() for _ in range(n))
    assert raw["goal_cell"] == solver.GOAL and raw["start_cell"] == solver.START


def test_pairs_are_the_twelve_orthogonal_neighbours() -> None:
    """步驟 2: up, down, left, right, never diagonally."""
    assert len(PAIRS) == 12
    for a, b in PAIRS:
        (ra, ca), (rb, cb) = divmod(a, 3), divmod(b, 3)
        assert abs(ra - rb) + abs(ca - cb) == 1


@pytest.mark.parametrize(("hard", "reading"), CASES)
def test_every_distance_is_one_more_than_the_best_move(hard: bool, reading: str) -> None:
    """Bellman check over the whole space: each winnable position that is not won has a legal swap that does not
    lose (步驟 4: :func:`captures` under the reading) to a position one closer and none to a closer one; positions
    the table calls hopeless have no such swap to a winnable position. Under the default reading every position
    with the president off the exit is winnable; under the strict one no position with the two side by side is
    in the table (a move that made it lost)."""
    t = solver.table(hard, reading)
    for board in solver.arrangements(solver.DECKS[hard]):
        d = t.dist.get(board)
        if board[solver.GOAL] == solver.PRESIDENT:
            assert d == (0 if escaped(board) else None)
            continue
        if reading == "strict" and caught(board):
            assert d is None  # lost once a move made it (R13); a deal so is measured by look-ahead (R3)
            continue
        if reading == "moving":
            assert d is not None, board
        nexts = [t.dist.get(swapped(board, i)) for i in legal_pairs(board)
                 if not solver.captures(swapped(board, i), i, reading)]
        reachable = [n for n in nexts if n is not None]
        if d is None:
            assert not reachable, f"{board}: called hopeless but a swap reaches a winnable position"
        else:
            assert min(reachable) == d - 1, f"{board}: distance {d} but best next {min(reachable)}"


def test_captures_under_each_reading() -> None:
    """步驟 4, R2/R13: a swap of the president's that leaves him beside the protester captures in both readings; a
    swap of other cards that leaves them side by side only under the strict reading; nothing else captures."""
    p, m, g, c, x = solver.PRESIDENT, solver.MAYOR, solver.LEGISLATOR, solver.COUNCILLOR, solver.PROTESTER
    before = (p, c, x, m, m, g, g, g, c)
    protester_moves = PAIRS.index((1, 2))
    after = swapped(before, protester_moves)  # the protester steps next to the president
    assert caught(after)
    assert not solver.captures(after, protester_moves, "moving") and solver.captures(after, protester_moves, "strict")
    before = (m, x, c, p, g, g, g, c, m)
    president_moves = PAIRS.index((0, 3))
    after = swapped(before, president_moves)
    assert solver.captures(after, president_moves, "moving") and solver.captures(after, president_moves, "strict")
    apart = swapped((p, m, c, m, x, g, g, g, c), PAIRS.index((2, 5)))
    assert not any(solver.captures(apart, PAIRS.index((2, 5)), r) for r in ("moving", "strict"))


@pytest.mark.parametrize(("hard", "reading"), CASES)
def test_table_agrees_with_a_forward_search_from_deals(hard: bool, reading: str) -> None:
    """A breadth-first search forwards from a deal (following the rules move by move, under the reading) finds an
    escape of exactly the table's length, and none where the table says the deal cannot be solved."""
    t = solver.table(hard, reading)
    rng = random.Random(11)
    sample = rng.sample(t.deals, 40)
    sample += [d for d, n in zip(t.deals, t.deal_length, strict=True) if n is None][:10]
    sample += [d for d in t.deals if caught(d)][:10]
    for deal in sample:
        path = solver.forward_search(deal, reading)
        want = t.distance(deal)
        if want is None:
            assert path is None
            continue
        assert path is not None and len(path) == want


@pytest.mark.parametrize(("hard", "reading"), CASES)
def test_solution_is_legal_and_optimal_through_the_game(hard: bool, reading: str) -> None:
    """The solver's path, played through the game's own apply from real deals, escapes in exactly par."""
    variant = "hard" if hard else "normal"
    for seed in range(25):
        s = hustings.make("palace-escape", variant=variant, seed=seed, capture=reading)
        view = s.view(0)
        path = solver.table(hard, reading).solution(view["board"])
        assert len(path) == view["par"]
        for pair in path:
            a, b = PAIRS[pair]
            s.apply(0, s.SPACE.get("swap", a, b))
        out = s.outcome()
        assert out.won and out.detail["moves"] == out.detail["par"] == len(path)


@pytest.mark.parametrize(("hard", "reading"), CASES)
def test_every_dealt_game_is_solvable(hard: bool, reading: str) -> None:
    """R5: whatever the seed, the deal has an escape (default: every deal has one; strict: only those are dealt),
    and the par is its length."""
    variant = "hard" if hard else "normal"
    t = solver.table(hard, reading)
    for seed in range(300):
        v = hustings.make("palace-escape", variant=variant, seed=seed, capture=reading).view(0)
        assert t.distance(v["board"]) == v["par"] is not None


def test_whole_space_is_solved_well_under_a_second() -> None:
    """The issue allows computing in memory when the whole-space search takes under about a second (CPU time
    of this process, so a busy machine does not fail it)."""
    for hard, reading in CASES:
        t0 = time.process_time()
        solver.solve_space(hard, reading)
        assert time.process_time() - t0 < 1.0, (hard, reading)

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

MODES = (False, True)


def _multinomial(deck: tuple[int, ...]) -> int:
    n = factorial(len(deck))
    for k in set(deck):
        n //= factorial(deck.count(k))
    return n


@pytest.mark.parametrize("hard", MODES)
def test_space_and_deal_counts(hard: bool) -> None:
    """步驟 1 (R11 for hard): 9!/(2!3!3!) = 5,040 arrangements (hard 9!/(2!3!2!) = 15,120); deals keep the
    president top left: 560 (hard 1,680); all normal deals are solvable, 1,528 hard ones (R5)."""
    deck = solver.DECKS[hard]
    assert _multinomial(deck) == (15_120 if hard else 5_040)
    assert sum(1 for _ in solver.arrangements(deck)) == _multinomial(deck)
    t = solver.table(hard)
    assert len(t.deals) == len(set(t.deals)) == (1_680 if hard else 560)
    assert all(d[solver.START] == solver.PRESIDENT for d in t.deals)
    assert len(t.solvable_deals()) == (1_528 if hard else 560)
    lengths = t.lengths()
    assert (min(lengths), max(lengths)) == ((10, 26) if hard else (10, 18))
    assert sum(lengths.values()) == len(t.solvable_deals())


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


@pytest.mark.parametrize("hard", MODES)
def test_every_distance_is_one_more_than_the_best_move(hard: bool) -> None:
    """Bellman check over the whole space: each winnable position that is not won has a legal swap to a
    position one closer and none to a closer one; positions the table calls hopeless have no swap into it."""
    t = solver.table(hard)
    for board in solver.arrangements(solver.DECKS[hard]):
        if caught(board):
            assert board not in t.dist  # a caught position is lost (R2), never on a way out
            continue
        d = t.dist.get(board)
        if escaped(board):
            assert d == 0
            continue
        nexts = [t.dist.get(swapped(board, i)) for i in legal_pairs(board) if not caught(swapped(board, i))]
        reachable = [n for n in nexts if n is not None]
        if d is None:
            assert not reachable, f"{board}: called hopeless but a swap reaches a winnable position"
        else:
            assert min(reachable) == d - 1, f"{board}: distance {d} but best next {min(reachable)}"


@pytest.mark.parametrize("hard", MODES)
def test_table_agrees_with_a_forward_search_from_deals(hard: bool) -> None:
    """A breadth-first search forwards from a deal (following the rules move by move) finds an escape of
    exactly the table's length, and none where the table says the deal cannot be solved."""
    t = solver.table(hard)
    rng = random.Random(11)
    sample = rng.sample(t.deals, 40)
    sample += [d for d, n in zip(t.deals, t.deal_length, strict=True) if n is None][:10]
    for deal in sample:
        path = solver.forward_search(deal)
        want = t.distance(deal)
        if want is None:
            assert path is None
            continue
        assert path is not None and len(path) == want


@pytest.mark.parametrize("hard", MODES)
def test_solution_is_legal_and_optimal_through_the_game(hard: bool) -> None:
    """The solver's path, played through the game's own apply from real deals, escapes in exactly par."""
    variant = "hard" if hard else "normal"
    for seed in range(25):
        s = hustings.make("palace-escape", variant=variant, seed=seed)
        view = s.view(0)
        path = solver.table(hard).solution(view["board"])
        assert len(path) == view["par"]
        for pair in path:
            a, b = PAIRS[pair]
            s.apply(0, s.SPACE.get("swap", a, b))
        out = s.outcome()
        assert out.won and out.detail["moves"] == out.detail["par"] == len(path)


@pytest.mark.parametrize("hard", MODES)
def test_every_dealt_game_is_solvable(hard: bool) -> None:
    """R5: whatever the seed, the deal has an escape, and the par is its length."""
    variant = "hard" if hard else "normal"
    t = solver.table(hard)
    for seed in range(300):
        v = hustings.make("palace-escape", variant=variant, seed=seed).view(0)
        assert t.distance(v["board"]) == v["par"] is not None


def test_whole_space_is_solved_well_under_a_second() -> None:
    """The issue allows computing in memory when the whole-space search takes under about a second (CPU time
    of this process, so a busy machine does not fail it)."""
    t0 = time.process_time()
    for hard in MODES:
        solver.solve_space(hard)
    assert time.process_time() - t0 < 1.0

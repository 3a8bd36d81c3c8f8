"""Invariants of 逃出總統府 along any legal play (hypothesis): seed 004 【單人遊戲步驟】 1-4 and R2, R7-R10."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import hustings
from hustings.games.palace_escape import solver
from hustings.games.palace_escape.data import MAX_ACTIONS


@settings(max_examples=150, deadline=None, derandomize=True)
@given(hard=st.booleans(), strict=st.booleans(), seed=st.integers(0, 2**64),
       choices=st.lists(st.integers(0, 99), max_size=80))
def test_invariants_along_any_play(hard: bool, strict: bool, seed: int, choices: list[int]) -> None:
    """In both readings of 步驟 4 (R2, R13): the cards stay the mode's (步驟 1, 2); a swap between positions that
    are alive changes the distance to the exit by at most one; the hint is offered exactly while an escape exists,
    and the view's ``hopeless`` says the opposite (R8); moves = swaps - undos (R9, R10); the game ends exactly on
    an escape, a capture under the reading (步驟 3, 4, R2) or the action limit (R7)."""
    reading = "strict" if strict else "moving"
    s = hustings.make("palace-escape", variant="hard" if hard else "normal", seed=seed, capture=reading)
    table = solver.table(hard, reading)
    for c in choices:
        if s.is_over:
            break
        before = s.view(0)
        legal = s.legal_actions(0)
        assert ("hint" in {a.kind for a in legal}) == (table.distance(before["board"]) is not None)
        assert before["hopeless"] == (table.distance(before["board"]) is None)
        action = legal[c % len(legal)]
        s.apply(0, action)
        v = s.view(0)
        assert sorted(v["board"]) == sorted(solver.DECKS[hard])
        assert v["moves"] == v["swaps"] - v["undos"] >= 0
        assert v["actions_left"] == MAX_ACTIONS - s.step_count
        board = tuple(v["board"])
        if action.kind == "swap":
            d0, d1 = table.distance(before["board"]), table.distance(board)
            lost = solver.captures(board, action.id, reading)
            if d0 is not None and d1 is not None and not lost and not (strict and solver.caught(before["board"])):
                assert abs(d0 - d1) <= 1
            assert v["status"] == ("caught" if lost else "won" if solver.escaped(board)
                                   else "time_up" if s.step_count >= MAX_ACTIONS else "playing")
        else:
            assert board == tuple(before["board"]) or action.kind == "undo"
            assert v["status"] in ("playing", "time_up")
        assert s.is_over == (v["status"] != "playing")

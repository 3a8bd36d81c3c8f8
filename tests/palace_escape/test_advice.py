"""The tutorial's hints for palace-escape (issue 24.4): the heuristic's advice is the action it chooses, with a
reason in every language filled with the numbers of its evaluation (the moves to the exit before and after)."""

from __future__ import annotations

import hustings
from advice_check import check_games, check_source_reasons
from hustings.bots.heuristic import advice_text, require_heuristic
from hustings.engine.words import words_for
from hustings.games.palace_escape import solver

from .helpers import position

GAME = "palace-escape"
ADVISE = require_heuristic(GAME).advise


def test_advice_is_the_heuristic_choice_with_its_reason_in_every_language() -> None:
    seen = check_games(GAME, range(10))
    assert seen["advice.swap_limit"] > 0, seen


def test_the_reason_counts_the_moves_to_the_exit() -> None:
    assert ADVISE is not None
    s = hustings.make(GAME, seed=3, max_actions=None)
    board = s.view(0)["board"]
    a = ADVISE(s.view(0), s.legal_actions(0))
    t = solver.table(False)
    assert a.reason == "advice.swap"
    assert a.numbers == {"now": t.distance(board), "after": t.distance(board) - 1}
    assert f"{t.distance(board)}" in advice_text(a, words_for(GAME).catalog, "zh-Hant")  # type: ignore[arg-type]


def test_a_hopeless_position_is_said_to_be_so_and_undone() -> None:
    assert ADVISE is not None
    t = solver.table(True, solver.STRICT)
    # under the strict reading some hard deals cannot be won (never dealt, but a position like any other)
    hopeless = next(d for d, n in zip(t.deals, t.deal_length, strict=True) if n is None)
    s = position(hopeless, "hard", solver.STRICT)
    a = ADVISE(s.view(0), s.legal_actions(0))
    assert a.reason == "advice.stuck"  # no way out, and no move yet to take back
    # after a move (undo is legal) on a board with no way out: take it back (play never reaches one: the view is
    # set to that board, the choice reads only the view)
    s = hustings.make(GAME, variant="hard", seed=1, capture=solver.STRICT)
    s.apply(0, next(x for x in s.legal_actions(0) if x.kind == "swap"))
    view = {**s.view(0), "board": list(hopeless)}
    b = ADVISE(view, s.legal_actions(0))
    assert (b.reason, b.action.kind) == ("advice.undo", "undo")
    assert advice_text(b, words_for(GAME).catalog, "zh-Hans")  # type: ignore[arg-type]


def test_every_reason_the_heuristic_can_give_has_words_in_every_language() -> None:
    check_source_reasons(GAME)

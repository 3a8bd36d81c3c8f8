"""逃出總統府's RL adapter: ``view(0)`` as a flat vector, every value in ``[0, 1]`` (see docs/rl.md).

The puzzle is open (perfect information), so the view is the whole position: the 3 x 3 board one-hot by rank,
the last swap, the counters and the status. ``hint`` is an action kind the RL environments withhold unless a
learner asks for it (``ASSISTS``): pressing it names the best swap, and a learner that may press it learns to
read hints, not to solve the puzzle (it won 200 of 200 games that way, issue 26). While hints are withheld the
``hint`` slot stays zero.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hustings.games.palace_escape import solver
from hustings.games.palace_escape.actions import GAME_ID
from hustings.games.palace_escape.data import MAX_ACTIONS
from hustings.games.palace_escape.rules import STATUSES
from hustings.rl.encoding import Encoder, EncoderAdapter, Slots

CELLS = solver.CELLS
RANKS = len(solver.RANKS)
CAPTURES = (solver.MOVING, solver.STRICT)
# the longest optimal escape (hard with capture=strict: 26 moves, data/game.json)
MOVES_SCALE = 30
COUNT_SCALE = 50
#: action kinds that help rather than play: withheld by the RL environments unless asked (``assists=True``)
ASSISTS: frozenset[str] = frozenset({"hint"})


def _frac(x: float, scale: float) -> float:
    v = x / scale
    return 0.0 if v < 0.0 else 1.0 if v > 1.0 else v


class PalaceEscapeEncoder(Encoder):
    def __init__(self, players: int, variant: str) -> None:
        super().__init__(GAME_ID, players, variant)
        add = self.add
        self.o_board = add("board", CELLS * RANKS, "cells row by row, each one-hot over the ranks "
                           + ", ".join(solver.RANKS))
        self.o_start = add("start", CELLS * RANKS, "the deal, cells row by row, one-hot rank")
        self.o_last = add("last", CELLS, "multi-hot cells of the last swap on the board")
        self.o_hint = add("hint", CELLS, "multi-hot cells of the last hint (zero while hints are withheld)")
        self.o_status = add("status", len(STATUSES), "one-hot: " + ", ".join(STATUSES))
        self.o_capture = add("capture", len(CAPTURES), "one-hot capture rule: " + ", ".join(CAPTURES))
        self.o_par = add("par", 2, f"par known (0: the deal cannot be won), par / {MOVES_SCALE}")
        self.o_hopeless = add("hopeless", 1, "1 when no escape is possible from the board any more")
        self.o_counts = add("counts", 4, f"moves / {MOVES_SCALE}, swaps, undos, hints / {COUNT_SCALE}")
        self.o_left = add("actions_left", 2, f"limit set (1), actions left / {MAX_ACTIONS}")
        # each cell's first slot in the board and deal blocks: fill() runs at every decision of the RL envs
        self._board_at = tuple(self.o_board + cell * RANKS for cell in range(CELLS))
        self._start_at = tuple(self.o_start + cell * RANKS for cell in range(CELLS))

    def fill(self, out: Slots, view: Mapping[str, Any]) -> None:
        if view.get("game") != GAME_ID or view.get("variant") != self.variant:
            raise ValueError(f"this encoder is for {GAME_ID} {self.variant}, not {view.get('game')} "
                             f"{view.get('variant')}")
        board, start = view["board"], view["start"]
        if len(board) != CELLS or len(start) != CELLS:
            raise ValueError(f"not a {GAME_ID} view: a board of {len(board)} cells, a deal of {len(start)}")
        for at, rank in zip(self._board_at, board, strict=False):  # lengths checked above (strict costs more)
            out[at + rank] = 1.0
        for at, rank in zip(self._start_at, start, strict=False):
            out[at + rank] = 1.0
        last = view["last"]
        if last:
            at = self.o_last
            for cell in last:
                out[at + cell] = 1.0
        hint = view["hint"]
        if hint:
            at = self.o_hint
            for cell in hint:
                out[at + cell] = 1.0
        out[self.o_status + STATUSES.index(view["status"])] = 1.0
        out[self.o_capture + CAPTURES.index(view["capture"])] = 1.0
        par = view["par"]
        if par is not None:
            out[self.o_par] = 1.0
            out[self.o_par + 1] = _frac(par, MOVES_SCALE)
        if view["hopeless"]:
            out[self.o_hopeless] = 1.0
        at = self.o_counts
        out[at] = _frac(view["moves"], MOVES_SCALE)
        out[at + 1] = _frac(view["swaps"], COUNT_SCALE)
        out[at + 2] = _frac(view["undos"], COUNT_SCALE)
        out[at + 3] = _frac(view["hints"], COUNT_SCALE)
        left = view["actions_left"]
        if left is not None:
            out[self.o_left] = 1.0
            out[self.o_left + 1] = _frac(left, MAX_ACTIONS)


def make_encoder(players: int, variant: str) -> PalaceEscapeEncoder:
    return PalaceEscapeEncoder(players, variant)


def max_game_length(players: int, variant: str) -> int:
    return MAX_ACTIONS  # R7: every game a program plays ends after this many actions


#: the ``rl_encoder`` adapter
ENCODER = EncoderAdapter(factory=make_encoder, max_game_length=max_game_length, assists=ASSISTS)

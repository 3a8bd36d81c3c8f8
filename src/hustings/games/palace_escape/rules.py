"""The state machine of 逃出總統府 (seed 004, 【單人遊戲步驟】 1-4); rulings R1-R12 in rulings.md.

One seat, the president's. Each action is a swap of two adjacent cards (步驟 2), a hint, or an undo (giving up
is the table's, not an action: R12). The game is won when the president reaches the bottom-right cell (步驟 3)
and, in hard mode, lost when the president's own swap leaves him beside the protester (步驟 4, R2; the option
``capture="strict"``: after any swap). Everything is open once dealt (perfect information), so there is
nothing to re-deal in a resample.
"""

from __future__ import annotations

from typing import Any

from hustings.engine import Action, GameState, Outcome, Rng, solo_outcome
from hustings.games.palace_escape import solver
from hustings.games.palace_escape.actions import GAME_ID, HINT, SPACE, SWAPS, UNDO
from hustings.games.palace_escape.data import MAX_ACTIONS
from hustings.games.palace_escape.solver import MOVING, STRICT
from hustings.games.palace_escape.view_types import PalaceView
from hustings.games.palace_escape.words.events import render

VARIANTS = ("normal", "hard")

# how the game stands (view["status"]); everything but PLAYING is over
PLAYING, WON, CAUGHT, TIME_UP = "playing", "won", "caught", "time_up"
STATUSES = (PLAYING, WON, CAUGHT, TIME_UP)
_PAIRS = tuple(enumerate(solver.PAIRS))
#: (hard, capture) -> the solved space (solver.table)
_TABLES: dict[tuple[bool, str], solver.Table] = {}


def check_difficulty(hard: bool, difficulty: object, capture: str = MOVING) -> int | None:
    """The ``difficulty`` option (the optimal length of the deal, R6), or ValueError naming what is possible."""
    if difficulty is None:
        return None
    mode = "hard" if hard else "normal"
    lengths = solver.table(hard, capture).lengths()
    if isinstance(difficulty, bool) or not isinstance(difficulty, int):
        raise ValueError(f"difficulty must be a whole number of moves, not {difficulty!r}")
    if difficulty not in lengths:
        reading = f" (capture={capture!r})" if hard else ""
        raise ValueError(
            f"no {mode} deal of palace-escape{reading} has a shortest escape of {difficulty} moves; "
            f"difficulties are {min(lengths)} to {max(lengths)}"
        )
    return difficulty


def check_max_actions(limit: object) -> int | None:
    """The ``max_actions`` option (R7): a whole number of actions of at least 1, or None for no limit."""
    if limit is None:
        return None
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise ValueError(f"max_actions must be a whole number of actions of at least 1, or None for no limit; "
                         f"not {limit!r}")
    return limit


class PalaceEscape(GameState):
    GAME_ID = GAME_ID
    SPACE = SPACE
    PERFECT_INFORMATION = True  # the whole grid is face up and only the deal is random
    EVENT_RENDERER = render

    board: list[int]
    start: tuple[int, ...]
    path: list[int]  # the swaps (pair numbers) on the board, oldest first: what undo takes back

    # the options are typed Any: they come from a table's options as they are and are checked below (a compiled
    # signature would refuse another type with a TypeError that names none of them)
    def __init__(self, players: int | None = None, variant: str = "", seed: int = 0, difficulty: Any = None,
                 capture: Any = MOVING, max_actions: Any = MAX_ACTIONS) -> None:
        if players is None:
            # an empty shell, to be filled by clone() or unpickling: the compiled build (docs/build.md) compiles this
            # class, and a compiled class's __new__ runs __init__ with no arguments
            return
        if variant not in VARIANTS:
            raise ValueError(f"unknown variant {variant!r} for {GAME_ID}; variants: {', '.join(VARIANTS)}")
        hard = variant == "hard"
        capture = solver.check_reading(capture)
        difficulty = check_difficulty(hard, difficulty, capture)
        max_actions = check_max_actions(max_actions)
        # the record carries the reading always (it decides the deal and every capture) and the other options
        # when they are not the defaults
        options: dict[str, Any] = {"players": players, "variant": variant, "capture": capture}
        if difficulty is not None:
            options["difficulty"] = difficulty
        if max_actions != MAX_ACTIONS:
            options["max_actions"] = max_actions
        self._init_base(options, seed)
        self.hard = hard
        self.capture = capture
        self.difficulty = difficulty
        self.max_actions = max_actions
        tab = self._table()
        # 步驟 1 with R5/R6: the deal is drawn uniformly from the game's generator among the deals in the solver's
        # fixed order: every deal (the seed's 隨機排列) by default, only the solvable ones under the strict reading
        # or of an asked optimal length
        deals = tab.solvable_deals(difficulty) if difficulty is not None or capture == STRICT else tab.deals
        deal = deals[self.rng.randrange(len(deals))]
        self.start = deal
        self.board = list(deal)
        self.par: int | None = tab.distance(deal)  # None: the deal cannot be won (said in the view, R5)
        self.path = []
        self.swaps = 0
        self.undos = 0
        self.hints = 0
        self.hint = -1  # pair number of the last hint, -1 when none is shown
        self.status = PLAYING
        self.emit("dealt", {"variant": variant, "board": list(deal), "par": self.par, "difficulty": difficulty,
                            "capture": capture})

    # -- engine hooks ----------------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return 1

    @property
    def current_players(self) -> tuple[int, ...]:
        return (0,) if self.status == PLAYING else ()

    @property
    def is_over(self) -> bool:
        return self.status != PLAYING

    def _legal_actions(self, player: int) -> list[Action]:
        b = self.board
        out = [SWAPS[i] for i, (x, y) in _PAIRS if b[x] - b[y] in (1, -1)]  # 步驟 2/4 (solver.legal_pairs)
        if self._table().distance(b) is not None:  # R8: a hint exists while the escape is still possible
            out.append(HINT)
        if self.path:  # R9
            out.append(UNDO)
        return out

    def _apply(self, player: int, action: Action) -> None:
        kind = action.kind
        if kind == "swap":
            self._swap(action.id)
        elif kind == "hint":
            self._hint()
        else:
            self._undo()
        limit = self.max_actions
        if limit is not None and self.status == PLAYING and self.step_count >= limit:  # R7
            self.status = TIME_UP
            self.emit("time_up", {"limit": limit})

    def _swap(self, pair: int) -> None:
        a, b = solver.PAIRS[pair]
        board = self.board
        board[a], board[b] = board[b], board[a]
        self.path.append(pair)
        self.swaps += 1
        self.hint = -1
        self.emit("swapped", {"a": a, "b": b, "ra": board[b], "rb": board[a], "moves": len(self.path)})
        if solver.captures(board, pair, self.capture):  # 步驟 4, R2; R4: caught on the goal is still caught
            self.status = CAUGHT
            self.emit("caught", {"cell": board.index(solver.PROTESTER), "moves": len(self.path)})
        elif board[solver.GOAL] == solver.PRESIDENT:  # 步驟 3
            self.status = WON
            self.emit("escaped", {"moves": len(self.path), "par": self.par, "undos": self.undos, "hints": self.hints})

    def _undo(self) -> None:
        pair = self.path.pop()
        a, b = solver.PAIRS[pair]
        board = self.board
        board[a], board[b] = board[b], board[a]
        self.undos += 1
        self.hint = -1
        # R9: the earlier position comes back as it was; an undo is not a move, so R2 is not checked
        self.emit("undone", {"a": a, "b": b, "ra": board[a], "rb": board[b], "moves": len(self.path)})

    def _hint(self) -> None:
        pair = self._table().best_pair(self.board)
        assert pair is not None  # offered only while the escape is possible (R8)
        a, b = solver.PAIRS[pair]
        left = self._table().distance(self.board)
        self.hints += 1
        self.hint = pair
        self.emit("hint", {"a": a, "b": b, "ra": self.board[a], "rb": self.board[b], "left": left})

    def _table(self) -> solver.Table:
        found = _TABLES.get((self.hard, self.capture))
        if found is None:  # solved once per process (solver.table); then a dict look-up, twice a step
            found = _TABLES[self.hard, self.capture] = solver.table(self.hard, self.capture)
        return found

    def _why_illegal(self, player: int, action: Action) -> str:
        # players read these refusals: the rules they rest on are cited here only (seed 004 單人遊戲步驟 2, 4 for
        # swaps; rulings R9 for undo, R8 for hints)
        if action.kind == "swap":
            a, b = action.args
            ra, rb = self.board[a], self.board[b]
            names = solver.RANKS
            return (f"{names[ra]} and {names[rb]} cannot swap: only president-mayor, mayor-legislator, "
                    f"legislator-councillor{' and councillor-protester' if self.hard else ''} swap")
        if action.kind == "undo":
            return "there is no move to take back"
        return "no escape is possible from here any more, so there is no hint"

    def scores(self) -> list[dict[str, int]]:
        out = {"moves": len(self.path), "par": self.par, "swaps": self.swaps, "undos": self.undos,
               "hints": self.hints, "total": 1 if self.status == WON else 0}
        # a deal that cannot be won has no par (R5): the component is left out rather than made up
        return [{k: v for k, v in out.items() if v is not None}]

    def outcome(self) -> Outcome:
        if not self.is_over:
            raise ValueError("the game is not over: no outcome yet")
        # R10: moves are the swaps on the board at the end (undone ones not counted); hints, undos and every
        # swap made are in the detail
        return solo_outcome(self.status == WON, moves=len(self.path), par=self.par, end=self.status,
                            swaps=self.swaps, undos=self.undos, hints=self.hints, variant=self.game_options["variant"],
                            difficulty=self.difficulty, capture=self.capture)

    # Any: checked here, on either build (a compiled signature of int | None would take False as seat 0)
    def view(self, player: Any) -> PalaceView:
        if player is not None:
            self.check_player(player, allow_none=False)
        # Perfect information: the seat and a spectator see the same (so the view names no seat).
        last = list(solver.PAIRS[self.path[-1]]) if self.path else None
        return {
            "game": GAME_ID,
            "variant": self.game_options["variant"],
            "board": list(self.board),
            "start": list(self.start),
            "goal": solver.GOAL,
            "par": self.par,
            "capture": self.capture,
            "hopeless": self.status == PLAYING and self._table().distance(self.board) is None,
            "moves": len(self.path),
            "swaps": self.swaps,
            "undos": self.undos,
            "hints": self.hints,
            "hint": list(solver.PAIRS[self.hint]) if self.hint >= 0 else None,
            "last": last,
            "status": self.status,
            "actions_left": None if self.max_actions is None else max(0, self.max_actions - self.step_count),
            "difficulty": self.difficulty,
        }

    def _clone_data(self, new: GameState) -> None:
        # field by field (a compiled state has no __dict__ to copy); board and path are the only lists
        assert isinstance(new, PalaceEscape)
        new.hard, new.capture, new.difficulty = self.hard, self.capture, self.difficulty
        new.max_actions, new.start, new.board, new.par = self.max_actions, self.start, self.board[:], self.par
        new.path, new.swaps, new.undos, new.hints = self.path[:], self.swaps, self.undos, self.hints
        new.hint, new.status = self.hint, self.status

    def _resample_hidden(self, new: GameState, player: int | None, rng: Rng) -> None:
        """Nothing is hidden once the cards are dealt face up (步驟 1): the sample is the position itself."""

    def _position_key(self) -> tuple[Any, ...]:
        # The board and whether the game goes on decide the legal swaps and the shortest escape, so positions
        # reached by different move orders meet. Counters (moves, undos, hints, actions left) are left out on
        # purpose; they change the score and the R7 limit, not the puzzle.
        return (self.hard, tuple(self.board), self.status)

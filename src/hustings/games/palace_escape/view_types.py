"""The shapes of 逃出總統府's view (``PalaceView``) and event data, as typed dictionaries: kept out of ``rules.py``,
which the compiled build compiles, since pydantic reads a TypedDict only from an interpreted module.

``hustings schema palace-escape`` turns them into JSON Schema (schema.py). Cells are 0..8 row by row; ranks
0 president, 1 mayor, 2 legislator, 3 councillor, 4 protester.
"""

from __future__ import annotations

from typing_extensions import TypedDict


class DealtData(TypedDict):
    variant: str
    board: list[int]
    par: int | None  # None: the deal cannot be won
    difficulty: int | None
    capture: str  # the reading of the capture rule: "moving" or "strict"


class SwapData(TypedDict):
    """A swap (or an undo: the same swap taken back): the cells, their ranks before, the moves after."""

    a: int
    b: int
    ra: int
    rb: int
    moves: int


class HintData(TypedDict):
    a: int
    b: int
    ra: int
    rb: int
    left: int  # optimal moves left from the position the hint was asked on, the hinted swap included


class EscapedData(TypedDict):
    moves: int
    par: int
    undos: int
    hints: int


class CaughtData(TypedDict):
    cell: int  # where the protester stands
    moves: int


class TimeUpData(TypedDict):
    limit: int


#: event type -> the type of its data
EVENT_DATA: dict[str, type] = {
    "dealt": DealtData,
    "swapped": SwapData,
    "undone": SwapData,
    "hint": HintData,
    "escaped": EscapedData,
    "caught": CaughtData,
    "time_up": TimeUpData,
}


class PalaceView(TypedDict):
    """What the player (and a spectator: the same, nothing is hidden) sees."""

    game: str
    variant: str
    board: list[int]  # ranks row by row: 0 president, 1 mayor, 2 legislator, 3 councillor, 4 protester
    start: list[int]
    goal: int
    par: int | None  # the deal's shortest escape; None: the deal cannot be won (R5)
    capture: str  # the reading of the capture rule (R2): "moving" or "strict"
    hopeless: bool  # no escape is possible from the position on the board (said, not left to guess: R8)
    moves: int  # swaps on the board (an undo takes one back)
    swaps: int  # every swap made, undone ones too
    undos: int
    hints: int
    hint: list[int] | None  # the cells of the last hint, until the next swap or undo
    last: list[int] | None  # the cells of the last swap on the board
    status: str
    actions_left: int | None  # None: no action limit (R7)
    difficulty: int | None

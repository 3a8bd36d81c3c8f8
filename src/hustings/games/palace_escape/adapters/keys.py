"""逃出總統府 on the grid with the arrow keys (the ``keys`` adapter, used by ``hustings play palace-escape --keys``).

The arrows move a cursor over the grid; Enter or space picks up the card under it; an arrow then swaps it with
the card next to it in that direction, if the rules allow (seed 004 步驟 2, 4). ``h`` asks for a hint, ``u``
undoes, Esc puts the card down, ``g`` twice gives up (the table's command, R12: lost), ``q`` leaves (the game
stays saved). Only actions from the legal list are sent.

:class:`GridCursor` is the model (keys in, actions out, no terminal); :func:`play` runs it at a terminal over a
table session (anything with ``state``, ``is_over``, ``outcome()``, ``legal(p)``, ``apply(p, action)`` and
``give_up(p)``: :class:`hustings.tui.session.Session`), drawing with Rich.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Protocol

from rich.console import Console, Group
from rich.text import Text

from hustings.engine import Action, GameState, Outcome
from hustings.games.palace_escape.adapters.tui import draw_board
from hustings.games.palace_escape.data import CATALOG, GRID
from hustings.games.palace_escape.words.names import cell_name, counts_text, rank_name
from hustings.tui.renderer import View, outcome_headline

ARROWS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
QUIT = "quit"
GIVE_UP = "give_up"

def _w(key: str, lang: str, **kw: Any) -> str:
    return CATALOG.text(f"keys.{key}", lang, **kw)


class GridCursor:
    """Keys in, legal actions out."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang
        self.cursor = 0
        self.picked: int | None = None
        self.message = ""
        self.give_up_asked = False  # g was pressed once: a second g gives up, any other key forgets it

    def press(self, key: str, view: View, legal: Sequence[Action]) -> Action | str | None:
        """The action ``key`` asks for (one of ``legal``), :data:`QUIT`, :data:`GIVE_UP` (g twice), or None (the
        cursor moved, or the key asked for something the rules do not allow now: :attr:`message` says what)."""
        self.message = ""
        by_kind = {a.kind: a for a in legal if a.kind != "swap"}
        asked, self.give_up_asked = self.give_up_asked, False
        if key in ("q", "ctrl+c"):
            return QUIT
        if key == "g":
            if asked:
                return GIVE_UP
            self.give_up_asked = True
            self.message = _w("give_up_q", self.lang)
            return None
        if key == "h":
            if "hint" in by_kind:
                return by_kind["hint"]
            self.message = _w("no_hint", self.lang)
            return None
        if key == "u":
            if "undo" in by_kind:
                self.picked = None
                return by_kind["undo"]
            self.message = _w("no_undo", self.lang)
            return None
        if key == "escape":
            self.picked = None
            return None
        if key in ("enter", "space"):
            self.picked = None if self.picked == self.cursor else self.cursor
            if self.picked is not None:
                self.message = _w("picked", self.lang, r=rank_name(view["board"][self.picked], self.lang))
            return None
        if key not in ARROWS:
            return None
        dr, dc = ARROWS[key]
        r, c = divmod(self.cursor if self.picked is None else self.picked, GRID)
        if not (0 <= r + dr < GRID and 0 <= c + dc < GRID):
            self.message = _w("edge", self.lang) if self.picked is not None else ""
            return None
        target = (r + dr) * GRID + c + dc
        if self.picked is None:
            self.cursor = target
            return None
        a, b = sorted((self.picked, target))
        for act in legal:
            if act.kind == "swap" and act.args == (a, b):
                self.picked = None
                self.cursor = target  # the cursor follows the card
                return act
        board = view["board"]
        self.message = _w("no_swap", self.lang, ra=rank_name(board[self.picked], self.lang),
                          rb=rank_name(board[target], self.lang))
        return None


class _Table(Protocol):
    @property
    def state(self) -> GameState: ...

    @property
    def is_over(self) -> bool: ...

    def outcome(self) -> Outcome: ...

    def legal(self, p: int) -> list[Action]: ...

    def apply(self, p: int, action: Action) -> None: ...

    def give_up(self, p: int) -> None: ...


_SEQUENCES = {"\x1b[A": "up", "\x1b[B": "down", "\x1b[C": "right", "\x1b[D": "left", "\x1bOA": "up",
              "\x1bOB": "down", "\x1bOC": "right", "\x1bOD": "left", "\r": "enter", "\n": "enter", " ": "space",
              "\x1b": "escape", "\x03": "ctrl+c"}


def terminal_keys() -> Iterator[str]:
    """Key names read from the terminal in cbreak mode (restored when the generator is closed)."""
    import termios
    import tty

    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    try:
        tty.setcbreak(fd)
        while True:
            raw = os.read(fd, 8).decode("utf-8", "replace")
            yield _SEQUENCES.get(raw, raw.lower()[:1])
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)


def screen(view: View, cursor: GridCursor, lang: str) -> Group:
    """What the keyboard player sees: the grid with the cursor, the counts, the help line, the last message."""
    parts: list[Any] = [
        Text(CATALOG.text("game.title", lang), style="bold"),
        draw_board(view, lang, cursor.cursor, cursor.picked),
        Text(counts_text(view, lang)),
    ]
    if view["hopeless"]:
        parts.append(Text(CATALOG.text("ui.hopeless", lang), style="bold red"))
    hint = view.get("hint")
    if hint:
        board = view["board"]
        parts.append(Text(CATALOG.text("ui.hint_shown", lang, a=cell_name(hint[0], lang), b=cell_name(hint[1], lang),
                                       ra=rank_name(board[hint[0]], lang), rb=rank_name(board[hint[1]], lang)),
                          style="yellow"))
    parts.append(Text(_w("help", lang), style="dim"))
    if cursor.message:
        parts.append(Text(cursor.message, style="bold"))
    return Group(*parts)


def play(table: _Table, lang: str, keys: Iterator[str] | None = None, console: Console | None = None,
         on_event: Callable[[str], None] | None = None) -> None:
    """Play at the terminal until the game ends or the player leaves; ``table.apply`` saves every move."""
    console = console or Console()
    source = keys if keys is not None else terminal_keys()
    cursor = GridCursor(lang)
    try:
        while True:
            state = table.state
            view = state.view(0)
            console.clear()
            console.print(screen(view, cursor, lang))
            if table.is_over:  # by the rules, or given up at the table
                console.print(outcome_headline(table.outcome(), [CATALOG.text("ui.you", lang)], lang))
                return
            key = next(source, None)
            if key is None:
                return
            act = cursor.press(key, view, table.legal(0))
            if act == QUIT:
                return
            if act == GIVE_UP:
                table.give_up(0)
                continue
            if isinstance(act, Action):
                before = len(list(state.all_events()))
                table.apply(0, act)
                if on_event is not None:
                    for e in list(table.state.all_events())[before:]:
                        on_event(e.message(lang))
    finally:
        close = getattr(source, "close", None)
        if close is not None:
            close()

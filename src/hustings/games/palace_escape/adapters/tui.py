"""逃出總統府 at the terminal table: the game's ``tui`` adapter, a renderer for the terminal shell.

The palace is a 3x3 grid drawn with Rich: each card by rank and colour, the exit (bottom right) marked, the
last swap and a shown hint highlighted. The action list offers every legal swap by the cards it moves (the
arrow keys and Enter, or 1-9, choose one), then hint and undo. Everything is drawn from the view,
which is the whole position (the puzzle hides nothing).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from hustings.engine import Action, Event
from hustings.engine.words import Voice
from hustings.games.palace_escape.data import CATALOG, GOAL_CELL, GRID
from hustings.games.palace_escape.words import WORDS
from hustings.games.palace_escape.words.names import cell_name, counts_text, rank_name, rule_lines
from hustings.tui.choices import Entry
from hustings.tui.renderer import BaseRenderer, Panel, View

__all__ = ["Renderer", "draw_board"]

RANK_STYLE = ("bold black on yellow", "bold white on blue", "bold white on green", "bold black on cyan",
              "bold white on red")
EVENT_STYLE = {"caught": "bold red", "escaped": "bold green", "hint": "yellow", "time_up": "bold red",
               "undone": "dim"}


def _msg(key: str, lang: str, **kw: Any) -> str:
    return CATALOG.text(key, lang, **kw)


def draw_board(view: View, lang: str, cursor: int | None = None, picked: int | None = None) -> Table:
    """The grid: one card per cell; the exit, the last swap (underlined) and a shown hint (★) marked; for play
    with the arrow keys (``keys`` adapter) the cursor (reversed) and a picked-up card (» «) too."""
    board: list[int] = list(view["board"])
    last = set(view.get("last") or ())
    hint = set(view.get("hint") or ())
    grid = Table(show_header=False, show_lines=True, box=None, padding=(0, 1), pad_edge=False)
    for _ in range(GRID):
        grid.add_column(justify="center", width=14)
    rows = []
    for r in range(GRID):
        cells: list[RenderableType] = []
        for c in range(GRID):
            i = r * GRID + c
            rank = board[i]
            style = RANK_STYLE[rank] + (" underline" if i in last else "") + (" reverse" if i == cursor else "")
            name = rank_name(rank, lang)
            if i == picked:
                name = f"» {name} «"
            t = Text(("★ " if i in hint else "") + name, style=style, justify="center")
            below = Text(_msg("ui.goal", lang) if i == GOAL_CELL else " ", style="bold green" if i == GOAL_CELL else "")
            cells.append(Group(t, below))
        rows.append(cells)
    for cells in rows:
        grid.add_row(*cells)
    return grid


class Renderer(BaseRenderer):
    min_size = (64, 22)

    def who(self, view: View, p: int) -> str:
        return _msg("ui.you", self.lang)

    def status_head(self, view: View) -> Text:
        lang = self.lang
        return Text(_msg("ui.status", lang, variant=_msg(f"variant.{view['variant']}", lang),
                       status=_msg(f"status.{view['status']}", lang)))

    def panels(self, view: View) -> list[Panel]:
        lang = self.lang
        parts: list[RenderableType] = [draw_board(view, lang), Text(""), Text(counts_text(view, lang))]
        if view["actions_left"] is not None:  # a table where a person plays has no limit (R7)
            parts.append(Text(_msg("ui.actions_left", lang, n=view["actions_left"]), style="dim"))
        if view["hopeless"]:
            parts.append(Text(_msg("ui.hopeless", lang), style="bold red"))
        help_ = Group(Text(_msg("ui.goal_line", lang)), *(Text(t, style="dim") for t in rule_lines(view, lang)),
                      Text(_msg("ui.legend", lang), style="dim"))
        par = "—" if view["par"] is None else view["par"]
        return [
            Panel("palace", _msg("ui.board", lang), Group(*parts), subtitle=_msg("ui.par_line", lang, par=par),
                  primary=True, width=2),
            Panel("how", _msg("game.title", lang), help_, width=1),
        ]

    def private_panel(self, view: View) -> RenderableType:
        return Text(counts_text(view, self.lang))

    def situation(self, view: View) -> RenderableType:
        lang = self.lang
        if view["hopeless"]:  # said plainly, not left to be guessed from the missing hint (R8)
            return Text(_msg("ui.hopeless", lang), style="bold red")
        hint = view.get("hint")
        if hint:
            a, b = hint
            board = view["board"]
            return Text(_msg("ui.hint_shown", lang, a=cell_name(a, lang), b=cell_name(b, lang),
                           ra=rank_name(board[a], lang), rb=rank_name(board[b], lang)), style="yellow")
        last = view.get("last")
        if last:
            return Text(_msg("ui.last", lang, a=cell_name(last[0], lang), b=cell_name(last[1], lang)), style="dim")
        return Text(_msg("ui.goal_line", lang))

    def describe(self, action: Action, view: View) -> str:
        return WORDS.label(action, view, Voice(self.lang)).text

    def entries(self, view: View, legal: Sequence[Action]) -> list[Entry]:
        # the president's swaps first (the player's own moves), then the others, then hint and undo
        hint = tuple(view.get("hint") or ())
        board = view["board"]

        def order(a: Action) -> tuple[int, int]:
            if a.kind != "swap":
                return (2, a.id)
            return (0 if 0 in (board[a.args[0]], board[a.args[1]]) else 1, a.id)

        out = []
        for a in sorted(legal, key=order):
            label = self.describe(a, view)
            if a.kind == "swap" and tuple(a.args) == hint:
                label = "★ " + label
            out.append(Entry(label, "action", (a,), search=a.text(self.lang)))
        return out

    def event_style(self, event: Event) -> str:
        return EVENT_STYLE.get(event.type, "")

    def rules(self, view: View) -> tuple[str, str] | None:
        return WORDS.rules(None, self.lang)


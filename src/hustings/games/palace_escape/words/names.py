"""Names of 逃出總統府: ranks (full and one letter), cells, and the grid on one line."""

from __future__ import annotations

from collections.abc import Sequence

from hustings.engine.words import View
from hustings.games.palace_escape.data import CATALOG
from hustings.games.palace_escape.solver import RANKS


def rank_name(rank: int, lang: str) -> str:
    return CATALOG.text(f"rank.{RANKS[rank]}", lang)


def rank_short(rank: int, lang: str) -> str:
    return CATALOG.text(f"rank_short.{RANKS[rank]}", lang)


def cell_name(cell: int, lang: str) -> str:
    return CATALOG.text(f"cell.{cell}", lang)


def card_at(cell: int, rank: int, lang: str) -> str:
    """A card where it lies: "President (top left)"."""
    return CATALOG.text("part.card_at", lang, rank=rank_name(rank, lang), cell=cell_name(cell, lang))


def board_text(board: Sequence[int], lang: str) -> str:
    """The grid on one line, row by row: "P M L / L C M / C L C"."""
    sep = " " if lang == "en" else ""
    return " / ".join(sep.join(rank_short(r, lang) for r in board[i:i + 3]) for i in range(0, 9, 3))


def counts_text(view: View, lang: str) -> str:
    """Moves, par (— when the deal cannot be won), hints and undos."""
    par = view["par"]
    return CATALOG.text("ui.counts", lang, moves=view["moves"], par="—" if par is None else par, hints=view["hints"],
                        undos=view["undos"])


def rule_lines(view: View, lang: str) -> list[str]:
    """How cards swap, and in hard mode when the president is caught under the game's reading (R2)."""
    lines = [CATALOG.text("ui.rule_line", lang)]
    if view["variant"] == "hard":
        lines.append(CATALOG.text(f"ui.rule_hard_{view['capture']}", lang))
    return lines

"""Event messages of 逃出總統府, rendered on demand from the catalog (never during play)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hustings.games.palace_escape.data import CATALOG
from hustings.games.palace_escape.solver import RANKS

#: every event type the rules emit (each has event.<type> in every catalog)
EVENT_TYPES = ("dealt", "swapped", "caught", "escaped", "hint", "undone", "time_up")


def rank_name(rank: int, lang: str) -> str:
    return CATALOG.text(f"rank.{RANKS[rank]}", lang)


def rank_short(rank: int, lang: str) -> str:
    return CATALOG.text(f"rank_short.{RANKS[rank]}", lang)


def cell_name(cell: int, lang: str) -> str:
    return CATALOG.text(f"cell.{cell}", lang)


def board_text(board: Sequence[int], lang: str) -> str:
    """The grid on one line, row by row: "P M L / L C M / C L C"."""
    sep = " " if lang == "en" else ""
    return " / ".join(sep.join(rank_short(r, lang) for r in board[i:i + 3]) for i in range(0, 9, 3))


def render(event: Any, lang: str, context: Any) -> str:
    d = event.data
    t = event.type
    fields: dict[str, Any] = {}
    if t == "dealt":
        fields = {"variant": CATALOG.text(f"variant.{d['variant']}", lang), "board": board_text(d["board"], lang)}
        if d["par"] is None:  # the deal cannot be won: said at once (R5)
            return CATALOG.text("event.dealt_hopeless", lang, **fields)
        fields["par"] = d["par"]
    elif t in ("swapped", "hint", "undone"):
        fields = {"a": cell_name(d["a"], lang), "b": cell_name(d["b"], lang),
                  "ra": rank_name(d["ra"], lang), "rb": rank_name(d["rb"], lang)}
        fields.update({k: d[k] for k in ("moves", "left") if k in d})
    elif t == "caught":
        fields = {"cell": cell_name(d["cell"], lang)}
    elif t == "escaped":
        fields = {"moves": d["moves"], "par": d["par"]}
    elif t == "time_up":
        fields = {"limit": d["limit"]}
    return CATALOG.text(f"event.{t}", lang, **fields)

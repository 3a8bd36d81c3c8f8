"""Event messages of 逃出總統府, rendered on demand from the catalog (never during play): the rules' event renderer.

The puzzle has one seat, named "the President" in its words: a chosen name changes nothing here."""

from __future__ import annotations

from typing import Any

from hustings.games.palace_escape.data import CATALOG
from hustings.games.palace_escape.words.names import board_text, cell_name, rank_name

#: every event type the rules emit (each has event.<type> in every catalog)
EVENT_TYPES = ("dealt", "swapped", "caught", "escaped", "hint", "undone", "time_up")


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

"""Action labels of 逃出總統府: the plain text of each action (``Action.text``) and, with the view, each swap by
the cards it moves, structured (the two cells as arguments)."""

from __future__ import annotations

from hustings.engine import Action
from hustings.engine.words import Marks, View, plain
from hustings.games.palace_escape.data import CATALOG
from hustings.games.palace_escape.words.names import card_at, cell_name


def action_text(action: Action, lang: str, m: Marks) -> str:
    """The action in words without a view, arguments marked by ``m``."""
    if action.kind == "swap":
        a, b = action.args
        return CATALOG.text("action.swap", lang, a=m.arg(0, "cell", cell_name(a, lang)),
                            b=m.arg(1, "cell", cell_name(b, lang)))
    return CATALOG.text(f"action.{action.kind}", lang)


def describe(action: Action, lang: str) -> str:
    """``Action.text``: the action space's describe function."""
    return action_text(action, lang, plain(action))


def label_text(action: Action, view: View, lang: str, m: Marks) -> str:
    """A legal action with the view: a swap names the cards it moves ("President (top left) ⇄ Mayor (top
    middle)")."""
    if action.kind != "swap":
        return action_text(action, lang, m)
    a, b = action.args
    board = view["board"]
    return CATALOG.text("action.swap_cards", lang, a=m.arg(0, "cell", card_at(a, board[a], lang)),
                        b=m.arg(1, "cell", card_at(b, board[b], lang)))

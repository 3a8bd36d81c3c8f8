"""Action labels of 選舉之戰: the plain text of each action (``Action.text``) and, with a seat's view, the label
a player reads (each card with its figures, a target's candidate with its figures), structured."""

from __future__ import annotations

from collections.abc import Hashable

from hustings.engine import Action
from hustings.engine.words import Marks, View, Voice, plain
from hustings.games.election_war import data as D
from hustings.games.election_war.words.names import candidate_line, district_name, news_label, role_label

_CATALOG = D.CATALOG


def action_text(a: Action, lang: str, m: Marks) -> str:
    """The action in words from the catalog's ``action.<kind>``, without a view; arguments marked by ``m``."""
    k, x = a.kind, a.args

    def t(key: str, **fields: object) -> str:
        return _CATALOG.text(key, lang, **fields)

    if k == "declare":
        return t("action.declare", card=m.arg(0, "card", D.role_name(x[0], lang)),
                 rank=D.rank_name(D.ROLES[x[0]].frame, lang))
    if k == "play":
        return t("action.play", card=m.arg(0, "card", D.news_name(x[0], lang)),
                 seat=m.arg(1, "target", t("seat", n=x[1] + 1)))
    if k == "discard":
        return t("action.discard", card=m.arg(0, "card", D.news_name(x[0], lang)))
    return t(f"action.{k}")


def describe(a: Action, lang: str) -> str:
    """``Action.text``: the action space's describe function."""
    return action_text(a, lang, plain(a))


def _next_row(view: View) -> int:
    """The row the viewer's next declared candidate goes to."""
    me = view.get("you")
    return sum(1 for r in range(len(view["rows"])) if me is not None and view["candidates"][r][me]["placed"])


def label_text(a: Action, view: View, voice: Voice, m: Marks) -> str:
    """A legal action as a player reads it: the card with its figures; the target's candidate on this row."""
    lang = voice.lang
    k, x = a.kind, a.args

    def t(key: str, **fields: object) -> str:
        return _CATALOG.text(f"tui.{key}", lang, **fields)

    if k == "declare":
        row = _next_row(view)
        where = district_name(view["rows"][min(row, len(view["rows"]) - 1)]["district"], lang)
        return t("declare", card=m.arg(0, "card", role_label(x[0], lang)), row=row + 1, district=where)
    if k == "play":
        return t("play", card=m.arg(0, "card", news_label(x[0], lang)),
                 target=m.arg(1, "target", candidate_line(view, x[1], voice)))
    if k == "discard":
        return t("discard", card=m.arg(0, "card", news_label(x[0], lang)))
    if k in ("press", "no_press") and view.get("pending"):
        return f"{action_text(a, lang, m)} · {news_label(view['pending']['card'], lang)}"
    return action_text(a, lang, m)


def label_key(kind: str, view: View) -> Hashable | None:
    """What the labels of ``kind`` read of the view (see :func:`label_text`)."""
    if kind == "declare":
        row = _next_row(view)
        return row, view["rows"][min(row, len(view["rows"]) - 1)]["district"]
    if kind == "play":
        r = int(view["round"])
        if r >= len(view["rows"]):
            return r
        return r, tuple((c["card"], c["party"], c["level"], c["strength"], c["vote_share"])
                        for c in view["candidates"][r])
    if kind in ("press", "no_press"):
        pending = view.get("pending")
        return pending["card"] if pending else -1
    return ()

"""Action labels of Die Macher classic: the plain text of each action (``Action.text``) and, with a seat's view,
the label a player reads (the state a board holds, the board rallies and conversions go to, the seat an offer or
a cabinet action aims at), structured."""

from __future__ import annotations

from collections.abc import Hashable

from hustings.engine import Action
from hustings.engine.words import Marks, View, plain
from hustings.games.die_macher import data as D
from hustings.games.die_macher.words.events import money
from hustings.games.die_macher.words.names import Speaker

_CATALOG = D.CATALOG

#: kinds without arguments whose text is action.<kind> alone
_BARE_KINDS = frozenset({"pass", "draw", "keep", "done", "accept", "decline", "cab_votes", "cab_undouble", "cab_up",
                         "natmedia", "secret"})
#: kinds whose one argument is a seat (its party)
_SEAT_KINDS = frozenset({"cab_media", "cab_down", "offer", "force"})


def action_text(a: Action, lang: str, m: Marks) -> str:
    """The action in words from the catalog's ``action.<kind>``, without a view; arguments marked by ``m``."""
    k, x = a.kind, a.args

    def t(key: str, **fields: object) -> str:
        return _CATALOG.text(key, lang, **fields)

    def board(i: int) -> str:
        return m.arg(i, "board", t("part.board", n=x[i] + 1))

    def seat(i: int) -> str:
        return t("part.party", party=m.arg(i, "party", D.party_name(x[i], lang)))

    def card(i: int, role: str = "card") -> str:
        return m.arg(i, role, D.card_name(x[i], lang))

    if k in _BARE_KINDS:
        return t(f"action.{k}")
    if k in ("sheet1", "sheet2"):
        icons = D.SHEET_COLUMNS[0 if k == "sheet1" else 1][x[0]]
        parts, bi = [], 1
        for icon in icons:
            name, _, amount = icon.partition(":")
            where = ""
            if name != "members":
                where = board(bi)
                bi += 1
            n = int(amount or 1)
            parts.append(t(f"sheet_icon.{name}", n=n, board=where, move=D.move_label(n, lang)))
        return t(f"action.{k}", combo=m.arg(0, "combination", str(x[0] + 1)), parts=t("part.sep").join(parts))
    if k in ("bid", "pbid"):
        return t(f"action.{k}", amount=m.arg(0, "amount", money(x[0] * 1000)))
    if k == "first":
        return t("action.first", party=seat(0))
    if k == "discard":
        return t("action.discard", card=card(0))
    if k == "swap":
        return t("action.swap", slot=m.arg(0, "slot", str(x[0] + 1)), card=card(1))
    if k == "cab":
        return t("action.cab", card=m.arg(0, "cabinet", D.cabinet_name(x[0], lang)), board=board(1))
    if k == "cab_double":
        return t("action.cab_double", issue=m.arg(0, "issue", D.issue_name(x[0], lang)))
    if k in _SEAT_KINDS:
        return t(f"action.{k}", party=seat(0))
    if k == "media":
        return t("action.media", board=board(0))
    if k == "exch":
        return t("action.exch", out=card(0, "out"), card=card(1))
    if k == "rally":
        return t("action.rally", count=m.arg(0, "count", str(x[0])))
    if k == "publish":
        if x[0] != x[1]:
            return t("action.publish", a=m.arg(0, "option", str(x[0] + 1)), b=m.arg(1, "option", str(x[1] + 1)))
        m.note(1, "option", str(x[1] + 1))
        return t("action.publish1", a=m.arg(0, "option", str(x[0] + 1)))
    if k == "convert":
        return t("action.convert", count=m.arg(0, "count", str(x[0])))
    if k == "natop":
        if x[1] < D.NATIONAL_SLOTS:
            return t("action.natop_replace", card=card(0), slot=m.arg(1, "slot", str(x[1] + 1)))
        m.note(1, "slot", t("tui.natop_free"))
        return t("action.natop", card=card(0))
    if k == "secret_split":
        if not x[0]:
            m.note(0, "move", D.move_label(0, lang))
            return t("action.secret_members")
        return t("action.secret_split", move=m.arg(0, "move", D.move_label(x[0], lang)))
    if k == "donate":
        d = D.DONATIONS[x[0]]
        m.note(1, "accept", t("tui.accept", dice=d.accept_dice) if x[1] else t("tui.refuse", dice=d.refuse_dice))
        return t("action.donate_accept" if x[1] else "action.donate_refuse",
                 amount=m.arg(0, "donation", money(d.amount)))
    return f"{k}{x}"


def describe(a: Action, lang: str) -> str:
    """``Action.text``: the action space's describe function."""
    return action_text(a, lang, plain(a))


def label_text(a: Action, view: View, s: Speaker, m: Marks) -> str:
    """A legal action as a player reads it: its own text, with the state names the bare text leaves out and the
    seat it aims at."""
    k, x = a.kind, a.args
    text = action_text(a, s.lang, m)
    if k in ("cab", "media"):
        b = x[1] if k == "cab" else x[0]
        return f"{text} · {s.n.state(view['boards'][b]['state'])}"
    if k in ("rally", "convert"):
        b = view["rally_board"] if k == "rally" else view["convert_board"]
        if b >= 0:
            return f"{text} · {s.board_name(view, b)}"
    if k in ("offer", "force", "cab_media", "cab_down", "first"):
        return f"{text} ({s.seat(x[0])})"
    return text


def label_key(kind: str, view: View) -> Hashable | None:
    """What the labels of ``kind`` read of the view: the state on a board, the board rallies go to; else
    nothing."""
    if kind in ("cab", "media"):
        return tuple(b["state"] for b in view["boards"])
    if kind in ("rally", "convert"):
        b = view["rally_board"] if kind == "rally" else view["convert_board"]
        return b, (view["boards"][b]["state"], view["boards"][b]["election"]) if b >= 0 else None
    return ()

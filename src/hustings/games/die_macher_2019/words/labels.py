"""Action labels of Die Macher 2019: the plain text of each action (``Action.text``) and, with a seat's view, the
label a player reads (the state a board holds, a card in the chosen name style, what a choice would change: the
match of each party, the votes a conversion gives, a forced main action that hurts), structured.

Previews use the rules' own formulas (formulas.py), never the rules.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence

from hustings.engine import Action
from hustings.engine.words import Arg, Label, Marks, View, plain
from hustings.games.die_macher_2019 import data as D
from hustings.games.die_macher_2019.formulas import conversion_votes, match
from hustings.games.die_macher_2019.words.names import Speaker, effect_text, money

_CATALOG = D.CATALOG

#: action kinds whose one argument is a card: their text is action.<kind> with {card}
CARD_KINDS = frozenset({"draft", "plat", "keep", "take", "pick", "discard"})
#: kinds without arguments whose text is action.<kind> alone
_BARE_KINDS = frozenset({"pass", "done", "wipe", "nodraw", "pay", "decline", "dbl_off", "publish", "presence",
                         "keep_marker"})


def action_text(a: Action, lang: str, m: Marks) -> str:
    """The action in words from the catalog's ``action.<kind>``, without a view; arguments marked by ``m``."""
    k, x = a.kind, a.args

    def t(key: str, **fields: object) -> str:
        return _CATALOG.text(key, lang, **fields)

    def board(i: int) -> str:
        return m.arg(i, "board", t("part.board", n=x[i] + 1))

    if k in CARD_KINDS:
        return t(f"action.{k}", card=m.arg(0, "card", D.card_name(x[0], lang)))
    if k in _BARE_KINDS:
        return t(f"action.{k}")
    if k == "party":
        return t("action.party", party=m.arg(0, "party", D.party_name(x[0], lang)))
    if k == "deploy":
        items = (t("part.deploy_item", icon=t(f"deploy_icon.{icon}"), board=board(i + 1))
                 for i, icon in enumerate(D.SCHEMES[x[0]]))
        return t("action.deploy", scheme=m.arg(0, "scheme", str(x[0] + 1)), parts=t("part.sep").join(items))
    if k == "bid":
        return t("action.bid", amount=m.arg(0, "amount", money(x[0] * 1000)))
    if k == "swap":
        return t("action.swap", slot=m.arg(0, "slot", str(x[0] + 1)), card=m.arg(1, "card", D.card_name(x[1], lang)))
    if k == "media":
        return t("action.media", board=board(0), cost=money(D.MEDIA_COST))
    if k == "rally":
        return t("action.rally", board=board(0), count=m.arg(1, "count", str(x[1])), cost=money(D.RALLY_COST[x[1]]))
    if k == "place":
        return t("action.place", politician=m.arg(0, "politician", D.politician_name(x[0], lang)), board=board(1))
    if k == "dbl_on":
        return t("action.dbl_on", issue=m.arg(0, "issue", D.issue_name(x[0], lang)))
    if k == "mremove":
        m.note(1, "own", t("tui.own_yes" if x[1] else "tui.own_no"))
        return t("action.mremove_own" if x[1] else "action.mremove", n=m.arg(0, "target", str(x[0] + 1)))
    if k == "second":
        return t("action.second", n=m.arg(0, "effect", str(x[0] + 1)))
    if k == "replace":
        return t("action.replace", issue=m.arg(0, "issue", D.issue_name(x[0], lang)),
                 card=m.arg(1, "card", D.card_name(x[1], lang)))
    if k == "keep_poll":
        return t("action.keep_poll", gain=D.POLL_KEEP_BASE)
    if k == "convert":
        return t("action.convert", count=m.arg(0, "count", str(x[0])))
    if k == "donate":
        d = D.DONATIONS[x[0]]
        m.note(1, "accept", t("tui.accept", m=money(d.amount), b=d.accept_base) if x[1]
               else t("tui.refuse", b=d.refuse_base))
        return t("action.donate_accept" if x[1] else "action.donate_refuse",
                 amount=m.arg(0, "donation", money(d.amount)), change=d.accept_base if x[1] else d.refuse_base)
    return f"{k}{x}"


def describe(a: Action, lang: str) -> str:
    """``Action.text``: the action space's describe function."""
    return action_text(a, lang, plain(a))


def _match(platform: Sequence[int], opinions: Sequence[int], double: int) -> int:
    return match(platform, opinions, double)[0]  # the rules' own formula (formulas.py), defined once


def match_changes(s: Speaker, view: View, b: int, opinions: Sequence[int], double: int) -> str:
    """Each party's match in state ``b`` now and with ``opinions`` face up and ``double`` doubled."""
    bv = view["boards"][b]
    parts = []
    for p, pl in enumerate(view["players"]):
        if pl["party"] < 0 or not pl["platform"]:
            continue
        old = _match(pl["platform"], bv["opinions"], bv["double"])
        new = _match(pl["platform"], opinions, double)
        parts.append(s.t("tui.match_change", who=s.who(view, p), old=old, new=new))
    return s.t("tui.match_label", changes=", ".join(parts))


def replace_preview(s: Speaker, view: View, b: int, issue: int, card: int) -> str:
    """Replacing the face-up opinion of ``issue`` in state ``b`` by ``card`` (三.7)."""
    bv = view["boards"][b]
    opinions = [card if c >> 1 == issue else c for c in bv["opinions"]]
    return match_changes(s, view, b, opinions, bv["double"])


def forced_main(s: Speaker, view: View, main: str, b: int, owner: int) -> str:
    """A warning when paying starts a main action that is forced and hurts the owner: the double marker of the
    state, which can only be removed when one lies there (三.6, 四.2)."""
    bv = view["boards"][b]
    if main != "double" or bv["double"] < 0:
        return ""
    platform = view["players"][owner]["platform"]
    old = _match(platform, bv["opinions"], bv["double"])
    new = _match(platform, bv["opinions"], -1)
    key = "tui.warn_double_off" if new < old else "tui.note_double_off"
    return s.t(key, issue=s.n.issue(bv["double"]), old=old, new=new)


def label_text(a: Action, view: View, s: Speaker, m: Marks) -> str:
    """A legal action as a player reads it: the action's own text, with the state and party names the bare text
    leaves out, cards in the chosen name style, and previews."""
    lang = s.lang
    k, x = a.kind, a.args
    if k in ("media", "rally"):
        text = action_text(a, lang, m)
        return f"{text} · {s.n.state(view['boards'][x[0]]['state'])}"
    if k == "place":
        text = action_text(a, lang, m)
        cost = s.t("tui.cost", m=money(D.POLITICIANS[x[0]].cost))
        return f"{text} {s.n.state(view['boards'][x[1]]['state'])} · {cost}"
    if k == "deploy":
        parts = [f"{s.icon(icon)} → {m.arg(i + 1, 'board', s.board_name(view, b))}"
                 for i, (icon, b) in enumerate(zip(D.SCHEMES[x[0]], x[1:], strict=True))]
        return s.t("action.deploy", scheme=m.arg(0, "scheme", str(x[0] + 1)), parts=", ".join(parts))
    if k == "mremove":
        own = m.arg(1, "own", s.t("tui.own_yes") if x[1] else s.t("tui.own_no"))
        return s.t("tui.mremove", who=m.arg(0, "target", s.who(view, x[0])), own=own)
    if k == "second":
        turn = view.get("politician_turn")
        if turn and turn.get("politician") is not None:
            eff = D.POLITICIANS[turn["politician"]].secondary[x[0]]
            return f"{action_text(a, lang, m)}: {effect_text(eff, lang)}"
    if k == "pay":
        turn = view.get("politician_turn")
        if turn and turn.get("politician") is not None:
            pol = D.POLITICIANS[turn["politician"]]
            out = f"{action_text(a, lang, m)} ({money(pol.cost)}) · {s.n.politician(pol.index)}"
            warning = forced_main(s, view, pol.main, turn["board"], turn["player"])
            return f"{out} · {warning}" if warning else out
    if k == "dbl_on":
        turn = view.get("politician_turn")
        out = s.t("action.dbl_on", issue=m.arg(0, "issue", s.n.issue(x[0])))
        if turn:
            b = view["boards"][turn["board"]]
            return f"{out} · {match_changes(s, view, turn['board'], b['opinions'], x[0])}"
        return out
    if k == "dbl_off":
        turn = view.get("politician_turn")
        if turn:
            b = view["boards"][turn["board"]]
            return f"{action_text(a, lang, m)} · {match_changes(s, view, turn['board'], b['opinions'], -1)}"
    if k == "convert" and "convert_board" in view and view.get("you") is not None:
        b, me = view["convert_board"], view["you"]
        bv = view["boards"][b]
        mt = _match(view["players"][me]["platform"], bv["opinions"], bv["double"])
        trend = bv["trend"][me]
        votes = conversion_votes(x[0], trend, mt)
        return s.t("tui.convert_preview", action=action_text(a, lang, m), votes=votes, sum=max(1, x[0] + trend),
                   match=max(1, mt))
    if k == "presence" and "presence" in view:
        return s.t("tui.presence_preview", action=action_text(a, lang, m), value=view["presence"]["value"])
    if k in CARD_KINDS:  # the action's own words, with the card named in the chosen style
        return s.t(f"action.{k}", card=m.arg(0, "card", s.n.card(x[0])))
    if k == "swap":
        plat = view["players"][view["you"]]["platform"] if view.get("you") is not None else []
        old = s.n.card(plat[x[0]]) if x[0] < len(plat) else str(x[0] + 1)
        return s.t("tui.swap", old=m.arg(0, "slot", old), new=m.arg(1, "card", s.n.card(x[1])))
    if k == "replace":
        out = s.t("action.replace", issue=m.arg(0, "issue", s.n.issue(x[0])), card=m.arg(1, "card", s.n.card(x[1])))
        if "influence_board" in view:
            return f"{out} · {replace_preview(s, view, view['influence_board'], x[0], x[1])}"
        return out
    if k == "party":
        return s.t("action.party", party=m.arg(0, "party", s.n.party(x[0])))
    return action_text(a, lang, m)


def deploy_label(a: Action, view: View, s: Speaker, title: str) -> Label:
    """:func:`label_text`'s label of a deployment, from pieces kept per voice: a seat is offered hundreds of them at
    once, every round. Its parts depend on the scheme only (the boards stand in them as arguments), each board's
    words on the board and the state it holds."""
    x = a.args
    key = ("deploy", x[0])
    parts: tuple[str | int, ...] | None = s.memo.get(key)
    if parts is None:
        m = Marks(a)
        parts = s.memo[key] = m.label(label_text(a, view, s, m)).parts
    args = (_scheme_arg(s, x[0]), *(_board_arg(s, view, b) for b in x[1:]))
    return Label("deploy", "".join(p if isinstance(p, str) else args[p].text for p in parts), args, parts, title)


def _scheme_arg(s: Speaker, scheme: int) -> Arg:
    key = ("scheme", scheme)
    found: Arg | None = s.memo.get(key)
    if found is None:
        found = s.memo[key] = Arg("scheme", scheme, str(scheme + 1))
    return found


def _board_arg(s: Speaker, view: View, b: int) -> Arg:
    key = ("board_arg", b, view["boards"][b]["state"])
    found: Arg | None = s.memo.get(key)
    if found is None:
        found = s.memo[key] = Arg("board", b, s.board_name(view, b))
    return found


def parts_key(kind: str, view: View) -> Hashable | None:
    """A deployment's label reads nothing of the view besides its boards' names (its arguments): its parts, roles
    and title are the scheme's, so a server words each deployment once for every table (see
    :meth:`hustings.engine.words.Words.parts_key`)."""
    return () if kind == "deploy" else None


def arg_texts(kind: str, view: View, s: Speaker) -> Mapping[str, Mapping[int, str]]:
    """The arguments' texts of a kind with a parts key (a deployment's: its scheme's number and each board's name),
    kept per voice and states on the boards."""
    if kind != "deploy":
        return {}
    key = ("deploy_texts", tuple(b["state"] for b in view["boards"]))
    found: Mapping[str, Mapping[int, str]] | None = s.memo.get(key)
    if found is None:
        found = s.memo[key] = {
            "scheme": {i: _scheme_arg(s, i).text for i in range(len(D.SCHEMES))},
            "board": {b: _board_arg(s, view, b).text for b in range(len(view["boards"]))},
        }
    return found


#: kinds whose labels read nothing of the view (beyond the voice)
_STILL = CARD_KINDS | {"party", "bid", "pass", "done", "wipe", "nodraw", "decline", "publish", "keep_poll",
                       "keep_marker", "donate"}


#: kinds whose labels read only the states on the boards
_BOARDS = frozenset({"deploy", "media", "rally", "place"})


def label_key(kind: str, view: View) -> Hashable | None:
    """What the labels of ``kind`` read of the view: nothing, the states on the boards, the parties (a media
    marker's owner), the viewer's platform; or too much to keep (None: previews)."""
    if kind in _STILL:
        return ()
    if kind in _BOARDS:
        return tuple(b["state"] for b in view["boards"])
    if kind == "mremove":
        return tuple(pl["party"] for pl in view["players"])
    if kind == "swap":
        me = view.get("you")
        return tuple(view["players"][me]["platform"]) if me is not None else ()
    return None

"""Event messages of 選舉之戰, rendered on demand (never on the hot path) from the game's catalog.

The words are in ``messages/<lang>.json`` under ``event.<type>``; this module only computes the fields: seat
labels (the names people chose, when the words are asked with them), card and district names, and lists
assembled from catalog fragments (``part.*``). :func:`render_event` is the rules' event renderer.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from hustings.engine.words import Voice
from hustings.games.election_war import data as D
from hustings.games.election_war.words.names import district_name, news_label, role_label, seat_name

_CATALOG = D.CATALOG

#: every event type the rules emit (tests check each renders in every language)
EVENT_TYPES = frozenset({
    "setup", "roles_dealt", "declared", "declared_card", "revealed", "round_started", "turn_started", "drew",
    "drew_cards", "reshuffled", "stopped", "played", "wind_check", "press_conference", "press_declined", "effect",
    "explosion", "kept", "discarded", "count_row", "final",
})


class _Ctx:
    def __init__(self, data: Any, lang: str, voice: Voice | None) -> None:
        self.d = data
        self.lang = lang
        self.voice = voice

    def t(self, key: str, **fields: Any) -> str:
        return _CATALOG.text(key, self.lang, **fields)

    def join(self, items: Iterable[str]) -> str:
        return self.t("part.sep").join(items)

    def seat(self, p: int) -> str:
        return seat_name(p, self.lang, self.voice)

    def who(self, key: str = "player") -> str:
        return self.seat(self.d[key])

    def news(self, t: int) -> str:
        return D.news_name(t, self.lang) if t >= 0 else self.t("part.no_card")

    def result(self, ok: bool) -> str:
        return self.t("part.success" if ok else "part.failure")


def _count_row(c: _Ctx) -> str:
    d = c.d
    district = district_name(d["district"], c.lang)
    knocked = ""
    if d["knocked"]:
        knocked = c.t("part.knocked", seats=c.join(
            c.t(f"part.knock_{'clash' if reason == 2 else 'outvoted'}", who=c.seat(q)) for q, reason in d["knocked"]))
    if d["winner"] < 0:
        return c.t("event.count_row_none", row=d["row"] + 1, district=district, knocked=knocked)
    chk = d["check"]
    if chk is None:
        council = c.t("part.council_reached", strength=d["strength"], council=d["council"])
    else:
        council = c.t("part.council_check", strength=d["strength"], council=d["council"], die=chk["die"],
                      level=chk["level"], result=c.result(chk["success"]))
    return c.t("event.count_row", row=d["row"] + 1, district=district, who=c.who("winner"),
               card=D.role_name(d["card"], c.lang), council=council, knocked=knocked,
               took=c.t("part.took_both" if d["took_district"] else "part.took_card"))


def _final(c: _Ctx) -> str:
    rows = c.join(c.t("part.final_row", who=c.seat(p), votes=v) for p, v in enumerate(c.d["votes"]))
    title = c.d["title"]
    winners = c.join(c.seat(p) for p in c.d["winners"])
    return c.t("event.final", rows=rows, result=c.t(f"part.title_{title}", winners=winners))


def _effect(c: _Ctx) -> str:
    d = c.d
    t = d["card"]
    fields: dict[str, Any] = {"card": D.news_name(t, c.lang), "target": c.who("target"), "n": abs(d["amount"])}
    eff = d["effect"]
    key = eff
    if eff in ("strength", "level"):
        key = f"{eff}_{'up' if d['amount'] > 0 else 'down'}"
        fields["value"] = d["value"]
    elif eff == "draw":
        fields["who"] = c.who()
    elif eff == "discard":
        fields["cards"] = c.join(D.news_name(x, c.lang) for x in d["cards"]) or c.t("part.nothing")
    return c.t(f"event.effect_{key}", **fields)


def render_event(e: Any, lang: str, context: Any, voice: Voice | None = None) -> str:
    """The event's message in ``lang`` (``Event.message``), seats by the names in ``voice`` when given."""
    c = _Ctx(e.data, lang, voice)
    d = e.data
    k = e.type
    if k == "setup":
        return c.t("event.setup", players=d["players"], first=c.who("first"),
                   rows=c.join(district_name(x, lang) for x in d["rows"]))
    if k == "roles_dealt":
        return c.t("event.roles_dealt", who=c.who(), cards=c.join(role_label(x, lang) for x in d["cards"]))
    if k == "declared":
        return c.t("event.declared", who=c.who(), row=d["row"] + 1)
    if k == "declared_card":
        return c.t("event.declared_card", who=c.who(), row=d["row"] + 1, card=D.role_name(d["card"], lang))
    if k == "revealed":
        rows = c.t("part.row_sep").join(
            c.t("part.reveal_row", row=r + 1, cards=c.join(
                c.t("part.seat_card", who=c.seat(q), card=role_label(x, lang)) for q, x in enumerate(cards)))
            for r, cards in enumerate(d["cands"]))
        return c.t("event.revealed", rows=rows)
    if k == "round_started":
        return c.t("event.round_started", n=d["round"] + 1, district=district_name(d["district"], lang))
    if k == "turn_started":
        return c.t("event.turn_started", who=c.who())
    if k == "drew":
        return c.t("event.drew", who=c.who(), count=d["count"])
    if k == "drew_cards":
        return c.t("event.drew_cards", who=c.who(), cards=c.join(news_label(x, lang) for x in d["cards"]))
    if k == "reshuffled":
        return c.t("event.reshuffled", cards=d["cards"])
    if k == "stopped":
        return c.t("event.stopped", who=c.who())
    if k == "played":
        return c.t("event.played", who=c.who(), card=news_label(d["card"], lang), target=c.who("target"))
    if k == "wind_check":
        return c.t("event.wind_check", card=c.news(d["card"]), die=d["die"], level=d["level"],
                   result=c.result(d["success"]))
    if k == "press_conference":
        return c.t("event.press_conference", who=c.who(), card=c.news(d["card"]), die=d["die"], level=d["level"],
                   result=c.t("part.cleared" if d["cleared"] else "part.not_cleared"))
    if k == "press_declined":
        return c.t("event.press_declined", who=c.who())
    if k == "effect":
        return _effect(c)
    if k == "explosion":
        return c.t("event.explosion", who=c.who(), card=D.news_name(d["card"], lang))
    if k == "kept":
        return c.t("event.kept", who=c.who(), count=d["count"])
    if k == "discarded":
        return c.t("event.discarded", who=c.who(), card=D.news_name(d["card"], lang))
    if k == "count_row":
        return _count_row(c)
    if k == "final":
        return _final(c)
    return str(k)

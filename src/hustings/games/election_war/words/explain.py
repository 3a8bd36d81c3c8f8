"""How the numbers of 選舉之戰 came about, from the events one seat may see: each wind check and press
conference (the flipped card's die against the target's level), each row's count (strengths, ties, vote shares,
the council check), the figures of this round's candidates, and the votes so far."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hustings.engine import Event
from hustings.engine.words import Explanation, View, Voice
from hustings.games.election_war import data as D
from hustings.games.election_war.phases import Status
from hustings.games.election_war.words.events import render_event
from hustings.games.election_war.words.names import district_name, news_label, seat_name, share

_CATALOG = D.CATALOG


class Explainer:
    """How the numbers came about, from the events the viewer may see: each wind check and press conference
    (the flipped card's die against the target's level), each row's count (strengths, ties, vote shares,
    the council check), the figures of this round's candidates, and the votes so far."""

    def __init__(self, view: View, voice: Voice) -> None:
        self.view = view
        self.voice = voice
        self.lang = voice.lang
        self.checks: list[Explanation] = []
        self.counts: list[Explanation] = []
        self.changes: dict[tuple[int, int], list[str]] = {}  # (row, seat) -> effect lines
        self.played: tuple[int, int, int] | None = None  # (player, card, target) of the card in play
        self.round = 0

    def t(self, key: str, **fields: Any) -> str:
        return _CATALOG.text(f"tui.explain.{key}", self.lang, **fields)

    def seat(self, p: int) -> str:
        return seat_name(p, self.lang, self.voice)

    def news(self, card: int) -> str:
        return D.news_name(card, self.lang) if card >= 0 else self.t("no_card")

    def run(self, events: Sequence[Event]) -> list[Explanation]:
        for e in events:
            self.event(e)
        out = [*self.current_row(), *reversed(self.counts), *reversed(self.checks), *self.votes()]
        return out

    def event(self, e: Event) -> None:
        d = e.data
        typ = e.type
        if typ == "round_started":
            self.round = int(d["round"])
        elif typ == "played":
            self.played = (int(d["player"]), int(d["card"]), int(d["target"]))
        elif typ == "wind_check" and self.played is not None:
            p, card, q = self.played
            ok = bool(d["success"])
            lines = [self.t("played", who=self.seat(p), card=news_label(card, self.lang), target=self.seat(q)),
                     self.t("flipped", card=self.news(int(d["card"])), die=d["die"]),
                     self.t("level", who=self.seat(q), level=d["level"]),
                     self.t("check_rule", die=d["die"], level=d["level"],
                            result=_CATALOG.text("part.success" if ok else "part.failure", self.lang))]
            if ok:
                lines.append(self.t("press_offered", who=self.seat(q)))
            title = self.t("check_title", card=D.news_name(card, self.lang), target=self.seat(q),
                           result=_CATALOG.text("part.success" if ok else "part.failure", self.lang))
            self.checks.append(Explanation(title, lines))
        elif typ == "press_conference" and self.checks:
            cleared = bool(d["cleared"])
            self.checks[-1].lines.append(self.t(
                "press", card=self.news(int(d["card"])), die=d["die"], level=d["level"],
                result=_CATALOG.text("part.cleared" if cleared else "part.not_cleared", self.lang)))
        elif typ == "press_declined" and self.checks:
            self.checks[-1].lines.append(self.t("press_declined", who=self.seat(int(d["player"]))))
        elif typ == "effect":
            q = int(d["target"])
            line = render_event(e, self.lang, None, self.voice)
            if self.checks:
                self.checks[-1].lines.append(self.t("effect", text=line))
            if d["effect"] in ("strength", "level", "withdraw", "protect"):
                self.changes.setdefault((self.round, q), []).append(line)
        elif typ == "count_row":
            self.counts.append(self.count(d))

    def count(self, d: Mapping[str, Any]) -> Explanation:
        """註2 and 4. for one row, from the row's candidates in the view and the count's event."""
        lang = self.lang
        r = int(d["row"])
        lines = []
        cands = self.view["candidates"][r]
        knocked = {int(q): int(reason) for q, reason in d["knocked"]}
        for q, c in enumerate(cands):
            if c["card"] is None:
                continue
            status = int(c["status"])
            if status == int(Status.WITHDRAWN):
                why = self.t("was_withdrawn")
            elif q in knocked:
                why = self.t("knocked_clash" if knocked[q] == int(Status.CLASH) else "knocked_outvoted")
            elif q == d["winner"]:
                why = self.t("strongest")
            else:
                why = ""
            lines.append(self.t("count_line", who=self.seat(q), strength=c["strength"],
                                party=D.party_name(int(c["party"]), lang), share=share(int(c["vote_share"])),
                                why=why))
        lines.append(self.t("tie_rule"))
        winner = int(d["winner"])
        if winner < 0:
            lines.append(self.t("nobody_left"))
            title = self.t("count_title_none", row=r + 1, district=district_name(int(d["district"]), lang))
            return Explanation(title, lines)
        chk = d["check"]
        if chk is None:
            lines.append(self.t("council_reached", strength=d["strength"], council=d["council"]))
        else:
            ok = bool(chk["success"])
            lines.append(self.t("council_check", strength=d["strength"], council=d["council"],
                                card=self.news(int(chk["card"])), die=chk["die"], level=chk["level"],
                                result=_CATALOG.text("part.success" if ok else "part.failure", lang)))
        took = _CATALOG.text("part.took_both" if d["took_district"] else "part.took_card", lang)
        lines.append(f"{self.seat(winner)}: {took}")
        title = self.t("count_title", row=r + 1, district=district_name(int(d["district"]), lang),
                       who=self.seat(winner))
        return Explanation(title, lines)

    def current_row(self) -> list[Explanation]:
        """This round's candidates: printed figures, what news cards changed, who leads now."""
        view = self.view
        r = int(view["round"])
        if r >= len(view["rows"]) or view["phase"] in ("declare", "over"):
            return []
        lang = self.lang
        lines = []
        best, leaders = -1, []
        for q, c in enumerate(view["candidates"][r]):
            if c["card"] is None:
                continue
            role = D.ROLES[int(c["card"])]
            status = int(c["status"])
            line = self.t("figures", who=self.seat(q), name=D.role_name(role.index, lang),
                          level=role.level, strength=role.strength, now_level=c["level"], now_strength=c["strength"],
                          share=share(role.vote_share))
            if status != int(Status.STANDING):
                line += " · " + _CATALOG.text(f"status.{status}", lang)
            lines.append(line)
            lines.extend("  " + x for x in self.changes.get((r, q), []))
            if status == int(Status.STANDING):
                s = int(c["strength"])
                if s > best:
                    best, leaders = s, [q]
                elif s == best:
                    leaders.append(q)
        if leaders:
            lines.append(self.t("leads", who=", ".join(self.seat(q) for q in leaders), strength=best,
                                council=view["rows"][r]["council"]))
        title = self.t("row_title", row=r + 1, district=district_name(view["rows"][r]["district"], lang))
        return [Explanation(title, lines)]

    def votes(self) -> list[Explanation]:
        """5.: one card, one vote."""
        view = self.view
        lang = self.lang
        out = []
        for p, w in enumerate(view["won"]):
            roles = ", ".join(D.role_name(c, lang) for c in w["roles"]) or "—"
            districts = ", ".join(district_name(x, lang) for x in w["districts"]) or "—"
            lines = [self.t("votes_roles", n=len(w["roles"]), cards=roles),
                     self.t("votes_districts", n=len(w["districts"]), cards=districts),
                     f"= {view['votes'][p]}"]
            out.append(Explanation(self.t("votes_title", who=self.seat(p), n=view["votes"][p]), lines))
        top = max(view["votes"]) if view["votes"] else 0
        leaders = [p for p, v in enumerate(view["votes"]) if v == top]
        out.append(Explanation(self.t("end_title"), [self.t("end_rule"), self.t(
            "end_now", who=", ".join(self.seat(p) for p in leaders), n=top, k=len(leaders))]))
        return out

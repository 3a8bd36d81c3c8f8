"""Explanations of Die Macher 2019: how every number on the table came about (votes in each state, the points
tables, the match of each platform, each election, income, scores, party base, your money), from the events one
seat may see and its view only."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hustings.engine import Event
from hustings.engine.words import Explanation, View, Voice, explanations_added
from hustings.games.die_macher_2019 import data as D
from hustings.games.die_macher_2019.formulas import match
from hustings.games.die_macher_2019.words.events import render_event
from hustings.games.die_macher_2019.words.names import Speaker, money, scores_so_far

_CATALOG = D.CATALOG


def _match(platform: Sequence[int], opinions: Sequence[int], double: int) -> int:
    return match(platform, opinions, double)[0]  # the rules' own formula (formulas.py), defined once


class Explainer:
    """Walks the events one player may see and keeps the breakdown of each number.

    A vote line starts with its signed number (``+6 ...``): :meth:`vote_items` adds them up to check the total.
    """

    def __init__(self, view: View, voice: Voice) -> None:
        self.s = Speaker(voice)
        self.view = view
        self.lang = voice.lang
        n = len(view["players"])
        self.n = n
        self.votes: dict[tuple[int, int], list[str]] = {}  # (board, player) -> lines, for the state there now
        self.base: list[list[str]] = [[] for _ in range(n)]
        self.elections: list[Explanation] = []
        self.income: dict[tuple[int, int], Explanation] = {}  # (round, seat) -> the income paid then
        self.round = 0
        self.money: list[str] = []
        self.parties: list[int] = [pl["party"] for pl in view["players"]]

    def t(self, key: str, **fields: Any) -> str:
        """``tui.explain.<key>`` in the interface language."""
        return _CATALOG.text(f"tui.explain.{key}", self.lang, **fields)

    def who(self, p: int) -> str:
        return self.s.who(self.view, p)

    def board(self, b: int) -> str:
        return self.s.board_name(self.view, b)

    def run(self, events: Sequence[Event]) -> list[Explanation]:
        me = self.view.get("you")
        if me is not None:
            self.money.append(self.t("money_start", amount=money(D.START_MONEY)))
        for e in events:
            self.event(e, me)
        out: list[Explanation] = []
        out.extend(self.vote_items())
        out.extend(self.table_items())
        out.extend(self.match_items())
        out.extend(reversed(self.elections))
        out.extend(self.income[k] for k in sorted(self.income, key=lambda k: (-k[0], k[1])))  # latest round first
        out.extend(self.score_items())
        out.extend(self.base_items())
        if me is not None:
            total = self.view["players"][me]["money"]
            out.append(Explanation(self.t("your_money", amount=money(total)), [*self.money, f"= {money(total)}"]))
        return out

    def event(self, e: Event, me: int | None) -> None:
        d, typ = e.data, e.type
        if typ == "deployment":
            scheme = D.SCHEMES[d["scheme"]]
            for icon, b in zip(scheme, d["boards"], strict=True):
                if icon == "votes":
                    self.votes.setdefault((b, d["player"]), []).append(
                        self.t("votes_deploy", n=D.ICON_AMOUNT["votes"]))
        elif typ == "votes_converted":
            parts = ", ".join(f"{self.s.n.issue(x['issue'])} {x['value']:+d}" for x in d["match_parts"]) or "—"
            self.votes.setdefault((d["board"], d["player"]), []).append(self.t(
                "votes_converted", votes=d["votes"], cubes=d["cubes"], trend=d["trend"], match=d["match"], parts=parts))
        elif typ == "votes_gained":
            self.votes.setdefault((d["board"], d["player"]), []).append(self.t("votes_politician", votes=d["votes"]))
        elif typ == "election_result":
            self.election(d)
            for p in range(self.n):
                self.votes.pop((d["board"], p), None)
        elif typ == "state_added":
            for p in range(self.n):
                self.votes.pop((d["board"], p), None)
        elif typ == "round_started":
            self.round = d["round"]
        elif typ == "income":
            amount = money(d["amount"])
            # one item per seat and round, titled with its round (issue 14, bug 11: two same titles)
            self.income[(self.round, d["player"])] = Explanation(
                self.t("income_title", who=self.who(d["player"]), amount=amount, round=self.round),
                [self.t("income_line", points=d["points"], base=d["base"], per=money(D.INCOME_PER_POINT),
                        amount=amount)])
            if d["player"] == me:
                self.money.append(self.t("money_income", amount=amount))
        elif typ == "donation":
            p = d["player"]
            key = "donation_accepted" if d["accepted"] else "donation_refused"
            self.base[p].append(self.t(key, change=d["base_change"], amount=money(d["amount"])))
            if p == me and d["accepted"]:
                self.money.append(self.t("money_donation", amount=money(d["amount"])))
        elif typ == "poll_kept":
            self.base[d["player"]].append(self.t("poll_kept", gain=d["base_gain"]))
        if me is None:
            return
        cost = self.cost_of(e, me)
        if cost:
            self.money.append(f"{cost:+,}€ " + render_event(e, self.lang, e.context, self.s.voice))

    @staticmethod
    def cost_of(e: Event, me: int) -> int:
        d, typ = e.data, e.type
        if typ == "media_removed":
            if d["player"] == me:
                return -int(d["paid"])
            if d["target"] == me:
                return int(d["paid"])
            return 0
        if d.get("player") != me:
            return 0
        if typ == "first_player":
            return -int(d["paid"])
        if typ in ("media_bought", "rallies_bought", "politician_paid"):
            return -int(d["cost"])
        if typ == "poll_won":
            return -int(d["paid"])
        return 0

    def election(self, d: Mapping[str, Any]) -> None:
        card = D.STATES[d["state"]]
        lines = []
        need = D.BONUS["min_votes_for_points"]
        for p, v in enumerate(d["votes"]):
            row = [n for n, _ in card.table if v >= n]
            why = self.t("too_few", need=need) if v < need else self.t("table_row", row=row[-1])
            line = self.t("election_line", who=self.who(p), votes=v, points=d["points"][p], why=why)
            if d["bonus"][p]:
                line += self.t("bonus", bonus=d["bonus"][p])
            lines.append(line)
        maj = D.BONUS["majority_votes"]
        over = [p for p, v in enumerate(d["votes"]) if v >= maj]
        if len(over) == 1:
            reason = self.t("single_majority", who=self.who(over[0]), maj=maj, bonus=D.BONUS["single_majority"])
        elif over:
            reason = self.t("multi_majority", maj=maj, bonus=D.BONUS["multi_majority"])
        elif d["coalition"]:
            pair = " + ".join(self.who(p) for p in d["coalition"])
            reason = self.t("coalition", maj=maj, pair=pair, bonus=D.BONUS["coalition"])
        elif d["winners"]:
            reason = self.t("plurality", maj=maj, bonus=D.BONUS["plurality"])
        else:
            reason = self.t("no_bonus")
        lines.append(reason)
        if d["media_presence"]:
            lines.append(self.t("presence", value=d["presence_value"],
                                who=", ".join(self.who(p) for p in d["media_presence"])))
        title = self.t("election_title", n=d["election"], state=self.s.n.state(d["state"]))
        self.elections.append(Explanation(title, lines))

    def vote_items(self) -> list[Explanation]:
        out = []
        for b, bd in enumerate(self.view["boards"]):
            if not bd["active"]:
                continue
            for p in range(self.n):
                total = bd["votes"][p]
                lines = list(self.votes.get((b, p), []))
                if not lines and not total:
                    continue
                accounted = sum(int(line.split()[0].lstrip("+")) for line in lines)
                if accounted != total:
                    lines.append(self.t("not_shown", n=total - accounted))
                title = self.t("votes_title", who=self.who(p), board=self.board(b), total=total)
                out.append(Explanation(title, [*lines, f"= {total}"]))
        return out

    def table_items(self) -> list[Explanation]:
        out = []
        for b, bd in enumerate(self.view["boards"]):
            if not bd["active"]:
                continue
            card = D.STATES[bd["state"]]
            need = D.BONUS["min_votes_for_points"]
            rows = ", ".join(f"{n}→{p}" for n, p in card.table)
            lines = [self.t("table_rows", rows=rows), self.t("table_rule", need=need)]
            for p in range(self.n):
                v = bd["votes"][p]
                pts = card.points_for(v) if v >= need else 0
                lines.append(self.t("table_now", who=self.who(p), votes=v, points=pts))
            out.append(Explanation(self.t("table_title", board=self.board(b)), lines))
        return out

    def match_items(self) -> list[Explanation]:
        out = []
        for b, bd in enumerate(self.view["boards"]):
            if not bd["active"] or not bd["opinions"]:
                continue
            for p, pl in enumerate(self.view["players"]):
                if not pl["platform"]:
                    continue
                plat = {c >> 1: c & 1 for c in pl["platform"]}
                lines = []
                for c in bd["opinions"]:
                    i = c >> 1
                    if i not in plat:
                        continue
                    v = 1 if plat[i] == (c & 1) else -1
                    dbl = bd["double"] == i
                    same = self.t("same_stance") if v > 0 else self.t("opposite_stance")
                    lines.append(f"{self.s.n.issue(i)}: {same} {v * (2 if dbl else 1):+d}" + (" (×2)" if dbl else ""))
                total = _match(pl["platform"], bd["opinions"], bd["double"])
                title = self.t("match_title", who=self.who(p), board=self.board(b), total=total)
                out.append(Explanation(title, [*(lines or ["—"]), f"= {total:+d}", self.t("match_note")]))
        return out

    def score_items(self) -> list[Explanation]:
        view = self.view
        out = []
        values = [r["presence_value"] for r in view["results"]]
        totals = scores_so_far(view)
        for p, pl in enumerate(view["players"]):
            pres = [values[e] for e in pl["media_presence"] if e < len(values)]
            lines = [
                self.t("election_points", n=pl["election_points"]),
                self.t("bonuses", n=pl["election_bonus"]),
                self.t("media_presence", n=sum(pres), parts=" + ".join(map(str, pres)) or "0"),
                self.t("party_base", n=pl["base"]),
            ]
            if view.get("scores"):
                lines.append(self.t("money_rank", n=view["scores"][p]["money_rank"]))
            else:
                lines.append(self.t("money_rank_later"))
            title = self.t("score_title", who=self.who(p), total=totals[p])
            out.append(Explanation(title, [*lines, f"= {totals[p]}"]))
        return out

    def base_items(self) -> list[Explanation]:
        out = []
        for p, pl in enumerate(self.view["players"]):
            lines = [self.t("base_start", n=D.START_BASE), *self.base[p]]
            title = self.t("base_title", who=self.who(p), base=pl["base"])
            out.append(Explanation(title, [*lines, self.t("base_total", base=pl["base"])]))
        return out


def explanations(view: View, events: Sequence[Event], voice: Voice) -> list[Explanation]:
    """Every number on the table that events account for, with how it came about."""
    return Explainer(view, voice).run(events)


def event_explanations(view: View, events: Sequence[Event], index: int, voice: Voice) -> list[Explanation]:
    """One event's explanations (the browser log's ``?``): what it adds to the explanations, else, for votes in a
    state decided since (no longer explained), the event's own vote lines."""
    got = explanations_added(lambda some: explanations(view, some, voice), events, index)
    if got:
        return got
    e = events[index]
    ex = Explainer(view, voice)
    ex.event(e, None)
    lines = [line for ls in ex.votes.values() for line in ls]
    return [Explanation(render_event(e, voice.lang, e.context, voice), lines)] if lines else []

"""Explanations of Die Macher classic: how every number on the table came about (votes and popularity on each
board, the seats they give, each election, income, donations, scores, members, your money), from the events one
seat may see and its view only."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hustings.engine import Event
from hustings.engine.words import Explanation, View, Voice
from hustings.games.die_macher import data as D
from hustings.games.die_macher.formulas import coincidence, votes_for
from hustings.games.die_macher.words.events import money, render_event
from hustings.games.die_macher.words.names import Speaker

_CATALOG = D.CATALOG


def score_parts(view: Mapping[str, Any]) -> list[dict[str, int]]:
    """Each party's score components as if the game ended now (001 §遊戲結束), from the public view."""
    from hustings.games.die_macher.rules.scoring import member_points  # the rules import these words

    members = [pl["members"] for pl in view["players"]]
    bonus = member_points(members, view["rules"]["member_score"])
    out = []
    for p, pl in enumerate(view["players"]):
        media = sum(D.MEDIA_POINTS[e - 1] for q, e in view["national_media"] if q == p)
        opinions = sum(D.NATIONAL_POINTS[j] + (D.SECURED_BONUS if sec else 0)
                       for j, (c, sec) in enumerate(view["national_row"]) if c in pl["program"])
        out.append({"seats": sum(pl["seats"]), "media": media, "members": bonus[p], "opinions": opinions})
    return out


class Explainer:
    """Walks the events one player may see and keeps the breakdown of each number.

    A vote line starts with its signed number (``+6 ...``): :meth:`vote_items` adds them up to check the
    total on the board."""

    def __init__(self, view: View, voice: Voice) -> None:
        self.s = Speaker(voice)
        self.view = view
        self.lang = voice.lang
        self.n = len(view["players"])
        self.votes: dict[tuple[int, int], list[str]] = {}  # (slot, seat) -> lines, for the state there now
        self.pops: dict[tuple[int, int], list[str]] = {}  # (slot, seat) -> popularity moves, likewise
        self.members: list[list[str]] = [[] for _ in range(self.n)]
        self.elections: list[Explanation] = []
        self.income: list[Explanation] = []
        self.donations: list[Explanation] = []
        self.money: list[str] = []

    def t(self, key: str, **fields: Any) -> str:
        """``tui.explain.<key>`` in the interface language."""
        return _CATALOG.text(f"tui.explain.{key}", self.lang, **fields)

    def who(self, p: int) -> str:
        return self.s.who(self.view, p)

    def run(self, events: Sequence[Event]) -> list[Explanation]:
        me = self.view.get("you")
        if me is not None:
            self.money.append(self.t("money_start", amount=money(D.START_MONEY)))
        for e in events:
            self.event(e, me)
        out: list[Explanation] = []
        out.extend(self.vote_items())
        out.extend(self.pop_items())
        out.extend(self.seat_items())
        out.extend(reversed(self.elections))
        out.extend(reversed(self.income))
        out.extend(reversed(self.donations))
        out.extend(self.score_items())
        out.extend(self.member_items())
        if me is not None:
            total = self.view["players"][me]["money"]
            out.append(Explanation(self.t("your_money", amount=money(total)), [*self.money, f"= {money(total)}"]))
        return out

    def add_vote(self, b: int, p: int, line: str) -> None:
        self.votes.setdefault((b, p), []).append(line)

    def add_pop(self, b: int, p: int, key: str, spaces: int, **fields: Any) -> None:
        if spaces:
            self.pops.setdefault((b, p), []).append(self.t(key, move=D.move_label(spaces, self.lang), **fields))

    def event(self, e: Event, me: int | None) -> None:
        d, typ = e.data, e.type
        if typ == "sheet_revealed":
            self.sheet(d["seat"], d["actions"])
        elif typ == "converted":
            k, pop, co = d["cubes"], d["popularity"], d["coincidence"]
            factor = max(1, 2 * (pop + co)) / 2
            line = self.t("votes_converted", votes=d["votes"], cubes=k, pop=D.pop_value(pop), coinc=co,
                          factor=f"{factor:g}")
            if d["capped"]:
                line += self.t("capped", cap=D.VOTE_CAP)
            self.add_vote(d["board"], d["seat"], line)
        elif typ == "cabinet_votes":
            self.add_vote(d["board"], d["seat"], self.t("votes_cabinet", votes=d["votes"]))
        elif typ == "election":
            self.election(d)
        elif typ in ("board_prepared", "board_removed"):
            for p in range(self.n):
                self.votes.pop((d["board"], p), None)
                self.pops.pop((d["board"], p), None)
        elif typ == "popularity":
            self.add_pop(d["board"], d["seat"], "pop_cabinet", d["spaces"], by=self.who(d["by"]))
        elif typ == "poll_published":
            for p, c in enumerate(d["changes"]):
                self.add_pop(d["board"], p, "pop_poll", c)
        elif typ == "poll_secret":
            self.add_pop(d["board"], d["seat"], "pop_secret", d["spaces"])
            if d["members"]:
                self.members[d["seat"]].append(self.t("members_poll", gained=d["members"]))
        elif typ == "income":
            self.income_item(d)
            if d["seat"] == me:
                self.money.append(self.t("money_income", amount=money(d["seats"] + d["members"])))
        elif typ == "donation_accepted":
            p = d["seat"]
            self.members[p].append(self.t("members_donation_lost", lost=d["lost"], rolls=_dice(d["rolls"])))
            self.donations.append(Explanation(
                self.t("donation_title", who=self.who(p), amount=money(d["amount"])),
                [self.t("donation_accepted", amount=money(d["amount"]), rolls=_dice(d["rolls"]), lost=d["lost"])]))
            if p == me:
                self.money.append(self.t("money_donation", amount=money(d["amount"])))
        elif typ == "donation_revealed":
            p = d["seat"]
            self.members[p].append(self.t("members_donation_refused", gained=d["gained"], rolls=_dice(d["rolls"])))
            self.donations.append(Explanation(
                self.t("refusal_title", who=self.who(p), amount=money(d["amount"])),
                [self.t("donation_refused", rolls=_dice(d["rolls"]), gained=d["gained"])]))
        elif typ == "donation_bonus":
            p = d["seat"]
            self.members[p].append(self.t("members_bonus_dice", gained=d["gained"], rolls=_dice(d["rolls"])))
        elif typ == "members_gained":
            self.members[d["seat"]].append(self.t(f"members_{d['why']}", gained=d["members"]))
        if me is not None:
            cost = _cost_of(e, me)
            if cost:
                self.money.append(f"{cost:+,} DM · " + render_event(e, self.lang, e.context, self.s.voice))

    def sheet(self, p: int, actions: Sequence[int]) -> None:
        """The starting sheet's votes and members (001 §遊戲流程 1)."""
        from hustings.games.die_macher.actions import SPACE  # the action space's texts are these words

        for aid in actions:
            a = SPACE[aid]
            icons = D.SHEET_COLUMNS[0 if a.kind == "sheet1" else 1][a.args[0]]
            boards = iter(a.args[1:])
            for icon in icons:
                name, _, amount = icon.partition(":")
                n = int(amount or 1)
                if name == "members":
                    self.members[p].append(self.t("members_sheet", gained=n))
                    continue
                b = next(boards)
                if name == "votes":
                    self.add_vote(b, p, self.t("votes_sheet", votes=n))
                elif name == "popularity":
                    self.add_pop(b, p, "pop_sheet", n)  # from the start, on different boards: never stopped

    def election(self, d: Mapping[str, Any]) -> None:
        card = D.STATES[d["state"]]
        lines = []
        for p, (v, s) in enumerate(zip(d["votes"], d["seats"], strict=True)):
            lines.append(self.t("election_line", who=self.who(p), votes=v, seats=s, max=card.max_seats))
        pairs = [d["coalitions"][i:i + 2] for i in range(0, len(d["coalitions"]), 2)]
        for a, b in pairs:
            lines.append(self.t("coalition_sum", pair=f"{self.who(a)} + {self.who(b)}",
                                votes=d["votes"][a] + d["votes"][b]))
        winners = " + ".join(self.who(p) for p in d["winners"]) or "—"
        lines.append(self.t(f"win_{d['kind']}", who=winners))
        if d["tied"]:
            lines.append(self.t("tied", who=", ".join(self.who(p) for p in d["tied"])))
        title = self.t("election_title", n=d["round"], state=self.s.n.state(d["state"]))
        self.elections.append(Explanation(title, lines))

    def income_item(self, d: Mapping[str, Any]) -> None:
        p = d["seat"]
        total = d["seats"] + d["members"]
        lines = [self.t("income_seats", n=d.get("seat_count", d["seats"] // D.INCOME_PER_SEAT),
                        per=money(D.INCOME_PER_SEAT), amount=money(d["seats"]))]
        if d["members"]:
            lines.append(self.t("income_members", n=d.get("member_count", d["members"] // D.INCOME_PER_MEMBER),
                                per=money(D.INCOME_PER_MEMBER), amount=money(d["members"])))
        else:
            lines.append(self.t("income_no_members"))
        self.income.append(Explanation(self.t("income_title", who=self.who(p), amount=money(total)),
                                       [*lines, f"= {money(total)}"]))

    def vote_items(self) -> list[Explanation]:
        out = []
        for b, bd in enumerate(self.view["boards"]):
            if not bd["election"]:
                continue
            for p in range(self.n):
                total = bd["votes"][p]
                lines = list(self.votes.get((b, p), []))
                if not lines and not total:
                    continue
                accounted = sum(int(line.split()[0].lstrip("+")) for line in lines)
                if accounted != total:
                    lines.append(self.t("capped_total", n=total - accounted))
                title = self.t("votes_title", who=self.who(p), board=self.s.board_name(self.view, b), total=total)
                pl = self.view["players"][p]
                co = coincidence(pl["program"], bd["up"], bd["key_issue"])
                now = votes_for(1, bd["popularity"][p], co)
                out.append(Explanation(title, [*lines, f"= {total}",
                                               self.t("rate_now", pop=D.pop_value(bd["popularity"][p]), coinc=co,
                                                      factor=f"{max(1, 2 * (bd['popularity'][p] + co)) / 2:g}",
                                                      five=votes_for(5, bd["popularity"][p], co), one=now)]))
        return out

    def pop_items(self) -> list[Explanation]:
        """Each popularity marker away from the start or moved: its space and the moves that took it there."""
        out = []
        for b, bd in enumerate(self.view["boards"]):
            if not bd["election"]:
                continue
            for p in range(self.n):
                value = bd["popularity"][p]
                lines = self.pops.get((b, p), [])
                if not lines and value == D.POP_START:
                    continue
                title = self.t("pop_title", who=self.who(p), board=self.s.board_name(self.view, b),
                               value=D.pop_label(value, self.lang))
                out.append(Explanation(title, [self.t("pop_start", value=D.pop_label(D.POP_START, self.lang)),
                                               *lines, f"= {D.pop_label(value, self.lang)}", self.t("pop_track")]))
        return out

    def seat_items(self) -> list[Explanation]:
        """The state card's ladder: seats for the votes each party has there now."""
        out = []
        for b, bd in enumerate(self.view["boards"]):
            if not bd["election"]:
                continue
            card = D.STATES[bd["state"]]
            steps = [f"{v}→{card.ladder[v]}" for v in range(1, len(card.ladder))
                     if card.ladder[v] != card.ladder[v - 1]]
            lines = [self.t("ladder", steps=" ".join(steps))]
            for p in range(self.n):
                v = bd["votes"][p]
                lines.append(self.t("seats_now", who=self.who(p), votes=v, seats=card.seats(v)))
            out.append(Explanation(self.t("seats_title", board=self.s.board_name(self.view, b)), lines))
        return out

    def score_items(self) -> list[Explanation]:
        view = self.view
        out = []
        parts = view["scores"] or score_parts(view)
        for p, pl in enumerate(view["players"]):
            sc = parts[p]
            media = [f"{D.MEDIA_POINTS[e - 1]} ({e})" for q, e in view["national_media"] if q == p]
            ops = [f"{self.s.n.card(c)} {D.NATIONAL_POINTS[j]}" + (f"+{D.SECURED_BONUS}" if sec else "")
                   for j, (c, sec) in enumerate(view["national_row"]) if c in pl["program"]]
            seats = " + ".join(str(s) for s in pl["seats"] if s) or "0"
            if view["rules"]["member_score"] == "bonus":
                members = self.t("score_members_bonus", n=sc["members"], members=pl["members"])
            else:
                members = self.t("score_members", n=sc["members"], members=pl["members"],
                                 bonus=sc["members"] - pl["members"])
            lines = [self.t("score_seats", n=sc["seats"], parts=seats),
                     self.t("score_media", n=sc["media"], parts=" + ".join(media) or "0"),
                     members,
                     self.t("score_opinions", n=sc["opinions"], parts=" + ".join(ops) or "0")]
            total = sum(sc[k] for k in ("seats", "media", "members", "opinions"))
            if not view["scores"]:
                lines.append(self.t("score_so_far"))
            out.append(Explanation(self.t("score_title", who=self.who(p), total=total), [*lines, f"= {total}"]))
        return out

    def member_items(self) -> list[Explanation]:
        out = []
        for p, pl in enumerate(self.view["players"]):
            lines = [self.t("members_start", n=D.START_MEMBERS), *self.members[p]]
            out.append(Explanation(self.t("members_title", who=self.who(p), n=pl["members"]),
                                   [*lines, f"= {pl['members']}"]))
        return out


def _dice(rolls: Sequence[int]) -> str:
    return " ".join(str(r) for r in rolls) or "—"


def _cost_of(e: Event, me: int) -> int:
    """What an event did to the viewer's money (every payment is public; the amount seen is one's own)."""
    d, typ = e.data, e.type
    if typ == "cabinet_media":
        if d["seat"] == me:
            return -2 * int(d["paid"])
        if d["from"] == me:
            return int(d["paid"])
        return 0
    if d.get("seat") != me:
        return 0
    if typ in ("bid_won", "poll_won"):
        return -int(d["paid"])
    if typ == "cabinet_revealed":
        return -int(d["cost"])
    if typ == "media_bought":
        return -D.MEDIA_COST
    if typ == "rallies":
        return -int(d["count"]) * D.RALLY_COST
    return 0


def explanations(view: View, events: Sequence[Event], voice: Voice) -> list[Explanation]:
    """Every number on the table that events account for, with how it came about."""
    return Explainer(view, voice).run(events)

# ruff: noqa: E501  (tables of three-language text read better unwrapped)
"""Die Macher 2019 at the terminal table: the game's ``tui`` adapter, a renderer for the terminal shell.

Names, the four state boards, the parties, the guided choices (bids, step-by-step choices, the rally
planner) and the explanations. Everything here is drawn from a player's view, the legal actions and the
events that player may see: the same information a person in that seat has, nothing more.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from hustings.engine import Action, Event
from hustings.games.die_macher_2019 import data as D
from hustings.games.die_macher_2019.adapters.rules_help import rules_for
from hustings.tui.choices import Entry, parse_amount
from hustings.tui.i18n import eur, tr
from hustings.tui.renderer import AmountFormat, BaseRenderer, Explanation, Panel, Planner, RendererFactory


def _t(lang: str, en: str, hans: str, hant: str) -> str:
    return hans if lang == "zh-Hans" else hant if lang == "zh-Hant" else en


PARTY_STYLE = ["bold bright_white", "bold red", "bold yellow", "bold green", "bold magenta"]

# Short issue names for the narrow columns; "+" is the pro stance (more, yes), "−" the contra stance.
_ISSUE_SHORT = {
    "en": ["Edu", "Digi", "Gene", "Secu", "Soc", "Env", "Trsp"],
    "de": ["Bild", "Digi", "Gen", "Sich", "Soz", "Umw", "Verk"],
    "zh-Hans": ["教育", "数字", "基因", "安全", "福利", "环保", "交通"],
    "zh-Hant": ["教育", "數位", "基因", "安全", "福利", "環保", "交通"],
}

# Only names too long for the narrow board columns are shortened; all others come from the game data.
_PARTY_ABBR = {"en": {"LINKE": "Left"}, "de": {"LINKE": "Linke"}}

PHASES: dict[str, tuple[str, str, str]] = {
    "party": ("choose parties", "选择党派", "選擇政黨"),
    "draft": ("draft", "选牌", "選牌"),
    "platform": ("platform", "确定纲领", "確定政綱"),
    "deploy": ("starting deployment", "初始部署", "初始部署"),
    "bid": ("first-player bid", "先手竞价", "先手競價"),
    "tie": ("tie auction", "平局竞价", "平局競價"),
    "program": ("party program", "调整纲领", "調整政綱"),
    "media": ("media", "媒体", "媒體"),
    "rally": ("rallies", "集会", "集會"),
    "place": ("shadow cabinet", "影子内阁", "影子內閣"),
    "exec": ("politicians act", "政治家行动", "政治家行動"),
    "influence": ("media influence", "媒体影响", "媒體影響"),
    "poll": ("poll auction", "民调拍卖", "民調拍賣"),
    "poll_decide": ("poll decision", "民调决定", "民調決定"),
    "convert": ("conversion and election", "转换与选举", "轉換與選舉"),
    "donation": ("donations", "捐款", "捐款"),
    "over": ("game over", "游戏结束", "遊戲結束"),
}

_PROGRAM_STEP = {
    "draw": ("take cards", "拿牌", "拿牌"),
    "wipe_pick": ("take from the new display", "从新展示区拿牌", "從新展示區拿牌"),
    "swap": ("swap (up to 2)", "交换（最多2次）", "交換（最多2次）"),
    "discard": ("discard down to 1 card", "弃到剩1张", "棄到剩1張"),
}

_EXEC_STEP = {
    "pay": ("pay or decline", "支付或放弃", "支付或放棄"),
    "param": ("choose the effect's target", "选择效果目标", "選擇效果目標"),
    "second": ("choose the secondary action", "选择次要行动", "選擇次要行動"),
}


def phase_name(phase: str, lang: str) -> str:
    names = PHASES.get(phase)
    return _t(lang, *names) if names else phase


def effect_text(effect: str, lang: str) -> str:
    name, _, amount = effect.partition(":")
    n = int(amount) if amount.isdigit() else 1
    if name == "double":
        return _t(lang, "double marker (place or remove)", "双倍标记（放置或移除）", "雙倍標記（放置或移除）")
    if name == "trend":
        return _t(lang, f"trend +{n}", f"趋势+{n}", f"趨勢+{n}")
    if name == "votes":
        return _t(lang, f"+{n} votes", f"+{n}票", f"+{n}票")
    if name == "media_remove":
        pay = eur(D.MEDIA_REMOVE_PAYMENT)
        return _t(lang, f"remove another party's media marker (pay {pay})", f"移除他人媒体标记（付{pay}）",
                  f"移除他人媒體標記（付{pay}）")
    if name == "program":
        return _t(lang, "adjust your program", "调整纲领", "調整政綱")
    if name == "poll":
        return _t(lang, "take a free poll card", "免费拿一张民调卡", "免費拿一張民調卡")
    if name == "others_trend_down":
        return _t(lang, "every other party's trend −1", "其他党派趋势−1", "其他黨派趨勢−1")
    if name == "rallies":
        return _t(lang, f"up to {n} free rallies", f"至多{n}个免费集会", f"至多{n}個免費集會")
    return effect


class Names:
    """Names of parties, states, issues, cards and politicians: in the interface language, in German, or both."""

    def __init__(self, lang: str, style: str = "local") -> None:
        self.lang = lang
        self.style = style

    def _pick(self, names: Mapping[str, Any]) -> str:
        local = str(names.get(self.lang, names["en"]))
        german = str(names.get("de", local))
        if self.style == "de":
            return german
        if self.style == "both" and german != local:
            return f"{local} ({german})"
        return local

    def party(self, k: int) -> str:
        return self._pick(D.PARTIES[k]) if 0 <= k < len(D.PARTIES) else "?"

    def party_short(self, k: int) -> str:
        if not 0 <= k < len(D.PARTIES):
            return "—"
        if self.style == "de":
            return str(D.PARTIES[k]["de"])
        return str(D.PARTIES[k].get(self.lang, D.PARTIES[k]["en"]))

    def party_abbr(self, k: int) -> str:
        """At most 6 cells: for the narrow columns of the boards."""
        lang = "de" if self.style == "de" else self.lang
        party = D.PARTIES[k]
        return _PARTY_ABBR.get(lang, {}).get(party["id"]) or str(party.get(lang, party["en"]))

    def state(self, s: int) -> str:
        return self._pick(D.STATES[s].names) if s >= 0 else "—"

    def issue(self, i: int) -> str:
        return self._pick(D.ISSUES[i])

    def stance(self, t: int) -> str:
        return self._pick(D.ISSUES[t >> 1]["contra" if t & 1 else "pro"])

    def card(self, t: int) -> str:
        if self.style == "both":
            local, german = Names(self.lang), Names(self.lang, "de")
            a, b = local.card(t), german.card(t)
            return a if a == b else f"{a} ({b})"
        return f"{self.issue(t >> 1)}: {self.stance(t)}"

    def card_short(self, t: int) -> str:
        i = t >> 1
        name = _ISSUE_SHORT["de" if self.style == "de" else self.lang if self.lang in _ISSUE_SHORT else "en"][i]
        return name + ("−" if t & 1 else "+")

    def politician(self, pol: int) -> str:
        return self._pick(D.POLITICIANS[pol].names)


_EVENT_STYLE = {"round_started": "bold cyan", "election_result": "bold yellow", "final_scores": "bold green",
                "first_player": "bold", "income": "green", "bids_revealed": "bold"}


class Renderer(BaseRenderer):
    """Renders a Die Macher 2019 view and turns legal actions into guided choices."""

    game = "die-macher-2019"
    min_size = (120, 36)  # four boards of seven columns side by side

    def __init__(self, lang: str, names: str = "local") -> None:
        super().__init__(lang, names)
        self.n = Names(lang, names)

    # -- people ------------------------------------------------------------------------------

    def who(self, view: Mapping[str, Any], p: int) -> str:
        party = view["players"][p]["party"]
        return f"{self.seat(p)} {self.n.party_short(party)}" if party >= 0 else self.seat(p)

    def party_text(self, view: Mapping[str, Any], p: int) -> Text:
        """The party's short name alone (the seat where no party is chosen yet), in its colour."""
        party = view["players"][p]["party"]
        if party < 0:
            return Text(self.seat(p))
        return Text(self.n.party_abbr(party), style=PARTY_STYLE[party])

    def who_text(self, view: Mapping[str, Any], p: int) -> Text:
        party = view["players"][p]["party"]
        style = PARTY_STYLE[party] if 0 <= party < len(PARTY_STYLE) else "bold"
        return Text(self.who(view, p), style=style)

    def board_name(self, view: Mapping[str, Any], b: int) -> str:
        st = view["boards"][b]["state"]
        label = tr("board", self.lang, n=b + 1)
        return f"{label} {self.n.state(st)}" if st >= 0 else label

    # -- actions -----------------------------------------------------------------------------

    def describe(self, a: Action, view: Mapping[str, Any]) -> str:
        """The action's own text, with the state and party names the bare text leaves out."""
        lang = self.lang
        k, x = a.kind, a.args
        text = a.text(lang)
        if k in ("media", "rally"):
            return f"{text} · {self.n.state(view['boards'][x[0]]['state'])}"
        if k == "place":
            pol = D.POLITICIANS[x[0]]
            return (f"{text} {self.n.state(view['boards'][x[1]]['state'])} · {tr('cost', lang, m=eur(pol.cost))}")
        if k == "deploy":
            parts = [f"{self._icon(icon)} → {self.board_name(view, b)}" for icon, b in zip(D.SCHEMES[x[0]], x[1:],
                                                                                           strict=True)]
            return _t(lang, f"deployment {x[0] + 1}: ", f"部署方案{x[0] + 1}：", f"部署方案{x[0] + 1}：") + ", ".join(parts)
        if k == "mremove":
            who = self.who(view, x[0])
            own = tr("own_yes", lang) if x[1] else tr("own_no", lang)
            return _t(lang, f"remove a media marker of {who}; {own}", f"移除{who}的媒体标记；{own}",
                      f"移除{who}的媒體標記；{own}")
        if k == "second":
            turn = view.get("politician_turn")
            if turn and turn.get("politician") is not None:
                eff = D.POLITICIANS[turn["politician"]].secondary[x[0]]
                return f"{text}: {effect_text(eff, lang)}"
        if k == "pay":
            turn = view.get("politician_turn")
            if turn and turn.get("politician") is not None:
                pol = D.POLITICIANS[turn["politician"]]
                return f"{text} ({eur(pol.cost)}) · {self.n.politician(pol.index)}"
        if k == "dbl_on":
            return _t(lang, "double marker on ", "双倍标记放在", "雙倍標記放在") + self.n.issue(x[0])
        if k in _CARD_VERBS:
            return _t(lang, *_CARD_VERBS[k]) + self.n.card(x[0])
        if k == "swap":
            plat = view["players"][view["you"]]["platform"] if view.get("you") is not None else []
            old = self.n.card(plat[x[0]]) if x[0] < len(plat) else str(x[0] + 1)
            return _t(lang, f"swap {old} → {self.n.card(x[1])}", f"交换 {old} → {self.n.card(x[1])}",
                      f"交換 {old} → {self.n.card(x[1])}")
        if k == "replace":
            return _t(lang, "replace opinion ", "更换舆论 ", "更換輿論 ") + f"{self.n.issue(x[0])} → {self.n.card(x[1])}"
        if k == "party":
            return _t(lang, "choose party ", "选择党派 ", "選擇政黨 ") + self.n.party(x[0])
        return text

    def _icon(self, icon: str) -> str:
        return tr(f"icon_{icon}", self.lang)

    def entries(self, view: Mapping[str, Any], legal: Sequence[Action]) -> list[Entry]:
        """The action list: single actions, and one line for each group that opens a guided choice."""
        lang = self.lang
        by_kind: dict[str, list[Action]] = {}
        for a in legal:
            by_kind.setdefault(a.kind, []).append(a)
        out: list[Entry] = []
        done: set[str] = set()
        for a in legal:
            k = a.kind
            if k in done:
                continue
            group = by_kind[k]
            texts = " ".join(self.describe(g, view) for g in group)
            if k == "bid" and len(group) > 1:
                lo, hi = eur(group[0].args[0] * 1000), eur(group[-1].args[0] * 1000)
                out.append(Entry(tr("entry_bid", lang, lo=lo, hi=hi), "amount", tuple(group), "bid"))
                done.add(k)
            elif k == "rally":
                out.append(Entry(tr("entry_rally", lang), "plan", tuple(group), texts))
                done.add(k)
            elif len(a.args) >= 2 and len(group) > 4:
                what = tr(f"kind_{k}", lang) if f"kind_{k}" in _KINDS else tr("kind_other", lang, kind=k)
                out.append(Entry(tr("entry_tree", lang, what=what, n=len(group)), "tree", tuple(group), texts))
                done.add(k)
            else:
                out.append(Entry(self.describe(a, view), "action", (a,)))
        return out

    def tree_step(self, kind: str, depth: int, prefix: Sequence[int], view: Mapping[str, Any]) -> str:
        """What the next argument of a step-by-step choice means."""
        lang = self.lang
        if kind == "deploy":
            if depth == 0:
                return tr("step_scheme", lang)
            return tr("step_icon", lang, icon=self._icon(D.SCHEMES[prefix[0]][depth - 1]))
        steps = {
            "place": ("step_politician", "step_board"),
            "swap": ("step_platform_slot", "step_hand_card"),
            "replace": ("step_issue", "step_display_card"),
            "mremove": ("step_target", "step_own"),
            "donate": ("step_card", "step_accept"),
        }
        if kind in steps and depth < 2:
            return tr(steps[kind][depth], lang)
        return tr("step_value", lang, n=depth + 1)

    def tree_label(self, kind: str, depth: int, prefix: Sequence[int], value: int, view: Mapping[str, Any]) -> str:
        """One option of a step-by-step choice."""
        lang = self.lang
        if kind == "deploy":
            if depth == 0:
                return _t(lang, f"scheme {value + 1}: ", f"方案{value + 1}：", f"方案{value + 1}：") + ", ".join(
                    self._icon(i) for i in D.SCHEMES[value])
            return self.board_name(view, value)
        if kind == "place":
            if depth == 0:
                pol = D.POLITICIANS[value]
                sec = " / ".join(effect_text(e, lang) for e in pol.secondary)
                return (f"{self.n.politician(value)} · {tr('cost', lang, m=eur(pol.cost))} · {tr('main', lang)}: "
                        f"{effect_text(pol.main, lang)} · {tr('secondary', lang)}: {sec}")
            return self.board_name(view, value)
        if kind == "swap":
            if depth == 0:
                plat = view["players"][view["you"]]["platform"]
                return f"{value + 1}. {self.n.card(plat[value])}" if value < len(plat) else str(value + 1)
            return self.n.card(value)
        if kind == "replace":
            return self.n.issue(value) if depth == 0 else self.n.card(value)
        if kind == "mremove":
            return self.who(view, value) if depth == 0 else tr("own_yes" if value else "own_no", lang)
        if kind == "donate":
            d = D.DONATIONS[prefix[0] if depth else value]
            if depth == 0:
                return eur(d.amount)
            return tr("accept", lang, m=eur(d.amount), b=d.accept_base) if value else tr("refuse", lang, b=d.refuse_base)
        return str(value)

    def amount_format(self, kind: str) -> AmountFormat:
        """Bids are in thousands of euros."""
        return AmountFormat(show=lambda k: eur(k * 1000), parse=parse_amount, help=tr("amount_help", self.lang))

    def plans(self, view: Mapping[str, Any], legal: Sequence[Action]) -> dict[str, Planner]:
        """The rally planner, while rallies are legal."""
        if view.get("you") is None or not any(a.kind == "rally" for a in legal):
            return {}
        return {"rally": RallyPlanner(self, view)}

    def key_help(self) -> list[tuple[str, str]]:
        lang = self.lang
        return [(tr("amount_title", lang), tr("amount_help", lang)), (tr("rally_title", lang), tr("rally_help", lang)),
                ("…", tr("tree_help", lang))]

    # -- screen parts ------------------------------------------------------------------------

    def status_head(self, view: Mapping[str, Any]) -> Text:
        """Round, phase and first player."""
        lang = self.lang
        t = Text()
        rnd = view["round"]
        last = 5 if view["variant"] == "expanded" else 4
        t.append(tr("round", lang, n=rnd, of=last) if rnd > 0 else tr("setup", lang), style="bold")
        t.append(" · ")
        t.append(phase_name(view["phase"], lang), style="bold cyan")
        if rnd > 0 and view["phase"] != "over":
            t.append(f" · {tr('first', lang)}: ")
            t.append_text(self.who_text(view, view["first_player"]))
        return t

    def panels(self, view: Mapping[str, Any]) -> list[Panel]:
        """The four state boards in a row; under them the parties and the cards."""
        out = []
        for b in range(len(view["boards"])):
            title, body = self.board(view, b)
            out.append(Panel(f"board-{b}", title, body, self.board_when(view, b), row=0, max_height=15, primary=True))
        out.append(Panel("parties", tr("parties", self.lang), self.parties(view), row=1, width=7, max_height=8))
        out.append(Panel("table", tr("decks", self.lang), self.table_panel(view), row=1, width=3, max_height=8))
        return out

    def event_style(self, event: Event) -> str:
        return _EVENT_STYLE.get(event.type, "")

    def rules(self, view: Mapping[str, Any]) -> tuple[str, str]:
        phase = str(view["phase"])
        return tr("rules_title", self.lang, phase=phase_name(phase, self.lang)), rules_for(phase, self.lang)

    def board_when(self, view: Mapping[str, Any], b: int) -> str:
        """When the state on board ``b`` votes ("" for an empty board)."""
        bd = view["boards"][b]
        if not bd["active"]:
            return ""
        if bd["election_round"] == view["round"]:
            return "★ " + tr("votes_now", self.lang)
        return tr("votes_round", self.lang, n=bd["election_round"])

    def board(self, view: Mapping[str, Any], b: int) -> tuple[str, RenderableType]:
        """(title, contents) of one state board."""
        lang = self.lang
        bd = view["boards"][b]
        title = self.board_name(view, b)
        if not bd["active"]:
            return title, Text(tr("empty_board", lang), style="dim")
        parts: list[RenderableType] = []
        card = D.STATES[bd["state"]]
        regular = all(n == (i + 1) * card.table[0][0] for i, (n, _) in enumerate(card.table))
        label = tr("points_table", lang).replace("5", str(card.table[0][0])) if regular else ""
        parts.append(Text(f"{label} " + _table_text(card.table), style="dim"))
        for c in bd["opinions"]:
            line = Text()
            doubled = bd["double"] == c >> 1
            line.append("◆ " if doubled else "• ", style="bold yellow" if doubled else "")
            line.append(self.n.card(c))
            if doubled:
                line.append(" ×2", style="bold yellow")
            parts.append(line)
        if not bd["opinions"]:
            parts.append(Text(tr("no_opinions", lang), style="dim"))
        if bd["hidden_opinions"]:
            parts.append(Text("▯ " + tr("face_down", lang, n=bd["hidden_opinions"]), style="dim"))
        table = Table(box=None, padding=(0, 1, 0, 0), show_edge=False, expand=False, header_style="dim")
        for key in ("col_party", "col_media", "col_rallies", "col_trend", "col_votes", "col_points", "col_match"):
            table.add_column(tr(key, lang), justify="left" if key == "col_party" else "right", no_wrap=True,
                             overflow="ellipsis" if key == "col_party" else "fold")
        ctrl = bd["media_controller"]
        for p, pl in enumerate(view["players"]):
            name = self.party_text(view, p)
            if p == view.get("you"):
                name.stylize("underline")
            match = _match(pl["platform"], bd["opinions"], bd["double"]) if pl["platform"] else None
            media = Text(str(bd["media"][p]), style="bold reverse" if p == ctrl else "")
            votes = bd["votes"][p]
            pts = card.points_for(votes) if votes >= D.BONUS["min_votes_for_points"] else 0
            table.add_row(name, media, str(bd["rallies"][p]), f"{bd['trend'][p]:+d}", str(votes), str(pts),
                          "·" if match is None else f"{match:+d}")
        parts.append(table)
        foot = Text()
        foot.append(tr("controller", lang, who=""))
        foot.append_text(self.who_text(view, ctrl) if ctrl >= 0 else Text(tr("nobody", lang)))
        parts.append(foot)
        if bd["politicians"]:
            pol_line = Text(tr("politicians", lang) + ": ")
            for i, e in enumerate(bd["politicians"]):
                if i:
                    pol_line.append(", ")
                pol_line.append_text(self.party_text(view, e["player"]))
                shown = self.n.politician(e["politician"]) if e["politician"] is not None else "?"
                pol_line.append(f" {shown}" + ("" if e["revealed"] else " ▼"))
            parts.append(pol_line)
        return title, Group(*parts)

    def parties(self, view: Mapping[str, Any]) -> RenderableType:
        lang = self.lang
        table = Table(box=None, padding=(0, 1, 0, 0), show_edge=False, header_style="dim", expand=True)
        table.add_column(tr("col_party", lang), no_wrap=True)
        table.add_column(tr("platform", lang), ratio=1)
        for key in ("base", "reserve", "money", "score"):
            table.add_column(tr(key, lang), justify="right", no_wrap=True)
        totals = self.scores_so_far(view)
        for p, pl in enumerate(view["players"]):
            name = Text(self.seat(p) + " ")
            name.append_text(self.party_text(view, p))
            if p == view.get("you"):
                name.append(" ◀", style="bold")
            plat = " ".join(self.n.card_short(c) for c in pl["platform"])
            if not plat:
                plat = tr("platform_secret", lang) if view["phase"] in ("draft", "platform") else "—"
            res = f"{pl['media_reserve']}{tr('col_media', lang)} {pl['rally_reserve']}{tr('col_rallies', lang)}"
            money = eur(pl["money"]) if pl["money"] is not None else tr("hidden", lang)
            table.add_row(name, plat, str(pl["base"]), res, money, str(totals[p]))
        return table

    def scores_so_far(self, view: Mapping[str, Any]) -> list[int]:
        if view.get("scores"):
            return [s["total"] for s in view["scores"]]
        values = [r["presence_value"] for r in view["results"]]
        out = []
        for pl in view["players"]:
            pres = sum(values[e] for e in pl["media_presence"] if e < len(values))
            out.append(pl["election_points"] + pl["election_bonus"] + pres + pl["base"])
        return out

    def table_panel(self, view: Mapping[str, Any]) -> RenderableType:
        """The program display, the decks and the opinion display."""
        lang = self.lang
        display = " ".join(self.n.card_short(c) for c in view["program"]["display"]) or tr("none", lang)
        parts: list[RenderableType] = [Text(tr("program_display", lang) + ": " + display)]
        parts.append(Text(tr("deck_line", lang, p=view["program"]["deck_size"], o=view["opinion"]["deck_size"],
                             q=view["polls"]["deck_size"], d=view["double_markers_left"]), style="dim"))
        parts.append(Text(tr("opinion_display", lang) + ": " + " ".join(
            self.n.card_short(c) for c in sorted(view["opinion"]["display"])), style="dim"))
        parts.append(Text(tr("legend", lang), style="dim italic"))
        return Group(*parts)

    def private_panel(self, view: Mapping[str, Any]) -> RenderableType:
        """What only the viewer sees: money, hand, draft cards, secret choices."""
        lang = self.lang
        me = view.get("you")
        if me is None:
            return Text(tr("spectator", lang), style="dim")
        pl = view["players"][me]
        parts: list[RenderableType] = []
        head = Text(tr("your_side", lang, who=""))
        head.append_text(self.who_text(view, me))
        head.append("  " + tr("your_money", lang, m=eur(pl["money"])), style="bold")
        parts.append(head)
        hand = ", ".join(self.n.card(c) for c in pl["hand"]) or tr("none", lang)
        parts.append(Text(tr("your_hand", lang, cards=hand)))
        draft = view.get("draft")
        if draft:
            cards = ", ".join(self.n.card(c) for c in draft["packet"]) or tr("none", lang)
            parts.append(Text(tr("draft_packet", lang, cards=cards)))
            if draft["picks"]:
                parts.append(Text(tr("draft_picks", lang, cards=", ".join(self.n.card(c) for c in draft["picks"]))))
            if draft["platform_chosen"]:
                parts.append(Text(tr("platform_pending", lang,
                                     cards=", ".join(self.n.card(c) for c in draft["platform_chosen"]))))
        if view.get("your_bid", -1) is not None and view.get("your_bid", -1) >= 0:
            parts.append(Text(tr("your_bid", lang, m=eur(view["your_bid"]))))
        if view.get("deployment_choice", -1) is not None and view.get("deployment_choice", -1) >= 0:
            parts.append(Text(tr("deploy_chosen", lang)))
        return Group(*parts)

    def situation(self, view: Mapping[str, Any]) -> Text:
        """What the current phase is about right now (the auction, the politician, the state)."""
        lang = self.lang
        ph = view["phase"]
        t = Text()
        if ph == "bid" and "bids_submitted" in view:
            who = ", ".join(self.who(view, p) for p, done in enumerate(view["bids_submitted"]) if done)
            t.append(tr("bids_in", lang, who=who or tr("none", lang)))
        elif ph == "tie" and "tie" in view:
            tie = view["tie"]
            t.append(_t(lang, "Open auction between ", "公开竞价：", "公開競價：")
                     + ", ".join(self.who(view, p) for p in tie["players"]))
            t.append(_t(lang, f"; price {eur(tie['price'])}", f"；当前价格{eur(tie['price'])}",
                        f"；目前價格{eur(tie['price'])}"))
        elif ph == "program" and "program_turn" in view:
            pt = view["program_turn"]
            step = _PROGRAM_STEP.get(pt["step"])
            t.append(_t(lang, "Program of ", "调整纲领：", "調整政綱：") + self.who(view, pt["player"]))
            if step:
                t.append(" · " + _t(lang, *step))
            if pt["step"] == "swap":
                t.append(_t(lang, f" · swaps {pt['swaps']}/2", f" · 已交换{pt['swaps']}/2", f" · 已交換{pt['swaps']}/2"))
        elif ph == "exec" and "politician_turn" in view:
            pt = view["politician_turn"]
            t.append_text(self.who_text(view, pt["player"]))
            if pt["politician"] is not None:
                pol = D.POLITICIANS[pt["politician"]]
                t.append(f" · {self.n.politician(pol.index)} → {self.board_name(view, pt['board'])}", style="bold")
                t.append(f" · {tr('cost', lang, m=eur(pol.cost))}\n")
                t.append(f"{tr('main', lang)}: {effect_text(pol.main, lang)} · {tr('secondary', lang)}: ")
                t.append(" / ".join(f"{i + 1}) {effect_text(e, lang)}" for i, e in enumerate(pol.secondary)))
            else:
                t.append(f" · {self.board_name(view, pt['board'])}")
            step = _EXEC_STEP.get(pt["step"])
            if step:
                t.append(" · " + _t(lang, *step), style="cyan")
        elif ph in ("poll", "poll_decide") and "poll" in view:
            pv = view["poll"]
            t.append(_t(lang, "Poll for ", "民调：", "民調：") + self.board_name(view, pv["board"]) + " · ")
            if pv["trend"] is None:  # another seat's free card, unseen (ruling R35)
                t.append(_t(lang, "a free poll card, unseen", "免费民调卡（未公开）", "免費民調卡（未公開）"))
            else:
                figures = [f"{self.who(view, p)} {pv['trend'][pl['party']]:+d}" for p, pl in enumerate(view["players"])]
                t.append(", ".join(figures))
            if ph == "poll":
                if pv["host"] is not None:
                    t.append(_t(lang, " · host ", " · 主持者", " · 主持者") + self.who(view, pv["host"]))
                if pv["high_bidder"] is not None and pv["high_bidder"] >= 0:
                    t.append(_t(lang, f" · high bid {eur(pv['high_bid'])} by ", f" · 最高出价{eur(pv['high_bid'])}：",
                                f" · 最高出價{eur(pv['high_bid'])}：") + self.who(view, pv["high_bidder"]))
        elif ph == "influence" and "influence_board" in view:
            t.append(_t(lang, "Media influence in ", "媒体影响：", "媒體影響：") + self.board_name(view, view["influence_board"]))
        elif ph == "convert" and "convert_board" in view:
            t.append(_t(lang, "Converting rallies in ", "集会转换：", "集會轉換：") + self.board_name(view, view["convert_board"]))
        elif ph == "rally" and view.get("rally_boards_done"):
            t.append(_t(lang, "Already bought in: ", "已购买：", "已購買：")
                     + ", ".join(self.board_name(view, b) for b in view["rally_boards_done"]))
        return t

    # -- explanations ------------------------------------------------------------------------

    def explanations(self, view: Mapping[str, Any], events: Sequence[Event]) -> list[Explanation]:
        """Every number on the screen that events account for, with how it came about."""
        return _Explainer(self, view).run(events)


class RallyPlanner:
    """Rallies in several states in one go (§三.4): each state's cubes cost by the table, paid from your money
    and your reserve of cubes."""

    kind: str = "rally"
    finish: str | None = "done"

    def __init__(self, ui: Renderer, view: Mapping[str, Any]) -> None:
        self.ui = ui
        self.view = view
        me = view["you"]
        self.me = me
        self.money = int(view["players"][me]["money"])
        self.reserve = int(view["players"][me]["rally_reserve"])
        self.title = tr("rally_title", ui.lang)
        self.help = tr("rally_help", ui.lang)

    def _cost(self, parts: Sequence[tuple[int, int]]) -> int:
        return sum(D.RALLY_COST[k] for _, k in parts)

    def row(self, target: int, count: int) -> str:
        have = self.view["boards"][target]["rallies"][self.me]
        cost = eur(D.RALLY_COST[count]) if count else "—"
        return tr("rally_row", self.ui.lang, state=self.ui.board_name(self.view, target), k=count, cost=cost,
                  have=have, max=D.MAX_RALLIES)

    def summary(self, parts: Sequence[tuple[int, int]]) -> str:
        return tr("rally_total", self.ui.lang, cubes=sum(k for _, k in parts), cost=eur(self._cost(parts)),
                  money=eur(self.money), reserve=self.reserve)

    def problems(self, parts: Sequence[tuple[int, int]]) -> list[str]:
        lang = self.ui.lang
        out = []
        cost, cubes = self._cost(parts), sum(k for _, k in parts)
        if cost > self.money:
            out.append(tr("rally_too_dear", lang, cost=eur(cost), money=eur(self.money)))
        if cubes > self.reserve:
            out.append(tr("rally_too_many", lang, cubes=cubes, reserve=self.reserve))
        return out

    def empty(self) -> str:
        return tr("rally_empty", self.ui.lang)

    def stopped(self, target: int, count: int) -> str:
        where = self.ui.board_name(self.view, target)
        part = _t(self.ui.lang, f"{count} rallies in {where}", f"在{where}集会{count}次", f"在{where}集會{count}次")
        return tr("rally_stopped", self.ui.lang, part=part)


_CARD_VERBS = {
    "draft": ("draft: ", "选牌：", "選牌："),
    "plat": ("platform: ", "纲领加入：", "政綱加入："),
    "keep": ("keep in hand: ", "保留手牌：", "保留手牌："),
    "take": ("draw from deck and take: ", "摸牌库顶并拿取展示区：", "摸牌庫頂並拿取展示區："),
    "pick": ("take from the new display: ", "从新展示区拿取：", "從新展示區拿取："),
    "discard": ("discard: ", "弃掉：", "棄掉："),
}

_KINDS = {"kind_deploy", "kind_place", "kind_swap", "kind_replace", "kind_mremove", "kind_donate"}


def _table_text(table: Sequence[tuple[int, int]]) -> str:
    """A state's points table in one short line: ``/5 4·7·10…`` when the rows are every 5 votes from 5."""
    needs = [n for n, _ in table]
    step = needs[0]
    if len(needs) > 1 and all(b - a == step for a, b in itertools.pairwise(needs)):
        return "·".join(str(p) for _, p in table)
    return " ".join(f"{n}:{p}" for n, p in table)


def _match(platform: Sequence[int], opinions: Sequence[int], double: int) -> int:
    plat = {c >> 1: c & 1 for c in platform}
    total = 0
    for c in opinions:
        i = c >> 1
        if i in plat:
            v = 1 if plat[i] == (c & 1) else -1
            total += 2 * v if double == i else v
    return total


class _Explainer:
    """Walks the events one player may see and keeps the breakdown of each number."""

    def __init__(self, ui: Renderer, view: Mapping[str, Any]) -> None:
        self.ui = ui
        self.view = view
        self.lang = ui.lang
        n = len(view["players"])
        self.n = n
        self.votes: dict[tuple[int, int], list[str]] = {}  # (board, player) -> lines, for the state there now
        self.base: list[list[str]] = [[] for _ in range(n)]
        self.elections: list[Explanation] = []
        self.income: list[Explanation] = []
        self.money: list[str] = []
        self.parties: list[int] = [pl["party"] for pl in view["players"]]

    def who(self, p: int) -> str:
        return self.ui.who(self.view, p)

    def run(self, events: Sequence[Event]) -> list[Explanation]:
        lang = self.lang
        me = self.view.get("you")
        if me is not None:
            self.money.append(_t(lang, f"start: {eur(D.START_MONEY)}", f"起始：{eur(D.START_MONEY)}",
                                 f"起始：{eur(D.START_MONEY)}"))
        for e in events:
            self.event(e, me)
        out: list[Explanation] = []
        out.extend(self.vote_items())
        out.extend(self.table_items())
        out.extend(self.match_items())
        out.extend(reversed(self.elections))
        out.extend(reversed(self.income))
        out.extend(self.score_items())
        out.extend(self.base_items())
        if me is not None:
            total = self.view["players"][me]["money"]
            out.append(Explanation(_t(lang, f"Your money: {eur(total)}", f"你的资金：{eur(total)}",
                                      f"你的資金：{eur(total)}"), [*self.money, f"= {eur(total)}"]))
        return out

    def event(self, e: Event, me: int | None) -> None:
        d, lang, typ = e.data, self.lang, e.type
        if typ == "deployment":
            scheme = D.SCHEMES[d["scheme"]]
            for icon, b in zip(scheme, d["boards"], strict=True):
                if icon == "votes":
                    self.votes.setdefault((b, d["player"]), []).append(
                        _t(lang, f"+{D.ICON_AMOUNT['votes']} from the starting deployment",
                           f"+{D.ICON_AMOUNT['votes']} 来自初始部署", f"+{D.ICON_AMOUNT['votes']} 來自初始部署"))
        elif typ == "votes_converted":
            cubes, trend, match = d["cubes"], d["trend"], d["match"]
            parts = ", ".join(f"{self.ui.n.issue(x['issue'])} {x['value']:+d}" for x in d["match_parts"]) or "—"
            self.votes.setdefault((d["board"], d["player"]), []).append(_t(
                lang,
                f"+{d['votes']} = max(1, {cubes} rallies + trend {trend:+d}) × max(1, match {match:+d}); "
                f"match: {parts}",
                f"+{d['votes']} = max(1, {cubes}个集会 + 趋势{trend:+d}) × max(1, 匹配{match:+d})；匹配：{parts}",
                f"+{d['votes']} = max(1, {cubes}個集會 + 趨勢{trend:+d}) × max(1, 匹配{match:+d})；匹配：{parts}"))
        elif typ == "votes_gained":
            self.votes.setdefault((d["board"], d["player"]), []).append(
                _t(lang, f"+{d['votes']} from a politician", f"+{d['votes']} 来自政治家", f"+{d['votes']} 來自政治家"))
        elif typ == "election_result":
            self.election(d)
            for p in range(self.n):
                self.votes.pop((d["board"], p), None)
        elif typ == "state_added":
            for p in range(self.n):
                self.votes.pop((d["board"], p), None)
        elif typ == "income":
            amount = d["amount"]
            per = eur(D.INCOME_PER_POINT)
            self.income.append(Explanation(
                _t(lang, f"Income of {self.who(d['player'])}: {eur(amount)}", f"{self.who(d['player'])}的收入：{eur(amount)}",
                   f"{self.who(d['player'])}的收入：{eur(amount)}"),
                [_t(lang, f"({d['points']} table points this round + party base {d['base']}) × {per} = {eur(amount)}",
                    f"（本轮选举得分{d['points']} + 党派基础{d['base']}）× {per} = {eur(amount)}",
                    f"（本輪選舉得分{d['points']} + 黨派基礎{d['base']}）× {per} = {eur(amount)}")]))
            if d["player"] == me:
                self.money.append(_t(lang, f"+{eur(amount)} income", f"+{eur(amount)} 收入", f"+{eur(amount)} 收入"))
        elif typ == "donation":
            p = d["player"]
            verb = _t(lang, "accepted", "接受", "接受") if d["accepted"] else _t(lang, "refused", "拒绝", "拒絕")
            self.base[p].append(f"{d['base_change']:+d} ({verb} {eur(d['amount'])})")
            if p == me and d["accepted"]:
                self.money.append(_t(lang, f"+{eur(d['amount'])} donation", f"+{eur(d['amount'])} 捐款",
                                     f"+{eur(d['amount'])} 捐款"))
        elif typ == "poll_kept":
            self.base[d["player"]].append(_t(lang, f"+{d['base_gain']} (kept a poll secret)",
                                             f"+{d['base_gain']}（民调不公布）", f"+{d['base_gain']}（民調不公布）"))
        if me is None:
            return
        cost = self.cost_of(e, me)
        if cost:
            self.money.append(f"{cost:+,}€ " + e.message(lang))

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
        lang = self.lang
        card = D.STATES[d["state"]]
        lines = []
        need = D.BONUS["min_votes_for_points"]
        for p, v in enumerate(d["votes"]):
            pts = d["points"][p]
            row = [n for n, _ in card.table if v >= n]
            if v < need:
                why = _t(lang, f"fewer than {need} votes: no points", f"不足{need}票：不得分", f"不足{need}票：不得分")
            else:
                why = _t(lang, f"row ≥{row[-1]} of the table", f"分数表≥{row[-1]}一栏", f"分數表≥{row[-1]}一欄")
            bonus = d["bonus"][p]
            line = _t(lang, f"{self.who(p)}: {v} votes → {pts} points ({why})",
                      f"{self.who(p)}：{v}票 → {pts}分（{why}）", f"{self.who(p)}：{v}票 → {pts}分（{why}）")
            if bonus:
                line += _t(lang, f"; bonus +{bonus}", f"；奖励+{bonus}", f"；獎勵+{bonus}")
            lines.append(line)
        maj = D.BONUS["majority_votes"]
        over = [p for p, v in enumerate(d["votes"]) if v >= maj]
        if len(over) == 1:
            reason = _t(lang, f"only {self.who(over[0])} has ≥{maj} votes: +{D.BONUS['single_majority']}",
                        f"只有{self.who(over[0])}≥{maj}票：+{D.BONUS['single_majority']}",
                        f"只有{self.who(over[0])}≥{maj}票：+{D.BONUS['single_majority']}")
        elif over:
            reason = _t(lang, f"several parties have ≥{maj} votes: +{D.BONUS['multi_majority']} each",
                        f"多个党派≥{maj}票：各+{D.BONUS['multi_majority']}", f"多個黨派≥{maj}票：各+{D.BONUS['multi_majority']}")
        elif d["coalition"]:
            pair = " + ".join(self.who(p) for p in d["coalition"])
            reason = _t(lang, f"nobody has {maj}; coalition {pair} reaches it: +{D.BONUS['coalition']} each",
                        f"无人达到{maj}票；联盟{pair}达到：各+{D.BONUS['coalition']}",
                        f"無人達到{maj}票；聯盟{pair}達到：各+{D.BONUS['coalition']}")
        elif d["winners"]:
            reason = _t(lang, f"nobody reaches {maj}, even in a coalition: the leader gets +{D.BONUS['plurality']}",
                        f"无人（含联盟）达到{maj}票：领先者+{D.BONUS['plurality']}",
                        f"無人（含聯盟）達到{maj}票：領先者+{D.BONUS['plurality']}")
        else:
            reason = _t(lang, "nobody has a vote: no bonus", "无人得票：无奖励", "無人得票：無獎勵")
        lines.append(reason)
        if d["media_presence"]:
            lines.append(_t(lang, f"media presence (worth {d['presence_value']} each at the end): ",
                            f"媒体存在（终局每个{d['presence_value']}分）：", f"媒體存在（終局每個{d['presence_value']}分）：")
                         + ", ".join(self.who(p) for p in d["media_presence"]))
        title = _t(lang, f"Election {d['election']}: {self.ui.n.state(d['state'])}",
                   f"第{d['election']}场选举：{self.ui.n.state(d['state'])}",
                   f"第{d['election']}場選舉：{self.ui.n.state(d['state'])}")
        self.elections.append(Explanation(title, lines))

    def vote_items(self) -> list[Explanation]:
        lang = self.lang
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
                    lines.append(_t(lang, f"{total - accounted:+d} not shown in your events",
                                    f"{total - accounted:+d} 不在你可见的事件中", f"{total - accounted:+d} 不在你可見的事件中"))
                title = _t(lang, f"Votes of {self.who(p)} in {self.ui.board_name(self.view, b)}: {total}",
                           f"{self.who(p)}在{self.ui.board_name(self.view, b)}的票数：{total}",
                           f"{self.who(p)}在{self.ui.board_name(self.view, b)}的票數：{total}")
                out.append(Explanation(title, [*lines, f"= {total}"]))
        return out

    def table_items(self) -> list[Explanation]:
        lang = self.lang
        out = []
        for b, bd in enumerate(self.view["boards"]):
            if not bd["active"]:
                continue
            card = D.STATES[bd["state"]]
            need = D.BONUS["min_votes_for_points"]
            rows = ", ".join(f"{n}→{p}" for n, p in card.table)
            lines = [_t(lang, f"votes → points: {rows}", f"票数→得分：{rows}", f"票數→得分：{rows}"),
                     _t(lang, f"a party scores the highest row it reaches, from {need} votes",
                        f"党派按达到的最高一栏得分，至少{need}票", f"黨派按達到的最高一欄得分，至少{need}票")]
            for p in range(self.n):
                v = bd["votes"][p]
                pts = card.points_for(v) if v >= need else 0
                lines.append(_t(lang, f"{self.who(p)}: {v} votes → {pts} points now",
                                f"{self.who(p)}：{v}票 → 目前{pts}分", f"{self.who(p)}：{v}票 → 目前{pts}分"))
            title = _t(lang, f"Points table of {self.ui.board_name(self.view, b)}",
                       f"{self.ui.board_name(self.view, b)}的得分表", f"{self.ui.board_name(self.view, b)}的得分表")
            out.append(Explanation(title, lines))
        return out

    def match_items(self) -> list[Explanation]:
        lang = self.lang
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
                    same = _t(lang, "same stance", "立场相同", "立場相同") if v > 0 else _t(lang, "opposite stance",
                                                                                          "立场相反", "立場相反")
                    lines.append(f"{self.ui.n.issue(i)}: {same} {v * (2 if dbl else 1):+d}" + (" (×2)" if dbl else ""))
                total = _match(pl["platform"], bd["opinions"], bd["double"])
                title = _t(lang, f"Match of {self.who(p)} in {self.ui.board_name(self.view, b)}: {total:+d}",
                           f"{self.who(p)}在{self.ui.board_name(self.view, b)}的匹配：{total:+d}",
                           f"{self.who(p)}在{self.ui.board_name(self.view, b)}的匹配：{total:+d}")
                note = _t(lang, "conversion multiplies (rallies + trend) by max(1, match)",
                          "转换时 (集会+趋势) × max(1, 匹配)", "轉換時 (集會+趨勢) × max(1, 匹配)")
                out.append(Explanation(title, [*(lines or ["—"]), f"= {total:+d}", note]))
        return out

    def score_items(self) -> list[Explanation]:
        lang = self.lang
        view = self.view
        out = []
        values = [r["presence_value"] for r in view["results"]]
        totals = self.ui.scores_so_far(view)
        for p, pl in enumerate(view["players"]):
            pres = [values[e] for e in pl["media_presence"] if e < len(values)]
            lines = [
                _t(lang, f"election points {pl['election_points']}", f"选举得分{pl['election_points']}",
                   f"選舉得分{pl['election_points']}"),
                _t(lang, f"bonuses {pl['election_bonus']}", f"获胜奖励{pl['election_bonus']}", f"獲勝獎勵{pl['election_bonus']}"),
                _t(lang, f"media presence {sum(pres)} ({' + '.join(map(str, pres)) or '0'})",
                   f"媒体存在{sum(pres)}（{' + '.join(map(str, pres)) or '0'}）",
                   f"媒體存在{sum(pres)}（{' + '.join(map(str, pres)) or '0'}）"),
                _t(lang, f"party base {pl['base']}", f"党派基础{pl['base']}", f"黨派基礎{pl['base']}"),
            ]
            if view.get("scores"):
                s = view["scores"][p]
                lines.append(_t(lang, f"money rank {s['money_rank']}", f"资金排名{s['money_rank']}",
                                f"資金排名{s['money_rank']}"))
            else:
                lines.append(_t(lang, "money rank: counted at the end (6 for the most money, 3 for the next)",
                                "资金排名：终局计算（最多6分，次多3分）", "資金排名：終局計算（最多6分，次多3分）"))
            title = _t(lang, f"Score of {self.who(p)}: {totals[p]}", f"{self.who(p)}的得分：{totals[p]}",
                       f"{self.who(p)}的得分：{totals[p]}")
            out.append(Explanation(title, [*lines, f"= {totals[p]}"]))
        return out

    def base_items(self) -> list[Explanation]:
        lang = self.lang
        out = []
        for p, pl in enumerate(self.view["players"]):
            lines = [_t(lang, f"start {D.START_BASE}", f"起始{D.START_BASE}", f"起始{D.START_BASE}"), *self.base[p]]
            title = _t(lang, f"Party base of {self.who(p)}: {pl['base']}", f"{self.who(p)}的党派基础：{pl['base']}",
                       f"{self.who(p)}的黨派基礎：{pl['base']}")
            out.append(Explanation(title, [*lines, f"= {pl['base']} " + _t(lang, "(never below 0)", "（不低于0）",
                                                                              "（不低於0）")]))
        return out


# mypy checks here that the renderer is what the shell expects of a "tui" adapter
_FACTORY: RendererFactory = Renderer

"""Die Macher 2019 at the terminal table: the game's ``tui`` adapter, a renderer for the terminal shell.

Names, the four state boards, the parties, the guided choices (bids, step-by-step choices, the rally
planner) and the explanations. Everything here is drawn from a player's view, the legal actions and the
events that player may see: the same information a person in that seat has, nothing more.

Every word comes from the game's catalog (``messages/<lang>.json``): the table's words under ``tui.*``,
the explanations under ``tui.explain.*``, names, phases and effects under their own keys (docs/i18n.md).
Only symbols (``·``, ``→``, ``×``) and money are put together here.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from hustings.engine import Action, Event
from hustings.engine.words import Explanation, Voice
from hustings.games.die_macher_2019 import data as D
from hustings.games.die_macher_2019.formulas import match
from hustings.games.die_macher_2019.phases import Phase
from hustings.games.die_macher_2019.words import WORDS
from hustings.games.die_macher_2019.words import labels as L
from hustings.games.die_macher_2019.words.names import Names, Speaker, effect_text, phase_name, scores_so_far, step_name
from hustings.tui.choices import Entry, parse_amount
from hustings.tui.i18n import SHARED, eur
from hustings.tui.renderer import AmountFormat, BaseRenderer, Panel, Planner, RendererFactory

__all__ = ["PHASES", "Names", "RallyPlanner", "Renderer", "effect_text", "phase_name"]

PARTY_STYLE = ["bold bright_white", "bold red", "bold yellow", "bold green", "bold magenta"]

#: the phases a view can be in (``view["phase"]``); their names are ``phase.<id>`` in the catalog
PHASES: tuple[str, ...] = tuple(p.value for p in Phase)


# The game's words first, then the shell's: the chain is made here, in the adapter, because the rules
# import only the engine.
_CATALOG = D.CATALOG.chain(SHARED)


def _text(key: str, lang: str, **fields: Any) -> str:
    return _CATALOG.text(key, lang, **fields)


_EVENT_STYLE = {"round_started": "bold cyan", "election_result": "bold yellow", "final_scores": "bold green",
                "first_player": "bold", "income": "green", "bids_revealed": "bold"}


class Renderer(BaseRenderer):
    """Renders a Die Macher 2019 view and turns legal actions into guided choices."""

    game = "die-macher-2019"
    min_size = (120, 36)  # four boards of seven columns side by side

    def __init__(self, lang: str, names: str = "local") -> None:
        super().__init__(lang, names)
        self.voice = Voice(lang, names)
        self.speaker = Speaker(self.voice)
        self.n: Names = self.speaker.n

    # -- people ------------------------------------------------------------------------------

    def who(self, view: Mapping[str, Any], p: int) -> str:
        return self.speaker.who(view, p)

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
        return self.speaker.board_name(view, b)

    # -- actions -----------------------------------------------------------------------------

    def describe(self, a: Action, view: Mapping[str, Any]) -> str:
        """The action as the game's words label it (the state and party names, previews)."""
        return WORDS.label(a, view, self.voice).text

    def replace_preview(self, view: Mapping[str, Any], b: int, issue: int, card: int) -> str:
        return L.replace_preview(self.speaker, view, b, issue, card)

    def _icon(self, icon: str) -> str:
        return self.speaker.icon(icon)

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
                out.append(Entry(_text("tui.entry_bid", lang, lo=lo, hi=hi), "amount", tuple(group), "bid"))
                done.add(k)
            elif k == "rally":
                out.append(Entry(_text("tui.entry_rally", lang), "plan", tuple(group), texts))
                done.add(k)
            elif len(a.args) >= 2 and len(group) > 4:
                what = _text(f"tui.kind_{k}", lang) if k in _TREE_KINDS else _text("kind_other", lang, kind=k)
                out.append(Entry(_text("entry_tree", lang, what=what, n=len(group)), "tree", tuple(group), texts))
                done.add(k)
            else:
                out.append(Entry(self.describe(a, view), "action", (a,)))
        return out

    def tree_step(self, kind: str, depth: int, prefix: Sequence[int], view: Mapping[str, Any]) -> str:
        """What the next argument of a step-by-step choice means."""
        lang = self.lang
        if kind == "deploy":
            if depth == 0:
                return _text("tui.step_scheme", lang)
            return _text("tui.step_icon", lang, icon=self._icon(D.SCHEMES[prefix[0]][depth - 1]))
        steps = {
            "place": ("step_politician", "step_board"),
            "swap": ("step_platform_slot", "step_hand_card"),
            "replace": ("step_issue", "step_display_card"),
            "mremove": ("step_target", "step_own"),
            "donate": ("step_card", "step_accept"),
        }
        if kind in steps and depth < 2:
            return _text("tui." + steps[kind][depth], lang)
        return _text("step_value", lang, n=depth + 1)

    def tree_label(self, kind: str, depth: int, prefix: Sequence[int], value: int, view: Mapping[str, Any]) -> str:
        """One option of a step-by-step choice."""
        lang = self.lang
        if kind == "deploy":
            if depth == 0:
                return _text("tui.scheme", lang, n=value + 1, icons=", ".join(self._icon(i) for i in D.SCHEMES[value]))
            return self.board_name(view, value)
        if kind == "place":
            if depth == 0:
                pol = D.POLITICIANS[value]
                sec = " / ".join(effect_text(e, lang) for e in pol.secondary)
                cost = _text("tui.cost", lang, m=eur(pol.cost))
                return (f"{self.n.politician(value)} · {cost} · {_text('tui.main', lang)}: "
                        f"{effect_text(pol.main, lang)} · {_text('tui.secondary', lang)}: {sec}")
            return self.board_name(view, value)
        if kind == "swap":
            if depth == 0:
                plat = view["players"][view["you"]]["platform"]
                return f"{value + 1}. {self.n.card(plat[value])}" if value < len(plat) else str(value + 1)
            return self.n.card(value)
        if kind == "replace":
            if depth == 0:
                return self.n.issue(value)
            if "influence_board" in view:
                preview = self.replace_preview(view, view["influence_board"], prefix[0], value)
                return f"{self.n.card(value)} · {preview}"
            return self.n.card(value)
        if kind == "mremove":
            return self.who(view, value) if depth == 0 else _text("tui.own_yes" if value else "tui.own_no", lang)
        if kind == "donate":
            d = D.DONATIONS[prefix[0] if depth else value]
            if depth == 0:  # both effects shown before choosing the card (三.9.3)
                return " · ".join((eur(d.amount), _text("tui.accept", lang, m=eur(d.amount), b=d.accept_base),
                                   _text("tui.refuse", lang, b=d.refuse_base)))
            if value:
                return _text("tui.accept", lang, m=eur(d.amount), b=d.accept_base)
            return _text("tui.refuse", lang, b=d.refuse_base)
        return str(value)

    def amount_format(self, kind: str) -> AmountFormat:
        """Bids are in thousands of euros."""
        return AmountFormat(show=lambda k: eur(k * 1000), parse=parse_amount, help=_text("tui.amount_help", self.lang))

    def plans(self, view: Mapping[str, Any], legal: Sequence[Action]) -> dict[str, Planner]:
        """The rally planner, while rallies are legal."""
        if view.get("you") is None or not any(a.kind == "rally" for a in legal):
            return {}
        return {"rally": RallyPlanner(self, view)}

    def key_help(self) -> list[tuple[str, str]]:
        lang = self.lang
        return [(_text("tui.amount_title", lang), _text("tui.amount_help", lang)),
                (_text("tui.rally_title", lang), _text("tui.rally_help", lang)),
                ("…", _text("tree_help", lang))]

    # -- screen parts ------------------------------------------------------------------------

    def status_head(self, view: Mapping[str, Any]) -> Text:
        """Round, phase and first player."""
        lang = self.lang
        t = Text()
        rnd = view["round"]
        last = 5 if view["variant"] == "expanded" else 4
        t.append(_text("tui.round", lang, n=rnd, of=last) if rnd > 0 else _text("tui.setup", lang), style="bold")
        t.append(" · ")
        t.append(phase_name(view["phase"], lang), style="bold cyan")
        if rnd > 0 and view["phase"] != "over":
            t.append(f" · {_text('tui.first', lang)}: ")
            t.append_text(self.who_text(view, view["first_player"]))
        return t

    def panels(self, view: Mapping[str, Any]) -> list[Panel]:
        """The four state boards in a row; under them the parties and the cards."""
        out = []
        for b in range(len(view["boards"])):
            title, body = self.board(view, b)
            out.append(Panel(f"board-{b}", title, body, self.board_when(view, b), row=0, max_height=15, primary=True))
        out.append(Panel("parties", _text("tui.parties", self.lang), self.parties(view), row=1, width=7, max_height=8))
        out.append(Panel("table", _text("tui.decks", self.lang), self.table_panel(view), row=1, width=3, max_height=8))
        return out

    def event_style(self, event: Event) -> str:
        return _EVENT_STYLE.get(event.type, "")

    def rules(self, view: Mapping[str, Any]) -> tuple[str, str]:
        phase = str(view["phase"])
        got = WORDS.rules(phase, self.lang)
        text = got[1] if got is not None else ""
        return _text("rules_title", self.lang, phase=phase_name(phase, self.lang)), text

    def board_when(self, view: Mapping[str, Any], b: int) -> str:
        """When the state on board ``b`` votes ("" for an empty board)."""
        bd = view["boards"][b]
        if not bd["active"]:
            return ""
        if bd["election_round"] == view["round"]:
            return "★ " + _text("tui.votes_now", self.lang)
        return _text("tui.votes_round", self.lang, n=bd["election_round"])

    def board(self, view: Mapping[str, Any], b: int) -> tuple[str, RenderableType]:
        """(title, contents) of one state board."""
        lang = self.lang
        bd = view["boards"][b]
        title = self.board_name(view, b)
        if not bd["active"]:
            return title, self.last_result(view, b)
        parts: list[RenderableType] = []
        card = D.STATES[bd["state"]]
        step = card.table[0][0]
        regular = all(n == (i + 1) * step for i, (n, _) in enumerate(card.table))
        # "points at 5, 10, 15… votes": a table of steps, not a rate per 5 votes
        label = _text("tui.points_steps", lang, a=step, b=2 * step, c=3 * step) if regular else ""
        # every line of a board is one row (cut with … rather than wrapped): a wrapped line would push the
        # party rows out of the capped panel (issue 14, bug 3: names "both" at 120x36)
        parts.append(Text(f"{label} " + _table_text(card.table), style="dim", no_wrap=True, overflow="ellipsis"))
        for c in bd["opinions"]:
            line = Text(no_wrap=True, overflow="ellipsis")
            doubled = bd["double"] == c >> 1
            line.append("◆ " if doubled else "• ", style="bold yellow" if doubled else "")
            if doubled:  # the marker first, so a cut name never hides it
                line.append("×2 ", style="bold yellow")
            line.append(self.n.card(c))
            parts.append(line)
        if not bd["opinions"]:
            parts.append(Text(_text("tui.no_opinions", lang), style="dim"))
        if bd["hidden_opinions"]:
            parts.append(Text("▯ " + _text("tui.face_down", lang, n=bd["hidden_opinions"]), style="dim"))
        table = Table(box=None, padding=(0, 1, 0, 0), show_edge=False, expand=False, header_style="dim")
        for key in ("col_party", "col_media", "col_rallies", "col_trend", "col_votes", "col_points", "col_match"):
            table.add_column(_text(f"tui.{key}", lang), justify="left" if key == "col_party" else "right", no_wrap=True,
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
        foot = Text(no_wrap=True, overflow="ellipsis")
        foot.append(_text("tui.controller", lang, who=""))
        foot.append_text(self.who_text(view, ctrl) if ctrl >= 0 else Text(_text("tui.nobody", lang)))
        parts.append(foot)
        if bd["politicians"]:
            # the lines left in the capped panel (borders excluded) once everything above is drawn
            used = 1 + max(1, len(bd["opinions"])) + (1 if bd["hidden_opinions"] else 0)
            budget = max(1, _BOARD_LINES - used - 1 - len(view["players"]) - 1)
            full = Text(_text("tui.politicians", lang) + ": ")
            compact = Text(_text("tui.politicians", lang) + ": ")
            for i, e in enumerate(bd["politicians"]):
                if i:
                    full.append(", ")
                    compact.append(", ")
                full.append_text(self.party_text(view, e["player"]))
                shown = self.n.politician_short(e["politician"]) if e["politician"] is not None else "?"
                full.append(f" {shown}" + ("" if e["revealed"] else " ▼"))
                # compact: the name alone, in its party's colour
                party = view["players"][e["player"]]["party"]
                compact.append(shown + ("" if e["revealed"] else " ▼"),
                               style=PARTY_STYLE[party] if 0 <= party < len(PARTY_STYLE) else "")
            parts.append(_Fit((full, compact), budget))
        return title, Group(*parts)

    def parties(self, view: Mapping[str, Any]) -> RenderableType:
        lang = self.lang
        table = Table(box=None, padding=(0, 1, 0, 0), show_edge=False, header_style="dim", expand=True)
        table.add_column(_text("tui.col_party", lang), no_wrap=True)
        table.add_column(_text("tui.platform", lang), ratio=1)
        for key in ("base", "reserve", "money", "score"):
            table.add_column(_text(f"tui.{key}", lang), justify="right", no_wrap=True)
        totals = self.scores_so_far(view)
        for p, pl in enumerate(view["players"]):
            name = Text(self.seat(p))
            if pl["party"] >= 0:  # before parties are chosen the seat alone (not "P1 P1")
                name.append(" ")
                name.append_text(self.party_text(view, p))
            if p == view.get("you"):
                name.append(" ◀", style="bold")
            plat = " ".join(self.n.card_short(c) for c in pl["platform"])
            if not plat:
                plat = _text("tui.platform_secret", lang) if view["phase"] in ("draft", "platform") else "—"
            res = (f"{pl['media_reserve']}{_text('tui.col_media', lang)} "
                   f"{pl['rally_reserve']}{_text('tui.col_rallies', lang)}")
            money = eur(pl["money"]) if pl["money"] is not None else _text("tui.hidden", lang)
            table.add_row(name, plat, str(pl["base"]), res, money, str(totals[p]))
        return table

    def scores_so_far(self, view: Mapping[str, Any]) -> list[int]:
        return scores_so_far(view)

    def table_panel(self, view: Mapping[str, Any]) -> RenderableType:
        """The program display, the decks and the opinion display."""
        lang = self.lang
        display = " ".join(self.n.card_short(c) for c in view["program"]["display"]) or _text("tui.none", lang)
        parts: list[RenderableType] = [Text(_text("tui.program_display", lang) + ": " + display)]
        parts.append(Text(_text("tui.deck_line", lang, p=view["program"]["deck_size"], o=view["opinion"]["deck_size"],
                             q=view["polls"]["deck_size"], d=view["double_markers_left"]), style="dim"))
        parts.append(Text(_text("tui.opinion_display", lang) + ": " + " ".join(
            self.n.card_short(c) for c in sorted(view["opinion"]["display"])), style="dim"))
        parts.append(Text(_text("tui.legend", lang), style="dim italic"))
        parts.append(Text(_text("tui.columns", lang), style="dim italic"))
        return Group(*parts)

    # -- results, leaders, overview, summary ----------------------------------------------------

    def last_result(self, view: Mapping[str, Any], b: int) -> RenderableType:
        """An empty board keeps its last election's result on screen (votes, points, bonus, winners)."""
        lang = self.lang
        results = [r for r in view["results"] if r["board"] == b]
        if not results:
            return Text(_text("tui.empty_board", lang), style="dim")
        r = results[-1]
        head = Text(_text("tui.last_result", lang, n=r["election"], state=self.n.state(r["state"])), style="bold")
        return Group(head, self.result_table(view, r))

    def result_table(self, view: Mapping[str, Any], r: Mapping[str, Any]) -> Table:
        lang = self.lang
        table = Table(box=None, padding=(0, 1, 0, 0), show_edge=False, header_style="dim")
        table.add_column(_text("tui.col_party", lang), no_wrap=True)
        for key in ("col_votes", "col_points"):
            table.add_column(_text(f"tui.{key}", lang), justify="right", no_wrap=True)
        table.add_column("+", justify="right", no_wrap=True)
        for p in range(len(r["votes"])):
            name = self.party_text(view, p)
            if p in r["winners"]:
                name.append(" ★", style="bold yellow")
            table.add_row(name, str(r["votes"][p]), str(r["points"][p]), str(r["bonus"][p]) if r["bonus"][p] else "")
        return table

    def leaders(self, view: Mapping[str, Any]) -> RenderableType | None:
        """Who leads where: the most votes in each state still to vote (ties all named)."""
        lang = self.lang
        if all(pl["party"] < 0 for pl in view["players"]):
            return None
        t = Text(_text("tui.leads", lang) + " ", style="dim")
        for bd in view["boards"]:
            if not bd["active"]:
                continue
            if t.plain.strip() != _text("tui.leads", lang):
                t.append(" · ")
            t.append(self.n.state(bd["state"]) + " ")
            top = max(bd["votes"])
            if top <= 0:
                t.append(_text("tui.leads_none", lang), style="dim")
                continue
            for i, p in enumerate(q for q in range(len(bd["votes"])) if bd["votes"][q] == top):
                if i:
                    t.append("=")
                t.append_text(self.party_text(view, p))
            t.append(f" {top}")
        return t

    def overview(self, view: Mapping[str, Any]) -> tuple[str, str]:
        return _text("tui.overview_title", self.lang), _text("tui.overview", self.lang)

    def summary(self, view: Mapping[str, Any], events: Sequence[Event],
                scores: Sequence[Mapping[str, int]]) -> list[RenderableType]:
        """Each state's result, everyone's money, and the election points after each election, as charts."""
        from hustings.tui.charts import bars

        lang = self.lang
        names = [self.who(view, p) for p in range(len(view["players"]))]
        out: list[RenderableType] = []
        states = Table(box=None, padding=(0, 2, 0, 0), show_header=False,
                       title=_text("tui.summary_states", lang), title_justify="left", title_style="bold")
        row: list[RenderableType] = []
        for r in view["results"]:
            cell = Group(Text(_text("tui.last_result", lang, n=r["election"], state=self.n.state(r["state"])),
                              style="bold"), self.result_table(view, r))
            row.append(cell)
            if len(row) == 4:
                states.add_row(*row)
                row = []
        if row:
            states.add_row(*row)
        out.append(states)
        money = [pl["money"] for pl in view["players"]]
        if all(m is not None for m in money):
            out.append(bars([(names[p], int(m)) for p, m in enumerate(money)], style="green", unit=" €",
                            title=_text("tui.summary_money", lang)))
        totals = [0] * len(names)
        rounds = Table(box=None, padding=(0, 1, 0, 0), header_style="dim",
                       title=_text("tui.summary_rounds", lang), title_justify="left", title_style="bold")
        rounds.add_column("")
        for p in range(len(names)):
            rounds.add_column(names[p], justify="right")
        for r in view["results"]:
            for p in range(len(names)):
                totals[p] += r["points"][p] + r["bonus"][p]
            rounds.add_row(self.n.state(r["state"]), *(str(x) for x in totals))
        out.append(rounds)
        out.append(bars([(names[p], totals[p]) for p in range(len(names))], style="cyan"))
        return out

    def _cards(self, cards: Sequence[int]) -> str:
        """Cards by name, equal ones counted (``genetic engineering: yes ×3``); "none" for no card."""
        counts: dict[int, int] = {}
        for c in cards:
            counts[c] = counts.get(c, 0) + 1
        return ", ".join(self.n.card(c) + (f" ×{k}" if k > 1 else "") for c, k in counts.items()) or \
            _text("tui.none", self.lang)

    def private_panel(self, view: Mapping[str, Any]) -> RenderableType:
        """What only the viewer sees: money, hand, draft cards, secret choices."""
        lang = self.lang
        me = view.get("you")
        if me is None:
            return Text(_text("spectator", lang), style="dim")
        pl = view["players"][me]
        parts: list[RenderableType] = []
        head = Text(_text("your_side", lang, who=""))
        head.append_text(self.who_text(view, me))
        head.append("  " + _text("tui.your_money", lang, m=eur(pl["money"])), style="bold")
        parts.append(head)
        hand = ", ".join(self.n.card(c) for c in pl["hand"]) or _text("tui.none", lang)
        parts.append(Text(_text("tui.your_hand", lang, cards=hand)))
        draft = view.get("draft")
        if draft:
            # what is being chosen comes first, so a short box still shows it; equal cards are counted once
            if draft["platform_chosen"]:
                parts.append(Text(_text("tui.platform_pending", lang, cards=self._cards(draft["platform_chosen"]))))
            if draft["picks"]:
                parts.append(Text(_text("tui.draft_picks", lang, cards=self._cards(draft["picks"]))))
            parts.append(Text(_text("tui.draft_packet", lang, cards=self._cards(draft["packet"]))))
        if view.get("your_bid", -1) is not None and view.get("your_bid", -1) >= 0:
            parts.append(Text(_text("tui.your_bid", lang, m=eur(view["your_bid"]))))
        if view.get("deployment_choice", -1) is not None and view.get("deployment_choice", -1) >= 0:
            parts.append(Text(_text("tui.deploy_chosen", lang)))
        return Group(*parts)

    def situation(self, view: Mapping[str, Any]) -> Text:
        """What the current phase is about right now (the auction, the politician, the state)."""
        lang = self.lang
        ph = view["phase"]
        t = Text()
        if ph == "bid" and "bids_submitted" in view:
            who = ", ".join(self.who(view, p) for p, done in enumerate(view["bids_submitted"]) if done)
            t.append(_text("tui.bids_in", lang, who=who or _text("tui.none", lang)))
        elif ph == "tie" and "tie" in view:
            tie = view["tie"]
            t.append(_text("tui.tie", lang, players=", ".join(self.who(view, p) for p in tie["players"]),
                           price=eur(tie["price"])))
        elif ph == "program" and "program_turn" in view:
            pt = view["program_turn"]
            t.append(_text("tui.program_of", lang, who=self.who(view, pt["player"])))
            step = step_name("program", pt["step"], lang)
            if step:
                t.append(" · " + step)
            if pt["step"] == "swap":
                t.append(" · " + _text("tui.swaps", lang, n=pt["swaps"]))
        elif ph == "exec" and "politician_turn" in view:
            pt = view["politician_turn"]
            t.append_text(self.who_text(view, pt["player"]))
            if pt["politician"] is not None:
                pol = D.POLITICIANS[pt["politician"]]
                t.append(f" · {self.n.politician(pol.index)} → {self.board_name(view, pt['board'])}", style="bold")
                t.append(f" · {_text('tui.cost', lang, m=eur(pol.cost))}\n")
                t.append(f"{_text('tui.main', lang)}: {effect_text(pol.main, lang)} · {_text('tui.secondary', lang)}: ")
                t.append(" / ".join(f"{i + 1}) {effect_text(e, lang)}" for i, e in enumerate(pol.secondary)))
            else:
                t.append(f" · {self.board_name(view, pt['board'])}")
            step = step_name("exec", pt["step"], lang)
            if step:
                t.append(" · " + step, style="cyan")
        elif ph in ("poll", "poll_decide") and "poll" in view:
            pv = view["poll"]
            t.append(_text("tui.poll_for", lang, board=self.board_name(view, pv["board"])) + " · ")
            if pv["trend"] is None:  # another seat's free card, unseen (ruling R35)
                t.append(_text("tui.poll_unseen", lang))
            else:
                figures = [f"{self.who(view, p)} {pv['trend'][pl['party']]:+d}" for p, pl in enumerate(view["players"])]
                t.append(", ".join(figures))
            if ph == "poll":
                if pv["host"] is not None:
                    t.append(" · " + _text("tui.poll_host", lang, who=self.who(view, pv["host"])))
                if pv["high_bidder"] is not None and pv["high_bidder"] >= 0:
                    t.append(" · " + _text("tui.poll_high_bid", lang, amount=eur(pv["high_bid"]),
                                           who=self.who(view, pv["high_bidder"])))
        elif ph == "influence" and "influence_board" in view:
            t.append(_text("tui.influence_in", lang, board=self.board_name(view, view["influence_board"])))
        elif ph == "convert" and "convert_board" in view:
            t.append(_text("tui.convert_in", lang, board=self.board_name(view, view["convert_board"])))
        elif ph == "presence" and "presence" in view:
            pv = view["presence"]
            t.append(_text("tui.presence_in", lang, board=self.board_name(view, pv["board"]), value=pv["value"],
                           who=", ".join(self.who(view, p) for p in pv["deciders"])))
        elif ph == "rally" and view.get("rally_boards_done"):
            t.append(_text("tui.rally_done_in", lang,
                           boards=", ".join(self.board_name(view, b) for b in view["rally_boards_done"])))
        return t

    # -- explanations ------------------------------------------------------------------------

    def explanations(self, view: Mapping[str, Any], events: Sequence[Event]) -> list[Explanation]:
        """Every number on the screen that events account for, with how it came about (the game's words)."""
        return WORDS.explanations(view, events, self.voice)

    def event_explanations(self, view: Mapping[str, Any], events: Sequence[Event], index: int) -> list[Explanation]:
        """One event's explanations (the browser log's ``?``)."""
        return WORDS.event_explanations(view, events, index, self.voice)


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
        self.title = _text("tui.rally_title", ui.lang)
        self.help = _text("tui.rally_help", ui.lang)

    def _cost(self, parts: Sequence[tuple[int, int]]) -> int:
        return sum(D.RALLY_COST[k] for _, k in parts)

    def row(self, target: int, count: int) -> str:
        have = self.view["boards"][target]["rallies"][self.me]
        cost = eur(D.RALLY_COST[count]) if count else "—"
        return _text("tui.rally_row", self.ui.lang, state=self.ui.board_name(self.view, target), k=count, cost=cost,
                     have=have, max=D.MAX_RALLIES, room=max(0, D.MAX_RALLIES - have))

    def summary(self, parts: Sequence[tuple[int, int]]) -> str:
        return _text("tui.rally_total", self.ui.lang, cubes=sum(k for _, k in parts), cost=eur(self._cost(parts)),
                     money=eur(self.money), reserve=self.reserve)

    def problems(self, parts: Sequence[tuple[int, int]]) -> list[str]:
        lang = self.ui.lang
        out = []
        cost, cubes = self._cost(parts), sum(k for _, k in parts)
        if cost > self.money:
            out.append(_text("tui.rally_too_dear", lang, cost=eur(cost), money=eur(self.money)))
        if cubes > self.reserve:
            out.append(_text("tui.rally_too_many", lang, cubes=cubes, reserve=self.reserve))
        return out

    def empty(self) -> str:
        return _text("tui.rally_empty", self.ui.lang)

    def stopped(self, target: int, count: int) -> str:
        where = self.ui.board_name(self.view, target)
        part = _text("tui.rally_part", self.ui.lang, count=count, board=where)
        return _text("tui.rally_stopped", self.ui.lang, part=part)


_BOARD_LINES = 13  # a board panel's max_height (15) less its borders


class _Fit:
    """The first of several forms of a text that fits in ``lines`` rows at the width it is drawn at; the last
    form cut to one row (with …) when none does. Narrow boards keep every row on screen (issue 14, bug 3)."""

    def __init__(self, forms: Sequence[Text], lines: int) -> None:
        self.forms = forms
        self.lines = lines

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for form in self.forms:
            if len(console.render_lines(form, options, pad=False)) <= self.lines:
                yield form
                return
        last = self.forms[-1].copy()
        last.no_wrap, last.overflow = True, "ellipsis"
        yield last


# kinds with a tui.kind_<kind> name for their step-by-step choice
_TREE_KINDS = frozenset({"deploy", "place", "swap", "replace", "mremove", "donate"})


def _table_text(table: Sequence[tuple[int, int]]) -> str:
    """A state's points table in one short line: ``/5 4·7·10…`` when the rows are every 5 votes from 5."""
    needs = [n for n, _ in table]
    step = needs[0]
    if len(needs) > 1 and all(b - a == step for a, b in itertools.pairwise(needs)):
        return "·".join(str(p) for _, p in table)
    return " ".join(f"{n}:{p}" for n, p in table)


def _match(platform: Sequence[int], opinions: Sequence[int], double: int) -> int:
    return match(platform, opinions, double)[0]  # the rules' own formula (formulas.py), defined once


# mypy checks here that the renderer is what the shell expects of a "tui" adapter
_FACTORY: RendererFactory = Renderer

"""Die Macher classic at the terminal table: the game's ``tui`` adapter, a renderer for the terminal shell.

The four board slots (state card, opinions with the doubled key issue, media, rally cubes, popularity,
votes, seats the votes give now), the parties, the national board (media cubes, the national opinion row),
the exchange pool and the decks; the player's own money, hidden program cards (the hand), starting sheet,
bid, cabinet and donation cards; the guided choices (bids, step-by-step choices) and the explanations.
Everything is drawn from one seat's view, the legal actions and the events that seat may see.

Every word comes from the game's catalog (``messages/<lang>.json``): the table's words under ``tui.*``,
the explanations under ``tui.explain.*``; names, phases and events under their own keys. Only symbols
(``·``, ``→``, ``×``) and amounts are put together here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from hustings.engine import Action, Event
from hustings.engine.words import Explanation, Voice
from hustings.games.die_macher import data as D
from hustings.games.die_macher.actions import SPACE
from hustings.games.die_macher.formulas import coincidence
from hustings.games.die_macher.phases import Phase
from hustings.games.die_macher.words import WORDS
from hustings.games.die_macher.words.events import money, phase_name, poll_option
from hustings.games.die_macher.words.explain import score_parts
from hustings.games.die_macher.words.names import Names, Speaker
from hustings.tui.choices import Entry, parse_amount
from hustings.tui.i18n import SHARED
from hustings.tui.renderer import AmountFormat, BaseRenderer, Panel, RendererFactory

__all__ = ["PHASES", "Names", "Renderer"]

PARTY_STYLE = ["bold bright_white", "bold red", "bold yellow", "bold magenta", "bold green"]

#: the phases a view can be in (``view["phase"]``); their names are ``phase.<id>`` in the catalog
PHASES: tuple[str, ...] = tuple(p.value for p in Phase)

# The game's words first, then the shell's (the chain is made here: the rules import only the engine).
_CATALOG = D.CATALOG.chain(SHARED)


def _text(key: str, lang: str, **fields: Any) -> str:
    return _CATALOG.text(key, lang, **fields)


_EVENT_STYLE = {"round_started": "bold cyan", "election": "bold yellow", "game_over": "bold green",
                "start_player": "bold", "income": "green", "bids_revealed": "bold", "coalition_formed": "bold"}

# kinds whose actions are a step-by-step choice when there are many; their steps are tui.step.<kind>.<depth>
_TREE_KINDS = frozenset({"sheet1", "sheet2", "swap", "cab", "exch", "natop", "donate", "publish"})
# kinds chosen with the amount picker (first argument: thousands, or a count)
_AMOUNT_KINDS = frozenset({"bid", "pbid", "convert", "rally"})


class Renderer(BaseRenderer):
    """Renders a Die Macher classic view and turns legal actions into guided choices."""

    game = "die-macher"
    min_size = (120, 38)  # four boards of seven columns side by side

    def __init__(self, lang: str, names: str = "local") -> None:
        super().__init__(lang, names)
        self.voice = Voice(lang, names)
        self.speaker = Speaker(self.voice)
        self.n: Names = self.speaker.n

    def t(self, key: str, **fields: Any) -> str:
        """``tui.<key>`` in the interface language."""
        return _text(f"tui.{key}", self.lang, **fields)

    # -- people ------------------------------------------------------------------------------

    def who(self, view: Mapping[str, Any], p: int) -> str:
        return self.speaker.who(view, p)

    def party_text(self, p: int) -> Text:
        return Text(self.n.party_short(p), style=PARTY_STYLE[p % len(PARTY_STYLE)])

    def who_text(self, view: Mapping[str, Any], p: int) -> Text:
        return Text(self.who(view, p), style=PARTY_STYLE[p % len(PARTY_STYLE)])

    def board_name(self, view: Mapping[str, Any], b: int) -> str:
        """"Board 2 · Hesse" (the slot and its state card)."""
        return self.speaker.board_name(view, b)

    # -- actions -----------------------------------------------------------------------------

    def describe(self, a: Action, view: Mapping[str, Any]) -> str:
        """The action as the game's words label it (with the state names the bare text leaves out)."""
        return WORDS.label(a, view, self.voice).text

    def entries(self, view: Mapping[str, Any], legal: Sequence[Action]) -> list[Entry]:
        """The action list: single actions, and one line for each group that opens a guided choice."""
        # a step-by-step choice needs actions of one length: starting-sheet combinations name 0 to 3 boards
        by_kind: dict[tuple[str, int], list[Action]] = {}
        for a in legal:
            by_kind.setdefault((a.kind, len(a.args)), []).append(a)
        out: list[Entry] = []
        done: set[tuple[str, int]] = set()
        for a in legal:
            k, key = a.kind, (a.kind, len(a.args))
            if key in done:
                continue
            group = by_kind[key]
            texts = " ".join(self.describe(g, view) for g in group)
            if k in _AMOUNT_KINDS and len(group) > 3:
                fmt = self.amount_format(k)
                label = self.t(f"entry_{k}", lo=fmt.show(group[0].args[0]), hi=fmt.show(group[-1].args[0]))
                out.append(Entry(label, "amount", tuple(group), texts))
                done.add(key)
            elif k in _TREE_KINDS and len(group) > 4:
                what = self.t(f"kind.{k}")
                out.append(Entry(_text("entry_tree", self.lang, what=what, n=len(group)), "tree", tuple(group),
                                 texts))
                done.add(key)
            else:
                out.append(Entry(self.describe(a, view), "action", (a,)))
        return out

    def tree_step(self, kind: str, depth: int, prefix: Sequence[int], view: Mapping[str, Any]) -> str:
        """What the next argument of a step-by-step choice means."""
        if kind in ("sheet1", "sheet2"):
            if depth == 0:
                return self.t("step.combination")
            return self.t("step.board_for", icon=self._icon(self._sheet_icons(kind, prefix[0])[depth - 1]))
        steps = {"swap": ("slot", "hand_card"), "cab": ("cabinet", "board"), "exch": ("out", "in"),
                 "natop": ("national_card", "national_slot"), "donate": ("donation", "accept"),
                 "publish": ("option", "option2")}
        if kind in steps and depth < 2:
            return self.t(f"step.{steps[kind][depth]}")
        return _text("step_value", self.lang, n=depth + 1)

    @staticmethod
    def _sheet_icons(kind: str, combo: int) -> list[str]:
        """The icons of a starting-sheet combination that need a board (members need none)."""
        icons = D.SHEET_COLUMNS[0 if kind == "sheet1" else 1][combo]
        return [i for i in icons if not i.startswith("members")]

    def _icon(self, icon: str) -> str:
        name, _, amount = icon.partition(":")
        n = int(amount or 1)
        return self.t(f"icon.{name}", n=n, move=D.move_label(n, self.lang))

    def tree_label(self, kind: str, depth: int, prefix: Sequence[int], value: int, view: Mapping[str, Any]) -> str:
        """One option of a step-by-step choice."""
        if kind in ("sheet1", "sheet2"):
            if depth == 0:
                icons = D.SHEET_COLUMNS[0 if kind == "sheet1" else 1][value]
                return f"{value + 1}. " + _text("part.sep", self.lang).join(self._icon(i) for i in icons)
            return self.board_name(view, value)
        if kind == "swap":
            if depth == 0:
                me = view["you"]
                prog = view["players"][me]["program"] if me is not None else []
                return f"{value + 1}. {self.n.card(prog[value])}" if value < len(prog) else str(value + 1)
            return self.n.card(value)
        if kind == "cab":
            if depth == 0:
                c = D.CABINET[value]
                return f"{self.n.cabinet(value)} · {money(c.cost)} · " + ", ".join(
                    self._cab_action(x) for x in c.actions)
            return self.board_name(view, value)
        if kind == "exch":
            return self.n.card(value)
        if kind == "natop":
            if depth == 0:
                return self.n.card(value)
            if value >= D.NATIONAL_SLOTS:
                return self.t("natop_free")
            row = view["national_row"]
            old = self.n.card(row[value][0]) if value < len(row) else "—"
            return self.t("natop_slot", n=value + 1, card=old)
        if kind == "donate":
            if depth == 0:
                return money(D.DONATIONS[value].amount)
            d = D.DONATIONS[prefix[0]]
            return self.t("accept", dice=d.accept_dice) if value else self.t("refuse", dice=d.refuse_dice)
        if kind == "publish":
            return self.t("option", n=value + 1)
        return str(value)

    def _cab_action(self, act: str) -> str:
        name, _, amount = act.partition(":")
        n = int(amount or 0)
        move = D.move_label(n if name == "up" else -n, self.lang)
        return self.t(f"cab_action.{name}", n=n, m=money(2 * D.CABINET_MEDIA_PAYMENT), move=move)

    def amount_format(self, kind: str) -> AmountFormat:
        """Bids are in thousands of DM; rallies and conversions count cubes."""
        if kind in ("bid", "pbid"):
            return AmountFormat(show=lambda k: money(k * 1000), parse=parse_amount, help=self.t("amount_help"))
        return AmountFormat(help=_text("amount_help_plain", self.lang))

    def key_help(self) -> list[tuple[str, str]]:
        return [(self.t("amount_title"), self.t("amount_help")), ("…", _text("tree_help", self.lang))]

    # -- screen parts ------------------------------------------------------------------------

    def status_head(self, view: Mapping[str, Any]) -> Text:
        """Round, phase, the board that votes this round and the start player."""
        t = Text()
        t.append(self.t("round", n=view["round"], of=view["rounds"]), style="bold")
        t.append(" · ")
        t.append(phase_name(view["phase"], self.lang), style="bold cyan")
        step = view.get("step") or ""
        if step and _CATALOG.has(f"tui.phase_step.{step}", self.lang):
            t.append(" · " + self.t(f"phase_step.{step}"), style="cyan")
        if view["phase"] != "over":
            b = view["board"]
            if b >= 0:
                t.append(" · " + self.t("votes_here", board=self.board_name(view, b)))
            t.append(f" · {self.t('start_player')}: ")
            t.append_text(self.who_text(view, view["first"]))
        return t

    def panels(self, view: Mapping[str, Any]) -> list[Panel]:
        """The four board slots in a row; under them the parties and the national board."""
        out = []
        for b in range(len(view["boards"])):
            title, body = self.board(view, b)
            out.append(Panel(f"board-{b}", title, body, self.board_when(view, b), row=0, max_height=17,
                             primary=True))
        out.append(Panel("parties", self.t("parties"), self.parties(view), row=1, width=6, max_height=9))
        out.append(Panel("national", self.t("national"), self.national(view), row=1, width=4, max_height=9))
        return out

    def event_style(self, event: Event) -> str:
        return _EVENT_STYLE.get(event.type, "")

    def rules(self, view: Mapping[str, Any]) -> tuple[str, str]:
        phase = str(view["phase"])
        got = WORDS.rules(phase, self.lang)
        text = got[1] if got is not None else ""
        return _text("rules_title", self.lang, phase=phase_name(phase, self.lang)), text

    def board_when(self, view: Mapping[str, Any], b: int) -> str:
        """When the state on slot ``b`` votes ("" for a slot out of play)."""
        e = view["boards"][b]["election"]
        if not e:
            return ""
        if e == view["round"]:
            return "★ " + self.t("votes_now")
        return self.t("votes_round", n=e)

    def board(self, view: Mapping[str, Any], b: int) -> tuple[str, RenderableType]:
        """(title, contents) of one board slot."""
        bd = view["boards"][b]
        title = self.board_name(view, b)
        if not bd["election"]:
            return title, Text(self.t("empty_board"), style="dim")
        card = D.STATES[bd["state"]]
        parts: list[RenderableType] = []
        head = self.t("max_seats", n=card.max_seats)
        if bd["payout"]:
            head += " · " + self.t("payout")
        if bd["no_coalition"]:
            head += " · " + self.t("no_coalition")
        parts.append(Text(head, style="dim"))
        for c in bd["up"]:
            line = Text()
            doubled = bd["key_issue"] == c >> 1
            line.append("◆ " if doubled else "• ", style="bold yellow" if doubled else "")
            line.append(self.n.card(c))
            if doubled:
                line.append(" ×2", style="bold yellow")
            parts.append(line)
        if bd["down"]:
            parts.append(Text("▯ " + self.t("face_down", n=bd["down"]), style="dim"))
        table = Table(box=None, padding=(0, 1, 0, 0), show_edge=False, expand=False, header_style="dim")
        for key in ("party", "media", "cubes", "pop", "coinc", "votes", "seats"):
            table.add_column(self.t(f"col.{key}"), justify="left" if key == "party" else "right", no_wrap=True,
                             overflow="ellipsis" if key == "party" else "fold")
        ctrl = bd["controller"]
        for p, pl in enumerate(view["players"]):
            name = self.party_text(p)
            if p == view.get("you"):
                name.stylize("underline")
            media = Text(str(bd["media"][p]), style="bold reverse" if p == ctrl else "")
            coinc = coincidence(pl["program"], bd["up"], bd["key_issue"])
            table.add_row(name, media, str(bd["cubes"][p]), D.pop_value(bd["popularity"][p]), f"{coinc:+d}",
                          str(bd["votes"][p]), str(card.seats(bd["votes"][p])))
        parts.append(table)
        foot = Text(self.t("controller") + " ")
        foot.append_text(self.party_text(ctrl) if ctrl >= 0 else Text(self.t("nobody")))
        parts.append(foot)
        if bd["coalitions"]:
            pairs = ", ".join(" + ".join(self.n.party_short(p) for p in pair) for pair in bd["coalitions"])
            parts.append(Text(self.t("coalitions_here", pairs=pairs), style="bold"))
        if bd["coalition_tiles"]:
            parts.append(Text(self.t("tiles_here", who=", ".join(self.n.party_short(p) for p in bd["coalition_tiles"])),
                              style="dim"))
        if bd["cabinet"]:
            cab = ", ".join(f"{self.n.party_short(p)} {self.n.cabinet(c) if c >= 0 else '▼'}" for p, c in bd["cabinet"])
            parts.append(Text(self.t("cabinet_here", cards=cab), style="dim"))
        return title, Group(*parts)

    def parties(self, view: Mapping[str, Any]) -> RenderableType:
        """Each party: public program, members, supplies, seats so far and the score so far."""
        table = Table(box=None, padding=(0, 1, 0, 0), show_edge=False, header_style="dim", expand=True)
        table.add_column(self.t("col.party"), no_wrap=True)
        table.add_column(self.t("program"), ratio=1)
        for key in ("members", "supply", "money", "seats_total", "score"):
            table.add_column(self.t(f"col.{key}"), justify="right", no_wrap=True)
        totals = self.scores_so_far(view)
        for p, pl in enumerate(view["players"]):
            name = Text(self.seat(p) + " ")
            name.append_text(self.party_text(p))
            if p == view.get("you"):
                name.append(" ◀", style="bold")
            prog = " · ".join(self.n.card(c) for c in pl["program"]) or "—"
            supply = self.t("supply", media=pl["media_supply"], cubes=pl["cube_supply"], tiles=pl["coalition_tiles"])
            cash = money(pl["money"]) if pl["money"] is not None else self.t("hidden")
            table.add_row(name, prog, str(pl["members"]), supply, cash, str(sum(pl["seats"])), str(totals[p]))
        return table

    def scores_so_far(self, view: Mapping[str, Any]) -> list[int]:
        """Each party's total as if the game ended now (001 §遊戲結束): the final scores once it has."""
        if view.get("scores"):
            return [s["total"] for s in view["scores"]]
        return [sum(parts.values()) for parts in score_parts(view)]

    def national(self, view: Mapping[str, Any]) -> RenderableType:
        """The national board: media cubes by election, the opinion row, the exchange pool and the decks."""
        parts: list[RenderableType] = []
        if view["national_media"]:
            media = ", ".join(f"{self.n.party_short(p)} ({e}: {D.MEDIA_POINTS[e - 1]})"
                              for p, e in view["national_media"])
        else:
            media = self.t("none")
        parts.append(Text(self.t("national_media", cubes=media)))
        row = Text(self.t("national_row") + " ")
        for j in range(D.NATIONAL_SLOTS):
            if j:
                row.append(" | ")
            if j < len(view["national_row"]):
                c, secured = view["national_row"][j]
                row.append(self.n.card(c) + (" ■" if secured else ""), style="bold" if secured else "")
                row.append(f" {D.NATIONAL_POINTS[j]}", style="dim")
            else:
                row.append(f"{j + 1}: —", style="dim")
        parts.append(row)
        parts.append(Text(self.t("pool", cards=", ".join(self.n.card(c) for c in view["exchange_pool"]) or "—"),
                          style="dim"))
        dk = view["decks"]
        parts.append(Text(self.t("decks", program=dk["program"], opinion=dk["opinion"], poll=dk["poll"],
                                 state=dk["state"]), style="dim"))
        parts.append(Text(self.t("legend"), style="dim italic"))
        return Group(*parts)

    def private_panel(self, view: Mapping[str, Any]) -> RenderableType:
        """What only the viewer sees: money, hidden program cards, the secret starting sheet, the bid."""
        me = view.get("you")
        if me is None:
            return Text(_text("spectator", self.lang), style="dim")
        pl = view["players"][me]
        parts: list[RenderableType] = []
        head = Text(_text("your_side", self.lang, who=""))
        head.append_text(self.who_text(view, me))
        head.append("  " + self.t("your_money", m=money(pl["money"])), style="bold")
        parts.append(head)
        hand = ", ".join(self.n.card(c) for c in pl["hand"]) or self.t("none")
        parts.append(Text(self.t("your_hand", cards=hand)))
        cab = ", ".join(self.n.cabinet(c) for c in pl["cabinet_left"]) or self.t("none")
        don = ", ".join(money(D.DONATIONS[c].amount) for c in pl["donations_left"]) or self.t("none")
        parts.append(Text(self.t("your_cards", cabinet=cab, donations=don), style="dim"))
        sheet = [SPACE[a].text(self.lang) for a in (pl["sheet"] or []) if a >= 0]
        if sheet:
            parts.append(Text(self.t("your_sheet", choice=" / ".join(sheet))))
        if pl["bid"] is not None:
            parts.append(Text(self.t("your_bid", m=money(pl["bid"]))))
        if pl["donation"] and pl["donation"][0] >= 0 and not pl["donation"][1]:
            parts.append(Text(self.t("your_refusal", m=money(D.DONATIONS[pl["donation"][0]].amount))))
        return Group(*parts)

    def situation(self, view: Mapping[str, Any]) -> Text:
        """What the current phase is about right now."""
        ph = view["phase"]
        t = Text()
        players = view["players"]
        if ph == "sheet":
            who = [self.who(view, p) for p, pl in enumerate(players) if all(pl["sheet_written"])]
            t.append(self.t("sheets_in", who=", ".join(who) or self.t("none")))
        elif ph == "bid":
            who = [self.who(view, p) for p, pl in enumerate(players) if pl["bid_written"]]
            t.append(self.t("bids_in", who=", ".join(who) or self.t("none")))
        elif ph == "tie":
            tie = view["tie"]
            t.append(self.t("tie", players=", ".join(self.who(view, p) for p in tie["players"]),
                            price=money(tie["minimum"])))
        elif ph == "first" and view["bid_winner"] >= 0:
            t.append(self.t("chooses_first", who=self.who(view, view["bid_winner"])))
        elif ph == "cab_exec" and view["cabinet_actions"]:
            p, b, c = view["cabinet_actions"][0]
            acts = ", ".join(self._cab_action(x) for x in D.CABINET[c].actions)
            t.append(self.t("cabinet_now", who=self.who(view, p), card=self.n.cabinet(c),
                            board=self.board_name(view, b), actions=acts))
        elif ph == "answer":
            fr, to = view["offer"]
            t.append(self.t("offer_now", who=self.who(view, fr), to=self.who(view, to)), style="bold")
        elif ph in ("poll_bid", "poll_decide"):
            poll = view["poll"]
            if poll["board"] >= 0:
                t.append(self.t("poll_for", board=self.board_name(view, poll["board"])))
            if poll["bidder"] >= 0:
                t.append(" · " + self.t("poll_high", amount=money(poll["high"]), who=self.who(view, poll["bidder"])))
            if poll["roll"] >= 0:
                where = self.board_name(view, poll["board"])
                t.append("\n" + _text("part.poll_roll", self.lang, roll=poll["roll"], board=where), style="bold")
            elif poll["card"]:
                for i, opt in enumerate(poll["card"]):
                    t.append(f"\n{self.t('option', n=i + 1)}: {poll_option(opt[: len(players)], self.lang)}")
        elif ph == "exchange" and view["exchange"]:
            p, b = view["exchange"]
            t.append(self.t("exchange_now", who=self.who(view, p), board=self.board_name(view, b),
                            why=_text(f"why.{view['exchange_kind']}", self.lang)))
        elif ph == "rally" and view["rally_board"] >= 0:
            t.append(self.t("rally_in", board=self.board_name(view, view["rally_board"])))
        elif ph == "convert" and view["convert_board"] >= 0:
            t.append(self.t("convert_in", board=self.board_name(view, view["convert_board"])))
        elif ph == "national" and view["powers"]:
            p = view["powers"][0][0]
            t.append(self.t("powers_now", who=self.who(view, p), left=view["opinions_left"]))
        return t

    # -- explanations ------------------------------------------------------------------------

    def explanations(self, view: Mapping[str, Any], events: Sequence[Event]) -> list[Explanation]:
        """Every number on the screen that events account for, with how it came about (the game's words)."""
        return WORDS.explanations(view, events, self.voice)

    def event_explanations(self, view: Mapping[str, Any], events: Sequence[Event], index: int) -> list[Explanation]:
        """One event's explanations (the browser log's ``?``)."""
        return WORDS.event_explanations(view, events, index, self.voice)


# mypy checks here that the renderer is what the shell expects of a "tui" adapter
_FACTORY: RendererFactory = Renderer

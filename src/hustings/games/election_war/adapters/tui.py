"""選舉之戰 at the terminal table: the game's ``tui`` adapter, a renderer for the terminal shell.

The six rows are one board: a column per row (its city and council strength; the current row marked, a
counted row with its winner) and a line per seat (its candidate on each row: face down until the reveal,
then party, rank, level, strength, vote share and whether it is out), votes so far at the end of the line.
Beside it, the viewer's news hand (each card's die, wind result and effect), the decks and the card in play.
From 10 players on, the hand sits beside the board so fifteen seats fit a 120x36 terminal.

Everything is drawn from one seat's view, the legal actions and the events that seat may see. Every word is
in the game's catalog (``messages/<lang>.json``, keys ``tui.*``), the shell's words behind it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from hustings.engine import Action, Event, Outcome
from hustings.engine.words import Explanation, Voice
from hustings.games.election_war import data as D
from hustings.games.election_war.phases import Status
from hustings.games.election_war.words import WORDS
from hustings.games.election_war.words.names import (
    candidate_line,
    district_name,
    effect_text,
    news_label,
    phase_name,
    role_label,
    share,
)
from hustings.tui.choices import Entry
from hustings.tui.i18n import SHARED
from hustings.tui.renderer import BaseRenderer, Panel, RendererFactory, View

__all__ = ["COMPACT_FROM", "Renderer"]

_CATALOG = D.CATALOG.chain(SHARED)

#: from this many players on, the compact layout (hand beside the board, no vote shares on the board)
COMPACT_FROM = 10

PARTY_STYLE = ("bold yellow", "bold cyan", "bold green", "bold magenta", "bold red")
WIND_STYLE = ("", "bold", "bold red")
_EVENT_STYLE = {"round_started": "bold cyan", "revealed": "bold", "count_row": "bold yellow", "final": "bold green",
                "explosion": "bold red", "wind_check": "", "press_conference": "magenta", "effect": "yellow"}
_OUT_MARK = {int(Status.WITHDRAWN): "✘", int(Status.CLASH): "✘=", int(Status.OUTVOTED): "✘%"}


def _text(key: str, lang: str, **fields: Any) -> str:
    return _CATALOG.text(key, lang, **fields)


class Renderer(BaseRenderer):
    """Renders a 選舉之戰 view and words its actions."""

    game = "election-war"
    min_size = (120, 36)

    def __init__(self, lang: str, names: str = "local") -> None:
        super().__init__(lang, names)
        self.voice = Voice(lang, names)

    def t(self, key: str, **fields: Any) -> str:
        """``tui.<key>`` in the interface language."""
        return _text(f"tui.{key}", self.lang, **fields)

    # -- people ------------------------------------------------------------------------------

    def seat(self, p: int) -> str:
        return _text("seat", self.lang, n=p + 1)

    def who(self, view: View, p: int) -> str:
        return self.seat(p)

    def party_abbr(self, party: int) -> str:
        return self.t(f"party_abbr.{D.PARTIES[party]}")

    def rank_abbr(self, frame: int) -> str:
        return self.t(f"rank_abbr.{D.RANK_OF_FRAME[D.FRAMES[frame]]}")

    def city(self, view: View, r: int) -> str:
        return D.city_name(view["rows"][r]["city"], self.lang)

    # -- the board ---------------------------------------------------------------------------

    def compact(self, view: View) -> bool:
        return int(view["players"]) >= COMPACT_FROM

    def cell(self, view: View, r: int, q: int, compact: bool) -> Text:
        """One candidate: face down (▯), not yet placed (·), or its figures and what became of it."""
        c = view["candidates"][r][q]
        if c["card"] is None:
            return Text("▯" if c["placed"] else "·", style="dim")
        party = int(c["party"])
        t = Text(self.party_abbr(party) + self.rank_abbr(int(c["frame"])), style=PARTY_STYLE[party % len(PARTY_STYLE)])
        t.append(f" {c['level']}/{c['strength']}")
        if not compact:  # fifteen seats leave a column about ten cells wide: no vote share there
            t.append(" " + share(int(c["vote_share"])), style="dim")
        if c["protected"]:
            t.append(" ◆", style="bold")
        res = next((x for x in view["results"] if x["row"] == r), None)
        if res is not None and res["winner"] == q:
            t.append(" ★" + ("⌂" if res["took_district"] else ""), style="bold yellow")
        if c["status"] != int(Status.STANDING):
            t.stylize("dim strike")
            t.append(" " + _OUT_MARK[int(c["status"])], style="bold red")
        return t

    def column_head(self, view: View, r: int, compact: bool) -> Text:
        """Row number and city; under it the council's strength, and this round's mark or the count's winner."""
        row = view["rows"][r]
        current = view["round"] == r and view["phase"] not in ("over", "declare")
        t = Text(("▶" if current else "") + f"{r + 1} {self.city(view, r)}",
                 style="bold reverse" if current else "bold")
        t.append("\n" + self.t("council_short" if compact else "council", council=row["council"]), style="dim")
        res = next((x for x in view["results"] if x["row"] == r), None)
        if res is not None:
            won = self.seat(res["winner"]) + ("⌂" if res["took_district"] else "") if res["winner"] >= 0 \
                else self.t("nobody")
            t.append(" →" + won, style="yellow")
        elif current:
            t.append(" " + self.t("now"), style="cyan")
        return t

    def board(self, view: View) -> Table:
        compact = self.compact(view)
        table = Table(box=None, padding=(0, 1, 0, 0), show_edge=False, expand=True, header_style="")
        table.add_column(self.t("col_seat"), no_wrap=True)
        for r in range(len(view["rows"])):
            table.add_column(self.column_head(view, r, compact), no_wrap=True, overflow="ellipsis", ratio=1)
        table.add_column(self.t("col_votes"), justify="right", no_wrap=True)
        me = view.get("you")
        turn = view.get("turn")
        for q in range(int(view["players"])):
            name = Text(self.seat(q), style="bold" if q == turn else "")
            if q == turn:
                name = Text("▶" + self.seat(q), style="bold reverse")
            if q == me:
                name.append(" ◀", style="bold")
            won = view["won"][q]
            votes = Text(self.t("votes_cell", roles=len(won["roles"]), districts=len(won["districts"]),
                                votes=view["votes"][q]))
            table.add_row(name, *(self.cell(view, r, q, compact) for r in range(len(view["rows"]))), votes)
        return table

    def hand_lines(self, view: View, compact: bool) -> list[Text]:
        """The viewer's news hand: die, wind result and effect of each card."""
        hand = view.get("hand")
        if hand is None:
            return [Text(self.t("hand_hidden"), style="dim")]
        if not hand:
            return [Text(self.t("none"), style="dim")]
        out = []
        for x in sorted(set(hand), key=hand.index):  # copies of one design on one line
            c = D.NEWS[x]
            line = Text(f"{c.die} ", style="bold")
            line.append(_text(f"wind.{D.WINDS[c.wind]}", self.lang), style=WIND_STYLE[c.wind] or "dim")
            line.append(" " + D.news_name(x, self.lang))
            copies = hand.count(x)
            if copies > 1:
                line.append(f" ×{copies}", style="bold")
            line.append(": ")
            line.append(effect_text(x, self.lang), style="italic")
            out.append(line)
        return out

    def table_lines(self, view: View) -> list[Text]:
        """Decks, the card in play and the last wind check."""
        lang = self.lang
        out = [Text(self.t("decks", deck=view["deck"], discard=len(view["discard"])), style="dim")]
        if view["discard"]:
            top = view["discard"][-1]
            out.append(Text(self.t("discard_top", card=D.news_name(top, lang), die=D.NEWS[top].die), style="dim"))
        pending = view.get("pending")
        if pending:
            out.append(Text(self.t("pending", card=news_label(pending["card"], lang),
                                   who=self.seat(pending["target"])), style="bold"))
        return out

    def panels(self, view: View) -> list[Panel]:
        compact = self.compact(view)
        n = int(view["players"])
        phase = str(view["phase"])
        board_title = self.t("board", phase=phase_name(phase, self.lang))
        hand_title = self.t("hand", n=len(view["hand"])) if view.get("hand") is not None else self.t("hand_title")
        if compact:  # the legend would not fit the board's narrower border: it closes the hand's box
            body = Group(*self.hand_lines(view, True), Text(""), *self.table_lines(view),
                         Text(self.t("legend_compact"), style="dim italic"))
            return [
                Panel("board", board_title, self.board(view), row=0, width=3, primary=True),
                Panel("hand", hand_title, body, row=0, width=2, max_height=n + 5),
            ]
        return [
            Panel("board", board_title, self.board(view), self.t("legend"), row=0, primary=True),
            Panel("hand", hand_title, Group(*self.hand_lines(view, False)), row=1, width=3, max_height=8),
            Panel("table", self.t("table"), Group(*self.table_lines(view)), row=1, width=2, max_height=8),
        ]

    # -- status, private, situation ----------------------------------------------------------

    def status_head(self, view: View) -> Text:
        lang = self.lang
        phase = str(view["phase"])
        t = Text()
        r = int(view["round"])
        if phase not in ("declare", "over") and r < len(view["rows"]):
            t.append(self.t("round", n=r + 1, of=len(view["rows"])), style="bold")
            t.append(" · " + district_name(view["rows"][r]["district"], lang) + " · ")
        t.append(phase_name(phase, lang), style="bold cyan")
        if phase != "over":
            t.append(" · " + self.t("first", who=self.seat(int(view["first"]))))
        return t

    def private_panel(self, view: View) -> RenderableType:
        me = view.get("you")
        if me is None:
            return Text(_text("spectator", self.lang), style="dim")
        parts: list[RenderableType] = []
        head = Text(_text("your_side", self.lang, who=self.seat(me)), style="bold")
        head.append("  " + self.t("your_votes", n=view["votes"][me]))
        parts.append(head)
        roles = view.get("role_hand") or []
        if roles:
            parts.append(Text(self.t("your_roles", cards=", ".join(role_label(c, self.lang) for c in roles))))
        hand = view.get("hand") or []
        parts.append(Text(self.t("your_hand", n=len(hand)), style="dim"))
        return Group(*parts)

    def situation(self, view: View) -> RenderableType:
        lang = self.lang
        phase = str(view["phase"])
        me = view.get("you")
        if phase == "declare":
            if me is None:
                return Text(self.t("declaring_secret"))
            placed = sum(1 for r in range(len(view["rows"])) if view["candidates"][r][me]["placed"])
            if placed >= len(view["rows"]):
                return Text(self.t("declared_wait"))
            return Text(self.t("declare_row", row=placed + 1,
                               district=district_name(view["rows"][placed]["district"], lang)))
        pending = view.get("pending")
        if phase == "press" and pending:
            return Text(self.t("press_now", card=news_label(pending["card"], lang), who=self.seat(pending["target"])),
                        style="bold")
        if phase in ("play", "discard") and view.get("turn") is not None:
            r = int(view["round"])
            row = view["rows"][r]
            return Text(self.t("turn_on_row", who=self.seat(int(view["turn"])), row=r + 1,
                               district=district_name(row["district"], lang)))
        return Text()

    # -- actions -----------------------------------------------------------------------------

    def candidate_line(self, view: View, q: int) -> str:
        """Seat ``q``'s candidate on this round's row, with its current figures."""
        return candidate_line(view, q, self.voice)

    def describe(self, action: Action, view: View) -> str:
        return WORDS.label(action, view, self.voice).text

    def entries(self, view: View, legal: Sequence[Action]) -> list[Entry]:
        """Single actions, except news cards to play on many targets: a step-by-step choice (card, target)."""
        plays = [a for a in legal if a.kind == "play"]
        out: list[Entry] = []
        grouped = len(plays) > 6 and len({a.args[0] for a in plays}) > 1 and len({a.args[1] for a in plays}) > 1
        for a in legal:
            if a.kind == "play" and grouped:
                if a is plays[0]:
                    texts = " ".join(self.describe(g, view) for g in plays)
                    out.append(Entry(self.t("entry_play", n=len(plays)), "tree", tuple(plays), texts))
                continue
            out.append(Entry(self.describe(a, view), "action", (a,)))
        return out

    def tree_step(self, kind: str, depth: int, prefix: Sequence[int], view: View) -> str:
        if kind == "play":
            return self.t("step_card" if depth == 0 else "step_target")
        return _text("step_value", self.lang, n=depth + 1)

    def tree_label(self, kind: str, depth: int, prefix: Sequence[int], value: int, view: View) -> str:
        if kind == "play":
            return news_label(value, self.lang) if depth == 0 else self.candidate_line(view, value)
        return str(value)

    def key_help(self) -> list[tuple[str, str]]:
        return [(self.t("play_title"), self.t("play_help")), ("…", _text("tree_help", self.lang))]

    def event_style(self, event: Event) -> str:
        if event.type == "wind_check":
            return "green" if event.data["success"] else "dim"
        return _EVENT_STYLE.get(event.type, "")

    def rules(self, view: View) -> tuple[str, str] | None:
        got = WORDS.rules(str(view["phase"]), self.lang)
        return None if got is None else (_text("rules_title", self.lang, phase=got[0]), got[1])

    def final_table(self, view: View, outcome: Outcome, scores: Sequence[Mapping[str, int]],
                    labels: Mapping[str, str]) -> RenderableType:
        """The scores, then the title the result earns (鬼島之王, 南霸天 and 北霸天, or none)."""
        title = str(outcome.detail.get("title", ""))
        table = super().final_table(view, outcome, scores, labels)
        if not title:
            return table
        return Group(table, Text(_text(f"title.{title}", self.lang), style="bold yellow"))

    # -- explanations ------------------------------------------------------------------------

    def explanations(self, view: View, events: Sequence[Event]) -> list[Explanation]:
        return WORDS.explanations(view, events, self.voice)


# mypy checks here that the renderer is what the shell expects of a "tui" adapter
_FACTORY: RendererFactory = Renderer

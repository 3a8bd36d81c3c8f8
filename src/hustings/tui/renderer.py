"""What the terminal shell asks of a game: the renderer protocol, and defaults a renderer may inherit.

The shell (:mod:`hustings.tui.app`, :mod:`~hustings.tui.screens`, :mod:`~hustings.tui.replay`) knows no game.
It draws the table from what a :class:`GameRenderer` makes of one seat's view and offers the entries the
renderer builds from that seat's legal actions. It reaches a game's renderer only through the game's spec:
``get_spec(game).adapter("tui")`` is a :data:`RendererFactory`, called with the interface language and the
naming style. A game without one is drawn by :class:`hustings.tui.fallback.FallbackRenderer`.

Every method gets what the person in that seat knows and nothing more: a view (``state.view(viewer)``,
``viewer`` None for a spectator), the legal actions, or the events the viewer may see. Only at the end does
the shell pass the outcome and ``scores()``, which are public then.

Optional capability: a renderer that also implements :class:`CanPlan` offers *plans*, several actions of one
kind over different targets composed in one pop-up and sent one after another (Die Macher's rallies).

Optional hooks (:class:`BaseRenderer` has defaults; the shell asks with ``getattr``, so a renderer written
before them still works): ``leaders(view)`` a one-line "who leads where" strip under the status line;
``overview(view)`` the one-screen (title, text) overview of the game for newcomers; ``summary(view, events,
scores)`` the game's parts of the end-of-game summary (after the shell's score chart).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from hustings.engine import Action, Event, GameSpec, Outcome
from hustings.engine.adapters import AdapterKind
from hustings.engine.words import Explanation as Explanation
from hustings.engine.words import PrintedNames as PrintedNames  # names in a name style live with the words
from hustings.tui.charts import stacked_bars
from hustings.tui.choices import Entry
from hustings.tui.i18n import tr

View = Mapping[str, Any]

#: the smallest terminal (columns, lines) a renderer draws in, unless it says otherwise
DEFAULT_MIN_SIZE = (100, 30)


@dataclass(frozen=True)
class Panel:
    """One titled box of the table. Panels of the same ``row`` sit side by side, rows top to bottom.

    ``key`` names the panel (stable from one view to the next, so the shell keeps its box); ``width`` is
    its share of the row; ``max_height`` caps it in lines, borders included (None: as tall as its contents;
    it scrolls when capped); ``primary`` draws it in the primary colour (the main boards)."""

    key: str
    title: str
    body: RenderableType
    subtitle: str = ""
    row: int = 0
    width: int = 1
    max_height: int | None = None
    primary: bool = False


def parse_number(text: str) -> int | None:
    """A typed whole number (``1,200`` and ``1 200`` too); None when it is not one."""
    t = text.strip().replace(",", "").replace(" ", "").replace("_", "")
    return int(t) if t.isdigit() else None


@dataclass(frozen=True)
class AmountFormat:
    """How the amount picker shows and reads amounts of one action kind (the amount is the first argument).

    ``help`` is the picker's key line ("" for the shell's plain one)."""

    show: Callable[[int], str] = str
    parse: Callable[[str], int | None] = parse_number
    help: str = ""


class Planner(Protocol):
    """Composes several actions ``kind(target, count)`` over different targets, sent one after another.

    The shell's plan pop-up lists the targets the legal actions offer and the counts legal for each; the
    planner only words them and says what is wrong with a plan (too dear, too many) before it is sent.
    """

    #: the kind of the actions composed: each takes (target, count)
    kind: str
    #: the kind of a no-argument action sent after the parts when it is then legal (ends the turn), or None
    finish: str | None
    title: str
    help: str

    def row(self, target: int, count: int) -> str:
        """One line of the plan: ``count`` planned at ``target``."""
        ...

    def summary(self, parts: Sequence[tuple[int, int]]) -> str:
        """The plan as a whole (its price, what is left)."""
        ...

    def problems(self, parts: Sequence[tuple[int, int]]) -> list[str]:
        """Why the plan cannot be sent as it is (empty: it can)."""
        ...

    def empty(self) -> str:
        """What to say when the plan is sent with nothing in it."""
        ...

    def stopped(self, target: int, count: int) -> str:
        """What to say when this part was no longer legal when its turn came (the rest was not sent)."""
        ...


@runtime_checkable
class GameRenderer(Protocol):
    """Everything the shell asks of a game. :class:`BaseRenderer` gives defaults for most of it."""

    lang: str
    #: the smallest terminal (columns, lines) this table fits in
    min_size: tuple[int, int]

    def who(self, view: View, p: int) -> str:
        """The name of seat ``p`` as people at the table call it (with its side, once it has one)."""
        ...

    def status(self, view: View, actor: int | None, viewer: int | None, bots: Sequence[str | None]) -> RenderableType:
        """The one-line status: where the game is, who acts (``bots[p]`` names a bot seat), whose eyes."""
        ...

    def panels(self, view: View) -> list[Panel]:
        """The public table: the boxes above the log."""
        ...

    def private_panel(self, view: View) -> RenderableType:
        """What only the viewer sees (the view's private fields); a spectator's view has none."""
        ...

    def situation(self, view: View) -> RenderableType:
        """What the decision now is about (an auction's price, the card in play); may be empty."""
        ...

    def describe(self, action: Action, view: View) -> str:
        """One legal action in words, with the names the action's own text leaves out."""
        ...

    def entries(self, view: View, legal: Sequence[Action]) -> list[Entry]:
        """The action list: every legal action exactly once, alone or in a group that opens a guided
        choice (``amount``, ``tree``, or ``plan`` for a renderer that :class:`CanPlan`)."""
        ...

    def tree_step(self, kind: str, depth: int, prefix: Sequence[int], view: View) -> str:
        """What argument ``depth`` of a ``kind`` action means, in a step-by-step choice."""
        ...

    def tree_label(self, kind: str, depth: int, prefix: Sequence[int], value: int, view: View) -> str:
        """One option (``value`` for argument ``depth``) of a step-by-step choice."""
        ...

    def amount_format(self, kind: str) -> AmountFormat:
        """How the amounts of ``kind`` actions are shown and typed."""
        ...

    def event_style(self, event: Event) -> str:
        """The Rich style of an event's line in the log ("" for plain)."""
        ...

    def explanations(self, view: View, events: Sequence[Event]) -> list[Explanation]:
        """How the numbers on the table came about, from the events the viewer may see."""
        ...

    def rules(self, view: View) -> tuple[str, str] | None:
        """(title, text) of the rules that matter now, or None when the game has no rules help."""
        ...

    def key_help(self) -> list[tuple[str, str]]:
        """Extra lines for the keys page: (where, keys) for the game's guided choices."""
        ...

    def final_table(self, view: View, outcome: Outcome, scores: Sequence[Mapping[str, int]],
                    labels: Mapping[str, str]) -> RenderableType:
        """The final scores: ``labels`` maps scoring components to their names, in the game's order."""
        ...


#: what a game's ``tui`` adapter is: called with the interface language and the naming style
RendererFactory = Callable[[str, str], GameRenderer]

TUI_KIND: AdapterKind[RendererFactory] = AdapterKind(
    "tui", "a factory (lang, names) -> GameRenderer (hustings.tui.renderer; subclass BaseRenderer)", callable,
    "the terminal table; without it: `hustings.tui.fallback.FallbackRenderer` (the view as a tree, actions by their "
    "text, 80 × 24)")


@runtime_checkable
class CanPlan(Protocol):
    """A renderer whose ``plan`` entries open a plan pop-up."""

    def plans(self, view: View, legal: Sequence[Action]) -> Mapping[str, Planner]:
        """The planners the legal actions allow now, by the kind of action each composes."""
        ...


def outcome_headline(outcome: Outcome, names: Sequence[str], lang: str) -> Text:
    """"Game over" and who won: the winners (several on a shared win), nobody when everyone lost, or for a
    one-seat game won or lost with the moves against par."""
    t = Text(tr("game_over", lang) + " · ", style="bold")
    detail = outcome.detail
    if detail.get("end") == "given_up":  # ended by the table, not by the rules (hustings.table.Match.give_up)
        t.append(tr("given_up", lang))
        return t
    if len(names) == 1 and "moves" in detail:
        par = detail.get("par")
        t.append(tr("solo_won" if outcome.winners else "solo_lost", lang, moves=detail["moves"]))
        if par is not None:
            t.append(" · " + tr("solo_par", lang, par=par, diff=f"{int(detail['moves']) - int(par):+d}"))
        return t
    if not outcome.winners:
        t.append(tr("everyone_lost", lang))
        return t
    t.append(tr("winners", lang, who=", ".join(names[p] for p in outcome.winners)))
    return t


def leaders_strip(ui: GameRenderer, view: View) -> RenderableType | None:
    """The renderer's "who leads where" strip, or None when it has none (or nothing to say yet)."""
    hook = getattr(ui, "leaders", None)
    strip: RenderableType | None = hook(view) if callable(hook) else None
    if isinstance(strip, Text) and not strip.plain:
        return None
    return strip


def game_overview(ui: GameRenderer, spec: GameSpec, view: View, lang: str) -> tuple[str, str]:
    """(title, text) of the one-screen overview: the renderer's own, else what every game can say."""
    hook = getattr(ui, "overview", None)
    got: tuple[str, str] | None = hook(view) if callable(hook) else None
    if got is not None:
        return got
    title = spec.title.get(lang) or spec.title.get("en") or spec.id
    counts = sorted({n for v in spec.variants for n in spec.player_counts(v)})
    return (tr("overview_title", lang, game=title),
            tr("overview_generic", lang, game=title, players=", ".join(str(n) for n in counts)))


def game_summary(ui: GameRenderer, view: View, events: Sequence[Event], outcome: Outcome,
                 scores: Sequence[Mapping[str, int]], labels: Mapping[str, str], names: Sequence[str],
                 lang: str) -> list[RenderableType]:
    """The end-of-game summary below the headline: the score chart, the final table, then the game's parts."""
    parts: list[RenderableType] = [
        stacked_bars(names, scores, labels, title=tr("summary_chart", lang)),
        Text(),
        ui.final_table(view, outcome, scores, labels),
    ]
    hook = getattr(ui, "summary", None)
    if callable(hook):
        for part in hook(view, events, scores):
            parts.extend((Text(), part))
    return parts


class BaseRenderer:
    """Defaults for a :class:`GameRenderer`: a subclass must still draw :meth:`panels`, and usually words
    :meth:`who`, :meth:`describe` and :meth:`entries` better than these do."""

    min_size: tuple[int, int] = DEFAULT_MIN_SIZE

    def __init__(self, lang: str, names: str = "local") -> None:
        self.lang = lang
        self.names = names

    def seat(self, p: int) -> str:
        return tr("seat", self.lang, n=p + 1)

    def who(self, view: View, p: int) -> str:
        return self.seat(p)

    def who_text(self, view: View, p: int) -> Text:
        return Text(self.who(view, p), style="bold")

    def status_head(self, view: View) -> Text:
        """The start of the status line: where the game is (nothing by default)."""
        return Text()

    def status(self, view: View, actor: int | None, viewer: int | None, bots: Sequence[str | None]) -> RenderableType:
        lang = self.lang
        t = self.status_head(view)
        if actor is not None:
            if t.plain:
                t.append(" · ")
            t.append(f"{tr('to_act', lang)}: ")
            t.append_text(self.who_text(view, actor))
            if actor == viewer:
                t.append(f" ({tr('you', lang)})", style="bold reverse")
            elif 0 <= actor < len(bots) and bots[actor] is not None:
                t.append(f" ({tr('bot', lang)} {bots[actor]})")
        if t.plain:
            t.append(" · ")
        t.append(tr("you_are", lang, who=self.who(view, viewer) if viewer is not None else tr("spectator", lang)))
        return t

    def panels(self, view: View) -> list[Panel]:
        raise NotImplementedError

    def private_panel(self, view: View) -> RenderableType:
        return Text(tr("spectator", self.lang), style="dim") if view.get("you") is None else Text()

    def situation(self, view: View) -> RenderableType:
        return Text()

    def describe(self, action: Action, view: View) -> str:
        return action.text(self.lang)

    def entries(self, view: View, legal: Sequence[Action]) -> list[Entry]:
        return [Entry(self.describe(a, view), "action", (a,)) for a in legal]

    def tree_step(self, kind: str, depth: int, prefix: Sequence[int], view: View) -> str:
        return tr("step_value", self.lang, n=depth + 1)

    def tree_label(self, kind: str, depth: int, prefix: Sequence[int], value: int, view: View) -> str:
        return str(value)

    def amount_format(self, kind: str) -> AmountFormat:
        return AmountFormat(help=tr("amount_help_plain", self.lang))

    def event_style(self, event: Event) -> str:
        return ""

    def explanations(self, view: View, events: Sequence[Event]) -> list[Explanation]:
        return []

    def rules(self, view: View) -> tuple[str, str] | None:
        return None

    def key_help(self) -> list[tuple[str, str]]:
        return [("…", tr("tree_help", self.lang))]

    def leaders(self, view: View) -> RenderableType | None:
        """Who leads where (one line under the status line); None for no strip."""
        return None

    def overview(self, view: View) -> tuple[str, str] | None:
        """(title, text) of a one-screen overview of the game; None for the shell's generic one."""
        return None

    def summary(self, view: View, events: Sequence[Event], scores: Sequence[Mapping[str, int]]) -> list[RenderableType]:
        """The game's own parts of the end-of-game summary (votes per state, money, score by round...)."""
        return []

    def final_table(self, view: View, outcome: Outcome, scores: Sequence[Mapping[str, int]],
                    labels: Mapping[str, str]) -> RenderableType:
        """Seats across, scoring components down: the labels' order, then any they leave out, the total last."""
        table = Table(box=None, padding=(0, 1, 0, 0), header_style="dim")
        table.add_column("")
        for p in range(len(scores)):
            table.add_column(self.who(view, p), justify="right")
        comps = [c for c in labels if any(c in s for s in scores)]
        comps += [c for s in scores for c in s if c not in comps and c != "total"]
        if "total" in comps:  # the total last, whatever order the labels have
            comps.remove("total")
            comps.append("total")
        for comp in dict.fromkeys(comps):
            table.add_row(labels.get(comp, comp), *(str(s.get(comp, 0)) for s in scores),
                          style="bold" if comp == "total" else "")
        return table

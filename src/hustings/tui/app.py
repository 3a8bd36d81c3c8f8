"""The terminal table: play any game against bots or at one keyboard, and watch a record step by step.

The shell knows no game: the game's renderer (:mod:`hustings.tui.renderer`, got by :func:`ui_for`) draws
the status line, the panels of the table, what only the viewer sees and the action list; the shell lays
them out, keeps the event log, asks the session who acts and sends only legal actions.

Screens (keys in docs/play.md):
- the table: status line, the game's panels, what only you see, the event log, and the action list with
  its filter;
- pop-ups: the amount picker, step-by-step choices, plans (a renderer's planner), explanations, the rules,
  the keys;
- the hand-over screen between two people's turns at one keyboard, which hides the whole table.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from rich.console import Group, RenderableType
from rich.text import Text
from textual import events, on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Input, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from hustings.engine import Action, Event, GameState, IllegalActionError, Outcome, get_spec
from hustings.engine.house import rules_of
from hustings.table.houserules import house_line
from hustings.table.match import MatchError, SaveError
from hustings.tui import ui_for
from hustings.tui.choices import Entry, filter_entries
from hustings.tui.i18n import tr
from hustings.tui.renderer import (
    CanPlan,
    GameRenderer,
    Panel,
    Planner,
    game_overview,
    game_summary,
    leaders_strip,
    outcome_headline,
)
from hustings.tui.screens import (
    AmountScreen,
    ExplainScreen,
    PassScreen,
    PlanScreen,
    SummaryScreen,
    TextScreen,
    TreeScreen,
)
from hustings.tui.session import Session

GIVE_UP_WINDOW = 5.0  # giving up takes a second press of the key within this many seconds (it cannot be undone)


def _undo_reason(key: str | None, lang: str) -> str | None:
    """The table core's reason for refusing an undo (``Refused.key``) in ``lang``; keys named literally, so the
    words test sees that each is a shared key."""
    reasons = {
        "undo.empty": lambda: tr("undo.empty", lang),
        "undo.not_yours": lambda: tr("undo.not_yours", lang),
        "undo.reveals": lambda: tr("undo.reveals", lang),
        "undo.unknown": lambda: tr("undo.unknown", lang),
        "undo.bot": lambda: tr("undo.bot", lang),
        "undo.unseen": lambda: tr("undo.unseen", lang),
        "undo.no_choice": lambda: tr("undo.no_choice", lang),
    }
    said = reasons.get(key or "")
    return None if said is None else said()
FAST_SLICE = 0.05  # with --fast, bots move back to back for this long between two screen updates

CSS = """
Screen { layout: vertical; }
#status { height: 1; background: $panel; padding: 0 1; }
#house { height: auto; max-height: 2; padding: 0 1; color: $warning; }
#main { height: 1fr; }
#panels { height: auto; }
.panel-row { height: auto; }
.panel { height: auto; border: round $secondary; padding: 0 1; overflow-y: auto; scrollbar-size-vertical: 1; }
.panel > Static { height: auto; }
.panel.primary { border: round $primary; padding: 0 0 0 1; }
#bottom { height: 1fr; min-height: 8; }
#log { width: 1fr; border: round $secondary; padding: 0 0 0 1; }
#side { width: 1fr; }
#leaders { height: auto; max-height: 2; padding: 0 1; color: $text-muted; }
#leaders.empty { display: none; }
#private-box { height: auto; max-height: 55%; border: round $accent; padding: 0 1; scrollbar-size-vertical: 1; }
#private { height: auto; }
#situation { height: auto; max-height: 5; padding: 0 1; color: $text; overflow-y: auto; }
#filter { height: 1; border: none; padding: 0 1; background: $boost; }
#filter:focus { background: $accent 30%; }
#choices { height: 1fr; min-height: 3; border: none; }
#keys { height: 1; background: $panel; padding: 0 1; color: $text-muted; }
#too-small { display: none; height: 1fr; content-align: center middle; text-align: center; }
Screen.too-small #main { display: none; }
Screen.game-over #filter, Screen.game-over #choices { display: none; }
Screen.game-over #private-box { max-height: 100%; }
Screen.too-small #too-small { display: block; }
#pass-screen { align: center middle; }
#pass-box { width: 60; height: auto; border: heavy $warning; padding: 1 2; }
#pass-title { text-align: center; }
ModalScreen { align: center middle; }
.dialog { width: 80; max-width: 95%; height: auto; max-height: 90%; border: thick $primary; background: $surface;
          padding: 0 1; }
.dialog.wide { width: 110; }
.dialog OptionList { height: auto; max-height: 16; }
#explain-list { max-height: 12; }
#explain-detail-box { height: auto; max-height: 14; }
.error { color: $error; }
.step { color: $accent; }
"""


class TableApp(App[None]):
    """What the play and the replay screens share: the table drawn from one player's view."""

    CSS = CSS
    side_title = ""

    def __init__(self, state: GameState, lang: str, names: str) -> None:
        super().__init__()
        self.lang = lang
        self.ui: GameRenderer = ui_for(state.GAME_ID, lang, names)
        self.spec = get_spec(state.GAME_ID)
        self._log_for: tuple[int | None, int] = (-1, 0)  # (viewer, events written)
        self._layout: tuple[tuple[str, int], ...] = ()  # (key, row) of the panels on screen
        self._panels: dict[str, tuple[VerticalScroll, Static]] = {}
        self.title = self.spec.title.get(lang) or self.spec.id
        #: the house rules the game plays (issue 29), said once at the top: None for the printed game
        self.house = house_line(state.GAME_ID, rules_of(state), lang)

    @property
    def min_size(self) -> tuple[int, int]:
        return self.ui.min_size

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        if self.house is not None:
            yield Static(Text(self.house), id="house")
        yield Static(id="leaders", classes="empty")
        with Vertical(id="main"):
            yield Vertical(id="panels")
            with Horizontal(id="bottom"):
                yield RichLog(id="log", wrap=True, markup=False, highlight=False, max_lines=2000, min_width=20)
                with Vertical(id="side"):
                    yield from self.compose_side()
        yield Static(id="too-small")
        yield Static(id="keys")

    def compose_side(self) -> ComposeResult:
        yield from ()

    def on_mount(self) -> None:
        self.query_one("#log", RichLog).border_title = tr("log", self.lang)
        self._check_size(self.size.width, self.size.height)

    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int, height: int) -> None:
        mw, mh = self.min_size
        small = width < mw or height < mh
        self.screen_stack[0].set_class(small, "too-small")
        if small:
            self.query_one("#too-small", Static).update(Text(tr(
                "too_small", self.lang, w=width, h=height, mw=mw, mh=mh), style="bold"))

    @property
    def too_small(self) -> bool:
        return self.screen_stack[0].has_class("too-small")

    def draw(self, state: GameState, viewer: int | None, actor: int | None, bots: Sequence[str | None]) -> None:
        """Redraw the table from ``viewer``'s view (None: a spectator's) and bring the log up to date."""
        view = state.view(viewer)
        self.query_one("#status", Static).update(self.ui.status(view, actor, viewer, bots))
        strip = leaders_strip(self.ui, view)
        leaders = self.query_one("#leaders", Static)
        leaders.set_class(strip is None, "empty")
        leaders.update(strip if strip is not None else "")
        self._draw_panels(self.ui.panels(view))
        self._draw_log(state.events(viewer), viewer)

    def _draw_panels(self, panels: Sequence[Panel]) -> None:
        """Update the game's panels in place; lay them out anew only when the set of panels changes."""
        layout = tuple((p.key, p.row) for p in panels)
        if layout != self._layout:
            self._layout = layout
            box = self.query_one("#panels", Vertical)
            box.remove_children()
            self._panels = {}
            rows: dict[int, list[VerticalScroll]] = {}
            for p in panels:
                # a capped panel scrolls (with a scroll bar) rather than cut its contents silently
                body = Static(p.body)
                frame = VerticalScroll(body, classes="panel primary" if p.primary else "panel")
                frame.can_focus = False  # Tab goes between the log and the action list only
                frame.styles.width = f"{p.width}fr"
                if p.max_height is not None:
                    frame.styles.max_height = p.max_height
                self._panels[p.key] = (frame, body)
                rows.setdefault(p.row, []).append(frame)
            box.mount_all(Horizontal(*rows[r], classes="panel-row") for r in sorted(rows))
        for p in panels:
            frame, body = self._panels[p.key]
            frame.border_title = p.title
            frame.border_subtitle = p.subtitle
            body.update(p.body)

    def _draw_log(self, evs: Sequence[Event], viewer: int | None) -> None:
        log = self.query_one("#log", RichLog)
        who, count = self._log_for
        if who != viewer or count > len(evs):
            log.clear()
            count = 0
        for e in evs[count:]:
            log.write(self._event_text(e))
        self._log_for = (viewer, len(evs))

    def _event_text(self, e: Event) -> Text:
        style = self.ui.event_style(e)
        if e.to is not None:  # private to the viewer
            style = (style + " italic").strip()
        return Text(e.message(self.lang), style=style)

    def final_lines(self, state: GameState, viewer: int | None,
                    outcome: Outcome | None = None) -> list[RenderableType]:
        """The end of the game: who won (from the game's outcome, or the table's: a game given up), then the table
        of the final scores."""
        view = state.view(viewer)
        outcome = outcome or state.outcome()
        names = [self.ui.who(view, p) for p in range(state.num_players)]
        labels = {c: self.spec.score_label(c, self.lang) for c in self.spec.score_labels}
        return [outcome_headline(outcome, names, self.lang),
                self.ui.final_table(view, outcome, state.scores(), labels)]

    def summary_parts(self, state: GameState, viewer: int | None,
                      outcome: Outcome | None = None) -> list[RenderableType]:
        """The end-of-game summary: who won, a chart of the scores, then what the game adds (states, money)."""
        view = state.view(viewer)
        outcome = outcome or state.outcome()
        names = [self.ui.who(view, p) for p in range(state.num_players)]
        labels = {c: self.spec.score_label(c, self.lang) for c in self.spec.score_labels}
        return [outcome_headline(outcome, names, self.lang),
                *game_summary(self.ui, view, state.events(viewer), outcome, state.scores(), labels, names, self.lang)]

    def note(self, text: str) -> None:
        """A line of the interface's own in the log (not an event of the game)."""
        self.query_one("#log", RichLog).write(Text("» " + text, style="italic cyan"))


class PlayApp(TableApp):
    """One game: people at this keyboard against bots, or with each other (hot-seat)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("x", "explain", show=False),
        Binding("r", "rules", show=False),
        Binding("question_mark", "keys", show=False),
        Binding("slash,f", "filter", show=False),
        Binding("s", "speed", show=False),
        Binding("l", "log", show=False),
        Binding("u", "undo", show=False),
        Binding("o", "overview", show=False),
        Binding("g", "summary", show=False),
        Binding("G", "give_up", show=False),
        Binding("q,ctrl+q", "leave", show=False, priority=False),
        # Ctrl+C quits too (the game is saved after every move); Textual would only say how to quit
        Binding("ctrl+c", "leave", show=False, priority=True),
    ]

    def __init__(self, session: Session, fast: bool = False) -> None:
        super().__init__(session.state, session.table.lang, session.table.names)
        self.session = session
        self.fast = fast
        self.viewer: int | None = session.viewer_for(session.actor())
        self.shown_to: int | None = session.humans[0] if len(session.humans) == 1 else None
        self.entries: list[Entry] = []
        self.shown_entries: list[Entry] = []
        self.waiting = "start"  # start | human | bot | pass | over | modal
        self._bot_token = 0
        self._log_pending = ""  # a note for the log, written once the table is redrawn
        self._give_up_asked = -GIVE_UP_WINDOW  # when G was first pressed (giving up takes a second press)

    # -- layout ----------------------------------------------------------------------------

    def compose_side(self) -> ComposeResult:
        with VerticalScroll(id="private-box") as box:
            box.can_focus = False
            yield Static(id="private")
        yield Static(id="situation")
        yield Input(placeholder=tr("filter", self.lang), id="filter")
        yield OptionList(id="choices")

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#private-box", VerticalScroll).border_title = tr("actions", self.lang)
        # the filter takes keys only after / or f: Tab from the log comes back to the list, not the filter
        self.query_one("#filter", Input).can_focus = False
        keys = " · ".join([
            f"Enter/1-9 {tr('k_choose', self.lang)}", f"/ {tr('k_filter', self.lang)}",
            f"x {tr('k_explain', self.lang)}", f"u {tr('k_undo', self.lang)}", f"o {tr('k_overview', self.lang)}",
            f"r {tr('k_rules', self.lang)}", f"s {tr('k_fast', self.lang)}",
            *([f"G {tr('k_give_up', self.lang)}"] if self._may_give_up() else []),
            f"? {tr('k_help', self.lang)}", f"q {tr('k_quit', self.lang)}",
        ])
        self.query_one("#keys", Static).update(Text(keys))
        self.advance()

    # -- the flow of the game ----------------------------------------------------------------

    @property
    def state(self) -> GameState:
        return self.session.state

    def redraw(self, actor: int | None) -> None:
        self.draw(self.state, self.viewer, actor, self.session.table.bots)
        if self.viewer is not None:
            self.query_one("#private", Static).update(self.ui.private_panel(self.state.view(self.viewer)))
        else:
            self.query_one("#private", Static).update(Text(tr("spectator", self.lang), style="dim"))

    def advance(self) -> None:
        """Play on until a person must decide: bots move (with a pause unless fast), forced moves are
        made, and a hand-over screen comes up between two people's turns."""
        deadline = time.monotonic() + FAST_SLICE
        s = self.session
        while True:
            if s.is_over:  # by the rules, or given up
                self._game_over()
                return
            actor = s.actor()
            assert actor is not None
            if not s.is_human(actor):
                self.viewer = s.viewer_for(actor)
                if self.fast and not s.is_slow_bot(actor) and time.monotonic() < deadline:
                    s.apply(actor, s.bot_choice(actor))
                    continue
                self._wait_for_bot(actor)
                return
            legal = s.legal(actor)
            if len(legal) == 1:
                if actor == self.viewer:
                    # the note goes in the log now, after the events so far and before the move's own
                    view = self.state.view(actor)
                    self._draw_log(self.state.events(actor), actor)
                    self.note(tr("forced", self.lang, who=self.ui.who(view, actor),
                                 action=self.ui.describe(legal[0], view)))
                s.apply(actor, legal[0])
                continue
            if s.needs_handover(self.shown_to, actor):
                self._hand_over(actor)
                return
            self.shown_to = actor
            self.viewer = actor
            self._ask(actor)
            return

    def _flush_note(self) -> None:
        if self._log_pending:
            self.note(self._log_pending)
            self._log_pending = ""

    def _wait_for_bot(self, actor: int) -> None:
        self.waiting = "bot"
        self.redraw(actor)
        self._flush_note()
        self._set_choices([])
        who = self.ui.who(self.state.view(None), actor)
        self.query_one("#situation", Static).update(Text(tr("thinking", self.lang, who=who), style="dim"))
        self._bot_token += 1
        token = self._bot_token
        self.set_timer(self.session.bot_pause(actor, self.fast), lambda: self._bot_move(actor, token))

    def _bot_move(self, actor: int, token: int) -> None:
        if token != self._bot_token or self.session.actor() != actor or self.state.is_over:
            return
        step = self.state.step_count
        if self.session.is_slow_bot(actor):
            def think() -> None:
                action = self.session.bot_choice(actor)
                with contextlib.suppress(RuntimeError):  # the table closed while the bot thought
                    self.call_from_thread(self._bot_done, actor, action, step, token)

            self.run_worker(think, thread=True, exclusive=True, group="bot", exit_on_error=False)
            return
        self._bot_done(actor, self.session.bot_choice(actor), step, token)

    def _bot_done(self, actor: int, action: Action, step: int, token: int) -> None:
        if token != self._bot_token or self.state.step_count != step or self.session.actor() != actor:
            return
        self.session.apply(actor, action)
        self.advance()

    def _hand_over(self, actor: int) -> None:
        """Hide everything private, then let the next person in."""
        self.waiting = "pass"
        self.viewer = None
        self.shown_to = None
        self._log_pending = ""
        self.redraw(actor)
        self._set_choices([])
        self.query_one("#situation", Static).update("")
        who = self.ui.who(self.state.view(None), actor)

        def ready(_: None) -> None:
            self.shown_to = actor
            self.viewer = actor
            self._ask(actor)

        self.push_screen(PassScreen(who, self.lang), ready)

    def _ask(self, actor: int) -> None:
        self.waiting = "human"
        self.redraw(actor)
        self._flush_note()
        view = self.state.view(actor)
        self.query_one("#situation", Static).update(self.ui.situation(view))
        self.entries = self.ui.entries(view, self.session.legal(actor))
        self.query_one("#filter", Input).value = ""
        self._set_choices(self.entries)
        self.query_one("#choices", OptionList).focus()

    def _set_choices(self, entries: Sequence[Entry]) -> None:
        self.shown_entries = list(entries)
        lst = self.query_one("#choices", OptionList)
        lst.clear_options()
        for i, e in enumerate(self.shown_entries):
            label = Text(f"{i + 1}. " if i < 9 else "   ")
            label.append(e.label, style="bold" if e.mode != "action" else "")
            lst.add_option(Option(label, id=f"c{i}"))
        if self.shown_entries:
            lst.highlighted = 0

    def _game_over(self) -> None:
        self.waiting = "over"
        self.screen_stack[0].add_class("game-over")
        if self.session.hot_seat or not self.session.humans:
            self.viewer = None
        self.redraw(None)
        self._flush_note()
        self._set_choices([])
        headline, table = self.final_lines(self.state, self.viewer, self.session.outcome())
        hint = Text(tr("summary_hint", self.lang), style="dim")
        self.query_one("#situation", Static).update(
            Group(headline, hint, self.ui.situation(self.state.view(self.viewer))))
        self.query_one("#private", Static).update(table)

    # -- choosing ------------------------------------------------------------------------------

    @on(Input.Changed, "#filter")
    def _filter_changed(self, event: Input.Changed) -> None:
        if self.waiting == "human":
            self._set_choices(filter_entries(self.entries, event.value))

    @on(Input.Submitted, "#filter")
    def _filter_submitted(self, event: Input.Submitted) -> None:
        lst = self.query_one("#choices", OptionList)
        if self.waiting == "human" and self.shown_entries:
            self._choose(self.shown_entries[lst.highlighted or 0])

    @on(OptionList.OptionSelected, "#choices")
    def _option_selected(self, event: OptionList.OptionSelected) -> None:
        if self.waiting == "human" and 0 <= event.option_index < len(self.shown_entries):
            self._choose(self.shown_entries[event.option_index])

    def on_key(self, event: events.Key) -> None:
        focused = self.focused
        if isinstance(focused, Input):
            lst = self.query_one("#choices", OptionList)
            if event.key == "down":
                lst.action_cursor_down()
                event.stop()
            elif event.key == "up":
                lst.action_cursor_up()
                event.stop()
            elif event.key == "escape":
                focused.value = ""
                focused.can_focus = False
                lst.focus()
                event.stop()
            return
        if self.waiting == "human" and event.character and event.character in "123456789" and \
                isinstance(focused, OptionList) and focused.id == "choices":
            i = int(event.character) - 1
            if i < len(self.shown_entries):
                self._choose(self.shown_entries[i])
            event.stop()

    def _choose(self, entry: Entry) -> None:
        actor = self.session.actor()
        if actor is None or self.waiting != "human" or actor != self.viewer:
            return
        view = self.state.view(actor)
        if entry.mode == "action":
            self._send(actor, entry.action)
        elif entry.mode == "amount":
            fmt = self.ui.amount_format(entry.action.kind)
            self._modal(AmountScreen(entry.actions, entry.label, fmt, self.lang), actor)
        elif entry.mode == "plan" and (planner := self._planner(view, actor, entry.action.kind)) is not None:
            self._plan(planner, actor)
        elif entry.mode in ("tree", "plan"):  # a plan no planner composes is chosen step by step
            self._modal(TreeScreen(entry.actions, entry.label, self.ui, view), actor)

    def _planner(self, view: Mapping[str, Any], actor: int, kind: str) -> Planner | None:
        if not isinstance(self.ui, CanPlan):
            return None
        return self.ui.plans(view, self.session.legal(actor)).get(kind)

    def _plan(self, planner: Planner, actor: int) -> None:
        self.waiting = "modal"

        def planned(parts: list[tuple[int, int]] | None) -> None:
            self.waiting = "human"
            if parts is None or self.session.actor() != actor:
                self.query_one("#choices", OptionList).focus()
                return
            result = self.session.apply_plan(actor, planner.kind, parts, finish=planner.finish)
            if result.stopped is not None:
                target, count = result.stopped[1]
                self._log_pending = planner.stopped(target, count)
                self.notify(self._log_pending, severity="warning")
            self.advance()

        self.push_screen(PlanScreen(self.session.legal(actor), planner, self.lang), planned)

    def _modal(self, screen: Any, actor: int) -> None:
        self.waiting = "modal"

        def chosen(action: Action | None) -> None:
            self.waiting = "human"
            if action is None:
                self.query_one("#choices", OptionList).focus()
                return
            self._send(actor, action)

        self.push_screen(screen, chosen)

    def _send(self, actor: int, action: Action) -> None:
        try:
            self.session.apply(actor, action)
        except IllegalActionError as e:  # cannot happen: every choice comes from the legal list
            self.notify(tr("illegal", self.lang, why=str(e)), severity="error")
            return
        self.advance()

    # -- keys ----------------------------------------------------------------------------------

    def action_filter(self) -> None:
        if self.waiting == "human":
            box = self.query_one("#filter", Input)
            box.can_focus = True
            box.focus()

    @on(Input.Blurred, "#filter")
    def _filter_left(self, event: Input.Blurred) -> None:
        event.input.can_focus = False

    def action_undo(self) -> None:
        """Take back the viewer's last decision, when the rules of safe undo allow it (see Match.undo)."""
        if self.waiting != "human" or self.viewer is None:
            return
        match = self.session.match
        own = next((a for a in self.session.legal(self.viewer) if a.kind == "undo"), None)
        if own is not None and get_spec(self.state.GAME_ID).own_undo:
            self._send(self.viewer, own)  # the game's own undo (the puzzle's): a move its rules count
            return
        refused = match.undo_refused(self.viewer)
        if refused is not None:  # the reason in the player's language (undo.* in the shared catalog)
            why = _undo_reason(refused.key, self.lang) or str(refused)
            self.notify(tr("undo_refused", self.lang, why=why), severity="warning")
            return
        try:
            match.undo(self.viewer)
        except (MatchError, SaveError) as e:
            self.notify(tr("undo_refused", self.lang, why=str(e)), severity="error")
            return
        self._log_pending = tr("undone", self.lang)
        self.advance()

    def _may_give_up(self) -> bool:
        """A table lets the one person of a one-player game give up (a command of the table, not a move)."""
        humans = self.session.humans
        return len(humans) == 1 and self.session.can_give_up(humans[0])

    def action_give_up(self) -> None:
        """G, then G again within a few seconds: the game ends, given up (lost), and is saved so."""
        if self.waiting != "human" or self.viewer is None or not self.session.can_give_up(self.viewer):
            return
        now = time.monotonic()
        if now - self._give_up_asked > GIVE_UP_WINDOW:
            self._give_up_asked = now
            self.notify(tr("give_up_q", self.lang), severity="warning")
            return
        try:
            self.session.give_up(self.viewer)
        except (MatchError, SaveError) as e:
            self.notify(tr("give_up_refused", self.lang, why=str(e)), severity="error")
            return
        self._log_pending = tr("gave_up", self.lang)
        self.advance()

    def action_overview(self) -> None:
        if self.waiting in ("pass", "modal"):
            return
        self._overlay(TextScreen(*game_overview(self.ui, self.spec, self.state.view(None), self.lang), self.lang))

    def action_summary(self) -> None:
        if self.waiting != "over":
            self.notify(tr("summary_not_yet", self.lang))
            return
        self._overlay(SummaryScreen(self.summary_parts(self.state, self.viewer, self.session.outcome()), self.lang))

    def action_explain(self) -> None:
        if self.waiting in ("pass", "modal"):
            return
        view = self.state.view(self.viewer)
        items = self.ui.explanations(view, self.state.events(self.viewer))
        self._overlay(ExplainScreen(items, self.lang))

    def action_rules(self) -> None:
        if self.waiting in ("pass", "modal"):
            return
        rules = self.ui.rules(self.state.view(None))
        if rules is None:
            self.notify(tr("no_rules", self.lang))
            return
        self._overlay(TextScreen(*rules, self.lang))

    def action_keys(self) -> None:
        if self.waiting in ("pass", "modal"):
            return
        extra = [("G G", tr("k_give_up_long", self.lang)), ("", "")] if self._may_give_up() else []
        self._overlay(TextScreen(tr("keys_title", self.lang), keys_text(self.lang, [*extra, *self.ui.key_help()]),
                                 self.lang))

    def _overlay(self, screen: Any) -> None:
        before = self.waiting
        self.waiting = "modal"

        def closed(_: object) -> None:
            self.waiting = before
            if before == "human":
                self.query_one("#choices", OptionList).focus()

        self.push_screen(screen, closed)

    def action_speed(self) -> None:
        self.fast = not self.fast
        self.notify(f"{tr('k_fast', self.lang)}: {tr('on' if self.fast else 'off', self.lang)}")

    def action_log(self) -> None:
        self.query_one("#log", RichLog).focus()

    def action_leave(self) -> None:
        self._bot_token += 1
        self.exit()


def keys_text(lang: str, extra: Sequence[tuple[str, str]] = ()) -> str:
    """The keys page: the table's keys, then the game's guided choices (``extra``: where, keys)."""
    rows = [
        ("↑/↓, Enter, 1-9", tr("k_choose", lang)),
        ("/ f", tr("k_filter", lang)),
        ("Esc", tr("k_cancel", lang)),
        ("x", tr("k_explain", lang)),
        ("r", tr("k_rules", lang)),
        ("l, Tab", tr("k_log", lang)),
        ("u", tr("k_undo_long", lang)),
        ("o", tr("k_overview", lang)),
        ("g", tr("k_summary", lang)),
        ("s", tr("k_fast", lang)),
        ("q, Ctrl+Q, Ctrl+C", tr("k_quit", lang)),
        ("", ""),
        *extra,
    ]
    return "\n".join(f"{k:<18} {v}" if k else "" for k, v in rows)

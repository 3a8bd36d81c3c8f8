"""The terminal table: play Die Macher 2019 against bots or at one keyboard, and watch a record step by step.

Screens (keys in docs/play.md):
- the table: status line, the four state boards, the parties, the program display and decks, what only
  you see, the event log, and the action list with its filter;
- pop-ups: the amount picker, step-by-step choices, the rally planner, explanations, the rules, the keys;
- the hand-over screen between two people's turns at one keyboard, which hides the whole table.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Sequence
from typing import Any, ClassVar

from rich.text import Text
from textual import events, on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from hustings.engine import Action, Event, GameState, IllegalActionError, get_spec
from hustings.tui import ui_for
from hustings.tui.choices import Entry, filter_entries
from hustings.tui.dm2019 import phase_name
from hustings.tui.i18n import tr
from hustings.tui.rules_text import rules_for
from hustings.tui.screens import AmountScreen, ExplainScreen, PassScreen, PlanScreen, TextScreen, TreeScreen
from hustings.tui.session import Session

MIN_WIDTH = 120
MIN_HEIGHT = 36
BOT_PAUSE = 0.4  # seconds before each bot move, so a person can follow the log
FAST_SLICE = 0.05  # with --fast, bots move back to back for this long between two screen updates

CSS = """
Screen { layout: vertical; }
#status { height: 1; background: $panel; padding: 0 1; }
#main { height: 1fr; }
#boards { height: auto; max-height: 15; }
.board { width: 1fr; height: auto; max-height: 15; border: round $primary; padding: 0 0 0 1; overflow-y: auto; }
#middle { height: auto; max-height: 8; }
#parties { width: 7fr; height: auto; max-height: 8; border: round $secondary; padding: 0 1; overflow-y: auto; }
#table { width: 3fr; height: auto; max-height: 8; border: round $secondary; padding: 0 1; overflow-y: auto; }
#bottom { height: 1fr; min-height: 8; }
#log { width: 1fr; border: round $secondary; padding: 0 0 0 1; }
#side { width: 1fr; }
#private { height: auto; max-height: 6; border: round $accent; padding: 0 1; overflow-y: auto; }
#situation { height: auto; max-height: 3; padding: 0 1; color: $text; }
#filter { height: 1; border: none; padding: 0 1; background: $boost; }
#filter:focus { background: $accent 30%; }
#choices { height: 1fr; min-height: 3; border: none; }
#keys { height: 1; background: $panel; padding: 0 1; color: $text-muted; }
#too-small { display: none; height: 1fr; content-align: center middle; text-align: center; }
Screen.too-small #main { display: none; }
Screen.game-over #filter, Screen.game-over #choices { display: none; }
Screen.game-over #private { max-height: 100%; }
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
        self.ui = ui_for(state.GAME_ID, lang, names)
        self.spec = get_spec(state.GAME_ID)
        self._log_for: tuple[int | None, int] = (-1, 0)  # (viewer, events written)
        self.title = self.spec.title.get(lang) or self.spec.id

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Vertical(id="main"):
            with Horizontal(id="boards"):
                for b in range(4):
                    yield Static(id=f"board-{b}", classes="board")
            with Horizontal(id="middle"):
                yield Static(id="parties")
                yield Static(id="table")
            with Horizontal(id="bottom"):
                yield RichLog(id="log", wrap=True, markup=False, highlight=False, max_lines=2000, min_width=20)
                with Vertical(id="side"):
                    yield from self.compose_side()
        yield Static(id="too-small")
        yield Static(id="keys")

    def compose_side(self) -> ComposeResult:
        yield from ()

    def on_mount(self) -> None:
        self.query_one("#parties", Static).border_title = tr("parties", self.lang)
        self.query_one("#table", Static).border_title = tr("decks", self.lang)
        self.query_one("#log", RichLog).border_title = tr("log", self.lang)
        self._check_size(self.size.width, self.size.height)

    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int, height: int) -> None:
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        self.screen_stack[0].set_class(small, "too-small")
        if small:
            self.query_one("#too-small", Static).update(Text(tr(
                "too_small", self.lang, w=width, h=height, mw=MIN_WIDTH, mh=MIN_HEIGHT), style="bold"))

    @property
    def too_small(self) -> bool:
        return self.screen_stack[0].has_class("too-small")

    def draw(self, state: GameState, viewer: int | None, actor: int | None, bots: Sequence[str | None]) -> None:
        """Redraw the table from ``viewer``'s view (None: a spectator's) and bring the log up to date."""
        view = state.view(viewer)
        ui = self.ui
        self.query_one("#status", Static).update(ui.status(view, actor, viewer, bots))
        for b in range(4):
            title, body = ui.board(view, b)
            widget = self.query_one(f"#board-{b}", Static)
            widget.border_title = title
            widget.border_subtitle = ui.board_when(view, b)
            widget.update(body)
        self.query_one("#parties", Static).update(ui.parties(view))
        self.query_one("#table", Static).update(ui.table_panel(view))
        self._draw_log(state.events(viewer), viewer)

    def _draw_log(self, evs: Sequence[Event], viewer: int | None) -> None:
        log = self.query_one("#log", RichLog)
        who, count = self._log_for
        if who != viewer or count > len(evs):
            log.clear()
            count = 0
        for e in evs[count:]:
            log.write(_event_text(e, self.lang))
        self._log_for = (viewer, len(evs))

    def note(self, text: str) -> None:
        """A line of the interface's own in the log (not an event of the game)."""
        self.query_one("#log", RichLog).write(Text("» " + text, style="italic cyan"))


_EVENT_STYLE = {"round_started": "bold cyan", "election_result": "bold yellow", "final_scores": "bold green",
                "first_player": "bold", "income": "green", "bids_revealed": "bold"}


def _event_text(e: Event, lang: str) -> Text:
    style = _EVENT_STYLE.get(e.type, "")
    if e.to is not None:
        style = (style + " italic").strip()
    return Text(e.message(lang), style=style)


class PlayApp(TableApp):
    """One game: people at this keyboard against bots, or with each other (hot-seat)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("x", "explain", show=False),
        Binding("r", "rules", show=False),
        Binding("question_mark", "keys", show=False),
        Binding("slash,f", "filter", show=False),
        Binding("s", "speed", show=False),
        Binding("l", "log", show=False),
        Binding("q,ctrl+q", "leave", show=False, priority=False),
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

    # -- layout ----------------------------------------------------------------------------

    def compose_side(self) -> ComposeResult:
        yield Static(id="private")
        yield Static(id="situation")
        yield Input(placeholder=tr("filter", self.lang), id="filter")
        yield OptionList(id="choices")

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#private", Static).border_title = tr("actions", self.lang)
        keys = " · ".join([
            f"Enter/1-9 {tr('k_choose', self.lang)}", f"/ {tr('k_filter', self.lang)}",
            f"x {tr('k_explain', self.lang)}", f"r {tr('k_rules', self.lang)}", f"s {tr('k_fast', self.lang)}",
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
            if self.state.is_over:
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
                    self._log_pending = tr("forced", self.lang, who=self.ui.seat(actor),
                                           action=self.ui.describe(legal[0], self.state.view(actor)))
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
        forced = len(self.session.legal(actor)) == 1
        delay = 0.01 if self.fast or forced else BOT_PAUSE
        self.set_timer(delay, lambda: self._bot_move(actor, token))

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
        view = self.state.view(self.viewer)
        labels = {c: self.spec.score_label(c, self.lang) for c in
                  ("election_points", "election_bonus", "media_presence", "party_base", "money_rank", "total")}
        situation = Text()
        situation.append_text(self.ui.situation(view))
        self.query_one("#situation", Static).update(situation)
        self.query_one("#private", Static).update(self.ui.final_table(view, labels))

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
            self._modal(AmountScreen(entry.actions, entry.label, self.lang), actor)
        elif entry.mode == "tree":
            self._modal(TreeScreen(entry.actions, entry.label, self.ui, view), actor)
        elif entry.mode == "plan":
            self.waiting = "modal"

            def planned(parts: list[tuple[int, int]] | None) -> None:
                self.waiting = "human"
                if parts is None or self.session.actor() != actor:
                    self.query_one("#choices", OptionList).focus()
                    return
                result = self.session.apply_plan(actor, "rally", parts, finish="done")
                if result.stopped is not None:
                    b, k = result.stopped[1]
                    part = self.ui.describe_rally(self.state.view(actor), b, k)
                    self._log_pending = tr("rally_stopped", self.lang, part=part)
                    self.notify(self._log_pending, severity="warning")
                self.advance()

            self.push_screen(PlanScreen(self.session.legal(actor), self.ui, view), planned)

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
            self.query_one("#filter", Input).focus()

    def action_explain(self) -> None:
        if self.waiting in ("pass", "modal"):
            return
        view = self.state.view(self.viewer)
        items = self.ui.explanations(view, self.state.events(self.viewer))
        self._overlay(ExplainScreen(items, self.lang))

    def action_rules(self) -> None:
        if self.waiting in ("pass", "modal"):
            return
        phase = str(self.state.view(None)["phase"])
        self._overlay(TextScreen(tr("rules_title", self.lang, phase=phase_name(phase, self.lang)),
                                 rules_for(phase, self.lang), self.lang))

    def action_keys(self) -> None:
        if self.waiting in ("pass", "modal"):
            return
        self._overlay(TextScreen(tr("keys_title", self.lang), keys_text(self.lang), self.lang))

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
        self.notify(f"{tr('k_fast', self.lang)}: {'on' if self.fast else 'off'}")

    def action_log(self) -> None:
        self.query_one("#log", RichLog).focus()

    def action_leave(self) -> None:
        self._bot_token += 1
        self.exit()


def keys_text(lang: str) -> str:
    rows = [
        ("↑/↓, Enter, 1-9", tr("k_choose", lang)),
        ("/ f", tr("k_filter", lang)),
        ("Esc", tr("k_cancel", lang)),
        ("x", tr("k_explain", lang)),
        ("r", tr("k_rules", lang)),
        ("l, Tab", tr("k_log", lang)),
        ("s", tr("k_fast", lang)),
        ("q, Ctrl+Q", tr("k_quit", lang)),
        ("", ""),
        (tr("amount_title", lang), tr("amount_help", lang)),
        (tr("rally_title", lang), tr("rally_help", lang)),
        ("…", tr("tree_help", lang)),
    ]
    return "\n".join(f"{k:<18} {v}" if k else "" for k, v in rows)

"""Step through a recorded game, forwards and backwards, from any player's view or a spectator's."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import RichLog, Static

import hustings
from hustings.engine import GameState, RecordError, get_spec
from hustings.engine.core import check_record_versions
from hustings.table.match import given_up_outcome
from hustings.tui.app import TableApp
from hustings.tui.i18n import tr
from hustings.tui.screens import ExplainScreen


class Stepper:
    """The states of a record after 0, 1, ... n actions, built on demand and kept (clones are cheap)."""

    def __init__(self, record: Mapping[str, Any]) -> None:
        # a record of other rules would step through a game that was never played: RecordError, as replay() does
        check_record_versions(record, get_spec(str(record["game"])))
        options = dict(record.get("options", {}))
        self.actions: list[tuple[int, int]] = [(int(p), int(a)) for p, a in record["actions"]]
        # under the record's house rules; replay() checks them and the data's digest the same way
        first = hustings.make(str(record["game"]), seed=record["seed"], rules=dict(record.get("rules") or {}),
                              **options)
        want = record.get("data_digest")
        if want is not None and first.record().get("data_digest") != want:
            raise RecordError("this record was played under other data: its house rules differ or the game's data "
                              "files were edited without a rules version bump")
        self.states: list[GameState] = [first]

    def __len__(self) -> int:
        return len(self.actions)

    def at(self, i: int) -> GameState:
        i = max(0, min(i, len(self.actions)))
        while len(self.states) <= i:
            nxt = self.states[-1].clone()
            p, a = self.actions[len(self.states) - 1]
            nxt.play(p, a)
            self.states.append(nxt)
        return self.states[i]


class ReplayApp(TableApp):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,n,space", "go(1)", show=False),
        Binding("left,b", "go(-1)", show=False),
        Binding("pagedown", "go(10)", show=False),
        Binding("pageup", "go(-10)", show=False),
        Binding("home", "start", show=False),
        Binding("end", "end", show=False),
        Binding("v", "view", show=False),
        Binding("x", "explain", show=False),
        Binding("q,ctrl+q,escape", "quit", show=False),
    ]

    def __init__(self, record: Mapping[str, Any], player: int | None, lang: str, names: str = "local",
                 start: int | None = None) -> None:
        self.stepper = Stepper(record)
        super().__init__(self.stepper.at(0), lang, names)
        self.player = player
        self.players = self.stepper.at(0).num_players
        # a game its person gave up at the table (the record of `hustings export` or of the server says so)
        given_up = record.get("given_up")
        self.given_up = given_up if isinstance(given_up, int) and not isinstance(given_up, bool) else None
        self.i = len(self.stepper) if start is None else max(0, min(start, len(self.stepper)))

    def compose_side(self) -> ComposeResult:
        yield Static(id="private")
        yield Static(id="replay-info")

    def on_mount(self) -> None:
        super().on_mount()
        # nothing takes the focus, so the arrow and page keys always step through the game
        self.query_one("#log", RichLog).can_focus = False
        self.set_focus(None)
        self.query_one("#private", Static).border_title = tr("replay_title", self.lang)
        self.query_one("#keys", Static).update(Text(tr("replay_help", self.lang)))
        self.show()

    @property
    def state(self) -> GameState:
        return self.stepper.at(self.i)

    def show(self) -> None:
        state = self.state
        cur = state.current_players
        self.draw(state, self.player, cur[0] if cur else None, [None] * self.players)
        view = state.view(self.player)
        ui = self.ui
        if self.player is not None:
            self.query_one("#private", Static).update(ui.private_panel(view))
        else:
            self.query_one("#private", Static).update(Text(tr("spectator", self.lang), style="dim"))
        lines: list[Any] = []
        head = Text(tr("replay_step", self.lang, i=self.i, n=len(self.stepper)), style="bold")
        who = ui.who(view, self.player) if self.player is not None else tr("spectator", self.lang)
        head.append("  ·  " + tr("replay_view", self.lang, who=who))
        lines.append(head)
        if self.i == 0:
            lines.append(Text(tr("replay_start", self.lang)))
        else:
            p, a = self.stepper.actions[self.i - 1]
            before = self.stepper.at(self.i - 1)
            actor = ui.who(before.view(None), p)
            if self.player == p:
                action = before.SPACE[a]
                lines.append(Text(tr("replay_acted", self.lang, who=actor, action=ui.describe(action, before.view(p)))))
            else:
                # another player's choice may be secret (a bid, a draft pick): only its public events show
                lines.append(Text(tr("replay_acted_hidden", self.lang, who=actor)))
        lines.append(ui.situation(view))
        if self.i == len(self.stepper) and not state.is_over and self.given_up is not None:
            lines.extend(self.final_lines(state, self.player, given_up_outcome(state, self.given_up)))
        elif self.i == len(self.stepper) and not state.is_over:
            lines.append(Text(tr("replay_unfinished", self.lang), style="dim"))
        if state.is_over:
            lines.extend(self.final_lines(state, self.player))
        self.query_one("#replay-info", Static).update(Group(*lines))

    def action_go(self, delta: int) -> None:
        self.i = max(0, min(len(self.stepper), self.i + delta))
        self.show()

    def action_start(self) -> None:
        self.i = 0
        self.show()

    def action_end(self) -> None:
        self.i = len(self.stepper)
        self.show()

    def action_view(self) -> None:
        """Spectator, P1, P2, ... in turn."""
        order: list[int | None] = [None, *range(self.players)]
        self.player = order[(order.index(self.player) + 1) % len(order)]
        self.show()

    def action_explain(self) -> None:
        view = self.state.view(self.player)
        self.push_screen(ExplainScreen(self.ui.explanations(view, self.state.events(self.player)), self.lang))

"""The pop-up screens of the terminal table: hand-over, amount, step by step, plan, explain, text.

They know no game: words come from the game's renderer (and its planner), choices only from legal actions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from rich.console import Group, RenderableType
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from hustings.engine import Action
from hustings.tui.choices import AmountModel, PlanModel, TreeModel
from hustings.tui.i18n import tr
from hustings.tui.renderer import AmountFormat, Explanation, GameRenderer, Planner


class PassScreen(Screen[None]):
    """Hides the whole table until the next person says they are at the keyboard."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,space", "ready", show=False)]

    def __init__(self, who: str, lang: str) -> None:
        super().__init__(id="pass-screen")
        self.who = who
        self.lang = lang

    def compose(self) -> ComposeResult:
        with Vertical(id="pass-box"):
            yield Static(Text(tr("pass_title", self.lang), style="bold"), id="pass-title")
            yield Static(Text(tr("pass_body", self.lang, who=self.who)), id="pass-body")

    def action_ready(self) -> None:
        self.dismiss(None)


class _Modal(ModalScreen[Any]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", show=False)]

    def action_cancel(self) -> None:
        self.dismiss(None)


class AmountScreen(_Modal):
    """Pick one legal amount: arrows and page keys step, digits type one, Enter sends, Esc cancels.

    The game's :class:`AmountFormat` shows the amounts and reads what is typed."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", show=False),
        Binding("left,down", "step(-1)", show=False),
        Binding("right,up", "step(1)", show=False),
        Binding("pagedown", "step(-10)", show=False),
        Binding("pageup", "step(10)", show=False),
        Binding("home", "min", show=False),
        Binding("end", "max", show=False),
        Binding("enter", "send", show=False),
        Binding("backspace", "erase", show=False),
    ]

    def __init__(self, actions: Sequence[Action], title: str, fmt: AmountFormat, lang: str) -> None:
        super().__init__(id="amount-screen")
        self.model = AmountModel(actions)
        self.title_text = title
        self.fmt = fmt
        self.lang = lang
        self.typed = ""

    def compose(self) -> ComposeResult:
        show = self.fmt.show
        with Vertical(classes="dialog"):
            yield Static(Text(self.title_text, style="bold"))
            yield Static(tr("amount_range", self.lang, lo=show(self.model.lo), hi=show(self.model.hi)))
            yield Static(id="amount-value")
            yield Static(id="amount-error", classes="error")
            yield Static(Text(self.fmt.help or tr("amount_help_plain", self.lang), style="dim"))

    def on_mount(self) -> None:
        self._show()

    def _show(self) -> None:
        show = self.fmt.show
        value = Text()
        if self.typed:
            k = self.fmt.parse(self.typed)
            value.append(f"> {self.typed}_  ", style="bold")
            if k is not None:
                value.append(f"= {show(k)}", style="dim")
        else:
            value.append(f"◀  {show(self.model.k)}  ▶", style="bold reverse")
        self.query_one("#amount-value", Static).update(value)
        err = ""
        if self.model.error:
            meant = self.fmt.parse(self.model.error)
            # say what the typed number was read as (bids are typed in thousands: 99 is 99,000 €)
            err = tr("amount_bad", self.lang, text=self.model.error, lo=show(self.model.lo), hi=show(self.model.hi)) \
                if meant is None else tr("amount_bad_value", self.lang, text=self.model.error, value=show(meant),
                                         lo=show(self.model.lo), hi=show(self.model.hi))
        self.query_one("#amount-error", Static).update(err)

    @property
    def value(self) -> int:
        return self.model.k

    def action_step(self, delta: int) -> None:
        self.typed = ""
        self.model.step(delta)
        self._show()

    def action_min(self) -> None:
        self.typed = ""
        self.model.set_min()
        self._show()

    def action_max(self) -> None:
        self.typed = ""
        self.model.set_max()
        self._show()

    def action_erase(self) -> None:
        self.typed = self.typed[:-1]
        self._show()

    def on_key(self, event: events.Key) -> None:
        ch = event.character
        if ch and (ch.isdigit() or ch in ",.k€"):
            self.typed += ch
            self.model.error = ""
            self._show()
            event.stop()

    def action_send(self) -> None:
        if self.typed:
            ok = self.model.set_text(self.typed, self.fmt.parse)
            if not ok:  # keep what was typed, so it can be mended with Backspace
                self._show()
                return
            self.typed = ""
        self.dismiss(self.model.action())


class TreeScreen(_Modal):
    """Choose an action's parts one at a time; Backspace goes back a step, Esc cancels, nothing is sent
    before the last confirmation."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", show=False),
        Binding("backspace", "back", show=False),
    ]

    def __init__(self, actions: Sequence[Action], title: str, ui: GameRenderer, view: Mapping[str, Any]) -> None:
        super().__init__(id="tree-screen")
        self.model = TreeModel(actions)
        self.title_text = title
        self.ui = ui
        self.view = view

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(self.title_text, style="bold"))
            yield Static(id="tree-so-far")
            yield Static(id="tree-step", classes="step")
            yield OptionList(id="tree-options")
            yield Static(Text(tr("tree_help", self.ui.lang), style="dim"))

    def on_mount(self) -> None:
        self._show()

    def _show(self) -> None:
        m, ui, lang = self.model, self.ui, self.ui.lang
        so_far = [ui.tree_label(m.kind, d, m.prefix[:d], v, self.view) for d, v in enumerate(m.prefix)]
        so_far_text = tr("tree_so_far", lang, parts=" → ".join(so_far)) if so_far else ""
        self.query_one("#tree-so-far", Static).update(Text(so_far_text))
        options = self.query_one("#tree-options", OptionList)
        options.clear_options()
        if m.complete:
            text = ui.describe(m.action(), self.view)
            self.query_one("#tree-step", Static).update(Text(tr("tree_confirm", lang, action=text), style="bold"))
            options.add_option(Option(f"✔ {tr('k_send', lang)}: {text}", id="send"))
        else:
            self.query_one("#tree-step", Static).update(ui.tree_step(m.kind, m.depth, m.prefix, self.view))
            for v in m.options():
                options.add_option(Option(ui.tree_label(m.kind, m.depth, m.prefix, v, self.view), id=f"v{v}"))
        options.highlighted = 0
        options.focus()

    @on(OptionList.OptionSelected, "#tree-options")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        oid = event.option.id or ""
        if oid == "send":
            self.dismiss(self.model.action())
            return
        self.model.choose(int(oid[1:]))
        self._show()

    def action_back(self) -> None:
        if not self.model.back():
            self.dismiss(None)
            return
        self._show()


class PlanScreen(_Modal):
    """Compose several actions of one kind over different targets (the game's :class:`Planner` words them);
    Enter sends the plan, each part checked again against the legal actions as they then are."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", show=False),
        Binding("left", "step(-1)", show=False),
        Binding("right", "step(1)", show=False),
        Binding("enter", "send", show=False, priority=True),
    ]

    def __init__(self, legal: Sequence[Action], planner: Planner, lang: str) -> None:
        super().__init__(id="plan-screen")
        self.model = PlanModel.from_legal(legal, planner.kind)
        self.planner = planner
        self.lang = lang

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(self.planner.title, style="bold"))
            yield OptionList(id="plan-rows")
            yield Static(id="plan-total")
            yield Static(id="plan-error", classes="error")
            yield Static(Text(self.planner.help, style="dim"))

    def on_mount(self) -> None:
        self._show()
        rows = self.query_one("#plan-rows", OptionList)
        rows.highlighted = 0
        rows.focus()

    def problems(self) -> list[str]:
        return self.planner.problems(self.model.parts())

    def _show(self, error: str = "") -> None:
        rows = self.query_one("#plan-rows", OptionList)
        keep = rows.highlighted
        rows.clear_options()
        for t in self.model.targets:
            rows.add_option(Option(self.planner.row(t, self.model.counts.get(t, 0)), id=f"t{t}"))
        if keep is not None:
            rows.highlighted = keep
        self.query_one("#plan-total", Static).update(self.planner.summary(self.model.parts()))
        self.query_one("#plan-error", Static).update(error or "\n".join(self.problems()))

    def _target(self) -> int | None:
        rows = self.query_one("#plan-rows", OptionList)
        if rows.highlighted is None or not self.model.targets:
            return None
        return self.model.targets[rows.highlighted]

    def action_step(self, delta: int) -> None:
        t = self._target()
        if t is not None:
            self.model.step(t, delta)
            self._show()

    def on_key(self, event: events.Key) -> None:
        ch = event.character
        if ch and ch.isdigit():
            t = self._target()
            if t is not None:
                ok = self.model.set(t, int(ch))
                self._show("" if ok else tr("amount_bad", self.lang, text=ch, lo=0, hi=max(self.model.options[t])))
            event.stop()

    def action_send(self) -> None:
        if not self.model.parts():
            self._show(self.planner.empty())
            return
        if self.problems():
            self._show()
            return
        self.dismiss(self.model.parts())


class ExplainScreen(_Modal):
    """Pick a number on the table and read how it came about."""

    def __init__(self, items: Sequence[Explanation], lang: str) -> None:
        super().__init__(id="explain-screen")
        self.items = list(items)
        self.shown = list(items)
        self.lang = lang

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide"):
            yield Static(Text(tr("explain_title", self.lang), style="bold"))
            yield Input(placeholder=tr("filter", self.lang), id="explain-filter")
            yield OptionList(id="explain-list")
            with VerticalScroll(id="explain-detail-box"):
                yield Static(id="explain-detail")
            yield Static(Text(tr("explain_help", self.lang), style="dim"))

    def on_mount(self) -> None:
        self._fill("")
        self.query_one("#explain-list", OptionList).focus()

    def _fill(self, text: str) -> None:
        words = text.lower().split()
        self.shown = [e for e in self.items if all(w in e.title.lower() for w in words)]
        lst = self.query_one("#explain-list", OptionList)
        lst.clear_options()
        for i, e in enumerate(self.shown):
            lst.add_option(Option(e.title, id=f"e{i}"))
        if self.shown:
            lst.highlighted = 0
            self._detail(0)
        else:
            self.query_one("#explain-detail", Static).update("")

    def _detail(self, i: int) -> None:
        e = self.shown[i]
        self.query_one("#explain-detail", Static).update(Text("\n".join([e.title, *("  " + ln for ln in e.lines)])))

    @on(Input.Changed, "#explain-filter")
    def _filter(self, event: Input.Changed) -> None:
        self._fill(event.value)

    @on(OptionList.OptionHighlighted, "#explain-list")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if 0 <= event.option_index < len(self.shown):
            self._detail(event.option_index)

    def on_key(self, event: events.Key) -> None:
        ch = event.character
        box = self.query_one("#explain-filter", Input)
        if ch and ch.isprintable() and not box.has_focus and event.key not in ("enter", "escape"):
            box.focus()
            box.insert_text_at_cursor(ch)
            event.stop()


class TextScreen(_Modal):
    """A page of text (the rules of the phase, the keys); Esc closes."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q", "cancel", show=False)]

    def __init__(self, title: str, body: str, lang: str) -> None:
        super().__init__(id="text-screen")
        self.title_text = title
        self.body = body
        self.lang = lang

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide"):
            yield Static(Text(self.title_text, style="bold"))
            with VerticalScroll():
                yield Static(Text(self.body), id="text-body")
            yield Static(Text(tr("close", self.lang), style="dim"))


class SummaryScreen(_Modal):
    """The end-of-game summary (headline, charts, tables); it scrolls; Esc closes."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q,g", "cancel", show=False)]

    def __init__(self, parts: Sequence[RenderableType], lang: str) -> None:
        super().__init__(id="summary-screen")
        self.parts = list(parts)
        self.lang = lang

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide"):
            yield Static(Text(tr("summary_title", self.lang), style="bold"))
            with VerticalScroll():
                yield Static(Group(*self.parts), id="summary-body")
            yield Static(Text(tr("close", self.lang), style="dim"))

"""The table for a game that has no ``tui`` adapter: its view drawn as a tree, its actions as their own text.

Enough to play any registered game at the terminal: the public table is the view's JSON (what the viewer
may see; fields the rules hide from this seat are simply not in its view), the private panel is the viewer's
own entry of the view's ``players`` list when there is one, and every legal action is offered by its
``text(lang)``; a kind with many actions opens a step-by-step choice, one argument at a time.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import RenderableType
from rich.text import Text
from rich.tree import Tree

from hustings.engine import Action, GameSpec
from hustings.engine.words import words_for
from hustings.tui.choices import Entry
from hustings.tui.i18n import tr
from hustings.tui.renderer import BaseRenderer, Panel, View

#: a kind with more legal actions than this opens a step-by-step choice instead of one line each
GROUP_OVER = 12
#: list items shown inline before "…"
INLINE_ITEMS = 24


def _scalar(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "✔" if value else "✘"
    return str(value)


def _is_scalar(value: Any) -> bool:
    return not isinstance(value, Mapping | list | tuple)


def _inline(items: Sequence[Any]) -> str:
    shown = ", ".join(_scalar(v) for v in items[:INLINE_ITEMS])
    return f"[{shown}{', …' if len(items) > INLINE_ITEMS else ''}]"


def json_tree(value: Any, label: str) -> Tree:
    """A Rich tree of a JSON value: scalars and lists of scalars on one line, objects and lists of objects
    as branches."""
    tree = Tree(Text(label, style="bold"), guide_style="dim")
    _grow(tree, value)
    return tree


def _grow(tree: Tree, value: Any) -> None:
    items: list[tuple[str, Any]]
    if isinstance(value, Mapping):
        items = [(str(k), v) for k, v in value.items()]
    elif isinstance(value, list | tuple):
        items = [(f"[{i}]", v) for i, v in enumerate(value)]
    else:
        tree.add(_scalar(value))
        return
    for key, v in items:
        if _is_scalar(v):
            line = Text(f"{key}: ", style="dim")
            line.append(_scalar(v))
            tree.add(line)
        elif isinstance(v, list | tuple) and all(_is_scalar(x) for x in v):
            line = Text(f"{key}: ", style="dim")
            line.append(_inline(v))
            tree.add(line)
        else:
            _grow(tree.add(Text(key, style="dim")), v)


class FallbackRenderer(BaseRenderer):
    """Draws any game from its view and its legal actions (see the module's notes)."""

    min_size = (80, 24)

    def __init__(self, spec: GameSpec, lang: str, names: str = "local") -> None:
        super().__init__(lang, names)
        self.spec = spec

    # -- people ------------------------------------------------------------------------------

    def who(self, view: View, p: int) -> str:
        """The seat, and its side (the spec's ``sides``, by the view's ``party``) once it has one."""
        seat = self.seat(p)
        players = view.get("players")
        if self.spec.sides and isinstance(players, list) and 0 <= p < len(players):
            side = players[p].get("party") if isinstance(players[p], Mapping) else None
            if isinstance(side, int) and 0 <= side < len(self.spec.sides):
                return f"{seat} {self.spec.side_name(side, self.lang)}"
        return seat

    # -- screen parts ------------------------------------------------------------------------

    def status_head(self, view: View) -> Text:
        t = Text(self.spec.title.get(self.lang) or self.spec.title.get("en") or self.spec.id, style="bold")
        phase = view.get("phase")
        if isinstance(phase, str):
            t.append(f" · {tr('phase', self.lang)}: ")
            t.append(phase, style="bold cyan")
        return t

    def panels(self, view: View) -> list[Panel]:
        public = {k: v for k, v in view.items() if k != "you"}
        # 12 lines leave the log and the action list room in an 80×24 terminal; the panel scrolls
        return [Panel("view", tr("table_view", self.lang), json_tree(public, self.spec.id), max_height=12,
                      primary=True)]

    def private_panel(self, view: View) -> RenderableType:
        me = view.get("you")
        if not isinstance(me, int):
            return Text(tr("spectator", self.lang), style="dim")
        players = view.get("players")
        if isinstance(players, list) and 0 <= me < len(players):
            return json_tree(players[me], tr("your_side", self.lang, who=self.who(view, me)))
        return Text(tr("your_side", self.lang, who=self.who(view, me)))

    # -- actions -----------------------------------------------------------------------------

    def entries(self, view: View, legal: Sequence[Action]) -> list[Entry]:
        """One line per action; a kind with more than :data:`GROUP_OVER` actions (all with arguments) opens a
        step-by-step choice."""
        by_kind: dict[str, list[Action]] = {}
        for a in legal:
            by_kind.setdefault(a.kind, []).append(a)
        out: list[Entry] = []
        done: set[str] = set()
        for a in legal:
            if a.kind in done:
                continue
            group = by_kind[a.kind]
            if len(group) > GROUP_OVER and all(len(g.args) == len(a.args) > 0 for g in group):
                texts = " ".join(g.text(self.lang) for g in group)
                what = tr("kind_other", self.lang, kind=a.kind)
                out.append(Entry(tr("entry_tree", self.lang, what=what, n=len(group)), "tree", tuple(group), texts))
                done.add(a.kind)
            else:
                out.append(Entry(self.describe(a, view), "action", (a,)))
        return out

    def tree_label(self, kind: str, depth: int, prefix: Sequence[int], value: int, view: View) -> str:
        """The action's own text for a value that completes it, else the bare value."""
        space = self.spec.space
        if space is not None:
            try:
                return space.get(kind, *prefix, value).text(self.lang)
            except KeyError:
                pass
        return str(value)

    # -- help --------------------------------------------------------------------------------

    def rules(self, view: View) -> tuple[str, str] | None:
        """From the game's words (its rules help: topic -> language -> text): the topic of the view's phase, else
        every topic."""
        help_ = words_for(self.spec.id).rules_help()
        if not help_:
            return None
        phase = view.get("phase")
        if isinstance(phase, str) and phase in help_:
            return tr("rules_title", self.lang, phase=phase), self._pick(help_[phase])
        return tr("rules_title_plain", self.lang), "\n\n".join(self._pick(t) for t in help_.values())

    def _pick(self, texts: Mapping[str, str]) -> str:
        return texts.get(self.lang) or texts.get("en") or next(iter(texts.values()), "")

"""Bar charts drawn with Rich: the end-of-game summary's score chart, and simple bars a game's summary uses.

Plain text blocks, so a chart reads in any terminal, in a test and in a screen reader's text; every bar
carries its number, so the colours only help.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

#: colours of the parts of a stacked bar, in order (cycled)
PALETTE = ("cyan", "magenta", "yellow", "green", "blue", "red", "bright_cyan", "bright_magenta", "bright_yellow",
           "bright_green")
BLOCK = "█"


def bars(rows: Sequence[tuple[str, int]], width: int = 40, style: str = "cyan", unit: str = "",
         title: str = "") -> RenderableType:
    """One bar per row (label, value), scaled to the largest; the value after the bar (``unit`` after it)."""
    table = Table(box=None, padding=(0, 1, 0, 0), show_header=False, title=title or None, title_justify="left",
                  title_style="bold")
    table.add_column("label", no_wrap=True)
    table.add_column("bar", no_wrap=True)
    top = max((v for _, v in rows), default=0)
    for label, value in rows:
        n = 0 if top <= 0 or value <= 0 else max(1, round(value * width / top))
        bar = Text(BLOCK * n, style=style)
        bar.append(f" {value:,}{unit}")
        table.add_row(label, bar)
    return table


def stacked_bars(names: Sequence[str], scores: Sequence[Mapping[str, int]], labels: Mapping[str, str],
                 width: int = 48, title: str = "") -> RenderableType:
    """Each seat's total as one bar made of its scoring components (``labels``' order), with a legend.

    Negative parts cannot be stacked: they are left out of the bar and named in the legend."""
    comps = [c for c in labels if c != "total" and any(s.get(c, 0) for s in scores)]
    comps += [c for s in scores for c in s if c != "total" and c not in comps and s.get(c, 0)]
    comps = list(dict.fromkeys(comps))
    top = max((sum(max(0, s.get(c, 0)) for c in comps) for s in scores), default=0)
    table = Table(box=None, padding=(0, 1, 0, 0), show_header=False, title=title or None, title_justify="left",
                  title_style="bold")
    table.add_column("who", no_wrap=True)
    table.add_column("bar", no_wrap=True)
    for name, s in zip(names, scores, strict=False):
        bar = Text()
        for i, c in enumerate(comps):
            v = s.get(c, 0)
            if v > 0 and top > 0:
                bar.append(BLOCK * max(1, round(v * width / top)), style=PALETTE[i % len(PALETTE)])
        total = s.get("total", sum(s.get(c, 0) for c in comps))
        bar.append(f" {total}", style="bold")
        table.add_row(name, bar)
    legend = Text()
    for i, c in enumerate(comps):
        if legend:
            legend.append("  ")
        legend.append(BLOCK, style=PALETTE[i % len(PALETTE)])
        legend.append(" " + labels.get(c, c))
    return Group(table, legend)

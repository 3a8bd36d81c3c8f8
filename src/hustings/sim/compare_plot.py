"""The plot of a comparison of two rule sets: each metric's paired difference B − A with its 95% interval, win
shares and endings in percentage points on the left, length and scores as a share of A's mean on the right;
the metrics whose Holm-corrected test says they changed are drawn filled."""

from __future__ import annotations

import logging
from pathlib import Path

import hustings
from hustings.sim.compare import Comparison, Difference, RuleSet, metric_label, rules_text, say

#: fonts tried in order for every glyph (matplotlib >= 3.6 falls back per glyph): Latin first, then CJK ones
_FONTS = ["DejaVu Sans", "Noto Sans CJK SC", "Noto Sans CJK TC", "WenQuanYi Zen Hei", "Source Han Sans",
          "Microsoft YaHei", "PingFang SC", "Arial Unicode MS"]


def _relative(d: Difference) -> tuple[float, float, float] | None:
    """(difference, low, high) as % of A's mean; None when A's mean is 0 (no scale to show it on)."""
    if d.mean_a == 0:
        return None
    k = 100.0 / abs(d.mean_a)
    lo, hi = d.ci if d.ci else (d.diff, d.diff)
    return d.diff * k, lo * k, hi * k


def plot_comparison(comparison: Comparison, path: Path, game: str, rules_a: RuleSet, rules_b: RuleSet,
                    lang: str = "en") -> None:
    """Write the plot to ``path`` (PNG, SVG or PDF by its suffix), with every word in ``lang``."""
    import matplotlib

    matplotlib.use("Agg")  # files only: no display on servers and in CI
    import matplotlib.pyplot as plt
    from matplotlib import font_manager
    from matplotlib.lines import Line2D

    # a CJK font with one weight only makes matplotlib warn on every figure; the fallback it picks is right
    logging.getLogger("matplotlib.font_manager").setLevel(logging.ERROR)
    installed = {f.name for f in font_manager.fontManager.ttflist}
    spec = hustings.get_spec(game)
    shares = [d for d in comparison.differences if d.metric.share]
    others = [(d, r) for d in comparison.differences if not d.metric.share and (r := _relative(d)) is not None]
    rows = max(len(shares), len(others), 1)
    with plt.rc_context({"font.family": [f for f in _FONTS if f in installed] or ["sans-serif"],
                         "axes.unicode_minus": False}):
        fig, axes = plt.subplots(1, 2, figsize=(12, 1.6 + 0.38 * rows), squeeze=False)
        panels = [(axes[0][0], say("plot_shares", lang),
                   [(d, (d.diff * 100, d.ci[0] * 100 if d.ci else d.diff * 100,
                         d.ci[1] * 100 if d.ci else d.diff * 100)) for d in shares]),
                  (axes[0][1], say("plot_other", lang), others)]
        for ax, title, items in panels:
            if not items:
                ax.axis("off")
                continue
            ys = list(range(rows - 1, rows - 1 - len(items), -1))  # one row height in both panels, from the top
            for y, (d, (mid, lo, hi)) in zip(ys, items, strict=True):
                color = "#c0392b" if d.changed else "#7f8c8d"
                ax.errorbar([mid], [y], xerr=[[mid - lo], [hi - mid]], fmt="o", color=color, capsize=3,
                            markerfacecolor=color if d.changed else "white", markersize=6)
            ax.axvline(0, color="#333", linewidth=0.8)
            ax.set_ylim(-0.6, rows - 0.4)
            ax.set_yticks(ys, [metric_label(d.metric, lang, spec.side_name, spec.score_label) for d, _ in items],
                          fontsize=8)
            ax.set_title(title, fontsize=10)
            ax.grid(axis="x", color="#ddd", linewidth=0.6)
        handles = [Line2D([], [], marker="o", color="#c0392b", linestyle="", label=say("plot_changed", lang)),
                   Line2D([], [], marker="o", color="#7f8c8d", markerfacecolor="white", linestyle="",
                              label=say("plot_same", lang))]
        fig.legend(handles=handles, loc="lower center", ncol=2, fontsize=8, frameon=False)
        title = say("plot_title", lang, game=spec.title.get(lang) or spec.title.get("en") or game,
                    games=comparison.games, a=rules_text(rules_a, game, lang), b=rules_text(rules_b, game, lang))
        fig.suptitle(title, fontsize=10)
        fig.tight_layout(rect=(0, 0.05, 1, 1))
        fig.savefig(path, dpi=110)
        plt.close(fig)

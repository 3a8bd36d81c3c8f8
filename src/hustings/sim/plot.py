"""Plots of a lab summary: win shares with their 95% intervals, and the spread of each score component."""

from __future__ import annotations

from pathlib import Path

from hustings.sim.lab import Share, Summary


def plot_summary(summary: Summary, path: Path, title: str, score_label: dict[str, str] | None = None) -> None:
    """Write a PNG: win share by bot, by seat and by side (with intervals and the equal share), then one
    box plot per scoring component by bot."""
    import matplotlib

    matplotlib.use("Agg")  # files only: no display on servers and in CI
    import matplotlib.pyplot as plt

    labels = score_label or {}
    comps = [c for c in summary.components if c != "total"] + ["total"]
    ncols = max(3, min(4, len(comps)))
    nrows = 1 + (len(comps) + ncols - 1) // ncols
    fig, axes = plt.subplots(nrows, ncols, figsize=(4.2 * ncols, 3.4 * nrows), squeeze=False)
    fair = 1.0 / summary.players
    panels: list[tuple[str, list[Share]]] = [("win share by bot", summary.by_bot),
                                             ("win share by seat", summary.by_seat),
                                             ("win share by side", summary.by_side)]
    for ax, (name, shares) in zip(axes[0], panels, strict=False):
        if not shares:
            ax.axis("off")
            continue
        xs = range(len(shares))
        vals = [s.share for s in shares]
        lo = [s.share - s.interval[0] for s in shares]
        hi = [s.interval[1] - s.share for s in shares]
        ax.bar(xs, vals, yerr=[lo, hi], capsize=4, color="#4878a8")
        ax.axhline(fair, color="#c44", linestyle="--", linewidth=1, label=f"equal share {fair:.2f}")
        ax.set_xticks(list(xs), [s.label for s in shares], rotation=20, ha="right", fontsize=8)
        ax.set_ylim(0, 1)
        ax.set_title(name, fontsize=10)
        ax.legend(fontsize=7, loc="upper right")
    for ax in axes[0][len(panels):]:
        ax.axis("off")
    flat = [ax for row in axes[1:] for ax in row]
    for ax, comp in zip(flat, comps, strict=False):
        by_bot = summary.components[comp]
        names = list(by_bot)
        ax.boxplot([by_bot[b] for b in names])
        ax.set_xticks(range(1, len(names) + 1), names, rotation=20, ha="right", fontsize=8)
        ax.set_title(labels.get(comp, comp), fontsize=10)
    for ax in flat[len(comps):]:
        ax.axis("off")
    fig.suptitle(f"{title} — {summary.games} games", fontsize=12)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)

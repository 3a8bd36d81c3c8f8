"""Two rule sets side by side: the same bots, seats and seeds under rules A and rules B, and what changed.

A **rule set** is written the way the other commands make a game: ``--variant NAME`` and ``-O/--option
NAME=VALUE`` (a bare ``NAME=VALUE`` is an option too), ``--set PATH=VALUE`` and ``--rules FILE`` (house rules,
issue 29: overrides of the game's data and options by its schema, :mod:`hustings.engine.house`), given as one
string per side (``--a``, ``--b``) on top of a base shared by both sides.

Game ``i`` is played under A and under B with the same seed and the same bots in the same seats (the lab's
:class:`~hustings.sim.lab.SimConfig` for each side, differing only in the rules), so every metric is **paired by
seed**: the difference of game ``i`` under B and under A. Each metric gets

* the mean under A and B and the mean paired difference with its 95% t interval (not corrected);
* a paired test of "no difference": McNemar's exact test (a binomial test on the discordant pairs) for a metric
  that is 0 or 1 in every game (a tie, everyone losing, a seat's win when wins are never shared), else
  Wilcoxon's signed-rank test on the paired differences;
* its p value corrected by Holm's step-down method over every metric of the report (metrics that never vary
  in either arm, e.g. everyone losing in a game where that cannot happen, are not tests and are left out);
* the smallest effect the run could have detected: the difference that a two-sided test at Holm's strictest
  level (alpha / m) finds with 80% power, from the standard deviation of the paired differences
  (``(z(1 - alpha/2m) + z(power)) * sd / sqrt(n)``; when every pair agreed, from the two arms' own spread).

The metrics: win share by seat (the first seat's is the first-player advantage where the game seats its
start player first), by party (when parties do not always sit at the same seat) and by bot (when several bots
play), ties (more than one winner), everyone losing (no winner), game length in moves, score spread (highest
total minus lowest) and the mean of each score component over the seats.
"""

from __future__ import annotations

import importlib
import math
import shlex
import statistics
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from statistics import NormalDist
from typing import Any

import hustings
from hustings.engine.house import collect, format_rules, require
from hustings.engine.i18n import Catalog
from hustings.messages import SHARED
from hustings.sim.lab import GameResult, SimConfig

#: the comparison's words (tables, plot): the lab's own catalog, on top of the shared one
CATALOG = Catalog.from_package("hustings.sim", "messages", parent=SHARED)


def say(key: str, lang: str, **kw: object) -> str:
    return CATALOG.text(f"compare.{key}", lang, **kw)


# ------------------------------------------------------------------------------------------- rule sets


@dataclass(frozen=True)
class RuleSet:
    """What makes the games of one side: the variant, the game's options (besides players) and its house rules
    (``--set``/``--rules``: sorted (path, value), empty for none)."""

    variant: str
    options: tuple[tuple[str, Any], ...] = ()
    rules: tuple[tuple[str, Any], ...] = ()

    def describe(self, default_variant: str) -> str:
        """Short text: the variant when it is not the default, each option, then each house rule; 'default rules'
        when none."""
        parts = [] if self.variant == default_variant else [f"--variant {self.variant}"]
        parts += [f"{k}={_show(v)}" for k, v in self.options]
        parts += [f"--set {k}={format_rules({k: v}).partition('=')[2]}" for k, v in self.rules]
        return " ".join(parts)


def _show(value: Any) -> str:
    return value if isinstance(value, str) else repr(value)


def _option_value(raw: str) -> Any:
    """As ``--option`` reads it: JSON when it is JSON (12, null, true), else the text."""
    import json

    try:
        return json.loads(raw)
    except ValueError:
        return raw


def parse_rule_set(text: str, game: str, base: RuleSet | None = None, side: str = "--a") -> RuleSet:
    """Read one side's rule set (``"--variant short -O money_rounds=all_but_last"``, or ``"money_rounds=..."``)
    on top of ``base`` (the options both sides share). Raises ValueError with a one-line reason naming ``side``."""
    try:
        tokens = shlex.split(text)
    except ValueError as e:
        raise ValueError(f"{side} {text!r}: {e}") from None
    return parse_rule_tokens(tokens, game, base, side)


def parse_rule_tokens(tokens: Sequence[str], game: str, base: RuleSet | None = None, side: str = "--a") -> RuleSet:
    """:func:`parse_rule_set` of a rule set already split into words (the command's own ``--variant``/``-O``)."""
    spec = hustings.get_spec(game)
    variant = base.variant if base is not None else spec.default_variant
    options = dict(base.options) if base is not None else {}
    rules: dict[str, Any] = dict(base.rules) if base is not None else {}
    known = [k for k in spec.options if k not in ("players", "variant")]
    seen: set[str] = set()
    it: Iterator[str] = iter(tokens)
    for tok in it:
        flag, eq, inline = tok.partition("=") if tok.startswith("--") else (tok, "", "")
        if tok.startswith("-") and flag in ("--variant", "-O", "--option", "--set", "--rules"):
            value = inline if eq else next(it, None)
            if value is None:
                raise ValueError(f"{side}: {flag} needs a value")
        elif tok.startswith("-"):
            raise ValueError(f"{side}: unknown {tok!r}; a rule set takes --variant NAME, -O NAME=VALUE (or "
                             "NAME=VALUE), --set PATH=VALUE and --rules FILE")
        elif tok == "default":
            continue
        else:
            flag, value = "-O", tok
        if flag == "--variant":
            if value not in spec.variants:
                raise ValueError(f"{side}: {game} has no variant {value!r}; variants: {', '.join(spec.variants)}")
            variant = value
            continue
        if flag in ("--set", "--rules"):
            try:
                rules.update(collect(sets=[value]) if flag == "--set" else collect(files=[value]))
            except ValueError as e:
                raise ValueError(f"{side}: {e}") from None
            continue
        name, sep, raw = value.partition("=")
        name = name.strip()
        if not sep or not name:
            raise ValueError(f"{side}: {value!r}: write NAME=VALUE" + (f", e.g. {known[0]}=..." if known else ""))
        if name not in known:
            raise ValueError(f"{side}: {game} has no option {name!r}; "
                             + (f"its options: {', '.join(known)}" if known else "it has no options"))
        if name in seen:
            raise ValueError(f"{side}: option {name} is given twice")
        seen.add(name)
        options[name] = _option_value(raw)
    if rules:
        try:  # paths, types and bounds now; combinations when the side's games are set up (CompareConfig.build)
            canon = require(game).canonical(rules)
        except ValueError as e:
            raise ValueError(f"{side}: {e}") from None
        rules = canon
    return RuleSet(variant, tuple(sorted(options.items())), tuple(sorted(rules.items())))


@dataclass(frozen=True)
class CompareConfig:
    """Both sides' lab configurations: the same game, players, bots, games and seeds; only the rules differ."""

    a: SimConfig
    b: SimConfig
    rules_a: RuleSet
    rules_b: RuleSet

    @classmethod
    def build(cls, game: str, players: int, rules_a: RuleSet, rules_b: RuleSet, bots: str, games: int,
              seed: int) -> CompareConfig:
        """Validate both sides up front (each variant takes ``players``, every option value is one the game
        takes); raises ValueError with a one-line reason naming the side."""
        if rules_a == rules_b:
            raise ValueError("--a and --b are the same rules: nothing to compare")
        cfgs = []
        for side, rules in (("--a", rules_a), ("--b", rules_b)):
            spec = hustings.get_spec(game)
            if players not in spec.player_counts(rules.variant):
                counts = spec.player_counts(rules.variant)
                raise ValueError(f"{side}: {game} {rules.variant} takes {counts[0]} to {counts[-1]} players, "
                                 f"not {players}")
            try:
                cfgs.append(SimConfig.build(game, players, rules.variant, bots, games, seed,
                                            options=dict(rules.options), rules=dict(rules.rules)))
            except ValueError as e:
                raise ValueError(f"{side}: {e}") from None
        # options spelled differently can still be the same rules (an option given at its default): the games
        # say which rules they play in their records
        made = [hustings.make(game, players=players, variant=c.variant, seed=seed, rules=dict(c.rules),
                              **dict(c.options)).record() for c in cfgs]
        if all(made[0].get(k) == made[1].get(k) for k in ("options", "rules", "data_digest")):
            raise ValueError("--a and --b are the same rules (an option at its default is no change, nor is a house "
                             "rule at its printed value): nothing to compare")
        return cls(cfgs[0], cfgs[1], rules_a, rules_b)


# ------------------------------------------------------------------------------------------- metrics


@dataclass(frozen=True)
class Metric:
    """One paired quantity: its value in game i under A (``a[i]``) and under B (``b[i]``).

    ``kind``: ``win_seat`` (arg: seat number from 1), ``win_party`` (arg: the side), ``win_bot`` (arg: bot
    name), ``solved`` (a one-player game won), ``tie``, ``everyone_lost``, ``length``, ``spread``, ``score``
    (arg: the component). ``share``: a value between 0 and 1 (shown in percentage points)."""

    kind: str
    arg: Any
    a: tuple[float, ...]
    b: tuple[float, ...]
    share: bool
    #: other metrics with the very same values in every game (the puzzle's moves, swaps and length): one row, one test
    aliases: tuple[tuple[str, Any], ...] = ()

    @property
    def key(self) -> str:
        return self.kind if self.arg is None else f"{self.kind}:{self.arg}"


def _seat_of_side(results: Sequence[GameResult]) -> dict[Any, set[int]]:
    seats: dict[Any, set[int]] = {}
    for r in results:
        for s, side in enumerate(r.sides):
            if side is not None:
                seats.setdefault(side, set()).add(s)
    return seats


def paired_metrics(results_a: Sequence[GameResult], results_b: Sequence[GameResult]) -> list[Metric]:
    """Every metric of the report, paired by game index. Both lists hold the same game indices."""
    if not results_a or [r.index for r in results_a] != [r.index for r in results_b]:
        raise ValueError("both sides need the same games (same indices, at least one)")
    n_seats = len(results_a[0].scores)
    both = (results_a, results_b)
    out: list[Metric] = []

    def add(kind: str, arg: Any, value: Callable[[GameResult], float | None], share: bool) -> None:
        pairs = [(value(ra), value(rb)) for ra, rb in zip(results_a, results_b, strict=True)]
        kept = [(x, y) for x, y in pairs if x is not None and y is not None]
        if kept:
            out.append(Metric(kind, arg, tuple(x for x, _ in kept), tuple(y for _, y in kept), share))

    if n_seats == 1:
        add("solved", None, lambda r: 1.0 if r.winners else 0.0, True)
    else:
        for s in range(n_seats):
            add("win_seat", s + 1, partial(_seat_share, seat=s), True)
        seats = [_seat_of_side(rs) for rs in both]
        sides = sorted(set(seats[0]) & set(seats[1]), key=str)
        # a party that always sits at one seat is that seat: its row would repeat the seat's (and count twice)
        if any(len(seats[0][p] | seats[1][p]) > 1 for p in sides):
            for p in sides:
                add("win_party", p, partial(_party_share, party=p), True)
        bots = sorted({b for r in results_a for b in r.bots})
        if len(bots) > 1:
            for name in bots:
                add("win_bot", name, partial(_bot_share, bot=name), True)
        add("tie", None, lambda r: 1.0 if len(r.winners) > 1 else 0.0, True)
        add("everyone_lost", None, lambda r: 0.0 if r.winners else 1.0, True)
    add("length", None, lambda r: float(r.steps), False)
    if n_seats > 1:
        add("spread", None, lambda r: float(max(s["total"] for s in r.scores) - min(s["total"] for s in r.scores)),
            False)
    comps: list[str] = []
    for rs in both:
        for r in rs[:1]:
            comps.extend(c for c in r.scores[0] if c not in comps)
    for c in comps:
        add("score", c, partial(_mean_component, comp=c), False)
    # a metric that never varies in either arm (everyone losing where it cannot happen) is no question to test,
    # and one that repeats another's values game for game is the same question: neither counts for Holm twice
    kept: dict[tuple[bool, tuple[float, ...], tuple[float, ...]], int] = {}
    merged: list[Metric] = []
    for m in out:
        if len(set(m.a) | set(m.b)) <= 1:
            continue
        same = kept.get((m.share, m.a, m.b))
        if same is None:
            kept[(m.share, m.a, m.b)] = len(merged)
            merged.append(m)
        else:
            first = merged[same]
            merged[same] = replace(first, aliases=(*first.aliases, (m.kind, m.arg)))
    return merged


def _seat_share(r: GameResult, seat: int) -> float | None:
    return r.win_share(seat)


def _party_share(r: GameResult, party: Any) -> float | None:
    seats = [s for s, side in enumerate(r.sides) if side == party]
    return r.win_share(seats[0]) if seats else None


def _bot_share(r: GameResult, bot: str) -> float | None:
    seats = [s for s, b in enumerate(r.bots) if b == bot]
    return statistics.fmean(r.win_share(s) for s in seats) if seats else None


def _mean_component(r: GameResult, comp: str) -> float | None:
    values = [s[comp] for s in r.scores if comp in s]
    return float(statistics.fmean(values)) if values else None


# ------------------------------------------------------------------------------------------- tests


@dataclass
class Difference:
    """What the run says about one metric (see the module's docstring for the method)."""

    metric: Metric
    n: int
    mean_a: float
    mean_b: float
    diff: float
    ci: tuple[float, float] | None  # 95% t interval of the mean paired difference; None for a single game
    test: str  # "mcnemar" or "wilcoxon"
    p: float
    p_holm: float = 1.0
    mde: float | None = None  # the smallest |difference| the run could detect (80% power, Holm's strictest level)
    changed: bool = False  # p_holm < alpha
    discordant: tuple[int, int] = (0, 0)  # McNemar: games 0 under A and 1 under B, and 1 under A and 0 under B

    def to_json(self) -> dict[str, Any]:
        return {"metric": self.metric.key, "same_as": [k if a is None else f"{k}:{a}" for k, a in self.metric.aliases],
                "n": self.n, "mean_a": self.mean_a, "mean_b": self.mean_b,
                "diff": self.diff, "ci": list(self.ci) if self.ci else None, "test": self.test, "p": self.p,
                "p_holm": self.p_holm, "mde": self.mde, "changed": self.changed}


class StatsUnavailable(RuntimeError):
    """scipy is missing (it comes with the ``lab`` extra)."""


def _scipy_stats() -> Any:
    try:  # scipy has no type information: Any
        stats = importlib.import_module("scipy.stats")
    except ImportError:
        raise StatsUnavailable("compare needs scipy: pip install 'hustings[lab]'") from None
    return stats


def holm(ps: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p values (monotone, at most 1), in the order given."""
    m = len(ps)
    order = sorted(range(m), key=lambda i: ps[i])
    adjusted = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * ps[i]))
        adjusted[i] = running
    return adjusted


def paired_test(m: Metric) -> Difference:
    """The paired difference of one metric with its interval and test (not yet corrected)."""
    stats = _scipy_stats()
    d = [y - x for x, y in zip(m.a, m.b, strict=True)]
    n = len(d)
    mean_d = statistics.fmean(d)
    ci: tuple[float, float] | None = None
    if n > 1:
        half = float(stats.t.ppf(0.975, n - 1)) * statistics.stdev(d) / math.sqrt(n)
        ci = (mean_d - half, mean_d + half)
    binary = all(v in (0.0, 1.0) for v in m.a + m.b)
    discordant = (0, 0)
    if binary:
        up = sum(1 for x, y in zip(m.a, m.b, strict=True) if x == 0.0 and y == 1.0)
        down = sum(1 for x, y in zip(m.a, m.b, strict=True) if x == 1.0 and y == 0.0)
        discordant = (up, down)
        p = float(stats.binomtest(up, up + down, 0.5).pvalue) if up + down else 1.0
        test = "mcnemar"
    else:
        test = "wilcoxon"
        p = float(stats.wilcoxon(d, zero_method="wilcox").pvalue) if any(d) else 1.0
    return Difference(m, n, statistics.fmean(m.a), statistics.fmean(m.b), mean_d, ci, test,
                      1.0 if math.isnan(p) else p, discordant=discordant)


def detectable(m: Metric, tests: int, alpha: float = 0.05, power: float = 0.8) -> float | None:
    """The smallest mean paired difference a two-sided test at level alpha/tests finds with ``power``."""
    n = len(m.a)
    if n < 2:
        return None
    d = [y - x for x, y in zip(m.a, m.b, strict=True)]
    sd = statistics.stdev(d)
    if sd == 0.0:  # every pair agreed: what the arms' own spread allows (as if unpaired)
        sd = math.sqrt(statistics.variance(m.a) + statistics.variance(m.b))
    if sd == 0.0:
        return None
    z = NormalDist().inv_cdf(1 - alpha / (2 * max(1, tests))) + NormalDist().inv_cdf(power)
    return z * sd / math.sqrt(n)


@dataclass
class Comparison:
    """The report: one :class:`Difference` per metric, Holm-corrected together, and how many games were played
    identically under both rule sets (the same moves from the same seed)."""

    differences: list[Difference]
    games: int
    identical: int
    alpha: float
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"games": self.games, "identical": self.identical, "alpha": self.alpha,
                "metrics": [d.to_json() for d in self.differences], **self.extra}


def compare_results(results_a: Sequence[GameResult], results_b: Sequence[GameResult], alpha: float = 0.05,
                    power: float = 0.8) -> Comparison:
    """Every metric's paired difference, test, Holm correction and smallest detectable effect."""
    if not 0 < alpha < 1:
        raise ValueError(f"--alpha must lie between 0 and 1, not {alpha}")
    metrics = paired_metrics(results_a, results_b)
    diffs = [paired_test(m) for m in metrics]
    for d, p in zip(diffs, holm([d.p for d in diffs]), strict=True):
        d.p_holm = p
        d.changed = p < alpha
        d.mde = detectable(d.metric, len(diffs), alpha, power)
    identical = sum(1 for ra, rb in zip(results_a, results_b, strict=True)
                    if ra.record.get("actions") == rb.record.get("actions"))
    return Comparison(diffs, len(results_a), identical, alpha)


# ------------------------------------------------------------------------------------------- words


def metric_label(m: Metric, lang: str, side_name: Callable[[Any, str], str] | None = None,
                 score_label: Callable[[str, str], str] | None = None) -> str:
    """The metric's name in ``lang``: the game's own names for parties and score components (and of the metrics
    with the same values, joined by '=')."""
    names = [_one_label(kind, arg, lang, side_name, score_label) for kind, arg in ((m.kind, m.arg), *m.aliases)]
    return " = ".join(names)


def _one_label(kind: str, arg: Any, lang: str, side_name: Callable[[Any, str], str] | None,
               score_label: Callable[[str, str], str] | None) -> str:
    if kind == "win_seat":
        return say("win_seat", lang, seat=SHARED.text("cli.seat", lang, n=arg))
    if kind == "win_party":
        return say("win_party", lang, party=side_name(arg, lang) if side_name else str(arg))
    if kind == "win_bot":
        return say("win_bot", lang, bot=arg)
    if kind == "score":
        return say("score", lang, component=score_label(str(arg), lang) if score_label else str(arg))
    return say(kind, lang)


def format_value(value: float, share: bool, signed: bool = False) -> str:
    """A share in percent (a difference in percentage points), anything else with two decimals."""
    if share:
        return f"{value * 100:+.1f}" if signed else f"{value * 100:.1f}%"
    return f"{value:+.2f}" if signed else f"{value:.2f}"


def rules_text(rules: RuleSet, game: str, lang: str) -> str:
    spec = hustings.get_spec(game)
    return rules.describe(spec.default_variant) or say("default_rules", lang)


def verdict(d: Difference, lang: str) -> str:
    return say("changed", lang) if d.changed else say("no_change", lang)


def table_rows(comparison: Comparison, lang: str, side_name: Callable[[Any, str], str] | None = None,
               score_label: Callable[[str, str], str] | None = None) -> list[list[str]]:
    """The report's rows: metric, A, B, B − A [95% CI], test, p (Holm), smallest detectable, verdict."""
    rows = []
    for d in comparison.differences:
        m = d.metric
        ci = (f" [{format_value(d.ci[0], m.share, True)}, {format_value(d.ci[1], m.share, True)}]"
              if d.ci else "")
        test = say(d.test, lang) + (f" {d.discordant[0]}/{d.discordant[1]}" if d.test == "mcnemar" else "")
        mde = "-" if d.mde is None else (f"{d.mde * 100:.1f}" if m.share else f"{d.mde:.2f}")
        rows.append([metric_label(m, lang, side_name, score_label), format_value(d.mean_a, m.share),
                     format_value(d.mean_b, m.share), format_value(d.diff, m.share, True) + ci, test,
                     f"{d.p_holm:.3g}", mde, verdict(d, lang)])
    return rows


COLUMNS = ("metric", "a", "b", "diff_ci", "test", "p_holm", "mde", "verdict")


def summary_lines(comparison: Comparison, lang: str) -> list[str]:
    """The notes under the table: identical games, the method, how many metrics changed."""
    changed = sum(1 for d in comparison.differences if d.changed)
    return [say("identical", lang, k=comparison.identical, n=comparison.games),
            say("method", lang, m=len(comparison.differences), alpha=f"{comparison.alpha:g}"),
            say("changed_count", lang, k=changed, m=len(comparison.differences))]




__all__ = [
    "CATALOG",
    "COLUMNS",
    "CompareConfig",
    "Comparison",
    "Difference",
    "Metric",
    "RuleSet",
    "StatsUnavailable",
    "compare_results",
    "detectable",
    "format_value",
    "holm",
    "metric_label",
    "paired_metrics",
    "paired_test",
    "parse_rule_set",
    "rules_text",
    "summary_lines",
    "table_rows",
]

"""``hustings compare``: the same bots, seats and seeds under two rule sets, and what changed (hustings.sim.compare;
docs/lab.md)."""

from __future__ import annotations

import importlib
import json
import sys
import time
from pathlib import Path
from typing import IO, Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from hustings.cli.app import app
from hustings.cli.common import (
    OPTION_HELP,
    RULES_FILE_HELP,
    SET_HELP,
    fail,
    game_title,
    lang_option,
    players_option,
    seed_option,
    spec_of,
)
from hustings.cli.lab import _check_plot, _GamesPerSecond, _open_out
from hustings.sim.compare import (
    COLUMNS,
    CompareConfig,
    Comparison,
    RuleSet,
    StatsUnavailable,
    compare_results,
    metric_label,
    parse_rule_set,
    parse_rule_tokens,
    rules_text,
    say,
    summary_lines,
    table_rows,
)
from hustings.sim.lab import GameResult, SimConfig, run
from hustings.table.seats import default_bot

RULES_HELP = ("rules of side {side}: '--variant NAME -O NAME=VALUE --set PATH=VALUE --rules FILE ...' (a bare "
              "NAME=VALUE is an option; --set and --rules: house rules, `hustings rules GAME` lists them){extra}")


def _base_rules(game: str, variant: str | None, option: list[str] | None, sets: list[str] | None = None,
                files: list[Path] | None = None) -> RuleSet:
    tokens = ([f"--variant={variant}"] if variant else []) + [w for o in option or [] for w in ("-O", o)]
    tokens += [w for f in files or [] for w in ("--rules", str(f))] + [w for v in sets or [] for w in ("--set", v)]
    try:
        return parse_rule_tokens(tokens, game, side="--variant/--option/--set/--rules")
    except ValueError as e:
        fail(str(e))


def _play(cfg: CompareConfig, workers: int, backend: str, address: str | None, fh: IO[str] | None,
          language: str) -> tuple[list[GameResult], list[GameResult]]:
    progress = Progress(TextColumn("[progress.description]{task.description}"), BarColumn(), MofNCompleteColumn(),
                        _GamesPerSecond(), TimeElapsedColumn(), TimeRemainingColumn(),
                        console=Console(stderr=True))  # stdout stays for the report
    out: list[list[GameResult]] = []
    with progress:
        tasks = [progress.add_task(say(f"side_{s}", language), total=c.games)
                 for s, c in (("a", cfg.a), ("b", cfg.b))]
        for arm, sim, task in zip("AB", (cfg.a, cfg.b), tasks, strict=True):
            results: list[GameResult] = []
            try:
                for r in run(sim, workers=workers, backend=backend, address=address):
                    results.append(r)
                    if fh is not None:
                        line = {"arm": arm, **r.to_json()}
                        fh.write(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n")
                    progress.advance(task)
            except ValueError as e:  # the backend's own refusal (Ray missing, a bad address)
                fail(str(e))
            out.append(results)
    return out[0], out[1]


def _print_report(console: Console, cfg: CompareConfig, comparison: Comparison, language: str) -> None:
    spec = spec_of(cfg.a.game)
    sim: SimConfig = cfg.a
    console.print(say("title", language, game=game_title(spec, language)), style="bold", highlight=False)
    console.print(say("rules_a", language, rules=rules_text(cfg.rules_a, sim.game, language)), highlight=False)
    console.print(say("rules_b", language, rules=rules_text(cfg.rules_b, sim.game, language)), highlight=False)
    games = {"bots": _bots_text(sim.bots), "games": sim.games, "first": sim.seed, "last": sim.seed + sim.games - 1}
    setup = say("setup", language, players=sim.players, **games) if sim.players > 1 else say("setup_one", language,
                                                                                          **games)
    console.print(setup, highlight=False)
    if not comparison.differences:
        console.print(say("nothing", language), highlight=False)
    else:
        t = Table()
        for col in COLUMNS:
            # the numbers never wrap (a broken interval reads as two); the metric's name may
            t.add_column(say(col, language), justify="left" if col in ("metric", "test", "verdict") else "right",
                         no_wrap=col != "metric")
        for d, row in zip(comparison.differences, table_rows(comparison, language, spec.side_name, spec.score_label),
                          strict=True):
            t.add_row(*row, style="bold" if d.changed else None)
        console.print(t)
    for line in summary_lines(comparison, language):
        console.print(line, highlight=False)


@app.command()
def compare(
    game: Annotated[str, typer.Argument(help="game id, see `hustings games`")],
    b: Annotated[str, typer.Option("--b", help=RULES_HELP.format(side="B", extra=""))],
    a: Annotated[str, typer.Option("--a", help=RULES_HELP.format(side="A", extra="; default: the game's rules"))]
    = "",
    players: Annotated[int | None, typer.Option("--players", "-p", help="number of players (both sides)")] = None,
    variant: Annotated[str | None, typer.Option(help="rule variant of both sides (a side's --variant wins)")]
    = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-O", help=OPTION_HELP + "; both sides")] = None,
    set_: Annotated[list[str] | None, typer.Option("--set", help=SET_HELP + "; both sides")] = None,
    rules_file: Annotated[list[Path] | None, typer.Option("--rules", help=RULES_FILE_HELP + "; both sides")] = None,
    bots: Annotated[str | None, typer.Option(help="bots per seat, the same on both sides (default: heuristic "
                                                  "where the game has one)")] = None,
    games: Annotated[int, typer.Option("--games", "-n", help="games per side (game i: seed SEED+i on both)")] = 200,
    seed: Annotated[int, typer.Option(help="game i uses seed SEED+i under A and under B")] = 0,
    alpha: Annotated[float, typer.Option(help="level of the Holm-corrected tests")] = 0.05,
    workers: Annotated[int, typer.Option(help="worker processes (the same seed gives the same games)")] = 1,
    backend: Annotated[str, typer.Option(help="local or ray")] = "local",
    address: Annotated[str | None, typer.Option(help="Ray cluster address (default: a local Ray)")] = None,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="write both sides' records (JSONL, field "
                                                                 "'arm': A or B)")] = None,
    report: Annotated[Path | None, typer.Option(help="write the comparison as JSON")] = None,
    plot: Annotated[Path | None, typer.Option(help="draw the differences into this PNG/SVG/PDF")] = None,
    lang: Annotated[str | None, typer.Option(help="zh-Hans, zh-Hant or en")] = None,
) -> None:
    """Play the same GAMES games (bots, seats and seeds) under rules A and rules B and report what changed:
    win shares by seat, party and bot, ties, everyone losing, length, score spread and each score component,
    paired by seed, with 95% intervals, Holm-corrected paired tests and the smallest detectable effect."""
    language = lang_option(lang)
    spec = spec_of(game)
    base = _base_rules(game, variant, option, set_, rules_file)
    try:
        rules_a = parse_rule_set(a, game, base, side="--a")
        rules_b = parse_rule_set(b, game, base, side="--b")
    except ValueError as e:
        fail(str(e))
    if players is None:
        players = players_option(spec, rules_a.variant, None)
    for rules in (rules_a, rules_b):
        players_option(spec, rules.variant, players)
    seed_option(seed)
    seed_option(seed + max(games, 1) - 1, f"--seed (SEED+{max(games, 1) - 1}, the last game's)")
    if games < 2:
        fail(f"--games must be at least 2 (a paired interval needs two games), not {games}")
    if not 0 < alpha < 1:
        fail(f"--alpha must lie between 0 and 1, not {alpha}")
    if workers < 1:
        fail(f"--workers must be at least 1, not {workers}")
    if backend not in ("local", "ray"):
        fail(f"unknown --backend {backend!r}: use local or ray")
    try:
        cfg = CompareConfig.build(game, players, rules_a, rules_b, bots if bots is not None else default_bot(game),
                                  games, seed)
    except ValueError as e:
        fail(str(e))
    try:
        importlib.import_module("scipy.stats")
    except ImportError:
        fail("compare needs scipy: pip install 'hustings[lab]'")
    _check_plot(plot)
    if report is not None and not (report.parent.is_dir() if str(report.parent) else True):
        fail(f"cannot write --report {str(report)!r}: its folder does not exist")
    fh = _open_out(out)
    started = time.perf_counter()
    try:
        results_a, results_b = _play(cfg, workers, backend, address, fh, language)
    finally:
        if fh is not None:
            fh.close()
    try:
        comparison = compare_results(results_a, results_b, alpha)
    except StatsUnavailable as e:
        fail(str(e))
    comparison.extra.update({"game": game, "players": players, "bots": list(cfg.a.bots), "seed": seed,
                             "a": _rules_json(cfg.rules_a), "b": _rules_json(cfg.rules_b),
                             "seconds": round(time.perf_counter() - started, 1)})
    console = Console() if sys.stdout.isatty() else Console(width=150)
    _print_report(console, cfg, comparison, language)
    if report is not None:
        try:
            data = comparison.to_json()
            for row, d in zip(data["metrics"], comparison.differences, strict=True):  # names for the reader
                row["label"] = metric_label(d.metric, language, spec.side_name, spec.score_label)
                row["share"] = d.metric.share
            report.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        except OSError as e:
            fail(f"cannot write --report {str(report)!r}: {e.strerror or e}")
    if out is not None:
        console.print(f"{say('records', language)}: {out}", highlight=False)
    if plot is not None:
        from hustings.sim.compare_plot import plot_comparison

        plot_comparison(comparison, plot, game, cfg.rules_a, cfg.rules_b, language)
        console.print(f"{say('plot', language)}: {plot}", highlight=False)


def _bots_text(bots: tuple[str, ...]) -> str:
    """``heuristic×3,random``: runs of one bot counted, so ten seats of one bot stay short."""
    runs: list[tuple[str, int]] = []
    for name in bots:
        if runs and runs[-1][0] == name:
            runs[-1] = (name, runs[-1][1] + 1)
        else:
            runs.append((name, 1))
    return ",".join(name if k == 1 else f"{name}×{k}" for name, k in runs)


def _rules_json(rules: RuleSet) -> dict[str, Any]:
    out: dict[str, Any] = {"variant": rules.variant, "options": dict(rules.options)}
    if rules.rules:  # house rules, when the side has any (reports of rule sets without them stay as they were)
        out["rules"] = dict(rules.rules)
    return out

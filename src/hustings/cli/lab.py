"""The lab: ``hustings simulate`` and ``tournament`` (many seat-rotated games between bots, summarised with
intervals) and ``demo`` (watch one game between bots)."""

from __future__ import annotations

import json
import os
import random
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from hustings.bots import make_bot, play_game
from hustings.cli.app import app
from hustings.cli.common import (
    OPTION_HELP,
    PLAYERS_HELP,
    RULES_FILE_HELP,
    SET_HELP,
    fail,
    game_title,
    house_rules_option,
    lang_option,
    make_state,
    players_option,
    print_final,
    rule_options,
    say,
    seed_option,
    spec_of,
)
from hustings.engine import get_spec, house
from hustings.sim.lab import GameResult, Share, SimConfig, run, solo_lines, summarize, time_stats
from hustings.sim.ratings import RatingsUnavailable, rate
from hustings.table.seats import SeatSpecError, bots_per_seat, default_bot


class _GamesPerSecond(ProgressColumn):
    """Overall rate since the start; Rich's own speed is a short sliding window that jitters."""

    def render(self, task: Task) -> Text:
        elapsed = task.elapsed or 0.0
        rate = task.completed / elapsed if elapsed > 0 else 0.0
        return Text(f"{rate:,.1f} games/s", style="progress.data.speed")


def _lab_config(game: str, players: int, variant: str | None, bots: str, games: int, seed: int,
                option: list[str] | None = None, sets: list[str] | None = None,
                files: list[Path] | None = None) -> SimConfig:
    options = rule_options(option, game)
    rules = house_rules_option(sets, files, game)
    players_option(spec_of(game), variant, players)
    seed_option(seed)
    seed_option(seed + max(games, 1) - 1, f"--seed (SEED+{max(games, 1) - 1}, the last game's)")  # game i: SEED+i
    try:
        return SimConfig.build(game, players, variant, bots, games, seed, options=options, rules=rules)
    except ValueError as e:
        fail(str(e))


def _open_out(out: Path | None) -> Any:
    if out is None:
        return None
    try:
        # Line-buffered: records of finished games survive an interrupted run.
        return open(out, "w", encoding="utf-8", buffering=1)
    except OSError as e:
        fail(f"cannot write --out {str(out)!r}: {e.strerror or e}")


def _check_plot(plot: Path | None) -> None:
    if plot is None:
        return
    if plot.suffix.lower() not in (".png", ".svg", ".pdf"):
        fail(f"--plot {str(plot)!r}: use a .png, .svg or .pdf file name")
    parent = plot.parent if str(plot.parent) else Path(".")
    if not parent.is_dir() or not os.access(parent, os.W_OK):
        fail(f"cannot write --plot {str(plot)!r}: its folder does not exist or is not writable")
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        fail("--plot needs matplotlib: pip install 'hustings[lab]'")


def _run_lab(cfg: SimConfig, out: Path | None, workers: int, backend: str, address: str | None) -> list[GameResult]:
    if workers < 1:
        fail(f"--workers must be at least 1, not {workers}")
    if backend not in ("local", "ray"):
        fail(f"unknown --backend {backend!r}: use local or ray")
    if backend == "ray":
        try:
            import ray  # noqa: F401
        except ImportError:
            fail("--backend ray needs Ray: pip install 'hustings[lab]'")
    fh = _open_out(out)
    progress = Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        _GamesPerSecond(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),  # stdout stays for the summary
    )
    results: list[GameResult] = []
    try:
        with progress:
            task = progress.add_task(f"{cfg.game} {cfg.variant} {cfg.players}p", total=cfg.games)
            for r in run(cfg, workers=workers, backend=backend, address=address):
                results.append(r)
                if fh is not None:
                    fh.write(json.dumps(r.to_json(), ensure_ascii=False, separators=(",", ":")) + "\n")
                progress.advance(task)
    finally:
        if fh is not None:
            fh.close()
    return results


def _ci(share: Share) -> str:
    lo, hi = share.interval
    return f"{share.share:.3f} [{lo:.3f}, {hi:.3f}]"


def _print_ratings(console: Console, results: list[GameResult], language: str) -> None:
    """One scale for every bot that met (openskill), when at least two different bots played."""
    if len({b for r in results for b in r.bots}) < 2 or len(results[0].bots) < 2:
        return
    try:
        rated = rate(results)
    except RatingsUnavailable:
        console.print(say("no_ratings", language), highlight=False)
        return
    t = Table(title=say("ratings", language))
    for col in ("bot", "rating", "ordinal", "games"):
        t.add_column(say(col, language), justify="left" if col == "bot" else "right")
    for r in rated:
        t.add_row(r.bot, f"{r.mu:.2f} ± {r.sigma:.2f}", f"{r.ordinal:.2f}", str(r.games))
    console.print(t)


def _print_summary(cfg: SimConfig, results: list[GameResult], language: str, elapsed: float,
                   out: Path | None, plot: Path | None) -> None:
    spec = get_spec(cfg.game)
    summary = summarize(results, lambda side: spec.side_name(side, language))
    # Piped output (files, CI logs) gets room for the intervals instead of Rich's 80-column default.
    console = Console() if sys.stdout.isatty() else Console(width=120)
    title = f"{game_title(spec, language)} ({cfg.variant}, {cfg.players}p)"
    if cfg.rules:  # the house rules the games were played under, in the reader's words
        console.print(say("house_rules", language), highlight=False)
        for line in house.require(cfg.game).describe(dict(cfg.rules), language):
            console.print(f"  {line}", highlight=False, markup=False, soft_wrap=True)
    t = Table(title=f"{title}: {say('by_bot', language)}")
    for col in ("bot", "seat_games", "wins", "win_share_ci", "mean_total", "decision_ms"):
        t.add_column(say(col, language), justify="left" if col == "bot" else "right")
    for share in summary.by_bot:
        totals = summary.components["total"][share.label]
        ts = time_stats(summary.decision_times.get(share.label, []))
        t.add_row(share.label, str(share.games), f"{share.wins:g}", _ci(share), f"{statistics.fmean(totals):.1f}",
                  f"{ts['median'] * 1000:.2f} / {ts['p95'] * 1000:.2f}")
    console.print(t)
    _print_ratings(console, results, language)
    for line in solo_lines(summary, language):  # one-player games: success rate and moves against par
        console.print(line, highlight=False)
    for key, shares in (("by_seat", summary.by_seat), ("by_side", summary.by_side)):
        t = Table(title=say(key, language))
        t.add_column("")
        t.add_column(say("win_share_ci", language), justify="right")
        t.add_column(say("seat_games", language), justify="right")
        if not shares:
            continue  # a game without parties (選舉之戰) has no table by party
        for share in shares:
            label = say("seat", language, n=share.label) if key == "by_seat" else share.label
            t.add_row(label, _ci(share), str(share.games))
        console.print(t)
    t = Table(title=say("components", language))
    for col in ("score", "mean", "sd", "min", "median", "max"):
        t.add_column(say(col, language), justify="left" if col == "score" else "right")
    for comp, by_bot in summary.components.items():
        values = [v for vs in by_bot.values() for v in vs]
        sd = statistics.pstdev(values) if len(values) > 1 else 0.0
        t.add_row(spec.score_label(comp, language), f"{statistics.fmean(values):.2f}", f"{sd:.2f}",
                  f"{min(values):g}", f"{statistics.median(values):g}", f"{max(values):g}")
    console.print(t)
    console.print(
        f"{say('games', language)}: {len(results)}   {say('mean_steps', language)}: "
        f"{statistics.fmean(summary.steps):.1f}   {say('games_per_s', language)}: {len(results) / elapsed:.2f}"
        + (f"   → {out}" if out else ""),
        highlight=False,
    )
    if plot is not None:
        from hustings.sim.plot import plot_summary

        labels = {c: spec.score_label(c, "en") for c in summary.components}
        plot_summary(summary, plot, f"{spec.title.get('en', spec.id)} ({cfg.variant}, {cfg.players}p"
                     + (f", {cfg.rules_text()}" if cfg.rules else "") + ")", labels)
        console.print(f"{say('plot', language)}: {plot}", highlight=False)


DEMO_BOTS_HELP = "bots per seat, e.g. ismcts:hard,heuristic,random (one name fills every seat)"
BOTS_HELP = ("bots per seat, e.g. ismcts:hard,heuristic,random (one name fills every seat); your own policy as "
             "module:Object, path/file.py:Object or learned:FILE.npz")


def _play_and_summarise(cfg: SimConfig, out: Path | None, workers: int, backend: str, address: str | None,
                        language: str, plot: Path | None) -> None:
    """What simulate and tournament share once their games are set: play them, then the summary (and plot)."""
    _check_plot(plot)
    started = time.perf_counter()
    results = _run_lab(cfg, out, workers, backend, address)
    _print_summary(cfg, results, language, time.perf_counter() - started, out, plot)


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(help="game id, see `hustings games`")],
    players: Annotated[int, typer.Option("--players", "-p", help="number of players")],
    out: Annotated[Path, typer.Option("--out", "-o", help="JSONL file to write, one record per game")],
    variant: Annotated[str | None, typer.Option(help="rule variant (default: the game's)")] = None,
    games: Annotated[int, typer.Option("--games", "-n", help="how many games")] = 100,
    seed: Annotated[int, typer.Option(help="game i uses seed SEED+i")] = 0,
    bots: Annotated[str, typer.Option(help=BOTS_HELP)] = "random",
    workers: Annotated[int, typer.Option(help="worker processes (the same seed gives the same games)")] = 1,
    backend: Annotated[str, typer.Option(help="local or ray")] = "local",
    address: Annotated[str | None, typer.Option(help="Ray cluster address (default: a local Ray)")] = None,
    plot: Annotated[Path | None, typer.Option(help="draw the summary into this PNG/SVG/PDF")] = None,
    lang: Annotated[str | None, typer.Option(help="zh-Hans, zh-Hant or en")] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-O", help=OPTION_HELP)] = None,
    set_: Annotated[list[str] | None, typer.Option("--set", help=SET_HELP)] = None,
    rules_file: Annotated[list[Path] | None, typer.Option("--rules", help=RULES_FILE_HELP)] = None,
) -> None:
    """Play GAMES games between the chosen bots (seats rotate each game) and write their records to OUT."""
    language = lang_option(lang)
    cfg = _lab_config(game, players, variant, bots, games, seed, option, set_, rules_file)
    _play_and_summarise(cfg, out, workers, backend, address, language, plot)


@app.command()
def tournament(
    game: Annotated[str, typer.Argument(help="game id, see `hustings games`")],
    bots: Annotated[str, typer.Option(help=BOTS_HELP)],
    players: Annotated[int | None, typer.Option("--players", "-p", help="default: one seat per bot named")] = None,
    variant: Annotated[str | None, typer.Option(help="rule variant (default: the game's)")] = None,
    games: Annotated[int, typer.Option("--games", "-n", help="how many games")] = 100,
    seed: Annotated[int, typer.Option(help="game i uses seed SEED+i")] = 0,
    workers: Annotated[int, typer.Option(help="worker processes")] = 1,
    backend: Annotated[str, typer.Option(help="local or ray")] = "local",
    address: Annotated[str | None, typer.Option(help="Ray cluster address")] = None,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="also write the records (JSONL)")] = None,
    plot: Annotated[Path | None, typer.Option(help="draw the summary into this PNG/SVG/PDF")] = None,
    lang: Annotated[str | None, typer.Option(help="zh-Hans, zh-Hant or en")] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-O", help=OPTION_HELP)] = None,
    set_: Annotated[list[str] | None, typer.Option("--set", help=SET_HELP)] = None,
    rules_file: Annotated[list[Path] | None, typer.Option("--rules", help=RULES_FILE_HELP)] = None,
) -> None:
    """Seat-rotated games between bots: each bot's win share with a 95% interval and its decision times."""
    language = lang_option(lang)
    if players is None:
        players = len([t for t in bots.split(",") if t.strip()]) or 1  # the names are checked with the config
    cfg = _lab_config(game, players, variant, bots, games, seed, option, set_, rules_file)
    _play_and_summarise(cfg, out, workers, backend, address, language, plot)


@app.command()
def demo(
    game: Annotated[str, typer.Argument(help="game id, see `hustings games`")],
    players: Annotated[int | None, typer.Option("--players", "-p", help=PLAYERS_HELP)] = None,
    variant: Annotated[str | None, typer.Option(help="rule variant (default: the game's)")] = None,
    seed: Annotated[int | None, typer.Option(help="game seed (default: a fresh one, printed)")] = None,
    lang: Annotated[str | None, typer.Option(help="zh-Hans, zh-Hant or en (default: the locale's)")] = None,
    bots: Annotated[str | None,
                    typer.Option(help=DEMO_BOTS_HELP + " (default: heuristic where the game has one)")] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-O", help=OPTION_HELP)] = None,
    set_: Annotated[list[str] | None, typer.Option("--set", help=SET_HELP)] = None,
    rules_file: Annotated[list[Path] | None, typer.Option("--rules", help=RULES_FILE_HELP)] = None,
) -> None:
    """Watch one complete game between bots: every public event, then the scores. (A one-player puzzle played
    by its heuristic shows a shortest solution.)"""
    language = lang_option(lang)
    spec = spec_of(game)
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    seed_option(seed)
    players = players_option(spec, variant, players)
    state = make_state(game, players, variant, seed, rule_options(option, game),
                       house_rules_option(set_, rules_file, game))
    try:
        names = bots_per_seat(bots if bots is not None else default_bot(game), game, players)
    except SeatSpecError as e:
        fail(str(e))
    variant = spec.default_variant if variant is None else variant
    console = Console()
    console.print(
        f"[bold]{escape(game_title(spec, language))}[/bold] ({variant}, {players}p, {say('seed', language)} {seed})",
        highlight=False,
    )
    played_under = house.rules_of(state)
    if played_under:
        console.print(say("house_rules", language), highlight=False, markup=False)
        for line in house.require(game).describe(played_under, language):
            console.print(f"  {line}", highlight=False, markup=False, soft_wrap=True)
    play_game(state, [make_bot(name, game, seed * 16 + i) for i, name in enumerate(names)])
    for event in state.events(None):
        typer.echo(event.message(language))
    print_final(console, state, language)



@dataclass(frozen=True)
class _RatedGame:
    index: int
    bots: list[str]
    winners: list[int]


def _rated_games(files: list[Path]) -> tuple[str, list[_RatedGame]]:
    """Read lab records (JSONL) of one game; a bad line is refused with its file and line number."""
    games: list[_RatedGame] = []
    game_id: str | None = None
    for path in files:
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError) as e:
            fail(f"cannot read {str(path)!r}: {getattr(e, 'strerror', None) or e}")
        for n, line in enumerate(lines, 1):
            if not line.strip():
                continue
            where = f"{path}:{n}"
            try:
                rec = json.loads(line)
            except json.JSONDecodeError as e:
                fail(f"{where}: not JSON ({e.msg})")
            bots, winners = (rec.get("bots"), rec.get("winners")) if isinstance(rec, dict) else (None, None)
            if not (isinstance(bots, list) and bots and all(isinstance(b, str) for b in bots)):
                fail(f"{where}: no 'bots' list (ratings read the records of `hustings simulate` or `tournament`)")
            if not (isinstance(winners, list) and all(type(w) is int and 0 <= w < len(bots) for w in winners)):
                fail(f"{where}: 'winners' must list seats from 0 to {len(bots) - 1}")
            game = rec.get("game")
            if game_id is None:
                game_id = game if isinstance(game, str) else "?"
            elif game != game_id:
                fail(f"{where}: a game of {game!r} among games of {game_id!r}: rate one game at a time")
            games.append(_RatedGame(len(games), bots, winners))
    if not games:
        fail("no games in the files given")
    return game_id or "?", games


@app.command()
def ratings(
    files: Annotated[list[Path], typer.Argument(help="JSONL records of `hustings simulate` / `tournament --out`")],
    lang: Annotated[str | None, typer.Option(help="zh-Hans, zh-Hant or en")] = None,
) -> None:
    """One rating per bot (openskill) from the games of one or more lab runs of the same game, in file order:
    several tournaments with overlapping bots give one ladder."""
    language = lang_option(lang)
    game, games = _rated_games(files)
    console = Console() if sys.stdout.isatty() else Console(width=120)
    if len(games[0].bots) < 2:
        fail(f"{game} is a one-player game: nothing to rate bots against")
    try:
        rated = rate(games)
    except RatingsUnavailable:
        fail(say("no_ratings", language))
    t = Table(title=f"{say('ratings', language)}: {game}, {len(games)} {say('games', language)}")
    for col in ("bot", "rating", "ordinal", "games"):
        t.add_column(say(col, language), justify="left" if col == "bot" else "right")
    for r in rated:
        t.add_row(r.bot, f"{r.mu:.2f} ± {r.sigma:.2f}", f"{r.ordinal:.2f}", str(r.games))
    console.print(t)

"""The ``hustings`` command line: list games, simulate random play, replay records, watch a demo game.

Every bad argument ends in one line on stderr and exit code 2, never a traceback: this is a tool people
type at, and a stack trace for a typo in a game name is noise.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, NoReturn

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
from typer._click import exceptions as click_errors  # typer carries its own click (private, but no other way)
from typer.core import TyperGroup

import hustings
from hustings.bots import make_bot, parse_bots, play_game
from hustings.bots.heuristic import heuristic_for
from hustings.engine import GameSpec, GameState, RecordError, get_spec, normalize_lang
from hustings.messages import SHARED
from hustings.sim.lab import GameResult, Share, SimConfig, run, solo_lines, summarize, time_stats
from hustings.table.match import Match
from hustings.table.store import RulesVersionError, StoredMatch, json_value_error, rules_refusal

USAGE_ERROR = 2


class _OneLineErrors(TyperGroup):
    """Typer's own usage errors (``--players x``, an unknown option) in one line too, like every other error."""

    def main(self, args: Any = None, prog_name: str | None = None, complete_var: str | None = None,  # type: ignore[override]
             standalone_mode: bool = True, **extra: Any) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        try:
            rv = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except click_errors.NoArgsIsHelpError as e:
            e.show()
            sys.exit(e.exit_code)
        except click_errors.UsageError as e:
            where = f" (see: hustings {e.ctx.info_name} --help)" if e.ctx is not None and e.ctx.parent else ""
            message = " ".join(e.format_message().split())
            typer.echo(f"hustings: error: {message}{where}", err=True)
            sys.exit(USAGE_ERROR)
        except click_errors.ClickException as e:
            e.show()
            sys.exit(e.exit_code)
        except typer.Abort:
            typer.echo("hustings: aborted", err=True)
            sys.exit(1)
        sys.exit(rv if isinstance(rv, int) else 0)


app = typer.Typer(
    name="hustings",
    help="Election strategy board games: simulate, replay and watch games.",
    add_completion=False,
    no_args_is_help=True,
    cls=_OneLineErrors,
    # A bug should still show a plain traceback; Rich's boxed one with locals is too much for a CLI.
    pretty_exceptions_enable=False,
)


def _show_version(value: bool) -> None:
    if value:
        typer.echo(f"hustings {hustings.__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[bool | None, typer.Option("--version", callback=_show_version, is_eager=True,
                                                 help="print the version and exit")] = None,
) -> None:
    """Election strategy board games: simulate, replay and watch games."""


def _command() -> str:
    """How this program was started, for hints: ``hustings`` when that is what the PATH finds, else the path
    it was run from (``make play`` runs .venv/bin/hustings, which is not on the PATH)."""
    argv0 = sys.argv[0] if sys.argv and sys.argv[0] else "hustings"
    found = shutil.which("hustings")
    here = Path(argv0)
    if found and here.exists() and Path(found).resolve() == here.resolve():
        return "hustings"
    if here.name in ("hustings", "hustings.exe") and here.exists():
        try:
            return str(here.resolve().relative_to(Path.cwd()))
        except ValueError:
            return str(here.resolve())
    return "hustings" if found else f"{sys.executable} -m hustings.cli"

def _t(key: str, lang: str, **kw: object) -> str:
    # interface words around the games' own event messages: cli.<key> in src/hustings/messages/<lang>.json
    return SHARED.text(f"cli.{key}", lang, **kw)


def _fail(message: str) -> NoReturn:
    """Report a usage problem on one line and exit 2."""
    typer.echo(f"hustings: error: {message}", err=True)
    raise typer.Exit(USAGE_ERROR)


def _rules_text(refusal: RulesVersionError, lang: str) -> str:
    """The one line, in the player's language, for a game stored under other rules (or of a game this program
    does not have): a :class:`hustings.table.store.RulesVersionError`."""
    game = refusal.game if refusal.age == "unknown_game" else _title(get_spec(refusal.game), lang)
    return _t(f"rules_{refusal.age}", lang, path=refusal.where, game=game, recorded=refusal.recorded,
              current=refusal.current or "")


def _fail_stored(error: Exception, lang: str) -> NoReturn:
    """One line and exit 2 for a save file that cannot be used; the file is left as it is."""
    _fail(_rules_text(error, lang) if isinstance(error, RulesVersionError) else str(error))


def _default_lang() -> str:
    # POSIX precedence for the message language: LC_ALL, then LC_MESSAGES, then LANG.
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            return normalize_lang(value)
    return "en"


def _lang(value: str | None) -> str:
    """Resolve ``--lang``: None means the locale; anything not Chinese or English is refused.

    normalize_lang maps every unknown tag to English. That suits a locale, but on the command line
    ``--lang fr`` or a typo would then quietly give English, so it is an error here instead.
    """
    if value is None:
        return _default_lang()
    tag = value.strip().replace("_", "-").split(".")[0].lower()
    if tag in ("en", "zh") or tag.startswith(("en-", "zh-")):
        return normalize_lang(tag)
    _fail(f"unknown language {value!r}: use zh-Hans, zh-Hant or en (or a locale such as zh_TW)")


def _spec(game: str) -> GameSpec:
    try:
        return get_spec(game)
    except ValueError as e:
        _fail(str(e))


def _make(game: str, players: int, variant: str | None, seed: int,
          options: dict[str, Any] | None = None) -> GameState:
    try:
        return hustings.make(game, players=players, variant=variant, seed=seed, **(options or {}))
    except (ValueError, TypeError) as e:
        _fail(str(e))


_OPTION_HELP = ("a rule option of the game, NAME=VALUE (repeatable; `hustings games` lists them), e.g. "
                "money_rounds=all_but_last; VALUE is read as JSON when it is one (12, null, true)")


def _options(values: list[str] | None, game: str) -> dict[str, Any]:
    """``--option NAME=VALUE`` (repeatable) as the options of ``make()``; one line for a malformed one, an option
    the game does not have or one given twice. The game checks the values when the state is made."""
    spec = _spec(game)
    known = [k for k in spec.options if k not in ("players", "variant")]
    out: dict[str, Any] = {}
    for item in values or ():
        name, sep, raw = item.partition("=")
        name = name.strip()
        if not sep or not name:
            _fail(f"--option {item!r}: write NAME=VALUE" + (f", e.g. {known[0]}=..." if known else ""))
        if name not in known:
            _fail(f"--option {name}: {game} has " + (f"the options {', '.join(known)}" if known else "no options"))
        if name in out:
            _fail(f"--option {name} is given twice")
        try:
            out[name] = json.loads(raw)
        except ValueError:
            out[name] = raw  # plain text: money_rounds=all_but_last
    return out


def _title(spec: GameSpec, lang: str) -> str:
    return spec.title.get(lang) or spec.title.get("en") or spec.id


def _counts(counts: list[int]) -> str:
    if counts and counts == list(range(counts[0], counts[-1] + 1)) and len(counts) > 1:
        return f"{counts[0]}-{counts[-1]}"
    return ", ".join(str(c) for c in counts)


def _components(scores: list[dict[str, int]]) -> list[str]:
    """Scoring components in the game's own order, ``total`` last."""
    names: list[str] = []
    for s in scores:
        names.extend(k for k in s if k != "total" and k not in names)
    return names


def _score_table(scores: list[dict[str, int]], winners: list[int], lang: str, game: str) -> Table:
    """Components as rows and players as columns: a 5-player table still fits 80 columns."""
    table = Table(title=_t("final", lang))
    table.add_column(_t("score", lang))
    for p in range(len(scores)):
        header = _t("seat", lang, n=p + 1) + (" *" if p in winners else "")
        table.add_column(header, justify="right")
    for name in _components(scores):
        table.add_row(get_spec(game).score_label(name, lang), *(str(s.get(name, 0)) for s in scores))
    bold_totals = (Text(str(s["total"]), style="bold") for s in scores)
    table.add_row(Text(_t("total", lang), style="bold"), *bold_totals)
    return table


def _print_final(console: Console, state: GameState, lang: str) -> None:
    winners = state.winners()
    console.print(_score_table(state.scores(), winners, lang, state.GAME_ID))
    console.print(f"{_t('winners', lang)}: " + ", ".join(_t("seat", lang, n=p + 1) for p in winners))


def _print_given_up(console: Console, state: GameState, lang: str) -> None:
    """A game its person gave up at the table: the scores as they stood, and that it counts as lost."""
    from hustings.tui.i18n import tr

    console.print(_score_table(state.scores(), [], lang, state.GAME_ID))
    console.print(f"{tr('game_over', lang)} · {tr('given_up', lang)}", highlight=False)


# ------------------------------------------------------------------------------------------- games


@app.command()
def games(lang: Annotated[str | None, typer.Option(help="zh-Hans, zh-Hant or en")] = None) -> None:
    """List the registered games with their variants and player counts."""
    language = _lang(lang)
    table = Table()
    for key in ("game", "title", "variants", "players", "options"):
        # what one types (the id, the option names) is never cut; titles and counts wrap instead
        table.add_column(_t(key, language), no_wrap=key in ("game", "options"))
    for game_id in hustings.list_games():
        spec = get_spec(game_id)
        variants = "\n".join(v + (" (default)" if v == spec.default_variant else "") for v in spec.variants)
        counts = "\n".join(f"{v}: {_counts(spec.player_counts(v))}" for v in spec.variants)
        options = "\n".join(k for k in spec.options if k not in ("players", "variant"))
        table.add_row(game_id, _title(spec, language), variants, counts, options)
    Console().print(table)


@app.command()
def schema(
    game: Annotated[str, typer.Argument(help="game id (see: hustings games)")],
    part: Annotated[str, typer.Option(help="view, action, events, all, or protocol (the server's messages)")] = "all",
) -> None:
    """Print the JSON Schema (draft 2020-12) of a game's view, action JSON or event data, or of the server's
    protocol with that game's parts plugged in (docs/server.md)."""
    spec = _spec(game)
    if part not in ("view", "action", "events", "all", "protocol"):
        _fail(f"unknown --part {part!r}: use view, action, events, all or protocol")
    if part == "protocol":
        from hustings.server.protocol import protocol_schema

        typer.echo(json.dumps(protocol_schema(spec.id), ensure_ascii=False, indent=2))
        return
    schemas = spec.adapter("schema")
    if schemas is None:
        _fail(f"{spec.id} declares no schemas")
    typer.echo(json.dumps(schemas.all() if part == "all" else schemas.part(part), ensure_ascii=False, indent=2))


# ---------------------------------------------------------------------------------------- simulate


class _GamesPerSecond(ProgressColumn):
    """Overall rate since the start; Rich's own speed is a short sliding window that jitters."""

    def render(self, task: Task) -> Text:
        elapsed = task.elapsed or 0.0
        rate = task.completed / elapsed if elapsed > 0 else 0.0
        return Text(f"{rate:,.1f} games/s", style="progress.data.speed")


def _lab_config(game: str, players: int, variant: str | None, bots: str, games: int, seed: int,
                option: list[str] | None = None) -> SimConfig:
    options = _options(option, game)
    try:
        return SimConfig.build(game, players, variant, bots, games, seed, options=options)
    except ValueError as e:
        _fail(str(e))


def _open_out(out: Path | None) -> Any:
    if out is None:
        return None
    try:
        # Line-buffered: records of finished games survive an interrupted run.
        return open(out, "w", encoding="utf-8", buffering=1)
    except OSError as e:
        _fail(f"cannot write --out {str(out)!r}: {e.strerror or e}")


def _check_plot(plot: Path | None) -> None:
    if plot is None:
        return
    if plot.suffix.lower() not in (".png", ".svg", ".pdf"):
        _fail(f"--plot {str(plot)!r}: use a .png, .svg or .pdf file name")
    parent = plot.parent if str(plot.parent) else Path(".")
    if not parent.is_dir() or not os.access(parent, os.W_OK):
        _fail(f"cannot write --plot {str(plot)!r}: its folder does not exist or is not writable")
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        _fail("--plot needs matplotlib: pip install 'hustings[lab]'")


def _run_lab(cfg: SimConfig, out: Path | None, workers: int, backend: str, address: str | None) -> list[GameResult]:
    if workers < 1:
        _fail(f"--workers must be at least 1, not {workers}")
    if backend not in ("local", "ray"):
        _fail(f"unknown --backend {backend!r}: use local or ray")
    if backend == "ray":
        try:
            import ray  # noqa: F401
        except ImportError:
            _fail("--backend ray needs Ray: pip install 'hustings[lab]'")
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


def _print_summary(cfg: SimConfig, results: list[GameResult], language: str, elapsed: float,
                   out: Path | None, plot: Path | None) -> None:
    spec = get_spec(cfg.game)
    summary = summarize(results, lambda side: spec.side_name(side, language))
    # Piped output (files, CI logs) gets room for the intervals instead of Rich's 80-column default.
    console = Console() if sys.stdout.isatty() else Console(width=120)
    title = f"{_title(spec, language)} ({cfg.variant}, {cfg.players}p)"
    t = Table(title=f"{title}: {_t('by_bot', language)}")
    for col in ("bot", "seat_games", "wins", "win_share_ci", "mean_total", "decision_ms"):
        t.add_column(_t(col, language), justify="left" if col == "bot" else "right")
    for share in summary.by_bot:
        totals = summary.components["total"][share.label]
        ts = time_stats(summary.decision_times.get(share.label, []))
        t.add_row(share.label, str(share.games), f"{share.wins:g}", _ci(share), f"{statistics.fmean(totals):.1f}",
                  f"{ts['median'] * 1000:.2f} / {ts['p95'] * 1000:.2f}")
    console.print(t)
    for line in solo_lines(summary, language):  # one-player games: success rate and moves against par
        console.print(line, highlight=False)
    for key, shares in (("by_seat", summary.by_seat), ("by_side", summary.by_side)):
        t = Table(title=_t(key, language))
        t.add_column("")
        t.add_column(_t("win_share_ci", language), justify="right")
        t.add_column(_t("seat_games", language), justify="right")
        for share in shares:
            label = _t("seat", language, n=share.label) if key == "by_seat" else share.label
            t.add_row(label, _ci(share), str(share.games))
        console.print(t)
    t = Table(title=_t("components", language))
    for col in ("score", "mean", "sd", "min", "median", "max"):
        t.add_column(_t(col, language), justify="left" if col == "score" else "right")
    for comp, by_bot in summary.components.items():
        values = [v for vs in by_bot.values() for v in vs]
        sd = statistics.pstdev(values) if len(values) > 1 else 0.0
        t.add_row(spec.score_label(comp, language), f"{statistics.fmean(values):.2f}", f"{sd:.2f}",
                  f"{min(values):g}", f"{statistics.median(values):g}", f"{max(values):g}")
    console.print(t)
    console.print(
        f"{_t('games', language)}: {len(results)}   {_t('mean_steps', language)}: "
        f"{statistics.fmean(summary.steps):.1f}   {_t('games_per_s', language)}: {len(results) / elapsed:.2f}"
        + (f"   → {out}" if out else ""),
        highlight=False,
    )
    if plot is not None:
        from hustings.sim.plot import plot_summary

        labels = {c: spec.score_label(c, "en") for c in summary.components}
        plot_summary(summary, plot, f"{spec.title.get('en', spec.id)} ({cfg.variant}, {cfg.players}p)", labels)
        console.print(f"{_t('plot', language)}: {plot}", highlight=False)


_BOTS_HELP = "bots per seat, e.g. ismcts:hard,heuristic,random (one name fills every seat)"


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(help="game id, see `hustings games`")],
    players: Annotated[int, typer.Option("--players", "-p", help="number of players")],
    out: Annotated[Path, typer.Option("--out", "-o", help="JSONL file to write, one record per game")],
    variant: Annotated[str | None, typer.Option(help="rule variant (default: the game's)")] = None,
    games: Annotated[int, typer.Option("--games", "-n", help="how many games")] = 100,
    seed: Annotated[int, typer.Option(help="game i uses seed SEED+i")] = 0,
    bots: Annotated[str, typer.Option(help=_BOTS_HELP)] = "random",
    workers: Annotated[int, typer.Option(help="worker processes (the same seed gives the same games)")] = 1,
    backend: Annotated[str, typer.Option(help="local or ray")] = "local",
    address: Annotated[str | None, typer.Option(help="Ray cluster address (default: a local Ray)")] = None,
    plot: Annotated[Path | None, typer.Option(help="draw the summary into this PNG/SVG/PDF")] = None,
    lang: Annotated[str | None, typer.Option(help="zh-Hans, zh-Hant or en")] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-O", help=_OPTION_HELP)] = None,
) -> None:
    """Play GAMES games between the chosen bots (seats rotate each game) and write their records to OUT."""
    language = _lang(lang)
    cfg = _lab_config(game, players, variant, bots, games, seed, option)
    _check_plot(plot)
    started = time.perf_counter()
    results = _run_lab(cfg, out, workers, backend, address)
    _print_summary(cfg, results, language, time.perf_counter() - started, out, plot)


@app.command()
def tournament(
    game: Annotated[str, typer.Argument(help="game id, see `hustings games`")],
    bots: Annotated[str, typer.Option(help=_BOTS_HELP)],
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
    option: Annotated[list[str] | None, typer.Option("--option", "-O", help=_OPTION_HELP)] = None,
) -> None:
    """Seat-rotated games between bots: each bot's win share with a 95% interval and its decision times."""
    language = _lang(lang)
    if players is None:
        players = len([b for b in bots.split(",") if b.strip()])
    cfg = _lab_config(game, players, variant, bots, games, seed, option)
    _check_plot(plot)
    started = time.perf_counter()
    results = _run_lab(cfg, out, workers, backend, address)
    _print_summary(cfg, results, language, time.perf_counter() - started, out, plot)


# ------------------------------------------------------------------------------------------ replay


def _parse_json(text: str, where: str) -> Any:
    """JSON, or one line and exit 2: bad JSON, nesting too deep, an integer of thousands of digits."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        _fail(f"{where}: bad JSON: {e.msg} (line {e.lineno}, column {e.colno})")
    except RecursionError:
        _fail(f"{where}: bad JSON: nested too deeply")
    except ValueError as e:
        _fail(f"{where}: bad JSON: {json_value_error(e)}")


def _read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        reason = e.strerror if isinstance(e, OSError) and e.strerror else "it is not UTF-8 text (binary data?)"
        _fail(f"cannot read {str(path)!r}: {reason}")


def _load_record(path: Path, index: int, lang: str) -> dict[str, Any] | Match:
    """Record number ``index`` from a JSONL file, a single JSON record or a JSON list of records; or the
    match in a `hustings play` save file (checked and unsealed with the save key; ``lang``: the words of a
    refusal)."""
    from hustings.table.files import open_file
    from hustings.table.store import MARKER, StoreError

    text = _read_text(path)
    try:
        whole = json.loads(text)
    except (RecursionError, ValueError):  # JSONDecodeError is a ValueError; so is an integer of 5,000 digits
        return _load_jsonl_line(path, text, index)
    if isinstance(whole, dict) and MARKER in whole:
        try:
            return open_file(path)
        except StoreError as e:
            _fail_stored(e, lang)
    records = whole if isinstance(whole, list) else [whole]
    if not -len(records) <= index < len(records):
        _fail(f"--game-index {index} is out of range: {str(path)!r} holds {len(records)} records")
    chosen = records[index]
    if not isinstance(chosen, dict):
        _fail(f"record {index} in {str(path)!r} is not a JSON object")
    return chosen


def _load_jsonl_line(path: Path, text: str, index: int) -> dict[str, Any]:
    # Parse only the wanted line, so one damaged line elsewhere does not block the others.
    lines = [(n, ln) for n, ln in enumerate(text.splitlines(), 1) if ln.strip()]
    if not lines:
        _fail(f"{str(path)!r} holds no record")
    if not -len(lines) <= index < len(lines):
        _fail(f"--game-index {index} is out of range: {str(path)!r} holds {len(lines)} records")
    lineno, raw = lines[index]
    record = _parse_json(raw, f"{path}:{lineno}")
    if not isinstance(record, dict):
        _fail(f"{path}:{lineno}: a record must be a JSON object")
    return record


def _check_rules(record: dict[str, Any], where: str, lang: str) -> None:
    """A plain record made under other rules: one line in the player's language (the engine refuses it too,
    in English; an unknown game is left to its words)."""
    from hustings.engine.core import LEGACY_RNG

    game = record.get("game")
    if isinstance(game, str):
        refusal = rules_refusal(game, record.get("rules_version"), record.get("rng", LEGACY_RNG), where)
        if refusal is not None and refusal.age != "unknown_game":
            _fail(_rules_text(refusal, lang))


def _replay_record(record: dict[str, Any], where: str) -> GameState:
    try:
        return hustings.replay(record)
    except RecordError as e:
        _fail(f"cannot replay {where}: {e}")
    except RecursionError:
        _fail(f"cannot replay {where}: it is nested too deeply")
    except (TypeError, ValueError, KeyError, IndexError) as e:
        # a record built by hand can hold anything; say what, never a traceback
        _fail(f"cannot replay {where}: malformed record ({type(e).__name__}: {e})".splitlines()[0])


def _check_secret_view(match: Match, player: int | None, step: bool | None, referee: bool) -> bool | None:
    """An unfinished game from a save file shows a seat's view only to that seat's person; a referee may
    ask for any. Returns the step mode to use."""
    if match.is_over or referee:
        return step
    if player is not None:
        if not match.is_human(player):
            _fail(f"--player {player} is a bot's seat in this unfinished game: its view shows what it hides from "
                  "the others (use --referee to look anyway)")
        if len(match.humans) > 1:
            _fail(f"several people share this unfinished game, so hustings cannot tell whether seat {player} is "
                  "yours (use --referee to look anyway)")
    if step:
        _fail("--step on an unfinished game lets you switch to every seat's view; use --print (or --referee)")
    return False


@app.command()
def replay(
    file: Annotated[
        Path, typer.Argument(help="record file: JSONL from `simulate`, one JSON record, or a `play` record")
    ],
    game_index: Annotated[int, typer.Option("--game-index", "-i", help="which record in the file")] = 0,
    lang: Annotated[str | None, typer.Option(help="zh-Hans, zh-Hant or en")] = None,
    player: Annotated[
        int | None,
        typer.Option("--player", "-p", help="whose events: seat 0..N-1 (shown as P1..PN), default spectator"),
    ] = None,
    step: Annotated[
        bool | None,
        typer.Option(
            "--step/--print",
            help="step through the game on a full-screen table, or print its events "
            "(default: step at a terminal, print when piped)",
        ),
    ] = None,
    names: Annotated[str | None, typer.Option(help="with --step: local, de (German names) or both")] = None,
    referee: Annotated[
        bool, typer.Option("--referee", help="an unfinished `play` game: allow any seat's view")
    ] = False,
) -> None:
    """Replay a recorded game: at a terminal, step forwards and backwards through it from any player's view
    or a spectator's; piped (or with --print), print the events PLAYER could see, then the final scores.
    An unfinished `play` game shows only the spectator's or its one person's view, unless --referee."""
    language = _lang(lang)
    loaded = _load_record(file, game_index, language)
    if isinstance(loaded, Match):
        state = loaded.state
        record: dict[str, Any] = {}
    else:
        record = loaded
        where = f"record {game_index} of {str(file)!r}"
        _check_rules(record, where, language)
        state = _replay_record(record, where)
    if player is not None and not 0 <= player < state.num_players:
        _fail(f"--player {player} is not in this game (players are 0..{state.num_players - 1})")
    # a game its person gave up at the table: a save says so, and so does the record `export` or the server wrote
    given_up = loaded.given_up if isinstance(loaded, Match) else record.get("given_up")
    if isinstance(given_up, bool) or not isinstance(given_up, int):
        given_up = None
    if isinstance(loaded, Match):
        step = _check_secret_view(loaded, player, step, referee)
    if step is None:
        step = sys.stdin.isatty() and sys.stdout.isatty()
    if step:
        stepped = state.record()
        if given_up is not None:
            stepped["given_up"] = given_up
        _replay_stepping(stepped, state, player, language, _names(names))
        return
    for event in state.events(player):
        typer.echo(event.message(language))
    console = Console()
    if given_up is not None and not state.is_over:  # ended at the table (hustings.table.Match.give_up)
        _print_given_up(console, state, language)
    elif state.is_over:
        _print_final(console, state, language)
        if "scores" in record and record["scores"] != state.scores():
            # The record replays, but to other scores: the rules changed since it was written.
            typer.echo("hustings: warning: replayed scores differ from those stored in the record", err=True)
    else:
        console.print(_t("not_over", language, n=state.step_count))


@app.command()
def export(
    file: Annotated[Path, typer.Argument(help="a `hustings play` save file")],
    out: Annotated[Path | None, typer.Option("--out", "-o", help="write here (default: standard output)")] = None,
    referee: Annotated[bool, typer.Option("--referee", help="export an unfinished game too")] = False,
) -> None:
    """Write a finished game of `hustings play` as a plain record (with its seed), for `hustings replay`,
    analysis or sharing. An unfinished game's record would give away every hidden card: only with --referee."""
    from hustings.table.files import open_file
    from hustings.table.match import MatchError
    from hustings.table.store import StoreError

    try:
        match = open_file(file)
        record = match.record(referee=referee)
    except StoreError as e:
        _fail_stored(e, _default_lang())
    except MatchError as e:
        _fail(f"{str(file)!r}: {e} (finish it first, or --referee)")
    record["table"] = match.settings.to_json()
    if match.is_over:
        record["scores"] = match.state.scores()
    if match.given_up is not None:  # ended at the table: the record replays to where it was given up
        record["given_up"] = match.given_up
    text = json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n"
    if out is None:
        typer.echo(text, nl=False)
        return
    try:
        with open(out, "x", encoding="utf-8") as fh:
            fh.write(text)
    except FileExistsError:
        _fail(f"--out {str(out)!r} exists; choose another file")
    except OSError as e:
        _fail(f"cannot write --out {str(out)!r}: {e.strerror or e}")


# -------------------------------------------------------------------------------------------- demo


@app.command()
def demo(
    game: Annotated[str, typer.Argument(help="game id, see `hustings games`")],
    players: Annotated[int, typer.Option("--players", "-p", help="number of players")],
    variant: Annotated[str | None, typer.Option(help="rule variant (default: the game's)")] = None,
    seed: Annotated[int | None, typer.Option(help="game seed (default: a fresh one, printed)")] = None,
    lang: Annotated[str | None, typer.Option(help="zh-Hans, zh-Hant or en (default: the locale's)")] = None,
    bots: Annotated[str | None, typer.Option(help=_BOTS_HELP + " (default: heuristic where the game has one)")] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-O", help=_OPTION_HELP)] = None,
) -> None:
    """Watch one complete game between bots: every public event, then the scores."""
    language = _lang(lang)
    spec = _spec(game)
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    state = _make(game, players, variant, seed, _options(option, game))
    variant = spec.default_variant if variant is None else variant
    console = Console()
    console.print(
        f"[bold]{escape(_title(spec, language))}[/bold] ({variant}, {players}p, {_t('seed', language)} {seed})",
        highlight=False,
    )
    if bots is None:
        bots = "heuristic" if heuristic_for(game) is not None else "random"
    try:
        seats = [make_bot(name, game, seed * 16 + i) for i, name in enumerate(parse_bots(bots, players))]
    except ValueError as e:
        _fail(str(e))
    play_game(state, seats)
    for event in state.events(None):
        typer.echo(event.message(language))
    _print_final(console, state, language)


# -------------------------------------------------------------------------------------------- play


def _names(value: str | None) -> str:
    if value is None:
        return "local"
    if value not in ("local", "de", "both"):
        _fail(f"unknown --names {value!r}: use local (the interface language), de (German) or both")
    return value


def _need_terminal(command: str) -> None:
    """The full-screen table needs textual and a terminal on both ends."""
    try:
        import textual  # noqa: F401
    except ImportError:
        _fail(f"{command} needs textual: pip install 'hustings[tui]'")
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        _fail(f"{command} needs an interactive terminal (stdin and stdout are not both a terminal)")


def _seats(text: str, players: int) -> list[int]:
    """``--seat``: ``0``, ``0,2``, ``all`` or ``none`` → the people's seats (0-based, shown as P1..PN)."""
    t = text.strip().lower()
    if t == "all":
        return list(range(players))
    if t == "none":
        return []
    seats: list[int] = []
    for part in t.split(","):
        part = part.strip()
        if not part.isdigit():
            _fail(f"--seat {text!r}: give seat numbers 0..{players - 1} separated by commas, or all, or none")
        p = int(part)
        if not 0 <= p < players:
            _fail(f"--seat {p} is not in a {players}-player game (seats are 0..{players - 1}, shown as P1..P{players})")
        if p in seats:
            _fail(f"--seat {p} is given twice")
        seats.append(p)
    return sorted(seats)


def _default_save(game: str) -> Path:
    from hustings.table.keys import data_dir

    folder = data_dir() / "games"
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as e:
        _fail(f"cannot create {str(folder)!r} for the record: {e.strerror or e}; give --save FILE")
    return folder / f"{game}-{time.strftime('%Y%m%d-%H%M%S')}.json"


_FROM_RECORD = ("GAME", "--players", "--variant", "--seat", "--bots", "--seed", "--save", "--option")


@app.command()
def play(
    game: Annotated[str | None, typer.Argument(help="game id (default die-macher-2019)")] = None,
    players: Annotated[int | None, typer.Option("--players", "-p", help="number of players (default 4)")] = None,
    variant: Annotated[str | None, typer.Option(help="rule variant (default: the game's)")] = None,
    seat: Annotated[
        str | None,
        typer.Option(help="the people's seats, 0-based (shown as P1..): 0 = you against bots (default); "
                          "0,1 or all = several people at this keyboard (hot-seat); none = watch the bots"),
    ] = None,
    bots: Annotated[
        str | None, typer.Option(help="bots for the other seats in seat order, e.g. heuristic,ismcts:hard,random "
                                      "(default: heuristic where the game has one)")
    ] = None,
    lang: Annotated[str | None, typer.Option(help="zh-Hans, zh-Hant or en (default: the locale's)")] = None,
    names: Annotated[str | None, typer.Option(help="names of parties and states: local, de (German) or both")] = None,
    fast: Annotated[bool, typer.Option("--fast", help="bots move without a pause")] = False,
    seed: Annotated[int | None, typer.Option(help="a fixed game (default: a fresh 128-bit one, never shown)")] = None,
    save: Annotated[Path | None, typer.Option(help="record file to write after every move "
                                                   "(default: ~/.local/share/hustings/games/GAME-TIME.json)")] = None,
    resume: Annotated[Path | None, typer.Option(help="continue the game in this record file")] = None,
    new: Annotated[bool, typer.Option("--new", help="start a new game without offering to continue a saved one")]
    = False,
    option: Annotated[list[str] | None, typer.Option("--option", "-O", help=_OPTION_HELP)] = None,
) -> None:
    """Play at this terminal: against bots, or several people at one keyboard. Every move is saved.

    Without --save, --resume or --seed, an unfinished game saved in the default folder is offered first."""
    language = _lang(lang)
    style = _names(names)
    if resume is None and not new and save is None and seed is None and _interactive():
        resume = _offer_unfinished(game or "die-macher-2019", language)
    if resume is not None:
        given = [n for n, v in zip(_FROM_RECORD, (game, players, variant, seat, bots, seed, save, option), strict=True)
                 if v is not None]
        if given:
            _fail(f"{', '.join(given)} come(s) from the record; leave {'it' if len(given) == 1 else 'them'} out "
                  "with --resume")
        _resume(resume, language if lang is not None else None, style if names is not None else None, fast,
                language)
        return
    if seed is not None and not 0 <= seed < 2**512:
        _fail("--seed must be a non-negative integer of at most 512 bits")
    game = game or "die-macher-2019"
    spec = _spec(game)
    players = 4 if players is None else players
    options = _options(option, game)
    _make(game, players, variant, 0, options)  # checks the variant, the player count and the options
    from hustings.table.settings import TableSettings
    from hustings.tui import ui_for

    try:
        ui_for(game, language, style)
    except ValueError as e:
        _fail(str(e))
    humans = _seats(seat if seat is not None else "0", players)
    bot_seats = [p for p in range(players) if p not in humans]
    if bots is None:
        bots = "heuristic" if heuristic_for(game) is not None else "random"
    elif not bot_seats:
        _fail("--bots: every seat is a person's (--seat), so there is no seat for a bot")
    given_names = [t for t in bots.split(",") if t.strip()]
    if len(given_names) > 1 and len(given_names) != len(bot_seats):
        seats_text = ", ".join(f"P{p + 1}" for p in bot_seats)
        _fail(f"--bots names {len(given_names)} bots for {len(bot_seats)} bot seat(s) ({seats_text}): name one bot "
              "per bot seat in seat order, or a single name for all of them")
    try:
        names_per_bot = parse_bots(bots, len(bot_seats)) if bot_seats else []
        for name in set(names_per_bot):
            make_bot(name, game, 0)
    except ValueError as e:
        _fail(str(e))
    seats: list[str | None] = [None] * players
    for p, name in zip(bot_seats, names_per_bot, strict=True):
        seats[p] = name
    path = save if save is not None else _default_save(spec.id)
    if path.exists():
        _fail(f"{str(path)!r} exists: continue it with --resume {path}, or choose another --save")
    if not path.parent.is_dir():
        _fail(f"cannot write --save {str(path)!r}: its folder does not exist")
    _need_terminal("hustings play")
    from hustings.table.match import MatchError, SaveError
    from hustings.table.store import StoreError
    from hustings.tui.session import Session

    table = TableSettings(tuple(seats), language, style)
    try:
        session = Session.new(game, players, variant, seed, table, path, options)
    except (SaveError, StoreError, MatchError) as e:
        _fail(f"cannot start the game in --save {str(path)!r}: {e}")
    _run_table(session, fast)


def _interactive() -> bool:
    return sys.stdin.isatty()


@dataclass(frozen=True)
class _Save:
    """A save file in the play folder: its match (None when it cannot be opened) and why this program cannot
    continue it (None when it can)."""

    path: Path
    mtime: float
    stored: StoredMatch | None
    refusal: RulesVersionError | None

    @property
    def unfinished(self) -> bool:
        """Unfinished, or not known to be finished (a save that cannot be opened)."""
        return self.stored is None or not self.stored.over

    @property
    def playable(self) -> bool:
        return self.stored is not None and self.refusal is None


def _saved_games(folder: Path) -> list[_Save]:
    """The play records in ``folder``, newest first. Read only: a save that cannot be opened (damaged, another
    save key's) or continued (other rules, an unknown game) is listed as such and left alone; files that are not
    play records are left out."""
    from hustings.table.store import FileStore, NotARecord, StoreError

    store = FileStore(folder)
    found: list[_Save] = []
    for name in store.list():
        path = folder / name
        try:
            stored = store.load(name)
        except NotARecord:
            continue  # another program's file
        except StoreError:
            stored = None
        try:
            mtime = path.stat().st_mtime
        except OSError:
            continue  # gone meanwhile
        refusal = None if stored is None else rules_refusal(stored.game, stored.rules_version, stored.rng, str(path))
        found.append(_Save(path, mtime, stored, refusal))
    return sorted(found, key=lambda s: s.mtime, reverse=True)


def _offer_unfinished(game: str, lang: str) -> Path | None:
    """Ask whether to continue the newest unfinished game of ``game`` in the default folder. When the game played
    last is one this program cannot continue (other rules), say so in one line first: it is kept, and a new game
    starts unless the player declines (then exit)."""
    from hustings.table.keys import data_dir

    mine = [s for s in _saved_games(data_dir() / "games") if s.stored is not None and s.stored.game == game]
    unfinished = [s for s in mine if s.playable and s.unfinished]
    last = mine[0] if mine else None
    if last is not None and last.unfinished and last.refusal is not None:
        notice = _rules_text(last.refusal, lang)
        if not unfinished:
            if not typer.confirm(f"{notice} {_t('start_new_q', lang)}", default=True):
                raise typer.Exit(0)
            return None
        typer.echo(notice)
    if not unfinished:
        return None
    save = unfinished[0]
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(save.mtime))
    steps = len(save.stored.actions) if save.stored is not None else 0
    if typer.confirm(_t("continue_q", lang, when=when, steps=steps, path=save.path), default=True):
        return save.path
    return None


@app.command()
def saves(
    folder: Annotated[Path | None, typer.Option(help="where the records are (default: the play folder)")] = None,
    lang: Annotated[str | None, typer.Option(help="zh-Hans, zh-Hant or en")] = None,
) -> None:
    """List the saved games of `hustings play`, newest first, with how to continue the unfinished ones (and which
    this version cannot continue: made under other rules, or not readable)."""
    from hustings.table.keys import data_dir

    language = _lang(lang)
    where = folder if folder is not None else data_dir() / "games"
    games = _saved_games(where)
    if not games:
        typer.echo(_t("no_saves", language, folder=where))
        return
    table = Table()
    for key in ("saved", "game", "steps", "state", "file"):
        table.add_column(_t(key, language))
    for save in games:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(save.mtime))
        stored = save.stored
        if stored is None:
            table.add_row(when, "?", "?", _t("state_unreadable", language), str(save.path))
            continue
        if save.refusal is not None:
            state = _t(f"state_{save.refusal.age}", language)
        else:
            state = _t("given_up" if stored.given_up is not None else "finished" if stored.over else "unfinished",
                       language)
        table.add_row(when, stored.game, str(len(stored.actions)), state, str(save.path))
    Console(width=200).print(table)
    if any(s.playable for s in games):
        typer.echo(_t("saves_hint", language, cmd=_command()))
    if not all(s.playable for s in games):
        typer.echo(_t("saves_kept", language, cmd=_command()))


def _resume(path: Path, lang: str | None, names: str | None, fast: bool, say_lang: str) -> None:
    from dataclasses import replace

    from hustings.table.files import open_file
    from hustings.table.match import SaveError
    from hustings.table.store import StoreError
    from hustings.tui.session import Session

    try:
        match = open_file(path)
        table = replace(match.settings, lang=lang or match.settings.lang, names=names or match.settings.names)
        from hustings.tui import ui_for

        ui_for(match.state.GAME_ID, table.lang, table.names)
    except StoreError as e:
        _fail_stored(e, say_lang)
    except ValueError as e:
        _fail(f"cannot resume {str(path)!r}: {e}")
    _need_terminal("hustings play")
    if table != match.settings:
        try:
            match.set_settings(table)
        except SaveError as e:
            _fail(f"cannot resume {str(path)!r}: {e}")
    _run_table(Session.of(match, path), fast)


def _run_table(session: Any, fast: bool) -> None:
    from hustings.tui.app import PlayApp

    PlayApp(session, fast=fast).run()
    _after_table(session, session.table.lang, session.path)


def _after_table(session: Any, lang: str, path: Path) -> None:
    """What the terminal says when a table closes: the end of the game, where it is saved, how to go on."""
    from hustings.tui.i18n import tr

    state = session.state
    if session.given_up is not None:
        _print_given_up(Console(), state, lang)
    elif state.is_over:
        _print_final(Console(), state, lang)
    typer.echo(tr("saved_to", lang, path=path))
    if not session.is_over:
        typer.echo(tr("resume_hint", lang, cmd=_command(), path=path))


def _replay_stepping(record: dict[str, Any], state: GameState, player: int | None, lang: str, names: str) -> None:
    _need_terminal("hustings replay --step")
    from hustings.tui import ui_for
    from hustings.tui.replay import ReplayApp

    try:
        ui_for(state.GAME_ID, lang, names)
    except ValueError as e:
        _fail(str(e))
    ReplayApp(record, player, lang, names).run()


@app.command()
def puzzle(
    hard: Annotated[bool, typer.Option("--hard", help="hard mode: the protesters (a councillor's place)")] = False,
    difficulty: Annotated[
        int | None, typer.Option(help="the deal's shortest escape in moves (normal 10-18; hard 10-23, "
                                      "with --strict 10-26)")
    ] = None,
    strict: Annotated[bool, typer.Option("--strict", help="hard mode's strict capture rule: caught whenever the "
                                                          "President stands beside the protesters after a move")]
    = False,
    lang: Annotated[str | None, typer.Option(help="zh-Hans, zh-Hant or en (default: the locale's)")] = None,
    seed: Annotated[int | None, typer.Option(help="a fixed deal (default: a fresh one, never shown)")] = None,
    save: Annotated[Path | None, typer.Option(help="record file to write after every move")] = None,
    keys: Annotated[bool, typer.Option("--keys", help="play on the grid with the arrow keys, not the list")] = False,
    solution: Annotated[bool, typer.Option("--solution", help="print the deal and a shortest escape")] = False,
) -> None:
    """逃出總統府 (Escape from the Presidential Palace), the solo puzzle of 選舉之戰: bring the President to the
    exit. Choose a swap from the list (arrow keys and Enter, or 1-9), or play on the grid with --keys; hints
    and undos are counted, and the moves are set against par at the end. There is no action limit; press G twice
    (g twice with --keys) to give up. Resume with `hustings play --resume`."""
    game = "palace-escape"
    language = _lang(lang)
    spec = _spec(game)
    if seed is not None and not 0 <= seed < 2**512:
        _fail("--seed must be a non-negative integer of at most 512 bits")
    variant = "hard" if hard else "normal"
    options: dict[str, Any] = {} if difficulty is None else {"difficulty": difficulty}
    if strict:
        options["capture"] = "strict"
    try:
        state = hustings.make(game, variant=variant, seed=seed, **options)
    except ValueError as e:
        _fail(str(e))
    if solution:  # through the public API: follow the game's own hints to the exit
        for event in state.events(0):
            typer.echo(event.message(language))
        space = state.SPACE
        while not state.is_over and space.get("hint") in state.legal_actions(0):
            shown = state.apply(0, space.get("hint"))[-1].data
            for event in state.apply(0, space.get("swap", shown["a"], shown["b"])):
                typer.echo(event.message(language))
        return
    path = save if save is not None else _default_save(game)
    if path.exists():
        _fail(f"{str(path)!r} exists: continue it with `{_command()} play --resume {path}`, or choose another --save")
    if not path.parent.is_dir():
        _fail(f"cannot write --save {str(path)!r}: its folder does not exist")
    _need_terminal("hustings puzzle")
    from hustings.table.match import MatchError, SaveError
    from hustings.table.settings import TableSettings
    from hustings.table.store import FileStore, StoreError
    from hustings.tui.session import Session

    store, match_id = FileStore.at(path)
    try:
        match = Match.new(game, TableSettings((None,), language, "local"), variant=variant, seed=seed, store=store,
                          match_id=match_id, options=options)
    except (SaveError, StoreError, MatchError) as e:
        _fail(f"cannot start the game in --save {str(path)!r}: {e}")
    session = Session.of(match, path)
    play_keys = spec.adapter("keys") if keys else None
    if play_keys is None:
        _run_table(session, False)
        return
    play_keys(session, language)
    _after_table(session, language, path)


# -- hustings serve (issue 12): the online server; kept in one block, its imports inside (the server extra) ---------


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="address to listen on (0.0.0.0: every interface)")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port to listen on")] = 8000,
    db: Annotated[str | None, typer.Option(help="sqlite:///PATH or postgresql://... (default: a SQLite file in "
                                                "the data directory)")] = None,
    grace: Annotated[float, typer.Option(help="seconds a disconnected person keeps their seat before a bot "
                                              "plays for them")] = 30.0,
    rate: Annotated[float, typer.Option(help="messages a second one connection may send on average (twice that "
                                             "at once); more are refused as flooding")] = 50.0,
    compress: Annotated[bool, typer.Option(help="compress websocket messages (permessage-deflate): less traffic "
                                                "on slow links, more CPU and about 300 KB of memory a "
                                                "connection")] = False,
) -> None:
    """Run the online game server: a lobby and tables to play every game with people anywhere (docs/server.md)."""
    try:
        import uvicorn

        from hustings.server.app import MAX_MESSAGE, create_app, default_db_url
        from hustings.server.store import StoreError, open_store
    except ImportError as e:
        _fail(f"the server needs its extra: pip install 'hustings[server]' ({e})")
    if not 0 <= port <= 65535:
        _fail("--port must be from 0 to 65535")
    if grace < 0:
        _fail("--grace must not be negative")
    if rate <= 0:
        _fail("--rate must be positive")
    url = db or default_db_url()
    try:
        store = open_store(url)
    except StoreError as e:
        _fail(f"cannot open the database: {e}")
    shown = f"[{host}]" if ":" in host else host
    typer.echo(f"hustings server: open http://{shown}:{port}/  (database: {url.split('@')[-1]})", err=False)
    sys.stdout.flush()
    # frames up to 1 MiB reach the server, which answers anything over its own limit with a clear error
    uvicorn.run(create_app(store, grace_s=grace, rate=rate, burst=2 * rate, tend_process=True), host=host, port=port,
                log_level="warning", ws_max_size=max(1 << 20, MAX_MESSAGE * 4), ws_per_message_deflate=compress,
                access_log=False, lifespan="on")


def main() -> None:
    """Console-script entry point."""
    app(prog_name="hustings")


if __name__ == "__main__":
    main()

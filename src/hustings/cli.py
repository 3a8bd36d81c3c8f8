"""The ``hustings`` command line: list games, simulate random play, replay records, watch a demo game.

Every bad argument ends in one line on stderr and exit code 2, never a traceback: this is a tool people
type at, and a stack trace for a typo in a game name is noise.
"""

from __future__ import annotations

import json
import os
import random
import time
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

import hustings
from hustings.bots import RandomBot, play_game
from hustings.engine import GameSpec, GameState, RecordError, get_spec, normalize_lang

USAGE_ERROR = 2

app = typer.Typer(
    name="hustings",
    help="Election strategy board games: simulate, replay and watch games.",
    add_completion=False,
    no_args_is_help=True,
    # A bug should still show a plain traceback; Rich's boxed one with locals is too much for a CLI.
    pretty_exceptions_enable=False,
)

# Interface words around the games' own (already translated) event messages.
_UI: dict[str, dict[str, str]] = {
    "game": {"en": "game", "zh-Hans": "游戏", "zh-Hant": "遊戲"},
    "title": {"en": "title", "zh-Hans": "名称", "zh-Hant": "名稱"},
    "variants": {"en": "variants", "zh-Hans": "变体", "zh-Hant": "變體"},
    "players": {"en": "players", "zh-Hans": "玩家人数", "zh-Hant": "玩家人數"},
    "seed": {"en": "seed", "zh-Hans": "种子", "zh-Hant": "種子"},
    "score": {"en": "score", "zh-Hans": "得分", "zh-Hant": "得分"},
    "total": {"en": "total", "zh-Hans": "总分", "zh-Hant": "總分"},
    "winners": {"en": "winner(s)", "zh-Hans": "获胜者", "zh-Hant": "獲勝者"},
    "final": {"en": "Final scores", "zh-Hans": "最终得分", "zh-Hant": "最終得分"},
    "not_over": {
        "en": "The game is not over (step {n}).",
        "zh-Hans": "游戏尚未结束（第 {n} 步）。",
        "zh-Hant": "遊戲尚未結束（第 {n} 步）。",
    },
    "games": {"en": "games", "zh-Hans": "局数", "zh-Hant": "局數"},
    "mean_steps": {"en": "mean steps", "zh-Hans": "平均步数", "zh-Hant": "平均步數"},
    "games_per_s": {"en": "games/s", "zh-Hans": "局/秒", "zh-Hant": "局/秒"},
    "mean_total": {"en": "mean total", "zh-Hans": "平均总分", "zh-Hant": "平均總分"},
    "win_share": {"en": "win share", "zh-Hans": "胜率", "zh-Hant": "勝率"},
    "mean_of": {"en": "mean {c}", "zh-Hans": "平均 {c}", "zh-Hant": "平均 {c}"},
    # Games name seats from 1 in their messages ("P1 chooses ..."), so tables do too; --player stays 0-based
    # like the engine.
    "seat": {"en": "P{n}", "zh-Hans": "玩家{n}", "zh-Hant": "玩家{n}"},
}


def _t(key: str, lang: str, **kw: object) -> str:
    return _UI[key][lang].format(**kw)


def _fail(message: str) -> NoReturn:
    """Report a usage problem on one line and exit 2."""
    typer.echo(f"hustings: error: {message}", err=True)
    raise typer.Exit(USAGE_ERROR)


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


def _make(game: str, players: int, variant: str | None, seed: int) -> GameState:
    try:
        return hustings.make(game, players=players, variant=variant, seed=seed)
    except ValueError as e:
        _fail(str(e))


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


# ------------------------------------------------------------------------------------------- games


@app.command()
def games(lang: Annotated[str | None, typer.Option(help="zh-Hans, zh-Hant or en")] = None) -> None:
    """List the registered games with their variants and player counts."""
    language = _lang(lang)
    table = Table()
    for key in ("game", "title", "variants", "players"):
        table.add_column(_t(key, language))
    for game_id in hustings.list_games():
        spec = get_spec(game_id)
        variants = "\n".join(v + (" (default)" if v == spec.default_variant else "") for v in spec.variants)
        counts = "\n".join(f"{v}: {_counts(spec.player_counts(v))}" for v in spec.variants)
        table.add_row(game_id, _title(spec, language), variants, counts)
    Console().print(table)


# ---------------------------------------------------------------------------------------- simulate


class _GamesPerSecond(ProgressColumn):
    """Overall rate since the start; Rich's own speed is a short sliding window that jitters."""

    def render(self, task: Task) -> Text:
        elapsed = task.elapsed or 0.0
        rate = task.completed / elapsed if elapsed > 0 else 0.0
        return Text(f"{rate:,.1f} games/s", style="progress.data.speed")


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(help="game id, see `hustings games`")],
    players: Annotated[int, typer.Option("--players", "-p", help="number of players")],
    out: Annotated[Path, typer.Option("--out", "-o", help="JSONL file to write, one record per game")],
    variant: Annotated[str | None, typer.Option(help="rule variant (default: the game's)")] = None,
    games: Annotated[int, typer.Option("--games", "-n", help="how many games")] = 100,
    seed: Annotated[int, typer.Option(help="game i uses seed SEED+i")] = 0,
    lang: Annotated[str | None, typer.Option(help="zh-Hans, zh-Hant or en")] = None,
) -> None:
    """Play GAMES games between uniform-random bots and write their records to OUT."""
    language = _lang(lang)
    if games < 1:
        _fail(f"--games must be at least 1, not {games}")
    spec = _spec(game)
    variant = spec.default_variant if variant is None else variant
    first = _make(game, players, variant, seed)  # validates variant and player count before any file is made
    try:
        # Line-buffered: records of finished games survive an interrupted run.
        fh = open(out, "w", encoding="utf-8", buffering=1)  # noqa: SIM115
    except OSError as e:
        _fail(f"cannot write --out {str(out)!r}: {e.strerror or e}")

    steps: list[int] = []
    totals = [0.0] * players
    wins = [0.0] * players
    component_sums: dict[str, list[float]] = {}
    progress = Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        _GamesPerSecond(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),  # stdout stays for the summary
    )
    started = time.perf_counter()
    with fh, progress:
        task = progress.add_task(f"{game} {variant} {players}p", total=games)
        for i in range(games):
            state = first if i == 0 else hustings.make(game, players=players, variant=variant, seed=seed + i)
            # One RNG per game, derived from (seed, i), so any single game can be re-run on its own.
            bot = RandomBot(seed * 1000003 + i)
            play_game(state, [bot] * players)
            scores = state.scores()
            winners = state.winners()
            line: dict[str, Any] = state.record()
            line["scores"] = scores
            line["winners"] = winners
            fh.write(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n")
            steps.append(state.step_count)
            for p, s in enumerate(scores):
                totals[p] += s["total"]
                for name, value in s.items():
                    if name != "total":
                        component_sums.setdefault(name, [0.0] * players)[p] += value
            for p in winners:
                wins[p] += 1 / len(winners)  # a tie splits the win, so shares add up to 100%
            progress.advance(task)
    elapsed = time.perf_counter() - started

    console = Console()
    table = Table(title=f"{_title(spec, language)} ({variant}, {players}p)")
    table.add_column("")
    for p in range(players):
        table.add_column(_t("seat", language, n=p + 1), justify="right")
    table.add_row(_t("mean_total", language), *(f"{t / games:.2f}" for t in totals))
    table.add_row(_t("win_share", language), *(f"{w / games:.1%}" for w in wins))
    for name, sums in component_sums.items():
        label = spec.score_label(name, language)
        table.add_row(_t("mean_of", language, c=label), *(f"{v / games:.2f}" for v in sums))
    console.print(table)
    console.print(
        f"{_t('games', language)}: {games}   {_t('mean_steps', language)}: {sum(steps) / games:.1f}   "
        f"{_t('games_per_s', language)}: {games / elapsed:.1f}   → {out}",
        highlight=False,
    )


# ------------------------------------------------------------------------------------------ replay


def _load_record(path: Path, index: int) -> dict[str, Any]:
    """Record number ``index`` from a JSONL file, a single JSON record or a JSON list of records."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        _fail(f"cannot read {str(path)!r}: {reason}")
    try:
        whole = json.loads(text)
    except json.JSONDecodeError:
        return _load_jsonl_line(path, text, index)
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
    try:
        record = json.loads(raw)
    except json.JSONDecodeError as e:
        _fail(f"{path}:{lineno}: bad JSON: {e.msg} (column {e.colno})")
    if not isinstance(record, dict):
        _fail(f"{path}:{lineno}: a record must be a JSON object")
    return record


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="record file: JSONL from `simulate`, or one JSON record")],
    game_index: Annotated[int, typer.Option("--game-index", "-i", help="which record in the file")] = 0,
    lang: Annotated[str | None, typer.Option(help="zh-Hans, zh-Hant or en")] = None,
    player: Annotated[
        int | None,
        typer.Option("--player", "-p", help="whose events: seat 0..N-1 (shown as P1..PN), default spectator"),
    ] = None,
) -> None:
    """Replay a recorded game and print the events PLAYER could see, then the final scores."""
    language = _lang(lang)
    record = _load_record(file, game_index)
    try:
        state = hustings.replay(record)
    except RecordError as e:
        _fail(f"cannot replay record {game_index} of {str(file)!r}: {e}")
    if player is not None and not 0 <= player < state.num_players:
        _fail(f"--player {player} is not in this game (players are 0..{state.num_players - 1})")
    for event in state.events(player):
        typer.echo(event.message(language))
    console = Console()
    if state.is_over:
        _print_final(console, state, language)
        if "scores" in record and record["scores"] != state.scores():
            # The record replays, but to other scores: the rules changed since it was written.
            typer.echo("hustings: warning: replayed scores differ from those stored in the record", err=True)
    else:
        console.print(_t("not_over", language, n=state.step_count))


# -------------------------------------------------------------------------------------------- demo


@app.command()
def demo(
    game: Annotated[str, typer.Argument(help="game id, see `hustings games`")],
    players: Annotated[int, typer.Option("--players", "-p", help="number of players")],
    variant: Annotated[str | None, typer.Option(help="rule variant (default: the game's)")] = None,
    seed: Annotated[int | None, typer.Option(help="game seed (default: a fresh one, printed)")] = None,
    lang: Annotated[str | None, typer.Option(help="zh-Hans, zh-Hant or en (default: the locale's)")] = None,
) -> None:
    """Watch one complete game between random bots: every public event, then the scores."""
    language = _lang(lang)
    spec = _spec(game)
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    state = _make(game, players, variant, seed)
    variant = spec.default_variant if variant is None else variant
    console = Console()
    console.print(
        f"[bold]{escape(_title(spec, language))}[/bold] ({variant}, {players}p, {_t('seed', language)} {seed})",
        highlight=False,
    )
    play_game(state, [RandomBot(seed * 1000003)] * players)
    for event in state.events(None):
        typer.echo(event.message(language))
    _print_final(console, state, language)


def main() -> None:
    """Console-script entry point."""
    app(prog_name="hustings")


if __name__ == "__main__":
    main()

"""Research commands: ``hustings benchmark`` (the benchmark protocol's rows for a policy, docs/benchmark.md) and
``hustings dataset`` (lab records as training arrays for imitation learning, docs/rl.md)."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from hustings.cli.app import app
from hustings.cli.common import RULES_FILE_HELP, SET_HELP, fail, house_rules_option, lang_option, say
from hustings.sim.benchmark import Row, configs, protocol_for, run_protocol

# the header of the paper's table, in the reader's language
_HEAD = {
    "en": ("game", "policy", "opponents", "games", "win share [95% CI]", "× equal", "Elo vs opponents", "all lost"),
    "zh-Hans": ("游戏", "策略", "对手", "局数", "胜率 [95% 置信区间]", "× 均等份额", "相对对手的 Elo", "全员落败"),
    "zh-Hant": ("遊戲", "策略", "對手", "局數", "勝率 [95% 信賴區間]", "× 均等份額", "相對對手的 Elo", "全員落敗"),
}
_SOLO = {"en": "solo", "zh-Hans": "单人", "zh-Hant": "單人"}
_QUICK = {
    "en": "a quick look ({pct:.0%} of the protocol's games): not the protocol's row",
    "zh-Hans": "快速查看（协议局数的 {pct:.0%}）：不是协议规定的结果",
    "zh-Hant": "快速查看（協定局數的 {pct:.0%}）：不是協定規定的結果",
}


def _elo(row: Row) -> str:
    if row.players < 2:
        return "-"
    lo, hi = row.interval

    def fmt(x: float) -> str:
        return f"{x:+.0f}" if math.isfinite(x) else ("+∞" if x > 0 else "-∞")  # ASCII minus, as f"{x:+.0f}" writes it

    return f"{fmt(row.elo())} [{fmt(row.elo(lo))}, {fmt(row.elo(hi))}]"


def markdown_row(row: Row, lang: str) -> str:
    lo, hi = row.interval
    ratio = "-" if row.players < 2 else f"{row.share / row.equal:.2f}"
    opponent = _SOLO.get(lang, "solo") if row.players < 2 else f"{row.players - 1} × `{row.opponent}`"
    cells = (f"{row.game} {row.variant} {row.players}p", f"`{row.policy}`", opponent, str(row.games),
             f"{row.share:.3f} [{lo:.3f}, {hi:.3f}]", ratio, _elo(row), str(row.everyone_lost))
    return "| " + " | ".join(cells) + " |"


def _policy_game(policy: str) -> str | None:
    """The game a learned checkpoint was trained for (so that ``--game`` may be left out)."""
    if not policy.startswith("learned:"):
        return None
    try:
        import numpy as np

        with np.load(policy.removeprefix("learned:"), allow_pickle=False) as data:
            game = json.loads(str(data["meta"])).get("game")
    except Exception:  # the lab names the problem when it loads the checkpoint
        return None
    return game if isinstance(game, str) else None


@app.command()
def benchmark(
    policy: Annotated[str, typer.Argument(help="the policy to score: a bot name, module:Object or learned:FILE.npz")],
    game: Annotated[str | None, typer.Option(help="the game's protocol (default: a learned checkpoint's game)")] = None,
    opponents: Annotated[str | None, typer.Option(help="only these of the protocol's opponents (comma list)")] = None,
    quick: Annotated[float, typer.Option(help="play this fraction of the protocol's games (a look, not a row)")] = 1.0,
    workers: Annotated[int, typer.Option(help="worker processes (the same games whatever the count)")] = 1,
    json_out: Annotated[Path | None, typer.Option("--json", help="also write the rows to this JSON file")] = None,
    lang: Annotated[str | None, typer.Option(help="zh-Hans, zh-Hant or en")] = None,
    set_: Annotated[list[str] | None, typer.Option("--set", help=SET_HELP + " (the rows are then not the "
                                                                  "protocol's)")] = None,
    rules_file: Annotated[list[Path] | None, typer.Option("--rules", help=RULES_FILE_HELP)] = None,
) -> None:
    """Score POLICY by the benchmark protocol (docs/benchmark.md): fixed opponents, seeds and games per game; prints
    the rows to put in a paper (win share with its 95% interval, × the equal share, Elo against the opponents)."""
    language = lang_option(lang)
    chosen = game or _policy_game(policy)
    if chosen is None:
        fail("--game: name the game whose protocol to run (docs/benchmark.md)")
    if not 0 < quick <= 1:
        fail(f"--quick must be in (0, 1], not {quick}")
    if workers < 1:
        fail(f"--workers must be at least 1, not {workers}")
    try:
        proto = protocol_for(chosen)
    except ValueError as e:
        fail(str(e))
    rules = house_rules_option(set_, rules_file, proto.game)
    try:
        wanted = [o.strip() for o in opponents.split(",") if o.strip()] if opponents else None
        plan = configs(policy, proto, wanted, quick, rules)  # loads the policy: a bad one is refused before any game
    except ValueError as e:
        fail(str(e))
    console = Console(stderr=True)
    rows: list[Row] = []
    progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                        console=console)
    try:
        with progress:
            tasks = {opp: progress.add_task(f"{proto.game} vs {opp}", total=cfg.games) for opp, cfg in plan}
            for row in run_protocol(policy, proto, wanted, quick, workers,
                                    on_game=lambda opp: progress.advance(tasks[opp]), rules=rules):
                rows.append(row)
    except ValueError as e:  # an outside policy that breaks the rules mid-game
        fail(str(e))
    out = Console() if sys.stdout.isatty() else Console(width=200)
    if plan and plan[0][1].rules:  # not the protocol's rows: say under which house rules they were played
        out.print(f"{say('house_rules', language)} {plan[0][1].rules_text()}", highlight=False, markup=False)
    out.print("| " + " | ".join(_HEAD.get(language, _HEAD["en"])) + " |", highlight=False)
    out.print("|" + "---|" * len(_HEAD["en"]), highlight=False)
    for row in rows:
        out.print(markdown_row(row, language), highlight=False, markup=False)
    if quick < 1:
        out.print(_QUICK.get(language, _QUICK["en"]).format(pct=quick), highlight=False)
    if json_out is not None:
        try:
            json_out.write_text(json.dumps([r.to_json() for r in rows], indent=2), encoding="utf-8")
        except OSError as e:
            fail(f"cannot write --json {str(json_out)!r}: {e.strerror or e}")


@app.command()
def dataset(
    files: Annotated[list[Path], typer.Argument(help="lab record files (JSONL: simulate/tournament --out)")],
    out: Annotated[Path, typer.Option("--out", "-o", help="the .npz file to write")],
    only_bots: Annotated[str | None, typer.Option(help="keep only the decisions of these bots (comma list)")] = None,
    utility: Annotated[str, typer.Option(help="the return: outcome, rank, win or score")] = "outcome",
    max_games: Annotated[int | None, typer.Option(help="stop after this many games")] = None,
) -> None:
    """Lab records as training arrays (observations, masks, actions, returns, seats, games, steps, bots) from each
    deciding seat's view, for imitation learning (docs/rl.md)."""
    try:
        from hustings.rl.export import records_to_arrays, save_arrays
    except ImportError:
        fail("hustings dataset needs NumPy: pip install 'hustings[rl]'")
    if out.suffix != ".npz":
        fail(f"--out {str(out)!r}: use a .npz file name")
    keep = [b.strip() for b in only_bots.split(",") if b.strip()] if only_bots else None
    try:
        arrays = records_to_arrays(files, utility=utility, max_games=max_games, only_bots=keep)
        save_arrays(arrays, out)
    except ValueError as e:
        fail(str(e))
    except OSError as e:
        fail(f"cannot write --out {str(out)!r}: {e.strerror or e}")
    meta = json.loads(str(arrays["meta"]))
    typer.echo(f"{meta['decisions']:,} decisions of {meta['games']:,} games ({meta['game']} {meta['variant']} "
               f"{meta['players']}p, observation size {meta['obs_size']}) → {out}")

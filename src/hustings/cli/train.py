"""``hustings train GAME``: expert iteration into a ``learned`` checkpoint (:mod:`hustings.rl.train`), or the
cross-entropy method into a ``learned`` scorer (``--method evolve``, :mod:`hustings.rl.evolve`); docs/rl.md."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeElapsedColumn

from hustings.cli.app import app
from hustings.cli.common import fail

T = TypeVar("T")


def _hidden(text: str) -> tuple[int, ...]:
    try:
        widths = tuple(int(t) for t in text.split(",") if t.strip())
    except ValueError:
        fail(f"--hidden {text!r}: give layer widths separated by commas, e.g. 256,256")
    if not widths:
        fail("--hidden needs at least one layer width")
    return widths


@app.command()
def train(
    game: Annotated[str, typer.Argument(help="the game to learn (選舉之戰: election-war)")],
    out: Annotated[Path | None, typer.Option("--out", "-o", help="folder for checkpoints and the curve "
                                                                  "(default: runs/GAME-Np)")] = None,
    players: Annotated[int, typer.Option(help="player count")] = 4,
    variant: Annotated[str | None, typer.Option(help="variant (default: the game's)")] = None,
    seed: Annotated[int, typer.Option(help="seeds every game, shuffle and initial weight")] = 1,
    warm_games: Annotated[int, typer.Option(help="heuristic games whose every decision is a warm-start sample")] = 300,
    iterations: Annotated[int, typer.Option(help="expert iterations after the warm start")] = 4,
    games: Annotated[int, typer.Option(help="games per iteration labelled by the expert")] = 16,
    expert: Annotated[str, typer.Option(help="the search whose root visits are the targets")] = "ismcts:normal",
    opponents: Annotated[str, typer.Option(help="the other seats in the expert's games (comma list)")] = "heuristic",
    beta: Annotated[float, typer.Option(help="chance the expert's move is played at the learner's seat")] = 0.5,
    hidden: Annotated[str, typer.Option(help="hidden layer widths (ReLU)")] = "256,256",
    epochs: Annotated[int, typer.Option(help="passes over all samples after each iteration")] = 3,
    warm_epochs: Annotated[int, typer.Option(help="passes after the warm start")] = 4,
    batch: Annotated[int, typer.Option(help="batch size")] = 256,
    lr: Annotated[float, typer.Option(help="Adam's learning rate")] = 1e-3,
    heuristic_weight: Annotated[float, typer.Option(help="loss weight of a heuristic-labelled sample "
                                                          "(an expert's weighs 1)")] = 0.1,
    eval_games: Annotated[int, typer.Option(help="held-out games against heuristics after each stage")] = 100,
    check_games: Annotated[int, typer.Option(help="held-out heuristic games whose moves the network is checked "
                                                   "against after each stage (0: none)")] = 50,
    egocentric: Annotated[bool, typer.Option(help="the encoder's egocentric form (observer first)")] = False,
    minutes: Annotated[float | None, typer.Option(help="start no iteration after this many minutes")] = None,
    samples: Annotated[Path | None, typer.Option(help="train on an earlier run's samples.npz instead of playing "
                                                      "(--warm-epochs passes)")] = None,
    method: Annotated[str, typer.Option(help="imitate: expert iteration (an MLP over the observation, PyTorch); "
                                             "evolve: the cross-entropy method over a scorer of the game's action "
                                             "features (NumPy)")] = "imitate",
    generations: Annotated[int, typer.Option(help="evolve: generations")] = 30,
    population: Annotated[int, typer.Option(help="evolve: scorers drawn a generation")] = 20,
    elite: Annotated[int, typer.Option(help="evolve: the best scorers that move the mean")] = 5,
    seeds: Annotated[int, typer.Option(help="evolve: deals a generation, each played with the learner in every "
                                            "seat")] = 50,
    sigma: Annotated[float, typer.Option(help="evolve: the initial spread of every weight")] = 0.3,
    sigma_min: Annotated[float, typer.Option(help="evolve: the spread never falls below this")] = 0.03,
    eval_every: Annotated[int, typer.Option(help="evolve: held-out games every this many generations")] = 5,
    workers: Annotated[int, typer.Option(help="evolve: processes playing the games")] = 2,
) -> None:
    """Train a learned policy (docs/rl.md). By expert iteration (--method imitate): a search labels positions, an MLP
    learns them, and it plays held-out games against the heuristic after every stage; needs PyTorch (pip install
    'hustings[learn]'). By the cross-entropy method (--method evolve): a scorer of each legal action's features,
    starting as the heuristic, is searched for the weights that win most against the opponents; NumPy alone. The
    checkpoint either writes plays with NumPy alone (--bots learned:OUT/policy.npz)."""
    if method == "evolve":
        _evolve(game, out, players, variant, seed, opponents, eval_games, minutes, generations, population, elite,
                seeds, sigma, sigma_min, eval_every, workers)
        return
    if method != "imitate":
        fail(f"--method {method!r}: choose imitate or evolve")
    try:
        import torch  # noqa: F401  # only to say clearly that it is missing

        from hustings.rl.train import TrainConfig, validate
        from hustings.rl.train import train as run_training
    except ImportError as e:
        fail(f"hustings train needs PyTorch and NumPy: pip install 'hustings[learn]' ({e})")
    _known(game)
    cfg = TrainConfig(game=game, players=players, variant=variant, seed=seed, warm_games=warm_games,
                      iterations=iterations, games=games, expert=expert, opponents=opponents, beta=beta,
                      hidden=_hidden(hidden), epochs=epochs, warm_epochs=warm_epochs, batch=batch, lr=lr,
                      heuristic_weight=heuristic_weight, eval_games=eval_games, check_games=check_games,
                      egocentric=egocentric, minutes=minutes, samples=None if samples is None else str(samples))
    folder = out or Path("runs") / f"{game}-{players}p"
    cpu = time.process_time()
    curve, wall = _run(lambda: validate(cfg), lambda shown: run_training(cfg, folder, shown), folder)
    cpu_s = time.process_time() - cpu
    best = max(curve, key=lambda p: p.win_share) if curve else None
    typer.echo(f"{len(curve)} stages in {wall / 60:.1f} min wall, {cpu_s / 60:.1f} min CPU → {folder}/policy.npz"
               + (f" (stage {best.iteration}: win share {best.win_share:.3f} against {players - 1} heuristics)"
                  if best else ""))


def _bar() -> tuple[Progress, type]:
    """A progress bar on stderr and the training's reporter drawing on it."""
    from hustings.rl.train import Progress as Reporter

    console = Console(stderr=True)
    bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                   console=console)

    class Shown(Reporter):
        task_id: TaskID | None = None

        def task(self, description: str, total: int) -> None:
            if self.task_id is not None:
                bar.remove_task(self.task_id)
            self.task_id = bar.add_task(description, total=total)

        def advance(self) -> None:
            if self.task_id is not None:
                bar.advance(self.task_id)

        def line(self, text: str) -> None:
            bar.console.print(text, highlight=False, markup=False)

    return bar, Shown


def _known(game: str) -> None:
    """Refuse an unknown game in one line, before any option is read."""
    import hustings

    try:
        hustings.get_spec(game)
    except ValueError as e:
        fail(str(e))


def _run(check: Callable[[], object], run: Callable[[Any], T], folder: Path) -> tuple[T, float]:
    """Check the options (a ValueError is refused in one line), then run the training under a progress bar; returns
    its result and the wall seconds it took."""
    try:
        check()
    except ValueError as e:
        fail(str(e))
    bar, shown = _bar()
    started = time.perf_counter()
    try:
        with bar:
            result = run(shown())
    except ValueError as e:
        fail(str(e))
    except OSError as e:
        fail(f"cannot write into --out {str(folder)!r}: {e.strerror or e}")
    return result, time.perf_counter() - started


def _evolve(game: str, out: Path | None, players: int, variant: str | None, seed: int, opponents: str,
            eval_games: int, minutes: float | None, generations: int, population: int, elite: int, seeds: int,
            sigma: float, sigma_min: float, eval_every: int, workers: int) -> None:
    try:
        from hustings.rl.evolve import EvolveConfig, evolve, validate
    except ImportError as e:
        fail(f"hustings train --method evolve needs NumPy: pip install 'hustings[rl]' ({e})")
    _known(game)
    cfg = EvolveConfig(game=game, players=players, variant=variant, seed=seed, generations=generations,
                       population=population, elite=elite, seeds=seeds, sigma=sigma, sigma_min=sigma_min,
                       opponents=opponents, eval_games=eval_games, eval_every=eval_every, workers=workers,
                       minutes=minutes)
    folder = out or Path("runs") / f"{game}-{players}p-evolve"
    curve, wall = _run(lambda: validate(cfg), lambda shown: evolve(cfg, folder, shown), folder)
    games_cpu = curve[-1].cpu_s if curve else 0.0
    held = [p for p in curve if p.held_share == p.held_share]
    best = max(held, key=lambda p: p.held_share) if held else None
    typer.echo(f"{len(curve)} generations in {wall / 60:.1f} min wall ({games_cpu / 60:.1f} min CPU playing games, "
               f"{workers} worker{'s' if workers > 1 else ''}) → {folder}/policy.npz"
               + (f" (generation {best.generation}: held-out win share {best.held_share:.3f} against "
                  f"{players - 1} opponents)" if best else ""))

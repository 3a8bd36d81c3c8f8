"""Engine speed: random-play throughput, clone/view cost, state size and peak memory for every game.

    .venv/bin/python benchmarks/engine_speed.py               # 1000 games per configuration
    .venv/bin/python benchmarks/engine_speed.py --games 50    # a quick look

When open_spiel is installed (``pip install -e '.[bench]'``) the same random loop also runs over four of
its pure-Python games for a comparable wall time, and Die Macher 2019 with 4 players (or each ``--rate
GAME:VARIANT[:PLAYERS]``) is rated against their median: floor 0.5x, aim 1.2x on the pure-Python engine and
1.5x on the compiled one (issue 28; moonshot 3x). Four of its C++ games run too, through the same loop, and
the ratio to their median is printed beside it.

    .venv/bin/python benchmarks/engine_speed.py --games 200 --rate die-macher-2019:standard \
        --rate die-macher:full --rate die-macher:short

The whole run (ours and open_spiel's loops alike) uses the collector settings the lab plays with
(``hustings.engine.collector.many_games``: young collections every 20,000 allocations, not 700, since a game's
events live as long as it does); ``--gc default`` measures under Python's own.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import pickle
import random
import statistics
import sys
import time
import tracemalloc
import types
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console
from rich.table import Table

import hustings
from hustings.engine import Action, ActionSpace, GameState, get_spec, list_games
from hustings.engine.collector import many_games

REFERENCE_GAME = "die-macher-2019"
REFERENCE_VARIANT = "standard"
OPENSPIEL_GAMES = ("python_kuhn_poker", "python_liars_poker", "python_tic_tac_toe", "python_block_dominoes")
#: open_spiel's games written in C++, played by the same Python loop through pybind: the Python games above run
#: through pybind too, so their median is also given against these, for honesty (issue 28)
OPENSPIEL_CPP_GAMES = ("kuhn_poker", "leduc_poker", "liars_dice", "tic_tac_toe")
#: the ratio to open_spiel's Python games' median: the floor fails --strict; the aims are issue 28's (the compiled
#: build's aim applies when the engine runs compiled), the moonshot 3x
FLOOR, AIM_PURE, AIM_COMPILED, MOONSHOT = 0.5, 1.2, 1.5, 3.0
MAX_STEPS = 1_000_000  # a random game longer than this is a bug, not a slow game


def _clock() -> float:
    """The clock of every figure: wall time, or this process's CPU time with --cpu (robust on a loaded machine)."""
    return CLOCK()


CLOCK: Callable[[], float] = time.perf_counter

# Wide enough for the tables when the output goes to a file or a pipe (Rich assumes 80 columns there).
console = Console(width=None if sys.stdout.isatty() else 120)


@dataclass
class Result:
    """Figures for one (game, variant, players) configuration."""

    game: str
    variant: str
    players: int
    games: int = 0
    steps: int = 0
    seconds: float = 0.0
    game_ms: list[float] = field(default_factory=list)
    lengths: list[int] = field(default_factory=list)
    clone_us: float = float("nan")
    view_us: float = float("nan")
    pickle_bytes: float = float("nan")
    deep_bytes: float = float("nan")
    peak_bytes: int = 0
    game_peak_bytes: int = 0
    notes: list[str] = field(default_factory=list)

    @property
    def steps_per_s(self) -> float:
        return self.steps / self.seconds if self.seconds else 0.0

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0


#: the state's method the random loop applies with: ``play`` (what the lab, a search's rollouts and the learner
#: environments use: the events are recorded, not handed back) or, with --apply, ``apply`` (what a table uses: each
#: action's events frozen and handed back)
LOOP = "play"


def play_random(state: GameState, rng: random.Random, stop_at: int = MAX_STEPS) -> int:
    """The fast random loop: no views, no copies. Returns the number of steps taken."""
    n = 0
    randrange = rng.randrange
    act = getattr(state, LOOP)
    while not state.is_over and n < stop_at:
        p = state.current_players[0]
        acts = state.legal_actions(p)
        act(p, acts[randrange(len(acts))])
        n += 1
    if n >= MAX_STEPS:
        raise RuntimeError(f"{state.GAME_ID}: a random game ran past {MAX_STEPS} steps")
    return n


def throughput(res: Result, games: int) -> None:
    """Play ``games`` seeded random games, timing each from make() to the end."""
    make = hustings.make
    clock = _clock
    gc.collect()
    for i in range(games):
        t0 = clock()
        state = make(res.game, players=res.players, variant=res.variant, seed=i)
        steps = play_random(state, random.Random(i))
        dt = clock() - t0
        res.game_ms.append(dt * 1000)
        res.lengths.append(steps)
        res.steps += steps
        res.seconds += dt
    res.games = games


def mid_game_states(res: Result, sample: int) -> list[GameState]:
    """States halfway through the first ``sample`` games (same seeds, so the same games as timed)."""
    out = []
    for i, length in enumerate(res.lengths[:sample]):
        state = hustings.make(res.game, players=res.players, variant=res.variant, seed=i)
        play_random(state, random.Random(i), stop_at=length // 2)
        if not state.is_over:
            out.append(state)
    return out


def per_call_us(fn: Callable[[], object], min_seconds: float = 0.02) -> float:
    """Mean microseconds per call, repeating until the timing is long enough to trust."""
    reps = 1
    while True:
        t0 = _clock()
        for _ in range(reps):
            fn()
        dt = _clock() - t0
        if dt >= min_seconds or reps >= 1 << 20:
            return dt / reps * 1e6
        reps *= 4


# Shared, immutable or code-like objects: not part of what one more state costs.
_SKIP_TYPES: tuple[type, ...] = (
    type,
    types.ModuleType,
    types.FunctionType,
    types.BuiltinFunctionType,
    types.CodeType,
    types.MethodDescriptorType,
    types.WrapperDescriptorType,
    ActionSpace,
    Action,
)


def deep_sizeof(root: object) -> int:
    """Recursive sys.getsizeof over gc referents, each object once.

    Action objects and the action space are shared by every state of a game, so they are left out.
    Event renderers are bound methods and are followed: if they keep another state alive, that memory
    is really held by this one.
    """
    seen: set[int] = set()
    total = 0
    stack: list[Any] = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, _SKIP_TYPES):
            continue
        seen.add(id(obj))
        total += sys.getsizeof(obj)
        stack.extend(gc.get_referents(obj))
    return total


def state_costs(res: Result, sample: int) -> None:
    states = mid_game_states(res, sample)
    if not states:
        res.notes.append("no mid-game state to measure")
        return
    clones, views, pickles, deeps = [], [], [], []
    for s in states:
        clones.append(per_call_us(s.clone))
        p = s.current_players[0]
        views.append(per_call_us(lambda s=s, p=p: s.view(p)))  # type: ignore[misc]
        deeps.append(deep_sizeof(s))
        try:
            pickles.append(len(pickle.dumps(s, protocol=pickle.HIGHEST_PROTOCOL)))
        except Exception as e:  # a state that cannot be pickled is a finding, not a crash
            if not any(n.startswith("pickle") for n in res.notes):
                res.notes.append(f"pickle failed: {type(e).__name__}: {e}"[:100])
    res.clone_us = statistics.median(clones)
    res.view_us = statistics.median(views)
    res.deep_bytes = statistics.median(deeps)
    if pickles:
        res.pickle_bytes = statistics.median(pickles)


def peak_memory(res: Result, games: int) -> None:
    """Peak traced allocation over ``games`` games, in two passes (apart from the timed run, because
    tracemalloc slows allocation several times):

    - ``peak_bytes``: games back to back, garbage left to the collector as in real use. States that
      are reference cycles pile up between collections, so this can be several games' worth.
    - ``game_peak_bytes``: the largest single game, with a full collection before each.
    """
    gc.collect()
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        tracemalloc.reset_peak()
        for i in range(games):
            state = hustings.make(res.game, players=res.players, variant=res.variant, seed=i)
            play_random(state, random.Random(i))
            del state
        res.peak_bytes = tracemalloc.get_traced_memory()[1] - base
        for i in range(games):
            gc.collect()
            base = tracemalloc.get_traced_memory()[0]
            tracemalloc.reset_peak()
            state = hustings.make(res.game, players=res.players, variant=res.variant, seed=i)
            play_random(state, random.Random(i))
            del state
            res.game_peak_bytes = max(res.game_peak_bytes, tracemalloc.get_traced_memory()[1] - base)
    finally:
        tracemalloc.stop()


# ---------------------------------------------------------------------------------------- open_spiel


@dataclass
class TimedRun:
    """Random play for a fixed wall time; runs of one game add up across rounds."""

    name: str
    games: int = 0
    steps: int = 0  # every apply, open_spiel's chance outcomes included
    decisions: int = 0  # player moves only
    seconds: float = 0.0

    def add(self, other: TimedRun) -> None:
        self.games += other.games
        self.steps += other.steps
        self.decisions += other.decisions
        self.seconds += other.seconds

    @property
    def steps_per_s(self) -> float:
        return self.steps / self.seconds if self.seconds else 0.0

    @property
    def decisions_per_s(self) -> float:
        return self.decisions / self.seconds if self.seconds else 0.0


def load_openspiel() -> Any | None:
    try:
        # open_spiel ships no type information; the ignores keep a strict mypy run quiet either way.
        import pyspiel  # type: ignore[import-not-found, unused-ignore]

        # Importing these modules registers the pure-Python games with pyspiel.
        from open_spiel.python.games import (  # type: ignore[import-untyped, unused-ignore]  # noqa: F401
            block_dominoes,
            kuhn_poker,
            liars_poker,
            tic_tac_toe,
        )
    except ImportError:
        return None
    return pyspiel


def openspiel_play(s: Any, rng: random.Random) -> tuple[int, int]:
    """One open_spiel game from state ``s`` to its end: our random loop, plus sampling chance nodes by their
    probabilities. Returns (steps, decisions): every apply is a step, player moves are decisions."""
    steps = decisions = 0
    while not s.is_terminal():
        if s.is_chance_node():
            r, acc, pick = rng.random(), 0.0, None
            for action, prob in s.chance_outcomes():
                acc += prob
                pick = action
                if r < acc:
                    break
            s.apply_action(pick)
        else:
            acts = s.legal_actions()
            s.apply_action(acts[rng.randrange(len(acts))])
            decisions += 1
        steps += 1
    return steps, decisions


def openspiel_random(pyspiel: Any, name: str, seconds: float, seed: int = 0) -> TimedRun:
    """:func:`openspiel_play` over and over for ``seconds``."""
    game = pyspiel.load_game(name)
    rng = random.Random(seed)
    steps = decisions = games = 0
    clock = _clock
    start = clock()
    while clock() - start < seconds:
        n, d = openspiel_play(game.new_initial_state(), rng)
        steps += n
        decisions += d
        games += 1
    return TimedRun(name, games, steps, decisions, clock() - start)


def ours_random(game: str, variant: str, players: int, seconds: float, seed: int = 0) -> TimedRun:
    """Our random loop for a fixed wall time, games seeded seed, seed+1, ..."""
    steps = games = 0
    clock = _clock
    start = clock()
    while clock() - start < seconds:
        state = hustings.make(game, players=players, variant=variant, seed=seed + games)
        steps += play_random(state, random.Random(seed + games))
        games += 1
    return TimedRun(f"{game} {variant} {players}p", games, steps, steps, clock() - start)


def compare(pyspiel: Any, seconds: float, rated: list[tuple[str, str, int]],
            rounds: int = 3) -> tuple[list[TimedRun], list[TimedRun]]:
    """Each of our ``rated`` configurations and each open_spiel game for ``seconds`` each, interleaved in
    ``rounds`` slices so that a change in machine load over the run hits every game alike."""
    ours = [TimedRun(f"{g} {v} {n}p") for g, v, n in rated]
    theirs = [TimedRun(name) for name in (*OPENSPIEL_GAMES, *OPENSPIEL_CPP_GAMES)]
    for r in range(rounds):
        for acc, (g, v, n) in zip(ours, rated, strict=True):
            acc.add(ours_random(g, v, n, seconds / rounds, seed=r * 1_000_000))
        for acc in theirs:
            acc.add(openspiel_random(pyspiel, acc.name, seconds / rounds, seed=r))
    return ours, theirs


def parse_rated(text: str) -> tuple[str, str, int]:
    """``GAME:VARIANT[:PLAYERS]`` (4 players unless given)."""
    parts = text.split(":")
    if len(parts) not in (2, 3) or not all(parts):
        raise argparse.ArgumentTypeError(f"--rate takes GAME:VARIANT[:PLAYERS], not {text!r}")
    return parts[0], parts[1], int(parts[2]) if len(parts) == 3 else 4


# ---------------------------------------------------------------------------------------------- main


def configurations(only: list[str] | None) -> list[tuple[str, str, int]]:
    out = []
    for game in list_games():
        if only and game not in only:
            continue
        spec = get_spec(game)
        for variant in spec.variants:
            counts = spec.player_counts(variant)
            out.append((game, variant, 4 if 4 in counts else counts[0]))
    return out


def fmt(x: float, digits: int = 0) -> str:
    return "n/a" if x != x else f"{x:,.{digits}f}"  # x != x: NaN


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=1000, help="random games per configuration (default 1000)")
    ap.add_argument("--mem-games", type=int, help="games traced for peak memory (default --games)")
    ap.add_argument("--sample", type=int, default=30, help="mid-game states for clone/view/size (default 30)")
    ap.add_argument("--game", action="append", help="only this game (repeatable)")
    ap.add_argument("--spiel-seconds", type=float, default=None,
                    help="wall time per open_spiel game (default: our reference run's time, 2-60 s)")
    ap.add_argument("--no-openspiel", action="store_true", help="skip the open_spiel comparison")
    ap.add_argument("--cpu", action="store_true",
                    help="measure this process's CPU time, not wall time (a loaded machine distorts wall time less)")
    ap.add_argument("--strict", action="store_true", help="exit 1 if the ratio is below the floor")
    ap.add_argument("--rate", action="append", type=parse_rated, metavar="GAME:VARIANT[:PLAYERS]",
                    help=f"rate this configuration against open_spiel too (repeatable; default "
                         f"{REFERENCE_GAME}:{REFERENCE_VARIANT}:4)")
    ap.add_argument("--apply", action="store_true",
                    help="random play through apply (each action's events handed back, as a table plays) instead "
                         "of play (the lab's, a search's and the learners' loop)")
    ap.add_argument("--gc", choices=("lab", "default"), default="lab",
                    help="the collector's settings for the whole run, ours and open_spiel's loops alike: the lab's "
                         "for many games (hustings.engine.collector, as `hustings simulate` and the server play; "
                         "the default) or Python's own")
    args = ap.parse_args(argv)
    with many_games() if args.gc == "lab" else contextlib.nullcontext():
        return _run(args, ap)


def _run(args: argparse.Namespace, ap: argparse.ArgumentParser) -> int:
    global CLOCK, LOOP
    if args.cpu:
        CLOCK = time.process_time
    if args.apply:
        LOOP = "apply"
    if args.games < 1:
        ap.error("--games must be at least 1")
    mem_games = args.games if args.mem_games is None else args.mem_games

    configs = configurations(args.game)
    if not configs:
        ap.error("no registered game matches")
    import hustings.engine.core as engine_core  # which build runs (docs/build.md): an extension module is compiled

    build = "compiled (mypyc)" if not str(engine_core.__file__).endswith(".py") else "pure Python"
    clock = "CPU time" if args.cpu else "wall time"
    collector = ("the lab's collector settings ({}/{}/{})".format(*gc.get_threshold()) if args.gc == "lab"
                 else "Python's collector settings")
    console.print(f"Python {sys.version.split()[0]}, {build} engine, {clock}, {collector}, {args.games} games per "
                  f"configuration, random play through {LOOP}()")
    results: list[Result] = []
    for game, variant, players in configs:
        res = Result(game, variant, players)
        with console.status(f"{game} {variant} {players}p: random play"):
            throughput(res, args.games)
        with console.status(f"{game} {variant} {players}p: clone, view and size"):
            state_costs(res, args.sample)
        if mem_games > 0:
            with console.status(f"{game} {variant} {players}p: peak memory ({mem_games} games)"):
                peak_memory(res, mem_games)
        results.append(res)

    table = Table(title=f"Random play: make() + fast random loop through {LOOP}(), no views")
    for col in ("game", "variant", "players", "steps/game", "steps/s", "µs/step", "games/s", "median game ms"):
        table.add_column(col, justify="left" if col in ("game", "variant") else "right")
    for r in results:
        table.add_row(
            r.game, r.variant, str(r.players), fmt(r.steps / r.games, 1), fmt(r.steps_per_s),
            fmt(1e6 / r.steps_per_s if r.steps_per_s else float("nan"), 2),
            fmt(r.games_per_s, 1), fmt(statistics.median(r.game_ms), 2),
        )
    console.print(table)
    table = Table(title=f"Mid-game states (median of {args.sample}); peak memory over {mem_games} games")
    for col in ("game", "variant", "clone µs", "view µs", "pickle B", "deep B", "peak KiB", "1-game peak KiB"):
        table.add_column(col, justify="left" if col in ("game", "variant") else "right")
    for r in results:
        peaks = [fmt(r.peak_bytes / 1024), fmt(r.game_peak_bytes / 1024)] if mem_games > 0 else ["skipped"] * 2
        table.add_row(
            r.game, r.variant, fmt(r.clone_us, 1), fmt(r.view_us, 1), fmt(r.pickle_bytes), fmt(r.deep_bytes),
            *peaks,
        )
    console.print(table)
    for r in results:
        for note in r.notes:
            console.print(f"note: {r.game} {r.variant}: {note}", highlight=False)

    reference = next(
        (r for r in results if (r.game, r.variant, r.players) == (REFERENCE_GAME, REFERENCE_VARIANT, 4)), None
    )
    pyspiel = None if args.no_openspiel else load_openspiel()
    if pyspiel is None:
        if not args.no_openspiel:
            console.print("open_spiel is not installed: no comparison (pip install -e '.[bench]')")
        return 0
    if reference is None:
        console.print(f"{REFERENCE_GAME} {REFERENCE_VARIANT} 4p was not run: no comparison")
        return 0

    seconds = args.spiel_seconds or min(60.0, max(3.0, reference.seconds))
    rated = args.rate or [(REFERENCE_GAME, REFERENCE_VARIANT, 4)]
    with console.status(f"{len(rated)} of ours and the open_spiel games: {seconds:.1f} s each, interleaved"):
        ours, spiel = compare(pyspiel, seconds, rated)
    st = Table(title=f"Same random loop, {seconds:.1f} s each (3 interleaved slices)")
    for col in ("game", "games", "steps/game", "steps/s", "decisions/s"):
        st.add_column(col, justify="left" if col == "game" else "right")
    for run in (*ours, *spiel):
        per_game = fmt(run.steps / run.games, 1)
        st.add_row(run.name, fmt(run.games), per_game, fmt(run.steps_per_s), fmt(run.decisions_per_s))
    console.print(st)

    python_runs = [run for run in spiel if run.name in OPENSPIEL_GAMES]
    cpp_runs = [run for run in spiel if run.name in OPENSPIEL_CPP_GAMES]
    median_steps = statistics.median(run.steps_per_s for run in python_runs)
    median_decisions = statistics.median(run.decisions_per_s for run in python_runs)
    median_cpp = statistics.median(run.steps_per_s for run in cpp_runs)
    console.print(f"open_spiel median {median_steps:,.0f} steps/s ({median_decisions:,.0f} decisions/s) for its Python "
                  f"games; {median_cpp:,.0f} steps/s for its C++ games ({', '.join(OPENSPIEL_CPP_GAMES)})",
                  highlight=False)
    aim = AIM_PURE if build == "pure Python" else AIM_COMPILED
    worst = float("inf")
    for run in ours:
        # Our steps are player decisions (chance is resolved inside apply); open_spiel also counts chance
        # outcomes as steps. The gate uses all their steps, the stricter reading; decisions are shown too.
        ratio = run.steps_per_s / median_steps
        worst = min(worst, ratio)
        verdicts = "  ".join(f"{label} {bound:.1f}x: {'[green]PASS[/green]' if ratio >= bound else '[red]FAIL[/red]'}"
                             for label, bound in (("floor", FLOOR), ("aim", aim), ("moonshot", MOONSHOT)))
        console.print(f"{run.name}: {run.steps_per_s:,.0f} steps/s, ratio vs their Python games' steps {ratio:.2f}x "
                      f"(vs their decisions {run.steps_per_s / median_decisions:.2f}x; vs their C++ games' steps "
                      f"{run.steps_per_s / median_cpp:.2f}x)  {verdicts}")
    return 1 if args.strict and worst < FLOOR else 0


if __name__ == "__main__":
    sys.exit(main())

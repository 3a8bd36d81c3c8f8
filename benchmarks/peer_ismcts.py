"""A fair peer comparison of searches (issue 27 point 1): our ``ismcts`` against OpenSpiel's ``ISMCTSBot``.

    .venv/bin/python benchmarks/peer_ismcts.py --game die-macher-2019 --mode iterations --games 100
    .venv/bin/python benchmarks/peer_ismcts.py --game election-war --mode time --seconds 0.25 --games 100
    .venv/bin/python benchmarks/peer_ismcts.py --game die-macher --variant full --mode ceiling --games 100
    .venv/bin/python benchmarks/peer_ismcts.py --game die-macher-2019 --mode ceiling --no-plain --games 100
    .venv/bin/python benchmarks/peer_ismcts.py --game election-war --iterations 40 --games 25 --first 75 \
        --ours tree=mine

``--ours`` sets fields of our search over its defaults (``tree=mine``); ``--first`` starts at game index N, so a
run can be split into shards (one process each) whose per-game lines (stderr) are added up afterwards; in the time
mode, a later shard passes ``--counts`` with the simulation counts the first one calibrated. SIGTERM (or Ctrl-C) stops
a run and still reports the games it finished.

Every game seats our search, OpenSpiel's search and two of our heuristic bots (at 4 players), and rotates the
seats game by game (game i: ours at seat i mod n, theirs at the next seat). Both searches get **the same
evaluator**: OpenSpiel's bot evaluates a leaf with an ``mcts.Evaluator`` that plays our heuristic's rollout to
the same depth and scores it with the same utilities as ours (the game's outcome when the rollout ends it, else
the heuristic's estimate shaped the same way), with a uniform prior; so only the searches differ.

Modes:
- ``iterations``: both make ``--iterations`` simulations a decision (default: our level's count).
- ``time``: both get ``--seconds`` of CPU a decision. OpenSpiel's bot has no clock, so its simulation count
  comes from a calibration on positions of the same game before the games (CPU seconds a simulation, median
  over ``--calibrate`` decisions); ours gets its iterations the same way, so neither stops on a clock and the
  run stays reproducible.
- ``ceiling``: our search over the **true** state (every hidden card known) against three heuristic bots,
  beside ours as it is against three heuristic bots: how much of the gap to a bot that sees everything does
  the information-set search close.

It prints each bot's win share with a 95% Wilson interval, iterations a CPU second and decision times. OpenSpiel
reaches the game through ``hustings.rl.openspiel`` (its state keys are the information-state strings), so the
time mode also measures that adapter's cost; the iterations mode does not.
"""

from __future__ import annotations

import argparse
import random
import signal
import statistics
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import hustings
import hustings.rl.openspiel as hos
from hustings.bots import make_bot
from hustings.bots.heuristic import heuristic_for
from hustings.bots.ismcts import InfoSet, IsmctsBot, level_settings
from hustings.engine import GameState
from hustings.sim.lab import wilson

sys.path.insert(0, str(Path(__file__).resolve().parent))
from search_screen import settings  # the search screen reads the same spelling


def our_bot(game: str, level: str, seed: int, iterations: int | None = None,
            settings: tuple[tuple[str, Any], ...] = ()) -> IsmctsBot:
    """``make_bot``'s search, with ``settings`` (IsmctsBot fields: ``--ours tree=all``) applied over the defaults."""
    bot = make_bot(f"ismcts:{level}", game, seed, clock=False)
    assert isinstance(bot, IsmctsBot)
    for key, value in settings:
        setattr(bot, key, value)
    if settings:
        its = bot.iterations
        bot.__post_init__()  # checks the names; the generator restarts from the same seed
        bot.iterations = its
    if iterations is not None:
        bot.iterations = iterations
    return bot


def parse_settings(text: str) -> tuple[tuple[str, Any], ...]:
    """``"tree=all,margin=0.04"`` -> IsmctsBot settings (numbers read as numbers); unknown names refused."""
    fields = IsmctsBot.__dataclass_fields__
    read = settings(text)  # the search screen's reading of the same spelling
    for key in read:
        if key not in fields:
            raise SystemExit(f"--ours: IsmctsBot has no setting {key!r}")
    return tuple(read.items())


class SameEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """OpenSpiel's leaf evaluation done as ours does it: the heuristic's rollout to the level's depth, then
    our utilities (outcome at the end, else the shaped heuristic estimate); a uniform prior."""

    def __init__(self, game: str, level: str, seed: int) -> None:
        self._bot = our_bot(game, level, seed)

    def evaluate(self, state: Any) -> np.ndarray:
        s = state.engine_state.clone()
        self._bot._rollout(s)  # the very rollout our search plays
        return np.array(self._bot.utilities(s))

    def prior(self, state: Any) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


class _TrueInfoSet(InfoSet):
    """The ceiling's "information set": every sample is the true state itself (a referee's bot, never a player's)."""

    def sample(self, rng: random.Random) -> GameState:
        return self._base.clone()


@dataclass
class Config:
    game: str
    players: int
    variant: str | None
    mode: str
    level: str
    iterations: int
    their_iterations: int
    seed: int
    ours: tuple[tuple[str, Any], ...] = ()  # settings of our search over its defaults (--ours)


@dataclass
class Played:
    index: int
    seats: dict[str, int]  # role -> seat
    winners: list[int]
    cpu: dict[str, list[float]] = field(default_factory=dict)  # role -> CPU seconds per decision (more than one legal)
    iterations: dict[str, int] = field(default_factory=dict)  # role -> iterations made in all


def _cpu() -> float:
    return time.process_time()


def play(cfg: Config, i: int) -> Played:
    """Game i: a pure function of the config and i."""
    n = cfg.players
    gseed = cfg.seed + i
    rng = np.random.RandomState(gseed)
    params: dict[str, Any] = {"players": n}
    if cfg.variant:
        params["variant"] = cfg.variant
    game = pyspiel.load_game(hos.short_name(cfg.game), params)
    state = game.new_initial_state()
    while state.is_chance_node():  # the deal: the engine seed, drawn from the chance outcomes
        actions, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(actions, p=probs)))
    ours_seat = i % n
    roles: dict[int, str] = {ours_seat: "ours"}
    if cfg.mode in ("iterations", "time"):
        roles[(i + 1) % n] = "theirs"
    seats = {role: s for s, role in roles.items()}
    heuristics = {s: make_bot("heuristic", cfg.game, gseed * 16 + s) for s in range(n) if s not in roles}
    ours = our_bot(cfg.game, cfg.level, gseed * 16 + ours_seat, cfg.iterations, cfg.ours)
    theirs = None
    if "theirs" in seats:
        theirs = ismcts.ISMCTSBot(game=game, evaluator=SameEvaluator(cfg.game, cfg.level, gseed * 16 + 9),
                                  uct_c=2.0 * ours.exploration, max_simulations=cfg.their_iterations,
                                  random_state=np.random.RandomState(gseed * 16 + 10))
        theirs.set_resampler(hos.seeded_resampler(gseed * 16 + 11))
    out = Played(i, seats, [])
    while not state.is_terminal():
        s = state.engine_state
        p = state.current_player()
        legal = s.legal_actions(p)
        role = roles.get(p)
        started = _cpu()
        if role is None:
            action = heuristics[p].act(s.view(p), list(legal)).id
        elif role == "ours":
            info = (_TrueInfoSet(s.clone(), p) if cfg.mode == "ceiling"
                    else InfoSet.of(s, p, random.Random(gseed * 7 + p)))
            action = ours.act(s.view(p), list(legal), info).id
            out.iterations["ours"] = out.iterations.get("ours", 0) + ours.last_iterations
        else:
            assert theirs is not None
            action = int(theirs.step(state))
            if len(legal) > 1:
                out.iterations["theirs"] = out.iterations.get("theirs", 0) + cfg.their_iterations
        if role is not None and len(legal) > 1:
            out.cpu.setdefault(role, []).append(_cpu() - started)
        state.apply_action(action)
    out.winners = list(state.engine_state.outcome().winners)
    return out


def calibrate(game: str, players: int, variant: str | None, level: str, positions: int, seed: int) -> dict[str, float]:
    """CPU seconds a simulation for each search, median over mid-game decisions of heuristic games."""
    probe = 40
    cfg = Config(game, players, variant, "iterations", level, probe, probe, seed)
    per: dict[str, list[float]] = {"ours": [], "theirs": []}
    i = 0
    while min(len(v) for v in per.values()) < positions and i < 4 * positions:
        r = play(cfg, 10_000 + i)
        for role in per:
            per[role].extend(t / probe for t in r.cpu.get(role, []))
        i += 1
    return {role: statistics.median(v) for role, v in per.items() if v}


def _run(cfg: Config, games: int, workers: int, progress: Callable[[int], None], first: int = 0) -> list[Played]:
    out: list[Played] = []
    indices = range(first, first + games)
    if workers <= 1:
        try:
            for i in indices:
                out.append(play(cfg, i))
                progress(len(out))
                w = out[-1]
                cpu = {role: f"{len(v)} decisions {sum(v):.2f} s" for role, v in w.cpu.items()}
                print(f" game {i}: seats {w.seats} winners {w.winners} CPU {cpu}", file=sys.stderr, flush=True)
        except KeyboardInterrupt:  # a run stopped at its time box still reports the games it finished
            print(f"\nstopped after {len(out)} games", file=sys.stderr, flush=True)
        return out
    with ProcessPoolExecutor(workers) as pool:
        for r in pool.map(play, [cfg] * games, indices):
            out.append(r)
            progress(len(out))
    return out


def _share(results: list[Played], role: str) -> tuple[float, float, float, int]:
    wins = sum(1.0 / len(r.winners) for r in results if r.winners and r.seats[role] in r.winners)
    lo, hi = wilson(wins, len(results))
    return wins / len(results), lo, hi, len(results)


def _heuristic_share(results: list[Played], players: int) -> float:
    seats = 0
    wins = 0.0
    for r in results:
        for s in range(players):
            if s in r.seats.values():
                continue
            seats += 1
            if r.winners and s in r.winners:
                wins += 1.0 / len(r.winners)
    return wins / seats if seats else 0.0


def report(label: str, results: list[Played], players: int) -> None:
    print(file=sys.stderr)
    print(f"\n{label}: {len(results)} games, seats rotated")
    print(f"{'bot':<26}{'win share [95% CI]':>26}{'iterations/CPU s':>18}{'CPU ms/decision':>18}")
    for role in ("ours", "theirs"):
        if role not in results[0].seats:
            continue
        share, lo, hi, _ = _share(results, role)
        cpu = [t for r in results for t in r.cpu.get(role, [])]
        its = sum(r.iterations.get(role, 0) for r in results)
        rate = its / sum(cpu) if cpu and sum(cpu) > 0 else 0.0
        med = statistics.median(cpu) * 1000 if cpu else 0.0
        name = {"ours": "hustings ismcts", "theirs": "OpenSpiel ISMCTSBot"}[role]
        print(f"{name:<26}{f'{share:.3f} [{lo:.3f}, {hi:.3f}]':>26}{rate:>18,.0f}{med:>18.1f}")
    print(f"{'heuristic (each seat)':<26}{_heuristic_share(results, players):>26.3f}")
    everyone_lost = sum(1 for r in results if not r.winners)
    if everyone_lost:
        print(f"games in which everyone lost: {everyone_lost}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--game", default="die-macher-2019")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--variant", default=None)
    ap.add_argument("--mode", choices=("iterations", "time", "ceiling"), default="iterations")
    ap.add_argument("--level", default="normal", help="our level: its depth, and its iterations by default")
    ap.add_argument("--iterations", type=int, default=None, help="iterations mode: simulations a decision, both")
    ap.add_argument("--seconds", type=float, default=0.25, help="time mode: CPU seconds a decision, both")
    ap.add_argument("--calibrate", type=int, default=30, help="time mode: decisions measured per bot")
    ap.add_argument("--counts", default=None, metavar="OURS,THEIRS",
                    help="time mode: the simulation counts an earlier run's calibration printed, instead of "
                         "calibrating again (a run extended later plays at the same counts)")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--first", type=int, default=0, help="index of the first game (a run can be split or extended)")
    ap.add_argument("--ours", default="", help="IsmctsBot settings over our defaults, key=value,… (e.g. tree=all)")
    ap.add_argument("--seed", type=int, default=2027)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--no-plain", action="store_true",
                    help="ceiling mode: skip our information-set search's own games on the same seeds (compare with "
                         "a ladder row instead; half the CPU)")
    args = ap.parse_args()
    if heuristic_for(args.game) is None:
        sys.exit(f"{args.game} has no heuristic to evaluate with")
    hustings.get_spec(args.game)
    base = level_settings(args.level, heuristic_for(args.game).levels)  # type: ignore[union-attr]
    ours_its = theirs_its = args.iterations or int(base["iterations"])
    if args.mode == "time" and args.counts:
        try:
            ours_its, theirs_its = (int(x) for x in args.counts.split(","))
        except ValueError:
            sys.exit(f"--counts takes two simulation counts, OURS,THEIRS, not {args.counts!r}")
        if min(ours_its, theirs_its) < 1:
            sys.exit(f"--counts: simulation counts are at least 1, not {args.counts!r}")
        print(f"counts given: ours {ours_its}, OpenSpiel {theirs_its} (for {args.seconds} s, an earlier calibration)")
    elif args.mode == "time":
        per = calibrate(args.game, args.players, args.variant, args.level, args.calibrate, args.seed)
        ours_its = max(1, round(args.seconds / per["ours"]))
        theirs_its = max(1, round(args.seconds / per["theirs"]))
        print(f"calibration: ours {per['ours'] * 1e3:.2f} ms a simulation -> {ours_its}; "
              f"OpenSpiel {per['theirs'] * 1e3:.2f} ms -> {theirs_its} (for {args.seconds} s)")
    cfg = Config(args.game, args.players, args.variant, args.mode, args.level, ours_its, theirs_its, args.seed,
                 parse_settings(args.ours))
    started = time.perf_counter()

    def progress(done: int) -> None:
        print(f"\r{done}/{args.games} games, {time.perf_counter() - started:.0f} s", end="", file=sys.stderr,
              flush=True)

    # a background job ignores Ctrl-C: SIGTERM stops the run too, and the games finished are reported
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    results = _run(cfg, args.games, args.workers, progress, args.first)
    print(file=sys.stderr)
    title = f"{args.game} {args.variant or ''} {args.players}p, mode {args.mode}"
    if args.ours:
        title += f", ours with {args.ours}"
    if args.first:
        title += f", games {args.first} to {args.first + args.games - 1}"
    if args.mode == "ceiling":
        report(f"{title}: search over the true state, 3 heuristic bots", results, args.players)
        if args.no_plain:
            return
        plain = _run_plain(args, ours_its, progress)
        report(f"{title}: our ismcts:{args.level} (information sets), 3 heuristic bots", plain, args.players)
        eq = 1.0 / args.players
        top, mine = _share(results, "ours")[0], _share(plain, "ours")[0]
        if top > eq:
            print(f"\ngap closed: ({mine:.3f} - {eq:.3f}) / ({top:.3f} - {eq:.3f}) = {(mine - eq) / (top - eq):.2f}")
    else:
        report(f"{title}, {ours_its} / {theirs_its} iterations", results, args.players)


def _run_plain(args: argparse.Namespace, its: int, progress: Callable[[int], None]) -> list[Played]:
    cfg = Config(args.game, args.players, args.variant, "plain", args.level, its, 0, args.seed,
                 parse_settings(args.ours))
    return _run(cfg, args.games, args.workers, progress, args.first)


if __name__ == "__main__":
    main()

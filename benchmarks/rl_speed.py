"""RL interface speed: environment steps/s of the hustings PettingZoo env beside PettingZoo's own classic
environments, measured in the same run, and OpenSpiel state steps/s beside OpenSpiel's Python games.

    .venv/bin/python benchmarks/rl_speed.py                 # about 3 s per environment
    .venv/bin/python benchmarks/rl_speed.py --seconds 1     # a quick look
    .venv/bin/python benchmarks/rl_speed.py --json out.json
    .venv/bin/python benchmarks/rl_speed.py --encode           # encode cost per game (CPU time, µs)
    .venv/bin/python benchmarks/rl_speed.py --rl-environment   # OpenSpiel rl_environment beside its Python games
    .venv/bin/python benchmarks/rl_speed.py --aims             # issue 26's three speed aims in one run

Every environment runs the same loop: ``last()`` (which builds the observation and action mask), a uniform
random legal action from the mask (the same choice code for all), ``step()``; terminated agents step
``None``; a new seeded ``reset()`` after each game. An environment step is one ``step()`` call. The time is
split into rounds that take turns, so background load affects every environment alike.

Classic environments need their own packages (``pip install pygame rlcard chess``, part of
``pettingzoo[classic]``); any that cannot be imported is listed as skipped, not fatal.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from rich.console import Console
from rich.table import Table

GAME = "die-macher-2019"
CLASSIC = ("connect_four_v3", "tictactoe_v3", "leduc_holdem_v4", "texas_holdem_v4", "texas_holdem_no_limit_v6",
           "chess_v6", "go_v5")
OPENSPIEL_GAMES = ("python_kuhn_poker", "python_liars_poker", "python_tic_tac_toe", "python_block_dominoes")
ROUNDS = 3

console = Console(width=None if sys.stdout.isatty() else 120)


@dataclass
class Row:
    name: str
    make: Callable[[], Any] = field(repr=False)
    kind: str = "pettingzoo"
    steps: int = 0
    games: int = 0
    seconds: float = 0.0
    note: str = ""

    @property
    def rate(self) -> float:
        return self.steps / self.seconds if self.seconds else 0.0


def pz_run(row: Row, env: Any, seconds: float, rng: random.Random) -> None:
    """Random play in one PettingZoo AEC env for about ``seconds`` (whole games only)."""
    clock = time.perf_counter
    steps = 0
    t0 = clock()
    while clock() - t0 < seconds:
        env.reset(seed=rng.getrandbits(31))
        for agent in env.agent_iter():
            obs, _reward, term, trunc, _info = env.last()
            if term or trunc:
                action = None
            else:
                mask = obs["action_mask"] if isinstance(obs, dict) else env.infos[agent]["action_mask"]
                legal = np.flatnonzero(mask)
                action = int(legal[rng.randrange(len(legal))])
            env.step(action)
            steps += 1
        row.games += 1
    row.seconds += clock() - t0
    row.steps += steps


def os_run(row: Row, game: Any, seconds: float, rng: random.Random) -> None:
    """Random play on an OpenSpiel game's states (chance sampled from its outcomes)."""
    clock = time.perf_counter
    steps = 0
    t0 = clock()
    while clock() - t0 < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
            steps += 1
        row.games += 1
    row.seconds += clock() - t0
    row.steps += steps


def build_rows(configs: list[tuple[int, str]], with_openspiel: bool) -> tuple[list[Row], list[str]]:
    rows: list[Row] = []
    skipped: list[str] = []
    from hustings.rl.pettingzoo import env as hustings_env

    for players, variant in configs:
        rows.append(Row(f"hustings {GAME} {variant} {players}p",
                        lambda p=players, v=variant: hustings_env(GAME, players=p, variant=v)))
    for name in CLASSIC:
        try:
            mod = importlib.import_module(f"pettingzoo.classic.{name}")
            mod.env().reset(seed=0)
        except Exception as e:  # a missing optional package (pygame, rlcard, chess, ...)
            skipped.append(f"{name}: {type(e).__name__}: {e}"[:110])
            continue
        rows.append(Row(name, mod.env))
    if with_openspiel:
        try:
            import pyspiel

            import hustings.rl.openspiel as hos
        except ImportError as e:
            skipped.append(f"OpenSpiel: {e}")
            return rows, skipped
        for players, variant in configs:
            rows.append(Row(f"{hos.short_name(GAME)} {variant} {players}p",
                            lambda p=players, v=variant: hos.load(GAME, p, v), kind="openspiel"))
        for name in OPENSPIEL_GAMES:
            try:
                importlib.import_module("open_spiel.python.games." + name.removeprefix("python_"))
                pyspiel.load_game(name)
            except Exception as e:
                skipped.append(f"{name}: {type(e).__name__}: {e}"[:110])
                continue
            rows.append(Row(name, lambda n=name: pyspiel.load_game(n), kind="openspiel"))
    return rows, skipped


# ------------------------------------------------------------------ learner environments (issue 26 point 1)
# A learner seat against random bots, three ways: the AEC env (every decision is a step() with an observation),
# the Gymnasium env (one learner decision a step; the opponents move inside it) and the vector env (16 games a
# step() call). "decisions" counts every action applied to a game, whoever took it: the AEC env's unit of a step.
# CPU time of this process (time.process_time), so the load of other processes distorts the figures little.

GYM_GAMES = (("election-war", 4, None), ("die-macher-2019", 4, "standard"), ("die-macher", 4, None),
             ("palace-escape", 1, None))
VECTOR_ENVS = 16


@dataclass
class GymRow:
    game: str
    players: int
    variant: str | None
    aec: list[float] = field(default_factory=lambda: [0.0, 0.0])  # decisions, seconds
    single: list[float] = field(default_factory=lambda: [0.0, 0.0, 0.0])  # decisions, learner steps, seconds
    vector: list[float] = field(default_factory=lambda: [0.0, 0.0, 0.0])
    skipping: list[float] = field(default_factory=lambda: [0.0, 0.0, 0.0])  # the vector env with skip_forced
    engine: list[float] = field(default_factory=lambda: [0.0, 0.0])  # decisions, seconds: no env, no observation


def _aec_round(row: GymRow, env: Any, seconds: float, rng: random.Random) -> None:
    clock = time.process_time
    t0 = clock()
    steps = 0
    while clock() - t0 < seconds:
        env.reset(seed=rng.getrandbits(31))
        for _agent in env.agent_iter():
            obs, _reward, term, trunc, _info = env.last()
            if term or trunc:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
    row.aec[0] += steps
    row.aec[1] += clock() - t0


def _engine_round(row: GymRow, seconds: float, rng: random.Random) -> None:
    """The games alone: legal_actions and apply, no observation at all. No env that observes can be faster, and
    the vector env, which observes the learner's seat only, cannot beat ``engine x players / (players - 1)``."""
    import hustings

    clock = time.process_time
    t0 = clock()
    steps = 0
    while clock() - t0 < seconds:
        s = hustings.make(row.game, players=row.players, variant=row.variant, seed=rng.getrandbits(31))
        while not s.is_over:
            p = s.current_players[0]
            legal = s.legal_actions(p)
            s.apply(p, legal[rng.randrange(len(legal))])
            steps += 1
    row.engine[0] += steps
    row.engine[1] += clock() - t0


def _single_round(row: GymRow, env: Any, seconds: float, rng: random.Random) -> None:
    clock = time.process_time
    t0 = clock()
    decisions = learner = 0
    while clock() - t0 < seconds:
        _obs, info = env.reset(seed=rng.getrandbits(31))
        start = 0  # the opponents' moves before the learner's first, in reset(), were timed too
        while clock() - t0 < seconds:
            legal = np.flatnonzero(info["action_mask"])
            _obs, _r, term, trunc, info = env.step(int(legal[rng.randrange(len(legal))]))
            learner += 1
            if term or trunc:
                break
        decisions += env.episode.state.step_count - start
    row.single[0] += decisions
    row.single[1] += learner
    row.single[2] += clock() - t0


def _vector_round(row: GymRow, env: Any, seconds: float, rng: random.Random, into: str = "vector") -> None:
    """Games carry over from round to round (reset once): a round counts every decision made in it."""
    gen = np.random.default_rng(rng.getrandbits(31))
    clock = time.process_time
    if not env.episodes():
        env.reset(seed=rng.getrandbits(31))
    info = {"action_mask": env.action_masks()}
    t0 = clock()
    start = sum(ep.state.step_count for ep in env.episodes())
    decisions = learner = 0
    while clock() - t0 < seconds:
        mask = info["action_mask"]
        actions = (gen.random(mask.shape) * mask).argmax(1)  # a uniform legal id per game
        before = env.episodes()
        _obs, _r, term, trunc, info = env.step(actions)
        learner += env.num_envs
        for i, ep in enumerate(before):
            if term[i] or trunc[i]:
                decisions += ep.state.step_count  # a finished game, already replaced by the next one
    decisions += sum(ep.state.step_count for ep in env.episodes()) - start
    tally = getattr(row, into)
    tally[0] += decisions
    tally[1] += learner
    tally[2] += clock() - t0


GYM_KINDS = ("engine", "aec", "single", "vector", "skipping")


def _build_env(kind: str, row: GymRow) -> Any:
    from hustings.rl.gym import HustingsEnv
    from hustings.rl.pettingzoo import env as pz_env
    from hustings.rl.vector import HustingsVectorEnv

    if kind == "aec":
        return pz_env(row.game, players=row.players, variant=row.variant)
    if kind == "single":
        return HustingsEnv(row.game, row.players, row.variant, seat="random", opponents="random")
    if kind in ("vector", "skipping"):
        return HustingsVectorEnv(row.game, VECTOR_ENVS, row.players, row.variant, seat="random", opponents="random",
                                 skip_forced=kind == "skipping")
    return None  # the engine alone: no env


def _run_round(kind: str, row: GymRow, env: Any, seconds: float, rng: random.Random) -> None:
    if kind == "engine":
        _engine_round(row, seconds, rng)
    elif kind == "aec":
        _aec_round(row, env, seconds, rng)
    elif kind == "single":
        _single_round(row, env, seconds, rng)
    else:
        _vector_round(row, env, seconds, rng, kind)


def _gym_worker(conn: Any, row: GymRow, kind: str, seed: int) -> None:
    """One environment in a process of its own: runs a round whenever the parent sends its length, replies with
    the tallies. What the parent made before the fork (modules, data) is frozen out of this process's garbage
    collections (gc.freeze), so a collection here walks this environment's objects only."""
    import gc

    gc.freeze()
    env = _build_env(kind, row)
    rng = random.Random(seed)
    # untimed: the first pages of the parent's memory this process writes to are copied (copy on write), and the
    # lazy imports and first-use caches of the games are made
    _run_round(kind, GymRow(row.game, row.players, row.variant), env, 0.3, rng)
    while (seconds := conn.recv()) is not None:
        _run_round(kind, row, env, seconds, rng)
        conn.send(getattr(row, kind))
    conn.close()


def gym_section(seconds: float, shared_process: bool = False) -> list[dict[str, Any]]:
    """Decisions/s of the AEC, Gymnasium and vector envs (random opponents and random learner), side by side.

    Each environment runs in a process of its own (forked, rounds taking turns): in one shared process a garbage
    collection walks every environment's objects, so each environment would pay for the games the others hold,
    and most the one whose objects live longest (the vector env's 16 games are each touched once a step).
    ``shared_process=True`` runs them all in this process, as the benchmark did before."""
    import multiprocessing as mp

    import hustings.rl.gym
    import hustings.rl.pettingzoo
    import hustings.rl.vector  # noqa: F401  # imported before the fork, frozen out of the workers' collections

    rows = [GymRow(g, n, v) for g, n, v in GYM_GAMES]
    share = seconds / ROUNDS / len(GYM_KINDS)
    if shared_process:
        built = {(id(r), k): _build_env(k, r) for r in rows for k in GYM_KINDS}
        rng = random.Random(0)
        for _ in range(ROUNDS):
            for r in rows:
                for k in GYM_KINDS:
                    _run_round(k, r, built[(id(r), k)], share, rng)
    else:
        ctx = mp.get_context("fork")
        workers = {}
        for i, r in enumerate(rows):
            for j, k in enumerate(GYM_KINDS):
                parent, child = ctx.Pipe()
                proc = ctx.Process(target=_gym_worker, args=(child, GymRow(r.game, r.players, r.variant), k,
                                                             1000 * i + j), daemon=True)
                proc.start()
                workers[(id(r), k)] = (parent, proc)
        for _ in range(ROUNDS):
            for r in rows:
                for k in GYM_KINDS:
                    conn = workers[(id(r), k)][0]
                    conn.send(share)
                    setattr(r, k, conn.recv())  # the worker's running totals
        for conn, proc in workers.values():
            conn.send(None)
            proc.join()
    table = Table(title=f"Learner environments: random play, decisions per CPU second (vector: {VECTOR_ENVS} games)")
    for col in ("game", "engine alone", "AEC", "Gymnasium env", "vector env", "vector / AEC",
                "learner steps/s (vector)", "vector, skip_forced", "its / AEC"):
        table.add_column(col, justify="left" if col == "game" else "right")
    out = []
    for r in rows:
        aec = r.aec[0] / r.aec[1] if r.aec[1] else 0.0
        single = r.single[0] / r.single[2] if r.single[2] else 0.0
        vector = r.vector[0] / r.vector[2] if r.vector[2] else 0.0
        learner = r.vector[1] / r.vector[2] if r.vector[2] else 0.0
        skipping = r.skipping[0] / r.skipping[2] if r.skipping[2] else 0.0
        engine = r.engine[0] / r.engine[1] if r.engine[1] else 0.0
        name = f"{r.game} {r.variant or ''} {r.players}p".replace("  ", " ")
        table.add_row(name, f"{engine:,.0f}", f"{aec:,.0f}", f"{single:,.0f}", f"{vector:,.0f}",
                      f"{vector / aec:.2f}x" if aec else "-", f"{learner:,.0f}", f"{skipping:,.0f}",
                      f"{skipping / aec:.2f}x" if aec else "-")
        out.append({"game": r.game, "players": r.players, "variant": r.variant, "engine_decisions_per_s": engine,
                    "aec_decisions_per_s": aec,
                    "gym_decisions_per_s": single, "vector_decisions_per_s": vector,
                    "vector_learner_steps_per_s": learner, "vector_over_aec": vector / aec if aec else None,
                    "vector_skip_forced_decisions_per_s": skipping,
                    "vector_skip_forced_over_aec": skipping / aec if aec else None})
    console.print(table)
    return out


ENCODE_CONFIGS = (("die-macher", 4, "full"), ("die-macher-2019", 4, "standard"), ("election-war", 4, "standard"),
                  ("election-war", 10, "standard"), ("palace-escape", 1, "hard"))


def _encode_worker(conn: Any, game: str, players: int, variant: str, seconds: float) -> None:
    """One configuration's encode cost, in a process of its own (forked): the views of random games (a random
    seat's view at every step, in the order of play), frozen out of the collector, then passes over them with a
    new encoder each (made outside the timing), absolute and egocentric taking turns. Replies with each form's
    per-encode CPU time of every pass."""
    import hustings
    from hustings.rl.encoding import fresh_encoder

    views = []
    rng = random.Random(0)
    for seed in range(2):
        s = hustings.make(game, players=players, variant=variant, seed=seed)
        while not s.is_over:
            p = s.current_players[0]
            views.append(s.view(rng.randrange(players)))
            s.apply(p, rng.choice(s.legal_actions(p)))
    del s
    # what was made before the timing (modules, the views) is frozen out of the collections made during it:
    # those then walk what the encoder makes, as in an environment's process (the gym section's workers)
    gc.collect()
    gc.freeze()
    passes: dict[bool, list[float]] = {False: [], True: []}
    for ego in (False, True):  # untimed: first-use caches
        enc = fresh_encoder(game, players, variant, egocentric=ego)
        for v in views:
            enc.encode(v)
    spent = 0.0
    while spent < seconds or len(passes[True]) < 3:
        for ego in (False, True):
            enc = fresh_encoder(game, players, variant, egocentric=ego)
            t0 = time.process_time()
            for v in views:
                enc.encode(v)
            took = time.process_time() - t0
            spent += took
            passes[ego].append(took / len(views) * 1e6)
    conn.send((passes[False], passes[True]))
    conn.close()


def encode_costs(seconds: float) -> list[dict[str, Any]]:
    """CPU time (process time, so other processes' load counts less) of one ``encode`` per game, absolute and
    egocentric, over the views of random games: the median over passes (each pass a new encoder over the same
    views, as an environment starts one for its games: encoders reuse the blocks of view parts they saw before,
    BlockMemo, and a pass that saw the same views already would find them all). Each configuration runs in a
    process of its own, one after another: in one process the configurations measured first left objects and a
    heap that slowed the later ones by up to 1.7x, and single long passes let a burst of another process's load
    move a figure by as much; the median of many short passes does not."""
    import multiprocessing as mp

    from hustings.rl.encoding import encoder_for

    ctx = mp.get_context("fork")
    out = []
    for game, players, variant in ENCODE_CONFIGS:
        parent, child = ctx.Pipe()
        proc = ctx.Process(target=_encode_worker, args=(child, game, players, variant, seconds))
        proc.start()
        absolute, ego = parent.recv()
        proc.join()
        out.append({"game": game, "players": players, "variant": variant,
                    "size": encoder_for(game, players, variant).size,
                    "encode_us": statistics.median(absolute), "egocentric_us": statistics.median(ego),
                    "passes": len(absolute), "encode_us_min": min(absolute), "encode_us_max": max(absolute)})
    table = Table(title="Encode cost per game (CPU time per encode, µs, median of passes; aim: at most 30)")
    for col in ("game", "size", "encode µs", "egocentric µs", "passes", "range of passes µs"):
        table.add_column(col, justify="left" if col == "game" else "right")
    for r in out:
        table.add_row(f"{r['game']} {r['variant']} {r['players']}p", f"{r['size']:,}", f"{r['encode_us']:.1f}",
                      f"{r['egocentric_us']:.1f}", str(r["passes"]),
                      f"{r['encode_us_min']:.1f}-{r['encode_us_max']:.1f}")
    console.print(table)
    return out


def rl_environment_rates(seconds: float) -> list[dict[str, Any]]:
    """OpenSpiel ``rl_environment.Environment`` steps/s (information-state observations, chance sampled by
    the environment) for our games and OpenSpiel's own small Python games, in alternating rounds, CPU time;
    each of ours is also given as a share of the median of OpenSpiel's games (aim: at least 0.3x)."""
    import statistics

    import pyspiel
    from open_spiel.python import rl_environment

    import hustings.rl.openspiel as hos

    ours = [("election-war 4p", lambda: hos.load("election-war", 4)),
            ("election-war mini", lambda: hos.load_exact("election-war", "mini")),
            # the mini game's information-state tensor is its perfect-recall one (one block per step, for exact
            # tools); a learner on it reads the observation tensor
            ("election-war mini (observation tensor)", lambda: hos.load_exact("election-war", "mini")),
            ("die-macher-2019 standard 4p", lambda: hos.load("die-macher-2019", 4)),
            ("die-macher short 4p", lambda: hos.load("die-macher", 4, "short")),
            ("palace-escape hard", lambda: hos.load("palace-escape", 1, "hard"))]
    theirs = []
    for name in OPENSPIEL_GAMES:
        importlib.import_module("open_spiel.python.games." + name.removeprefix("python_"))
        theirs.append((name, lambda n=name: pyspiel.load_game(n)))
    observation = rl_environment.ObservationType.OBSERVATION
    envs = [(name, rl_environment.Environment(make(), seed=0,
                                              observation_type=observation if "observation tensor" in name else None),
             name in OPENSPIEL_GAMES) for name, make in ours + theirs]
    steps = dict.fromkeys((e[0] for e in envs), 0)
    spent = dict.fromkeys((e[0] for e in envs), 0.0)
    rng = random.Random(0)
    for _ in range(ROUNDS):
        for name, env, _ref in envs:
            t0 = time.process_time()
            while time.process_time() - t0 < seconds / ROUNDS:
                ts = env.reset()
                while not ts.last():
                    p = ts.observations["current_player"]
                    legal = ts.observations["legal_actions"][p]
                    ts = env.step([legal[rng.randrange(len(legal))]])
                    steps[name] += 1
            spent[name] += time.process_time() - t0
    rates = {name: steps[name] / spent[name] for name in steps}
    median = statistics.median(rates[name] for name, _e, ref in envs if ref)
    table = Table(title="OpenSpiel rl_environment (random legal play, CPU time)")
    for col in ("game", "steps/s", "÷ median of OpenSpiel's Python games"):
        table.add_column(col, justify="left" if col == "game" else "right")
    out = []
    for name, _env, ref in envs:
        table.add_row(name, f"{rates[name]:,.0f}", f"{rates[name] / median:.2f}x")
        out.append({"name": name, "steps_per_s": rates[name], "over_median": rates[name] / median, "reference": ref})
    console.print(table)
    return out


def aims(seconds: float, json_path: str | None, shared_process: bool = False) -> int:
    """Issue 26's speed aims in one run (CPU time of this process; the machine's load average is printed, since
    other processes still slow a loaded machine's caches): encode at most 30 µs, the vector env at least 3x the
    AEC env per decision, OpenSpiel's rl_environment at least 0.3x the median of its small Python games."""
    import os

    load = os.getloadavg()
    enc = encode_costs(seconds)
    gym = gym_section(seconds * len(GYM_GAMES), shared_process)
    rle = rl_environment_rates(seconds)
    load_end = os.getloadavg()
    table = Table(title="Issue 26 speed aims (CPU time)")
    for col in ("aim", "configuration", "figure", "held"):
        table.add_column(col, justify="left" if col in ("aim", "configuration") else "right")
    for r in enc:
        worst = max(r["encode_us"], r["egocentric_us"])
        table.add_row("encode <= 30 µs", f"{r['game']} {r['variant']} {r['players']}p",
                      f"{r['encode_us']:.1f} / {r['egocentric_us']:.1f} ego", "yes" if worst <= 30 else "no")
    for r in gym:
        ratio = r["vector_over_aec"] or 0.0
        table.add_row("vector >= 3x AEC", f"{r['game']} {r['players']}p", f"{ratio:.2f}x",
                      "yes" if ratio >= 3 else "no")
    for r in rle:
        if not r["reference"]:
            table.add_row("rl_environment >= 0.3x", r["name"], f"{r['over_median']:.2f}x",
                          "yes" if r["over_median"] >= 0.3 else "no")
    console.print(table)
    console.print(f"load average (1, 5, 15 min): {load[0]:.1f} {load[1]:.1f} {load[2]:.1f} at the start, "
                  f"{load_end[0]:.1f} {load_end[1]:.1f} {load_end[2]:.1f} at the end")
    if json_path:
        with open(json_path, "w", encoding="utf-8") as f:
            json.dump({"encode": enc, "gym": gym, "rl_environment": rle, "load_start": load, "load_end": load_end},
                      f, indent=2)
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="time per environment (split into rounds)")
    ap.add_argument("--all-configs", action="store_true", help="every player count and variant of our env")
    ap.add_argument("--no-openspiel", action="store_true", help="skip the OpenSpiel part")
    ap.add_argument("--json", help="also write the figures to this file")
    ap.add_argument("--no-gym", action="store_true", help="skip the learner environments (AEC, Gymnasium, vector)")
    ap.add_argument("--gym-only", action="store_true", help="only the learner environments")
    ap.add_argument("--shared-process", action="store_true",
                    help="learner environments all in this process (as before 2026-12-02's fourth pass), not one "
                         "process each")
    ap.add_argument("--encode", action="store_true", help="only the encode cost per game")
    ap.add_argument("--rl-environment", action="store_true", help="only OpenSpiel's rl_environment speed")
    ap.add_argument("--aims", action="store_true",
                    help="issue 26's three speed aims side by side: encode, vector / AEC, rl_environment")
    args = ap.parse_args(argv)
    if args.aims:
        return aims(args.seconds, args.json, args.shared_process)
    if args.gym_only:
        gym = gym_section(args.seconds * len(GYM_GAMES), args.shared_process)
        if args.json:
            with open(args.json, "w", encoding="utf-8") as f:
                json.dump({"gym": gym}, f, indent=2)
        return 0
    if args.encode or args.rl_environment:
        figures: dict[str, Any] = {}
        if args.encode:
            figures["encode"] = encode_costs(args.seconds)
        if args.rl_environment:
            figures["rl_environment"] = rl_environment_rates(args.seconds)
        if args.json:
            with open(args.json, "w", encoding="utf-8") as f:
                json.dump(figures, f, indent=2)
        return 0

    if args.all_configs:
        configs = [(n, v) for v in ("standard", "expanded") for n in (3, 4, 5)]
    else:
        configs = [(4, "standard")]
    rows, skipped = build_rows(configs, not args.no_openspiel)
    built = {id(r): r.make() for r in rows}
    rng = random.Random(0)
    for _ in range(ROUNDS):
        for r in rows:
            if r.kind == "pettingzoo":
                pz_run(r, built[id(r)], args.seconds / ROUNDS, rng)
            else:
                os_run(r, built[id(r)], args.seconds / ROUNDS, rng)

    out: dict[str, Any] = {"seconds_per_env": args.seconds, "skipped": skipped, "pettingzoo": [], "openspiel": []}
    for kind, title in (("pettingzoo", "PettingZoo AEC environments (random legal play)"),
                        ("openspiel", "OpenSpiel states (random legal play, chance sampled)")):
        group = [r for r in rows if r.kind == kind]
        if not group:
            continue
        ours = [r for r in group if GAME.replace("-", "_") in r.name or GAME in r.name]
        ref = ours[0].rate if ours else 0.0
        table = Table(title=title)
        for col in ("environment", "games", "steps", "steps/s", f"ours ({ours[0].name if ours else '-'}) / this"):
            table.add_column(col, justify="left" if col == "environment" else "right")
        for r in group:
            ratio = ref / r.rate if r.rate else float("nan")
            table.add_row(r.name, f"{r.games:,}", f"{r.steps:,}", f"{r.rate:,.0f}", f"{ratio:.2f}x")
            out[kind].append({"name": r.name, "games": r.games, "steps": r.steps, "seconds": r.seconds,
                              "steps_per_s": r.rate, "ours_over_this": ratio})
        console.print(table)
    if skipped:
        console.print("skipped: " + "; ".join(skipped))
    if not args.no_gym:
        out["gym"] = gym_section(args.seconds * len(GYM_GAMES), args.shared_process)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(out, f, indent=2)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

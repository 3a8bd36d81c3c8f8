"""Bots on the game contract (issues 8.1, 8.2, 9.7, 9.9): adapters found through the spec, outcomes decided
by the game (a one-player puzzle, a game where a tie at the top makes everyone lose), reproducible labs
whatever the clock, and an information set that holds nothing of the real state."""

from __future__ import annotations

import gc
import importlib
import json
import math
import random
import time
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import hustings
from hustings.bots import Heuristic, HeuristicBot, InfoSet, IsmctsBot, RandomBot, make_bot, play_game
from hustings.bots.heuristic import heuristic_for
from hustings.bots.ismcts import soft_rank
from hustings.bots.runner import ask
from hustings.cli import app
from hustings.engine import GameState, get_spec
from hustings.sim.lab import SimConfig, run, solo_lines, summarize
from playout import fields_of

from .toys import PICKS, PUZZLE, TIES, registered

DM = "die-macher-2019"


@pytest.fixture
def toys() -> Iterator[None]:
    with registered():
        yield


# ---------------------------------------------------------------------------------------------- adapters


def test_die_macher_adapters_come_from_the_spec() -> None:
    from hustings.games.die_macher_2019.adapters import bot as dm_bot
    from hustings.games.die_macher_2019.phases import Phase

    spec = get_spec(DM)
    h = spec.adapter("bot")
    assert isinstance(h, Heuristic) and h is dm_bot.HEURISTIC and heuristic_for(DM) is h
    assert h.evaluate is dm_bot.evaluate
    # the heuristic has a rule for every phase in which a player decides (phase names defined once, by the game)
    assert set(dm_bot._PHASES) == set(Phase) - {Phase.OVER}
    # (the per-game modules, not their folders: a stale __pycache__ folder would import as a namespace package)
    for gone in ("hustings.bots.heuristics.die_macher_2019", "hustings.rl.encoders.die_macher_2019"):
        with pytest.raises(ModuleNotFoundError):
            importlib.import_module(gone)


def test_rules_never_import_bots_rl_or_adapters() -> None:
    root = Path(hustings.__file__).parent / "games" / "die_macher_2019"
    for path in [*root.glob("*.py"), *root.glob("rules/*.py")]:
        imports = [ln for ln in path.read_text(encoding="utf-8").splitlines()
                   if ln.lstrip().startswith(("import ", "from "))]
        for forbidden in ("hustings.bots", "hustings.rl", ".adapters"):
            assert not any(forbidden in ln for ln in imports), f"{path.name} imports {forbidden}"


def test_a_game_without_a_heuristic_gets_random_and_ismcts_bots(toys: None) -> None:
    assert heuristic_for(TIES) is None
    with pytest.raises(ValueError, match=f"no heuristic bot for '{TIES}'.*{DM}"):
        make_bot("heuristic", TIES, 1)
    bot = make_bot("ismcts:easy", TIES, 1)
    assert isinstance(bot, IsmctsBot) and bot.rollout_policy is None and bot.evaluator is None
    s = hustings.make(TIES, seed=1)
    play_game(s, [bot, RandomBot(2), make_bot("random", TIES, 3)])
    assert s.is_over


# ---------------------------------------------------------------------------------------------- outcomes


def test_soft_rank_is_the_old_two_player_reward_and_sums_to_zero() -> None:
    d = 7.0
    old = 1.0 / (1.0 + math.exp(-d / 6.0))  # the reward ISMCTS used before, in [0, 1]
    assert soft_rank([d, 0.0], 12.0)[0] == pytest.approx(2 * old - 1)
    u = soft_rank([30.0, 20.0, 20.0, -5.0], 12.0)
    assert sum(u) == pytest.approx(0.0) and all(-1 <= x <= 1 for x in u)
    assert u[0] > u[1] > u[3] and u[1] == pytest.approx(u[2])


def test_ismcts_backs_up_the_games_outcome_at_the_end(toys: None) -> None:
    s = hustings.make(TIES, seed=0)
    for p, k in enumerate((3, 3, 3)):
        s.apply(p, PICKS[k - 1])
    bot = IsmctsBot(level="easy", seed=0)
    assert bot.utilities(s) == [-1.0, -1.0, -1.0] == list(s.outcome().utilities)
    cut = hustings.make(TIES, seed=0)
    cut.apply(0, PICKS[2])
    assert sum(bot.utilities(cut)) == pytest.approx(0.0)  # scores turned into utilities on the same scale
    puzzle = hustings.make(PUZZLE, seed=0)
    assert bot.utilities(puzzle) == [0.0]  # a puzzle halfway: neither solved nor failed


def test_ismcts_avoids_the_tie_that_makes_everyone_lose(toys: None) -> None:
    """Seat 0 picked 2, seat 1 picked 1. Seat 2 wins alone with 3 (+1); 2 ties seat 0 at the top, which
    makes everyone lose (-1); 1 leaves the win to seat 0 (-1). Judged by totals alone, the tie would still
    look like half a win."""
    s = hustings.make(TIES, seed=0)
    s.apply(0, PICKS[1])
    s.apply(1, PICKS[0])
    picks = {ask(IsmctsBot(level="easy", seed=k), s, 2, s.legal_actions(2)).args[0] for k in range(5)}
    assert picks == {3}


def test_ismcts_rank_objective_follows_the_outcome_too(toys: None) -> None:
    """The old objective (rank utility, objective="rank") still lets the game say when everyone loses. Seat 0
    picked 3, seat 1 picked 1: picking 3 ties for the top, everyone loses (-1); 2 is second (0 by rank);
    1 is last with seat 1 (-0.5). Under the win share (the default) all three are a loss for seat 2."""
    s = hustings.make(TIES, seed=0)
    s.apply(0, PICKS[2])
    s.apply(1, PICKS[0])
    picks = {ask(IsmctsBot(level="easy", seed=k, objective="rank"), s, 2, s.legal_actions(2)).args[0]
             for k in range(5)}
    assert picks == {2}
    for k, rank_value in ((3, -1.0), (2, 0.0), (1, -0.5)):
        end = s.clone()
        end.apply(2, PICKS[k - 1])
        assert IsmctsBot(level="easy", objective="rank").utilities(end)[2] == rank_value
        assert IsmctsBot(level="easy").utilities(end)[2] == -1.0


def test_ismcts_plays_a_one_player_puzzle_far_better_than_random(toys: None) -> None:
    solved = {"random": 0, "ismcts:normal": 0}
    for name in solved:
        for seed in range(10):
            s = hustings.make(PUZZLE, seed=seed)
            play_game(s, [make_bot(name, PUZZLE, seed)])
            o = s.outcome()
            assert o.detail["moves"] <= o.detail["par"] + 1
            solved[name] += o.won
    # measured over 50 seeds: random 2/50, ismcts:easy 29/50, normal 39/50, hard 49/50
    assert solved["ismcts:normal"] >= 6 and solved["random"] <= 3


# ---------------------------------------------------------------------------------------------- the lab


def test_lab_win_shares_follow_the_outcome_when_everyone_loses(toys: None) -> None:
    cfg = SimConfig.build(TIES, 3, None, "random", 30, 1)
    results = list(run(cfg))
    summary = summarize(results)
    lost = [r for r in results if not r.winners]
    assert lost and summary.everyone_lost == len(lost)
    for r in lost:
        assert r.outcome["detail"]["all_lost"] and r.outcome["utilities"] == [-1.0, -1.0, -1.0]
    assert sum(s.wins for s in summary.by_bot) == pytest.approx(30 - len(lost))


def test_lab_summarises_a_puzzle_as_success_rate_and_moves_over_par(toys: None) -> None:
    cfg = SimConfig.build(PUZZLE, 1, None, "ismcts:easy", 12, 0)
    results = list(run(cfg))
    summary = summarize(results)
    assert summary.solo is not None
    (share,) = summary.solo.solved
    won = sum(1 for r in results if r.winners)
    assert share.games == 12 and share.wins == won and 0 < won < 12
    assert len(summary.solo.over_par["ismcts:easy"]) == won
    assert all(d in (0, 1) for d in summary.solo.over_par["ismcts:easy"])
    (line,) = solo_lines(summary, "en")
    assert line.startswith(f"ismcts:easy: solved {won} of 12")
    res = CliRunner().invoke(app, ["tournament", PUZZLE, "--bots", "random", "-n", "5", "--lang", "zh-Hans"])
    assert res.exit_code == 0, res.output
    assert "random：解出" in res.stdout


def _slow_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """A clock that jumps half a second on every reading: any time limit would cut every search short."""
    now = [time.perf_counter()]

    def slow() -> float:
        now[0] += 0.5
        return now[0]

    monkeypatch.setattr(time, "perf_counter", slow)


def test_same_seed_same_lab_files_whatever_the_clock(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      toys: None) -> None:
    files = []
    for k, slowed in enumerate((False, True)):
        if slowed:
            _slow_clock(monkeypatch)
        for game, bots, n in ((DM, "ismcts:easy,random,random", 1), (TIES, "ismcts:normal,random,random", 6)):
            out = tmp_path / f"{game}-{k}.jsonl"
            res = CliRunner().invoke(app, ["simulate", game, "-p", "3", "-n", str(n), "--seed", "9", "--bots", bots,
                                           "--out", str(out)])
            assert res.exit_code == 0, res.output
            files.append(out.read_bytes())
    assert files[0] == files[2] and files[1] == files[3]
    assert json.loads(files[0].splitlines()[0])["bots"][0] == "ismcts:easy"
    # the slowed clock does bite a bot that watches it: people's tables pass clock=True
    s = hustings.make(TIES, seed=0)
    timed = make_bot("ismcts:normal", TIES, 1, clock=True)
    ask(timed, s, 0, s.legal_actions(0))
    assert isinstance(timed, IsmctsBot) and timed.last_iterations == 8


# ---------------------------------------------------------------------------------------------- trust


def _reachable(root: object, limit: int = 500_000) -> dict[int, object]:
    """Every object reachable from ``root`` through references, without entering classes, modules or the
    globals of module-level functions (those are shared code, not data handed to the bot)."""
    seen: dict[int, object] = {}
    stack = [root]
    while stack:
        o = stack.pop()
        if id(o) in seen:
            continue
        seen[id(o)] = o
        assert len(seen) < limit, "walk did not finish: the test could not look everywhere"
        if isinstance(o, type | types.ModuleType):
            continue
        if isinstance(o, types.FunctionType):
            refs: list[Any] = [o.__closure__, o.__defaults__, o.__kwdefaults__]
        else:
            refs = gc.get_referents(o)
        stack.extend(r for r in refs if r is not None)
    return seen


def _secrets_of(state: GameState) -> dict[int, object]:
    """The real state, its generator, its history and every mutable container in its data."""
    out: dict[int, object] = {id(state): state, id(state.rng): state.rng}
    node = state._history  # the chain of everyone's (player, action id), others' secret choices included
    while node is not None:
        out[id(node)] = node
        node = node[1]
    stack: list[Any] = [v for k, v in fields_of(state).items() if k not in ("game_options", "_log", "_history")]
    while stack:
        o = stack.pop()
        if type(o) in (list, dict, set):
            out[id(o)] = o
            stack.extend(o.values() if isinstance(o, dict) else o)
        elif type(o) is tuple:
            stack.extend(o)
    return out


def _advance(s: GameState, steps: int) -> GameState:
    bot = HeuristicBot(DM)
    for _ in range(steps):
        p = s.current_players[0]
        s.apply(p, bot.act(s.view(p), s.legal_actions(p)))
    return s


@pytest.mark.parametrize("steps", [5, 60, 140])
def test_the_infoset_reaches_nothing_of_the_real_state(steps: int) -> None:
    s = _advance(hustings.make(DM, players=4, seed=21), steps)
    p = s.current_players[0]
    secrets = _secrets_of(s)
    assert len(secrets) > 20  # hands, decks, face-down cards...
    info = InfoSet.of(s, p, random.Random(3))
    reached = _reachable(info)
    shared = [type(secrets[i]).__name__ for i in reached if i in secrets]
    assert not shared, f"the InfoSet reaches the real state's {shared[:5]}"
    for o in reached.values():
        if isinstance(o, hustings.Event):
            assert o.to in (None, p), "an event private to another player"
        if isinstance(o, GameState):
            assert o.seed != s.seed
    # and the samples it hands out are still consistent with what the player sees
    sample = info.sample(random.Random(4))
    assert sample.view(p) == s.view(p) and sample is not s


def test_the_runner_deals_the_infoset_from_the_bots_own_generator() -> None:
    s = _advance(hustings.make(DM, players=4, seed=22), 50)
    p = s.current_players[0]
    legal = s.legal_actions(p)
    picks = {ask(IsmctsBot(level="easy", seed=5), s, p, legal).id for _ in range(2)}
    assert len(picks) == 1

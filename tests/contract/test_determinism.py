"""The same seed and the same choices give the same game, whatever the global ``random`` module or the
hash seed does."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from hustings.engine import GameState, get_spec

from .conftest import (
    CONFIG_IDS,
    CONFIGS,
    VARIANT_IDS,
    VARIANTS,
    Config,
    all_views,
    counts,
    play_random,
    steps,
)

SEEDS = (41, 42)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("cfg", CONFIGS, ids=CONFIG_IDS)
@pytest.mark.usefixtures("global_random")
def test_global_random_does_not_matter(cfg: Config, seed: int) -> None:
    where = f"{cfg} seed {seed}"
    # Run 1: record the choice index and legal ids of every step; the global RNG is left alone and
    # must stay untouched by make/legal_actions/apply/view (games keep their randomness in state.rng).
    random.seed(12345)
    global_before = random.getstate()
    a = cfg.make(seed)
    trace: list[tuple[int, list[int], int]] = []
    choice_rng = random.Random(seed)
    for step, p, action in steps(a, lambda s, p, legal: legal[choice_rng.randrange(len(legal))], where=where):
        legal = a.legal_actions(p)
        trace.append((p, [x.id for x in legal], legal.index(action)))
        if step % 97 == 0:
            a.view(p)
            a.view(None)
    a.scores()
    assert random.getstate() == global_before, (
        f"{where}: the game used the global random module (make/legal_actions/apply/view/scores)"
    )

    # Run 2: same seed and choices, with the global RNG reseeded and advanced between every step.
    b = cfg.make(seed)
    assert b == cfg.make(seed)
    for i, (p, legal_ids, index) in enumerate(trace):
        random.seed(i * 7919)
        for _ in range(i % 5):
            random.random()
        here = f"{where} step {i}"
        assert not b.is_over, f"{here}: the second run ended early"
        assert b.current_players[0] == p, f"{here}: a different player is to act in the second run"
        legal = b.legal_actions(p)
        assert [x.id for x in legal] == legal_ids, f"{here}: legal actions differ in the second run"
        b.apply(p, legal[index])
        random.random()
    assert b.is_over == a.is_over
    assert b == a, f"{where}: same seed and choices, different state when the global RNG differs"
    assert all_views(b) == all_views(a)
    assert list(b.all_events()) == list(a.all_events())
    assert b.record() == a.record()
    assert b.scores() == a.scores() and b.winners() == a.winners()


_CHILD = """
import importlib, json, sys
sys.path[:0] = {path!r}
import hustings
from hustings.engine import GameSpec, register
mod = importlib.import_module({module!r})  # the game's module; an installed game registers by entry point
if {game!r} not in hustings.list_games():
    register(next(v for v in vars(mod).values() if isinstance(v, GameSpec) and v.id == {game!r}))
from contract.conftest import play_random
s = play_random({game!r}, {variant!r}, {players!r}, {seed!r})
print(json.dumps({{
    "record": s.record(),
    "views": [s.view(p) for p in [*range(s.num_players), None]],
    "scores": s.scores(),
    "winners": s.winners(),
    "events": [e.to_json() for e in s.all_events()],
}}, sort_keys=True))
"""


def summary(s: GameState) -> Any:
    return json.loads(
        json.dumps(
            {
                "record": s.record(),
                "views": [s.view(p) for p in [*range(s.num_players), None]],
                "scores": s.scores(),
                "winners": s.winners(),
                "events": [e.to_json() for e in s.all_events()],
            },
            sort_keys=True,
        )
    )


@pytest.mark.parametrize(("game", "variant"), VARIANTS, ids=VARIANT_IDS)
def test_same_game_under_other_hash_seeds(game: str, variant: str) -> None:
    """A record made in one process replays identically in another (no set/str-hash ordering leaks)."""
    players = max(counts(game, variant))
    seed = 43
    here = summary(play_random(game, variant, players, seed))
    tests_dir = str(Path(__file__).resolve().parent.parent)
    module = get_spec(game).factory.__module__
    code = _CHILD.format(
        path=[tests_dir, *sys.path], module=module, game=game, variant=variant, players=players, seed=seed
    )
    for hash_seed in ("0", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300, check=False
        )
        assert out.returncode == 0, out.stderr[-2000:]
        there = json.loads(out.stdout)
        assert there == here, (
            f"{game} {variant} {players}p seed {seed}: the game differs under PYTHONHASHSEED={hash_seed}"
        )

"""clone() is a deep, independent copy: playing on one side never shows on the other."""

from __future__ import annotations

import random

import pytest

from hustings.engine import GameState

from .conftest import (
    CONFIG_IDS,
    CONFIGS,
    Config,
    all_views,
    assert_unchanged,
    play,
    play_with_checks,
    random_chooser,
    snapshot,
)

SEEDS = (11, 12)


def check_clone(s: GameState, where: str, rng: random.Random) -> None:
    c = s.clone()
    assert c is not s and type(c) is type(s), f"{where}: clone() returned the origin or another type"
    assert c == s, f"{where}: clone is not == to its origin"
    assert all_views(c) == all_views(s), f"{where}: views of the clone differ"
    assert c.record() == s.record(), f"{where}: record of the clone differs"
    assert tuple(c.current_players) == tuple(s.current_players)
    for p in c.current_players:
        assert [a.id for a in c.legal_actions(p)] == [a.id for a in s.legal_actions(p)], (
            f"{where}: the clone's legal actions differ for player {p}"
        )
    if s.is_over:
        assert c.scores() == s.scores() and c.winners() == s.winners()
        return

    # Mutate the clone: the origin must stay == to a second clone taken before.
    witness = s.clone()
    snap = snapshot(s)
    depth = None if rng.random() < 0.2 else rng.randint(1, 40)  # None: play the clone to the end
    play(c, random_chooser(rng), where=f"{where} (playing the clone)", max_steps=depth)
    assert c.step_count > s.step_count
    assert_unchanged(s, witness, snap, f"{where}: after playing {c.step_count - s.step_count} steps on a clone")

    # And the other way: a clone must not follow its origin. (Use a copy o as the origin, since the
    # caller's state must stay as it is.)
    o = s.clone()
    d = o.clone()
    d_witness = o.clone()
    d_snap = snapshot(d)
    play(o, random_chooser(rng), where=f"{where} (playing the origin)", max_steps=rng.randint(1, 20))
    assert o.step_count > s.step_count
    assert_unchanged(d, d_witness, d_snap, f"{where}: a clone changed after its origin played")


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("cfg", CONFIGS, ids=CONFIG_IDS)
def test_clone_is_independent(cfg: Config, seed: int) -> None:
    rng = random.Random(seed * 31 + cfg.players)
    play_with_checks(cfg, seed, lambda s, where: check_clone(s, where, rng), growth=0.6)

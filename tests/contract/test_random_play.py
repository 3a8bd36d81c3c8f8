"""Seeded random legal play reaches the end, and the finished game is well formed and replayable."""

from __future__ import annotations

import pytest

import hustings

from .conftest import (
    CHUNKS,
    CONFIG_IDS,
    CONFIGS,
    GAMES_PER_VARIANT,
    STEP_CAP,
    VARIANT_IDS,
    VARIANTS,
    Config,
    assert_events_filtered,
    assert_final,
    assert_replays,
    assert_views_json,
    config_for,
    play,
    play_random,
)

SEED_BASE = 4_000_000_000
"""Seeds are SEED_BASE + i: long distinctive numbers, so a seed leaking into a view is detectable."""


def finished_checks(s: hustings.GameState, where: str) -> None:
    assert_final(s, where)
    assert_events_filtered(s, where)
    assert_views_json(s, where, secrets=(s.seed, int.from_bytes(s.rng._key, "little")))
    for e in s.all_events():
        for lang in hustings.LANGS:
            msg = e.message(lang)
            assert isinstance(msg, str) and msg, f"{where}: event {e.type} renders empty in {lang}"
    for p in range(s.num_players):
        with pytest.raises(hustings.IllegalActionError):
            s.apply(p, 0)
    assert_replays(s, where)


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize(("game", "variant"), VARIANTS, ids=VARIANT_IDS)
def test_random_games_end(game: str, variant: str, chunk: int) -> None:
    """GAMES_PER_VARIANT games per (game, variant) over all player counts; this item plays every
    CHUNKS-th of them. Reproduce game i with play_random(game, variant, n, SEED_BASE + i)."""
    played = 0
    for i in range(chunk, GAMES_PER_VARIANT, CHUNKS):
        cfg = config_for(game, variant, i)
        seed = SEED_BASE + i
        where = f"{cfg} seed {seed}"
        s = play_random(game, variant, cfg.players, seed)
        assert s.is_over and s.step_count <= STEP_CAP
        finished_checks(s, where)
        played += 1
    assert played == len(range(chunk, GAMES_PER_VARIANT, CHUNKS))


def test_enough_games_per_variant() -> None:
    assert GAMES_PER_VARIANT >= 200 and CHUNKS >= 1
    assert sum(len(range(c, GAMES_PER_VARIANT, CHUNKS)) for c in range(CHUNKS)) == GAMES_PER_VARIANT


POLICIES = {
    "first": lambda s, p, legal: legal[0],
    "last": lambda s, p, legal: legal[-1],
    "middle": lambda s, p, legal: legal[len(legal) // 2],
}


@pytest.mark.parametrize("policy", sorted(POLICIES))
@pytest.mark.parametrize("cfg", CONFIGS, ids=CONFIG_IDS)
def test_extreme_policies_end(cfg: Config, policy: str) -> None:
    """Always taking the first, last or middle legal action (always passing, always bidding the most,
    ...) also ends the game within the step cap: no legal loop can stall a game."""
    for seed in (SEED_BASE + 51, SEED_BASE + 52):
        where = f"{cfg} seed {seed} policy {policy}"
        s = play(cfg.make(seed), POLICIES[policy], where=where)
        finished_checks(s, where)

"""Views hide what they must: resample(p) keeps p's view, re-deals what p cannot see and leaves the
original alone; views are JSON and never show the seed or RNG state; events are filtered per player."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

import hustings
from hustings.engine import GameState, Rng

from .conftest import (
    CONTRACT_SETTINGS,
    STEP_CAP,
    VARIANT_IDS,
    VARIANTS,
    Config,
    assert_events_filtered,
    assert_unchanged,
    assert_views_json,
    counts,
    hypothesis_game,
    play,
    play_with_checks,
    random_chooser,
    snapshot,
    viewers,
)

SEED_BASE = 7_000_000_000
GAMES_PER_COUNT = 2


@dataclass
class Tally:
    resamples: int = 0
    redealt: int = 0  # resample(p) != original
    others_redealt: int = 0  # resample(p) changed what some other viewer sees
    rng_rerolled: int = 0  # resample(p).rng != original rng
    rng_used_midgame: bool = False
    views_differ: bool = False  # some viewers saw different views somewhere (else nothing is hidden from anyone)


def check_resample(s: GameState, q: int | None, rng: random.Random, where: str) -> GameState:
    before = s.clone()
    snap = snapshot(s)
    k = rng.getrandbits(32)
    r = s.resample(q, random.Random(k))
    here = f"{where} resample({q}, Random({k}))"
    assert isinstance(r, GameState) and r is not s, f"{here}: did not return a new state"
    assert_unchanged(s, before, snap, f"{here} must not change the original, but")
    assert r.view(q) == s.view(q), f"{here}: view({q}) of the resampled state differs from the original"
    assert r.num_players == s.num_players and r.is_over == s.is_over, f"{here}: different game shape"
    assert tuple(r.current_players) == tuple(s.current_players), f"{here}: current_players differ"
    if q is not None and q in s.current_players:
        assert [a.id for a in r.legal_actions(q)] == [a.id for a in s.legal_actions(q)], (
            f"{here}: player {q}'s legal actions differ in a state they cannot tell apart"
        )
    assert s.resample(q, random.Random(k)) == r, f"{here}: not reproducible with the same rng seed"
    # The sample must not carry the true secrets along where a bot holding it could read them.
    theirs = {id(e) for e in s.all_events() if e.to is not None and e.to != q}
    kept = [e for e in r.all_events() if id(e) in theirs]
    assert not kept, f"{here}: the sample keeps other players' private events, e.g. {kept[0]!r:.200}"
    return r


def assert_record_hides_truth(s: GameState, r: GameState, q: int | None, where: str) -> None:
    """If resample(q) re-dealt anything, its record() must not rebuild the true state (a sample that
    keeps the seed and the full action history would hand a bot every secret through replay)."""
    if all(r.view(x) == s.view(x) for x in viewers(s)):
        return  # nothing hidden was re-dealt here
    try:
        rebuilt = hustings.replay(r.record())
    except hustings.RecordError:
        return
    assert rebuilt != s, f"{where}: replay(resample({q}).record()) rebuilds the true hidden state"


def check_point(s: GameState, where: str, rng: random.Random, tally: Tally) -> None:
    assert_views_json(s, where, secrets=(s.seed, int.from_bytes(s.rng._key, "little")))
    assert_events_filtered(s, where)
    views = [s.view(x) for x in viewers(s)]
    tally.views_differ |= any(v != views[0] for v in views)
    for q in viewers(s):
        r = check_resample(s, q, rng, where)
        tally.resamples += 1
        tally.redealt += r != s
        tally.others_redealt += any(r.view(x) != s.view(x) for x in viewers(s) if x != q)
        tally.rng_rerolled += r.rng != s.rng
    q = rng.choice(viewers(s))
    engine_rng = Rng(rng.getrandbits(64))  # resample also takes the engine's own Rng
    before = s.clone()
    assert s.resample(q, engine_rng).view(q) == s.view(q), f"{where}: resample({q}, Rng) changes view({q})"
    assert s == before, f"{where}: resample({q}, Rng) changed the original"
    assert_record_hides_truth(s, s.resample(q, random.Random(rng.getrandbits(32))), q, where)
    if not s.is_over:
        # A resampled state is a real state: it plays on (to the end now and then).
        q = rng.choice(viewers(s))
        r = s.resample(q, random.Random(rng.getrandbits(32)))
        depth = None if rng.random() < 0.1 else rng.randint(1, 30)
        play(r, random_chooser(rng), where=f"{where} playing resample({q})", max_steps=depth)


@pytest.mark.parametrize(("game", "variant"), VARIANTS, ids=VARIANT_IDS)
def test_resample_keeps_view_and_redeals_hidden(game: str, variant: str) -> None:
    tally = Tally()
    for n in counts(game, variant):
        cfg = Config(game, variant, n)
        for j in range(GAMES_PER_COUNT):
            seed = SEED_BASE + 100 * n + j
            rng = random.Random(seed)
            start_rng: list[Rng] = []  # the RNG state at step 0, after setup

            def check(s: GameState, where: str, rng: random.Random = rng, start: list[Rng] = start_rng) -> None:
                if not start:
                    start.append(s.rng.copy())
                elif s.rng != start[0]:
                    tally.rng_used_midgame = True
                check_point(s, where, rng, tally)

            play_with_checks(cfg, seed, check, growth=0.5)
    assert tally.resamples > 0
    assert tally.redealt > 0, (
        f"{game} {variant}: none of {tally.resamples} resamples differed from the original state; "
        "resample() does not re-deal hidden information"
    )
    # A game of perfect information (every viewer always sees the same view, e.g. an open solo puzzle) has
    # nothing to re-deal that another viewer could notice: resample(q) keeps view(q), which is everyone's.
    assert tally.others_redealt > 0 or not tally.views_differ, (
        f"{game} {variant}: none of {tally.resamples} resamples changed what another player (or the "
        "spectator) would see; resample() does not re-deal hidden information"
    )
    if tally.rng_used_midgame:
        assert tally.rng_rerolled > 0, (
            f"{game} {variant}: the game draws from its RNG during play, but none of {tally.resamples} "
            "resamples changed the RNG state, so a resampled state foretells the real future chance events"
        )


@pytest.mark.parametrize(("game", "variant"), VARIANTS, ids=VARIANT_IDS)
@CONTRACT_SETTINGS
@given(
    players_index=st.integers(0, 10),
    seed=st.integers(0, 2**63 - 1),
    choices=st.lists(st.integers(0, 2**16), max_size=40),
    tail=st.one_of(st.integers(0, 300), st.just(STEP_CAP)),
    resample_seed=st.integers(0, 2**32 - 1),
)
def test_view_secrecy_property(
    game: str, variant: str, players_index: int, seed: int, choices: list[int], tail: int, resample_seed: int
) -> None:
    s, where = hypothesis_game(game, variant, players_index, seed, choices, tail)
    assert_views_json(s, where, secrets=(s.seed, int.from_bytes(s.rng._key, "little")))
    assert_events_filtered(s, where)
    rng = random.Random(resample_seed)
    for q in viewers(s):
        check_resample(s, q, rng, where)

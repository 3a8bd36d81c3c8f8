"""record() survives JSON and replay() rebuilds an equal state, at any point of any game."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import hustings

from .conftest import (
    CONFIG_IDS,
    CONFIGS,
    CONTRACT_SETTINGS,
    STEP_CAP,
    VARIANT_IDS,
    VARIANTS,
    Config,
    assert_replays,
    hypothesis_game,
    play_with_checks,
)


@pytest.mark.parametrize(("game", "variant"), VARIANTS, ids=VARIANT_IDS)
@CONTRACT_SETTINGS
@given(
    players_index=st.integers(0, 10),
    seed=st.integers(0, 2**63 - 1),
    choices=st.lists(st.integers(0, 2**16), max_size=60),
    tail=st.one_of(st.integers(0, 500), st.just(STEP_CAP)),
)
def test_replay_property(game: str, variant: str, players_index: int, seed: int, choices: list[int], tail: int) -> None:
    s, where = hypothesis_game(game, variant, players_index, seed, choices, tail)
    assert_replays(s, where)


@pytest.mark.parametrize("cfg", CONFIGS, ids=CONFIG_IDS)
def test_replay_at_checkpoints(cfg: Config) -> None:
    """Replaying every prefix at the checkpoints of a random game gives the state at that point."""
    play_with_checks(cfg, 31, assert_replays, growth=1.0)


@pytest.mark.parametrize(("game", "variant"), VARIANTS, ids=VARIANT_IDS)
def test_replay_refuses_a_bad_record(game: str, variant: str) -> None:
    s = hustings.make(game, variant=variant, seed=5)
    p = s.current_players[0]
    legal_ids = {a.id for a in s.legal_actions(p)}
    bad = next(i for i in range(len(s.SPACE)) if i not in legal_ids)
    rec = s.record()
    rec["actions"] = [[p, bad]]
    with pytest.raises(hustings.RecordError):
        hustings.replay(rec)
    rec["actions"] = [[s.num_players, next(iter(legal_ids))]]
    with pytest.raises(hustings.RecordError):
        hustings.replay(rec)

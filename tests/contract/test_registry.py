"""The registry itself: something is registered, and every spec is usable."""

from __future__ import annotations

import re

import pytest

import hustings
from hustings.engine import ENGINE_VERSION, RNG_NAME, get_spec

from .conftest import CONFIG_IDS, CONFIGS, GAMES, Config


def test_games_are_registered() -> None:
    assert GAMES, "no game is registered: the contract suite would test nothing"
    assert hustings.list_games() == sorted(set(GAMES))


@pytest.mark.parametrize("game", GAMES)
def test_spec_is_consistent(game: str) -> None:
    spec = get_spec(game)
    assert spec.id == game
    assert spec.variants, f"{game}: no variants"
    assert spec.default_variant in spec.variants
    for variant in spec.variants:
        cs = spec.player_counts(variant)
        assert cs, f"{game} {variant}: no allowed player count"
        assert all(isinstance(n, int) and n >= 1 for n in cs), f"{game} {variant}: bad counts {cs}"
        assert all(spec.min_players <= n <= spec.max_players for n in cs), f"{game} {variant}: {cs}"
        for bad in (min(cs) - 1, max(cs) + 1):
            if bad not in cs:
                with pytest.raises(ValueError):
                    hustings.make(game, players=bad, variant=variant, seed=1)
    with pytest.raises(ValueError):
        hustings.make(game, variant="no-such-variant", seed=1)


@pytest.mark.parametrize("cfg", CONFIGS, ids=CONFIG_IDS)
def test_new_game_is_sane(cfg: Config) -> None:
    s = cfg.make(seed=12345)
    assert s.num_players == cfg.players
    assert cfg.game == s.GAME_ID
    assert not s.is_over, f"{cfg}: over before the first move"
    assert s.step_count == 0 and s.history == []
    spec = get_spec(cfg.game)
    rec = s.record()
    # issue 29: a record names the digest of the data it was played with (a game with house rules or a data
    # object); the printed game carries no "rules"
    digest = {"data_digest": rec["data_digest"]} if "data_digest" in rec else {}
    assert rec == {"game": cfg.game, "options": rec["options"], "seed": 12345, "actions": [],
                   "rules_version": spec.rules_version, "engine_version": ENGINE_VERSION, "rng": RNG_NAME, **digest}
    assert not digest or re.fullmatch(r"[0-9a-f]{32}", digest["data_digest"])
    assert ("data_digest" in rec) == (spec.adapter("house_rules") is not None)
    assert s == cfg.make(seed=12345), f"{cfg}: two games made with the same seed differ"
    assert s.winners() == [], f"{cfg}: winners before the end"
    cur = s.current_players
    assert cur and all(0 <= p < cfg.players for p in cur)
    for p in cur:
        assert s.legal_actions(p), f"{cfg}: current player {p} has no legal action at the start"
    for p in set(range(cfg.players)) - set(cur):
        assert s.legal_actions(p) == [], f"{cfg}: player {p} is not to act but has legal actions"

"""``GameState.shared_view`` (what the table core asks for every seat at every step; a game may build there once a
step what every seat sees alike) gives exactly what ``view`` gives, for every game, variant and player count: at
every step of seeded random games, for every seat and a spectator asked in any order (the first seat asked builds
the shared parts), with parts kept for another state never reused, and a seat that is none refused as ``view``
refuses it. A view built around another seat's parts would hand one seat's secrets to another."""

from __future__ import annotations

import random
import re
from typing import Any

import orjson
import pytest

from .conftest import VARIANT_IDS, VARIANTS, config_for, viewers
from .test_viewers import BAD


@pytest.mark.parametrize(("game", "variant"), VARIANTS, ids=VARIANT_IDS)
def test_shared_views_are_the_plain_views_at_every_step(game: str, variant: str) -> None:
    checked = 0
    for i in range(3):
        config = config_for(game, variant, i)
        state = config.make(1 + i)
        rng = random.Random(i)
        shared: dict[str, Any] = {}
        while True:
            seats = viewers(state)
            rng.shuffle(seats)
            for seat in seats:
                assert orjson.dumps(state.shared_view(seat, shared)) == orjson.dumps(state.view(seat)), (
                    f"{config} seed {1 + i} step {state.step_count} seat {seat}")
                checked += 1
            if state.is_over:  # the final views, scores and all, were checked too
                break
            seat = state.current_players[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert checked > 20  # whole games were played


@pytest.mark.parametrize(("game", "variant"), VARIANTS, ids=VARIANT_IDS)
def test_parts_of_another_state_are_never_reused(game: str, variant: str) -> None:
    config = config_for(game, variant, 0)
    a, b = config.make(10), config.make(11)
    shared: dict[str, Any] = {}
    assert a.step_count == b.step_count
    for seat in viewers(a):  # two games at one step count, one shared dict
        a.shared_view(seat, shared)
        assert orjson.dumps(b.shared_view(seat, shared)) == orjson.dumps(b.view(seat)), f"{config} seat {seat}"
    if not a.is_over:  # and a clone moved on from the same state gets parts of its own step
        c = a.clone()
        seat = c.current_players[0]
        c.apply(seat, c.legal_actions(seat)[0])
        for seat in viewers(c):
            assert orjson.dumps(c.shared_view(seat, shared)) == orjson.dumps(c.view(seat)), f"{config} seat {seat}"


@pytest.mark.parametrize(("game", "variant"), VARIANTS, ids=VARIANT_IDS)
def test_a_seat_that_is_none_is_refused_as_view_refuses_it(game: str, variant: str) -> None:
    state = config_for(game, variant, 0).make(5)
    n = state.num_players
    for bad in [*BAD, n, n + 7]:
        with pytest.raises(Exception) as plain:  # whatever view raises, shared_view must raise the same
            state.view(bad)
        with pytest.raises(type(plain.value), match=re.escape(str(plain.value))):
            state.shared_view(bad, {})

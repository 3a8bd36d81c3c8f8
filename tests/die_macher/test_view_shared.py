"""Each step's views of every seat share what they see alike (GameState.shared_view, what the table core asks
for at every step): they are exactly the plain views, at every step of whole games, for every seat and a
spectator, whatever order the seats are asked in, and the shared parts are rebuilt for another state or step."""

from __future__ import annotations

import random
import re

import orjson
import pytest

import hustings


def test_shared_views_are_the_plain_views_at_every_step() -> None:
    checked = 0
    for seed, players, variant in ((1, 4, "full"), (2, 5, "short"), (3, 3, "full")):
        state = hustings.make("die-macher", seed=seed, players=players, variant=variant)
        rng = random.Random(seed)
        shared: dict[str, object] = {}
        while not state.is_over:
            seats: list[int | None] = [None, *range(players)]
            rng.shuffle(seats)  # the first seat asked builds the parts: any seat may be first
            for seat in seats:
                assert orjson.dumps(state.shared_view(seat, shared)) == orjson.dumps(state.view(seat))
                checked += 1
            seat = state.current_players[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        for seat in (None, *range(players)):  # the final views, scores and all
            assert orjson.dumps(state.shared_view(seat, shared)) == orjson.dumps(state.view(seat))
    assert checked > 3000


def test_parts_of_another_state_at_the_same_step_are_not_reused() -> None:
    # two games at one step count: the parts kept for the first must never fill the second's views
    a = hustings.make("die-macher", seed=10, players=4)
    b = hustings.make("die-macher", seed=11, players=4)
    shared: dict[str, object] = {}
    assert a.step_count == b.step_count
    first = orjson.dumps(a.shared_view(0, shared))
    assert orjson.dumps(b.shared_view(0, shared)) == orjson.dumps(b.view(0)) != first
    # and a clone moved on from the same state gets parts of its own step
    c = a.clone()
    c.apply(0, c.legal_actions(0)[0])
    assert orjson.dumps(c.shared_view(1, shared)) == orjson.dumps(c.view(1))


@pytest.mark.parametrize("bad", [4, -1, "0", True, 1.0])
def test_a_bad_seat_is_refused_as_view_refuses_it(bad: object) -> None:
    state = hustings.make("die-macher", seed=5, players=4)
    with pytest.raises(Exception) as plain:  # whatever view raises, shared_view must raise the same
        state.view(bad)
    with pytest.raises(type(plain.value), match=re.escape(str(plain.value))):
        state.shared_view(bad, {})  # type: ignore[arg-type]

"""The decision part of a seat's view (the stale-step rule's, :mod:`hustings.table.decision`): what it leaves out is
only others' progress, for every game (a game without a ``decision`` adapter: the whole view).

The table takes an act a seat sent at an older step while that seat's decision part has not changed since. That
is safe only if taking it is the same as had the act arrived before the others' acts: so wherever another seat's
act leaves a seat's decision part the same, that seat must still be to act with the same legal actions, and its
act and the other's must commute (every seat, and a spectator, sees the same either way). And a seat's own act
always gives it a new decision part or ends its turn.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from hustings.engine import GameState
from hustings.table.decision import decision_part_of

from .conftest import SCALE, VARIANT_IDS, VARIANTS, config_for

GAMES_EACH = 10 * SCALE


def _whole(view: Any, seat: int) -> object:
    return view


def _check_step(s: GameState, decide: Any, rng: random.Random, where: str) -> int:
    """At a step several seats act in: one of them acts; check every other seat whose decision part stayed the same.
    Returns how many were."""
    to_act = list(s.current_players)
    a = rng.choice(to_act)
    act_a = rng.choice(s.legal_actions(a))
    after = s.clone()
    after.apply(a, act_a)
    spared = 0
    viewers = [*range(s.num_players), None]
    for b in to_act:
        if b == a:
            continue
        before = s.view(b)
        if b not in after.current_players or decide(after.view(b), b) != decide(before, b):
            continue
        spared += 1
        here = f"{where} step {s.step_count}: seat {b} after seat {a}'s {act_a!r}"
        assert list(after.legal_actions(b)) == list(s.legal_actions(b)), f"{here}: its legal actions changed"
        act_b = rng.choice(s.legal_actions(b))
        late = after.clone()
        late.apply(b, act_b)  # taken late, as the table takes it
        first = s.clone()
        first.apply(b, act_b)  # as had it arrived first
        assert decide(first.view(b), b) != decide(before, b) or b not in first.current_players, (
            f"{here}: its own act {act_b!r} left its decision part the same")
        assert a in first.current_players and act_a in first.legal_actions(a), f"{here}: the acts do not commute"
        first.apply(a, act_a)
        for v in viewers:
            assert late.view(v) == first.view(v), f"{here}: seat {v} sees another game in the other order"
        assert tuple(late.current_players) == tuple(first.current_players), f"{here}: another seat to act"
    return spared


@pytest.mark.parametrize(("game", "variant"), VARIANTS, ids=VARIANT_IDS)
def test_what_a_decision_part_leaves_out_is_only_others_progress(game: str, variant: str) -> None:
    declared = decision_part_of(game)
    decide = declared or _whole
    spared = 0
    for i in range(GAMES_EACH):
        cfg = config_for(game, variant, i)
        s = cfg.make(seed=1000 + i)
        rng = random.Random(i)
        where = f"{cfg} seed {1000 + i}"
        while not s.is_over:
            if len(s.current_players) > 1:
                spared += _check_step(s, decide, rng, where)
            p = rng.choice(list(s.current_players))
            s.apply(p, rng.choice(s.legal_actions(p)))
    assert spared or declared is None, f"{game}: its decision adapter never left anything out: not tested"

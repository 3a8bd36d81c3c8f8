"""Several seats' views of one state built at once (``SharedViews``: Die Macher classic's ``shared_parts`` and
``view_with``) are the views ``state.view`` gives, and OpenSpiel's tensors and strings (built from them, by an
encoder that trusts its views' identity) are those of ``state.view`` bit for bit."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

np = pytest.importorskip("numpy")

import hustings  # noqa: E402
from hustings.engine import GameState  # noqa: E402
from hustings.games.die_macher.view import build_view, shared_parts, view_with  # noqa: E402
from hustings.rl.encoding import adapter_for, fresh_encoder  # noqa: E402


def _states(players: int, variant: str, seed: int) -> Iterator[GameState]:
    rng = random.Random(seed)
    s = hustings.make("die-macher", players=players, variant=variant, seed=seed)
    while not s.is_over:
        yield s
        p = s.current_players[0]
        s.apply(p, rng.choice(s.legal_actions(p)))
    yield s


@pytest.mark.parametrize("players,variant,seed", [(3, "full", 1), (4, "short", 2), (5, "full", 3), (4, "full", 4)])
def test_views_built_together_are_the_views(players: int, variant: str, seed: int) -> None:
    checked = 0
    for s in _states(players, variant, seed):
        parts = shared_parts(s)  # type: ignore[arg-type]
        for me in (*range(players), None):
            together = view_with(s, me, parts)  # type: ignore[arg-type]
            alone = build_view(s, me)  # type: ignore[arg-type]
            assert together == alone
            # the same keys in the same order, nested too (JSON without sorting)
            assert json.dumps(together) == json.dumps(alone)
            checked += 1
    assert checked > 300


def test_a_seats_secrets_stay_out_of_the_shared_parts() -> None:
    # the parts every view shares are what a spectator sees: no money, hand, sheet or bid of any seat
    for s in _states(4, "short", 5):
        parts = shared_parts(s)  # type: ignore[arg-type]
        assert parts.others == build_view(s, None)["players"]  # type: ignore[arg-type]
        assert parts.boards == build_view(s, None)["boards"]  # type: ignore[arg-type]


def test_parts_of_another_step_are_refused() -> None:
    s = hustings.make("die-macher", players=4, variant="short", seed=1)
    parts = shared_parts(s)  # type: ignore[arg-type]
    p = s.current_players[0]
    s.apply(p, s.legal_actions(p)[0])
    with pytest.raises(ValueError, match="step"):
        view_with(s, 0, parts)  # type: ignore[arg-type]


def test_the_classic_adapter_offers_them() -> None:
    assert adapter_for("die-macher").views is not None


@pytest.mark.parametrize("name,variant", [("die-macher", "short"), ("die-macher-2019", "standard"),
                                          ("election-war", "standard")])
def test_openspiel_tensors_and_strings_are_those_of_state_view(name: str, variant: str) -> None:
    # the observer's encoder trusts its views' identity (BlockMemo.trusted) and, for classic, its views share
    # parts: every tensor must still be the bits a fresh encoder writes for state.view
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python import rl_environment

    from hustings.rl import openspiel as hos

    game = hos.load(name, 4, variant)
    env = rl_environment.Environment(game, seed=3)
    enc = fresh_encoder(name, 4, variant)
    rng = random.Random(0)
    ts = env.reset()
    steps = 0
    while not ts.last() and steps < 300:
        state: Any = env.get_state
        eng = state.engine_state
        for p in range(4):
            expected = enc.encode(eng.view(p))
            assert np.asarray(ts.observations["info_state"][p], np.float32).tobytes() == expected.tobytes()
            assert state.observation_string(p) == json.dumps(eng.view(p), ensure_ascii=False, sort_keys=True,
                                                             separators=(",", ":"))
        public = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=False,
                                                                  private_info=pyspiel.PrivateInfoType.NONE))
        public.set_from(state, 0)
        assert public.tensor.tobytes() == enc.encode(eng.view(None)).tobytes()
        p = ts.observations["current_player"]
        legal = ts.observations["legal_actions"][p]
        ts = env.step([legal[rng.randrange(len(legal))]])
        steps += 1
    assert steps == 300 or ts.last()


def test_openspiel_builds_die_macher_2019s_common_parts_once_a_step() -> None:
    # a game without a SharedViews adapter gets its own GameState.shared_view: Die Macher 2019's builds what every
    # seat sees alike once a step (19% more rl_environment steps a second); the test above holds its bits
    pytest.importorskip("pyspiel")
    from open_spiel.python import rl_environment

    from hustings.rl import openspiel as hos

    env = rl_environment.Environment(hos.load("die-macher-2019", 4, "standard"), seed=5)
    ts = env.reset()
    rng = random.Random(1)
    for _ in range(40):
        eng = env.get_state._engine
        views = [eng.view(p) for p in range(4)]
        assert all(v["program"] is views[0]["program"] for v in views)
        assert [v["players"][p]["hand"] for p, v in enumerate(views)] == [
            sorted(eng.state.view(p)["players"][p]["hand"]) for p in range(4)]  # each seat's own secret, its own
        # and nobody else's: views built around shared parts must not carry one seat's hand or money to another
        assert all(views[q]["players"][p]["hand"] is None and views[q]["players"][p]["money"] is None
                   for p in range(4) for q in range(4) if q != p)
        p = ts.observations["current_player"]
        legal = ts.observations["legal_actions"][p]
        ts = env.step([legal[rng.randrange(len(legal))]])
    clone = env.get_state.clone()  # a clone keeps its own parts
    assert clone._engine.shared == {} and clone._engine.view(0) == eng.view(0)

"""Adding a game changes nothing outside its folder beyond one registration line (issue 8, point 1).

The toy games of tests/toygame are registered by ``register_toys()`` in tests/conftest.py, the test suite's
equivalent of an installed game's entry-point line. Every layer then serves them through the registry alone:
the contract suite (tests/contract collects every registered game), the lab and the random and ISMCTS bots
(tests/bots/test_toygame.py), PettingZoo and OpenSpiel (tests/rl/test_game_contract.py), the match service
(tests/table) and the terminal shell's fallback renderer (tests/tui/test_fallback.py). Here: nothing in the
package names them, and each of those layers does pick them up.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import hustings
from hustings.bots import make_bot, play_game
from hustings.engine import get_spec
from hustings.sim.lab import SimConfig, run, summarize
from hustings.table import Match
from hustings.tui import ui_for
from hustings.tui.fallback import FallbackRenderer
from toygame import TOY_GAMES

SRC = Path(hustings.__file__).resolve().parent


def test_nothing_in_the_package_names_the_toy_games() -> None:
    pattern = re.compile(r"""["'](toy|toy-solo|HiLo)["']|toygame""")
    hits = [str(p.relative_to(SRC)) for p in SRC.rglob("*.py") if pattern.search(p.read_text("utf-8"))]
    assert hits == []


@pytest.mark.parametrize("game", TOY_GAMES)
def test_every_layer_serves_the_toy_games_through_the_registry(game: str, tmp_path: Path) -> None:
    spec = get_spec(game)
    assert game in hustings.list_games() and spec.adapters == {}
    players = spec.player_counts(spec.default_variant)[-1]
    # bots: random and ISMCTS (random rollouts: the game has no heuristic adapter)
    for name in ("random", "ismcts:easy"):
        s = play_game(hustings.make(game, players=players, seed=3), [make_bot(name, game, p) for p in range(players)])
        assert s.is_over and len(s.outcome().utilities) == players
    # the lab
    cfg = SimConfig.build(game, players, None, "random", games=4, seed=1)
    results = list(run(cfg, workers=1))
    assert len(results) == 4 and summarize(results).games == 4
    # the match service
    m = Match.new(game, ["random"] * players, seed=5)
    m.play_bots()
    assert m.is_over
    # the terminal shell: the fallback renderer draws it
    ui = ui_for(game, "en")
    assert isinstance(ui, FallbackRenderer)
    # both RL adapters
    pz = pytest.importorskip("hustings.rl.pettingzoo")
    env = pz.env(game, players=players)
    env.reset(seed=2)
    assert env.agents
    ospiel = pytest.importorskip("hustings.rl.openspiel")
    g = ospiel.load(game, players=players)
    assert g.num_players() == players

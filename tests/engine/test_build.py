"""The compiled build (docs/build.md): which build runs, the module list, and an interpreted game on a compiled engine.

`make test` runs this file, the contract suite and the golden playthroughs twice: on the pure-Python package and
with HUSTINGS_BUILD=compiled on build/compiled (scripts/build_compiled.py). The variable makes the build under test
explicit, so a compiled pass that silently ran the pure sources (a wrong PYTHONPATH) fails here.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import os
import random
import sys
from pathlib import Path

import pytest

import hustings
from hustings.engine import GameState

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
import build_compiled  # noqa: E402

BUILD = os.environ.get("HUSTINGS_BUILD", "pure")
FILES = build_compiled.source_files(build_compiled.compiled_modules())
MODULES = [".".join(f.with_suffix("").parts).removesuffix(".__init__") for f in FILES]


def _is_compiled(module: str) -> bool:
    origin = importlib.import_module(module).__file__ or ""
    return origin.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def test_the_build_variable_names_a_build() -> None:
    assert BUILD in ("pure", "compiled"), f"HUSTINGS_BUILD={BUILD!r}: pure or compiled"


def test_the_list_names_the_engine_and_rules_of_both_compiled_games() -> None:
    assert "hustings.engine.core" in MODULES and "hustings.engine.events" in MODULES
    assert "hustings.games.election_war.rules.campaign" in MODULES
    assert "hustings.games.palace_escape.solver" in MODULES
    # a game's adapters and words stay interpreted: adapters reach bots, rl and tui, beyond the cache key's folders
    assert not [m for m in MODULES if m.startswith("hustings.games.") and (".adapters" in m or ".words" in m)]


def test_every_listed_module_is_compiled_in_the_compiled_build_and_none_in_the_pure_one() -> None:
    compiled = [m for m in MODULES if _is_compiled(m)]
    if BUILD == "compiled":
        assert compiled == MODULES, f"not compiled: {sorted(set(MODULES) - set(compiled))}"
    else:
        assert compiled == [], f"the pure build runs compiled modules {compiled} (stale extensions in src/?)"


def test_a_compiled_engine_plays_an_interpreted_game() -> None:
    # the toy game of tests/toygame is a Python class on the engine's GameState (compiled in the compiled build)
    state = hustings.make("toy", players=3, seed=5)
    assert type(state).__module__ == "toygame" and isinstance(state, GameState)
    spec = importlib.util.find_spec("toygame")
    assert spec is not None and str(spec.origin).endswith(".py")
    rng = random.Random(5)
    while not state.is_over:
        p = state.current_players[0]
        state.apply(p, rng.choice(state.legal_actions(p)))
    clone = state.clone()
    assert type(clone) is type(state) and clone == state
    assert hustings.replay(state.record()) == state
    assert len(state.outcome().ranks) == 3


@pytest.mark.parametrize("cls", ["IllegalActionError", "ResampleError"])
def test_interpreted_code_may_subclass_the_engine_errors(cls: str) -> None:
    base = getattr(hustings.engine, cls)
    sub = type("Sub", (base,), {})
    with pytest.raises(base):
        raise sub("x")


def test_shared_data_refuses_changes_in_either_build() -> None:
    from hustings.engine.events import freeze

    data = freeze({"a": [1, 2], "b": {"c": 3}})
    with pytest.raises(TypeError, match="read-only"):
        data["x"] = 1
    with pytest.raises(TypeError, match="read-only"):
        data["a"].append(3)
    with pytest.raises(TypeError, match="read-only"):
        data.update(x=1)
    assert data == {"a": [1, 2], "b": {"c": 3}}


def test_the_cache_key_follows_the_compiled_modules_folders_only(tmp_path: Path) -> None:
    src = tmp_path / "src"
    for rel in ("hustings/engine/core.py", "hustings/games/g/rules.py", "hustings/games/g/words/x.py",
                "hustings/server/app.py", "hustings/games/other/rules.py"):
        (src / rel).parent.mkdir(parents=True, exist_ok=True)
        (src / rel).write_text(f"# {rel}\n")
    files = [Path("hustings/engine/core.py"), Path("hustings/games/g/rules.py")]
    key = build_compiled.cache_key(files, ["cc"], src=src)
    (src / "hustings/server/app.py").write_text("changed = 1\n")
    (src / "hustings/games/other/rules.py").write_text("changed = 1\n")
    assert build_compiled.cache_key(files, ["cc"], src=src) == key  # outside what the compiled modules import
    (src / "hustings/games/g/words/x.py").write_text("changed = 1\n")
    assert build_compiled.cache_key(files, ["cc"], src=src) != key  # the game's folder: imported by its rules
    assert build_compiled.cache_key(files, ["cc"], "0", src=src) != build_compiled.cache_key(files, ["cc"], src=src)

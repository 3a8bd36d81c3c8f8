"""The engine split into modules (issue 22: no module over ~800 lines, room for an engine kit): every name
``hustings.engine.core`` gave before is still importable from it and is the same object as in its new home."""

from __future__ import annotations

import hustings.engine as engine
from hustings.engine import actions, basics, core, events, registry

#: every public name of engine/core.py before the split, and where it lives now
MOVED = {
    actions: ("Action", "ActionSpace", "_action_by_id"),
    basics: ("JSON", "LANGS", "IllegalActionError", "RecordError", "ResampleError", "as_index", "normalize_lang"),
    events: ("Chain", "Event", "FrozenDict", "FrozenList", "Renderer", "chain_items", "freeze", "thaw"),
    registry: ("ENTRY_POINT_GROUP", "LEGACY_RNG", "check_record_versions", "get_spec", "list_games", "make",
               "register", "replay", "unregister"),
}


def test_every_name_of_core_is_still_there() -> None:
    for module, names in MOVED.items():
        for name in names:
            assert getattr(core, name) is getattr(module, name), (module.__name__, name)
    assert core.GameState and core.GameSpec and core.ENGINE_VERSION
    for name in engine.__all__:
        assert getattr(engine, name) is not None, name


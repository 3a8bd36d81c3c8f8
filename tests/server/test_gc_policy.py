"""`hustings serve` tends the process (create_app(tend_process=True)): its garbage collection
(hustings.server.app._tend_gc: what survives is frozen out of the young collections' way, automatic middle and
full collections are off, and a scheduled full collection still frees reference cycles) and its thread switch
interval, so that the store's writer thread gets the GIL back quickly after each disk wait."""

from __future__ import annotations

import asyncio
import gc
import sys

import pytest
from fastapi.testclient import TestClient

from hustings.engine.collector import settings_for_many_games
from hustings.server import app as app_module
from hustings.server.sqlite import SqliteStore


class _Cycle:
    def __init__(self) -> None:
        self.me = self


def test_tend_gc_freezes_survivors_and_still_frees_cycles(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app_module, "GC_FREEZE_S", 0.01)
    monkeypatch.setattr(app_module, "GC_FULL_S", 0.05)
    before = gc.get_threshold()
    freed: list[int] = []

    def watch(phase: str, info: dict[str, int]) -> None:
        if phase == "stop" and info["generation"] == 2:
            freed.append(info["collected"])

    async def run() -> tuple[int, tuple[int, int, int]]:
        task = asyncio.ensure_future(app_module._tend_gc())
        await asyncio.sleep(0.03)
        frozen, threshold = gc.get_freeze_count(), gc.get_threshold()
        for _ in range(50):
            _Cycle()  # garbage only a full collection can free
        gc.callbacks.append(watch)
        await asyncio.sleep(0.12)  # past GC_FULL_S: a full collection after unfreezing
        task.cancel()
        return frozen, threshold

    try:
        frozen, threshold = asyncio.run(run())
    finally:
        gc.callbacks[:] = [c for c in gc.callbacks if c is not watch]
        gc.unfreeze()
        gc.set_threshold(*before)
    assert frozen > 0, "nothing was frozen"
    assert threshold[2] >= 1_000_000, "automatic full collections are still on"
    # nor middle ones: one walked all that survived since the last freeze (160 ms at 40 busy tables, every move
    # waiting), and the freeze every GC_FREEZE_S empties that generation anyway
    assert threshold[1] >= 1_000_000, "automatic middle collections are still on"
    assert threshold[0] == settings_for_many_games()[0], "young collections are not the lab's"
    assert sum(freed) >= 50, f"the scheduled full collection freed {freed}"


@pytest.mark.parametrize("tend", [True, False])
def test_switch_interval_only_while_a_tended_app_runs(tend: bool) -> None:
    before = sys.getswitchinterval()
    assert before != app_module.SWITCH_INTERVAL_S
    threshold = gc.get_threshold()
    store = SqliteStore(":memory:")
    store.migrate()
    app = app_module.create_app(store, tend_process=tend)
    try:
        with TestClient(app) as client:
            assert client.get("/api/games").status_code == 200
            during = sys.getswitchinterval()
    finally:
        gc.unfreeze()
        gc.set_threshold(*threshold)
    assert during == (app_module.SWITCH_INTERVAL_S if tend else before)
    assert sys.getswitchinterval() == before, "the switch interval was not restored when the app stopped"

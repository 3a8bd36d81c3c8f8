"""The search bots' queue and workers (hustings.server.thinking): people's tables first, then tables of bots only,
then tables over their budget for the minute; a table nobody watches any more is not searched; a search is bounded
per move (issue 23, point 2)."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from hustings.server import thinking
from hustings.server.limits import Limits
from hustings.server.thinking import Searches, SearchJob, think_search


def _job(move_s: float = 5.0) -> SearchJob:
    return SearchJob({"game": "palace-escape"}, 0, "ismcts:hard", 1, move_s)


def test_people_first_then_bots_only_then_tables_over_their_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    ran: list[int] = []
    gate = threading.Event()

    def fake(job: SearchJob) -> tuple[int, float]:
        gate.wait(10)
        ran.append(job.seat)
        return job.seat, 0.0

    monkeypatch.setattr(thinking, "think_search", fake)

    async def go() -> list[int | None]:
        searches = Searches(Limits(search_workers=0, search_table_s_per_minute=1.0))
        searches._used["greedy"] = thinking.deque([(time.monotonic(), 5.0)])  # over its budget this minute
        jobs = [("busy", True, 9), ("bots", False, 1), ("greedy", True, 3), ("people", True, 0), ("gone", False, 7)]
        tasks = []
        for table, people, seat in jobs:
            job = SearchJob({}, seat, "ismcts:hard", 1, 5.0)
            wanted = (lambda: False) if table == "gone" else None
            tasks.append(asyncio.ensure_future(searches.think(table, job, people=people, wanted=wanted)))
            await asyncio.sleep(0.01)
        gate.set()
        answers = await asyncio.gather(*tasks)
        searches.close()
        return [None if a is None else a[0] for a in answers]

    answers = asyncio.run(go())
    # the first was running already; then people's table, the table of bots only, the one over its budget; the
    # table nobody watches any more was never searched
    assert ran == [9, 0, 1, 3]
    assert answers == [9, 1, 3, 0, None]


def test_a_search_that_overruns_its_bound_is_given_up(monkeypatch: pytest.MonkeyPatch) -> None:
    release = threading.Event()

    def stuck(job: SearchJob) -> tuple[int, float]:
        release.wait(10)
        return 0, 0.0

    monkeypatch.setattr(thinking, "think_search", stuck)
    monkeypatch.setattr(thinking, "SEARCH_SLACK_S", 0.2)

    async def go() -> None:
        searches = Searches(Limits(search_workers=0))
        with pytest.raises(TimeoutError):
            await searches.think("t", _job(move_s=0.1), people=True)
        release.set()
        searches.close()

    asyncio.run(go())


def test_a_worker_search_keeps_to_its_bound_per_move() -> None:
    import hustings

    state = hustings.make("die-macher-2019", seed=5, players=5)
    job = SearchJob(state.record(), state.current_players[0], "ismcts:hard", 11, 0.05)
    began = time.perf_counter()
    action, took = think_search(job)
    assert any(a.id == action for a in state.legal_actions(job.seat))
    assert took < 1.0 and time.perf_counter() - began < 2.0  # hard's own limit is 1 s; the server's bound cuts it

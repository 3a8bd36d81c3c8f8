"""The undo offer's check works from a copy of the game kept every few steps (OFFER_SNAPSHOT_STEPS), brought forward
by the moves since, instead of a copy made at every person's move: the state it checks is the state before the move,
at every move of a game with hidden information, also after an undo took steps back past the copy."""

from __future__ import annotations

import random
from typing import Any

import pytest

import hustings
from hustings.table import core as table_core
from hustings.table import takeback
from hustings.table.core import Table


@pytest.fixture
def checked(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, ...]]:
    """What the offer's re-dealt replay is asked about (its answer is random: it re-deals)."""
    asked: list[tuple[Any, ...]] = []

    def record(before: hustings.GameState, seat: int, action: int, samples: int) -> bool:
        asked.append((before.clone(), seat, action))
        return True

    monkeypatch.setattr(takeback, "_undoable", record)
    return asked


def _play(table: Table, rng: random.Random, checked: list[tuple[Any, ...]]) -> bool:
    """One random move; its offer's check asked about the state before it. Whether there was a check."""
    seat = table.to_act[0]
    before = table.state.clone()
    applied = table.act(seat, rng.choice(table.legal(seat)), step=table.step)
    if applied.offer_check is None:
        return False
    assert applied.offer_check() is True
    assert checked.pop() == (before, seat, applied.action.id)
    return True


def test_the_offer_is_checked_on_the_state_before_each_move(checked: list[tuple[Any, ...]]) -> None:
    table = Table(hustings.make("die-macher-2019", seed=7, players=3), [None, None, None], offers=True)
    rng = random.Random(7)
    copies = 0
    for _ in range(70):
        kept = table._snapshot
        assert _play(table, rng, checked)  # hidden information: a re-dealt replay decides
        copies += table._snapshot is not kept
    assert copies <= 70 // table_core.OFFER_SNAPSHOT_STEPS + 1  # a copy every few steps, not at every move


def test_an_offer_asked_for_after_the_table_moved_on_is_none(checked: list[tuple[Any, ...]]) -> None:
    table = Table(hustings.make("die-macher-2019", seed=3, players=3), [None, None, None], offers=True)
    rng = random.Random(3)
    seat = table.to_act[0]
    applied = table.act(seat, rng.choice(table.legal(seat)), step=0)
    nxt = table.to_act[0]
    table.act(nxt, rng.choice(table.legal(nxt)), step=1)
    assert applied.offer_check is not None and applied.offer_check() is False
    assert not checked


def test_a_copy_of_a_line_taken_back_is_not_used(checked: list[tuple[Any, ...]]) -> None:
    table = Table(hustings.make("die-macher-2019", seed=5, players=3), [None, None, None], offers=True)
    rng = random.Random(5)
    undone = 0
    for _ in range(120):
        _play(table, rng, checked)
        snap = table._snapshot
        seat = table.state.history[-1][0]
        if snap is not None and table.undo_refused(seat) is None:
            table.undo(seat)  # the rules allow it here: steps go back, maybe past the kept copy
            undone += 1
            assert table._snapshot is None or table._snapshot.step_count <= table.step
    assert undone

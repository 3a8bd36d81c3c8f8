"""The collector's settings for many games (hustings.engine.collector): raised thresholds while inside, Python's back
after, a freeze only when nothing was frozen before, and the lab's runs inside them."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from hustings.engine.collector import MIDDLE, YOUNG, many_games, settings_for_many_games


@pytest.fixture
def thresholds() -> Iterator[tuple[int, int, int]]:
    before = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    yield before
    gc.set_threshold(*before)


def test_many_games_raises_the_young_thresholds_and_puts_them_back(thresholds: tuple[int, int, int]) -> None:
    with many_games(freeze=False):
        assert gc.get_threshold() == (YOUNG, MIDDLE, 10)  # full collections stay automatic
    assert gc.get_threshold() == (700, 10, 10)


def test_higher_thresholds_are_kept() -> None:
    before = gc.get_threshold()
    try:
        gc.set_threshold(50_000, 50, 7)
        assert settings_for_many_games() == (50_000, 50, 7)
    finally:
        gc.set_threshold(*before)


def test_a_freeze_is_undone_and_a_process_frozen_before_keeps_its_own(thresholds: tuple[int, int, int]) -> None:
    assert gc.get_freeze_count() == 0
    with many_games():
        assert gc.get_freeze_count() > 0
    assert gc.get_freeze_count() == 0
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        with many_games():
            pass
        assert gc.get_freeze_count() == frozen  # not unfrozen: it was not ours
    finally:
        gc.unfreeze()


def test_the_lab_plays_under_them(thresholds: tuple[int, int, int]) -> None:
    from hustings.sim import lab

    seen: list[tuple[int, int, int]] = []
    real = lab.play_one

    def spy(cfg: lab.SimConfig, i: int) -> lab.GameResult:
        seen.append(gc.get_threshold())
        return real(cfg, i)

    cfg = lab.SimConfig.build("palace-escape", 1, "normal", "random", games=2, seed=3)
    lab.play_one = spy
    try:
        results = list(lab.run(cfg))
    finally:
        lab.play_one = real
    assert [r.index for r in results] == [0, 1]
    assert seen == [(YOUNG, MIDDLE, 10)] * 2
    assert gc.get_threshold() == (700, 10, 10)

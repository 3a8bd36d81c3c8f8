"""The garbage collector's settings for a process that plays many games: the lab's workers, the server, benchmarks.

A game keeps every event it made (a tuple and its frozen data: objects the collector tracks, and no collection can
free while the game lasts), so with Python's default threshold (a young collection every 700 allocations) the young
collections walk the same events again and again: a fifth of random play in 選舉之戰 with ten players, compiled. The
games make next to no reference cycles, and reference counting frees everything else at once, so collecting less
often costs a few megabytes at most. Full collections stay automatic here (the server, which holds thousands of
games, also stops those: ``hustings.server.app``)."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

#: the young generation's threshold (allocations less deallocations between young collections) and the middle
#: one's (young collections between middle ones) for many games, instead of Python's 700 and 10
YOUNG, MIDDLE = 20_000, 20


def settings_for_many_games() -> tuple[int, int, int]:
    """The thresholds :func:`many_games` sets: this process's, with the young and middle ones raised to at least
    YOUNG and MIDDLE."""
    young, middle, old = gc.get_threshold()
    return max(young, YOUNG), max(middle, MIDDLE), old


@contextmanager
def many_games(freeze: bool = True) -> Iterator[None]:
    """Collect for many games while inside: fewer young collections, and (``freeze``) what the process holds
    already moved out of every collection's way (``gc.freeze``: the modules, the registry). Both undone on leaving."""
    before = gc.get_threshold()
    froze = freeze and gc.get_freeze_count() == 0  # a process that froze already (the server) keeps its own
    if froze:
        gc.collect()
        gc.freeze()
    gc.set_threshold(*settings_for_many_games())
    try:
        yield
    finally:
        gc.set_threshold(*before)
        if froze:
            gc.unfreeze()


def for_many_games() -> None:
    """:func:`many_games` for the rest of this process (a worker that only plays games)."""
    if gc.get_freeze_count() == 0:
        gc.collect()
        gc.freeze()
    gc.set_threshold(*settings_for_many_games())


__all__ = ["MIDDLE", "YOUNG", "for_many_games", "many_games", "settings_for_many_games"]

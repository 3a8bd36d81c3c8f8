"""Save files by path, for commands given a file name (``hustings play --save/--resume``, ``replay``)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hustings.engine import GameState
from hustings.table.match import Match
from hustings.table.settings import TableSettings
from hustings.table.store import FileStore, StoredMatch


def save_file(path: Path, state: GameState, settings: TableSettings) -> None:
    """Write ``state`` and ``settings`` to ``path`` whole (replacing the file atomically)."""
    store, match_id = FileStore.at(path)
    store.create(match_id, StoredMatch.of(state, settings), replace=True)


def open_file(path: Path) -> Match:
    """The match saved in ``path``, checked and replayed. Never writes. StoreError with a one-line reason."""
    store, match_id = FileStore.at(path)
    return Match.resume(store, match_id, label=repr(str(path)))


@dataclass
class Loaded:
    """A save file read back: the replayed state, the table, and the plain engine record (seed included)."""

    state: GameState
    table: TableSettings
    record: dict[str, Any]


def load_file(path: Path) -> Loaded:
    match = open_file(path)
    return Loaded(match.state, match.settings, match.state.record())

"""The record file of a game played at the terminal: written after every move, read back to resume.

The file is the engine's record (game, options, seed, actions) plus a ``"hustings_record": 1`` marker and
the table's settings (which seats are people, which bots sit in the others, the language). It is written
whole to a temporary file in the same folder and moved over the old one with :func:`os.replace`, so a
killed terminal leaves either the previous or the new complete file, never half of one.

The record holds the seed, from which every future shuffle follows: it is for the people at this table
and for after the game. The interface never shows it.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import hustings
from hustings.bots.registry import check_bot_name
from hustings.engine import GameState, RecordError
from hustings.engine.core import LANGS

MARKER = "hustings_record"
VERSION = 1
NAME_STYLES = ("local", "de", "both")


class RecordFileError(ValueError):
    """A record file that cannot be used: unreadable, not JSON, not a hustings play record, or corrupt."""


@dataclass(frozen=True)
class TableSettings:
    """Who sits where and how the table speaks. ``bots[p]`` is None for a person's seat."""

    bots: tuple[str | None, ...]
    lang: str = "en"
    names: str = "local"

    @property
    def humans(self) -> tuple[int, ...]:
        return tuple(p for p, b in enumerate(self.bots) if b is None)

    def to_json(self) -> dict[str, Any]:
        return {"humans": list(self.humans), "bots": list(self.bots), "lang": self.lang, "names": self.names}

    @classmethod
    def from_json(cls, data: object, players: int) -> TableSettings:
        """Raises RecordFileError naming the bad field."""
        if not isinstance(data, Mapping):
            raise RecordFileError("its table settings ('table') are missing or not an object")
        bots = data.get("bots")
        if not isinstance(bots, list) or len(bots) != players:
            raise RecordFileError(f"'table.bots' must list one entry per seat ({players})")
        for b in bots:
            if b is None:
                continue
            if not isinstance(b, str):
                raise RecordFileError(f"'table.bots' holds {b!r}, not a bot name or null")
            try:
                check_bot_name(b)
            except ValueError as e:
                raise RecordFileError(f"'table.bots': {e}") from None
        lang = data.get("lang", "en")
        if lang not in LANGS:
            raise RecordFileError(f"'table.lang' is {lang!r}, not one of {', '.join(LANGS)}")
        names = data.get("names", "local")
        if names not in NAME_STYLES:
            raise RecordFileError(f"'table.names' is {names!r}, not one of {', '.join(NAME_STYLES)}")
        return cls(tuple(bots), str(lang), str(names))


def record_json(state: GameState, table: TableSettings) -> dict[str, Any]:
    out: dict[str, Any] = {MARKER: VERSION}
    out.update(state.record())
    out["table"] = table.to_json()
    out["over"] = state.is_over
    if state.is_over:
        out["scores"] = state.scores()
    return out


def save(path: Path, state: GameState, table: TableSettings) -> None:
    """Write the whole record atomically: a temporary file beside ``path``, then os.replace."""
    text = json.dumps(record_json(state, table), ensure_ascii=False, separators=(",", ":"))
    folder = path.parent if str(path.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text + "\n")
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


@dataclass
class Loaded:
    state: GameState
    table: TableSettings
    record: dict[str, Any]


def load(path: Path) -> Loaded:
    """Read, check and replay a play record. Never writes. Raises RecordFileError with a one-line reason."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        raise RecordFileError(f"cannot read {str(path)!r}: {reason}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordFileError(f"{str(path)!r} is not a hustings record: bad JSON at line {e.lineno}") from None
    if not isinstance(data, dict) or MARKER not in data:
        raise RecordFileError(
            f"{str(path)!r} is not a record of `hustings play` (no {MARKER!r} marker); "
            "records of other commands can be watched with `hustings replay`"
        )
    if data[MARKER] != VERSION:
        raise RecordFileError(
            f"{str(path)!r} is a play record of version {data[MARKER]!r}; this hustings reads version {VERSION}")
    options = data.get("options")
    players = options.get("players") if isinstance(options, dict) else None
    if not isinstance(players, int) or isinstance(players, bool):
        raise RecordFileError(f"{str(path)!r} is corrupt: 'options.players' is missing")
    try:
        table = TableSettings.from_json(data.get("table"), players)
    except RecordFileError as e:
        raise RecordFileError(f"{str(path)!r} is corrupt: {e}") from None
    try:
        state = hustings.replay(data)
    except RecordError as e:
        raise RecordFileError(f"{str(path)!r} is corrupt: {e}") from None
    except (TypeError, ValueError, KeyError) as e:
        raise RecordFileError(f"{str(path)!r} is corrupt: {e}") from None
    return Loaded(state, table, data)

"""Where the terminal's matches are kept: one save file per match (:class:`FileStore`; :class:`MemoryStore` for tests).

A store keeps, per match id, what replays the match exactly (game, versions, options, seed, actions) and the
table settings. Both implement the one store protocol of every table (:mod:`hustings.table.storage`: append,
truncate, read, give up; the server's SQLite and PostgreSQL stores implement it too), through which the table
core (:mod:`hustings.table.core`) appends each action after applying it; each write is all-or-nothing.

The save file (format 2)
------------------------
One JSON object per file, written whole to a temporary file in the same folder and moved over the old one
with :func:`os.replace` (a killed process leaves the old or the new file, never half of one)::

    {"hustings_record": 2, "game": ..., "rules_version": ..., "engine_version": ..., "rng": ...,
     "options": {...}, "table": {"humans", "bots", "lang", "names"}, "steps": N, "over": false,
     "scores": [...] (once over), "given_up": seat (a game its person gave up; over),
     "rules": {path: value} (house rules, when any), "data_digest": "..." (the game's effective data),
     "key_id": "...", "sealed": "<base64>", "mac": "<hex>"}

``rules`` and ``data_digest`` (issue 29) came later within format 2: a file without them replays under the printed
data, as it always did; a file with them replays under those rules or is refused (never under other data).

``sealed`` holds the seed and the actions, encrypted with the save key from the user's data folder
(:mod:`hustings.table.keys`): the seed gives away every hidden card and future shuffle, and the actions
include others' secret choices (a bot's bid taken before yours). ``mac`` is an HMAC-SHA256, with a key from
the same folder, over every other field: an edited file (seed, actions, seats, anything) is refused. Plain
records with the seed come from :meth:`hustings.table.Match.record` once a game is over (``hustings export``).
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import contextlib
import json
import os
import struct
import sys
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Protocol, TypeGuard

from hustings.engine import ENGINE_VERSION, MAX_SEED_BITS, RNG_NAME, GameState, get_spec, list_games
from hustings.table.keys import SaveKey, SaveKeyError
from hustings.table.settings import SettingsError, TableSettings
from hustings.table.storage import (
    ActionRecord,
    ActionStore,
    MatchExists,
    MatchNotFound,
    NotARecord,
    StaleStep,
    StoreError,
)

MARKER = "hustings_record"
VERSION = 2
#: a save file larger than this is not one of ours (a game is a few thousand actions at most)
MAX_FILE_BYTES = 16 * 1024 * 1024
#: seeds are sealed in a fixed 64 bytes, so the file's length does not tell a small seed from a large one
SEED_BYTES = MAX_SEED_BITS // 8
_ACTION = struct.Struct("<HI")  # player, action id: fixed width, so lengths tell only the number of actions


#: how a stored game's rules stand against this program's (:class:`RulesVersionError`)
RULES_AGES = ("older", "newer", "other", "unknown_game")


class RulesVersionError(StoreError):
    """A stored game made under other rules than this program's, or of a game it does not have. It is kept as it
    is and never replayed: these rules could play the same actions out differently.

    ``age`` is one of :data:`RULES_AGES`; ``recorded`` and ``current`` are the rules versions as text (``current``
    None for an unknown game); ``where`` names the file or match."""

    def __init__(self, where: str, game: str, recorded: str, current: str | None, age: str) -> None:
        self.where, self.game, self.recorded, self.current, self.age = where, game, recorded, current, age
        if age == "unknown_game":
            text = f"{where} holds a game of {game!r}, which this program does not have"
        else:
            text = (f"{where} was played under {age} rules ({game} rules version {recorded}; this program has "
                    f"{current}), which could play it out differently")
        super().__init__(f"{text}: it is not replayed, and kept as it is")


def rules_refusal(game: str, rules_version: object, rng: object, where: str) -> RulesVersionError | None:
    """Why a stored game of ``game`` made under ``rules_version`` with generator ``rng`` cannot be replayed by this
    program, or None when it can. Looks at the versions only (no replay), so it is cheap enough for a listing."""
    if game not in list_games():
        return RulesVersionError(where, game[:40], "", None, "unknown_game")
    current = get_spec(game).rules_version
    if rules_version == current and rng == RNG_NAME:
        return None
    recorded = _version_text(rules_version)
    if rules_version is None:
        age = "older"  # records before rules versions (hustings 0.1)
    elif _is_count(rules_version) and _is_count(current) and int(rules_version) != int(current):
        age = "older" if int(rules_version) < int(current) else "newer"
    else:  # versions that do not compare, or the same rules with another random generator
        age = "other"
        if rules_version == current:
            recorded, current = f"{recorded} ({_version_text(rng)})", f"{current} ({RNG_NAME})"
    return RulesVersionError(where, game, recorded, current, age)


def _is_count(value: object) -> TypeGuard[str]:
    # short digit strings only: int() of thousands of digits is refused, and nobody numbers rules that far
    return isinstance(value, str) and 0 < len(value) <= 18 and value.isascii() and value.isdigit()


def _version_text(value: object) -> str:
    if value is None:
        return "none"
    return value[:40] if isinstance(value, str) else _short(value)


@dataclass(frozen=True)
class StoredMatch:
    """What a store keeps of one match: enough to replay it exactly, and who sits where."""

    game: str
    options: Mapping[str, Any]
    seed: int
    actions: tuple[tuple[int, int], ...]
    settings: TableSettings
    rules_version: str
    engine_version: str = ENGINE_VERSION
    rng: str = RNG_NAME
    #: the final scores once the game is over, else None
    scores: tuple[Mapping[str, Any], ...] | None = None
    #: the seat whose person gave the game up at the table (then over, with the scores at that moment), else None
    given_up: int | None = None
    #: house rules the game plays under (hustings.engine.house; empty: the printed game) and the digest of its
    #: effective data (None in saves made before records carried it)
    rules: Mapping[str, Any] = field(default_factory=dict)
    data_digest: str | None = None

    @property
    def over(self) -> bool:
        return self.scores is not None

    @classmethod
    def of(cls, state: GameState, settings: TableSettings) -> StoredMatch:
        rec = state.record()
        return cls(
            game=state.GAME_ID,
            options=dict(rec["options"]),
            seed=state.seed,
            actions=tuple((p, a) for p, a in state.history),
            settings=settings,
            rules_version=str(rec["rules_version"]),
            engine_version=str(rec["engine_version"]),
            rng=str(rec["rng"]),
            scores=tuple(state.scores()) if state.is_over else None,
            rules=dict(rec.get("rules", {})),
            data_digest=rec.get("data_digest"),
        )

    def record(self) -> dict[str, Any]:
        """The engine's record (what :func:`hustings.replay` takes). Holds the seed."""
        return {
            "game": self.game,
            "rules_version": self.rules_version,
            "engine_version": self.engine_version,
            "rng": self.rng,
            "options": dict(self.options),
            "seed": self.seed,
            "actions": [[p, a] for p, a in self.actions],
            **({"rules": dict(self.rules)} if self.rules else {}),
            **({"data_digest": self.data_digest} if self.data_digest is not None else {}),
        }


class MatchStore(ActionStore, Protocol):
    """Storage of matches keyed by id: the one store protocol (:class:`~hustings.table.storage.ActionStore`: append,
    truncate, read, give up) and what a save file keeps besides (a new match whole, its table settings, a listing).
    Every method is all-or-nothing; errors are :class:`StoreError` (or OSError for a disk that fails), and a failed
    write leaves the stored match as it was."""

    def create(self, match_id: str, match: StoredMatch, *, replace: bool = False) -> None:
        """Store a new match; :class:`MatchExists` if the id is taken, unless ``replace``."""
        ...

    def load(self, match_id: str) -> StoredMatch:
        """The stored match, checked; :class:`MatchNotFound` or another :class:`StoreError`."""
        ...

    def append_actions(self, match_id: str, start: int, actions: Sequence[tuple[int, int]], *,
                       scores: Sequence[Mapping[str, Any]] | None = None) -> None:
        """Add ``actions`` (player, action id) as actions number ``start``, ``start + 1``, ...; refused
        unless the match holds exactly ``start`` actions (two writers never interleave silently).
        ``scores`` are given once these actions end the game."""
        ...

    def save_settings(self, match_id: str, settings: TableSettings) -> None: ...

    def list(self) -> list[str]:
        """The ids of the stored matches, sorted."""
        ...

    def delete(self, match_id: str) -> None: ...


def _extend(match: StoredMatch, start: int, actions: Sequence[tuple[int, int]],
            scores: Sequence[Mapping[str, Any]] | None, where: str) -> StoredMatch:
    if start != len(match.actions):
        raise StaleStep(start, len(match.actions), where)
    if match.over:
        raise StoreError(f"{where} holds a finished game; no action can follow")
    return replace(match, actions=match.actions + tuple((int(p), int(a)) for p, a in actions),
                   scores=None if scores is None else tuple(scores))


def _end(match: StoredMatch, seat: int, holds: int, scores: Sequence[Mapping[str, Any]], where: str) -> StoredMatch:
    if holds != len(match.actions):
        raise StaleStep(holds, len(match.actions), where)
    if match.over:
        raise StoreError(f"{where} holds a finished game; it cannot be given up")
    return replace(match, scores=tuple(scores), given_up=int(seat))


def _shorten(match: StoredMatch, steps: int, holds: int, where: str) -> StoredMatch:
    if holds != len(match.actions):
        raise StaleStep(holds, len(match.actions), where)
    if isinstance(steps, bool) or not isinstance(steps, int) or not 0 <= steps <= holds:
        raise StoreError(f"cannot keep {steps!r} of the {holds} actions of {where}")
    return replace(match, actions=match.actions[:steps], scores=None if steps < holds else match.scores,
                   given_up=None if steps < holds else match.given_up)


class _MatchLog:
    """The store protocol's append, read and their asynchronous form, over a store of whole matches."""

    def load(self, match_id: str) -> StoredMatch:
        raise NotImplementedError

    def append_actions(self, match_id: str, start: int, actions: Sequence[tuple[int, int]], *,
                       scores: Sequence[Mapping[str, Any]] | None = None) -> None:
        raise NotImplementedError

    def append(self, game_id: str, start: int, actions: Sequence[ActionRecord], *, over: bool = False,
               scores: Sequence[Mapping[str, Any]] | None = None) -> None:
        if over and scores is None:
            raise StoreError("a finished game is stored with its scores")
        self.append_actions(game_id, start, [(a.seat, a.action) for a in actions], scores=scores if over else None)

    async def append_async(self, game_id: str, start: int, actions: Sequence[ActionRecord], *,
                           over: bool = False, scores: Sequence[Mapping[str, Any]] | None = None) -> None:
        # a file is written whole: in a worker thread, so an event loop is not held up by the disk
        await asyncio.to_thread(self.append, game_id, start, actions, over=over, scores=scores)

    def read(self, game_id: str, since: int = 0) -> list[ActionRecord]:
        actions = self.load(game_id).actions
        return [ActionRecord(i, p, a) for i, (p, a) in enumerate(actions) if i >= since]


# ------------------------------------------------------------------------------------------- memory


class MemoryStore(_MatchLog):
    """Matches in a dict: for tests and for tools that keep nothing."""

    def __init__(self) -> None:
        self.matches: dict[str, StoredMatch] = {}

    def create(self, match_id: str, match: StoredMatch, *, replace: bool = False) -> None:
        if match_id in self.matches and not replace:
            raise MatchExists(f"match {match_id!r} exists")
        self.matches[match_id] = match

    def load(self, match_id: str) -> StoredMatch:
        try:
            return self.matches[match_id]
        except KeyError:
            raise MatchNotFound(f"no match {match_id!r}") from None

    def append_actions(self, match_id: str, start: int, actions: Sequence[tuple[int, int]], *,
                       scores: Sequence[Mapping[str, Any]] | None = None) -> None:
        self.matches[match_id] = _extend(self.load(match_id), start, actions, scores, f"match {match_id!r}")

    def truncate(self, match_id: str, steps: int, holds: int) -> None:
        self.matches[match_id] = _shorten(self.load(match_id), steps, holds, f"match {match_id!r}")

    def save_settings(self, match_id: str, settings: TableSettings) -> None:
        self.matches[match_id] = replace(self.load(match_id), settings=settings)

    def give_up(self, match_id: str, seat: int, *, holds: int, scores: Sequence[Mapping[str, Any]]) -> None:
        self.matches[match_id] = _end(self.load(match_id), seat, holds, scores, f"match {match_id!r}")

    def list(self) -> list[str]:
        return sorted(self.matches)

    def delete(self, match_id: str) -> None:
        self.load(match_id)
        del self.matches[match_id]


# --------------------------------------------------------------------------------------------- files


def _canonical(body: Mapping[str, Any]) -> bytes:
    # what the MAC covers: every field but the MAC, in one fixed serialization
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode("ascii")


def _seal_payload(seed: int, actions: Sequence[tuple[int, int]]) -> bytes:
    try:
        parts = [seed.to_bytes(SEED_BYTES, "little")]
        parts.extend(_ACTION.pack(p, a) for p, a in actions)
    except (OverflowError, struct.error) as e:
        raise StoreError(f"cannot store this match: {e} (seeds up to {MAX_SEED_BITS} bits, action ids up to "
                         "2^32)") from None
    return b"".join(parts)


def _unseal_payload(plain: bytes, steps: int) -> tuple[int, tuple[tuple[int, int], ...]]:
    body = plain[SEED_BYTES:]
    if len(plain) < SEED_BYTES or len(body) != steps * _ACTION.size:
        raise ValueError(f"the sealed part does not hold a seed and {steps} actions")
    seed = int.from_bytes(plain[:SEED_BYTES], "little")
    actions = tuple(_ACTION.unpack_from(body, i * _ACTION.size) for i in range(steps))
    return seed, actions


class FileStore(_MatchLog):
    """One save file per match in ``folder``; the match id is the file's name (e.g. ``game.json``).

    ``key`` is the save key; by default the one in the user's data folder, made on the first save.
    """

    def __init__(self, folder: Path, key: SaveKey | None = None) -> None:
        self.folder = folder
        self._key = key

    @classmethod
    def at(cls, path: Path, key: SaveKey | None = None) -> tuple[FileStore, str]:
        """The store of ``path``'s folder and ``path``'s match id: for commands given a file name."""
        folder = path.parent if str(path.parent) else Path(".")
        return cls(folder, key), path.name

    # -- keys and paths --------------------------------------------------------------------------

    def key(self, create: bool) -> SaveKey:
        if self._key is None:
            try:
                self._key = SaveKey.load(create=create)
            except SaveKeyError as e:
                raise StoreError(str(e)) from None
        return self._key

    def path(self, match_id: str) -> Path:
        if (not isinstance(match_id, str) or not match_id or match_id.startswith(".") or "\x00" in match_id
                or "/" in match_id or "\\" in match_id or len(match_id) > 255):
            raise StoreError(f"{match_id!r} is not a save file name (no folders, not hidden)")
        return self.folder / match_id

    # -- the protocol ----------------------------------------------------------------------------

    def create(self, match_id: str, match: StoredMatch, *, replace: bool = False) -> None:
        path = self.path(match_id)
        if not replace and path.exists():
            raise MatchExists(f"{str(path)!r} exists")
        self._write(path, match, exclusive=not replace)

    def load(self, match_id: str) -> StoredMatch:
        path = self.path(match_id)
        return self._decode(path, self._read(path))

    def append_actions(self, match_id: str, start: int, actions: Sequence[tuple[int, int]], *,
                       scores: Sequence[Mapping[str, Any]] | None = None) -> None:
        path = self.path(match_id)
        # read back and check first: a file edited while the game runs is caught at the next move
        match = _extend(self.load(match_id), start, actions, scores, repr(str(path)))
        self._write(path, match, exclusive=False)

    def truncate(self, match_id: str, steps: int, holds: int) -> None:
        path = self.path(match_id)
        self._write(path, _shorten(self.load(match_id), steps, holds, repr(str(path))), exclusive=False)

    def save_settings(self, match_id: str, settings: TableSettings) -> None:
        path = self.path(match_id)
        self._write(path, replace(self.load(match_id), settings=settings), exclusive=False)

    def give_up(self, match_id: str, seat: int, *, holds: int, scores: Sequence[Mapping[str, Any]]) -> None:
        path = self.path(match_id)
        self._write(path, _end(self.load(match_id), seat, holds, scores, repr(str(path))), exclusive=False)

    def list(self) -> list[str]:
        try:
            names = [p.name for p in self.folder.iterdir() if p.suffix == ".json" and not p.name.startswith(".")]
        except FileNotFoundError:
            return []
        return sorted(names)

    def delete(self, match_id: str) -> None:
        path = self.path(match_id)
        try:
            path.unlink()
        except FileNotFoundError:
            raise MatchNotFound(f"no save file {str(path)!r}") from None

    # -- the file format -----------------------------------------------------------------------

    def encode(self, match: StoredMatch) -> str:
        key = self.key(create=True)
        body: dict[str, Any] = {
            MARKER: VERSION,
            "game": match.game,
            "rules_version": match.rules_version,
            "engine_version": match.engine_version,
            "rng": match.rng,
            "options": dict(match.options),
            "table": match.settings.to_json(),
            "steps": len(match.actions),
            "over": match.over,
        }
        if match.scores is not None:
            body["scores"] = [dict(s) for s in match.scores]
        if match.given_up is not None:
            body["given_up"] = match.given_up
        if match.rules:  # house rules, in the open and under the MAC like the options
            body["rules"] = dict(match.rules)
        if match.data_digest is not None:
            body["data_digest"] = match.data_digest
        body["key_id"] = key.key_id
        body["sealed"] = base64.b64encode(key.seal(_seal_payload(match.seed, match.actions))).decode("ascii")
        body["mac"] = key.mac(_canonical(body))
        return json.dumps(body, ensure_ascii=False, separators=(",", ":")) + "\n"

    def _write(self, path: Path, match: StoredMatch, exclusive: bool) -> None:
        text = self.encode(match)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=self.folder)  # mode 0600
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(text)
                fh.flush()
                os.fsync(fh.fileno())
            if exclusive:
                try:
                    os.link(tmp, path)  # fails if the file appeared meanwhile: a new match never overwrites
                except FileExistsError:
                    raise MatchExists(f"{str(path)!r} exists") from None
                os.unlink(tmp)
            else:
                os.replace(tmp, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise

    @staticmethod
    def _read(path: Path) -> str:
        try:
            with open(path, "rb") as fh:
                raw = fh.read(MAX_FILE_BYTES + 1)
        except FileNotFoundError:
            raise MatchNotFound(f"cannot read {str(path)!r}: no such file") from None
        except OSError as e:
            raise StoreError(f"cannot read {str(path)!r}: {e.strerror or e}") from None
        if len(raw) > MAX_FILE_BYTES:
            raise StoreError(f"{str(path)!r} is not a hustings record: larger than {MAX_FILE_BYTES // 2**20} MB")
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            raise StoreError(f"cannot read {str(path)!r}: it is not UTF-8 text (binary data?)") from None

    def _decode(self, path: Path, text: str) -> StoredMatch:
        where = repr(str(path))
        data = parse_json(text, where)
        if not isinstance(data, dict) or MARKER not in data:
            raise NotARecord(
                f"{where} is not a record of `hustings play` (no {MARKER!r} marker); "
                "records of other commands can be watched with `hustings replay`"
            )
        version = data[MARKER]
        if version == 1:
            raise StoreError(
                f"{where} is a play record of version 1 (hustings 0.1): it keeps the seed in plain text and has "
                "no integrity check, so this hustings does not open it"
            )
        if version != VERSION:
            raise StoreError(f"{where} is a play record of version {_short(version)}; this hustings reads "
                             f"version {VERSION}")
        mac = data.pop("mac", None)
        if not isinstance(mac, str):
            raise StoreError(f"{where} has no integrity check ('mac'): it was not written by hustings as it is")
        key_id = data.get("key_id")
        key = self.key(create=False)
        if key_id != key.key_id:
            raise StoreError(
                f"{where} was saved with another save key (by another user account, or before "
                f"{str(key.path) if key.path else 'the key'!r} was replaced), so it cannot be checked or opened"
            )
        if not key.check_mac(_canonical(data), mac):
            raise StoreError(f"{where} has been changed since hustings saved it (its integrity check fails); "
                             "it is refused")
        # The MAC holds, so we wrote this; still check every field, as a bug or another version might not.
        try:
            return _fields(data, key)
        except (ValueError, TypeError, KeyError, binascii.Error) as e:
            raise StoreError(f"{where} is corrupt: {e}") from None


def _fields(data: dict[str, Any], key: SaveKey) -> StoredMatch:
    game, options, steps = data["game"], data["options"], data["steps"]
    if not isinstance(game, str):
        raise ValueError("'game' is not a game id")
    if not isinstance(options, dict) or not _is_int(options.get("players")):
        raise ValueError("'options.players' is missing")
    if not _is_int(steps) or steps < 0:
        raise ValueError("'steps' is not a count")
    try:
        settings = TableSettings.from_json(data.get("table"), options["players"])
    except SettingsError as e:
        raise ValueError(str(e)) from None
    sealed = data["sealed"]
    if not isinstance(sealed, str):
        raise ValueError("'sealed' is not text")
    seed, actions = _unseal_payload(key.unseal(base64.b64decode(sealed, validate=True)), steps)
    scores = data.get("scores")
    if data.get("over") is True:
        if not isinstance(scores, list):
            raise ValueError("a finished game without 'scores'")
        final: tuple[Mapping[str, Any], ...] | None = tuple(scores)
    else:
        final = None
    for name in ("rules_version", "engine_version", "rng"):
        if not isinstance(data.get(name), str):
            raise ValueError(f"{name!r} is missing")
    given_up = data.get("given_up")
    if given_up is not None and (final is None or not _is_int(given_up) or given_up not in settings.humans):
        raise ValueError("'given_up' is not a person's seat of a finished game")
    rules = data.get("rules", {})
    if not isinstance(rules, dict):
        raise ValueError("'rules' is not an object of house rules")
    digest = data.get("data_digest")
    if digest is not None and not isinstance(digest, str):
        raise ValueError("'data_digest' is not text")
    return StoredMatch(game, options, seed, actions, settings, data["rules_version"], data["engine_version"],
                       data["rng"], final, given_up, rules, digest)


def parse_json(text: str, where: str) -> Any:
    """JSON from ``text``, or a one-line StoreError: bad JSON, nesting too deep, numbers too long."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise StoreError(f"{where} is not a hustings record: bad JSON at line {e.lineno}") from None
    except RecursionError:
        raise StoreError(f"{where} is not a hustings record: its JSON is nested too deeply") from None
    except ValueError as e:
        raise StoreError(f"{where} is not a hustings record: {json_value_error(e)}") from None


def json_value_error(e: ValueError) -> str:
    """Why JSON that parsed as far as a number failed: say it plainly (Python's text suggests a setting)."""
    text = str(e)
    if "integer string conversion" in text:
        return f"it holds an integer of more than {sys.get_int_max_str_digits()} digits"
    return text.splitlines()[0] if text else type(e).__name__


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _short(value: object, limit: int = 40) -> str:
    try:
        text = repr(value)
    except ValueError:  # an integer too long to print
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."



__all__ = [
    "MARKER",
    "VERSION",
    "ActionRecord",
    "FileStore",
    "MatchExists",
    "MatchNotFound",
    "MatchStore",
    "MemoryStore",
    "NotARecord",
    "RulesVersionError",
    "StaleStep",
    "StoreError",
    "StoredMatch",
    "json_value_error",
    "parse_json",
    "rules_refusal",
]

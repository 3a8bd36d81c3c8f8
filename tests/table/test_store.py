"""Stores, and save files that keep secrets: no seed or action in plain text, every edit refused."""

from __future__ import annotations

import base64
import json
import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import hustings
from hustings.table import (
    FileStore,
    Match,
    MatchExists,
    MatchNotFound,
    MatchStore,
    MemoryStore,
    SaveKey,
    StoredMatch,
    StoreError,
    TableSettings,
    data_dir,
)
from hustings.table.keys import DATA_DIR_ENV, KEY_FILE
from hustings.table.store import SEED_BYTES

GAME = "die-macher-2019"
SEED = 0x9F3A_51C2_7E44_0B1D_A5C6_33E9_1F07_D2B8  # a 128-bit seed with no short repeating digits
SETTINGS = TableSettings((None, "heuristic", "random"), "en", "local")


def _played(steps: int, seed: int = SEED) -> hustings.GameState:
    state = hustings.make(GAME, players=3, seed=seed)
    for _ in range(steps):
        p = state.current_players[0]
        state.apply(p, state.legal_actions(p)[-1])
    return state


@pytest.fixture
def saved(tmp_path: Path) -> tuple[FileStore, Path, hustings.GameState]:
    store = FileStore(tmp_path)
    state = _played(40)
    store.create("g.json", StoredMatch.of(state, SETTINGS))
    return store, tmp_path / "g.json", state


def _refused(store: FileStore, path: Path, words: str) -> None:
    before = path.read_bytes()
    with pytest.raises(StoreError, match=words) as info:
        store.load(path.name)
    assert "\n" not in str(info.value) and "Traceback" not in str(info.value)
    assert path.read_bytes() == before


def _edit(path: Path, change: Callable[[dict[str, Any]], None]) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")


# ---------------------------------------------------------------------------------- what the file shows


def test_the_file_holds_no_seed_and_no_action_in_plain_text(saved: tuple[FileStore, Path, Any]) -> None:
    store, path, state = saved
    text = path.read_text(encoding="utf-8")
    raw = SEED.to_bytes(16, "big")
    forms = [str(SEED), f"{SEED:x}", f"{SEED:X}", f"{SEED:#x}", raw.hex(), raw[::-1].hex(),
             base64.b64encode(raw).decode(), base64.b64encode(raw[::-1]).decode(),
             base64.b64encode(SEED.to_bytes(SEED_BYTES, "little")).decode()[:20]]
    for form in forms:
        assert form.lower() not in text.lower(), form
    for half in (str(SEED)[:12], f"{SEED:x}"[:12], f"{SEED:x}"[-12:]):
        assert half not in text.lower()
    data = json.loads(text)
    assert "seed" not in data and "actions" not in data and "history" not in data
    assert data["steps"] == 40 and data["over"] is False
    # and yet everything is there, for the key's owner
    loaded = store.load("g.json")
    assert loaded.seed == SEED and list(loaded.actions) == state.history


def test_sealing_uses_a_fresh_nonce_every_time(tmp_path: Path) -> None:
    store = FileStore(tmp_path)
    match = StoredMatch.of(_played(5), SETTINGS)
    store.create("a.json", match)
    store.create("b.json", match)
    sealed = [json.loads((tmp_path / n).read_text(encoding="utf-8"))["sealed"] for n in ("a.json", "b.json")]
    assert sealed[0] != sealed[1]  # equal games do not give equal ciphertexts (no comparing against a known seed)


def test_the_key_lives_in_the_data_folder_private_and_made_once(tmp_path: Path, hustings_data_dir: Path) -> None:
    assert data_dir() == hustings_data_dir
    key_path = hustings_data_dir / KEY_FILE
    assert not key_path.exists()
    FileStore(tmp_path).create("g.json", StoredMatch.of(_played(1), SETTINGS))
    assert stat.S_IMODE(key_path.stat().st_mode) == 0o600
    assert stat.S_IMODE((tmp_path / "g.json").stat().st_mode) == 0o600  # saves are private too
    first = key_path.read_bytes()
    FileStore(tmp_path).create("h.json", StoredMatch.of(_played(1), SETTINGS))
    assert key_path.read_bytes() == first
    assert first.strip().hex() not in (tmp_path / "g.json").read_text(encoding="utf-8")


def test_the_data_folder_follows_xdg_without_the_override(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(DATA_DIR_ENV)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert data_dir() == tmp_path / "xdg" / "hustings"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert data_dir() == tmp_path / "home" / ".local" / "share" / "hustings"


def test_a_save_reformatted_but_not_changed_still_opens(saved: tuple[FileStore, Path, Any]) -> None:
    store, path, state = saved
    path.write_text(json.dumps(json.loads(path.read_text(encoding="utf-8")), indent=4), encoding="utf-8")
    assert hustings.replay(store.load("g.json").record()) == state


# ------------------------------------------------------------------------------------------- edits


def test_an_edited_seed_is_refused(saved: tuple[FileStore, Path, Any]) -> None:
    store, path, _ = saved
    _edit(path, lambda d: d.update(seed=1))  # a plain seed beside the sealed one
    _refused(store, path, "changed since hustings saved it")


def test_flipping_any_bit_of_the_sealed_seed_or_actions_is_refused(tmp_path: Path) -> None:
    store = FileStore(tmp_path)
    store.create("g.json", StoredMatch.of(_played(20), SETTINGS))
    path = tmp_path / "g.json"
    good = path.read_text(encoding="utf-8")
    sealed = base64.b64decode(json.loads(good)["sealed"])
    nonce = 16
    # the seed's first byte, the first action's player (who acted), the second action's id
    for offset in (nonce, nonce + SEED_BYTES, nonce + SEED_BYTES + 6 + 2):
        flipped = bytearray(sealed)
        flipped[offset] ^= 1
        path.write_text(good, encoding="utf-8")
        _edit(path, lambda d, f=flipped: d.update(sealed=base64.b64encode(bytes(f)).decode()))  # type: ignore[misc]
        _refused(store, path, "changed since hustings saved it")


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("table", {"humans": [0, 1], "bots": [None, None, "random"], "lang": "en", "names": "local"}),  # a seat
        ("steps", 39),
        ("options", {"players": 3, "variant": "expanded"}),
        ("game", "die-macher-classic"),
        ("rules_version", "0"),
        ("over", True),
        ("key_id", "0" * 16),
    ],
)
def test_every_plain_field_is_covered(saved: tuple[FileStore, Path, Any], field: str, value: object) -> None:
    store, path, _ = saved
    _edit(path, lambda d: d.update({field: value}))
    _refused(store, path, "changed since hustings saved it|another save key")


def test_sealed_parts_and_macs_do_not_move_between_saves(tmp_path: Path) -> None:
    store = FileStore(tmp_path)
    store.create("a.json", StoredMatch.of(_played(10), SETTINGS))
    store.create("b.json", StoredMatch.of(_played(11), TableSettings((None, "random", "random"), "en", "local")))
    other = json.loads((tmp_path / "b.json").read_text(encoding="utf-8"))
    _edit(tmp_path / "a.json", lambda d: d.update(sealed=other["sealed"]))
    _refused(store, tmp_path / "a.json", "changed since hustings saved it")
    _edit(tmp_path / "a.json", lambda d: d.update(sealed=other["sealed"], steps=other["steps"], mac=other["mac"]))
    _refused(store, tmp_path / "a.json", "changed since hustings saved it")


def test_truncated_and_junk_files_are_refused(saved: tuple[FileStore, Path, Any]) -> None:
    store, path, _ = saved
    good = path.read_bytes()
    for cut in (len(good) - 2, len(good) // 2, 10, 0):
        path.write_bytes(good[:cut])
        _refused(store, path, "not a hustings record")
    path.write_bytes(b"\xff\xfe\x00\x9c junk")
    _refused(store, path, "not UTF-8")
    path.write_text("[" * 200_000, encoding="utf-8")
    _refused(store, path, "nested too deeply|bad JSON")
    path.write_text('{"hustings_record": 2, "seed": ' + "7" * 5000 + "}", encoding="utf-8")
    _refused(store, path, "not a hustings record")
    path.write_text(json.dumps({"hustings_record": 2}), encoding="utf-8")
    _refused(store, path, "no integrity check")
    path.write_bytes(good)
    _edit(path, lambda d: d.update(mac="é" * 64))
    _refused(store, path, "changed since hustings saved it")
    for junk in ({"mac": 5}, {"sealed": 5}, {"sealed": "!!!"}, {"key_id": None}):
        path.write_bytes(good)
        _edit(path, lambda d, j=junk: d.update(j))  # type: ignore[misc]
        _refused(store, path, "changed since|no integrity check|another save key")


def test_old_record_files_are_refused_naming_why(tmp_path: Path) -> None:
    state = _played(5)
    old = {"hustings_record": 1, **state.record(), "table": SETTINGS.to_json(), "over": False}
    (tmp_path / "old.json").write_text(json.dumps(old), encoding="utf-8")
    _refused(FileStore(tmp_path), tmp_path / "old.json", "version 1.*seed in plain text.*no integrity check")


def test_another_key_cannot_open_or_check_a_save(saved: tuple[FileStore, Path, Any], tmp_path: Path) -> None:
    _, path, _ = saved
    stranger = FileStore(tmp_path, key=SaveKey(os.urandom(32)))
    _refused(stranger, path, "another save key")
    forged = json.loads(path.read_text(encoding="utf-8"))
    forged["key_id"] = stranger.key(create=False).key_id  # claiming the stranger's key does not help either
    path.write_text(json.dumps(forged), encoding="utf-8")
    _refused(stranger, path, "changed since hustings saved it")


def test_a_missing_or_damaged_key_is_named(saved: tuple[FileStore, Path, Any], hustings_data_dir: Path) -> None:
    _, path, _ = saved
    key_path = hustings_data_dir / KEY_FILE
    good = key_path.read_bytes()
    key_path.unlink()
    _refused(FileStore(path.parent), path, "no save key")
    assert not key_path.exists()  # loading never makes a key
    key_path.write_text("not hex", encoding="ascii")
    _refused(FileStore(path.parent), path, "damaged")
    key_path.write_bytes(good)
    FileStore(path.parent).load(path.name)


# ----------------------------------------------------------------------------------------- protocol


@pytest.fixture(params=["memory", "file"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> MatchStore:
    return MemoryStore() if request.param == "memory" else FileStore(tmp_path)


def test_the_store_protocol(store: MatchStore) -> None:
    state = _played(8)
    match = StoredMatch.of(state, SETTINGS)
    assert store.list() == []
    store.create("a.json", match)
    with pytest.raises(MatchExists):
        store.create("a.json", match)
    store.create("a.json", StoredMatch.of(_played(2), SETTINGS), replace=True)
    assert len(store.load("a.json").actions) == 2
    store.append_actions("a.json", 2, state.history[2:5])
    assert list(store.load("a.json").actions) == state.history[:5]
    with pytest.raises(StoreError, match="holds 5 actions, not 4"):
        store.append_actions("a.json", 4, [(0, 1)])
    store.save_settings("a.json", TableSettings((None, None, None), "zh-Hans", "de"))
    assert store.load("a.json").settings.lang == "zh-Hans" and store.load("a.json").settings.humans == (0, 1, 2)
    store.create("b.json", match)
    assert store.list() == ["a.json", "b.json"]
    store.delete("a.json")
    assert store.list() == ["b.json"]
    with pytest.raises(MatchNotFound):
        store.load("a.json")
    with pytest.raises(MatchNotFound):
        store.delete("a.json")


def test_a_finished_game_is_stored_with_its_scores_and_takes_no_more_actions(store: MatchStore) -> None:
    m = Match.new(GAME, ["random", "random", "random"], seed=3, store=store, match_id="done.json")
    m.play_bots()
    stored = store.load("done.json")
    assert stored.over and list(stored.scores or ()) == m.state.scores()
    with pytest.raises(StoreError, match="finished"):
        store.append_actions("done.json", len(stored.actions), [(0, 0)])


def test_file_store_ids_are_plain_file_names(tmp_path: Path) -> None:
    store = FileStore(tmp_path)
    for bad in ("", ".hidden.json", "../escape.json", "a/b.json", "nul\x00.json"):
        with pytest.raises(StoreError, match="not a save file name"):
            store.load(bad)


def test_truncate_keeps_the_first_actions_and_checks_the_count(store: MatchStore) -> None:
    state = _played(8)
    store.create("t.json", StoredMatch.of(state, SETTINGS))
    store.truncate("t.json", 5, holds=8)
    assert list(store.load("t.json").actions) == state.history[:5]
    with pytest.raises(StoreError, match="holds 5 actions, not 8"):  # two writers never interleave silently
        store.truncate("t.json", 3, holds=8)
    with pytest.raises(StoreError, match="cannot keep 6"):
        store.truncate("t.json", 6, holds=5)
    assert len(store.load("t.json").actions) == 5  # a refused truncate changed nothing
    store.append_actions("t.json", 5, state.history[5:])
    assert list(store.load("t.json").actions) == state.history
    with pytest.raises(MatchNotFound):
        store.truncate("nobody.json", 0, holds=0)


def test_truncating_a_finished_game_makes_it_unfinished(store: MatchStore) -> None:
    m = Match.new(GAME, ["random", "random", "random"], seed=3, store=store, match_id="done.json")
    m.play_bots()
    n = len(store.load("done.json").actions)
    store.truncate("done.json", n - 1, holds=n)
    assert not store.load("done.json").over

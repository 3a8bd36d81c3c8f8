"""The terminal's record file (through the tui re-export): written whole after every move, read back with a
clear error for anything else. Moved here from tests/tui with the format."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import hustings
from hustings.tui.recordfile import MARKER, RecordFileError, TableSettings, load, save
from hustings.tui.session import Session

GAME = "die-macher-2019"


def new_session(tmp_path: Path, seed: int) -> Session:
    table = TableSettings((None, "heuristic", "heuristic", "heuristic"), "en", "local")
    return Session.new(GAME, 4, None, seed, table, tmp_path / "game.json")

TABLE = TableSettings((None, "heuristic", "random", "ismcts:easy"), "zh-Hans", "both")


def _played(steps: int) -> hustings.GameState:
    state = hustings.make(GAME, players=4, seed=21)
    for _ in range(steps):
        p = state.current_players[0]
        state.apply(p, state.legal_actions(p)[0])
    return state


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    state = _played(30)
    path = tmp_path / "r.json"
    save(path, state, TABLE)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data[MARKER] == 2 and data["table"]["humans"] == [0] and data["table"]["lang"] == "zh-Hans"
    assert "seed" not in data and "actions" not in data and data["steps"] == 30
    loaded = load(path)
    assert loaded.state == state
    assert loaded.table == TABLE
    assert [p.name for p in tmp_path.iterdir()] == ["r.json"]  # no temporary file left behind


def test_every_move_is_saved_at_once(tmp_path: Path) -> None:
    session = new_session(tmp_path, seed=22)
    path = tmp_path / "game.json"
    assert json.loads(path.read_text(encoding="utf-8"))["steps"] == 0  # the file exists from the start
    for _ in range(12):
        p = session.actor()
        assert p is not None
        action = session.legal(p)[0] if session.is_human(p) else session.bot_choice(p)
        session.apply(p, action)
        assert load(path).state == session.state


def _assert_refused(path: Path, words: str) -> None:
    before = path.read_bytes() if path.is_file() else None
    with pytest.raises(RecordFileError, match=words) as info:
        load(path)
    message = str(info.value)
    assert "\n" not in message and "Traceback" not in message
    assert (path.read_bytes() if path.is_file() else None) == before  # never changed


def test_unreadable_foreign_and_corrupt_files_are_refused(tmp_path: Path) -> None:
    _assert_refused(tmp_path / "missing.json", "cannot read")
    folder = tmp_path / "folder.json"
    folder.mkdir()
    _assert_refused(folder, "cannot read")
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    _assert_refused(binary, "not UTF-8")
    text = tmp_path / "notes.json"
    text.write_text("{ this is not json", encoding="utf-8")
    _assert_refused(text, "not a hustings record")
    foreign = tmp_path / "foreign.json"
    foreign.write_text(json.dumps(_played(5).record()), encoding="utf-8")  # a bare engine record
    _assert_refused(foreign, "not a record of `hustings play`")
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"name": "something else"}), encoding="utf-8")
    _assert_refused(other, "not a record of `hustings play`")

    good = tmp_path / "good.json"
    save(good, _played(10), TABLE)
    data = json.loads(good.read_text(encoding="utf-8"))

    def variant(name: str, **changes: object) -> Path:
        path = tmp_path / name
        path.write_text(json.dumps({**data, **changes}), encoding="utf-8")
        return path

    _assert_refused(variant("v3.json", **{MARKER: 3}), "version 3")
    _assert_refused(variant("v1.json", **{MARKER: 1}), "seed in plain text and has no integrity check")
    edited = "changed since hustings saved it"
    _assert_refused(variant("steps.json", steps=data["steps"] + 1), edited)
    _assert_refused(variant("seed.json", seed=21), edited)
    _assert_refused(variant("game.json", game="chess"), edited)
    _assert_refused(variant("seats.json", table={"bots": [None, "heuristic"]}), edited)
    _assert_refused(variant("bot.json", table={**data["table"], "bots": [None, "alphago", None, None]}), edited)
    _assert_refused(variant("lang.json", table={**data["table"], "lang": "fr"}), edited)
    _assert_refused(variant("noopts.json", options=None), edited)
    _assert_refused(variant("nomac.json", mac=None), "no integrity check")


def test_session_checks_every_action_against_the_legal_list(tmp_path: Path) -> None:
    session = new_session(tmp_path, seed=23)
    p = session.actor()
    assert p == 0
    other_phase = hustings.make(GAME, players=4, seed=1)
    while other_phase.view(None)["phase"] != "bid":
        q = other_phase.current_players[0]
        other_phase.apply(q, other_phase.legal_actions(q)[0])
    bid = other_phase.legal_actions(other_phase.current_players[0])[0]
    with pytest.raises(hustings.IllegalActionError):
        session.apply(0, bid)
    assert session.state.step_count == 0


def test_plan_stops_at_the_first_part_no_longer_legal(tmp_path: Path) -> None:
    state = hustings.make(GAME, players=3, seed=24)
    table = TableSettings((None, None, None))
    session = Session(state, table, tmp_path / "plan.json")
    while state.view(None)["phase"] != "rally":
        q = state.current_players[0]
        legal = state.legal_actions(q)
        state.apply(q, next((a for a in legal if a.kind == "bid" and a.args[0] == 0), legal[0]))
    p = session.actor()
    assert p is not None
    rallies = [a for a in session.legal(p) if a.kind == "rally"]
    b = rallies[0].args[0]
    # the same state twice: the second part is illegal once the first is bought (one purchase per state)
    result = session.apply_plan(p, "rally", [(b, 1), (b, 1)], finish="done")
    assert result.sent == 1 and result.stopped == ("rally", (b, 1))
    assert session.actor() == p  # not finished: the player decides what to do next
    assert load(tmp_path / "plan.json").state == state

"""House rules at the terminal's table (issue 29, point 3): ``hustings play --set/--rules`` starts a game under them
(a bad one is refused in one line naming the path, and nothing is saved), the save file keeps them under its
integrity check (save and load, resume), bots play them to the end, and the terminal's header says which they are
in the table's language."""

from __future__ import annotations

import asyncio
import json
import os
import select
import signal
import struct
import subprocess
import sys
import time
from pathlib import Path

import pytest
from textual.widgets import Static
from typer.testing import CliRunner

import hustings
from hustings.cli import app as cli_app
from hustings.engine.house import data_digest
from hustings.table.files import load_file, open_file
from hustings.table.houserules import HouseRulesError, check_table_rules, house_line, settings_json
from hustings.table.match import Match, MatchError
from hustings.table.settings import TableSettings
from hustings.table.store import FileStore, StoreError
from hustings.tui.app import PlayApp
from hustings.tui.replay import ReplayApp
from hustings.tui.session import Session

EW = "election-war"
RULES = {"all_lose_if_tied": 2, "hand_size": 4}
runner = CliRunner()


def _bots(n: int, lang: str = "en") -> TableSettings:
    return TableSettings(tuple(["heuristic"] * n), lang, "local")


def test_bots_play_house_rules_to_the_end_and_the_save_file_keeps_them(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    store, mid = FileStore.at(path)
    match = Match.new(EW, _bots(4), seed=11, store=store, match_id=mid, rules=RULES)
    assert match.rules == RULES and match.state.data.HAND_SIZE == 4
    match.play_bots()
    assert match.state.is_over
    on_disk = json.loads(path.read_text(encoding="utf-8"))
    assert on_disk["rules"] == RULES and on_disk["data_digest"] == data_digest(match.state.data)
    loaded = load_file(path)
    assert loaded.state == match.state and loaded.record["rules"] == RULES
    assert hustings.replay(loaded.record) == match.state
    # the same seed under the printed rules is another game: the rules are what made this one
    assert Match.new(EW, _bots(4), seed=11).state.data.HAND_SIZE == 6

    # the rules are under the file's integrity check: an edit of them is refused, nothing replayed
    on_disk["rules"] = {"all_lose_if_tied": 3}
    path.write_text(json.dumps(on_disk), encoding="utf-8")
    with pytest.raises(StoreError, match="changed since hustings saved it"):
        open_file(path)


def test_a_save_file_resumes_under_its_rules(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    store, mid = FileStore.at(path)
    people = TableSettings((None, "heuristic", "heuristic"), "zh-Hant", "local")
    match = Match.new(EW, people, seed=5, store=store, match_id=mid, rules={"news.gaffe.amount": -4})
    match.play_bots(max_steps=1)
    for _ in range(3):
        if 0 in match.to_act:
            match.submit(0, match.legal(0)[0])
        match.play_bots(until=lambda s: 0 in s.current_players)
    again = open_file(path)
    assert again.rules == {"news.gaffe.amount": -4} and again.state == match.state
    assert again.settings == people


def test_bad_rules_start_nothing(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    store, mid = FileStore.at(path)
    for rules, words in [({"hand_size": 0}, "hand_size must be 1..12, not 0"),
                         ({"hand_sise": 4}, "nearest: hand_size"),
                         ({"mini": True}, "mini")]:
        with pytest.raises(MatchError) as e:
            Match.new(EW, _bots(4), store=store, match_id=mid, rules=rules)
        assert words in str(e.value) and "\n" not in str(e.value)
        assert not path.exists()
    with pytest.raises(MatchError, match="unknown house rule 'rounds' for palace-escape"):
        Match.new("palace-escape", _bots(1), rules={"rounds": 3})
    with pytest.raises(HouseRulesError, match="at most 2 house rules"):
        check_table_rules(EW, {"hand_size": 4, "all_lose_if_tied": 4, "news.gaffe.amount": 1}, limit=2)
    assert check_table_rules(EW, {"hand_size": 6}) == {}  # the printed value: no house rule


def test_hustings_play_refuses_bad_rules_in_one_line(tmp_path: Path) -> None:
    bad_file = tmp_path / "r.toml"
    bad_file.write_text("hand_size = 40\n", encoding="utf-8")
    huge = tmp_path / "huge.toml"
    huge.write_text("\n".join(f"news.gaffe.amount = {i}" for i in range(20000)), encoding="utf-8")
    save = tmp_path / "g.json"
    cases = [(["--set", "all_lose_if_tide=4"], "nearest: all_lose_if_tied"),
             (["--set", "hand_size"], "--set takes PATH=VALUE"),
             (["--set", "all_lose_if_tied=1"], "all_lose_if_tied must be 2..16, not 1"),
             (["--rules", str(bad_file)], "hand_size must be 1..12, not 40"),
             (["--rules", str(huge)], "at most 64 KB"),
             (["--rules", str(tmp_path / "none.toml")], "cannot read house rules")]
    for args, words in cases:
        got = runner.invoke(cli_app, ["play", EW, "--players", "4", "--seat", "none", "--save", str(save), *args])
        assert got.exit_code == 2, got.output
        lines = [line for line in got.output.splitlines() if line.strip()]
        assert len(lines) == 1 and words in lines[0], got.output
        assert not save.exists()
    got = runner.invoke(cli_app, ["play", "--resume", str(save), "--set", "hand_size=4"])
    assert got.exit_code == 2 and "--set" in got.output


def test_hustings_play_refuses_the_learned_bot_under_rules_that_change_its_encoding(tmp_path: Path) -> None:
    # issue 29 point 1: the learned bot's network reads the printed game's encoding; the tie rule moves it
    save = tmp_path / "g.json"
    got = runner.invoke(cli_app, ["play", EW, "--players", "4", "--seat", "none", "--bots", "learned",
                                  "--save", str(save), "--set", "all_lose_if_tied=16"])
    assert got.exit_code == 2, got.output
    lines = [line for line in got.output.splitlines() if line.strip()]
    assert len(lines) == 1 and "learned" in lines[0] and "all_lose_if_tied" in lines[0], got.output
    assert not save.exists()


def test_the_terminal_says_which_house_rules_the_table_plays(tmp_path: Path) -> None:
    assert house_line(EW, {}, "en") is None
    zh = house_line(EW, {"all_lose_if_tied": 2}, "zh-Hant")
    assert zh is not None and zh.startswith("自訂規則：") and "原版" in zh
    assert settings_json(EW, "zh-Hans")[0]["path"] == "all_lose_if_tied"
    session = Session.new(EW, 4, None, 3, _bots(4), tmp_path / "g.json", rules=RULES)

    async def run() -> str:
        app = PlayApp(session, fast=True)
        async with app.run_test(size=(130, 40)) as pilot:
            for _ in range(600):  # a table of bots only plays on by itself
                await pilot.pause(0.02)
                if app.waiting == "over":
                    break
            assert app.waiting == "over"
            text = str(app.query_one("#house", Static).render())
            await pilot.press("q")
        return text

    header = asyncio.run(run())
    assert header.startswith("House rules: ") and "2 (printed" in header and "4 (printed" in header
    assert load_file(tmp_path / "g.json").record["rules"] == RULES


def test_the_terminal_replay_of_a_house_rules_game_says_them(tmp_path: Path) -> None:
    match = Match.new(EW, _bots(3), seed=9, rules={"hand_size": 3})
    match.play_bots()
    record = match.state.record()

    async def run() -> str:
        app = ReplayApp(record, 1, "zh-Hans")
        async with app.run_test(size=(130, 40)) as pilot:
            await pilot.pause()
            return str(app.query_one("#house", Static).render())

    header = asyncio.run(run())
    assert header.startswith("自订规则：") and "3（原版：6）" in header


def test_hustings_play_in_a_terminal_with_bots_under_house_rules(tmp_path: Path) -> None:
    """The real command in a pseudo-terminal: it says the rules at its start and on its screen, its bots play them,
    and the save file keeps them."""
    pty = pytest.importorskip("pty")
    fcntl = pytest.importorskip("fcntl")
    termios = pytest.importorskip("termios")
    path = tmp_path / "g.json"
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 130, 0, 0))
    env = {**os.environ, "TERM": "xterm-256color", "LANG": "C.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""}
    cmd = [sys.executable, "-m", "hustings.cli", "play", EW, "--players", "4", "--seat", "none", "--fast",
           "--lang", "zh-Hant", "--save", str(path), "--set", "all_lose_if_tied=2", "--set", "hand_size=4"]
    proc = subprocess.Popen(cmd, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True)
    os.close(slave)
    screen = b""
    try:
        deadline = time.monotonic() + 60
        while _steps(path) < 20:
            assert proc.poll() is None, screen[-2000:].decode("utf-8", "replace")
            assert time.monotonic() < deadline, f"only {_steps(path)} moves saved"
            ready, _, _ = select.select([master], [], [], 0.05)
            if ready:
                try:
                    screen += os.read(master, 65536)
                except OSError:
                    break
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
        os.close(master)
    text = screen.decode("utf-8", "replace")
    assert "自訂規則：" in text  # said at the start, before the table's screen
    loaded = load_file(path)
    assert loaded.record["rules"] == RULES and loaded.state.data.ALL_LOSE_IF_TIED == 2


def _steps(path: Path) -> int:
    try:
        return int(json.loads(path.read_text(encoding="utf-8"))["steps"])
    except (OSError, ValueError, KeyError):
        return -1

"""The real command in a pseudo-terminal: keystrokes in, the terminal killed, the game resumed."""

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

from hustings.tui.app import PlayApp
from hustings.tui.recordfile import load
from hustings.tui.session import Session

from .drive import GAME, SIZE, decide, settle

pty = pytest.importorskip("pty")
fcntl = pytest.importorskip("fcntl")
termios = pytest.importorskip("termios")


def _actions(path: Path) -> int:
    try:
        return int(json.loads(path.read_text(encoding="utf-8"))["steps"])
    except (OSError, ValueError, KeyError):
        return -1


def test_killed_terminal_loses_nothing_and_resumes(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", SIZE[1], SIZE[0], 0, 0))
    env = {**os.environ, "TERM": "xterm-256color", "LANG": "C.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""}
    cmd = [sys.executable, "-m", "hustings.cli", "play", GAME, "--players", "3", "--seed", "61", "--fast",
           "--lang", "en", "--save", str(path)]
    proc = subprocess.Popen(cmd, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True)
    os.close(slave)
    screen = b""
    try:
        deadline = time.monotonic() + 40
        last_key = 0.0
        while _actions(path) < 25:
            assert proc.poll() is None, screen[-2000:].decode("utf-8", "replace")
            assert time.monotonic() < deadline, f"only {_actions(path)} moves saved"
            ready, _, _ = select.select([master], [], [], 0.05)
            if ready:
                try:
                    screen += os.read(master, 65536)
                except OSError:
                    break
            # a person pressing Enter now and then: the first choice each time
            if b"Enter" in screen and time.monotonic() - last_key > 0.4:
                os.write(master, b"\r")
                last_key = time.monotonic()
        saved = _actions(path)
        os.killpg(proc.pid, signal.SIGKILL)  # the terminal is gone, mid-game
        proc.wait(timeout=10)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)
        os.close(master)

    loaded = load(path)  # still a whole, valid record
    assert loaded.state.step_count >= saved >= 25
    assert not loaded.state.is_over

    async def resume() -> None:
        app = PlayApp(Session(loaded.state, loaded.table, path), fast=True)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            for _ in range(5):
                await decide(pilot, app)
            await pilot.press("q")

    asyncio.run(resume())
    assert _actions(path) > saved

"""Browser tests: plain ``hustings serve`` in a subprocess on loopback (SQLite in a temporary folder) and Debian's
chromium driven by Playwright. Screenshots go to tests/web/artifacts/ (gitignored).

A missing browser or Playwright is a failure with the fix in its message, not a silent skip: `make test` runs
scripts/ensure-services.sh, which installs Debian's chromium. ``HUSTINGS_SKIP_BROWSER=1`` skips these tests
on purpose (a machine that cannot run a browser).
"""

from __future__ import annotations

import importlib.util
import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-extensions", "--mute-audio"]
ARTIFACTS = Path(__file__).parent / "artifacts"
ROOT = Path(__file__).resolve().parents[2]


def _missing() -> str | None:
    """Why the browser tests cannot run here, or None."""
    if importlib.util.find_spec("playwright") is None:
        return "Playwright is not installed: pip install -e '.[web]' (make installs it)"
    if importlib.util.find_spec("fastapi") is None or importlib.util.find_spec("uvicorn") is None:
        return "the server's dependencies are not installed: pip install -e '.[server]' (make installs them)"
    if not Path(CHROMIUM).exists():
        return (f"Debian's chromium is not at {CHROMIUM}: run scripts/ensure-services.sh (make test does) or "
                "apt-get install chromium")
    return None


@pytest.fixture(scope="session", autouse=True)
def _browser_available() -> None:
    why = _missing()
    if why is None:
        return
    if os.environ.get("HUSTINGS_SKIP_BROWSER") == "1":
        pytest.skip(f"HUSTINGS_SKIP_BROWSER=1: {why}")
    pytest.fail(f"the browser tests cannot run: {why} (or set HUSTINGS_SKIP_BROWSER=1 to skip them)",
                pytrace=False)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Plain ``hustings serve`` (the command the README gives), on a free loopback port."""
    port = _free_port()
    db = tmp_path_factory.mktemp("db") / "web.sqlite"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), os.environ.get("PYTHONPATH", "")])}
    cmd = [sys.executable, "-c", "from hustings.cli import main; main()", "serve", "--host", "127.0.0.1",
           "--port", str(port), "--db", f"sqlite:///{db}"]
    log = db.parent / "serve.log"
    with log.open("wb") as out:  # a file, not a pipe: a chatty server never blocks on a full pipe
        proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    url = None
    deadline = time.time() + 60
    while time.time() < deadline and url is None:
        # the line the README promises: the URL to open
        found = re.search(r"open (http://\S+)", log.read_text(errors="replace"))
        if found is not None:
            url = found.group(1).rstrip("/")
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                    break
            except OSError:
                url = None
        if proc.poll() is not None:
            raise RuntimeError(f"hustings serve exited: {log.read_text(errors='replace')}")
        time.sleep(0.1)
    if url is None:
        proc.kill()
        raise RuntimeError(f"hustings serve did not start: {log.read_text(errors='replace')}")
    yield url
    proc.terminate()
    try:
        proc.wait(5)
    except subprocess.TimeoutExpired:
        proc.kill()


# Issue 24.4: a move that cannot be taken back asks first unless the player turned that off (kept in the browser).
# The tests that play whole games by clicks turn it off as a player may, in every context they open;
# tests/web/test_teach.py turns it on again and answers the question.
NO_CONFIRM = "try { localStorage.setItem('hustings.confirm_irreversible', 'off'); } catch (e) {}"


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        new_context = b.new_context

        def quiet_context(*args: Any, **kw: Any) -> Any:
            ctx = new_context(*args, **kw)
            ctx.add_init_script(NO_CONFIRM)
            return ctx

        def quiet_page(*args: Any, **kw: Any) -> Any:
            return quiet_context(*args, **kw).new_page()  # (its context is left to the browser's close)

        b.new_context = quiet_context  # type: ignore[method-assign]
        b.new_page = quiet_page  # type: ignore[method-assign]
        yield b
        b.close()


@pytest.fixture
def shots(request: pytest.FixtureRequest) -> Path:
    d = ARTIFACTS / request.node.name.replace("[", "-").replace("]", "")
    d.mkdir(parents=True, exist_ok=True)
    for old in d.glob("*.png"):  # this run's screenshots only
        old.unlink()
    return d

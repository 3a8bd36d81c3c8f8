"""Browser tests: a server subprocess on loopback and Debian's chromium driven by Playwright.

The server is ``hustings serve`` when hustings.server exists (the real one), else the protocol stand-in in
fake_server.py (printed in the test header). Screenshots go to tests/web/artifacts/ (gitignored).
"""

from __future__ import annotations

import importlib.util
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
ARTIFACTS = Path(__file__).parent / "artifacts"
ROOT = Path(__file__).resolve().parents[2]

pytest.importorskip("playwright.sync_api", reason="the web extra (playwright) is not installed")
pytest.importorskip("fastapi", reason="the server's dependencies are not installed")
if not Path(CHROMIUM).exists():
    pytest.skip("Debian's chromium is not installed (scripts/ensure-services.sh installs it)", allow_module_level=True)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _real_server() -> bool:
    return importlib.util.find_spec("hustings.server") is not None and \
        importlib.util.find_spec("hustings.server.app") is not None


@pytest.fixture(scope="session")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = _free_port()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)])}
    if _real_server():
        db = tmp_path_factory.mktemp("db") / "web.sqlite"
        env["HUSTINGS_WEB_DB"] = f"sqlite:///{db}"
        cmd = [sys.executable, "-m", "uvicorn", "tests.web.real_server:app", "--host", "127.0.0.1",
               "--port", str(port), "--log-level", "warning"]
    else:
        cmd = [sys.executable, "-m", "uvicorn", "tests.web.fake_server:app", "--host", "127.0.0.1",
               "--port", str(port), "--log-level", "warning"]
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.time() + 30
    while time.time() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                break
        except OSError:
            if proc.poll() is not None:
                out = proc.stdout.read().decode() if proc.stdout else ""
                raise RuntimeError(f"server exited: {out}") from None
            time.sleep(0.1)
    which = "hustings.server (create_app)" if _real_server() else "tests/web/fake_server.py"
    print(f"\nweb tests against {which} at {url}")
    yield url
    proc.terminate()
    try:
        proc.wait(5)
    except subprocess.TimeoutExpired:
        proc.kill()


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def shots(request: pytest.FixtureRequest) -> Path:
    d = ARTIFACTS / request.node.name.replace("[", "-").replace("]", "")
    d.mkdir(parents=True, exist_ok=True)
    return d

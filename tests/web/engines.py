"""Two more browser engines for the smoke tests, driven over their standard automation protocols with no
extra Python package: Firefox (Debian's firefox-esr) over WebDriver BiDi, and WebKit (WebKitGTK, Safari's
engine; Debian's webkit2gtk-driver) over classic WebDriver.

Playwright's own BiDi Firefox (``channel="moz-firefox"``) cannot drive firefox-esr 153: it sends
``emulation.setMediaFeaturesOverride`` when it opens a context, which that Firefox answers "unknown command".
Each driver offers the same three things: ``goto(url)``, ``call(js_function_source, arg)`` (the function's
awaited result, JSON) and ``errors()`` (uncaught page errors and console errors so far).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import connect

FIREFOX = "/usr/lib/firefox-esr/firefox-esr"
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
XVFB = "/usr/bin/Xvfb"

# installed before the page's own scripts where the protocol allows (BiDi), else right after load (WebDriver):
# uncaught errors, rejected promises and console.error land in window.__errs
CATCH_ERRORS = """() => {
  if (window.__errs) return;
  window.__errs = [];
  addEventListener("error", (e) => window.__errs.push(`error: ${e.message}`));
  addEventListener("unhandledrejection", (e) => window.__errs.push(`rejection: ${e.reason}`));
  const ce = console.error.bind(console);
  console.error = (...a) => { window.__errs.push(`console: ${a.map(String).join(" ")}`); ce(...a); };
}"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait_port(port: int, proc: subprocess.Popen[bytes], what: str, timeout: float = 30) -> None:
    deadline = time.time() + timeout
    while time.time() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"{what} exited with {proc.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"{what} did not open port {port} within {timeout}s")


def firefox_missing() -> str | None:
    return None if Path(FIREFOX).exists() else (
        f"Debian's firefox-esr is not at {FIREFOX}: run scripts/ensure-services.sh (make test does) or "
        "apt-get install firefox-esr")


def webkit_missing() -> str | None:
    if not Path(WEBKIT_DRIVER).exists():
        return (f"WebKitGTK's WebDriver is not at {WEBKIT_DRIVER}: run scripts/ensure-services.sh (make test "
                "does) or apt-get install webkit2gtk-driver xvfb")
    if not os.environ.get("DISPLAY") and not Path(XVFB).exists():
        return f"WebKitGTK needs a display: no DISPLAY and no {XVFB} (apt-get install xvfb)"
    return None


class Firefox:
    """Debian's firefox-esr, headless, one tab, over WebDriver BiDi (its ``--remote-debugging-port``)."""

    def __init__(self, width: int = 1280, height: int = 900) -> None:
        self.profile = tempfile.mkdtemp(prefix="hustings-ff-")
        port = _free_port()
        self.proc = subprocess.Popen(
            [FIREFOX, "--headless", "--no-remote", "--profile", self.profile, f"--remote-debugging-port={port}",
             f"--width={width}", f"--height={height}", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env={**os.environ, "MOZ_CRASHREPORTER_DISABLE": "1"})
        self._id = 0
        self._errors: list[str] = []
        try:
            _wait_port(port, self.proc, "firefox-esr")
            self.ws = connect(f"ws://127.0.0.1:{port}/session", max_size=None, open_timeout=20).__enter__()
            self.send("session.new", {"capabilities": {"alwaysMatch": {"acceptInsecureCerts": True}}})
            self.send("session.subscribe", {"events": ["log.entryAdded"]})
            tree = self.send("browsingContext.getTree", {})
            self.context = tree["contexts"][0]["context"]
            self.send("script.addPreloadScript", {"functionDeclaration": CATCH_ERRORS})
        except Exception:
            self.close()
            raise

    def send(self, method: str, params: dict[str, Any], timeout: float = 60) -> Any:
        self._id += 1
        mine = self._id
        self.ws.send(json.dumps({"id": mine, "method": method, "params": params}))
        deadline = time.time() + timeout
        while True:
            msg = json.loads(self.ws.recv(timeout=max(0.01, deadline - time.time())))
            if msg.get("type") == "event" or ("method" in msg and "id" not in msg):
                if msg.get("method") == "log.entryAdded":
                    p = msg["params"]
                    if p.get("type") == "javascript" or p.get("level") == "error":
                        self._errors.append(f"{p.get('type')}: {p.get('text')}")
                continue
            if msg.get("id") != mine:
                continue
            if msg.get("type") == "error" or ("error" in msg and "result" not in msg):
                raise RuntimeError(f"{method}: {msg.get('error')}: {msg.get('message')}")
            return msg.get("result")

    def goto(self, url: str) -> None:
        self.send("browsingContext.navigate", {"context": self.context, "url": url, "wait": "complete"})

    def call(self, fn: str, arg: Any = None) -> Any:
        res = self.send("script.callFunction", {
            "functionDeclaration": f"async (a) => JSON.stringify(await ({fn})(JSON.parse(a)) ?? null)",
            "arguments": [{"type": "string", "value": json.dumps(arg)}], "target": {"context": self.context},
            "awaitPromise": True, "resultOwnership": "none"})
        if res.get("type") == "exception":
            raise RuntimeError(f"page script failed: {res['exceptionDetails'].get('text')}")
        return json.loads(res["result"]["value"])

    def errors(self) -> list[str]:
        page = self.call("() => window.__errs || []")
        return [*self._errors, *page]

    def close(self) -> None:
        try:
            if getattr(self, "ws", None) is not None:
                with contextlib.suppress(Exception):
                    self.send("session.end", {}, timeout=5)
                self.ws.close()
        finally:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
            shutil.rmtree(self.profile, ignore_errors=True)


class WebKit:
    """WebKitGTK (MiniBrowser under WebKitWebDriver) over classic WebDriver, on a private Xvfb display when
    there is no display (WebKitGTK draws through GTK, which needs one)."""

    def __init__(self, width: int = 1280, height: int = 900) -> None:
        self.xvfb: subprocess.Popen[bytes] | None = None
        env = dict(os.environ)
        if not env.get("DISPLAY"):
            display = f":{_free_port() % 400 + 100}"
            self.xvfb = subprocess.Popen([XVFB, display, "-screen", "0", f"{width}x{height}x24", "-nolisten", "tcp"],
                                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            env["DISPLAY"] = display
            time.sleep(0.5)
        port = _free_port()
        self.proc = subprocess.Popen([WEBKIT_DRIVER, f"--port={port}"], env=env,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.http = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=60)
        self.session: str | None = None
        try:
            _wait_port(port, self.proc, "WebKitWebDriver")
            r = self._req("POST", "/session", {"capabilities": {"alwaysMatch": {
                "browserName": "MiniBrowser",
                "webkitgtk:browserOptions": {"args": ["--automation"]}}}})
            self.session = r["sessionId"]
            self._req("POST", f"/session/{self.session}/window/rect", {"width": width, "height": height})
        except Exception:
            self.close()
            raise

    def _req(self, method: str, path: str, body: Any = None) -> Any:
        r = self.http.request(method, path, json=body)
        value = r.json().get("value") if r.content else None
        if r.status_code >= 400:
            raise RuntimeError(f"WebDriver {path}: {value}")
        return value

    def goto(self, url: str) -> None:
        self._req("POST", f"/session/{self.session}/url", {"url": url})
        self.call(CATCH_ERRORS)

    def call(self, fn: str, arg: Any = None) -> Any:
        script = ("const done = arguments[arguments.length - 1];"
                  f"Promise.resolve().then(() => ({fn})(JSON.parse(arguments[0])))"
                  ".then((v) => done({ok: JSON.stringify(v ?? null)}), (e) => done({err: String(e && e.stack || e)}));")
        got = self._req("POST", f"/session/{self.session}/execute/async", {"script": script, "args": [json.dumps(arg)]})
        if "err" in got:
            raise RuntimeError(f"page script failed: {got['err']}")
        return json.loads(got["ok"])

    def errors(self) -> list[str]:
        return list(self.call("() => window.__errs || []"))

    def close(self) -> None:
        try:
            if self.session is not None:
                with contextlib.suppress(Exception):
                    self._req("DELETE", f"/session/{self.session}")
            self.http.close()
        finally:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
            if self.xvfb is not None:
                self.xvfb.terminate()
                try:
                    self.xvfb.wait(5)
                except subprocess.TimeoutExpired:
                    self.xvfb.kill()

"""What drawing the table page costs in the browser (issue 24 point 7): per game, the draw time of one update
when the log already holds 10, 50, 200 and 500 events, the first paint of a table page on loopback, and the
page's weight.

    python benchmarks/page_draw.py                     # every game with a renderer, Debian's chromium
    python benchmarks/page_draw.py --games election-war --repeat 9

How: plain ``hustings serve`` on a free loopback port (SQLite in a temporary folder). For each game a table of
bots is played by the server while a spectator's page listens: every message it gets is recorded (real views and
real events). Then a fresh page of that table gets a stand-in websocket (installed before its scripts) and is fed
a ``state`` holding N events, then updates of one event each, as the server would send them; each update is timed
from the message's arrival to the end of the page's style and layout (``performance.now()`` around the page's own
handler, then a forced layout). Beyond the recorded game, events are the game's again at later steps. The page is a
seat's when the game gives one (its legal actions drawn too) else a spectator's.

First paint: a seat's page of a running table opened cold (a fresh browser context, nothing cached), the
browser's ``first-contentful-paint`` and the time until the board is drawn. Weight: the bytes of every file the
page loads (the document, scripts, styles, catalogs, the game's metadata and renderer) as sent and gzip -9.
Timing lives here, never in the tests.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-extensions", "--mute-audio"]
# game, variant, bots for a table the server plays to its end
GAMES: list[tuple[str, str | None, list[str]]] = [
    ("election-war", None, ["random", "random", "random", "random"]),
    ("die-macher-2019", "standard", ["random", "random", "random"]),
    ("die-macher", "short", ["random", "random", "random"]),
    ("palace-escape", None, ["random"]),
]
SIZES = [10, 50, 200, 500]

# A websocket that never connects: the page's handlers are called from the benchmark with recorded messages.
FAKE_WS = """
(() => {
  class FakeWS {
    constructor(url) { this.url = url; this.readyState = 1; this.sent = []; window.__ws = this; }
    send(d) { this.sent.push(d); }
    close() {}
  }
  window.WebSocket = FakeWS;
  localStorage.setItem('hustings.confirm_irreversible', 'off');
})();
"""

# Every message a spectator's page of a bots' table gets, kept in order.
RECORD = """
(() => {
  window.__got = [];
  window.addEventListener('hustings:message', (e) => window.__got.push(JSON.parse(JSON.stringify(e.detail))));
})();
"""

# Feeds the page: a state with the first n events, then `updates` updates of one event each, each timed to the end
# of style and layout. Views come from the recorded game, in order, again from its start when it runs out.
MEASURE = """
async ([msgs, n, updates, seat]) => {
  const ws = window.__ws;
  const state = msgs.find((m) => m.type === 'state');
  const ups = msgs.filter((m) => m.type === 'update' && m.view);
  const all = [...(state.events || []), ...msgs.filter((m) => m.type === 'update').flatMap((m) => m.events || [])];
  const lastStep = Math.max(1, ...all.map((e) => e.step));
  // event i of an endless log: the game's events again and again, each pass at later steps
  const ev = (i) => ({ ...all[i % all.length],
    step: all[i % all.length].step + Math.floor(i / all.length) * (lastStep + 1) });
  const deliver = (m) => ws.onmessage({ data: JSON.stringify(m) });
  const plain = (m) => ({ ...m, over: false, outcome: undefined });
  ws.onopen && ws.onopen();
  deliver({ type: 'welcome', seat, table: window.hustingsTable.table });
  const first = plain(ups[Math.min(ups.length - 1, Math.floor(ups.length / 2))] || state);
  deliver({ ...plain(state), ...first, type: 'state', events: Array.from({ length: n }, (_, i) => ev(i)) });
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  const times = [];
  // what an update does to the board's DOM: nodes added or removed and attributes written (load-independent)
  let touched = 0;
  const board = document.getElementById('board');
  // a node added or removed counts with everything under it (a board drawn anew is every one of its nodes)
  const size = (n) => 1 + (n.getElementsByTagName ? n.getElementsByTagName('*').length : 0);
  const cost = (r) => (r.type === 'childList'
    ? [...r.addedNodes, ...r.removedNodes].reduce((a, n) => a + size(n), 0) : 1);
  const mo = new MutationObserver((recs) => { for (const r of recs) touched += cost(r); });
  mo.observe(board, { subtree: true, childList: true, attributes: true, characterData: true });
  const touches = [];
  const nodes = [];
  for (let k = 0; k < updates; k++) {
    const u = plain(ups[(k * 7) % ups.length] || state);
    const msg = { ...u, type: 'update', events: [ev(n + k)] };
    const t0 = performance.now();
    deliver(msg);
    document.body.getBoundingClientRect(); void document.body.offsetHeight; // style and layout done
    times.push(performance.now() - t0);
    touches.push(touched + mo.takeRecords().reduce((a, r) => a + cost(r), 0));
    touched = 0;
    nodes.push(board.getElementsByTagName('*').length);
    await new Promise((r) => setTimeout(r, 0));
  }
  const logRows = document.querySelectorAll('#log-list li').length;
  mo.disconnect();
  return { times, touches, nodes, logRows, events: window.hustingsTable.events.length };
}
"""

# The board alone, paired on one page (so the machine's load weighs on both alike): each recorded view drawn by the
# game's renderer into one element in place (what the table page does now, board.js's draw) and into another
# element emptied first (a drawing anew, what it did before), alternately, each timed to the end of style and
# layout; the DOM mutations of each counted as in MEASURE.
BOARD_AB = """
async ([msgs, game, lang]) => {
  const { el, fill } = await import('/static/common.js');
  const meta = await (await fetch(`/web/games/${game}.json?lang=${lang}`)).json();
  const r = (await import(meta.renderer)).default;
  const t = (k, f) => (k in meta.catalog ? fill(meta.catalog[k], f) : k);
  const ctx = () => ({ t, lang, h: el, names: meta.names, seat: null, legal: [], act: () => false,
    who: (q) => `P${q + 1}`, events: [], redraw: () => {} });
  const views = msgs.filter((m) => m.view).map((m) => m.view);
  const board = document.getElementById('board');
  const a = document.createElement('div'), b = document.createElement('div');
  board.replaceChildren(a, b);
  const size = (n) => 1 + (n.getElementsByTagName ? n.getElementsByTagName('*').length : 0);
  const count = (rs) => rs.reduce((x, r) => x + (r.type === 'childList'
    ? [...r.addedNodes, ...r.removedNodes].reduce((y, n) => y + size(n), 0) : 1), 0);
  const run = (root, v, anew) => {
    const mo = new MutationObserver(() => {});
    mo.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
    const t0 = performance.now();
    if (anew) root.replaceChildren();
    r.render(root, v, ctx());
    document.body.getBoundingClientRect(); void document.body.offsetHeight;
    const ms = performance.now() - t0;
    const n = count(mo.takeRecords());
    mo.disconnect();
    return [ms, n];
  };
  const inPlace = [], anew = [], mutIn = [], mutAnew = [];
  for (let k = 0; k < views.length; k++) {
    const [x, nx] = run(a, views[k], false), [y, ny] = run(b, views[k], true);
    if (k) { inPlace.push(x); anew.push(y); mutIn.push(nx); mutAnew.push(ny); }
    await new Promise((res) => setTimeout(res, 0));
  }
  return { inPlace, anew, mutIn, mutAnew };
}
"""


def board_ab(browser: Any, base: str, tid: str, msgs: list[dict[str, Any]], game: str,
             viewport: dict[str, int]) -> dict[str, Any]:
    ctx = browser.new_context(viewport=viewport)
    ctx.add_init_script(FAKE_WS)
    page = ctx.new_page()
    page.goto(f"{base}/t/{tid}")
    page.wait_for_function("() => window.__ws && window.__ws.onmessage", timeout=20000)
    out = dict(page.evaluate(BOARD_AB, [msgs, game, "en"]))
    ctx.close()
    return out


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(folder: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), os.environ.get("PYTHONPATH", "")])}
    log = folder / "serve.log"
    cmd = [sys.executable, "-c", "from hustings.cli import main; main()", "serve", "--host", "127.0.0.1",
           "--port", str(port), "--db", f"sqlite:///{folder / 'bench.sqlite'}"]
    with log.open("wb") as out:
        proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    deadline = time.time() + 60
    while time.time() < deadline:
        if re.search(r"open (http://\S+)", log.read_text(errors="replace")):
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                    return proc, f"http://127.0.0.1:{port}"
            except OSError:
                pass
        if proc.poll() is not None:
            break
        time.sleep(0.1)
    proc.kill()
    raise SystemExit(f"hustings serve did not start: {log.read_text(errors='replace')}")


def create(base: str, game: str, variant: str | None, bots: list[str | None]) -> dict[str, Any]:
    body: dict[str, Any] = {"game": game, "players": len(bots), "seats": [{"bot": b} for b in bots],
                            "clock": {"mode": "none"}, "lang": "en"}
    if variant:
        body["variant"] = variant
    r = httpx.post(f"{base}/api/tables", json=body, timeout=10)
    r.raise_for_status()
    made = dict(r.json())
    seats = []
    for s in made["seats"]:
        if s.get("code"):
            c = httpx.post(f"{base}/api/tables/{made['table']['id']}/claim", json={"invite": s["code"]}, timeout=10)
            c.raise_for_status()
            s = {**s, "token": c.json()["token"]}
        seats.append(s)
    made["seats"] = seats
    return made


def record(browser: Any, base: str, game: str, variant: str | None, bots: list[str]) -> list[dict[str, Any]]:
    """A bots' table played to its end (or 90 s) while a spectator's page records what it is sent."""
    made = create(base, game, variant, list(bots))
    tid = made["table"]["id"]
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    ctx.add_init_script(RECORD)
    page = ctx.new_page()
    page.goto(f"{base}/t/{tid}")
    page.wait_for_function("() => window.hustingsTable.model && window.hustingsTable.model.over", timeout=120000)
    got = list(page.evaluate("() => window.__got"))
    ctx.close()
    return got


def measure(browser: Any, base: str, tid: str, msgs: list[dict[str, Any]], n: int, repeat: int,
            viewport: dict[str, int]) -> tuple[list[float], int, int, list[int], list[int]]:
    ctx = browser.new_context(viewport=viewport)
    ctx.add_init_script(FAKE_WS)
    page = ctx.new_page()
    page.goto(f"{base}/t/{tid}")
    page.wait_for_function("() => window.__ws && window.__ws.onmessage", timeout=20000)
    out = page.evaluate(MEASURE, [msgs, n, repeat, None])
    ctx.close()
    return (list(out["times"]), int(out["logRows"]), int(out["events"]), list(out["touches"]),
            list(out["nodes"]))


def first_paint(browser: Any, base: str, game: str, variant: str | None, bots: list[str]) -> dict[str, Any]:
    """A seat's page of a running table opened cold: first contentful paint, board drawn, and what it loaded."""
    made = create(base, game, variant, [None, *bots[1:]])
    tid = made["table"]["id"]
    seat = made["seats"][0]
    httpx.post(f"{base}/api/tables/{tid}/join", json={"token": seat["token"], "name": "Ada", "ready": True},
               timeout=10).raise_for_status()
    httpx.post(f"{base}/api/tables/{tid}/start", json={"token": seat["token"]}, timeout=10).raise_for_status()
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    urls: list[str] = []
    page.on("requestfinished", lambda r: urls.append(r.url))
    t0 = time.perf_counter()
    page.goto(f"{base}/t/{tid}#seat=0&token={seat['token']}")
    page.wait_for_function("() => window.hustingsTable.model && document.querySelector('#board').children.length",
                           timeout=20000)
    board_wall = (time.perf_counter() - t0) * 1000
    fcp = page.evaluate("() => (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime || null")
    drawn = page.evaluate("() => performance.now()")
    ctx.close()
    plain = zipped = 0
    seen = set()
    for u in urls:
        if u in seen or u.startswith("data:"):
            continue
        seen.add(u)
        body = httpx.get(u, timeout=10).content
        plain += len(body)
        zipped += len(gzip.compress(body, 9))
    return {"fcp_ms": fcp, "board_ms": drawn, "board_wall_ms": board_wall, "files": len(seen), "bytes": plain,
            "gzip": zipped}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", nargs="*", default=[g for g, _, _ in GAMES])
    ap.add_argument("--repeat", type=int, default=7, help="updates timed at each size (the median is printed)")
    ap.add_argument("--phone", action="store_true", help="a 390x844 page instead of 1280x900")
    ap.add_argument("--save", type=Path, help="write the figures as JSON here")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    viewport = {"width": 390, "height": 844} if args.phone else {"width": 1280, "height": 900}
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        proc, base = start_server(Path(tmp))
        try:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for game, variant, bots in GAMES:
                if game not in args.games:
                    continue
                msgs = record(browser, base, game, variant, bots)
                tid = create(base, game, variant, list(bots))["table"]["id"]
                events = sum(len(m.get("events") or []) for m in msgs if m["type"] in ("state", "update"))
                row: dict[str, Any] = {"recorded_events": events, "draw_ms": {}}
                print(f"{game}: a recorded game of {events} events, {len(msgs)} messages")
                for n in SIZES:
                    times, rows, held, touches, nodes = measure(browser, base, tid, msgs, n, args.repeat, viewport)
                    row["draw_ms"][n] = {"median": statistics.median(times), "max": max(times),
                                         "board_mutations": statistics.median(touches),
                                         "board_nodes": statistics.median(nodes)}
                    print(f"  {n:4d} events: draw per update median {statistics.median(times):7.1f} ms, "
                          f"max {max(times):7.1f} ms (log rows {rows}, events held {held}); board: "
                          f"{statistics.median(touches):.0f} DOM mutations of {statistics.median(nodes):.0f} nodes")
                ab = board_ab(browser, base, tid, msgs, game, viewport)
                if ab["inPlace"]:
                    med = {k: statistics.median(ab[k]) for k in ("inPlace", "anew", "mutIn", "mutAnew")}
                    row["board_ab"] = {**med, "views": len(ab["inPlace"])}
                    print(f"  the board alone over {len(ab['inPlace'])} consecutive views, paired: in place "
                          f"{med['inPlace']:.1f} ms ({med['mutIn']:.0f} DOM mutations), drawn anew "
                          f"{med['anew']:.1f} ms ({med['mutAnew']:.0f}); medians")
                fp = first_paint(browser, base, game, variant, bots)
                row["first_paint"] = fp
                print(f"  first paint {fp['fcp_ms']:.0f} ms, board drawn {fp['board_ms']:.0f} ms after navigation "
                      f"({fp['board_wall_ms']:.0f} ms wall); weight {fp['files']} files, {fp['bytes']:,} bytes, "
                      f"{fp['gzip']:,} gzip -9")
                results[game] = row
            browser.close()
        finally:
            proc.terminate()
            proc.wait(10)
    if args.save:
        args.save.write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()

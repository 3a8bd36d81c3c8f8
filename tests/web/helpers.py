"""Driving the table page like a person: only by clicking what the page shows."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import httpx

STATE = "window.hustingsTable"


def create_table(
    base: str, game: str, players: int, bots: list[str | None], variant: str | None = None,
    clock: dict[str, Any] | None = None,
) -> dict[str, Any]:
    body: dict[str, Any] = {"game": game, "players": players, "seats": [{"bot": b} for b in bots],
                            "clock": clock or {"mode": "none"}, "lang": "en"}
    if variant:
        body["variant"] = variant
    r = httpx.post(f"{base}/api/tables", json=body, timeout=10)
    r.raise_for_status()
    made = dict(r.json())
    # every person's seat claimed through its invite, as each person's page would (issue 23): each seat's entry
    # then holds its fresh secret and "invite" the link that opens that seat
    seats = []
    for s in made["seats"]:
        c = httpx.post(f"{base}/api/tables/{made['table']['id']}/claim", json={"invite": s["code"]}, timeout=10)
        c.raise_for_status()
        seats.append({**s, "token": c.json()["token"], "invite": c.json()["link"]})
    made["seats"] = seats
    return made


def model(page: Any) -> dict[str, Any]:
    return dict(page.evaluate(f"() => JSON.parse(JSON.stringify({{m: {STATE}.model, pending: {STATE}.pending, "
                              f"events: {STATE}.events, seat: {STATE}.seat}}))"))


def join_and_start(pages: list[Any]) -> None:
    for p in pages:
        p.locator("#join").click()
    # every seat a bot or ready, read from the seat's state and not its words (which are in the page's language)
    all_in = ("() => { const s = [...document.querySelectorAll('#lobby li')]; "
              "return s.length > 0 && s.every(li => ['bot', 'ready'].includes(li.dataset.state)); }")
    pages[0].wait_for_function(all_in, timeout=10000)
    pages[0].locator("#start").click()
    for p in pages:
        p.wait_for_function(f"() => {STATE}.model !== null", timeout=20000)


def my_turn(page: Any) -> bool:
    return bool(page.evaluate(f"() => !!({STATE}.model && !{STATE}.pending && ({STATE}.model.legal||[]).length)"))


def over(page: Any) -> bool:
    return bool(page.evaluate(f"() => !!({STATE}.model && {STATE}.model.over)"))


# Every error message the page is sent, kept in window.__errors (installed on the first click, once a page).
WATCH_ERRORS = """() => { if (!window.__errors) { window.__errors = [];
  window.addEventListener('hustings:message', (e) => { if (e.detail && e.detail.type === 'error')
    window.__errors.push(e.detail); }); } return window.__errors.length; }"""

#: refusals that say the page's move crossed another seat's on the wire (the page is sent the newer state)
CROSSED = ("stale_step", "not_your_turn", "illegal_action")


def page_state(page: Any) -> dict[str, Any]:
    """What the page holds about its play, for a failure's message: step, phase, pending, connection, errors."""
    return dict(page.evaluate(f"""() => {{ const S = {STATE}, m = S.model || {{}};
        return {{ step: m.step, phase: m.phase, over: !!m.over, legal: (m.legal || []).length, pending: S.pending,
                 ws: S.ws ? S.ws.readyState : null, conn: document.getElementById('conn')?.dataset.state,
                 table: S.table ? S.table.status : null, composing: !!document.querySelector('#choices .compose'),
                 dialogs: [...document.querySelectorAll('dialog[open]')].map(d => d.id),
                 errors: (window.__errors || []).slice(-5) }}; }}"""))


def click_some_action(page: Any, rng: random.Random) -> None:
    """One whole decision by clicks: a single action, or a guided choice composed, reviewed and sent.

    Returns once the page has moved on (its step changed or the game ended) or the click sent nothing that the
    server kept: a redraw between reading the buttons and clicking one (another seat's move arrived), or a move
    refused because another seat's crossed it. The caller's loop clicks again then; a refusal of any other kind,
    or a page that neither moves on nor says why, fails with what the page holds."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout  # here: a machine without it skips these tests

    buttons = page.locator("#choices button.act:not([disabled])")
    n = buttons.count()
    if n == 0:
        return
    seen_errors = page.evaluate(WATCH_ERRORS)
    step = page.evaluate(f"() => {STATE}.model.step")
    b = buttons.nth(rng.randrange(n))
    try:
        group = b.get_attribute("data-group", timeout=5000)
        b.click(timeout=5000)
    except PlaywrightTimeout:
        return  # redrawn under every try (a busy machine and another seat's moves): the caller clicks again
    composing = page.locator("#choices .compose").count() > 0
    if composing and not group:  # redrawn under the click: a group opened where a single action stood
        page.locator("#choices .compose .cancel").click()
        return
    if composing:
        for _ in range(10):
            if page.locator("#choices .compose .send").count():
                break
            if group == "amount":
                rng_input = page.locator("#choices input.amount")
                mx = int(rng_input.get_attribute("max") or 0)
                rng_input.fill(str(rng.randint(0, mx)))
                page.locator("#choices .review-btn").click()
                continue
            choices = page.locator("#choices .compose button.choice")
            choices.nth(rng.randrange(choices.count())).click()
        page.locator("#choices .compose .send").click()
    # moved on, or nothing in flight (the move was refused, or the click opened no move: the page was redrawn)
    settled = (f"s => {{ const S = {STATE}; return S.model.step !== s || S.model.over "
               "|| (!S.pending && !document.querySelector('#choices .compose')); }")
    try:
        page.wait_for_function(settled, arg=step, timeout=90000)
    except Exception as e:
        raise AssertionError(f"the page neither moved on nor settled after a click: {page_state(page)}") from e
    state = page_state(page)
    if state["step"] == step and not state["over"]:
        fresh = page.evaluate("n => (window.__errors || []).slice(n)", seen_errors)
        refused = [x for x in fresh if x.get("code") not in CROSSED]
        assert not refused, f"a click's move was refused: {refused}; the page: {state}"


def phase_shot(page: Any, folder: Path, seen: set[str], who: str) -> None:
    ph = page.evaluate(f"() => {STATE}.model && {STATE}.model.phase")
    key = f"{who}-{ph}"
    if ph and key not in seen:
        seen.add(key)
        page.screenshot(path=str(folder / f"{len(seen):02d}-{key}.png"), full_page=True)
        no_missing_keys(page)
        if page.viewport_size["width"] < 500:
            check_phone(page)


# Every message a page sends over its websocket, kept in window.__sent (installed before the page's scripts).
RECORD_SENDS = """
(() => {
  window.__sent = [];
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    try { window.__sent.push(JSON.parse(data)); } catch (e) {}
    return send.call(this, data);
  };
})();
"""


def sent(page: Any, kind: str | None = None) -> list[dict[str, Any]]:
    msgs = page.evaluate("() => window.__sent || []")
    return [m for m in msgs if kind is None or m.get("type") == kind]


def check_phone(page: Any) -> None:
    """On a phone-sized page: nothing scrolls sideways and every action button can be reached (inside the
    screen's width once scrolled to)."""
    width = page.viewport_size["width"]
    if page.evaluate("() => document.documentElement.scrollWidth") > width + 1:
        wide = page.evaluate("""w => [...document.querySelectorAll('body *')]
            .filter(e => e.getBoundingClientRect().right > w + 1 && !e.closest('.scroll-x *'))
            .slice(-6).map(e => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}px: `
                               + (e.textContent || '').slice(0, 50))""", width)
        raise AssertionError(f"the page scrolls sideways: {wide}")
    boxes = page.evaluate("""() => [...document.querySelectorAll('#choices button')]
        .filter(b => b.offsetParent !== null).map(b => {
        const r = b.getBoundingClientRect(); return [r.left, r.right, r.width, r.height, b.textContent]; })""")
    for left, right, w, h, text in boxes:
        assert w > 0 and h >= 24, f"action button {text!r} is too small to tap ({w}x{h})"
        assert left >= -1 and right <= width + 1, f"action button {text!r} is off the screen ({left}..{right})"


MISSING_KEY = r"\b(?:web|phase|part|score|ui|status|win|keys|variant|ev|event|action|help|kind)\.[a-z][a-z_]*\b"


def no_missing_keys(page: Any) -> None:
    """No catalog key shows through where a word should be (a missing key prints as itself), and no JavaScript
    nothing ("null", "undefined", "NaN") where a part was left out."""
    text = page.evaluate("() => document.body.innerText")
    found = re.findall(MISSING_KEY, text)
    assert not found, f"catalog keys shown instead of words: {sorted(set(found))[:10]}"
    blanks = re.findall(r"\b(?:null|undefined|NaN)\b", text)
    assert not blanks, f"{blanks[:3]} shown in the page"


def switch_lang(page: Any, lang: str) -> None:
    """Pick ``lang`` in the page's language menu and wait until the page and the server's texts are in it."""
    words = page.evaluate("l => fetch(`/web/i18n/${l}.json`).then(r => r.json())", lang)
    page.select_option("#lang", lang)
    page.wait_for_function("w => document.querySelector('#rules-open').textContent === w", arg=words["web.rules"])
    page.wait_for_function(
        f"l => {STATE}.model && {STATE}.events.length && {STATE}.events.every(e => e.text) && "
        f"(l === 'en') === !/[\\u4e00-\\u9fff]/.test({STATE}.events.slice(-20).map(e => e.text).join(''))",
        arg=lang, timeout=15000)
    assert page.locator("#log-title").text_content() == words["log"]


def watch_errors(page: Any, errors: list[str]) -> None:
    """Collect the page's uncaught errors and console errors (a renderer that fails to load or draw logs one and
    falls back to the generic tree); a websocket dropped by a reload is not an error of the page."""
    page.on("pageerror", lambda e: errors.append(f"{page.url}: {e}"))
    page.on("console", lambda m: errors.append(f"{page.url}: console: {m.text}")
            if m.type == "error" and "WebSocket" not in m.text else None)


def check_summary_fits(page: Any) -> None:
    """The open end-of-game summary scrolls nowhere sideways: not the dialog, not its score table, and nothing
    in it reaches past the dialog's right edge (on a phone the table's rows are stacked)."""
    got = page.evaluate("""() => {
        const d = document.querySelector('#summary[open]'), t = d && d.querySelector('.summary-table');
        if (!d || !t) return null;
        const right = d.getBoundingClientRect().right;
        const out = [...d.querySelectorAll('*')].filter(e => e.getBoundingClientRect().right > right + 1)
            .slice(0, 4).map(e => `${e.tagName}.${e.className}: ${(e.textContent || '').slice(0, 30)}`);
        return {dialog: [d.scrollWidth, d.clientWidth], table: [t.scrollWidth, t.clientWidth], out};
    }""")
    assert got is not None, "no end-of-game summary is open"
    assert got["dialog"][0] <= got["dialog"][1] + 1, f"the summary dialog scrolls sideways: {got}"
    assert got["table"][0] <= got["table"][1] + 1, f"the summary table scrolls sideways: {got}"
    assert not got["out"], f"past the summary's right edge: {got['out']}"

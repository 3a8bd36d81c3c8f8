"""The table page's log drawn incrementally (issue 24 point 7; static/eventlog.js): after hundreds of events the log
holds every one of the newest 300, an update adds exactly its own rows and leaves the old rows' DOM nodes alone
(node identity, counted with a MutationObserver), the "since my last turn" mark of old rows follows the seat's last
turn, and opening a `?` rebuilds that one row. No timing here: benchmarks/page_draw.py measures the draw.

Events are fed to the page's own message handler (the path a server message takes) after a real game started, so
the board is the game's and the log is the page's; screenshots of each game's page with a long log, laptop and
phone, in the three languages across them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .helpers import STATE, check_phone, create_table, join_and_start, no_missing_keys, watch_errors

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
ROWS = 300  # eventlog.js's LOG_ROWS

# Feed `count` updates of one event each through the page's websocket handler; count the <li> added and removed.
FEED = """
([count, from]) => {
  const ws = window.hustingsTable.ws;
  const step = window.hustingsTable.model.step;
  const list = document.querySelector('#log-list');
  window.__added = window.__added || 0; window.__removed = window.__removed || 0;
  if (!window.__obs) {
    window.__obs = new MutationObserver((ms) => { for (const m of ms) {
      window.__added += [...m.addedNodes].filter((x) => x.nodeName === 'LI').length;
      window.__removed += [...m.removedNodes].filter((x) => x.nodeName === 'LI').length; } });
    window.__obs.observe(list, { childList: true });
  }
  for (let i = from; i < from + count; i++) {
    const e = { step, type: 'note', text: `line ${i}`, data: { n: i } };
    ws.onmessage({ data: JSON.stringify({ type: 'update', events: [e] }) });
  }
  return new Promise((r) => setTimeout(() => r({ added: window.__added, removed: window.__removed }), 0));
}
"""

ROWS_NOW = "() => [...document.querySelectorAll('#log-list li')].map((li) => li.dataset.key)"

GAMES = [("election-war", 3, None, "en", LAPTOP), ("die-macher-2019", 3, "standard", "zh-Hans", PHONE),
         ("die-macher", 3, "short", "zh-Hant", LAPTOP), ("palace-escape", 1, None, "zh-Hant", PHONE)]


def _open(browser: Any, base_url: str, game: str, players: int, variant: str | None, lang: str,
          viewport: dict[str, int], errors: list[str]) -> Any:
    made = create_table(base_url, game, players, [None] + ["random"] * (players - 1), variant)
    seat = made["seats"][0]
    ctx = browser.new_context(viewport=viewport)
    ctx.add_init_script(f"localStorage.setItem('hustings.lang', '{lang}')")
    page = ctx.new_page()
    watch_errors(page, errors)
    page.goto(f"{base_url}/t/{made['table']['id']}#seat=0&token={seat['token']}")
    join_and_start([page])
    page.wait_for_function(f"() => {STATE}.ws && {STATE}.ws.readyState === 1")
    # this seat's turn: the bots wait for it, so only the events fed here arrive
    page.wait_for_function(f"() => {STATE}.model && ({STATE}.model.legal || []).length > 0", timeout=30000)
    return page


@pytest.mark.parametrize(("game", "players", "variant", "lang", "viewport"), GAMES,
                         ids=[f"{g}-{lang}-{'phone' if v is PHONE else 'laptop'}" for g, _, _, lang, v in GAMES])
def test_log_grows_without_rebuilding(browser: Any, base_url: str, shots: Path, game: str, players: int,
                                      variant: str | None, lang: str, viewport: dict[str, int]) -> None:
    errors: list[str] = []
    page = _open(browser, base_url, game, players, variant, lang, viewport, errors)
    # the page's own events so far (a bot may still be moving: wait until the log has settled into rows)
    page.wait_for_function(f"() => document.querySelectorAll('#log-list li').length === "
                           f"Math.min({ROWS}, {STATE}.events.length)")
    page.evaluate("() => { window.__old = [...document.querySelectorAll('#log-list li')]; }")
    before = page.evaluate(f"() => {STATE}.events.length")

    got = page.evaluate(FEED, [200, 0])
    held = page.evaluate(f"() => {STATE}.events.length")
    keys = page.evaluate(ROWS_NOW)
    want = page.evaluate(f"() => {STATE}.events.slice(-{ROWS}).map((e) => `${{e.step}}:${{e.n}}`)")
    assert keys == want, "the log shows every one of the newest events, in order"
    assert len(keys) == min(ROWS, held)
    # one new row per new event (and whatever the bots' own moves added meanwhile), none built again
    assert got["added"] == held - before
    assert got["removed"] == max(0, held - ROWS) - max(0, before - ROWS)
    same = page.evaluate("() => window.__old.filter((li) => li.isConnected).length")
    old_keys = page.evaluate("() => window.__old.map((li) => li.dataset.key)")
    assert same == len([k for k in keys if k in old_keys]), "the old rows still shown are the very same nodes"
    texts = page.evaluate("() => [...document.querySelectorAll('#log-list li .ev-text')].slice(-3)"
                          ".map((x) => x.textContent)")
    assert texts == ["line 197", "line 198", "line 199"]

    # past the 300 newest: old rows leave the top, the rest stay the same nodes
    page.evaluate("() => { window.__old = [...document.querySelectorAll('#log-list li')]; }")
    got2 = page.evaluate(FEED, [150, 200])
    keys = page.evaluate(ROWS_NOW)
    assert len(keys) == ROWS
    assert keys == page.evaluate(f"() => {STATE}.events.slice(-{ROWS}).map((e) => `${{e.step}}:${{e.n}}`)")
    assert got2["added"] - got["added"] == page.evaluate(f"() => {STATE}.events.length") - held
    kept = page.evaluate("() => window.__old.filter((li) => li.isConnected).length")
    assert kept == ROWS - (got2["added"] - got["added"])

    # "since my last turn" of old rows follows the seat's last turn (signals.js), without building them again
    page.evaluate("() => { window.__old = [...document.querySelectorAll('#log-list li')]; }")
    step = page.evaluate(f"() => {STATE}.model.step")
    turn = "s => window.hustingsTable.ws.onmessage({ data: JSON.stringify({ type: 'update', last_turn: s }) })"
    page.evaluate(turn, step + 1)
    assert page.evaluate("() => document.querySelectorAll('#log-list li.since').length") == 0
    page.evaluate(turn, step - 1)
    marked = page.evaluate("() => document.querySelectorAll('#log-list li.since').length")
    assert marked == page.evaluate(f"s => {STATE}.events.slice(-{ROWS}).filter((e) => e.step > s && e.step > 0).length",
                                   step - 1)
    assert marked > 0 or step == 0  # (step 0: nothing counts as "since", signals.js)
    assert page.evaluate("() => window.__old.every((li) => li.isConnected)")

    # a `?` opened: that one row is built again (it unfolds), every other row stays
    page.evaluate("() => { window.__old = [...document.querySelectorAll('#log-list li')]; }")
    last = page.locator("#log-list li").last
    last.locator("button.explain").click()
    page.wait_for_function("() => document.querySelector('#log-list li:last-child .explained')")
    assert page.evaluate("() => window.__old.filter((li) => !li.isConnected).length") == 1
    page.locator("#log-list li").last.locator("button.explain").click()
    page.wait_for_function("() => !document.querySelector('#log-list li:last-child .explained')")

    page.evaluate("() => { const b = document.querySelector('#log-list'); b.scrollTop = b.scrollHeight; }")
    page.wait_for_timeout(100)
    page.screenshot(path=str(shots / f"{game}-{lang}-long-log.png"), full_page=True)
    no_missing_keys(page)
    if viewport is PHONE:
        check_phone(page)
    assert not errors, errors
    page.context.close()


def test_reset_on_fresh_state(browser: Any, base_url: str) -> None:
    """A fresh `state` (an undo, a language switch) builds the log again from its events: nothing of the old stays."""
    errors: list[str] = []
    page = _open(browser, base_url, "election-war", 3, None, "zh-Hans", LAPTOP, errors)
    page.evaluate(FEED, [20, 0])
    page.evaluate("() => { window.__old = [...document.querySelectorAll('#log-list li')]; }")
    page.evaluate(f"""() => {{ const m = {STATE}.model;
      const events = [{{ step: m.step, type: 'note', text: 'only', data: {{}} }}];
      {STATE}.ws.onmessage({{ data: JSON.stringify({{ ...m, type: 'state', events }}) }}); }}""")
    assert page.evaluate(ROWS_NOW) == [f"{page.evaluate(f'() => {STATE}.model.step')}:0"]
    assert page.evaluate("() => window.__old.every((li) => !li.isConnected)")
    assert not errors, errors
    page.context.close()

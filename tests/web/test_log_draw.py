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
# Everything compared is read in the same task as the count (a bot seat may move in a simultaneous phase, and its
# update can land between two of the test's reads): the events held before and after, the rows shown, the newest
# events, and how many of the rows saved in window.__old are still on the page.
FEED = """
([count, from, rows]) => {
  const st = window.hustingsTable;
  const ws = st.ws;
  const step = st.model.step;
  const list = document.querySelector('#log-list');
  window.__added = window.__added || 0; window.__removed = window.__removed || 0;
  if (!window.__obs) {
    window.__obs = new MutationObserver((ms) => { for (const m of ms) {
      window.__added += [...m.addedNodes].filter((x) => x.nodeName === 'LI').length;
      window.__removed += [...m.removedNodes].filter((x) => x.nodeName === 'LI').length; } });
    window.__obs.observe(list, { childList: true });
  }
  const a0 = window.__added, r0 = window.__removed, before = st.events.length;
  for (let i = from; i < from + count; i++) {
    const e = { step, type: 'note', text: `line ${i}`, data: { n: i } };
    ws.onmessage({ data: JSON.stringify({ type: 'update', events: [e] }) });
  }
  return new Promise((r) => setTimeout(() => r({
    added: window.__added - a0, removed: window.__removed - r0, before, held: st.events.length,
    keys: [...document.querySelectorAll('#log-list li')].map((li) => li.dataset.key),
    want: st.events.slice(-rows).map((e) => `${e.step}:${e.n}`),
    oldKeys: (window.__old || []).map((li) => li.dataset.key),
    same: (window.__old || []).filter((li) => li.isConnected).length,
    texts: [...document.querySelectorAll('#log-list li .ev-text')].map((x) => x.textContent)
      .filter((t) => t.startsWith('line ')).slice(-3),
  }), 0));
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

    got = page.evaluate(FEED, [200, 0, ROWS])
    keys, held, before = got["keys"], got["held"], got["before"]
    assert keys == got["want"], "the log shows every one of the newest events, in order"
    assert len(keys) == min(ROWS, held)
    # one new row per new event (and whatever the bots' own moves added meanwhile), none built again
    assert got["added"] == held - before
    assert got["removed"] == max(0, held - ROWS) - max(0, before - ROWS)
    assert got["same"] == len([k for k in keys if k in got["oldKeys"]]), \
        "the old rows still shown are the very same nodes"
    assert got["texts"] == ["line 197", "line 198", "line 199"]

    # past the 300 newest: old rows leave the top, the rest stay the same nodes
    page.evaluate("() => { window.__old = [...document.querySelectorAll('#log-list li')]; }")
    got2 = page.evaluate(FEED, [150, 200, ROWS])
    assert len(got2["keys"]) == ROWS
    assert got2["keys"] == got2["want"]
    assert got2["added"] == got2["held"] - got2["before"]
    assert got2["same"] == ROWS - got2["added"]

    # "since my last turn" of old rows follows the seat's last turn (signals.js), without building them again;
    # each check reads the page in the same task as the message it sends
    page.evaluate("() => { window.__old = [...document.querySelectorAll('#log-list li')]; }")
    step = page.evaluate(f"() => {STATE}.model.step")
    turn = f"""s => {{ {STATE}.ws.onmessage({{ data: JSON.stringify({{ type: 'update', last_turn: s }}) }});
      return {{ marked: document.querySelectorAll('#log-list li.since').length,
        want: {STATE}.events.slice(-{ROWS}).filter((e) => e.step > s && e.step > 0).length,
        kept: window.__old.every((li) => li.isConnected) }}; }}"""
    later = page.evaluate(turn, step + 1)
    assert later["marked"] == later["want"] == 0
    assert later["kept"]
    now = page.evaluate(turn, step - 1)
    assert now["marked"] == now["want"]
    assert now["marked"] > 0 or step == 0  # (step 0: nothing counts as "since", signals.js)
    assert now["kept"]

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
    page.evaluate(FEED, [20, 0, ROWS])
    page.evaluate("() => { window.__old = [...document.querySelectorAll('#log-list li')]; }")
    page.evaluate(f"""() => {{ const m = {STATE}.model;
      const events = [{{ step: m.step, type: 'note', text: 'only', data: {{}} }}];
      {STATE}.ws.onmessage({{ data: JSON.stringify({{ ...m, type: 'state', events }}) }}); }}""")
    assert page.evaluate(ROWS_NOW) == [f"{page.evaluate(f'() => {STATE}.model.step')}:0"]
    assert page.evaluate("() => window.__old.every((li) => !li.isConnected)")
    assert not errors, errors
    page.context.close()

"""The table page in Firefox (Gecko) and WebKit (Safari's engine), beside the Chromium tests: a few moves of
逃出總統府 and of Die Macher 2019 clicked through the page, with no page error or console error, the game's
renderer drawing (not the generic fallback), no catalog key showing through, and the log's ``?`` explained.

Firefox is Debian's firefox-esr over WebDriver BiDi; WebKit is WebKitGTK's MiniBrowser over WebKitWebDriver
(under a private Xvfb when there is no display): see tests/web/engines.py. A missing engine skips its tests
with the package to install; scripts/ensure-services.sh installs them (make test runs it)."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest

from .engines import Firefox, WebKit, firefox_missing, webkit_missing
from .helpers import MISSING_KEY, create_table

ENGINES = {"firefox": (Firefox, firefox_missing), "webkit": (WebKit, webkit_missing)}

# join and ready this seat, then start (every other seat is a bot)
JOIN = """async () => {
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  for (let i = 0; i < 200 && !document.querySelector("#join"); i++) await sleep(50);
  document.querySelector("#join").click();
  for (let i = 0; i < 200 && !window.hustingsTable.model; i++) {
    if (i % 10 === 9) document.querySelector("#start")?.click();  // until join and ready have landed
    await sleep(50);
  }
  return !!window.hustingsTable.model;
}"""

# one whole decision by clicks (a button, or a guided choice composed, reviewed and sent); the step before it,
# or null when this seat has nothing to do now
DECIDE = """async (seed) => {
  const S = window.hustingsTable;
  let x = seed;
  const pick = (list) => { x = (x * 1103515245 + 12345) % 2147483648; return list[x % list.length]; };
  if (!S.model || S.pending || S.model.over) return null;
  const buttons = [...document.querySelectorAll("#choices button.act:not([disabled])")];
  if (!buttons.length) return null;
  const step = S.model.step;
  const b = pick(buttons);
  const group = b.dataset.group;
  b.click();
  for (let i = 0; group && i < 12 && !document.querySelector("#choices .compose .send"); i++) {
    if (group === "amount") {
      const range = document.querySelector("#choices input.amount");
      range.value = String(pick([...Array(Number(range.max) + 1).keys()]));
      range.dispatchEvent(new Event("input"));
      document.querySelector("#choices .review-btn").click();
    } else {
      pick([...document.querySelectorAll("#choices .compose button.choice")]).click();
    }
  }
  document.querySelector("#choices .compose .send")?.click();
  document.querySelector("#confirm-yes")?.click();  // a move that cannot be taken back asks first (issue 24.4)
  return step;
}"""

STATUS = """() => { const S = window.hustingsTable; return {
  step: S.model ? S.model.step : -1, over: !!(S.model && S.model.over), pending: !!S.pending,
  mine: !!(S.model && (S.model.legal || []).length), failed: !!S.rendererFailed,
  events: S.events.length, text: document.body.innerText,
  width: document.documentElement.scrollWidth, inner: innerWidth }; }"""

# open the log's ? of the newest event that has one and return what it unfolds
EXPLAIN = """async () => {
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const buttons = [...document.querySelectorAll("#log-list button.explain")];
  if (!buttons.length) return null;
  const li = buttons[buttons.length - 1].closest("li");
  const key = li.dataset.key;
  buttons[buttons.length - 1].click();
  for (let i = 0; i < 100; i++) {
    const box = document.querySelector(`#log-list li[data-key="${key}"] .explained:not(.hint)`);
    if (box) return box.textContent;
    await sleep(50);
  }
  return "";
}"""


@pytest.fixture(scope="module", params=sorted(ENGINES))
def engine(request: pytest.FixtureRequest) -> Iterator[Any]:
    cls, missing = ENGINES[request.param]
    why = missing()
    if why is not None:
        pytest.skip(f"{request.param}: {why}")
    b = cls()
    yield b
    b.close()


def _play(b: Any, moves: int, timeout: float = 60) -> dict[str, Any]:
    """This seat makes ``moves`` decisions by clicking (bots play the others); the page's status after."""
    made = 0
    deadline = time.time() + timeout
    st = b.call(STATUS)
    while made < moves and not st["over"] and time.time() < deadline:
        before = b.call(DECIDE, 7 + made)
        if before is None:
            time.sleep(0.05)
        else:
            while time.time() < deadline:
                st = b.call(STATUS)
                if st["step"] != before or st["over"]:
                    break
                time.sleep(0.03)
            made += 1
        st = b.call(STATUS)
    assert made >= moves or st["over"], f"only {made} of {moves} decisions made in {timeout}s"
    return dict(st)


def _check(b: Any, st: dict[str, Any]) -> None:
    assert not st["failed"], "the game's renderer failed: the page fell back to the generic tree"
    assert not re.findall(MISSING_KEY, st["text"]), re.findall(MISSING_KEY, st["text"])
    assert st["width"] <= st["inner"] + 1, "the page scrolls sideways"
    assert not b.errors(), b.errors()


@pytest.mark.parametrize(("game", "players", "moves"), [("palace-escape", 1, 4), ("die-macher-2019", 3, 6)])
def test_a_few_moves_by_clicking(base_url: str, engine: Any, game: str, players: int, moves: int) -> None:
    made = create_table(base_url, game, players, [None] + ["random"] * (players - 1))
    engine.goto(base_url + made["seats"][0]["invite"])
    assert engine.call(JOIN), "the table did not start"
    start = engine.call(STATUS)
    st = _play(engine, moves)
    assert st["step"] > start["step"] and st["events"] > 0
    _check(engine, st)
    if game == "die-macher-2019":
        # the log's ? unfolds something (worked lines or the event's data) without a page error
        assert engine.call(EXPLAIN)
        _check(engine, engine.call(STATUS))

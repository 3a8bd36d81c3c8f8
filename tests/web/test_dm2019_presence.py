"""Die Macher 2019's media presence decision (seed 000 §三.9.2, R14) in the browser: the page says what the
phase asks (which state voted, what a marker is worth) and draws who decides, in zh-Hans, zh-Hant and en,
from the game's own catalog (no generic "your turn", no catalog key showing through)."""

from __future__ import annotations

from typing import Any

import pytest

from .helpers import MISSING_KEY, create_table, watch_errors

# the renderer and the page's word lookup, run on a copy of the spectator's view put in the presence phase
DRAW = """async (lang) => {
  const { Words, el } = await import("/static/common.js");
  const S = window.hustingsTable;
  const [shell, meta] = await Promise.all([fetch(`/web/i18n/${lang}.json`).then(r => r.json()),
    fetch(`/web/games/die-macher-2019.json?lang=${lang}`).then(r => r.json())]);
  const words = new Words(lang, shell, meta.catalog);
  const r = (await import(meta.renderer)).default;
  const view = JSON.parse(JSON.stringify(S.model.view));
  const b = 0;  // the game is over at once (random bots): put a state back on board 1 for the decision
  if (view.boards[b].state < 0) view.boards[b].state = 2;
  view.phase = "presence"; view.you = 0;
  view.presence = { board: b, state: view.boards[b].state, value: 6, deciders: [0, 1] };
  const ctx = { t: (k, f) => words.t(k, f), h: el, names: meta.names, who: (s) => `P${s + 1}`, lang,
                seat: 0, legal: [], events: [], act: () => false, toActNow: [0], redraw: () => {} };
  const root = document.createElement("div");
  r.render(root, view, ctx);
  return { asks: r.asks(view, ctx), text: root.innerText || root.textContent,
           panel: root.querySelector("section.presence")?.textContent || "",
           current: root.querySelector(".boardcard.current")?.dataset.board, board: b,
           state: meta.names.states[view.boards[b].state] };
}"""


@pytest.mark.parametrize(("lang", "word"), [("en", "media presence"), ("zh-Hans", "媒体曝光"), ("zh-Hant", "媒體曝光")])
def test_presence_phase_says_what_it_asks(base_url: str, browser: Any, lang: str, word: str) -> None:
    import re

    made = create_table(base_url, "die-macher-2019", 3, ["random", "random", "random"], "standard")
    page = browser.new_page()
    errors: list[str] = []
    watch_errors(page, errors)
    page.goto(base_url + made["spectate"])
    page.wait_for_function("() => window.hustingsTable.model !== null && window.hustingsTable.meta", timeout=20000)
    got = page.evaluate(DRAW, lang)
    assert word in got["asks"] and got["state"] in got["asks"] and "6" in got["asks"], got["asks"]
    assert got["state"] in got["panel"] and re.search("P1[^→]* → P2", got["panel"]), got["panel"]
    assert got["current"] == str(got["board"])
    shown = got["asks"] + got["text"]
    assert not re.findall(MISSING_KEY, shown), re.findall(MISSING_KEY, shown)
    assert not errors, errors
    page.close()

"""Die Macher's board drawn in place (issue 24, points 2 and 7; board.js's draw()): views of a game rendered one
after another into one element, as the table page does. After each update the board is exactly what a fresh
drawing of that view would be (animation marks aside); the same view drawn again touches nothing (once the last
update's animation marks are gone); a piece or card that is still there (same key) stays the same element, so a
moved piece slides (a CSS transition of its transform, none under prefers-reduced-motion) and a turned card flips;
an update touches a small part of the board."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import hustings

EDITIONS = [("die-macher-2019", "standard"), ("die-macher", "short")]

# Each view rendered in place into one root; after each: the board against a fresh drawing of the same view
# (animation classes stripped), the mutations the update made, how many keyed elements it kept as they were.
SEQUENCE = """async ({game, lang, views}) => {
  const { el, fill } = await import('/static/common.js');
  const meta = await (await fetch(`/web/games/${game}.json?lang=${lang}`)).json();
  const r = (await import(meta.renderer)).default;
  const t = (k, f) => (k in meta.catalog ? fill(meta.catalog[k], f) : k);
  const ctx = () => ({ t, lang, h: el, names: meta.names, seat: 0, legal: [], act: () => false, who: (q) => `P${q + 1}`,
    events: [], redraw: () => {}, myTurn: false, lastTurn: 0 });
  const root = document.createElement('div');
  root.id = 'inplace';
  document.body.append(root);
  const strip = (html) => html.replace(/ ?\\bbd-(new|changed|flip|move|since)\\b/g, '').replace(/ class=""/g, '');
  let touched = 0;
  const size = (n) => 1 + (n.getElementsByTagName ? n.getElementsByTagName('*').length : 0);
  const mo = new MutationObserver((rs) => { for (const x of rs) touched += x.type === 'childList'
    ? [...x.addedNodes, ...x.removedNodes].reduce((a, n) => a + size(n), 0) : 1; });
  const out = [];
  for (const v of views) {
    const before = new Map([...root.querySelectorAll('[data-key]')].map((e) => [e.dataset.key, e]));
    mo.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
    touched = 0;
    r.render(root, v, ctx());
    mo.takeRecords().forEach((x) => { touched += x.type === 'childList'
      ? [...x.addedNodes, ...x.removedNodes].reduce((a, n) => a + size(n), 0) : 1; });
    mo.disconnect();
    const afterKeys = [...root.querySelectorAll('[data-key]')];
    const common = afterKeys.filter((e) => before.has(e.dataset.key));
    const kept = common.filter((e) => before.get(e.dataset.key) === e).length;
    const got = strip(root.innerHTML);
    // the same view drawn again, in place: only the last update's animation marks go; a third time, nothing
    r.render(root, v, ctx());
    mo.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
    const t2 = touched;
    touched = 0;
    r.render(root, v, ctx());
    const again = touched + mo.takeRecords().length;
    mo.disconnect();
    // a fresh drawing of the view, into an empty element
    const fresh = document.createElement('div');
    r.render(fresh, v, ctx());
    out.push({ same: got === strip(fresh.innerHTML), touched: t2, again, nodes: root.getElementsByTagName('*').length,
      common: common.length, kept, pieces: root.querySelectorAll('.bd-piece[data-key]').length,
      diff: got === strip(fresh.innerHTML) ? '' : firstDiff(got, strip(fresh.innerHTML)) });
  }
  root.remove();
  return out;
  function firstDiff(a, b) {
    let i = 0;
    while (a[i] === b[i]) i++;
    return [a.slice(Math.max(0, i - 80), i + 80), b.slice(Math.max(0, i - 80), i + 80)];
  }
}"""

def _views(game: str, variant: str, count: int) -> list[dict[str, Any]]:
    """Seat 0's views after consecutive moves of a game played at random from a fixed seed, from the point where
    pieces stand on the boards."""
    s = hustings.make(game, players=3, variant=variant, seed=5)
    rng = random.Random(5)
    out: list[dict[str, Any]] = []
    while not s.is_over and len(out) < count:
        q = s.current_players[0]
        s.apply(q, rng.choice(s.legal_actions(q)))
        if s.step_count > 30:
            out.append(json.loads(json.dumps(s.view(0), default=list)))
    return out


@pytest.mark.parametrize(("game", "variant"), EDITIONS)
def test_the_board_is_updated_in_place(base_url: str, browser: Any, game: str, variant: str) -> None:
    views = _views(game, variant, 16)
    page = browser.new_page()
    page.goto(base_url + "/")
    got = page.evaluate(SEQUENCE, {"game": game, "lang": "en", "views": views})
    page.close()
    for i, g in enumerate(got):
        assert g["same"], (game, i, g["diff"])  # in place, the board is what a fresh drawing would be
        assert g["again"] == 0, (game, i, g)  # the same view again: nothing touched
        assert g["kept"] == g["common"], (game, i, g)  # what is still there is the same element
    first, later = got[0], got[1:]
    assert first["pieces"] > 10
    # an update touches a small part of the board (a fresh drawing is every node, twice: gone and new)
    assert sum(g["touched"] for g in later) / len(later) < 0.25 * first["nodes"], [g["touched"] for g in later]


def test_moves_are_css_transitions_and_none_with_reduced_motion(base_url: str, browser: Any) -> None:
    """A piece's place is a CSS transform with a transition (it slides when kept and moved); none with
    prefers-reduced-motion; the flip and pop animations off there too."""
    views = _views("die-macher-2019", "standard", 1)
    for motion, want in (("no-preference", True), ("reduce", False)):
        ctx = browser.new_context()
        page = ctx.new_page()
        page.emulate_media(reduced_motion=motion)
        page.goto(base_url + "/")
        keep = SEQUENCE.replace("root.remove();", "window.__keep = root;")
        page.evaluate(keep, {"game": "die-macher-2019", "lang": "en", "views": views})
        # board.js adds board.css when it first draws: read the styles once that sheet is in (a busy machine lags)
        page.wait_for_function("""() => { const l = document.querySelector('link[data-board-css]');
            try { return !!(l && l.sheet && l.sheet.cssRules.length); } catch (e) { return false; } }""")
        style = page.evaluate("""() => { const p = window.__keep.querySelector('.bd-piece[data-key]');
            const c = getComputedStyle(p); return [p.style.transform, c.transitionProperty, c.transitionDuration]; }""")
        assert style[0].startswith("translate("), style
        assert (style[1] == "transform" and style[2] != "0s") == want, (motion, style)
        ctx.close()

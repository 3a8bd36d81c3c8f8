"""選舉之戰's board drawn in place (issue 24, point 2; board.js's draw()): a whole game's views rendered one after
another into one element, as the table page does. After each update the board is exactly what a fresh drawing of
that view would be (animation classes aside); the same view drawn again touches nothing; a keyed row, slot, card
or pile still there is the same element; an update touches a small part of the board. What changed moves: a role
card revealed flips, a news card played flies from the hand that played it to the card in play, a card put on the
discard pile flies there, a new die roll spins the die even when the last update spun it too; nothing moves with
prefers-reduced-motion. And a table page played by taps on the board with animations on."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import hustings

from .helpers import RECORD_SENDS, STATE, create_table, join_and_start, my_turn, over, watch_errors
from .test_ew_board import board_move, check_board

DIE_EVENTS = ("wind_check", "press_conference", "count_row")

# Each view rendered in place into one root (with the events the page would hold by then); after each: the board
# against a fresh drawing, the mutations the update made, which keyed elements it kept, what animates now.
SEQUENCE = """async ({lang, steps, keep}) => {
  const { el, fill } = await import('/static/common.js');
  const meta = await (await fetch(`/web/games/election-war.json?lang=${lang}`)).json();
  const r = (await import(meta.renderer)).default;
  const t = (k, f) => (k in meta.catalog ? fill(meta.catalog[k], f) : k);
  const ctx = (events) => ({ t, lang, h: el, names: meta.names, seat: 0, legal: [], act: () => false,
    who: (q) => `P${q + 1}`, events, redraw: () => {}, myTurn: false, lastTurn: 0 });
  const root = document.createElement('div');
  document.body.append(root);
  // a drawing as text: attributes sorted by name (an element kept from an earlier drawing holds them in the order
  // they were first set), animation classes left out
  const canon = (n) => {
    if (n.nodeType === 3) return n.nodeValue;
    if (n.nodeType !== 1) return '';
    const attrs = n.getAttributeNames().sort().map((a) => {
      let v = n.getAttribute(a);
      if (a === 'class') v = v.split(' ').filter((c) => c && !c.startsWith('anim-')).join(' ');
      return a === 'class' && !v ? '' : ` ${a}="${v}"`;
    }).join('');
    return `<${n.tagName}${attrs}>${[...n.childNodes].map(canon).join('')}</${n.tagName}>`;
  };
  const strip = (r) => [...r.childNodes].map(canon).join('');
  const size = (n) => 1 + (n.getElementsByTagName ? n.getElementsByTagName('*').length : 0);
  let touched = 0;
  const count = (rs) => { for (const x of rs) touched += x.type === 'childList'
    ? [...x.addedNodes, ...x.removedNodes].reduce((a, n) => a + size(n), 0) : 1; };
  const mo = new MutationObserver(count);
  // what animates in the board now: [key of the nearest keyed element, kind, CSS animation name or first transform]
  const moving = () => root.getAnimations({ subtree: true }).filter((a) => a.playState === 'running').map((a) => {
    const e = a.effect.target;
    const kind = a.constructor.name;
    const what = kind === 'CSSAnimation' ? a.animationName : kind === 'CSSTransition' ? a.transitionProperty
      : String(a.effect.getKeyframes()[0].transform || '');
    return [e.closest('[data-key]')?.dataset.key ?? '', kind, what, e.className.baseVal ?? e.className];
  });
  const out = [];
  for (const { view, events, wait } of steps) {
    if (wait) await new Promise((ok) => setTimeout(ok, wait));
    const before = new Map([...root.querySelectorAll('[data-key]')].map((e) => [`${e.tagName}|${e.dataset.key}`, e]));
    mo.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
    touched = 0;
    r.render(root, view, ctx(events));
    count(mo.takeRecords());
    mo.disconnect();
    const anims = moving();
    const after = [...root.querySelectorAll('[data-key]')];
    const common = after.filter((e) => before.has(`${e.tagName}|${e.dataset.key}`));
    const kept = common.filter((e) => before.get(`${e.tagName}|${e.dataset.key}`) === e).length;
    const got = strip(root);
    const t1 = touched;
    let again = 0, same = true, diff = '';
    if (!keep) {
      // the same view again (the last update's animation classes go), then a third time: nothing touched
      r.render(root, view, ctx(events));
      mo.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
      touched = 0;
      r.render(root, view, ctx(events));
      count(mo.takeRecords());
      mo.disconnect();
      again = touched;
      const fresh = document.createElement('div');
      r.render(fresh, view, ctx(events));
      const want = strip(fresh);
      same = got === want;
      if (!same) {
        let i = 0;
        while (got[i] === want[i]) i++;
        diff = [got.slice(Math.max(0, i - 80), i + 80), want.slice(Math.max(0, i - 80), i + 80)];
      }
    }
    out.push({ same, diff, touched: t1, again, nodes: root.getElementsByTagName('*').length, common: common.length,
      kept, keyed: after.length, anims });
  }
  root.remove();
  return out;
}"""


def _game(seed: int = 7, players: int = 4) -> list[dict[str, Any]]:
    """Seat 0's view after every move of a game played at random from a fixed seed, each with the die events the
    page would hold by then (numbered per step as the page numbers them)."""
    s = hustings.make("election-war", players=players, seed=seed)
    rng = random.Random(seed)
    out: list[dict[str, Any]] = []
    seen = 0
    events: list[dict[str, Any]] = []
    per_step: dict[int, int] = {}
    while not s.is_over:
        q = s.current_players[0]
        s.apply(q, rng.choice(s.legal_actions(q)))
        evs = s.events(0)
        for e in evs[seen:]:
            n = per_step.get(e.step, 0)
            per_step[e.step] = n + 1
            if e.type in DIE_EVENTS:
                data = json.loads(json.dumps(e.data, default=list))
                events.append({"type": e.type, "step": e.step, "n": n, "data": data})
        seen = len(evs)
        out.append({"view": json.loads(json.dumps(s.view(0), default=list)), "events": list(events)})
    return out


def _page(browser: Any, motion: str) -> tuple[Any, Any]:
    ctx = browser.new_context(viewport={"width": 1366, "height": 900}, reduced_motion=motion)
    page = ctx.new_page()
    return ctx, page


def test_the_board_is_updated_in_place(base_url: str, browser: Any) -> None:
    steps = _game()
    assert len(steps) > 60
    ctx, page = _page(browser, "reduce")
    page.goto(base_url + "/")
    got = page.evaluate(SEQUENCE, {"lang": "en", "steps": steps, "keep": False})
    ctx.close()
    for i, g in enumerate(got):
        assert g["same"], (i, g["diff"])  # in place, the board is what a fresh drawing would be
        assert g["again"] == 0, (i, g)  # the same view again: nothing touched
        assert g["kept"] == g["common"], (i, g)  # a keyed element still there is the same element
        assert not g["anims"], (i, g["anims"])  # reduced motion: nothing moves
    assert got[0]["keyed"] > 30
    later = got[1:]
    # an update touches a small part of the board (a fresh drawing is every node, twice: gone and new)
    touched, nodes = sum(g["touched"] for g in later), sum(g["nodes"] for g in later)
    assert touched < 0.2 * nodes, [g["touched"] for g in later]


def _find(steps: list[dict[str, Any]], test: Any) -> int:
    return next(i for i in range(1, len(steps)) if test(steps[i - 1]["view"], steps[i]["view"]))


def test_what_changed_moves_and_nothing_with_reduced_motion(base_url: str, browser: Any, shots: Path) -> None:
    steps = _game()
    views = [s["view"] for s in steps]
    # the reveal: every card placed face down before is face up after
    reveal = _find(steps, lambda a, b: any(
        c["placed"] and c["card"] is None and b["candidates"][r][q]["card"] is not None
        for r, row in enumerate(a["candidates"]) for q, c in enumerate(row)))
    # a news card played by this seat (gone from its hand, now in play) and one played by another seat
    mine = _find(steps, lambda a, b: b["pending"] and not a["pending"] and len(b["hand"]) < len(a["hand"]))
    other = _find(steps, lambda a, b: b["pending"] and not a["pending"] and len(b["hand"]) == len(a["hand"]))
    # the card in play put on the discard pile
    done = _find(steps, lambda a, b: a["pending"] and not b["pending"] and len(b["discard"]) > len(a["discard"])
                 and b["discard"][-1] == a["pending"]["card"])
    # two die rolls in two updates one after the other: the second spins the die again
    rolls = [i for i in range(1, len(steps)) if steps[i]["events"] and steps[i]["events"] != steps[i - 1]["events"]]
    twice = next(i for i in rolls if i - 1 in rolls and i - 2 >= 0)
    cases = {"reveal": reveal, "mine": mine, "other": other, "done": done}
    for motion in ("no-preference", "reduce"):
        ctx, page = _page(browser, motion)
        page.goto(base_url + "/")
        for name, i in cases.items():
            got = page.evaluate(SEQUENCE, {"lang": "en", "steps": steps[i - 1:i + 1], "keep": True})
            anims = got[1]["anims"]
            if motion == "reduce":
                assert not anims, (name, anims)
                continue
            a, b = views[i - 1], views[i]
            if name == "reveal":
                flipped = {k for k, kind, what, _c in anims if kind == "CSSAnimation" and what == "ew-flip"}
                want = {f"slot:{r}:{q}" for r, row in enumerate(a["candidates"]) for q, c in enumerate(row)
                        if c["placed"] and c["card"] is None and b["candidates"][r][q]["card"] is not None}
                assert want and want <= flipped, (want, flipped)
                assert got[1]["kept"] == got[1]["common"]
            elif name in ("mine", "other"):
                flown = {k for k, kind, what, _c in anims if kind == "Animation" and what.startswith("translate(")}
                assert {"inplay", f"oncard:{b['pending']['card']}"} <= flown, (name, anims)
            else:
                flown = {k for k, kind, what, _c in anims if kind == "Animation" and what.startswith("translate(")}
                assert f"discard:{len(b['discard'])}" in flown, anims
        # the die: the first roll spins it; so does the next one, an update later (after the first has ended)
        got = page.evaluate(SEQUENCE, {"lang": "en", "keep": True, "steps": [
            steps[twice - 2], steps[twice - 1], {**steps[twice], "wait": 800}]})
        for g in got[1:]:
            spins = [x for x in g["anims"] if x[0] == "die" and x[2] == "ew-roll"]
            assert bool(spins) == (motion == "no-preference"), (motion, g["anims"])
        if motion == "no-preference":
            # a news card caught in flight from this seat's hand to the row (looked at, not compared)
            show = SEQUENCE.replace("root.remove();", "window.__keep?.remove(); window.__keep = root;").replace(
                "document.body.append(root);", "document.body.prepend(root);")
            for size, vp, lang in (("laptop", None, "en"), ("phone", {"width": 390, "height": 844}, "zh-Hant")):
                if vp:
                    page.set_viewport_size(vp)
                page.evaluate(show, {"lang": lang, "steps": steps[mine - 1:mine + 1], "keep": True})
                page.wait_for_timeout(200)
                page.screenshot(path=str(shots / f"ew-inplace-{size}-{lang}-flight.png"))
        ctx.close()


# Every flight the page starts (a Web Animation whose first keyframe is a translate), counted by where it lands.
COUNT_FLIGHTS = """(() => {
  window.__flights = [];
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (frames, opts) {
    const first = Array.isArray(frames) ? frames[0] : null;
    if (first && String(first.transform || '').startsWith('translate(')) {
      window.__flights.push(this.closest('[data-key]')?.dataset.key ?? '');
    }
    return animate.call(this, frames, opts);
  };
})();"""


def test_a_table_played_on_the_board_with_motion_on(base_url: str, browser: Any, shots: Path) -> None:
    """The table page with animations on (the other browser tests turn them off): decisions taken by tapping the
    board while cards fly and flip, the board held to the view after each, until this seat's news cards are being
    played; cards were seen flying into the rows and the piles."""
    made = create_table(base_url, "election-war", 3, [None, "heuristic", "heuristic"])
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                              reduced_motion="no-preference")
    ctx.add_init_script(COUNT_FLIGHTS)
    page = ctx.new_page()
    errors: list[str] = []
    page.add_init_script(RECORD_SENDS)
    watch_errors(page, errors)
    page.goto(base_url + made["seats"][0]["invite"])
    join_and_start([page])
    rng = random.Random(26)
    moves = 0
    for _ in range(400):
        if over(page) or page.evaluate(f"() => {STATE}.model.view.round") >= 2:
            break
        if not my_turn(page):
            page.wait_for_timeout(50)
            continue
        check_board(page)
        board_move(page, rng)
        moves += 1
        if moves == 8:
            page.screenshot(path=str(shots / "ew-motion-phone-en.png"), full_page=True)
    check_board(page)
    flights = page.evaluate("() => window.__flights")
    assert moves >= 8, moves
    assert any(k.startswith("slot:") for k in flights), flights  # role cards declared into the rows
    assert any(k.startswith("discard:") or k in ("inplay", "discard") for k in flights), flights
    assert any(k.startswith("hand:news:") for k in flights), flights  # drawn from the deck
    assert not errors, errors
    ctx.close()

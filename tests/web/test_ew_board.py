"""選舉之戰's board in the browser (issue 24): every card on the board matches the view (role cards, backs, empty
places per row; the news hand, role hand, the other seats' hidden hands as backs, cards won, deck and discard
pile, the card in play); a spectator and the other seat see backs wherever the view hides a card; choosing by
tapping the board (a role card then its place, a news card then its target or the discard pile) sends exactly
the matching legal action; one whole game played that way by two seats (laptop 1366x768 and phone 390x844)
beside a bot, with screenshots of both sizes in the three languages."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from .helpers import (
    RECORD_SENDS,
    STATE,
    check_phone,
    create_table,
    join_and_start,
    model,
    my_turn,
    no_missing_keys,
    over,
    sent,
    switch_lang,
    watch_errors,
)

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}

# The model and what the board drew, read in one go (a message redraws the page synchronously).
READ_BOARD = f"""() => {{
  const v = {STATE}.model.view;
  const kind = (c) => !c ? 'none' : c.classList.contains('ew-back') ? 'back'
    : c.classList.contains('ew-slot-empty') ? 'empty' : Number(c.dataset.card);
  const rows = [...document.querySelectorAll('.ew-row')].map((r) => ({{
    row: Number(r.dataset.row), backs: r.querySelectorAll('.ew-slot .ew-back').length,
    faceup: r.querySelectorAll('.ew-slot > .ew-card.role').length,
    slots: [...r.querySelectorAll('.ew-slot')].map((s) => [Number(s.dataset.seat),
      kind(s.querySelector(':scope > .ew-card'))]),
    council: Number(r.querySelector('.ew-card.council').dataset.district),
    onCard: [...r.querySelectorAll('.ew-slot .on-card')].map((c) => [Number(c.closest('.ew-slot').dataset.seat),
      Number(c.dataset.news)]) }}));
  const ints = (sel, attr) => [...document.querySelectorAll(sel)].map((e) => Number(e.dataset[attr]));
  const seats = [...document.querySelectorAll('.ew-seat')].map((s) => ({{ seat: Number(s.dataset.seat),
    news: s.querySelectorAll('.ew-minis.news i').length, roles: s.querySelectorAll('.ew-minis.role i').length,
    hasHeld: !!s.querySelector('.ew-held'), wonRoles: s.querySelectorAll('[data-won=role]').length,
    wonCouncils: s.querySelectorAll('[data-won=council]').length, votes: Number(s.dataset.votes) }}));
  const pile = (sel) => {{ const e = document.querySelector(sel); return e ? {{ ...e.dataset }} : null; }};
  return {{ view: v, rows, seats, hand: ints('.ew-cards.news .ew-card.news', 'news'),
    roleHand: ints('.ew-cards.roles .ew-card.role', 'card'), handShown: !!document.querySelector('.ew-mine'),
    deck: pile('.ew-pile.deck'), discard: pile('.ew-pile.discard'), inplay: pile('.ew-pile.inplay'),
    fallback: !!{STATE}.rendererFailed }};
}}"""


def check_board(page: Any) -> dict[str, Any]:
    """Every card on the board is the view's: returns what was read (for the callers' own checks)."""
    b = page.evaluate(READ_BOARD)
    v = b["view"]
    assert not b["fallback"], "the renderer fell back to the generic tree"
    me = v["you"]
    assert len(b["rows"]) == 6
    for r, row in enumerate(b["rows"]):
        assert row["row"] == r and row["council"] == v["rows"][r]["district"]
        cands = v["candidates"][r]
        want = [[q, "empty" if not c["placed"] else "back" if c["card"] is None else c["card"]]
                for q, c in enumerate(cands)]
        assert row["slots"] == want, (r, row["slots"], want)
        assert row["backs"] == sum(1 for c in cands if c["placed"] and c["card"] is None)
        assert row["faceup"] == sum(1 for c in cands if c["card"] is not None)
        pend = v["pending"]
        on_row = [[pend["target"], pend["card"]]] if pend and r == v["round"] else []
        assert row["onCard"] == on_row, (r, row["onCard"], pend)
    assert b["hand"] == (v["hand"] or []), (b["hand"], v["hand"])
    assert b["roleHand"] == (v["role_hand"] or []), (b["roleHand"], v["role_hand"])
    assert b["handShown"] == (me is not None)
    for q, s in enumerate(b["seats"]):
        assert s["seat"] == q and s["votes"] == v["votes"][q]
        assert s["wonRoles"] == len(v["won"][q]["roles"]) and s["wonCouncils"] == len(v["won"][q]["districts"])
        if q == me:
            assert not s["hasHeld"]  # own cards are drawn face up in the hand instead
        else:  # the hidden hands: one back per card
            assert s["news"] == v["hand_sizes"][q] and s["roles"] == v["role_hand_sizes"][q], (q, s, v["hand_sizes"])
    assert int(b["deck"]["count"]) == v["deck"]
    assert int(b["discard"]["count"]) == len(v["discard"])
    assert b["discard"]["top"] == (str(v["discard"][-1]) if v["discard"] else "")
    if v["pending"]:
        assert b["inplay"] and int(b["inplay"]["news"]) == v["pending"]["card"]
        assert int(b["inplay"]["target"]) == v["pending"]["target"]
    else:
        assert b["inplay"] is None
    if page.viewport_size["width"] < 500:
        check_phone(page)
        small = page.evaluate("""() => [...document.querySelectorAll('.ew button')].filter((e) => e.offsetParent)
            .map((e) => e.getBoundingClientRect()).filter((r) => r.width < 44 || r.height < 44)
            .map((r) => `${Math.round(r.width)}x${Math.round(r.height)}`)""")
        assert not small, f"board targets smaller than 44 px: {small}"
    return b


def _last_act(page: Any) -> int | None:
    acts = sent(page, "act")
    return acts[-1]["action"] if acts else None


def _wait_step(page: Any, step: int) -> None:
    page.wait_for_function(f"s => {STATE}.model.step !== s || {STATE}.model.over", arg=step, timeout=30000)


def board_move(page: Any, rng: random.Random) -> str:
    """One decision made on the board where it is a card, else by the action panel; checks what was sent."""
    m = model(page)["m"]
    legal, step = m["legal"], m["step"]
    kinds = {a["kind"] for a in legal}
    count = len(sent(page, "act"))
    if "declare" in kinds:
        a = rng.choice([x for x in legal if x["kind"] == "declare"])
        i = m["view"]["role_hand"].index(a["args"][0])
        page.locator(f".ew-cards.roles button.ew-card[data-i='{i}']").click()
        row = sum(1 for r in m["view"]["candidates"] if r[m["view"]["you"]]["placed"])
        page.locator(f".ew-row[data-row='{row}'] button.ew-slot.target[data-seat='{m['view']['you']}']").click()
        how = "board"
    elif "play" in kinds and rng.random() < 0.4:
        a = rng.choice([x for x in legal if x["kind"] == "play"])
        i = m["view"]["hand"].index(a["args"][0])
        page.locator(f".ew-cards.news button.ew-card[data-i='{i}']").click()
        # only the candidates this card may go on are targets now
        seats = "es => es.map(e => +e.dataset.seat)"
        targets = page.eval_on_selector_all(".ew-row.current button.ew-slot.target", seats)
        card = a["args"][0]
        assert sorted(targets) == sorted(x["args"][1] for x in legal if x["kind"] == "play" and x["args"][0] == card)
        row = m["view"]["round"]
        page.locator(f".ew-row[data-row='{row}'] button.ew-slot.target[data-seat='{a['args'][1]}']").click()
        how = "board"
    elif "discard" in kinds and rng.random() < 0.3:
        a = rng.choice([x for x in legal if x["kind"] == "discard"])
        i = m["view"]["hand"].index(a["args"][0])
        page.locator(f".ew-cards.news button.ew-card[data-i='{i}']").click()
        page.locator("button.ew-pile.discard.target").click()
        how = "board"
    else:
        a = rng.choice([x for x in legal if x["kind"] in ("stop", "press", "no_press", "done")])
        page.locator(f"#choices button.act[data-kind='{a['kind']}']").click()
        how = "panel"
    assert len(sent(page, "act")) == count + 1 and _last_act(page) == a["id"], (a, sent(page, "act")[-2:])
    _wait_step(page, step)
    return how


def test_election_war_board_cards_match_the_view_and_a_game_by_tapping(
    base_url: str, browser: Any, shots: Path
) -> None:
    made = create_table(base_url, "election-war", 3, [None, None, "heuristic"])
    invites = {s["seat"]: s["invite"] for s in made["seats"]}
    # reduced motion: a click waits for no animation to settle (the animations have a test of their own)
    contexts = [browser.new_context(viewport=LAPTOP, reduced_motion="reduce"),
                browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, reduced_motion="reduce"),
                browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, reduced_motion="reduce")]
    pages = [c.new_page() for c in contexts]
    errors: list[str] = []
    for p in pages:
        p.add_init_script(RECORD_SENDS)
        watch_errors(p, errors)
    for seat in (0, 1):
        pages[seat].goto(base_url + invites[seat])
    join_and_start(pages[:2])
    spectator = pages[2]
    spectator.goto(f"{base_url}/t/{made['table']['id']}")
    spectator.wait_for_function(f"() => {STATE}.model !== null", timeout=20000)

    rng = random.Random(24)
    backs_seen = {"seat1": 0, "spectator": 0}
    hows: set[str] = set()
    shot_phases: set[str] = set()
    for _turn in range(600):
        if all(over(p) for p in pages[:2]):
            break
        acted = False
        for seat in (0, 1):
            p = pages[seat]
            if not my_turn(p):
                continue
            phase = p.evaluate(f"() => {STATE}.model.phase")
            b = check_board(p)
            if seat == 1:
                backs_seen["seat1"] += sum(r["backs"] for r in b["rows"]) + sum(s["news"] for s in b["seats"])
            if (seat, phase) not in shot_phases:
                shot_phases.add((seat, phase))
                size = "laptop" if seat == 0 else "phone"
                p.screenshot(path=str(shots / f"{size}-en-{phase}.png"), full_page=True)
                if phase == "play" and seat == 1:
                    # the same decision read in the other languages, at both sizes (seat 0 is waiting for seat 1)
                    for lang in ("zh-Hans", "zh-Hant"):
                        for q, sz in ((0, "laptop"), (1, "phone")):
                            switch_lang(pages[q], lang)
                            no_missing_keys(pages[q])
                            check_board(pages[q])
                            pages[q].screenshot(path=str(shots / f"{sz}-{lang}-play.png"), full_page=True)
                    for q in (0, 1):
                        switch_lang(pages[q], "en")
            hows.add(board_move(p, rng))
            acted = True
        if _turn % 4 == 0 and not over(spectator):
            b = check_board(spectator)
            backs_seen["spectator"] += sum(r["backs"] for r in b["rows"]) + sum(s["news"] for s in b["seats"])
        if not acted:
            pages[0].wait_for_timeout(60)
    assert all(over(p) for p in pages[:2]), "the game did not finish"
    # the view hid cards from these pages, and the board showed backs for them (checked against the view above)
    assert backs_seen["seat1"] > 0 and backs_seen["spectator"] > 0, backs_seen
    assert "board" in hows
    spectator.wait_for_function(f"() => {STATE}.model && {STATE}.model.over", timeout=10000)
    for p, name in ((pages[0], "laptop"), (pages[1], "phone"), (spectator, "spectator")):
        p.evaluate("() => document.querySelector('#summary[open]')?.close()")
        check_board(p)
        p.screenshot(path=str(shots / f"{name}-en-over.png"), full_page=True)
    assert not sent(spectator, "act"), "a spectator sent an action"
    assert not errors, errors
    for c in contexts:
        c.close()


# Rendering two views one after the other straight into the page (the renderer module as the table page loads it)
# shows what an animation is given: the classes set on what changed.
RENDER_TWICE = """async ({game, first, second, lang}) => {
  const { el, fill } = await import('/static/common.js');
  const meta = await (await fetch(`/web/games/${game}.json?lang=${lang}`)).json();
  const r = (await import(meta.renderer)).default;
  const t = (k, f) => (k in meta.catalog ? fill(meta.catalog[k], f) : k);
  const root = document.createElement('div');
  document.body.append(root);
  const ctx = { t, lang, h: el, names: meta.names, seat: first.you ?? 0, legal: [], act: () => false,
    who: (q) => `P${q + 1}`, events: [], redraw: () => {} };
  r.render(root, first, ctx);
  root.replaceChildren();
  r.render(root, second, ctx);
  const out = [...root.querySelectorAll('[class*="anim-"], .moved')].map((e) => ({
    cls: e.className, row: e.closest('[data-row]')?.dataset.row ?? null, seat: e.dataset.seat ?? null,
    cell: e.dataset.cell ?? null, style: e.getAttribute('style') }));
  root.remove();
  return out;
}"""


def test_changes_since_the_last_drawing_are_animated(base_url: str, browser: Any) -> None:
    import copy

    import hustings

    s = hustings.make("election-war", players=4, seed=5)
    hidden = s.view(0)
    while s.phase == "declare":  # the last view before the reveal: the others' cards placed face down
        hidden = s.view(0)
        p = s.current_players[0]
        s.apply(p, s.legal_actions(p)[0])
    revealed = s.view(0)
    changed = copy.deepcopy(revealed)
    cand = changed["candidates"][revealed["round"]]
    cand[1]["strength"] += 2
    cand[2]["status"] = 1
    changed["hand"] = [*(revealed["hand"] or []), 0]
    changed["discard"] = [*revealed["discard"], 3]
    page = browser.new_page()
    page.goto(base_url + "/")
    got = page.evaluate(RENDER_TWICE, {"game": "election-war", "first": hidden, "second": revealed, "lang": "en"})
    flips = {(g["row"], g["seat"]) for g in got if "anim-flip" in g["cls"] and g["seat"] is not None}
    want = {(str(r), str(q)) for r, row in enumerate(hidden["candidates"]) for q, c in enumerate(row)
            if c["placed"] and c["card"] is None}
    assert want and flips == want, (flips, want)
    got = page.evaluate(RENDER_TWICE, {"game": "election-war", "first": revealed, "second": changed, "lang": "en"})
    by = {(g["row"], g["seat"]): g["cls"] for g in got if g["seat"] is not None}
    row = str(revealed["round"])
    assert "anim-bump" in by[(row, "1")] and "anim-out" in by[(row, "2")], by
    assert any("anim-draw" in g["cls"] for g in got)
    assert any("discard" in g["cls"] and "anim-flip" in g["cls"] for g in got)
    # nothing changed: nothing moves
    assert not page.evaluate(RENDER_TWICE, {"game": "election-war", "first": changed, "second": changed, "lang": "en"})

    # the puzzle: a swap slides each of its two cards in from the other's cell
    puzzle = hustings.make("palace-escape", players=1, seed=5)
    first = puzzle.view(0)
    swap = next(a for a in puzzle.legal_actions(0) if a.kind == "swap")
    puzzle.apply(0, swap)
    a, b = swap.args
    got = page.evaluate(RENDER_TWICE, {"game": "palace-escape", "first": first, "second": puzzle.view(0), "lang": "en"})
    dx, dy = b % 3 - a % 3, b // 3 - a // 3
    assert sorted((g["cell"], g["style"]) for g in got) == sorted(
        [(str(a), f"--dx:{dx};--dy:{dy}"), (str(b), f"--dx:{-dx};--dy:{-dy}")]), got
    page.close()


def test_fifteen_seats_fit_a_phone(base_url: str, browser: Any, shots: Path) -> None:
    """Fifteen seats: every row wraps its candidates onto more lines, nothing scrolls sideways, every card that
    can be tapped is at least 44 px; a declaration made on the board; a spectator sees fifteen backs a row."""
    made = create_table(base_url, "election-war", 15, [None] + ["random"] * 14)
    phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, reduced_motion="reduce")
    laptop = browser.new_context(viewport=LAPTOP, reduced_motion="reduce")
    page, watcher = phone.new_page(), laptop.new_page()
    errors: list[str] = []
    for p in (page, watcher):
        p.add_init_script(RECORD_SENDS)
        watch_errors(p, errors)
    page.goto(base_url + made["seats"][0]["invite"])
    join_and_start([page])
    # the fourteen bots have placed their six cards: every row holds fourteen backs (the page is still asked)
    everyone = f"() => {STATE}.model.view.role_hand_sizes.slice(1).every((k) => k === 0)"
    page.wait_for_function(everyone, timeout=60000)
    b = check_board(page)
    assert [r["backs"] for r in b["rows"]] == [14] * 6
    assert board_move(page, random.Random(15)) == "board"
    b = check_board(page)
    assert b["rows"][0]["slots"][0][1] == b["view"]["candidates"][0][0]["card"] is not None
    page.screenshot(path=str(shots / "phone-15-declare.png"), full_page=True)
    watcher.goto(f"{base_url}/t/{made['table']['id']}")
    watcher.wait_for_function(f"() => {STATE}.model !== null", timeout=20000)
    b = check_board(watcher)
    assert [r["backs"] for r in b["rows"]] == [15] + [14] * 5
    watcher.screenshot(path=str(shots / "laptop-15-spectator.png"), full_page=True)
    assert not errors, errors
    phone.close()
    laptop.close()


def test_palace_swap_slides_and_par_is_drawn(base_url: str, browser: Any, shots: Path) -> None:
    """逃出總統府: a swap tapped on the grid slides its two cards; the par track has a step per move of par, the
    moves made filled; screenshots on a laptop and a phone in each language."""
    made = create_table(base_url, "palace-escape", 1, [None])
    errors: list[str] = []
    pages = []
    for size, vp in (("laptop", LAPTOP), ("phone", PHONE)):
        c = browser.new_context(viewport=vp, is_mobile=size == "phone", has_touch=size == "phone")
        p = c.new_page()
        watch_errors(p, errors)
        pages.append((size, c, p))
    phone = pages[1][2]
    phone.goto(base_url + made["seats"][0]["invite"])
    join_and_start([phone])
    m = model(phone)["m"]
    a, b = next(x for x in m["legal"] if x["kind"] == "swap")["args"]
    phone.locator(f".palace [data-cell='{a}']").click()
    phone.locator(f".palace [data-cell='{b}']").click()
    phone.wait_for_function(f"s => {STATE}.model.step > s", arg=m["step"], timeout=10000)
    slid = phone.eval_on_selector_all(".palace .cell.moved", "es => es.map(e => +e.dataset.cell)")
    assert sorted(slid) == sorted([a, b])
    pages[0][2].goto(f"{base_url}/t/{made['table']['id']}")  # the laptop watches
    pages[0][2].wait_for_function(f"() => {STATE}.model !== null", timeout=10000)
    for size, _c, p in pages:
        v = model(p)["m"]["view"]
        track = p.eval_on_selector(".palace-par", "e => [+e.dataset.moves, +e.dataset.par, "
                                   "e.querySelectorAll('i').length, e.querySelectorAll('i.done').length]")
        assert track == [v["moves"], v["par"], max(v["par"], v["moves"]), min(v["moves"], v["par"])], track
        for lang in ("en", "zh-Hans", "zh-Hant"):
            if lang != "en":
                switch_lang(p, lang)
            no_missing_keys(p)
            p.screenshot(path=str(shots / f"palace-{size}-{lang}.png"), full_page=True)
    assert not errors, errors
    for _s, c, _p in pages:
        c.close()

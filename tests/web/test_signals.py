"""Turn signals and stand-ins on the table page (issue 25, points 3 and 6; issue 24, point 2): the tab's title and
icon mark my turn, a notification (asked for once, from a click) tells a hidden tab, the sound toggle is kept,
on a phone the decision is docked on the screen (static/phone.js) and the bar that jumped to it stays away; a
stand-in's move is named in every seat's log in its own language, and the player it moved for sees what was played
for them and what happened since their last turn."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

from .helpers import (
    STATE,
    check_phone,
    click_some_action,
    create_table,
    join_and_start,
    no_missing_keys,
    watch_errors,
)

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}

# A Notification the test controls: permission asked (counted), notifications made (kept); and a tab the test can
# hide (document.hidden), as a person switching to another tab would.
STUBS = """
(() => {
  window.__asked = 0; window.__notes = []; window.__hidden = false;
  class FakeNotification {
    constructor(title, opts) { window.__notes.push({ title, body: (opts || {}).body, tag: (opts || {}).tag }); }
    close() {}
    static requestPermission() {
      window.__asked++; FakeNotification.permission = 'granted'; localStorage.setItem('__permission', 'granted');
      return Promise.resolve('granted');
    }
  }
  // the browser remembers the answer, as a real one does
  FakeNotification.permission = localStorage.getItem('__permission') || 'default';
  window.Notification = FakeNotification;
  Object.defineProperty(Document.prototype, 'hidden', { get: () => window.__hidden, configurable: true });
})();
"""


def _page(browser: Any, lang: str, viewport: dict[str, int], errors: list[str], stubs: bool = False) -> Any:
    ctx = browser.new_context(viewport=viewport)
    ctx.add_init_script(f"localStorage.setItem('hustings.lang', '{lang}')")
    if stubs:
        ctx.add_init_script(STUBS)
    page = ctx.new_page()
    watch_errors(page, errors)
    return page


def _words(page: Any, lang: str) -> dict[str, str]:
    return dict(page.evaluate("l => fetch(`/web/i18n/${l}.json`).then(r => r.json())", lang))


def _icon(page: Any) -> tuple[str, str]:
    got = page.evaluate("() => { const l = document.querySelector('link[rel=icon]'); "
                        "return [l.dataset.turn, l.href]; }")
    return got[0], got[1]


def _mine(page: Any) -> bool:
    return bool(page.evaluate(f"() => !!({STATE}.model && ({STATE}.model.legal || []).length && !{STATE}.model.over)"))


def test_title_icon_notification_sound_and_the_phones_bar(base_url: str, browser: Any, shots: Path) -> None:
    made = create_table(base_url, "die-macher-2019", 3, [None, None, "heuristic"])
    invite = {s["seat"]: s["invite"] for s in made["seats"]}
    errors: list[str] = []
    # seat 0 on a phone in zh-Hans moves first; seat 1 on a laptop in English waits, then it is its turn
    phone = _page(browser, "zh-Hans", PHONE, errors)
    laptop = _page(browser, "en", LAPTOP, errors, stubs=True)
    phone.goto(base_url + invite[0])
    laptop.goto(base_url + invite[1])
    join_and_start([phone, laptop])
    en = _words(laptop, "en")
    laptop.wait_for_function(f"() => {STATE}.model && {STATE}.model.to_act.length")
    assert not _mine(laptop)
    assert not laptop.title().startswith("▶") and _icon(laptop)[0] == "0"
    idle_icon = _icon(laptop)[1]
    # the one question for notifications comes from a click, and never again once asked
    assert laptop.evaluate("() => window.__asked") == 0  # nothing asked unbidden
    laptop.locator("#notify").click()
    laptop.wait_for_function("() => window.__asked === 1 && !document.querySelector('#notify')")
    laptop.reload()
    laptop.wait_for_function(f"() => {STATE}.model !== null")
    assert laptop.locator("#notify").count() == 0 and laptop.evaluate("() => window.__asked") == 0
    # the sound: off until turned on, kept in this browser
    sound = laptop.locator("#sound")
    assert sound.get_attribute("aria-pressed") == "false" and en["web.signals.sound_off"] in sound.inner_text()
    box = sound.bounding_box()
    assert box is not None and box["height"] >= 44 and box["width"] >= 44
    sound.click()
    assert laptop.locator("#sound").get_attribute("aria-pressed") == "true"
    assert laptop.evaluate("() => localStorage.getItem('hustings.sound')") == "1"
    beeps = laptop.evaluate("() => window.hustingsSignals.beeps")
    laptop.evaluate("() => { window.__hidden = true; }")  # the person looks at another tab

    # the phone's seat: its turn, its decision docked on the screen at any scroll (static/phone.js), so the bar
    # that took a phone to the decision (before the dock) has nothing to do and stays away
    phone.wait_for_function(f"() => {STATE}.model && ({STATE}.model.legal || []).length > 0", timeout=20000)
    zh = _words(phone, "zh-Hans")
    assert phone.title().startswith(zh["web.signals.title_turn"].split("{")[0])
    phone.evaluate("() => window.scrollTo(0, 0)")
    phone.wait_for_function("() => { const r = document.querySelector('#actions').getBoundingClientRect(); "
                            "return document.body.classList.contains('docked') && r.top < innerHeight "
                            "&& r.bottom <= innerHeight + 1; }")
    assert phone.locator("#turn-bar").is_hidden()
    phone.screenshot(path=str(shots / "phone-zh-Hans-docked-decision.png"))
    no_missing_keys(phone)
    check_phone(phone)
    rng = random.Random(4)
    deadline = time.time() + 60
    while not _mine(laptop) and time.time() < deadline:  # the phone plays until the laptop's seat is to act
        if _mine(phone):
            click_some_action(phone, rng)
        else:
            time.sleep(0.1)
    # the laptop's turn came while its tab was hidden: title, icon, beep, one notification in its language
    laptop.wait_for_function("() => document.title.startsWith('▶')")
    game_title = laptop.evaluate(f"() => {STATE}.meta.title")
    assert laptop.title() == en["web.signals.title_turn"].replace("{title}", game_title)
    turn, icon = _icon(laptop)
    assert turn == "1" and icon != idle_icon and icon.startswith("data:image/svg+xml")
    notes = laptop.evaluate("() => window.__notes")
    assert len(notes) == 1 and notes[0]["title"].startswith("▶ Your turn") and "your turn" in notes[0]["body"]
    assert laptop.evaluate("() => window.hustingsSignals.beeps") == beeps + 1
    laptop.evaluate("() => { window.__hidden = false; }")
    laptop.screenshot(path=str(shots / "laptop-en-your-turn.png"))
    no_missing_keys(laptop)
    # no bar on a laptop, and it is gone once the turn is over
    assert laptop.locator("#turn-bar").is_hidden()
    click_some_action(laptop, rng)
    # once the turn is over the title and icon say so; the next step may be the laptop's again (a secret step of
    # everyone's, or the others moving at once), so title, icon and turn are read together and must agree
    laptop.wait_for_function(f"""() => {{ const m = {STATE}.model; const mine = !!((m.legal || []).length && !m.over);
        const icon = document.querySelector('link[rel=icon]').dataset.turn;
        return mine === document.title.startsWith('▶') && icon === (mine ? '1' : '0'); }}""", timeout=15000)
    if not _mine(laptop):
        # nothing outlined while nothing happened since its own move (the bot or the phone may move at once: then
        # what they did is outlined, rightly)
        quiet = laptop.evaluate(f"() => {STATE}.model.step === {STATE}.model.last_turn && "
                                "document.querySelectorAll('#board .bd-since').length")
        assert quiet in (False, 0), quiet
    assert not errors, errors


def test_a_stand_ins_moves_are_named_in_every_language_and_the_player_sees_what_was_played(
        base_url: str, browser: Any, shots: Path) -> None:
    """Alice does not move: when her turn's clock runs out a stand-in plays for her. Her page (en) names those
    moves "played for you", two spectators' pages (zh-Hant on a phone, zh-Hans) "played for Alice", each in its own
    words; Alice sees what was played for her in "while you were away", and again after a reload (coming back),
    from what the server says (``stand_in``, ``last_turn``), and what happened since is highlighted in her log.
    (The puzzle: one seat, a light page, so three pages keep up with a stand-in's pace on a busy machine.)"""
    made = create_table(base_url, "palace-escape", 1, [None], clock={"mode": "turn", "turn_s": 1.0})
    tid = made["table"]["id"]
    errors: list[str] = []
    alice = _page(browser, "en", LAPTOP, errors)
    alice.goto(base_url + made["seats"][0]["invite"])
    alice.wait_for_selector("#name")
    alice.fill("#name", "Alice")
    join_and_start([alice])
    watchers = {"zh-Hant": _page(browser, "zh-Hant", PHONE, errors),
                "zh-Hans": _page(browser, "zh-Hans", LAPTOP, errors)}
    for page in watchers.values():
        page.goto(f"{base_url}/t/{tid}")
    # the stand-in moves for her (at least twice), and every page is told
    marked = f"() => {STATE}.events.filter(e => e.stand_in === 0).length >= 2"
    for page in (alice, *watchers.values()):
        page.wait_for_function(marked, timeout=30000)
    en = _words(alice, "en")
    since = alice.locator("#since")
    since.wait_for(state="visible")
    alice.screenshot(path=str(shots / "en-1366-away.png"), full_page=True)
    text = since.inner_text()
    assert en["web.signals.away_title"] in text
    played = alice.evaluate(f"() => {STATE}.events.filter(e => e.stand_in === 0).map(e => e.text)")
    assert any(p in text for p in played)
    marks = {m.strip() for m in alice.locator("#log-list li.by-stand-in .stand-in").all_inner_texts()}
    assert marks == {en["web.signals.stand_in_you"]}, marks
    assert alice.locator("#log-list li.since").count() > 0  # nothing she did herself: all of it is news
    no_missing_keys(alice)
    for lang, page in watchers.items():
        words = _words(page, lang)
        marks = {m.strip() for m in page.locator("#log-list li.by-stand-in .stand-in").all_inner_texts()}
        assert marks == {words["web.signals.stand_in"].replace("{who}", "Alice")}, (lang, marks)
        # a spectator has no turn and no "since": only the marks
        assert page.locator("#since").is_hidden() and page.locator("#log-list li.since").count() == 0
        assert page.locator("#sound").count() == 0 and page.locator("#notify").count() == 0
        vp = page.viewport_size
        page.screenshot(path=str(shots / f"{lang}-{vp['width']}-spectator.png"), full_page=True)
        no_missing_keys(page)
        if vp["width"] < 500:
            check_phone(page)
    if not alice.evaluate(f"() => {STATE}.model.over"):
        alice.locator("#since-ok").click()
        assert alice.locator("#since").is_hidden()
        # coming back (a reload): the page learns it afresh from the server and shows it again
        alice.reload()
        alice.wait_for_function(f"() => {STATE}.model !== null")
        if not alice.evaluate(f"() => {STATE}.model.over"):
            alice.locator("#since").wait_for(state="visible")
    assert not errors, errors


# Views rendered one after another straight into a page, as the table page would with its ctx (myTurn, lastTurn):
# what Memory outlines (bd-since) in each drawing.
RENDER_SEQUENCE = """async ({game, lang, seat, drawings}) => {
  const { el, fill } = await import('/static/common.js');
  const meta = await (await fetch(`/web/games/${game}.json?lang=${lang}`)).json();
  const r = (await import(meta.renderer)).default;
  const t = (k, f) => (k in meta.catalog ? fill(meta.catalog[k], f) : k);
  const root = document.createElement('div');
  document.body.append(root);
  const out = [];
  for (const d of drawings) {
    const ctx = { t, lang, h: el, names: meta.names, seat, legal: [], act: () => false, who: (q) => `P${q + 1}`,
      events: [], redraw: () => {}, myTurn: d.myTurn, lastTurn: d.lastTurn };
    root.replaceChildren();
    r.render(root, d.view, ctx);
    out.push([...root.querySelectorAll('.bd-since')].map((e) => e.dataset.kind || e.tagName));
  }
  root.remove();
  return out;
}"""


def test_the_board_outlines_what_changed_since_the_seats_last_turn(base_url: str, browser: Any) -> None:
    """Die Macher's board (board.js's Memory): on the seat's turn, what differs from the drawing just after its own
    last move stays outlined; nothing is outlined while it waits, nor when nothing changed."""
    import json

    import hustings

    for game in ("die-macher-2019", "die-macher"):
        s = hustings.make(game, players=3, seed=11)
        rng = random.Random(11)
        after_mine = turn_again = None
        mine_at = 0
        while not s.is_over and turn_again is None:
            p = s.current_players[0]
            s.apply(p, rng.choice(s.legal_actions(p)))
            if p == 1 and s.step_count > 40:
                after_mine, mine_at = json.loads(json.dumps(s.view(1), default=list)), s.step_count
            elif after_mine is not None and 1 in s.current_players:
                later = json.loads(json.dumps(s.view(1), default=list))
                if json.dumps(later["boards"]) != json.dumps(after_mine["boards"]):
                    turn_again = later
        assert after_mine is not None and turn_again is not None
        page = browser.new_page()
        page.goto(base_url + "/")
        got = page.evaluate(RENDER_SEQUENCE, {"game": game, "lang": "en", "seat": 1, "drawings": [
            {"view": after_mine, "myTurn": False, "lastTurn": mine_at},   # just after the seat's move
            {"view": after_mine, "myTurn": True, "lastTurn": mine_at},    # its turn, nothing changed
            {"view": turn_again, "myTurn": True, "lastTurn": mine_at},    # its turn again, others moved
            {"view": turn_again, "myTurn": False, "lastTurn": mine_at + 5},  # it moved: nothing outlined
        ]})
        assert got[0] == [] and got[1] == [], (game, got)
        assert got[2], f"{game}: nothing outlined although the boards changed"
        assert got[3] == [], (game, got)
        page.close()

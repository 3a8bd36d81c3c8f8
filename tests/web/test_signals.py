"""Turn signals and stand-ins on the table page (issue 25, points 3 and 6; issue 24, point 2): the tab's title and
icon mark my turn, a notification (asked for once, from a click) tells a hidden tab, the sound toggle is kept, on
a phone a bar takes the player to the decision; a stand-in's move is named in every seat's log in its own
language, and the player it moved for sees what was played for them and what happened since their last turn."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import httpx

from .helpers import STATE, check_phone, click_some_action, create_table, join_and_start, no_missing_keys, \
    watch_errors

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
    got = page.evaluate("() => { const l = document.querySelector('link[rel=icon]'); return [l.dataset.turn, l.href]; }")
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

    # the phone's seat: its turn, its bar (the decision is below the board) takes it to the decision
    phone.wait_for_function(f"() => {STATE}.model && ({STATE}.model.legal || []).length > 0", timeout=20000)
    zh = _words(phone, "zh-Hans")
    assert phone.title().startswith(zh["web.signals.title_turn"].split("{")[0])
    phone.evaluate("() => window.scrollTo(0, 0)")
    bar = phone.locator("#turn-bar")
    bar.wait_for(state="visible")
    assert bar.inner_text().strip() == zh["web.signals.bar"]
    bar_box = phone.locator("#turn-bar-go").bounding_box()
    assert bar_box is not None and bar_box["height"] >= 44 and bar_box["y"] + bar_box["height"] <= PHONE["height"] + 1
    phone.screenshot(path=str(shots / "phone-zh-Hans-turn-bar.png"))
    no_missing_keys(phone)
    check_phone(phone)
    phone.locator("#turn-bar-go").click()
    phone.wait_for_function("() => { const r = document.querySelector('#actions').getBoundingClientRect(); "
                            "return r.top < innerHeight && r.bottom > 0; }")
    bar.wait_for(state="hidden")
    phone.screenshot(path=str(shots / "phone-zh-Hans-at-the-decision.png"))
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
    if not _mine(laptop):  # (the next step may be the laptop's again: a secret step of everyone's)
        assert not laptop.title().startswith("▶") and _icon(laptop)[0] == "0"
    assert not errors, errors


def _create_clocked(base: str, turn_s: float) -> dict[str, Any]:
    body = {"game": "election-war", "players": 3, "seats": [{"bot": None}, {"bot": None}, {"bot": None}],
            "clock": {"mode": "turn", "turn_s": turn_s}, "lang": "en"}
    r = httpx.post(f"{base}/api/tables", json=body, timeout=10)
    r.raise_for_status()
    made = dict(r.json())
    seats = []
    for s in made["seats"]:
        c = httpx.post(f"{base}/api/tables/{made['table']['id']}/claim", json={"invite": s["code"]}, timeout=10)
        c.raise_for_status()
        seats.append({**s, "token": c.json()["token"], "invite": c.json()["link"]})
    made["seats"] = seats
    return made


def test_a_stand_ins_moves_are_named_in_every_language_and_the_player_sees_what_was_played(
        base_url: str, browser: Any, shots: Path) -> None:
    """Three people, nobody moves: each late seat is played by a stand-in when its turn's clock runs out. Each
    page names those moves in its own language; the player whose seat it played sees them in "while you were
    away", and what happened since its last turn is highlighted in the log."""
    made = _create_clocked(base_url, 1.5)
    invite = {s["seat"]: s["invite"] for s in made["seats"]}
    errors: list[str] = []
    langs = {0: ("en", LAPTOP), 1: ("zh-Hant", PHONE), 2: ("zh-Hans", LAPTOP)}
    pages = {seat: _page(browser, lang, vp, errors) for seat, (lang, vp) in langs.items()}
    for seat, page in pages.items():
        page.goto(base_url + invite[seat])
        page.wait_for_selector("#name")
        page.fill("#name", ["Alice", "Bo", "陳"][seat])
    join_and_start(list(pages.values()))
    # a stand-in moves for every seat (each seat's turn runs out in the declaration)
    for page in pages.values():
        page.wait_for_function(
            f"() => [0, 1, 2].every(s => {STATE}.events.some(e => e.stand_in === s))", timeout=60000)
    for seat, (lang, vp) in langs.items():
        page = pages[seat]
        words = _words(page, lang)
        template = words["web.signals.stand_in"]
        marks = page.locator("#log-list li.by-stand-in .stand-in")
        assert marks.count() > 0
        texts = {m.strip() for m in marks.all_inner_texts()}
        names = {"Alice", "Bo", "陳"}
        for text in texts:  # "played for Alice by a stand-in", 「代打機器人替Bo出手」: the name in the reader's words
            who = next(n for n in names if n in text)
            assert text == template.replace("{who}", who), (lang, text)
        # the player it moved for: "while you were away", what the stand-in played, in its own language
        since = page.locator("#since")
        since.wait_for(state="visible")
        assert page.evaluate("() => document.querySelector('#since').dataset.away") == "1"
        assert words["web.signals.away_title"] in since.inner_text()
        played = page.evaluate(f"() => {STATE}.events.filter(e => e.stand_in === {seat}).map(e => e.text)")
        assert any(text in since.inner_text() for text in played[-5:])
        page.screenshot(path=str(shots / f"{lang}-{vp['width']}-stand-in.png"), full_page=True)
        no_missing_keys(page)
        if vp is PHONE:
            check_phone(page)
            ok = page.locator("#since-ok").bounding_box()
            assert ok is not None and ok["height"] >= 44
    # what happened since the seat's last own move is highlighted in its log (nobody moved themselves: all of it)
    page = pages[0]
    assert page.locator("#log-list li.since").count() > 0
    page.locator("#since-ok").click()
    assert page.locator("#since").is_hidden()
    # a reload ("coming back") shows the summary again: the page learns it from the server (last_turn, stand_in)
    page.reload()
    page.wait_for_function(f"() => {STATE}.model !== null")
    page.locator("#since").wait_for(state="visible")
    assert not errors, errors

"""Issue 24 point 6: on a phone the current decision is always on screen. For every game, at 390x844 and 360x740
(the three languages across the cases): the decision's buttons are inside the screen with the page scrolled to its
top, its middle and its bottom (the action panel is docked at the bottom of the screen, static/phone.js); the dock
never covers the page's last row (the page pads for it); nothing scrolls sideways; every control is at least 44 px
both ways; the dock folds away and back. Chat, the rules and the "since your last turn" panel are on the page in
the shots. A laptop keeps its side column. Screenshots in tests/web/artifacts/<test>/."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest

from .helpers import STATE, check_phone, click_some_action, create_table, join_and_start, no_missing_keys, watch_errors

PHONES = {"390": {"width": 390, "height": 844}, "360": {"width": 360, "height": 740}}

# (game, variant, players, size, language): every game at both sizes, the three languages across them
CASES = [
    ("die-macher-2019", "standard", 3, "390", "en"),
    ("die-macher-2019", "standard", 3, "360", "zh-Hant"),
    ("die-macher", "short", 3, "390", "zh-Hans"),
    ("die-macher", "short", 3, "360", "en"),
    ("election-war", None, 3, "390", "zh-Hant"),
    ("election-war", None, 3, "360", "zh-Hans"),
    ("palace-escape", None, 1, "390", "en"),
    ("palace-escape", None, 1, "360", "zh-Hant"),
]

# every control a finger may need on the page as it is shown (not in a closed dialog, not hidden)
CONTROLS = """() => [...document.querySelectorAll(
    'button, select, input, textarea, a[href], [role=button], .bd-place, dialog[open] button')]
  .filter(e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0
                 && (!e.closest('dialog') || e.closest('dialog[open]')); })
  .map(e => { // a box to tick is tapped on its label, which is then the target
              const r = (e.type === 'checkbox' || e.type === 'radio') && e.closest('label')
                ? e.closest('label').getBoundingClientRect() : e.getBoundingClientRect();
              return {w: r.width, h: r.height, what: `${e.tagName}#${e.id}.${e.getAttribute('class') || ''} `
                      + (e.getAttribute('aria-label') || e.textContent || '').trim().slice(0, 30)}; })"""

# the decision's buttons as the screen shows them: the dock inside the screen; the buttons in its visible area
# inside the screen too, the first of them whole; the others reached by scrolling the dock itself, never the page
DECISION = """() => {
  const a = document.querySelector('#actions'), r = a.getBoundingClientRect();
  const bs = [...document.querySelectorAll('#choices button')].filter(b => b.offsetParent !== null)
    .map(b => b.getBoundingClientRect());
  const whole = bs.filter(b => b.top >= r.top - 1 && b.bottom <= r.bottom + 1);
  return {dock: [r.top, r.bottom, r.left, r.right], n: bs.length, whole: whole.length,
          inside: whole.every(b => b.top >= -1 && b.bottom <= innerHeight + 1
                                   && b.left >= -1 && b.right <= innerWidth + 1),
          across: bs.every(b => b.left >= -1 && b.right <= innerWidth + 1),
          scrolls: a.scrollHeight > a.clientHeight, first: bs.length ? [bs[0].top, bs[0].bottom] : null,
          position: getComputedStyle(a).position};
}"""


def _mine(page: Any) -> bool:
    return bool(page.evaluate(f"() => !!({STATE}.model && !{STATE}.pending && ({STATE}.model.legal || []).length "
                              f"&& !{STATE}.model.over)"))


def _wait_mine(page: Any, timeout: float = 40) -> None:
    deadline = time.time() + timeout
    while not _mine(page):
        assert time.time() < deadline, "the seat's turn never came"
        time.sleep(0.1)


def _check_controls(page: Any) -> None:
    small = [c for c in page.evaluate(CONTROLS) if c["w"] < 44 - 0.5 or c["h"] < 44 - 0.5]
    assert not small, f"controls smaller than 44 px: {small[:6]}"


def _check_decision(page: Any, where: str) -> None:
    height = page.viewport_size["height"]
    got = page.evaluate(DECISION)
    assert got["position"] == "fixed", f"the decision is not docked: {got}"
    top, bottom, left, right = got["dock"]
    assert top >= 0 and bottom <= height + 1 and left >= -1 and right <= page.viewport_size["width"] + 1, (
        f"the dock is not on the screen at the {where}: {got}")
    assert got["n"] > 0 and got["whole"] > 0 and got["inside"] and got["across"], (
        f"the decision is off screen at the {where}: {got}")
    assert got["first"][0] >= top - 1 and got["first"][1] <= bottom + 1, f"the first choice is hidden: {got}"
    assert got["whole"] == got["n"] or got["scrolls"], f"some choices cannot be reached: {got}"


def _scroll(page: Any, where: str) -> None:
    page.evaluate("""w => { const max = document.documentElement.scrollHeight - innerHeight;
        window.scrollTo(0, w === 'top' ? 0 : w === 'bottom' ? max : max / 2); }""", where)
    page.wait_for_timeout(50)  # (a scroll is applied by the next frame)


def _pad_holds(page: Any) -> None:
    """Scrolled to the bottom, the page's last row ends above the dock."""
    _scroll(page, "bottom")
    got = page.evaluate("""() => { const d = document.querySelector('#actions').getBoundingClientRect();
        const l = document.querySelector('#layout').getBoundingClientRect(); return [l.bottom, d.top]; }""")
    assert got[0] <= got[1] + 1, f"the dock covers the page's last row: layout ends at {got[0]}, dock at {got[1]}"


@pytest.mark.parametrize(("game", "variant", "players", "size", "lang"), CASES)
def test_the_decision_stays_on_a_phones_screen(
    base_url: str, browser: Any, shots: Path, game: str, variant: str | None, players: int, size: str, lang: str
) -> None:
    viewport = PHONES[size]
    made = create_table(base_url, game, players, [None] + ["random"] * (players - 1), variant)
    ctx = browser.new_context(viewport=viewport, is_mobile=True, has_touch=True)
    ctx.add_init_script(f"localStorage.setItem('hustings.lang', '{lang}')")
    page = ctx.new_page()
    errors: list[str] = []
    watch_errors(page, errors)
    page.goto(base_url + made["seats"][0]["invite"])
    join_and_start([page])
    rng = random.Random(24)
    _wait_mine(page)
    if players > 1:
        # one move of mine, then the others': the "since your last turn" panel has something to say
        click_some_action(page, rng)
        _wait_mine(page)
    page.wait_for_function("() => !document.querySelector('#chat').hidden")  # the chat is on the page too
    for where in ("top", "middle", "bottom"):
        _scroll(page, where)
        _check_decision(page, where)
        check_phone(page)
        _check_controls(page)
        page.screenshot(path=str(shots / f"{game}-{size}-{lang}-{where}.png"))
    no_missing_keys(page)
    _pad_holds(page)
    assert page.locator("#turn-bar").is_hidden(), "the phone's bar shows although the decision is docked"
    # the dock folds away to look at the board, and back; the page's padding follows it
    tall = page.evaluate("() => document.querySelector('#actions').getBoundingClientRect().height")
    toggle = page.locator("#dock-toggle")
    assert toggle.get_attribute("aria-expanded") == "true"
    label = toggle.get_attribute("aria-label")
    toggle.click()
    page.wait_for_function("() => document.querySelector('#actions').classList.contains('folded')")
    assert page.locator("#choices").is_hidden() and toggle.get_attribute("aria-label") != label
    page.wait_for_function("h => parseFloat(getComputedStyle(document.body).paddingBottom) < h", arg=tall)
    _pad_holds(page)
    _check_controls(page)
    page.screenshot(path=str(shots / f"{game}-{size}-{lang}-folded.png"))
    toggle.click()
    assert page.locator("#choices").is_visible() and toggle.get_attribute("aria-expanded") == "true"
    # the rules, over the page, fit the screen too
    page.locator("#rules-open").click()
    page.locator("#rules").wait_for(state="visible")
    check_phone(page)
    _check_controls(page)
    page.screenshot(path=str(shots / f"{game}-{size}-{lang}-rules.png"))
    page.locator("#rules button.close").click()
    assert not errors, errors
    ctx.close()


def test_a_laptop_keeps_the_side_column(base_url: str, browser: Any, shots: Path) -> None:
    made = create_table(base_url, "die-macher-2019", 3, [None, "random", "random"], "standard")
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    watch_errors(page, errors)
    page.goto(base_url + made["seats"][0]["invite"])
    join_and_start([page])
    _wait_mine(page)
    got = page.evaluate("""() => ({position: getComputedStyle(document.querySelector('#actions')).position,
        inSide: !!document.querySelector('#side #actions'), docked: document.body.classList.contains('docked'),
        toggle: getComputedStyle(document.querySelector('#dock-toggle')).display,
        title: getComputedStyle(document.querySelector('#actions-title')).display})""")
    assert got == {"position": "static", "inSide": True, "docked": False, "toggle": "none", "title": "block"}, got
    page.screenshot(path=str(shots / "laptop-en.png"))
    assert not errors, errors

"""House rules in the browser (issue 29, point 3): the lobby's create form offers the game's settings from its
schema (each with its words, bounds and printed value; added and removed one by one; a value out of bounds is
refused on the page), the table created plays them, and its page shows every seat and spectator a badge and the
list in the page's language; on a laptop and on a phone (390 px: nothing sideways, targets of 44 px)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx

from hustings.engine.house import require

from .helpers import STATE, join_and_start, no_missing_keys, watch_errors

EW = "election-war"


def _words(base: str, lang: str) -> dict[str, str]:
    return dict(httpx.get(f"{base}/web/i18n/{lang}.json", timeout=10).json())


def _setting_index(path: str) -> int:
    return [s.path for s in require(EW).settings].index(path)


def _add(page: Any, path: str, value: str, which: int | None = None) -> None:
    page.select_option("#house-setting", str(_setting_index(path)))
    if which is not None:
        page.select_option("#house-which", str(which))
    page.fill("#house-value", value)
    page.click("#house-add")


def _no_sideways(page: Any) -> None:
    width = page.viewport_size["width"]
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width + 1, "the page scrolls sideways"


def _small_targets(page: Any, selector: str) -> list[str]:
    return list(page.evaluate("""s => [...document.querySelectorAll(s)].filter(e => e.offsetParent !== null)
        .filter(e => { const r = e.getBoundingClientRect(); return r.height < 43.5; })
        .map(e => `${e.tagName}#${e.id}.${e.className}`)""", selector))


def test_the_create_form_sets_house_rules_and_every_seat_sees_them(base_url: str, browser: Any, shots: Path) -> None:
    errors: list[str] = []
    en = _words(base_url, "en")
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    lobby = ctx.new_page()
    watch_errors(lobby, errors)
    lobby.goto(base_url + "/")
    lobby.wait_for_selector("#create-btn")
    # the lobby draws itself again in the language picked (the one it had, maybe): a rule typed before that redraw
    # would be typed into the form it replaces
    drawn = lobby.evaluate("() => Number(document.documentElement.dataset.loads)")
    lobby.select_option("#lang", "en")
    lobby.wait_for_function("n => Number(document.documentElement.dataset.loads) > n", arg=drawn)
    lobby.select_option("#game", EW)
    lobby.select_option("#players", "4")
    lobby.click("#house-form > summary")
    # the settings are the schema's, in its words; the first one's bounds and printed value are said
    options = lobby.eval_on_selector_all("#house-setting option", "os => os.map(o => o.textContent)")
    assert len(options) == len(require(EW).settings) and options[0] == require(EW).settings[0].text("en")
    assert "2 to 16" in lobby.locator("#house-form .house-add").inner_text()
    _add(lobby, "all_lose_if_tied", "2")
    _add(lobby, "news.<id>.amount", "-3", which=0)  # the first news card, named by its name
    assert "<id>" not in lobby.locator("#house-form").inner_text()
    which = lobby.eval_on_selector_all("#house-which option", "os => os.map(o => o.textContent)")
    assert which[0] != require(EW).settings[2].ids[0]  # its name, not its id
    # out of bounds: said on the page, nothing added
    _add(lobby, "hand_size", "40")
    assert lobby.locator(".house-error").is_visible()
    assert lobby.locator(".house-rule").count() == 2
    _add(lobby, "hand_size", "4")
    assert lobby.locator(".house-rule").count() == 3
    lobby.locator('.house-rule[data-path="hand_size"] .house-remove').click()
    assert lobby.locator(".house-rule").count() == 2
    assert lobby.locator("#house-form > summary").inner_text() == en["web.house.badge"].replace("{n}", "2")
    lobby.locator("#house-form").screenshot(path=str(shots / "01-form-laptop-en.png"))
    no_missing_keys(lobby)

    lobby.click("#create-btn")
    lobby.wait_for_selector("#created .invite-link")
    with ctx.expect_page() as opened:
        lobby.click("#created .invite-link")
    page = opened.value
    watch_errors(page, errors)
    page.wait_for_selector("#join")
    join_and_start([page])
    tid = page.url.split("/t/")[1].split("#")[0]
    info = httpx.get(f"{base_url}/api/tables/{tid}", timeout=10).json()
    assert info["rules"] == {"all_lose_if_tied": 2, "news.gaffe.amount": -3}
    # the seat's page: a badge and the list, the server's lines in the page's language
    page.wait_for_selector("#house:not([hidden])")
    assert page.locator("#house > summary").inner_text() == en["web.house.badge"].replace("{n}", "2")
    page.click("#house > summary")
    assert page.locator("#house .house-rule").all_inner_texts() == info["rules_text"]["en"]
    page.screenshot(path=str(shots / "02-table-laptop-en.png"))

    # a spectator on a phone, in 繁體中文: the badge in its words, nothing sideways, the list opens
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                locale="zh-TW")
    watcher = phone.new_page()
    watch_errors(watcher, errors)
    watcher.add_init_script("localStorage.setItem('hustings.lang', 'zh-Hant')")
    watcher.goto(f"{base_url}/t/{tid}")
    watcher.wait_for_function(f"() => {STATE}.model !== null", timeout=20000)
    hant = _words(base_url, "zh-Hant")
    watcher.wait_for_selector("#house:not([hidden])")
    assert watcher.locator("#house > summary").inner_text() == hant["web.house.badge"].replace("{n}", "2")
    watcher.tap("#house > summary")
    assert watcher.locator("#house .house-rule").all_inner_texts() == info["rules_text"]["zh-Hant"]
    assert any(re.search(r"[\u4e00-\u9fff]", line) for line in info["rules_text"]["zh-Hant"])
    _no_sideways(watcher)
    assert not _small_targets(watcher, "#house > summary")
    watcher.screenshot(path=str(shots / "03-table-phone-zh-Hant.png"))
    no_missing_keys(watcher)
    assert not errors, errors


def test_the_form_on_a_phone_in_simplified_chinese(base_url: str, browser: Any, shots: Path) -> None:
    errors: list[str] = []
    hans = _words(base_url, "zh-Hans")
    page = browser.new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    watch_errors(page, errors)
    page.goto(base_url + "/")
    page.wait_for_selector("#create-btn")
    page.select_option("#lang", "zh-Hans")
    page.wait_for_function("w => document.querySelector('#create h2')?.textContent === w",
                           arg=hans["web.create_table"])
    page.select_option("#game", EW)
    page.tap("#house-form > summary")
    _add(page, "roles.<id>.strength", "12", which=3)
    _add(page, "all_lose_if_tied", "16")
    assert page.locator(".house-rule").count() == 2
    assert "原版" in page.locator("#house-form").inner_text()
    _no_sideways(page)
    small = _small_targets(page, "#house-form select, #house-form input, #house-form button, #house-form > summary")
    assert not small, f"too small to tap on a phone: {small}"
    page.locator("#house-form").screenshot(path=str(shots / "04-form-phone-zh-Hans.png"))
    # a different game starts again from the printed rules
    page.select_option("#game", "die-macher")
    page.wait_for_selector("#house-form")
    assert page.locator(".house-rule").count() == 0
    no_missing_keys(page)
    assert not errors, errors

"""The lobby page clicked through (game, variant, players, bot seats, clock, language) to invite links that open
a working table; a spectator's page; the time bank counting on the page; the language switch."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import httpx

from .helpers import (
    RECORD_SENDS,
    STATE,
    click_some_action,
    join_and_start,
    model,
    no_missing_keys,
    sent,
    watch_errors,
)

CJK = re.compile(r"[\u4e00-\u9fff]")


def _words(base: str, lang: str) -> dict[str, str]:
    return dict(httpx.get(f"{base}/web/i18n/{lang}.json", timeout=10).json())


def _running_clock(page: Any) -> str:
    return str(page.locator("#clocks .clock.running").first.text_content())


def _seconds(clock_text: str) -> int:
    m, s = re.search(r"(\d+):(\d\d)", clock_text).groups()  # type: ignore[union-attr]
    return int(m) * 60 + int(s)


def test_lobby_form_to_a_working_table_with_a_clock_and_a_spectator(base_url: str, browser: Any, shots: Path) -> None:
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    ctx.add_init_script(RECORD_SENDS)
    errors: list[str] = []
    lobby = ctx.new_page()
    watch_errors(lobby, errors)
    lobby.goto(base_url + "/")
    hant = _words(base_url, "zh-Hant")

    # the language first: the whole lobby redraws in it
    lobby.wait_for_selector("#create-btn")
    lobby.select_option("#lang", "zh-Hant")
    lobby.wait_for_function("w => document.querySelector('#create h2')?.textContent === w",
                            arg=hant["web.create_table"])
    no_missing_keys(lobby)

    # 選舉之戰, its variant, three players: me, a random bot and a heuristic bot; a 5-minute bank, 7 s a move
    lobby.select_option("#game", "election-war")
    variants = lobby.eval_on_selector_all("#variant option", "os => os.map(o => o.value)")
    lobby.select_option("#variant", variants[0])
    lobby.select_option("#players", "3")
    lobby.select_option("#seat-0", "")
    lobby.select_option("#seat-1", "random")
    lobby.select_option("#seat-2", "heuristic")
    lobby.select_option("#clock-mode", "bank")
    lobby.fill("#bank-min", "5")
    lobby.fill("#incr-s", "7")
    lobby.fill("#table-name", "browser test")
    lobby.click("#create-btn")
    lobby.wait_for_selector("#created .invite-link")
    assert lobby.locator("#created .invite").count() == 1  # one person's seat, one invite
    lobby.screenshot(path=str(shots / "01-lobby-created.png"), full_page=True)
    spectate = str(lobby.locator("#created .spectate-link").get_attribute("href"))

    # the invite link opens the table (a new tab), which joins, starts and plays
    with ctx.expect_page() as opened:
        lobby.click("#created .invite-link")
    page = opened.value
    watch_errors(page, errors)
    page.wait_for_selector("#join")
    join_and_start([page])
    info = httpx.get(f"{base_url}/api/tables/{page.url.split('/t/')[1].split('#')[0]}", timeout=10).json()
    assert info["game"] == "election-war" and info["players"] == 3 and info["variant"] == variants[0]
    assert [s["bot"] for s in info["seats"]] == [None, "random", "heuristic"]
    assert info["clock"]["mode"] == "bank" and info["clock"]["bank_s"] == 300 and info["clock"]["increment_s"] == 7
    assert info["lang"] == "zh-Hant" and info["name"] == "browser test"

    # the page speaks the language chosen in the lobby: its words and the server's labels
    page.wait_for_function(f"() => {STATE}.model && ({STATE}.model.legal || []).length > 0", timeout=30000)
    assert page.locator("#rules-open").text_content() == hant["web.rules"]
    assert all(CJK.search(a["label"]) for a in model(page)["m"]["legal"])
    no_missing_keys(page)

    # the time bank is shown and counts down while it is my turn
    assert page.locator("#clocks").is_visible()
    first = _running_clock(page)
    assert 0 < _seconds(first) <= 300
    page.wait_for_timeout(2300)
    later = _running_clock(page)
    assert _seconds(later) < _seconds(first), (first, later)
    page.screenshot(path=str(shots / "02-table-clock.png"), full_page=True)

    # a spectator sees the public table, nobody's hand and no way to act
    watcher_ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    watcher_ctx.add_init_script(RECORD_SENDS)
    watcher = watcher_ctx.new_page()
    watch_errors(watcher, errors)
    watcher.goto(spectate)
    watcher.wait_for_function(f"() => {STATE}.model !== null", timeout=15000)
    w = model(watcher)
    assert w["seat"] is None and w["m"]["legal"] == [] and w["m"]["view"]["you"] is None
    assert not w["m"]["view"].get("hand") and not w["m"]["view"].get("role_hand")
    assert all(e["to"] is None for e in w["events"])
    assert watcher.locator("#actions").is_hidden()
    assert watcher.locator("#choices button").count() == 0
    assert watcher.locator(".hand").count() == 0
    mine_private = {e["text"] for e in model(page)["events"] if e["to"] == 0 and e["text"]}
    shown = watcher.evaluate("() => document.body.innerText")
    assert mine_private and not any(t in shown for t in mine_private if len(t) > 12)
    assert watcher.evaluate(f"() => {STATE}.model.legal.length") == 0
    watcher.screenshot(path=str(shots / "03-spectator.png"), full_page=True)

    # my move by clicking; the spectator sees it happen, still without anything to press
    step = model(page)["m"]["step"]
    click_some_action(page, random.Random(7))
    watcher.wait_for_function(f"s => {STATE}.model.step > s", arg=step, timeout=20000)
    assert watcher.locator("#choices button").count() == 0
    assert sent(watcher, "act") == [] and sent(watcher, "undo") == []
    assert len(sent(page, "act")) == 1

    # the language switch on the table: page words and the server's labels change, no key shows through
    for lang in ("zh-Hans", "en", "zh-Hant"):
        words = _words(base_url, lang)
        before = len(sent(page, "lang"))
        page.select_option("#lang", lang)
        page.wait_for_function("w => document.querySelector('#rules-open').textContent === w", arg=words["web.rules"])
        page.wait_for_function(f"() => (window.__sent || []).filter(m => m.type === 'lang').length > {before}")
        page.wait_for_function(
            f"l => {STATE}.model && {STATE}.events.length && {STATE}.events.every(e => e.text) && "
            f"(l === 'en') === !/[\\u4e00-\\u9fff]/.test({STATE}.events.map(e => e.text).join(''))",
            arg=lang, timeout=15000)
        assert page.locator("#log-title").text_content() == words["log"]
        no_missing_keys(page)
        page.screenshot(path=str(shots / f"04-lang-{lang}.png"), full_page=True)
    assert not errors, errors
    watcher_ctx.close()
    ctx.close()


def test_the_learned_level_is_offered_only_for_the_counts_it_plays(base_url: str, browser: Any, shots: Path) -> None:
    """選舉之戰 ships a network for 4 players: the seat menus offer it at 4 and not at 3; a seat that held it
    falls back to the basic bot when the count changes, so the form never sends a seat the server refuses."""
    page = browser.new_page()
    errors: list[str] = []
    watch_errors(page, errors)
    page.goto(base_url + "/")
    page.wait_for_selector("#create-btn")
    page.select_option("#game", "election-war")
    page.select_option("#players", "4")
    options = page.eval_on_selector_all("#seat-1 option", "os => os.map(o => o.value)")
    assert "learned" in options
    texts = page.eval_on_selector_all("#seat-1 option", "os => os.map(o => o.textContent).join(' | ')")
    assert _words(base_url, "en")["web.bot_level.learned"] in texts  # in words, not the level's id alone
    page.select_option("#seat-1", "learned")
    page.locator("#create").screenshot(path=str(shots / "learned-seat.png"))
    page.select_option("#players", "3")
    assert "learned" not in page.eval_on_selector_all("#seat-1 option", "os => os.map(o => o.value)")
    assert page.eval_on_selector("#seat-1", "s => s.value") == "heuristic"
    assert not errors, errors
    page.close()

"""Replays in the browser (issue 24, point 5): each of the four games, played to its end by bots while a spectator's
page watches, is stepped through on /r/<id> (the summary's Replay link): first, previous, next, last, the arrow
keys and the slider, the step number, the step's events, the game's own board, a seat's view instead of the
spectator's; the link it shows opens the same step on a phone in another language. A game still running is
refused in the page's language. Screenshots at laptop and phone size in en, zh-Hans and zh-Hant."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from .helpers import STATE, check_phone, create_table, no_missing_keys, watch_errors

RP = "window.hustingsReplay"
LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}

#: game, players, the language of the phone that opens the shared link, of the laptop
GAMES = [("die-macher-2019", 3, "zh-Hant", "en"), ("die-macher", 3, "zh-Hans", "en"),
         ("election-war", 4, "zh-Hant", "zh-Hans"), ("palace-escape", 1, "zh-Hans", "en")]


def _context(browser: Any, lang: str, phone: bool = False) -> Any:
    kw: dict[str, Any] = {"viewport": PHONE, "is_mobile": True, "has_touch": True} if phone else {"viewport": LAPTOP}
    ctx = browser.new_context(**kw)
    ctx.add_init_script(f"localStorage.setItem('hustings.lang', {lang!r})")
    return ctx


def _words(base_url: str, lang: str) -> dict[str, str]:
    return dict(httpx.get(f"{base_url}/web/i18n/{lang}.json", timeout=10).json())


def _data(page: Any) -> dict[str, Any]:
    return dict(page.evaluate(f"() => JSON.parse(JSON.stringify({RP}.data))"))


def _at(page: Any, step: int, seat: Any = "any") -> None:
    """Wait until the page shows ``step`` (and ``seat``): its answer drawn, nothing more on its way."""
    page.wait_for_function(
        f"([k, s]) => {RP}.data && {RP}.data.step === k && (s === 'any' || {RP}.data.seat === s) && !{RP}.busy",
        arg=[step, seat], timeout=15000)


def _check_drawn(page: Any, words: dict[str, str]) -> None:
    d = _data(page)
    assert page.locator("#rp-step").text_content() == words["web.replay.step"].format(i=d["step"], n=d["steps"])
    assert page.locator("#board").evaluate("b => b.children.length") > 0
    assert page.locator("#board dl.tree").count() == 0, "the generic tree instead of the game's board"
    texts = page.locator("#log-list .ev-text").all_text_contents()
    assert texts == [e["text"] for e in d["events"]]
    assert all(e["to"] in (None, d["seat"]) for e in d["events"])
    no_missing_keys(page)


@pytest.mark.parametrize(("game", "players", "phone_lang", "laptop_lang"), GAMES)
def test_step_through_a_finished_game(base_url: str, browser: Any, shots: Path, game: str, players: int,
                                      phone_lang: str, laptop_lang: str) -> None:
    made = create_table(base_url, game, players, ["random"] * players)
    tid = made["table"]["id"]
    errors: list[str] = []
    laptop = _context(browser, laptop_lang)
    page = laptop.new_page()
    watch_errors(page, errors)
    words = _words(base_url, laptop_lang)

    # a spectator watches the bots to the end; the summary links to the replay
    page.goto(f"{base_url}/t/{tid}")
    page.wait_for_function(f"() => {STATE}.model && {STATE}.model.over", timeout=90000)
    page.wait_for_function("() => document.querySelector('#replay-open')", timeout=10000)
    assert page.locator("#replay-open").text_content() == words["web.replay.watch"]
    page.goto(base_url + (page.locator("#replay-open").get_attribute("href") or ""))
    page.wait_for_function(f"() => {RP}.data && !{RP}.busy", timeout=15000)
    d = _data(page)
    steps = d["steps"]
    assert d["step"] == steps and d["seat"] is None and d["over"] and steps > 5
    assert page.locator("#outcome").is_visible()
    _check_drawn(page, words)
    page.screenshot(path=str(shots / f"{game}-end-laptop-{laptop_lang}.png"), full_page=True)

    # first, next, next, previous, the arrow key, last
    page.locator("#rp-first").click()
    _at(page, 0)
    assert page.locator("#acted").text_content() == words["web.replay.start"]
    assert page.locator("#rp-prev").is_disabled() and page.locator("#rp-first").is_disabled()
    page.locator("#rp-next").click()
    _at(page, 1)
    page.locator("#rp-next").click()
    _at(page, 2)
    _check_drawn(page, words)
    page.locator("#rp-prev").click()
    _at(page, 1)
    page.locator("body").press("ArrowRight")
    _at(page, 2)
    page.locator("#rp-last").click()
    _at(page, steps)
    assert page.locator("#rp-next").is_disabled()

    # the slider: dragged to a step in the middle
    mid = steps // 2
    page.locator("#rp-slider").fill(str(mid))
    _at(page, mid)
    _check_drawn(page, words)
    assert page.locator("#acted").text_content()

    # a seat's view instead of the spectator's: the same step, only that seat's events, the link says so
    page.select_option("#seat", "0")
    _at(page, mid, 0)
    d = _data(page)
    answer = httpx.get(f"{base_url}/api/tables/{tid}/replay", params={"seat": 0, "step": mid, "lang": laptop_lang},
                       timeout=10).json()
    assert d["view"] == answer["view"] and d["events"] == answer["events"]
    _check_drawn(page, words)
    link = page.locator("#share-link").input_value()
    assert link.endswith(f"/r/{tid}?seat=0&step={mid}") and page.url == link
    page.screenshot(path=str(shots / f"{game}-seat0-laptop-{laptop_lang}.png"), full_page=True)

    # the shared link on a phone in another language: the same step and seat, the page fits the phone
    phone = _context(browser, phone_lang, phone=True)
    p2 = phone.new_page()
    watch_errors(p2, errors)
    p2.goto(link)
    _at(p2, mid, 0)
    pwords = _words(base_url, phone_lang)
    _check_drawn(p2, pwords)
    assert _data(p2)["view"] == d["view"]
    check_phone(p2)
    for sel in ("#rp-first", "#rp-prev", "#rp-next", "#rp-last"):
        box = p2.locator(sel).bounding_box()
        assert box is not None and box["width"] >= 44 and box["height"] >= 44, (sel, box)
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    # the step controls stay on the screen (sticky) while the board scrolls
    p2.mouse.wheel(0, 3000)
    p2.wait_for_timeout(200)
    box = p2.locator("#rp-next").bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"] + 1
    p2.screenshot(path=str(shots / f"{game}-seat0-phone-{phone_lang}.png"))
    p2.locator("#rp-next").tap()
    _at(p2, mid + 1, 0)
    p2.evaluate("() => window.scrollTo(0, 0)")
    p2.screenshot(path=str(shots / f"{game}-next-phone-{phone_lang}.png"), full_page=True)
    assert not errors, errors
    laptop.close()
    phone.close()


def test_a_running_game_is_refused_in_the_pages_language(base_url: str, browser: Any, shots: Path) -> None:
    made = create_table(base_url, "die-macher-2019", 3, [None, None, "random"])
    tid = made["table"]["id"]
    errors: list[str] = []
    for lang, words in (("zh-Hant", "仍在進行"), ("en", "still being played")):
        ctx = _context(browser, lang, phone=lang != "en")
        page = ctx.new_page()
        watch_errors(page, errors)
        page.goto(f"{base_url}/r/{tid}?seat=0&step=3")
        page.wait_for_selector("#refused", timeout=10000)
        assert words in (page.locator("#refused").text_content() or "")
        assert page.locator("#replay-controls").is_hidden()
        assert page.evaluate(f"() => {RP}.data") is None  # nothing of the game came
        page.screenshot(path=str(shots / f"refused-{lang}.png"))
        ctx.close()
    # the console shows the refused fetch's 409; nothing else went wrong
    assert all("409" in e for e in errors), errors

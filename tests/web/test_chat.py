"""The table's chat in real pages (issue 25, point 2): two players in different languages (an English laptop, a
zh-Hant phone) and a zh-Hans spectator at one table. Markup typed into the chat arrives as text (no element made, no
script run); a quick phrase reads in each reader's own language (and again after a language switch); the spectator
reads and cannot write; muting a seat is this browser's own and survives a reload; on a phone nothing scrolls
sideways and every chat control is at least 44 px. Screenshots under tests/web/artifacts/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .helpers import RECORD_SENDS, STATE, create_table, join_and_start, no_missing_keys, sent, watch_errors

CHAT = "window.hustingsChat"


def _page(browser: Any, url: str, lang: str, phone: bool, errors: list[str]) -> Any:
    ctx = browser.new_context(viewport={"width": 390, "height": 844} if phone else {"width": 1280, "height": 900})
    ctx.add_init_script(f"localStorage.setItem('hustings.lang', '{lang}')")
    ctx.add_init_script(RECORD_SENDS)
    page = ctx.new_page()
    watch_errors(page, errors)
    page.goto(url)
    return page


def _lines(page: Any) -> list[dict[str, Any]]:
    """The chat lines the page shows: seat, phrase key (or None) and the text as drawn."""
    return list(page.evaluate("""() => [...document.querySelectorAll('#chat-list li.chat-line')].map(li => ({
        seat: Number(li.dataset.seat), phrase: li.dataset.phrase || null,
        text: li.querySelector('.chat-text').textContent, who: li.querySelector('.chat-who').textContent}))"""))


def _wait_lines(page: Any, n: int) -> None:
    page.wait_for_function("n => document.querySelectorAll('#chat-list li.chat-line').length === n", arg=n,
                           timeout=15000)


def _small_controls(page: Any) -> list[str]:
    """Chat controls shorter than 44 px (a finger's target), or past the screen's right edge."""
    return list(page.evaluate("""() => {
        const w = window.innerWidth;
        return [...document.querySelectorAll('#chat button, #chat input, #chat summary, #chat-open')]
          .filter(e => e.offsetParent !== null)
          .filter(e => { const r = e.getBoundingClientRect(); return r.height < 44 || r.right > w + 1 || r.left < -1; })
          .map(e => `${e.id || e.className}: ${Math.round(e.getBoundingClientRect().height)}px`); }"""))


def _no_sideways(page: Any) -> None:
    width = page.viewport_size["width"]
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width + 1, "the page scrolls sideways"


def test_two_languages_chat_phrases_translate_markup_stays_text(base_url: str, browser: Any, shots: Path) -> None:
    errors: list[str] = []
    made = create_table(base_url, "election-war", 3, [None, None, "random"])
    tid = made["table"]["id"]
    seats = {s["seat"]: s for s in made["seats"]}
    ann = _page(browser, base_url + seats[0]["invite"], "en", False, errors)
    bo = _page(browser, base_url + seats[1]["invite"], "zh-Hant", True, errors)
    for page, name in ((ann, "Ann"), (bo, "Bo")):
        page.wait_for_selector("#join")
        page.fill("#name", name)
    join_and_start([ann, bo])
    watcher = _page(browser, f"{base_url}/t/{tid}", "zh-Hans", True, errors)
    for page in (ann, bo, watcher):
        page.wait_for_selector("#chat:not([hidden]) #chat-title")
        assert page.locator("#chat .chat-none").count() == 1

    # the spectator reads only: no box to write in, no phrases, a line that says so in its language
    assert watcher.locator("#chat-input").count() == 0 and watcher.locator(".chat-phrase").count() == 0
    assert "观战者只能阅读" in str(watcher.locator("#chat-readonly").text_content())

    # markup typed into the chat is shown as the text it is: no element made, no handler run
    markup = '<img src=x onerror="window.__xss=1"><b>bold?</b> & "quotes"'
    ann.fill("#chat-input", markup)
    ann.press("#chat-input", "Enter")
    for page in (ann, bo, watcher):
        _wait_lines(page, 1)
        assert _lines(page)[0]["text"] == markup
        assert page.locator("#chat img, #chat b, #chat script").count() == 0
        assert page.evaluate("() => window.__xss") is None
    assert ann.locator("#chat-input").input_value() == ""  # sent: the box is empty again
    assert [m for m in sent(ann, "chat")] == [{"type": "chat", "text": markup}]
    assert _lines(bo)[0]["who"] == "Ann"

    # a quick phrase from the zh-Hant phone: sent as its key, read in each reader's own language
    bo.locator("#chat-phrases > summary").click()
    bo.locator('.chat-phrase[data-phrase="your_turn"]').click()
    for page, words in ((ann, "Your turn."), (bo, "輪到你了。"), (watcher, "轮到你了。")):
        _wait_lines(page, 2)
        line = _lines(page)[1]
        assert (line["seat"], line["phrase"], line["text"]) == (1, "your_turn", words)
    assert sent(bo, "chat") == [{"type": "chat", "phrase": "your_turn"}]
    ann.locator("#chat-phrases > summary").click()
    ann.locator('.chat-phrase[data-phrase="good_game"]').click()
    for page, words in ((ann, "Good game!"), (bo, "好局！"), (watcher, "好局！")):
        _wait_lines(page, 3)
        assert _lines(page)[2]["text"] == words
    bo.fill("#chat-input", "好啊 👍 see you")
    bo.click("#chat-send")
    for page in (ann, bo, watcher):
        _wait_lines(page, 4)
    for page in (ann, bo, watcher):
        no_missing_keys(page)
    ann.screenshot(path=str(shots / "en-laptop-chat.png"), full_page=True)
    bo.locator("#chat").scroll_into_view_if_needed()
    bo.screenshot(path=str(shots / "zh-Hant-phone-chat.png"))
    bo.screenshot(path=str(shots / "zh-Hant-phone-full.png"), full_page=True)
    watcher.locator("#chat").scroll_into_view_if_needed()
    watcher.screenshot(path=str(shots / "zh-Hans-phone-spectator-chat.png"))

    # on a phone: nothing wider than the screen, every chat control big enough to touch
    for page in (bo, watcher):
        _no_sideways(page)
        assert _small_controls(page) == []
    assert _small_controls(ann) == []

    # on the phone, a line that comes while the chat is off screen counts on the bar's button, which takes the
    # reader to the chat (and the count goes)
    bo.evaluate("() => window.scrollTo(0, 0)")
    bo.wait_for_function(f"() => !{CHAT}.seen")
    ann.fill("#chat-input", "are you there?")
    ann.click("#chat-send")
    bo.wait_for_function("() => document.querySelector('#chat-open').dataset.unread === '1'")
    assert "1" in str(bo.locator("#chat-open").text_content())
    bo.screenshot(path=str(shots / "zh-Hant-phone-unread.png"))
    bo.click("#chat-open")
    bo.wait_for_function("() => document.querySelector('#chat-open').dataset.unread === '0'")
    for page in (ann, bo, watcher):
        _wait_lines(page, 5)

    # muting Bo is Ann's own: his lines leave her page (said how many), stay on the others, and after a reload
    ann.locator("#chat-mute > summary").click()
    ann.locator('.chat-mute[data-seat="1"]').click()
    assert [x["seat"] for x in _lines(ann)] == [0, 0, 0]
    assert "2" in str(ann.locator("#chat-hidden").text_content())
    assert ann.locator('.chat-mute[data-seat="1"]').get_attribute("aria-pressed") == "true"
    assert len(_lines(bo)) == 5
    ann.screenshot(path=str(shots / "en-laptop-muted.png"), full_page=True)
    ann.reload()
    ann.wait_for_function(f"() => {CHAT}.ready && {STATE}.model !== null")
    _wait_lines(ann, 3)
    assert [x["seat"] for x in _lines(ann)] == [0, 0, 0]
    ann.locator("#chat-mute > summary").click()
    ann.locator('.chat-mute[data-seat="1"]').click()
    _wait_lines(ann, 5)  # the reload's history had them all: unmuted, they show again

    # a language switch words the phrases again (from their keys), and the chat's own words
    ann.select_option("#lang", "zh-Hans")
    ann.wait_for_function("() => document.querySelector('#chat-title')?.textContent === '聊天'")
    ann.wait_for_function("() => [...document.querySelectorAll('#chat-list .chat-text')].map(e => e.textContent)"
                          ".includes('轮到你了。')")
    assert [x["text"] for x in _lines(ann)][1:3] == ["轮到你了。", "好局！"]
    no_missing_keys(ann)
    ann.screenshot(path=str(shots / "zh-Hans-laptop-chat.png"), full_page=True)
    assert errors == [], errors
    for page in (ann, bo, watcher):
        page.context.close()

"""Playing together, from the lobby to the rematch, in real browsers (issue 25, point 8): three strangers, each in
their own language and on their own screen, find each other through the list of open tables, chat (a quick phrase
reads in each reader's own words), learn it is their turn from the tab's title, play, see a stand-in's move
announced when one of them lets the clock run out, and all three accept the rematch, which starts with them seated.
Ann (English, laptop) opens a public table; Bo (繁體中文, phone) takes a seat from the list; Cy (简体中文, phone)
takes the last one. Screenshots under tests/web/artifacts/."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import httpx

from .helpers import STATE, check_phone, click_some_action, no_missing_keys, page_state, watch_errors
from .test_seats import _play_out

LAPTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
TURN_S = 20  # the table's clock: a turn of 20 s, then a stand-in plays it


def _page(browser: Any, lang: str, size: dict[str, int], name: str, errors: list[str]) -> Any:
    phone = size["width"] < 500
    ctx = browser.new_context(viewport=size, is_mobile=phone, has_touch=phone)
    ctx.add_init_script(f"try {{ localStorage.setItem('hustings.lang', '{lang}'); "
                        f"localStorage.setItem('hustings.name', '{name}') }} catch (e) {{}}")
    page = ctx.new_page()
    watch_errors(page, errors)
    return page


def _words(page: Any, key: str, **fields: str) -> str:
    return str(page.evaluate("([k, f]) => " + STATE + ".words.t(k, f)", [key, fields]))


def _token(page: Any) -> str:
    return str(page.url.split("token=")[1].split("&")[0])


def _title_says_my_turn(page: Any) -> None:
    """The tab's title marks the player's turn exactly when the page has a decision to make."""
    page.wait_for_function(f"""() => {{ const m = {STATE}.model; if (!m || m.over) return false;
        const mine = !{STATE}.pending && (m.legal || []).length > 0;
        return mine === document.title.startsWith('▶'); }}""", timeout=15000)


def test_three_strangers_find_a_table_chat_play_and_rematch(base_url: str, browser: Any, shots: Path) -> None:
    errors: list[str] = []
    made = httpx.post(f"{base_url}/api/tables", json={
        "game": "election-war", "players": 3, "public": True, "claim": {"seat": 0, "name": "Ann"},
        "clock": {"mode": "turn", "turn_s": TURN_S}, "lang": "en", "name": "Together"}, timeout=10)
    made.raise_for_status()
    tid = made.json()["table"]["id"]
    httpx.post(f"{base_url}/api/tables/{tid}/ready", json={"token": made.json()["you"]["token"], "ready": True},
               timeout=10).raise_for_status()
    ann = _page(browser, "en", LAPTOP, "Ann", errors)
    ann.goto(base_url + made.json()["you"]["link"])
    ann.wait_for_selector("#public-note")  # her page keeps the table listed while it waits

    # Bo and Cy find it in the lobby's list of open tables, each in their own words, and take a seat
    pages = [ann]
    for lang, name, seat in (("zh-Hant", "Bo", 1), ("zh-Hans", "Cy", 2)):
        page = _page(browser, lang, PHONE, name, errors)
        page.goto(base_url + "/")
        row = f"#open-list li[data-table='{tid}']"
        page.wait_for_selector(f"{row} button.take", timeout=15000)
        assert ("選舉之戰" if lang == "zh-Hant" else "选举之战") in page.locator(row).inner_text()
        no_missing_keys(page)
        page.screenshot(path=str(shots / f"{lang}-phone-open-list.png"), full_page=True)
        page.click(f"{row} button.take")
        page.wait_for_url(f"**/t/{tid}#seat={seat}&token=*")
        pages.append(page)
    ann_p, bo, cy = pages
    # the last seat taken, everyone ready: the game starts by itself
    for page in pages:
        page.wait_for_function(f"() => {STATE}.model !== null && {STATE}.table.status === 'playing'", timeout=30000)
    info = httpx.get(f"{base_url}/api/tables/{tid}", timeout=10).json()
    assert [s["name"] for s in info["seats"]] == ["Ann", "Bo", "Cy"]

    # chat: Ann writes (markup stays text), Bo sends a quick phrase that each reads in their own language
    for page in pages:
        page.wait_for_selector("#chat:not([hidden]) #chat-input")
    ann_p.fill("#chat-input", "Hello <b>all</b>")
    ann_p.press("#chat-input", "Enter")
    for page in pages:
        page.wait_for_function("() => document.querySelectorAll('#chat-list li.chat-line').length === 1",
                               timeout=15000)
        assert page.locator("#chat-list li.chat-line .chat-text").first.text_content() == "Hello <b>all</b>"
        assert page.locator("#chat-list b").count() == 0
    bo.locator("#chat-phrases > summary").click()
    bo.locator('.chat-phrase[data-phrase="your_turn"]').click()
    phrase_texts = []
    for page in pages:
        page.wait_for_function("() => document.querySelectorAll('#chat-list li.chat-line').length === 2",
                               timeout=15000)
        line = page.locator("#chat-list li.chat-line").nth(1)
        assert line.get_attribute("data-phrase") == "your_turn"
        text = str(line.locator(".chat-text").text_content())
        assert text == _words(page, "chat.phrase.your_turn"), text
        phrase_texts.append(text)
    assert len(set(phrase_texts)) == 3, phrase_texts  # three languages, three wordings
    bo.screenshot(path=str(shots / "zh-Hant-phone-chat.png"), full_page=True)

    # turn signals and play: whoever has a decision sees it in the tab's title; a few moves by clicks
    rng = random.Random(25)
    moved = 0
    for _ in range(12):
        for page in pages:
            _title_says_my_turn(page)
        mine = [p for p in pages if p.evaluate(f"() => !{STATE}.pending && ({STATE}.model.legal||[]).length > 0")]
        if not mine or moved >= 4:
            break
        click_some_action(mine[0], rng)
        moved += 1
    assert moved > 0
    ann_p.screenshot(path=str(shots / "en-laptop-playing.png"))

    # nobody moves now: the clock runs out and a stand-in plays; every page announces it in its own words
    for page in pages:
        page.wait_for_function(f"() => {STATE}.events.some(e => e.stand_in !== undefined && e.stand_in !== null)",
                               timeout=(TURN_S + 40) * 1000)
    names = ["Ann", "Bo", "Cy"]
    for me, page in enumerate(pages):
        page.wait_for_selector("#log-list li.by-stand-in .stand-in", timeout=15000)
        marks = {m.strip() for m in page.locator("#log-list li.by-stand-in .stand-in").all_inner_texts()}
        absent = page.evaluate(f"() => [...new Set({STATE}.events.filter(e => e.stand_in != null)"
                               ".map(e => e.stand_in))]")
        expected = {_words(page, "web.signals.stand_in_you") if s == me
                    else _words(page, "web.signals.stand_in", who=names[s]) for s in absent}
        assert marks <= expected and marks, (me, marks, expected)
        no_missing_keys(page)
    bo.screenshot(path=str(shots / "zh-Hant-phone-stand-in.png"), full_page=True)
    cy.screenshot(path=str(shots / "zh-Hans-phone-stand-in.png"), full_page=True)

    # the rest of the game over the wire, then the rematch: all three accept in their own words
    _play_out(base_url, tid, [_token(p) for p in pages])
    for page in pages:
        # each page takes in every move of the game first (three pages in one browser on a busy machine)
        try:
            page.wait_for_function(f"() => !!{STATE}.model?.over", timeout=120000)
            page.wait_for_selector("#summary[open] #rematch-box #rematch", timeout=30000)
        except Exception as e:
            raise AssertionError(f"no rematch offered at the game's end: {page_state(page)}") from e
    ann_p.click("#summary #rematch")
    new_id = None
    for page in (bo, cy):
        # asked in their own words, naming who is in (Ann, and Bo once he has answered)
        asked = _words(page, "web.rematch_wanted", names="@").split("@")[-1]
        page.wait_for_function("w => { const b = document.querySelector('#summary[open] #rematch-box'); "
                               "return b?.dataset.state === 'open' && b.innerText.includes('Ann') "
                               "&& b.innerText.includes(w); }", arg=asked, timeout=15000)
        check_phone(page)
        page.click("#summary #rematch")
    new_id = httpx.get(f"{base_url}/api/tables/{tid}", timeout=10).json()["rematch"]
    assert new_id
    for seat, page in enumerate(pages):
        page.wait_for_function(f"() => location.pathname.endsWith('{new_id}') && {STATE}.table?.id === '{new_id}' "
                               f"&& {STATE}.model !== null && {STATE}.table.status === 'playing'", timeout=30000)
        assert page.evaluate(f"() => {STATE}.seat") == seat
        no_missing_keys(page)
    again = httpx.get(f"{base_url}/api/tables/{new_id}", timeout=10).json()
    assert [s["name"] for s in again["seats"]] == names and all(s["bot"] is None for s in again["seats"])
    assert len({_token(p) for p in pages}) == 3  # each their own fresh secret
    cy.screenshot(path=str(shots / "zh-Hans-phone-rematch.png"))
    assert not errors, errors
    for page in pages:
        page.context.close()

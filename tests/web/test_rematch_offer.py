"""A rematch for everyone in the pages (issue 25, point 5): three people finish a game, each in their own language
and on their own screen. Ann (English, laptop) accepts; Bo (traditional Chinese, phone) is offered the rematch
in his page, which opens its summary again to ask him, and accepts; Cy (simplified Chinese, phone) says no. The
rematch begins with Ann and Bo seated at their own seats (their pages go there) and a bot in Cy's seat; Cy's
page offers to watch it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx

from .helpers import STATE, check_phone, no_missing_keys, watch_errors
from .test_seats import _play_out

LAPTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


def _page(browser: Any, lang: str, size: dict[str, int], errors: list[str]) -> Any:
    phone = size["width"] < 500
    ctx = browser.new_context(viewport=size, is_mobile=phone, has_touch=phone)
    ctx.add_init_script(f"localStorage.setItem('hustings.lang', '{lang}')")
    page = ctx.new_page()
    watch_errors(page, errors)
    return page


def _words(page: Any, key: str, **fields: str) -> str:
    return str(page.evaluate("([k, f]) => " + STATE + ".words.t(k, f)", [key, fields]))


def _box_text(page: Any) -> str:
    return str(page.locator("#summary #rematch-box").inner_text())


def _touch_targets(page: Any) -> None:
    sizes = page.eval_on_selector_all("#rematch-box button, #rematch-box a.button",
                                      "bs => bs.map(b => [b.getBoundingClientRect().width, "
                                      "b.getBoundingClientRect().height, b.textContent])")
    for w, h, text in sizes:
        assert w >= 44 and h >= 44, f"{text!r} is too small to tap ({w}x{h})"


def test_three_people_in_three_languages_answer_the_rematch(base_url: str, browser: Any, shots: Path) -> None:
    made = httpx.post(f"{base_url}/api/tables", json={"game": "election-war", "players": 3,
                                                      "claim": {"seat": 0, "name": "Ann"},
                                                      "clock": {"mode": "none"}, "lang": "en"}, timeout=10).json()
    tid = made["table"]["id"]
    links, tokens = [made["you"]["link"]], [made["you"]["token"]]
    for invite, name in zip(made["seats"], ("Bo", "Cy"), strict=True):
        got = httpx.post(f"{base_url}/api/tables/{tid}/claim", json={"invite": invite["code"], "name": name,
                                                                     "ready": True}, timeout=10).json()
        links.append(got["link"])
        tokens.append(got["token"])
    httpx.post(f"{base_url}/api/tables/{tid}/ready", json={"token": tokens[0], "ready": True}, timeout=10)
    httpx.post(f"{base_url}/api/tables/{tid}/start", json={"token": tokens[0]}, timeout=10)
    _play_out(base_url, tid, tokens)

    errors: list[str] = []
    ann = _page(browser, "en", LAPTOP, errors)
    bo = _page(browser, "zh-Hant", PHONE, errors)
    cy = _page(browser, "zh-Hans", PHONE, errors)
    for page, link in zip((ann, bo, cy), links, strict=True):
        page.goto(base_url + link)
        page.wait_for_selector("#summary[open] #rematch-box #rematch")
    # the end: each page offers the rematch in its own words
    assert _words(cy, "web.rematch_intro") in _box_text(cy)
    cy.locator("#summary #rematch-box").scroll_into_view_if_needed()
    cy.screenshot(path=str(shots / "zh-Hans-phone-offered.png"))

    bo.click("#summary .close")  # Bo closes his summary and looks at the board
    bo.wait_for_function("() => !document.querySelector('#summary').open")
    # Ann accepts: she is in, the others are asked
    ann.click("#summary #rematch")
    ann.wait_for_function("() => document.querySelector('#rematch-box')?.dataset.state === 'open'")
    assert _words(ann, "web.rematch_in") in _box_text(ann)
    new_id = httpx.get(f"{base_url}/api/tables/{tid}", timeout=10).json()["rematch"]
    assert new_id

    # Bo had closed his summary: the offer opens it again, in his language, naming who wants to play
    wanted = _words(bo, "web.rematch_wanted", names="Ann")
    bo.wait_for_function("w => document.querySelector('#summary[open] #rematch-box')?.innerText.includes(w)",
                         arg=wanted)
    assert "想再來一局" in wanted and bo.locator("#rematch-box .left").count() == 1
    bo.locator("#summary #rematch-box").scroll_into_view_if_needed()
    check_phone(bo)
    _touch_targets(bo)
    no_missing_keys(bo)
    bo.screenshot(path=str(shots / "zh-Hant-phone-asked.png"))
    ann.locator("#summary #rematch-box").scroll_into_view_if_needed()
    ann.screenshot(path=str(shots / "en-laptop-waiting.png"))

    # Cy says no: her page says a bot will play her seat, and lets her change her mind while the offer is open
    cy.wait_for_function("() => document.querySelector('#rematch-box')?.dataset.state === 'open'")
    cy.click("#summary #rematch-no")
    cy.wait_for_function("w => document.querySelector('#rematch-box')?.innerText.includes(w)",
                         arg=_words(cy, "web.rematch_declined"))
    assert cy.locator("#summary #rematch").inner_text() == _words(cy, "web.rematch_change")
    check_phone(cy)
    _touch_targets(cy)
    cy.locator("#summary #rematch-box").scroll_into_view_if_needed()
    cy.screenshot(path=str(shots / "zh-Hans-phone-declined.png"))

    # Bo accepts: everyone has answered, the rematch begins and both pages go to their own seats there
    bo.click("#summary #rematch")
    for page, seat in ((ann, 0), (bo, 1)):
        page.wait_for_function(f"() => location.pathname.endsWith('{new_id}') && {STATE}.table?.id === '{new_id}' "
                               f"&& {STATE}.model !== null && {STATE}.table.status === 'playing'", timeout=20000)
        assert page.evaluate(f"() => {STATE}.seat") == seat
    info = httpx.get(f"{base_url}/api/tables/{new_id}", timeout=10).json()
    assert info["status"] == "playing" and info["rematch_of"] == tid
    assert [s["bot"] for s in info["seats"]] == [None, None, "heuristic"]
    assert [s["name"] for s in info["seats"][:2]] == ["Ann", "Bo"]
    check_phone(bo)
    no_missing_keys(bo)
    bo.screenshot(path=str(shots / "zh-Hant-phone-rematch-table.png"))
    ann.screenshot(path=str(shots / "en-laptop-rematch-table.png"))

    # Cy's page: the rematch began without her, she may watch it
    cy.wait_for_selector("#summary #rematch-watch")
    assert _words(cy, "web.rematch_without_you") in _box_text(cy)
    assert cy.get_attribute("#summary #rematch-watch", "href") == f"/t/{new_id}"
    no_missing_keys(cy)
    cy.locator("#summary #rematch-box").scroll_into_view_if_needed()
    cy.screenshot(path=str(shots / "zh-Hans-phone-started.png"))
    assert not errors, errors
    for page in (ann, bo, cy):
        page.context.close()

"""Open tables and my tables, clicked through the pages (issue 25, point 1 and "my tables" of point 4): Ann (English,
laptop) creates a public table from the lobby form; Bo (繁體中文, phone) finds it in the lobby's list of open
tables and takes a free seat; Cy (简体中文, phone) presses quick play and gets the last seat, and the game starts by
itself. Ann's lobby lists her tables with her turn first; her personal link (/me#key=...) brings the list to her
phone, which opens the table there with a fresh secret of its own. On a phone nothing scrolls sideways and every
control of the two lists is at least 44 px tall."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx

from .helpers import STATE, no_missing_keys, watch_errors

LAPTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


def _ctx(browser: Any, lang: str, viewport: dict[str, int], name: str) -> Any:
    ctx = browser.new_context(viewport=viewport)
    # (a popup's first document, about:blank, has no storage: the script skips it)
    ctx.add_init_script(f"try {{ localStorage.setItem('hustings.lang', '{lang}'); "
                        "if (!localStorage.getItem('hustings.name')) "
                        f"localStorage.setItem('hustings.name', '{name}') }} catch (e) {{}}")
    return ctx


def _fits_phone(page: Any, where: str) -> None:
    """No sideways scrolling, and every button, select, input and link-button of ``where`` is >= 44 px tall."""
    wide = page.evaluate("() => document.documentElement.scrollWidth")
    assert wide <= 391, f"the page scrolls sideways on a phone ({wide} px)"
    small = page.evaluate("""sel => [...document.querySelectorAll(sel)].filter(e => e.offsetParent !== null)
        .map(e => [e.tagName + '#' + e.id + '.' + e.className, e.getBoundingClientRect().height])
        .filter(([, h]) => h < 44)""", f"{where} button, {where} select, {where} input, {where} a.button, "
                                        f"{where} a.my-open")
    assert not small, f"touch targets under 44 px: {small[:5]}"


def test_strangers_find_each_other_through_open_tables(base_url: str, browser: Any, shots: Path) -> None:
    errors: list[str] = []
    ann_ctx = _ctx(browser, "en", LAPTOP, "Ann")
    ann = ann_ctx.new_page()
    watch_errors(ann, errors)
    ann.goto(base_url + "/")
    ann.wait_for_selector("#create-btn")
    ann.select_option("#game", "election-war")
    ann.select_option("#players", "3")
    for i in range(3):
        ann.select_option(f"#seat-{i}", "")
    ann.check("#public")
    ann.fill("#table-name", "Friday <b>night</b>")  # a stranger's words are text, never markup
    ann.click("#create-btn")
    ann.wait_for_selector("#created .invite.mine")
    tid = ann.locator("#created .invite.mine a").get_attribute("href").split("/t/")[1].split("#")[0]
    info = httpx.get(f"{base_url}/api/tables/{tid}", timeout=10).json()
    assert info["public"] is True and info["seats"][0]["joined"] and info["seats"][0]["ready"]
    ann.wait_for_selector(f"#open-list li[data-table='{tid}'] a.open-mine")  # hers: "Your table", no Take
    ann.wait_for_selector(f"#mine li[data-table='{tid}']")  # and in her tables, through her new personal key
    no_missing_keys(ann)
    ann.screenshot(path=str(shots / "en-laptop-lobby-open.png"), full_page=True)
    with ann_ctx.expect_page() as opened:
        ann.click("#created .invite-link")
    ann_table = opened.value
    watch_errors(ann_table, errors)
    ann_table.wait_for_selector("#public-note")

    # Bo, on a phone in 繁體中文: the table is in the list, in his words; he takes a seat
    bo_ctx = _ctx(browser, "zh-Hant", PHONE, "Bo")
    bo = bo_ctx.new_page()
    watch_errors(bo, errors)
    bo.goto(base_url + "/")
    row = f"#open-list li[data-table='{tid}']"
    bo.wait_for_selector(row)
    text = bo.locator(row).inner_text()
    for words in ("選舉之戰", "3 個座位中空 2 個", "語言：English", "Friday <b>night</b>"):
        assert words in text, text
    assert bo.locator(f"{row} b").count() == 0  # the name stayed text
    no_missing_keys(bo)
    _fits_phone(bo, "#open")
    bo.screenshot(path=str(shots / "zh-Hant-phone-lobby-open.png"), full_page=True)
    bo.click(f"{row} button.take")
    bo.wait_for_url("**/t/**#seat=1&token=*")
    bo.wait_for_function(f"() => {STATE}.table && {STATE}.table.seats[1].joined")
    bo.wait_for_selector("#public-note")
    no_missing_keys(bo)
    bo.screenshot(path=str(shots / "zh-Hant-phone-table-taken.png"), full_page=True)

    # Cy, on a phone in 简体中文: quick play of 选举之战 takes the last seat, and the game starts by itself
    cy_ctx = _ctx(browser, "zh-Hans", PHONE, "Cy")
    cy = cy_ctx.new_page()
    watch_errors(cy, errors)
    cy.goto(base_url + "/")
    cy.wait_for_selector("#quick-play")
    cy.select_option("#quick-game", "election-war")
    cy.select_option("#quick-players", "3")
    no_missing_keys(cy)
    _fits_phone(cy, "#open")
    cy.screenshot(path=str(shots / "zh-Hans-phone-quick.png"), full_page=True)
    cy.click("#quick-play")
    cy.wait_for_url(f"**/t/{tid}#seat=2&token=*")
    for page in (cy, bo, ann_table):
        page.wait_for_function(f"() => {STATE}.model !== null && {STATE}.table.status === 'playing'", timeout=20000)
    info = httpx.get(f"{base_url}/api/tables/{tid}", timeout=10).json()
    assert [s["name"] for s in info["seats"]] == ["Ann", "Bo", "Cy"] and info["status"] == "playing"
    assert httpx.get(f"{base_url}/api/open", timeout=10).json()["tables"] == [] or all(
        t["id"] != tid for t in httpx.get(f"{base_url}/api/open", timeout=10).json()["tables"])
    cy.screenshot(path=str(shots / "zh-Hans-phone-table-started.png"), full_page=True)

    # Ann's lobby: her tables, her turn first
    ann.reload()
    ann.wait_for_selector(f"#mine li[data-table='{tid}']")
    key = ann.evaluate("() => localStorage.getItem('hustings.key')")
    listed = httpx.post(f"{base_url}/api/me", json={"key": key}, timeout=10).json()["tables"]
    shown = ann.evaluate("() => [...document.querySelectorAll('#mine li')]"
                         ".map(li => [li.dataset.table, li.dataset.turn])")
    assert [r[0] for r in shown] == [t["id"] for t in listed]
    assert [r[1] == "1" for r in shown] == [t["my_turn"] for t in listed]
    turns = [t["my_turn"] for t in listed]
    assert turns == sorted(turns, reverse=True)  # every "your turn" before the others
    if listed[0]["my_turn"]:
        assert ann.locator("#mine li").first.locator(".my-turn").inner_text() == "Your turn"
    ann.click("#other-device summary")
    link = ann.locator("#other-device input.me-link").input_value()
    assert link.endswith(f"/me#key={key}")
    no_missing_keys(ann)
    ann.screenshot(path=str(shots / "en-laptop-my-tables.png"), full_page=True)

    # her phone (no tokens of its own): the link lists her tables; opening one mints a secret of its own there
    phone_ctx = _ctx(browser, "en", PHONE, "Ann")
    phone = phone_ctx.new_page()
    watch_errors(phone, errors)
    phone.goto(link)
    phone.wait_for_selector(f"#mine li[data-table='{tid}'] a.my-open")
    assert phone.url.rstrip("/") == base_url.rstrip("/")  # the key left the address bar
    assert phone.evaluate("() => localStorage.getItem('hustings.key')") == key
    no_missing_keys(phone)
    _fits_phone(phone, "#mine")
    phone.screenshot(path=str(shots / "en-phone-me.png"), full_page=True)
    phone.click(f"#mine li[data-table='{tid}'] a.my-open")
    phone.wait_for_url(f"**/t/{tid}#seat=0&token=*")
    phone.wait_for_function(f"() => {STATE}.model !== null && {STATE}.seat === 0", timeout=20000)
    new_token = phone.url.split("token=")[1]
    old_token = ann_table.url.split("token=")[1]
    assert new_token != old_token
    # both devices play seat 0: its people's connections count two
    ann_table.wait_for_function(f"() => {STATE}.table.seats[0].connections >= 2", timeout=10000)
    phone.screenshot(path=str(shots / "en-phone-table-from-list.png"), full_page=True)
    assert not errors, errors
    for ctx in (ann_ctx, bo_ctx, cy_ctx, phone_ctx):
        ctx.close()

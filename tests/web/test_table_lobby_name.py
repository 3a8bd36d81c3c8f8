"""The table's own lobby while people join (issue 25, bugs 2 and 6): the page re-reads the table every second,
and a name typed meanwhile keeps every letter and the focus; a seat left without a name stays without one (each
page then shows it in its own language); bot levels are words, not bot ids."""

from __future__ import annotations

from typing import Any

import httpx

from .helpers import create_table, watch_errors


def test_a_name_typed_across_refreshes_keeps_every_letter(base_url: str, browser: Any) -> None:
    made = create_table(base_url, "die-macher-2019", 3, [None, None, "ismcts:hard"])
    tid = made["table"]["id"]
    invite = {s["seat"]: s["invite"] for s in made["seats"]}
    page = browser.new_page()
    errors: list[str] = []
    watch_errors(page, errors)
    page.goto(base_url + invite[0])
    page.wait_for_selector("#name")
    page.fill("#name", "")
    page.click("#name")
    page.keyboard.type("Alice Wong", delay=250)  # 2.5 s: the lobby is re-read at least twice meanwhile
    assert page.input_value("#name") == "Alice Wong"
    assert page.evaluate("() => document.activeElement && document.activeElement.id") == "name"
    # the bot's seat names its level in words, never the bot's id
    bot_seat = str(page.locator('#lobby li[data-seat="2"]').text_content())
    assert "hard" in bot_seat and "ismcts" not in bot_seat, bot_seat
    page.locator("#join").click()
    page.wait_for_function("() => document.querySelector('#lobby li[data-seat=\"0\"]')?.dataset.state === 'ready'")
    seats = httpx.get(f"{base_url}/api/tables/{tid}", timeout=10).json()["seats"]
    assert seats[0]["name"] == "Alice Wong"

    # a second person joins without a name: the seat keeps none (not "P2" or 「玩家2」 in the joiner's language)
    other = browser.new_page()
    watch_errors(other, errors)
    other.add_init_script("localStorage.setItem('hustings.lang', 'zh-Hant')")
    other.goto(base_url + invite[1])
    other.wait_for_selector("#name")
    other.fill("#name", "")
    other.locator("#join").click()
    other.wait_for_function("() => document.querySelector('#lobby li[data-seat=\"1\"]')?.dataset.state === 'ready'")
    seats = httpx.get(f"{base_url}/api/tables/{tid}", timeout=10).json()["seats"]
    assert seats[1]["name"] == ""
    assert "困難" in str(other.locator('#lobby li[data-seat="2"]').text_content())
    # before the start the page names the game, in the page's language (it named none: issue 25, bug 6)
    assert other.text_content("#title") == "德國大選（2019版）"
    assert "德國大選" in other.title()
    assert not errors, errors

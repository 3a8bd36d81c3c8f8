"""Turn-based play over days in the browser (issue 25, point 4): the lobby offers clocks of 1 hour, 1 day and 3 days
a move; the page of a seat at a table of days shows the turn notices panel in the reader's language (not at a
table of minutes, not to a spectator). Screenshots: tests/web/artifacts/test_days*/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx

from .helpers import check_phone, no_missing_keys

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}


def _days_table(base: str, turn_s: int) -> dict[str, Any]:
    r = httpx.post(f"{base}/api/tables", json={"game": "election-war", "players": 2, "seats": [{"bot": None},
                   {"bot": "heuristic"}], "clock": {"mode": "turn", "turn_s": turn_s}, "lang": "en", "claim": 0},
                   timeout=10)
    r.raise_for_status()
    return dict(r.json())


def _open(browser: Any, base: str, lang: str, viewport: dict[str, int], path: str) -> Any:
    ctx = browser.new_context(viewport=viewport, locale=lang)
    ctx.add_init_script(f"localStorage.setItem('hustings.lang', '{lang}')")
    page = ctx.new_page()
    page.goto(f"{base}{path}")
    return page


def test_the_lobby_offers_clocks_of_days_and_a_seat_at_such_a_table_sees_its_turn_notices(
        base_url: str, browser: Any, shots: Path) -> None:
    lobby = _open(browser, base_url, "en", LAPTOP, "/")
    lobby.wait_for_selector("#clock-mode")
    values = lobby.eval_on_selector_all("#clock-mode option", "os => os.map(o => o.value)")
    assert {"days:3600", "days:86400", "days:259200"} <= set(values)
    lobby.select_option("#clock-mode", "days:86400")
    lobby.screenshot(path=str(shots / "lobby-en-laptop.png"), full_page=True)
    lobby.context.close()
    expected = {"en": "Your turn while you are away", "zh-Hant": "你不在時輪到你", "zh-Hans": "你不在时轮到你"}
    for lang, viewport, name in (("en", LAPTOP, "laptop"), ("zh-Hant", PHONE, "phone"), ("zh-Hans", PHONE, "phone")):
        made = _days_table(base_url, 86_400)
        page = _open(browser, base_url, lang, viewport, made["you"]["link"])
        page.wait_for_selector("#days h3", timeout=15000)
        assert page.locator("#days h3").inner_text() == expected[lang]
        assert page.locator("#days-push").is_visible()  # 127.0.0.1 is a secure context; this server sends no e-mail
        assert page.locator("#days-email").is_hidden()
        no_missing_keys(page)
        if viewport is PHONE:
            check_phone(page)
            box = page.locator("#days-push").bounding_box()
            assert box is not None and box["height"] >= 44
        page.screenshot(path=str(shots / f"table-{lang}-{name}.png"), full_page=True)
        if lang == "en":
            # a turn notice's link carries no secret: in this browser it opens the seat it keeps for the table
            tid = made["table"]["id"]
            page.goto("about:blank")  # a new page load, as a link opened from an e-mail is
            page.goto(f"{base_url}/t/{tid}#turn")
            page.wait_for_selector("#days h3", timeout=15000)
            assert page.evaluate("() => location.hash").startswith("#seat=0&token=")
            elsewhere = _open(browser, base_url, "en", LAPTOP, f"/t/{tid}#turn")  # another browser: a spectator
            elsewhere.wait_for_timeout(2000)
            assert elsewhere.locator("#days").count() == 0 and elsewhere.evaluate("() => location.hash") == ""
            elsewhere.context.close()
        page.context.close()
    # a table of a minute a move: no panel (a stand-in plays for anyone away there)
    made = _days_table(base_url, 60)
    page = _open(browser, base_url, "en", LAPTOP, made["you"]["link"])
    page.wait_for_timeout(2000)
    assert page.locator("#days").count() == 0
    page.context.close()

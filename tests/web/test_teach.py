"""Teaching in the page (issue 24.4), in real chromium: at a tutorial table each decision shows the heuristic's hint
with its own reason in the page's language, followed with one click (or ignored); a move that cannot be taken back
asks first unless the player turns that off (kept in the browser); the rules dialog holds the phase's rules, how to
win and a glossary with units. Every game, laptop and phone, en, zh-Hans and zh-Hant; screenshots in
tests/web/artifacts/."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from .helpers import (
    RECORD_SENDS,
    STATE,
    check_phone,
    join_and_start,
    model,
    my_turn,
    no_missing_keys,
    sent,
    watch_errors,
)

LAPTOP = {"width": 1280, "height": 800}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
CONFIRM_KEY = "hustings.confirm_irreversible"


def _tutorial(base: str, game: str, bots: list[str | None], lang: str, tutorial: bool = True) -> dict[str, Any]:
    body = {"game": game, "players": len(bots), "seats": [{"bot": b} for b in bots], "clock": {"mode": "none"},
            "lang": lang, "tutorial": tutorial}
    r = httpx.post(f"{base}/api/tables", json=body, timeout=10)
    r.raise_for_status()
    made = dict(r.json())
    code = made["seats"][0]["code"]
    c = httpx.post(f"{base}/api/tables/{made['table']['id']}/claim", json={"invite": code}, timeout=10)
    c.raise_for_status()
    made["link"] = c.json()["link"]
    return made


def _open(browser: Any, base: str, link: str, lang: str, **ctx: Any) -> Any:
    context = browser.new_context(**ctx)
    context.add_init_script(f"localStorage.setItem('hustings.lang', {json.dumps(lang)});")
    context.add_init_script(RECORD_SENDS)
    page = context.new_page()
    page.goto(base + link)
    return page


def _hint_shown(page: Any) -> dict[str, Any]:
    page.wait_for_function(f"() => {STATE}.model && {STATE}.model.advice && !{STATE}.pending && "
                           "document.querySelector('#hint')", timeout=20000)
    m = model(page)["m"]
    advice = m["advice"]
    label = next(a["label"] for a in m["legal"] if a["id"] == advice["action"])
    box = page.locator("#hint")
    assert box.is_visible()
    text = box.inner_text()
    assert advice["text"] in text and label in text, (text, advice, label)
    return dict(advice)


GAMES = [("palace-escape", [None], "zh-Hant", PHONE), ("election-war", [None, "heuristic"], "en", {"viewport": LAPTOP}),
         ("die-macher-2019", [None, "heuristic", "heuristic"], "zh-Hans", PHONE),
         ("die-macher", [None, "heuristic", "heuristic"], "zh-Hant", {"viewport": LAPTOP})]


@pytest.mark.parametrize(("game", "bots", "lang", "ctx"), GAMES, ids=[g[0] for g in GAMES])
def test_a_tutorial_table_hints_each_decision_with_its_reason(base_url: str, browser: Any, shots: Path, game: str,
                                                               bots: list[str | None], lang: str,
                                                               ctx: dict[str, Any]) -> None:
    made = _tutorial(base_url, game, bots, lang)
    page = _open(browser, base_url, made["link"], lang, **ctx)
    errors: list[str] = []
    watch_errors(page, errors)
    join_and_start([page])
    phone = ctx is PHONE
    for k in range(3):  # three decisions, each the hint followed with one click
        advice = _hint_shown(page)
        assert (lang == "en") != any("\u4e00" <= ch <= "\u9fff" for ch in advice["text"]), advice["text"]
        if k == 0:
            # the page redraws the hint when the bot's seat moves meanwhile: scroll to whichever box is there then
            page.evaluate("() => document.querySelector('#hint')?.scrollIntoView({block: 'nearest'})")
            page.screenshot(path=str(shots / f"hint-{game}-{lang}-{'phone' if phone else 'laptop'}.png"),
                            full_page=not phone)
            no_missing_keys(page)
            if phone:
                check_phone(page)
                tall = page.locator("#hint-follow").bounding_box()
                assert tall is not None and tall["height"] >= 44  # a touch target
        advice = _hint_shown(page)  # the hint as it is now (the bot's seat may have moved since the one above)
        step = model(page)["m"]["step"]
        acts = len(sent(page, "act"))
        page.locator("#hint-follow").click()  # (moves that cannot be taken back: not asked, turned off here)
        page.wait_for_function("n => (window.__sent || []).filter(m => m.type === 'act').length > n", arg=acts,
                               timeout=30000)
        page.wait_for_function(f"s => {STATE}.model.step > s || {STATE}.model.over", arg=step, timeout=30000)
        assert sent(page, "act")[acts:][0]["action"] == advice["action"]
        if model(page)["m"]["over"]:
            break
    assert not errors, errors


def test_an_irreversible_move_asks_first_until_turned_off(base_url: str, browser: Any, shots: Path) -> None:
    made = _tutorial(base_url, "election-war", [None, "heuristic"], "zh-Hant")
    page = _open(browser, base_url, made["link"], "zh-Hant", **PHONE)
    join_and_start([page])
    page.evaluate(f"() => localStorage.removeItem('{CONFIRM_KEY}')")  # asked, as it is for every player at first
    _hint_shown(page)
    page.locator("#hint-follow").click()  # a face-down candidate: cannot be taken back
    dialog = page.locator("#teach-confirm[open]")
    dialog.wait_for(timeout=5000)
    assert "無法撤回" in dialog.inner_text()
    page.screenshot(path=str(shots / "confirm-zh-Hant-phone.png"))
    check_phone(page)
    page.locator("#confirm-no").click()  # not yet: nothing is sent
    page.wait_for_timeout(300)
    # nothing sent and the choice still this seat's; the step may have moved on: the bot's seat chooses at the
    # same time (a simultaneous step), and the hint may then be another
    assert not sent(page, "act") and my_turn(page)
    advice = _hint_shown(page)
    step = model(page)["m"]["step"]
    page.locator("#hint-follow").click()
    page.locator("#confirm-off").check()  # and do not ask again
    page.locator("#confirm-yes").click()
    page.wait_for_function("() => (window.__sent || []).some(m => m.type === 'act')", timeout=30000)
    page.wait_for_function(f"s => {STATE}.model.step > s", arg=step, timeout=30000)
    assert [a["action"] for a in sent(page, "act")] == [advice["action"]]
    assert page.evaluate(f"() => localStorage.getItem('{CONFIRM_KEY}')") == "off"
    _hint_shown(page)
    step = model(page)["m"]["step"]
    page.locator("#hint-follow").click()  # no question any more
    page.wait_for_function(f"s => {STATE}.model.step > s", arg=step, timeout=30000)
    assert page.locator("#teach-confirm").count() == 0
    # the rules dialog's setting turns it on again
    page.locator("#rules-open").click()
    page.locator("#confirm-setting").check()
    assert page.evaluate(f"() => localStorage.getItem('{CONFIRM_KEY}')") is None


RULES = [("die-macher-2019", "en", False), ("election-war", "zh-Hans", True), ("die-macher", "zh-Hant", True),
         ("palace-escape", "en", False)]


@pytest.mark.parametrize(("game", "lang", "phone"), RULES)
def test_rules_how_to_win_and_glossary(base_url: str, browser: Any, shots: Path, game: str, lang: str,
                                       phone: bool) -> None:
    made = _tutorial(base_url, game, [None] + ["heuristic"] * (2 if game.startswith("die") else
                                                                (1 if game == "election-war" else 0)), lang, False)
    page = _open(browser, base_url, made["link"], lang, **(PHONE if phone else {"viewport": LAPTOP}))
    join_and_start([page])
    page.wait_for_function(f"() => {STATE}.model && {STATE}.model.phase !== undefined", timeout=20000)
    assert page.locator("#hint").count() == 0  # not a tutorial table: no hint
    meta = page.evaluate(f"() => {STATE}.meta")
    page.locator("#rules-open").click()
    rules = page.locator("#rules[open]")
    rules.wait_for(timeout=5000)
    body = page.locator("#rules-body").inner_text()
    words = page.evaluate("l => fetch(`/web/i18n/${l}.json`).then(r => r.json())", lang)
    assert body.strip() and body.strip() != words["web.no_rules"]
    assert meta["how_to_win"] and meta["how_to_win"] in page.locator("#how-to-win").inner_text()
    terms = page.locator("#glossary dt")
    assert terms.count() == len(meta["glossary"]) >= 5
    glossary = page.locator("#glossary").inner_text()
    assert all(g["term"] in glossary and g["text"] in glossary for g in meta["glossary"])
    no_missing_keys(page)
    if phone:
        width = page.evaluate("() => document.querySelector('#rules').scrollWidth <= "
                              "document.querySelector('#rules').clientWidth + 1")
        assert width, "the rules dialog scrolls sideways on a phone"
    page.locator("#glossary").scroll_into_view_if_needed()
    page.screenshot(path=str(shots / f"rules-{game}-{lang}-{'phone' if phone else 'laptop'}.png"))


def test_the_lobby_creates_a_tutorial_table(base_url: str, browser: Any, shots: Path) -> None:
    page = _open(browser, base_url, "/", "zh-Hans", **PHONE)
    page.wait_for_selector("#create-btn")
    page.select_option("#game", "election-war")
    page.locator("#tutorial").check()
    page.screenshot(path=str(shots / "lobby-tutorial-zh-Hans-phone.png"), full_page=True)
    check_phone(page)
    with page.expect_request(lambda r: r.url.endswith("/api/tables") and r.method == "POST") as req:
        page.locator("#create-btn").click()
    assert json.loads(req.value.post_data or "{}").get("tutorial") is True
    page.wait_for_selector("#created:not([hidden])", timeout=10000)

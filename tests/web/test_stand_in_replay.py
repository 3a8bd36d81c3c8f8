"""Stand-ins in the replay of a finished game (issue 25, point 6): the server keeps who made each move, so the replay
page names a stand-in's move as the table page does, in each reader's language: "played for you" on the seat's own
replay, "played for Alice" on everyone else's; a move the seat's person or a bot made is not marked. Screenshots at
laptop and phone size in en, zh-Hans and zh-Hant."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx

from .helpers import check_phone, no_missing_keys, watch_errors

RP = "window.hustingsReplay"
LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}


def _finished_with_a_stand_in(base: str) -> tuple[str, list[list[int]]]:
    """Alice's seat (0) is played by a stand-in whenever her turn's short clock runs out, two random bots play the
    others, to the end: (table id, the record's actions)."""
    body = {"game": "election-war", "players": 3, "seats": [{"bot": None}, {"bot": "random"}, {"bot": "random"}],
            "clock": {"mode": "turn", "turn_s": 0.3}, "lang": "en"}
    r = httpx.post(f"{base}/api/tables", json=body, timeout=10)
    r.raise_for_status()
    made = r.json()
    tid = made["table"]["id"]
    code = made["seats"][0]["code"]
    token = httpx.post(f"{base}/api/tables/{tid}/claim", json={"invite": code}, timeout=10).json()["token"]
    for path, extra in (("join", {"name": "Alice"}), ("ready", {"ready": True}), ("start", {})):
        httpx.post(f"{base}/api/tables/{tid}/{path}", json={"token": token, **extra}, timeout=10).raise_for_status()
    deadline = time.time() + 150
    while httpx.get(f"{base}/api/tables/{tid}", timeout=10).json()["status"] != "over":
        assert time.time() < deadline, "the game did not end"
        time.sleep(0.5)
    record = httpx.get(f"{base}/api/tables/{tid}/record", timeout=10).json()
    return tid, record["actions"]


def _page(browser: Any, lang: str, phone: bool, errors: list[str]) -> Any:
    kw: dict[str, Any] = {"viewport": PHONE, "is_mobile": True, "has_touch": True} if phone else {"viewport": LAPTOP}
    ctx = browser.new_context(**kw)
    ctx.add_init_script(f"localStorage.setItem('hustings.lang', {lang!r})")
    page = ctx.new_page()
    watch_errors(page, errors)
    return page


def _open(page: Any, base: str, tid: str, seat: str, step: int) -> None:
    page.goto(f"{base}/r/{tid}?seat={seat}&step={step}")
    page.wait_for_function(f"k => {RP}.data && {RP}.data.step === k && !{RP}.busy", arg=step, timeout=15000)


def _marks(page: Any) -> tuple[list[str], list[str]]:
    """The stand-in marks shown: in the "acted" line, and in the step's log."""
    return ([m.strip() for m in page.locator("#acted .stand-in").all_inner_texts()],
            [m.strip() for m in page.locator("#log-list li.by-stand-in .stand-in").all_inner_texts()])


def test_the_replay_names_a_stand_ins_moves_in_each_readers_language(base_url: str, browser: Any,
                                                                     shots: Path) -> None:
    tid, actions = _finished_with_a_stand_in(base_url)
    # Alice never moved herself: every move of her seat was the stand-in's; a bot's move for contrast
    stood = next(i + 1 for i, (p, _a) in enumerate(actions) if p == 0)
    bots = next(i + 1 for i, (p, _a) in enumerate(actions) if p == 1)
    errors: list[str] = []
    readers = [("en", False, "0"), ("zh-Hant", True, "spectator"), ("zh-Hans", False, "1")]
    for lang, phone, seat in readers:
        page = _page(browser, lang, phone, errors)
        words = dict(httpx.get(f"{base_url}/web/i18n/{lang}.json", timeout=10).json())
        want = words["web.signals.stand_in_you"] if seat == "0" else words["web.signals.stand_in"].replace(
            "{who}", "Alice")
        _open(page, base_url, tid, seat, stood)
        acted, logged = _marks(page)
        assert acted == [want], (lang, acted)
        shown = page.evaluate(f"() => {RP}.data.events.length")
        assert logged == ([want] if shown else []), (lang, logged)  # once a move, on its first line
        assert page.locator("#acted").is_visible()
        width = PHONE["width"] if phone else LAPTOP["width"]
        page.screenshot(path=str(shots / f"{lang}-{width}-stand-in.png"), full_page=True)
        no_missing_keys(page)
        if phone:
            check_phone(page)
        _open(page, base_url, tid, seat, bots)  # a bot seat's own move: not a stand-in's
        assert _marks(page) == ([], [])
        page.context.close()
    assert not errors, errors

"""逃出總統府 solo in the browser: escape by tapping the grid, hints and undo from the page, illegal taps do nothing,
a reload reconnects, the page fits a phone (390x844)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx

from .helpers import STATE, check_summary_fits, create_table, join_and_start, model, over, phase_shot, watch_errors


def test_palace_escape_solo_by_tapping(base_url: str, browser: Any, shots: Path) -> None:
    made = create_table(base_url, "palace-escape", 1, [None])
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = ctx.new_page()
    errors: list[str] = []
    watch_errors(page, errors)
    page.goto(base_url + made["seats"][0]["invite"])
    join_and_start([page])
    seen: set[str] = set()
    phase_shot(page, shots, seen, "p0")

    # the grid fits the phone's width and nothing scrolls sideways
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    box = page.locator(".palace").bounding_box()
    assert box is not None and box["width"] <= 390

    # an illegal tap (two cards that are not neighbours) sends nothing: the step does not move
    step = model(page)["m"]["step"]
    page.locator(".palace [data-cell='0']").click()
    page.locator(".palace [data-cell='8']").click()
    page.wait_for_timeout(300)
    assert model(page)["m"]["step"] == step
    page.locator(".palace [data-cell='8']").click()  # put it down again

    # one move and an undo, then a reload: the same position comes back over a new connection
    m = model(page)["m"]
    swap = next(a for a in m["legal"] if a["kind"] == "swap")
    page.locator(f".palace [data-cell='{swap['args'][0]}']").click()
    page.locator(f".palace [data-cell='{swap['args'][1]}']").click()
    page.wait_for_function(f"s => {STATE}.model.step > s", arg=step, timeout=10000)
    page.locator("#choices button[data-kind='undo']").click()
    page.wait_for_function(f"s => {STATE}.model.step > s + 1", arg=step, timeout=10000)
    board_before = model(page)["m"]["view"]["board"]
    page.reload()
    page.wait_for_function(f"() => {STATE}.model !== null", timeout=10000)
    assert model(page)["m"]["view"]["board"] == board_before

    # escape: ask for a hint, then tap the two cards it names
    for _ in range(60):
        if over(page):
            break
        s = model(page)["m"]["step"]
        page.locator("#choices button[data-kind='hint']").click()
        page.wait_for_function(f"s => {STATE}.model.step > s && {STATE}.model.view.hint", arg=s, timeout=10000)
        a, b = model(page)["m"]["view"]["hint"]
        s = model(page)["m"]["step"]
        page.locator(f".palace [data-cell='{a}']").click()
        page.locator(f".palace [data-cell='{b}']").click()
        page.wait_for_function(f"s => {STATE}.model.step > s", arg=s, timeout=10000)
        phase_shot(page, shots, seen, f"p0-move{s}")  if s < 4 else None
    assert over(page)
    m = model(page)["m"]
    assert m["view"]["status"] == "won"
    page.wait_for_selector("#summary[open] svg.chart", timeout=5000)
    # issue 25, bug 8: a bar per component, not moves, par and swaps stacked into one; words readable on a phone
    bars = page.eval_on_selector_all("#summary svg.chart.solo rect",
                                     "rs => rs.map(r => [r.dataset.component, Number(r.getAttribute('y'))])")
    assert {"moves", "swaps"} <= {k for k, _ in bars}, bars
    assert len({y for _, y in bars}) == len(bars), bars  # each on its own row
    smallest = page.eval_on_selector_all("#summary svg.chart text",
                                         "ts => Math.min(...ts.map(t => t.getBoundingClientRect().height))")
    assert smallest >= 9, smallest
    page.screenshot(path=str(shots / "summary.png"), full_page=True)
    check_summary_fits(page)

    # rematch from the finished table: a new table, same game, my seat's link opens it
    old_id = made["table"]["id"]
    page.click("#summary #rematch")  # the one person accepted: the rematch begins, the page goes to its seat
    page.wait_for_url(lambda url: "/t/" in url and old_id not in url, timeout=10000)
    page.wait_for_function(f"() => {STATE}.model !== null && {STATE}.table?.status === 'playing'", timeout=20000)
    fresh = model(page)
    assert fresh["m"]["step"] == 0 and fresh["m"]["view"]["status"] == "playing" and fresh["seat"] == 0
    new_id = page.url.split("/t/")[1].split("#")[0]
    info = httpx.get(f"{base_url}/api/tables/{old_id}", timeout=10).json()
    assert info["rematch"] == new_id and info["status"] == "over"

    # my tables in the lobby: both, the finished one with its status
    page.goto(base_url + "/")
    page.wait_for_selector(f"#mine li[data-table='{new_id}']")
    assert page.locator(f"#mine li[data-table='{old_id}'] .status-over").count() == 1
    assert not errors, errors
    ctx.close()


def test_giving_up_the_puzzle_in_the_browser(base_url: str, browser: Any) -> None:
    """Seed 004 R12 (rulings.md): the page offers Give up to the person of the puzzle (a command of the table, not
    one of the game's actions); after the browser's confirmation the table ends, given up, and the summary says so.
    R7: a person's table shows no action limit."""
    made = create_table(base_url, "palace-escape", 1, [None], variant="hard")
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = ctx.new_page()
    errors: list[str] = []
    watch_errors(page, errors)
    page.goto(base_url + made["seats"][0]["invite"])
    join_and_start([page])
    m = model(page)["m"]
    assert m["can_give_up"] and m["view"]["actions_left"] is None
    assert "actions left" not in page.locator(".palace-panel").inner_text()
    dialogs: list[str] = []
    page.once("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.locator("#choices #give-up").click()
    page.wait_for_timeout(300)
    assert dialogs and not over(page)  # dismissed: nothing sent
    page.once("dialog", lambda d: d.accept())
    page.locator("#choices #give-up").click()
    page.wait_for_function(f"() => {STATE}.model.over", timeout=10000)
    m = model(page)["m"]
    assert m["outcome"]["given_up"] == 0 and m["status"] == "over" and m["view"]["status"] == "playing"
    page.wait_for_selector("#summary[open]", timeout=5000)
    assert "Given up" in page.locator("#summary-body .winners").inner_text()
    assert page.locator("#choices #give-up").count() == 0
    info = httpx.get(f"{base_url}/api/tables/{made['table']['id']}", timeout=10).json()
    assert info["status"] == "over"
    assert not errors, errors
    ctx.close()

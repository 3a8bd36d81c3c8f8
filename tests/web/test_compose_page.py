"""The step-by-step composer on real table pages (issue 24, point 3): classic Die Macher's starting sheet on a phone
in zh-Hant, 選舉之戰's news cards on a laptop in zh-Hans, Die Macher 2019's first-player bid on a phone in English:
each step inside the docked decision, nothing wider than the screen, every control at least 44 px on the phone,
the words of the page's language; the choice made by clicks is the action sent. Screenshots of each step."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

from .helpers import (
    RECORD_SENDS,
    STATE,
    click_some_action,
    create_table,
    join_and_start,
    model,
    my_turn,
    no_missing_keys,
    sent,
    watch_errors,
)

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
CASES = [("die-macher", "short", ["random", "random"], "sheet1", "zh-Hant", "phone"),
         ("election-war", None, ["heuristic", "heuristic", "heuristic"], "play", "zh-Hans", "laptop"),
         ("die-macher-2019", "standard", ["random", "random"], "bid", "en", "phone")]

# what the composer shows, and how it sits on the screen
READ = """() => {
  const box = document.querySelector('#choices .compose');
  const controls = [...box.querySelectorAll('button, select, input')].filter((e) => e.offsetParent)
    .map((e) => { const r = e.getBoundingClientRect(); return [e.className, r.left, r.right, r.width, r.height]; });
  return { text: box.innerText, line: box.querySelector('.compose-line')?.textContent ?? null, controls,
    wide: document.documentElement.scrollWidth,
    css: [...document.styleSheets].some((s) => /compose\\.css/.test(s.href || '')) };
}"""


def _check(page: Any, size: str, lang: str) -> dict[str, Any]:
    got = page.evaluate(READ)
    width = page.viewport_size["width"]
    assert got["css"], "compose.css is not loaded"
    assert got["wide"] <= width, f"the page scrolls sideways ({got['wide']} > {width})"
    for cls, left, right, w, h in got["controls"]:
        assert left >= -1 and right <= width + 1, (cls, left, right)
        if size == "phone":
            assert w >= 44 and h >= 44, f"{cls} is {w}x{h}"
    if lang != "en":
        assert re.search(r"[\u4e00-\u9fff]", got["text"])
        assert not re.search(r"\b(Step|Back|Cancel|Legal)\b", got["text"]), got["text"]
    no_missing_keys(page)
    return got


def test_the_composer_on_table_pages(base_url: str, browser: Any, shots: Path) -> None:
    errors: list[str] = []
    for game, variant, bots, kind, lang, size in CASES:
        made = create_table(base_url, game, len(bots) + 1, [None, *bots], variant=variant)
        phone = size == "phone"
        ctx = browser.new_context(viewport=PHONE if phone else LAPTOP, is_mobile=phone, has_touch=phone,
                                  reduced_motion="reduce")
        ctx.add_init_script(f"localStorage.setItem('hustings.lang', '{lang}');")
        page = ctx.new_page()
        page.add_init_script(RECORD_SENDS)
        watch_errors(page, errors)
        page.goto(base_url + made["seats"][0]["invite"])
        join_and_start([page])
        rng = random.Random(24)
        entry = page.locator(f"#choices button.act.group[data-kind='{kind}']")
        for _ in range(300):  # play on by clicks until the kind is offered
            if my_turn(page) and entry.count():
                break
            if my_turn(page):
                click_some_action(page, rng)
            else:
                page.wait_for_timeout(50)
        assert entry.count(), f"{game}: no {kind} to compose"
        legal = {a["id"]: a for a in model(page)["m"]["legal"] if a["kind"] == kind}
        entry.click()
        first = _check(page, size, lang)
        page.screenshot(path=str(shots / f"{game}-{size}-{lang}-1.png"))
        if kind == "bid":
            assert "€" in first["text"], first["text"]
            assert not re.search(r"Legal: \d+ to \d+\b(?![,€])", first["text"]), first["text"]
            page.locator("#choices .amount-step.more").click()
            page.locator("#choices .amount-step.more").click()
            page.screenshot(path=str(shots / f"{game}-{size}-{lang}-2.png"))
            page.locator("#choices .review-btn").click()
        else:
            for k in range(6):
                if page.locator("#choices .compose .send").count():
                    break
                got = _check(page, size, lang)
                if k:  # (the starting sheet's first step has no line: its combinations differ in what they say)
                    assert got["line"] is not None and got["line"].count("?") == 1, got["line"]
                page.locator("#choices .compose button.choice").nth(k % 2).click()
                page.screenshot(path=str(shots / f"{game}-{size}-{lang}-{k + 2}.png"))
        _check(page, size, lang)
        before = len(sent(page, "act"))
        step = model(page)["m"]["step"]
        page.locator("#choices .compose .send").click()
        page.wait_for_function(f"s => {STATE}.model.step !== s", arg=step, timeout=30000)
        acts = sent(page, "act")
        assert len(acts) == before + 1 and acts[-1]["action"] in legal
        ctx.close()
    assert not errors, errors

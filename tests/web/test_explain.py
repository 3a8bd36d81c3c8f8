"""The log's ``?`` in the browser: the server's worked explanation of an event (the terminal's explain), in the
page's language; the event's own data only when there is nothing to work out (Die Macher 2019, seed 000: the
elections of §四 and the conversion of rallies to votes of §三)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from .helpers import (
    RECORD_SENDS,
    STATE,
    click_some_action,
    create_table,
    join_and_start,
    my_turn,
    sent,
    switch_lang,
    watch_errors,
)


def _open(page: Any, kind: str) -> Any:
    """Click ``?`` on the first event of ``kind`` in the log and wait for what it opens."""
    key = page.evaluate(f"k => {{ const e = {STATE}.events.find(e => e.type === k); return `${{e.step}}:${{e.n}}`; }}",
                        kind)
    li = page.locator(f"#log-list li[data-key='{key}']")
    li.locator("button.explain").click()
    li.locator(".explained:not(.hint)").wait_for(timeout=10000)
    return li


def test_log_explains_an_election_and_votes_with_worked_lines(base_url: str, browser: Any, shots: Path) -> None:
    made = create_table(base_url, "die-macher-2019", 3, [None, "random", "random"], "standard")
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    page.add_init_script(RECORD_SENDS)
    errors: list[str] = []
    watch_errors(page, errors)
    page.goto(base_url + made["seats"][0]["invite"])
    join_and_start([page])
    rng = random.Random(13)
    # play by clicking until an election and a conversion of rallies are in the log: the table's seed is fresh,
    # and in some deals nobody has rallies to convert before the first election, so that may take a later one
    both = (f"() => {STATE}.events.some(e => e.type === 'election_result') && "
            f"{STATE}.events.some(e => e.type === 'votes_converted')")
    for _ in range(4000):
        if page.evaluate(both):
            break
        if my_turn(page):
            click_some_action(page, rng)
        else:
            page.wait_for_timeout(30)
    else:
        raise AssertionError("no election and conversion within 4000 tries")

    election = _open(page, "election_result")
    title = election.locator(".ex-title").first.text_content() or ""
    lines = election.locator(".ex-lines li").all_text_contents()
    assert title.startswith("Election 1: "), title
    assert sum(" votes → " in line for line in lines) == 3, lines  # a line per party: votes → points (why)
    assert election.locator("table.breakdown").count() == 0  # worked lines, not the raw data

    votes = _open(page, "votes_converted")
    vote_lines = votes.locator(".ex-lines li").all_text_contents()
    assert any("rallies" in line and "match" in line for line in vote_lines), vote_lines
    page.screenshot(path=str(shots / "explain-en.png"), full_page=True)

    # the open explanations follow the page's language
    switch_lang(page, "zh-Hant")
    page.wait_for_function("() => /第1場選舉/.test(document.querySelector(\"#log-list li[data-type='election_result'] "
                           ".ex-title\")?.textContent || '')", timeout=10000)
    page.screenshot(path=str(shots / "explain-zh-Hant.png"), full_page=True)
    switch_lang(page, "en")

    # an event with nothing to work out shows its own data
    plain = _open(page, "round_started")
    assert plain.locator("table.breakdown").count() == 1

    asked = sent(page, "explain")
    assert asked and all(set(m) == {"type", "step", "index"} for m in asked)
    assert not errors, errors
    ctx.close()

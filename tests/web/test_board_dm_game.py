"""One whole game of each Die Macher edition played through clicks (issue 24, point 8): seat 0 is a person on a
laptop page, the other seats heuristic bots (classic short and Die Macher 2019 standard, three players). Each
decision is taken on the board where it is a place there (a card, a board, a party, a poll option; classic's
starting sheet and 2019's deployment step by step: first the combination, then each board on the map), else by
the page's buttons (a bid, pass). Every few decisions and at the end every piece on the board is checked against
the view the page holds (cubes, media markers, opinion cards, tracks, votes, politicians or cabinet, platform and
hand cards); screenshots at laptop and phone size, in English, 简体中文 (2019) and 繁體中文 (classic), under
tests/web/artifacts/<test>/."""

from __future__ import annotations

import random
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .helpers import (
    RECORD_SENDS,
    STATE,
    check_phone,
    click_some_action,
    create_table,
    join_and_start,
    no_missing_keys,
    sent,
    switch_lang,
    watch_errors,
)
from .test_board_dm import READ, _check_pieces

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
# the model's view and what the board drew, read in one go (a message redraws the page synchronously)
READ_BOTH = f"() => ({{ view: JSON.parse(JSON.stringify({STATE}.model.view)), got: ({READ})() }})"
STEP = f"() => {STATE}.model.step"
WAIT_TURN = f"() => {STATE}.model.over || (!{STATE}.pending && ({STATE}.model.legal || []).length > 0)"


def _check_board(page: Any, game: str) -> None:
    both = page.evaluate(READ_BOTH)
    _check_pieces(both["got"], both["view"], game)
    if game == "die-macher-2019":  # the results table numbers each election as the boards do (from 1)
        got = page.evaluate("() => [...document.querySelectorAll('#board table.grid tr')].slice(1)"
                            ".map((tr) => tr.cells[0].textContent)")
        assert got == [str(r["election"]) for r in both["view"]["results"]], got


def _sent_kind(page: Any, legal: dict[int, str], before: int) -> str | None:
    acts = sent(page, "act")
    return legal.get(int(acts[-1]["action"])) if len(acts) > before else None


def _wait_sent_or_step(page: Any, before: int, step: int, timeout: float = 5000) -> bool:
    try:
        page.wait_for_function(
            f"([n, s]) => window.__sent.filter(m => m.type === 'act').length > n || {STATE}.model.step !== s "
            f"|| {STATE}.model.over", arg=[before, step], timeout=timeout)
        return True
    except PlaywrightTimeout:
        return False


def _decide_on_board(page: Any, rng: random.Random, used: defaultdict[str, int], shots: Path | None = None) -> None:
    """One decision of seat 0, by clicks: on the board when it offers places, else the page's buttons."""
    step = page.evaluate(STEP)
    legal = {a["id"]: a["kind"] for a in page.evaluate(f"() => {STATE}.model.legal")}
    before = len(sent(page, "act"))
    board = page.locator("#board")
    if board.locator(".bd-steps").count():
        # a choice of several places: the first value from the panel, then each place on the map or a board
        for _ in range(10):
            if not board.locator(".bd-steps").count() or len(sent(page, "act")) > before:
                break
            spots = board.locator(".bd-place[data-step]")
            if spots.count():
                spots.nth(rng.randrange(spots.count())).click()
                used["step_place"] += 1
            else:
                opts = board.locator(".bd-steps .bd-step-opt")
                opts.nth(rng.randrange(opts.count())).click()
                used["step_option"] += 1
                if shots is not None and board.locator(".bd-place[data-step]").count():
                    # the next step asks for a board: the sentence so far marks the slot, the places are outlined
                    assert "▢" in board.locator(".bd-steps-so-far").inner_text()
                    no_missing_keys(page)
                    lang = page.evaluate(f"() => {STATE}.lang")
                    page.screenshot(path=str(shots / f"steps-{lang}-laptop.png"), full_page=True)
        assert _wait_sent_or_step(page, before, step), "the step-by-step choice sent nothing"
        kind = _sent_kind(page, legal, before)
        assert kind in ("sheet1", "sheet2", "deploy"), kind
        used[kind] += 1
    else:
        places = board.locator(".bd-place[data-actions]")
        n = places.count()
        done = False
        if n and rng.random() < 0.85:
            spot = places.nth(rng.randrange(n))
            offered = {int(x) for x in (spot.get_attribute("data-actions") or "").split()}
            assert offered and offered <= set(legal), (offered, legal)
            spot.click()
            if page.locator(".bd-menu").count():  # several actions at one place: a menu of them
                items = page.locator(".bd-menu .bd-menu-item")
                items.nth(rng.randrange(items.count())).click()
            done = _wait_sent_or_step(page, before, step)
            if done:
                kind = _sent_kind(page, legal, before)
                if kind is not None:
                    assert int(sent(page, "act")[-1]["action"]) in offered
                    used["board"] += 1
                    used[f"board:{kind}"] += 1
        if not done:  # nothing on the board for this decision (or the drawing moved on): the page's buttons
            if page.locator(".bd-menu").count():
                page.locator(".bd-menu .bd-menu-close").click()
            still = f"() => !{STATE}.pending && {STATE}.model.step === {step} && ({STATE}.model.legal || []).length > 0"
            if page.evaluate(still):
                click_some_action(page, rng)
                used["buttons"] += 1
    page.wait_for_function(f"s => {STATE}.model.step !== s || {STATE}.model.over", arg=step, timeout=30000)


@pytest.mark.parametrize(("game", "variant", "lang"), [("die-macher-2019", "standard", "zh-Hans"),
                                                       ("die-macher", "short", "zh-Hant")])
def test_a_whole_game_played_on_the_board(
    base_url: str, browser: Any, shots: Path, game: str, variant: str, lang: str
) -> None:
    made = create_table(base_url, game, 3, [None, "heuristic", "heuristic"], variant)
    ctx = browser.new_context(viewport=LAPTOP)
    page = ctx.new_page()
    page.emulate_media(reduced_motion="reduce")  # screenshots of the pieces where they stand
    page.add_init_script(RECORD_SENDS)
    errors: list[str] = []
    watch_errors(page, errors)
    page.goto(base_url + made["seats"][0]["invite"])
    join_and_start([page])
    if game == "die-macher":
        switch_lang(page, lang)  # classic is played in 繁體中文 throughout
    rng = random.Random(24)
    used: defaultdict[str, int] = defaultdict(int)  # what each decision was taken with
    shots_taken = 0
    decisions = 0
    while True:
        page.wait_for_function(WAIT_TURN, timeout=60000)
        if page.evaluate(f"() => {STATE}.model.over"):
            break
        if decisions % 8 == 0:
            _check_board(page, game)
        if decisions in (0, 3, 25, 50) and shots_taken < 8:
            if decisions == 25 and game == "die-macher-2019":
                switch_lang(page, lang)  # the rest of 2019's game in 简体中文
                page.wait_for_function(WAIT_TURN, timeout=30000)
            now = page.evaluate(f"() => {STATE}.lang")
            page.screenshot(path=str(shots / f"{decisions:03d}-{now}-laptop.png"), full_page=True)
            page.set_viewport_size(PHONE)
            check_phone(page)
            page.screenshot(path=str(shots / f"{decisions:03d}-{now}-phone.png"), full_page=True)
            page.set_viewport_size(LAPTOP)
            no_missing_keys(page)
            shots_taken += 2
        _decide_on_board(page, rng, used, shots)
        decisions += 1
        assert decisions < 400, "the game does not end"
    _check_board(page, game)
    page.screenshot(path=str(shots / f"end-{page.evaluate(f'() => {STATE}.lang')}-laptop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    check_phone(page)
    page.screenshot(path=str(shots / "end-phone.png"), full_page=True)
    # the choices of several places were made on the board, and most decisions that are places were clicked there
    if game == "die-macher":
        assert used["sheet1"] == 1 and used["sheet2"] == 1, dict(used)
    else:
        assert used["deploy"] == 1, dict(used)
    assert used["step_place"] >= 4, dict(used)
    assert used["board"] >= 10, dict(used)
    assert not errors, errors
    ctx.close()

"""A whole game of each multiplayer game in the browser: two seats played by clicking, in two browser contexts,
a bot in the third seat. Each page must never show what the other seat's private events said."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from .helpers import (
    STATE,
    check_summary_fits,
    click_some_action,
    create_table,
    join_and_start,
    model,
    my_turn,
    no_missing_keys,
    over,
    phase_shot,
    switch_lang,
    watch_errors,
)

LOG_TEXTS = "() => [...document.querySelectorAll('#log-list .ev-text')].map(x => x.textContent)"

GAMES = [
    ("election-war", None),
    ("die-macher-2019", "standard"),
    ("die-macher", "short"),
]


def _private_texts(page: Any, seat: int) -> set[str]:
    evs = page.evaluate(f"() => {STATE}.events.filter(e => e.to === {seat}).map(e => e.text)")
    return {t for t in evs if t and len(t) > 12}


@pytest.mark.parametrize(("game", "variant"), GAMES)
def test_whole_game_two_seats_by_clicking(
    base_url: str, browser: Any, shots: Path, game: str, variant: str | None
) -> None:
    made = create_table(base_url, game, 3, [None, None, "heuristic"], variant)
    invites = {s["seat"]: s["invite"] for s in made["seats"]}
    contexts = [browser.new_context(viewport={"width": 1280, "height": 900}),
                browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)]
    pages = [c.new_page() for c in contexts]
    errors: list[str] = []
    for seat, p in enumerate(pages):
        watch_errors(p, errors)
        p.goto(base_url + invites[seat])
    join_and_start(pages)
    rng = random.Random(2024)
    seen: set[str] = set()
    checked_reload = False
    for turn in range(3000):
        if all(over(p) for p in pages):
            break
        acted = False
        for seat, p in enumerate(pages):
            phase_shot(p, shots, seen, f"seat{seat}")
            if my_turn(p):
                if game == "die-macher-2019" and p.evaluate(f"() => {STATE}.model.phase") == "presence":
                    # the decision is worded (state, value), not the generic "your turn" (§三.9.2)
                    generic = p.evaluate(f"() => {STATE}.words.t('web.your_turn')")
                    assert p.locator("#turn").text_content() != generic
                    assert p.locator("section.presence").count() == 1
                click_some_action(p, rng)
                acted = True
        if turn % 25 == 0:
            # secrets: nothing the other seat alone was told appears on this page
            for seat, p in enumerate(pages):
                other = 1 - seat
                shown = set(p.evaluate(LOG_TEXTS))
                # a text this seat was told itself (the same card drafted, "You ...") is not the other's secret
                own = set(p.evaluate(f"() => {STATE}.events.map(e => e.text)"))
                for secret in _private_texts(pages[other], other) - own:
                    assert secret not in shown, f"seat {seat} sees seat {other}'s secret: {secret}"
                m = model(p)["m"]
                assert all(e.get("to") in (None, seat) for e in model(p)["events"])
                players = m["view"].get("players")
                if isinstance(players, list) and players and isinstance(players[0], dict) and "hand" in players[0]:
                    assert players[other]["hand"] is None
        if turn == 5:
            # the phone seat reads the table in each language for a moment: no key shows through
            for lang in ("zh-Hans", "zh-Hant", "en"):
                switch_lang(pages[1], lang)
                no_missing_keys(pages[1])
                pages[1].screenshot(path=str(shots / f"lang-{lang}-seat1.png"), full_page=True)
        if turn == 10 and not checked_reload:
            # reconnect after a reload: same step, same view
            before = model(pages[0])["m"]["step"]
            pages[0].reload()
            pages[0].wait_for_function(f"() => {STATE}.model !== null", timeout=15000)
            assert model(pages[0])["m"]["step"] >= before
            checked_reload = True
        if not acted:
            pages[0].wait_for_timeout(50)
    assert all(over(p) for p in pages), "the game did not finish"
    for seat, p in enumerate(pages):
        p.wait_for_selector("#summary[open] svg.chart", timeout=30000)
        p.screenshot(path=str(shots / f"summary-seat{seat}.png"), full_page=True)
        assert p.evaluate("() => document.documentElement.scrollWidth") <= p.viewport_size["width"] + 1
        check_summary_fits(p)  # on the phone too: the score table is stacked, not scrolled
    assert not errors, errors
    for c in contexts:
        c.close()

"""Whole games played through clicks on the board (issue 24, point 8), for 選舉之戰 and 逃出總統府:
- 選舉之戰, four seats: the person's seat by taps on the board (a role card then its place, a news card then its
  candidate or the discard pile; stop, press and done in the action panel), the three others heuristic bots; the
  first half at laptop size (1366x768), the rest at phone size (390x844); at every decision every card on the board
  is held to the view (tests/web/test_ew_board.py's check); then saved positions (played in-process from a fixed
  seed: the declaration, a news card in play, the end) drawn in zh-Hans and zh-Hant at both sizes.
- 逃出總統府 to its end by tapping the grid along a shortest escape worked out from the view (no hint asked), every
  card of the grid and the par track held to the view after each swap, the last moves at phone size; the escape
  reaches par; then saved positions in zh-Hans and zh-Hant at both sizes.
Screenshots in tests/web/artifacts/<test>/."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import hustings
from hustings.games.palace_escape import solver

from .helpers import (
    RECORD_SENDS,
    STATE,
    create_table,
    join_and_start,
    model,
    my_turn,
    no_missing_keys,
    over,
    switch_lang,
    watch_errors,
)
from .test_ew_board import board_move, check_board

LAPTOP = {"width": 1366, "height": 768}
PANEL = {"stop", "press", "no_press", "done"}


class _Board(random.Random):
    """Chooses on the board whenever the action panel offers nothing (test_ew_board's board_move rolls for it)."""

    def random(self) -> float:
        return 0.0
PHONE = {"width": 390, "height": 844}

# a saved position drawn in the page as the server's view of this seat would be (nothing to choose)
SHOW = """v => { const S = window.hustingsTable; S.model = { ...S.model, view: v, legal: [] };
  document.getElementById('choices').dispatchEvent(new Event('redraw')); }"""


def _ew_positions() -> dict[str, dict[str, Any]]:
    """Seat 0's view at the declaration (some cards placed), with a news card in play, and at the end."""
    s = hustings.make("election-war", players=4, seed=24)
    rng = random.Random(24)
    out: dict[str, dict[str, Any]] = {}
    while not s.is_over:
        v = s.view(0)
        placed = sum(1 for row in v["candidates"] for c in row if c["placed"])
        if v["phase"] == "declare" and placed >= 6:
            out.setdefault("declare", v)
        if v["pending"] and v["round"] >= 1:
            out.setdefault("news", v)
        p = s.current_players[0]
        s.apply(p, rng.choice(s.legal_actions(p)))
    out["over"] = s.view(0)
    assert set(out) == {"declare", "news", "over"}, set(out)
    return out


def _show_and_check(page: Any, views: dict[str, dict[str, Any]], check: Any, shots: Path, game: str) -> None:
    for lang in ("zh-Hans", "zh-Hant"):
        switch_lang(page, lang)
        for name, v in views.items():
            for size, vp in (("laptop", LAPTOP), ("phone", PHONE)):
                page.set_viewport_size(vp)
                page.evaluate(SHOW, v)
                check(page)
                no_missing_keys(page)
                page.screenshot(path=str(shots / f"{game}-saved-{name}-{size}-{lang}.png"), full_page=True)


def test_election_war_four_seats_one_person_by_clicks(base_url: str, browser: Any, shots: Path) -> None:
    made = create_table(base_url, "election-war", 4, [None, "heuristic", "heuristic", "heuristic"])
    ctx = browser.new_context(viewport=LAPTOP, has_touch=True, reduced_motion="reduce")
    page = ctx.new_page()
    errors: list[str] = []
    page.add_init_script(RECORD_SENDS)
    watch_errors(page, errors)
    page.goto(base_url + made["seats"][0]["invite"])
    join_and_start([page])
    rng = random.Random(2024)
    hows: list[str] = []
    shot: set[tuple[str, str]] = set()
    for _ in range(3000):
        if over(page):
            break
        if not my_turn(page):
            page.wait_for_timeout(50)
            continue
        m = model(page)["m"]
        size = "laptop" if m["view"]["round"] < 3 else "phone"
        if size == "phone" and page.viewport_size["width"] != PHONE["width"]:
            page.set_viewport_size(PHONE)
        check_board(page)  # (at phone size also: no sideways scrolling, every board target at least 44 px)
        if (size, m["phase"]) not in shot:
            shot.add((size, m["phase"]))
            no_missing_keys(page)
            page.screenshot(path=str(shots / f"ew-{size}-en-{m['phase']}-round{m['view']['round'] + 1}.png"),
                            full_page=True)
        forced = not any(a["kind"] in PANEL for a in m["legal"])
        hows.append(board_move(page, _Board(rng.random()) if forced else rng))
    assert over(page), "the game did not finish"
    page.evaluate("() => document.querySelector('#summary[open]')?.close()")
    final = check_board(page)
    assert sum(len(w["roles"]) + len(w["districts"]) for w in final["view"]["won"]) > 0
    page.screenshot(path=str(shots / "ew-phone-en-over.png"), full_page=True)
    # every kind of board tap happened, at both sizes
    assert hows.count("board") >= 6 and {s for s, _ in shot} == {"laptop", "phone"}, (hows, shot)
    _show_and_check(page, _ew_positions(), check_board, shots, "ew")
    assert not errors, errors
    ctx.close()


READ_GRID = f"""() => ({{ view: {STATE}.model.view,
  cells: [...document.querySelectorAll('.palace [data-cell]')].map((e) => [+e.dataset.cell, +e.dataset.rank]),
  goal: [...document.querySelectorAll('.palace .cell.goal')].map((e) => +e.dataset.cell),
  par: (() => {{ const e = document.querySelector('.palace-par'); return e ? [+e.dataset.moves, +e.dataset.par,
    e.querySelectorAll('i').length, e.querySelectorAll('i.done').length,
    e.querySelectorAll('i.over').length] : null; }})(),
  fallback: !!{STATE}.rendererFailed }})"""


def check_grid(page: Any) -> dict[str, Any]:
    """Every card of the grid is the view's, the goal cell marked, the par track a step per move of par."""
    g = page.evaluate(READ_GRID)
    v = g["view"]
    assert not g["fallback"]
    assert g["cells"] == [[i, r] for i, r in enumerate(v["board"])], (g["cells"], v["board"])
    assert g["goal"] == [v["goal"]]
    if v["par"] is not None:
        assert g["par"] == [v["moves"], v["par"], max(v["par"], v["moves"]), min(v["moves"], v["par"]),
                            max(0, v["moves"] - v["par"])], g["par"]
    if page.viewport_size["width"] < 500:
        assert page.evaluate("() => document.documentElement.scrollWidth") <= page.viewport_size["width"]
        small = page.evaluate("""() => [...document.querySelectorAll('.palace [data-cell]')]
            .map((e) => e.getBoundingClientRect()).filter((r) => r.width < 44 || r.height < 44).length""")
        assert small == 0
    return g


def test_palace_escape_to_its_end_by_tapping_the_grid(base_url: str, browser: Any, shots: Path) -> None:
    made = create_table(base_url, "palace-escape", 1, [None])
    ctx = browser.new_context(viewport=LAPTOP, has_touch=True, reduced_motion="reduce")
    page = ctx.new_page()
    errors: list[str] = []
    page.add_init_script(RECORD_SENDS)
    watch_errors(page, errors)
    page.goto(base_url + made["seats"][0]["invite"])
    join_and_start([page])
    start = check_grid(page)["view"]
    path = solver.forward_search(start["board"], start["capture"])
    assert path is not None and len(path) == start["par"]
    views = {"start": start}
    for i, pair in enumerate(path):
        if i == len(path) // 2:
            page.set_viewport_size(PHONE)
            views["middle"] = model(page)["m"]["view"]
        a, b = solver.PAIRS[pair]
        step = model(page)["m"]["step"]
        page.locator(f".palace [data-cell='{a}']").click()
        page.locator(f".palace [data-cell='{b}']").click()
        page.wait_for_function(f"s => {STATE}.model.step > s", arg=step, timeout=10000)
        g = check_grid(page)
        assert g["view"]["moves"] == i + 1 and g["view"]["hints"] == 0
        if i == 0:
            page.screenshot(path=str(shots / "palace-laptop-en-move1.png"), full_page=True)
    assert over(page)
    end = model(page)["m"]["view"]
    assert end["status"] == "won" and end["moves"] == end["par"] == len(path) and end["hints"] == 0
    page.wait_for_selector("#summary[open]", timeout=5000)
    page.screenshot(path=str(shots / "palace-phone-en-won.png"), full_page=True)
    page.evaluate("() => document.querySelector('#summary[open]')?.close()")
    views["won"] = end
    _show_and_check(page, views, check_grid, shots, "palace")
    assert not errors, errors
    ctx.close()

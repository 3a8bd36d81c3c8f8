"""Die Macher's board in the browser (issue 24), both editions: every piece the board draws matches the view
(cubes, media markers, opinion cards per board and party, tracks, platform and hand cards, read from the SVG's
data-* attributes), a click on a place of the board (a card, a board) sends the matching legal action, and
screenshots of a saved position at laptop and phone size in the three languages (tests/web/artifacts/)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

import hustings

from .helpers import (
    RECORD_SENDS,
    STATE,
    check_phone,
    create_table,
    join_and_start,
    no_missing_keys,
    sent,
    switch_lang,
    watch_errors,
)

EDITIONS = [("die-macher-2019", "standard"), ("die-macher", "short")]


def _saved_view(game: str, variant: str) -> dict[str, Any]:
    """A position a few rounds in (cubes, media and votes on the boards), as seat 0 sees it: played at random
    in-process from a fixed seed, so the same position every run."""
    s = hustings.make(game, players=3, variant=variant, seed=24)
    rng = random.Random(24)
    cubes = "rallies" if game == "die-macher-2019" else "cubes"
    while not s.is_over:
        q = s.current_players[0]
        s.apply(q, rng.choice(s.legal_actions(q)))
        v = s.view(0)
        boards = [b for b in v["boards"] if b["state"] >= 0]
        if (sum(sum(b[cubes]) for b in boards) >= 4 and sum(sum(b["media"]) for b in boards) >= 3
                and any(sum(b["votes"]) for b in boards) and v["phase"] not in ("presence", "over")):
            return dict(v)
    raise AssertionError("no position with pieces on the boards")


SHOW = """v => { const S = window.hustingsTable; S.model = { ...S.model, view: v, legal: [] };
  document.getElementById('choices').dispatchEvent(new Event('redraw')); }"""

# what the board shows, read from its pieces' data-* attributes
READ = """() => {
  const all = (sel) => [...document.querySelectorAll('#board ' + sel)];
  const count = (sel) => { const out = {}; for (const e of all(sel)) {
    const k = `${e.dataset.board}:${e.dataset.seat}`; out[k] = (out[k] || 0) + 1; } return out; };
  const cards = (kind) => { const out = {}; for (const e of all(`[data-kind="${kind}"].bd-card`)) {
    const k = e.dataset.board ?? e.dataset.seat; (out[k] = out[k] || []).push(Number(e.dataset.card)); } return out; };
  const values = (kind) => Object.fromEntries(all(`[data-kind="${kind}"]`)
    .map((e) => [`${e.dataset.board}:${e.dataset.seat}`, Number(e.dataset.value)]));
  return { cubes: count('.bd-piece[data-kind="cube"]'), media: count('.bd-piece[data-kind="media"]'),
    opinions: cards('opinion'), platform: cards('platform'), hand: cards('hand'),
    trend: values('trend'), popularity: values('popularity'), votes: values('votes'),
    national: all('[data-kind="national"]').map((e) => Number(e.dataset.card)),
    nationalMedia: count('.bd-piece[data-kind="national-media"]'),
    politicians: count('.bd-piece[data-kind="politician"]'), cabinet: count('.bd-piece[data-kind="cabinet"]'),
    boards: all('.bd-boardcard').map((e) => Number(e.dataset.board)),
    tiles: all('.bd-tile.bd-on').map((e) => Number(e.dataset.state)) };
}"""


def _per(boards: list[tuple[int, dict[str, Any]]], key: str) -> dict[str, int]:
    return {f"{i}:{s}": n for i, b in boards for s, n in enumerate(b[key]) if n}


def _check_pieces(got: dict[str, Any], v: dict[str, Any], game: str) -> None:
    classic = game == "die-macher"
    boards = [(i if classic else b["board"], b) for i, b in enumerate(v["boards"]) if b["state"] >= 0]
    assert sorted(got["boards"]) == sorted(i for i, _ in boards)
    assert sorted(got["tiles"]) == sorted(b["state"] for _, b in boards)
    assert got["cubes"] == _per(boards, "cubes" if classic else "rallies")
    assert got["media"] == _per(boards, "media")
    for i, b in boards:
        up = b["up"] if classic else b["opinions"]
        down = b["down"] if classic else b["hidden_opinions"]
        assert sorted(got["opinions"][str(i)]) == sorted(up + [-1] * down), (i, got["opinions"], b)
        assert {k: x for k, x in got["votes"].items() if k.startswith(f"{i}:")} == {
            f"{i}:{s}": n for s, n in enumerate(b["votes"]) if n}
    if classic:
        assert got["popularity"] == {f"{i}:{s}": x for i, b in boards for s, x in enumerate(b["popularity"])}
        assert got["national"] == [c for c, _ in v["national_row"]]
        media: dict[str, int] = {}
        for q, _ in v["national_media"]:
            media[f"undefined:{q}"] = media.get(f"undefined:{q}", 0) + 1
        assert got["nationalMedia"] == media
        assert got["cabinet"] == {f"{i}:{s}": n for i, b in boards for s in {x[0] for x in b["cabinet"]}
                                  if (n := sum(1 for x in b["cabinet"] if x[0] == s))}
    else:
        assert got["trend"] == {f"{b['board']}:{s}": x for _, b in boards for s, x in enumerate(b["trend"])
                                if v["players"][s]["party"] >= 0}
        assert got["politicians"] == {f"{i}:{s}": n for i, b in boards for s in {x["player"] for x in b["politicians"]}
                                      if (n := sum(1 for x in b["politicians"] if x["player"] == s))}
    for s, p in enumerate(v["players"]):
        program = p["program"] if classic else p["platform"]
        assert got["platform"].get(str(s), []) == program
        hand = p["hand"] if p["hand"] is not None else [-1] * p["hand_size"]
        assert got["hand"].get(str(s), []) == hand, (s, got["hand"], p)


@pytest.mark.parametrize(("game", "variant"), EDITIONS)
def test_board_matches_view_and_clicks_choose(
    base_url: str, browser: Any, shots: Path, game: str, variant: str
) -> None:
    made = create_table(base_url, game, 3, [None, "random", "random"], variant)
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    page = ctx.new_page()
    page.emulate_media(reduced_motion="reduce")  # screenshots of the pieces where they stand, not mid-animation
    page.add_init_script(RECORD_SENDS)
    errors: list[str] = []
    watch_errors(page, errors)
    page.goto(base_url + made["seats"][0]["invite"])
    join_and_start([page])

    # a click on a place of the board sends one of the legal actions that place stands for (a draft card, a
    # hand card, a board...); before one shows, decisions are taken through the page's own door
    rng = random.Random(7)
    for _ in range(25):
        page.wait_for_function(f"() => {STATE}.model.over || (!{STATE}.pending && ({STATE}.model.legal || []).length)",
                               timeout=30000)
        if page.locator("#board .bd-place").count():
            break
        m = page.evaluate(f"() => ({{ step: {STATE}.model.step, legal: {STATE}.model.legal.map(a => a.id) }})")
        page.evaluate("id => window.hustingsAct(id)", rng.choice(m["legal"]))
        page.wait_for_function(f"s => {STATE}.model.step !== s", arg=m["step"], timeout=30000)
    before = len(sent(page, "act"))
    for _ in range(3):  # the board is drawn again when another seat's news arrives: a click on the old drawing is lost
        spot = page.locator("#board .bd-place").first
        offered = {int(x) for x in (spot.get_attribute("data-actions") or "").split()}
        legal = {a["id"] for a in page.evaluate(f"() => {STATE}.model.legal")}
        assert offered and offered <= legal
        spot.click()
        if page.locator(".bd-menu").count():  # several actions at one place: a menu of them
            page.locator(".bd-menu .bd-menu-item").first.click()
        try:
            page.wait_for_function("n => window.__sent.filter(m => m.type === 'act').length > n", arg=before,
                                   timeout=5000)
            break
        except PlaywrightTimeout:
            continue
    assert len(sent(page, "act")) > before
    assert sent(page, "act")[-1]["action"] in offered

    # a saved position: every piece on the board matches the view, in each language and at both sizes
    view = _saved_view(game, variant)
    page.wait_for_function(f"() => {STATE}.model.over || !{STATE}.pending", timeout=30000)
    for lang in ("en", "zh-Hans", "zh-Hant"):
        if lang != "en":
            switch_lang(page, lang)
        page.set_viewport_size({"width": 1366, "height": 768})
        page.evaluate(SHOW, view)
        _check_pieces(page.evaluate(READ), view, game)
        no_missing_keys(page)
        page.screenshot(path=str(shots / f"{game}-{lang}-laptop.png"), full_page=True)
        page.set_viewport_size({"width": 390, "height": 844})
        page.evaluate(SHOW, view)
        check_phone(page)
        # every card and tile (what a click may choose) is at least 44 px on a phone
        small = page.evaluate("""() => [...document.querySelectorAll('#board .bd-card, #board .bd-tile')].map(e => {
            const r = e.getBoundingClientRect();
            return [e.dataset.kind || 'tile', Math.round(r.width), Math.round(r.height)]; })
            .filter(([, w, h]) => w < 44 || h < 44)""")
        assert not small, f"cards or tiles smaller than 44 px on a phone: {small[:5]}"
        page.screenshot(path=str(shots / f"{game}-{lang}-phone.png"), full_page=True)
    assert not errors, errors
    ctx.close()

"""The server's undo offered on the page (an Undo button only when the server says this seat may take its last
move back now) and used; clicks that are not a legal choice send nothing."""

from __future__ import annotations

import contextlib
import random
from pathlib import Path
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from hustings.server.tables import OFFER_DELAY_S

from .helpers import (
    RECORD_SENDS,
    STATE,
    click_some_action,
    create_table,
    join_and_start,
    model,
    my_turn,
    sent,
    watch_errors,
)


def test_undo_button_and_illegal_clicks(base_url: str, browser: Any, shots: Path) -> None:
    made = create_table(base_url, "die-macher-2019", 3, [None, None, None], "standard")
    invites = {s["seat"]: s["invite"] for s in made["seats"]}
    # one browser context per seat: a background tab of a shared context barely runs its timers
    contexts = [browser.new_context(viewport={"width": 1280, "height": 900}) for _ in range(3)]
    for c in contexts:
        c.add_init_script(RECORD_SENDS)
    pages = [c.new_page() for c in contexts]
    errors: list[str] = []
    for seat, p in enumerate(pages):
        watch_errors(p, errors)
        p.goto(base_url + invites[seat])
    join_and_start(pages)
    rng = random.Random(11)

    # play by clicking until a seat's own move may be taken back: the page offers Undo, and only to that seat
    undone = False
    for _ in range(120):
        mover = next((p for p in pages if my_turn(p)), None)
        if mover is None:
            pages[0].wait_for_timeout(50)
            continue
        click_some_action(mover, rng)
        # the server works the offer out once the table has stayed at this step a moment (OFFER_DELAY_S), and
        # then sends an update that offers it: wait for it a while before counting the move as not undoable
        with contextlib.suppress(PlaywrightTimeout):
            mover.wait_for_function(f"() => {STATE}.model.can_undo", timeout=1000 * (4 * OFFER_DELAY_S))
        m = model(mover)["m"]
        if not m["can_undo"]:
            assert mover.locator("#undo").count() == 0
            continue
        mover.wait_for_selector("#undo")
        for other in pages:
            if other is not mover:
                other.wait_for_function(f"s => {STATE}.model.step >= s", arg=m["step"])
                assert other.locator("#undo").count() == 0
        mover.screenshot(path=str(shots / "01-undo-offered.png"), full_page=True)
        step = m["step"]
        mover.click("#undo")
        mover.wait_for_function(f"s => {STATE}.model.step === s - 1", arg=step, timeout=15000)
        assert sent(mover, "undo") == [{"type": "undo", "step": step}]
        assert all(e["step"] <= step - 1 for e in model(mover)["events"])
        for other in pages:
            other.wait_for_function(f"s => {STATE}.model.step === s - 1", arg=step, timeout=15000)
        undone = True
        break
    assert undone, "no move in 120 could be taken back"

    # clicks that are no legal choice send nothing: the board of a seat that is not to act, and a guided
    # choice opened and cancelled
    waiting = next(p for p in pages if not my_turn(p))
    acts_before = len(sent(waiting, "act"))
    for target in ("#board .boardcard >> nth=0", "#board .chip >> nth=0", "#turn", "#scores"):
        if waiting.locator(target).count():
            waiting.locator(target).click()
    waiting.wait_for_timeout(200)
    assert len(sent(waiting, "act")) == acts_before
    for _ in range(200):  # find a turn with a guided (composed) choice, open it and cancel
        mover = next((p for p in pages if my_turn(p)), None)
        if mover is None:
            pages[0].wait_for_timeout(50)
            continue
        group = mover.locator("#choices button.act.group")
        if group.count():
            before, step = len(sent(mover, "act")), model(mover)["m"]["step"]
            group.first.click()
            mover.wait_for_selector("#choices .compose")
            mover.locator("#choices .compose button.cancel").click()
            mover.wait_for_timeout(200)
            assert len(sent(mover, "act")) == before and model(mover)["m"]["step"] == step
            assert mover.locator("#choices .compose").count() == 0
            break
        click_some_action(mover, rng)
    else:
        raise AssertionError("no guided choice came up")
    # and an action id the server did not offer is refused by the page itself
    p = next(p for p in pages if my_turn(p))
    before = len(sent(p, "act"))
    assert p.evaluate(f"() => {STATE}.model && window.hustingsAct(999999)") is False
    assert len(sent(p, "act")) == before
    assert not errors, errors
    for c in contexts:
        c.close()

"""Driving the table page like a person: only by clicking what the page shows."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import httpx

STATE = "window.hustingsTable"


def create_table(
    base: str, game: str, players: int, bots: list[str | None], variant: str | None = None
) -> dict[str, Any]:
    body: dict[str, Any] = {"game": game, "players": players, "seats": [{"bot": b} for b in bots],
                            "clock": {"mode": "none"}, "lang": "en"}
    if variant:
        body["variant"] = variant
    r = httpx.post(f"{base}/api/tables", json=body, timeout=10)
    r.raise_for_status()
    return dict(r.json())


def model(page: Any) -> dict[str, Any]:
    return dict(page.evaluate(f"() => JSON.parse(JSON.stringify({{m: {STATE}.model, pending: {STATE}.pending, "
                              f"events: {STATE}.events, seat: {STATE}.seat}}))"))


def join_and_start(pages: list[Any]) -> None:
    for p in pages:
        p.locator("#join").click()
    all_in = "() => [...document.querySelectorAll('#lobby li')].every(li => !/waiting|…/.test(li.textContent))"
    pages[0].wait_for_function(all_in, timeout=10000)
    pages[0].locator("#start").click()
    for p in pages:
        p.wait_for_function(f"() => {STATE}.model !== null", timeout=20000)


def my_turn(page: Any) -> bool:
    return bool(page.evaluate(f"() => !!({STATE}.model && !{STATE}.pending && ({STATE}.model.legal||[]).length)"))


def over(page: Any) -> bool:
    return bool(page.evaluate(f"() => !!({STATE}.model && {STATE}.model.over)"))


def click_some_action(page: Any, rng: random.Random) -> None:
    """One whole decision by clicks: a single action, or a guided choice composed, reviewed and sent."""
    buttons = page.locator("#choices button.act:not([disabled])")
    n = buttons.count()
    if n == 0:
        return
    step = page.evaluate(f"() => {STATE}.model.step")
    b = buttons.nth(rng.randrange(n))
    group = b.get_attribute("data-group")
    b.click()
    if group:
        for _ in range(10):
            if page.locator("#choices .compose .send").count():
                break
            if group == "amount":
                rng_input = page.locator("#choices input.amount")
                mx = int(rng_input.get_attribute("max") or 0)
                rng_input.fill(str(rng.randint(0, mx)))
                page.locator("#choices .review-btn").click()
                continue
            choices = page.locator("#choices .compose button.choice")
            choices.nth(rng.randrange(choices.count())).click()
        page.locator("#choices .compose .send").click()
    page.wait_for_function(f"s => {STATE}.model.step !== s || {STATE}.model.over", arg=step, timeout=30000)


def phase_shot(page: Any, folder: Path, seen: set[str], who: str) -> None:
    ph = page.evaluate(f"() => {STATE}.model && {STATE}.model.phase")
    key = f"{who}-{ph}"
    if ph and key not in seen:
        seen.add(key)
        page.screenshot(path=str(folder / f"{len(seen):02d}-{key}.png"), full_page=True)

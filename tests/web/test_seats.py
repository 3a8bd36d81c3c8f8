"""Seats belong to whoever claims them, clicked through the pages (issue 23, point 1): the lobby creates a table
whose creator sits at their own seat and shares an invite; a friend opens the invite, gives a name and the page
becomes their seat; the creator adds a second device by its link; the host takes the friend's seat back openly
(the friend's page says it no longer plays the seat; everyone sees it); the seats show their connections."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx

from .helpers import STATE, join_and_start, no_missing_keys, watch_errors


def _conns(page: Any, seat: int) -> str:
    return str(page.locator(f'#people li[data-seat="{seat}"]').get_attribute("data-connections"))


def test_invite_claim_device_and_open_revocation_in_the_pages(base_url: str, browser: Any, shots: Path) -> None:
    errors: list[str] = []
    me = browser.new_context(viewport={"width": 1280, "height": 900})
    lobby = me.new_page()
    watch_errors(lobby, errors)
    lobby.goto(base_url + "/")
    lobby.wait_for_selector("#create-btn")
    lobby.select_option("#game", "election-war")
    lobby.select_option("#players", "3")
    lobby.select_option("#seat-0", "")
    lobby.select_option("#seat-1", "")
    lobby.select_option("#seat-2", "random")
    assert lobby.is_checked("#sit")
    lobby.click("#create-btn")
    lobby.wait_for_selector("#created .invite.mine")
    # my own seat opens from here; the other person's seat has an invite link to pass on, and no secret of theirs
    share = lobby.locator("#created .share-link")
    assert share.count() == 1
    invite = str(share.first.input_value())
    assert "#invite=" in invite and "token=" not in invite
    lobby.screenshot(path=str(shots / "en-laptop-created.png"), full_page=True)
    host_kept = lobby.evaluate("() => Object.keys(JSON.parse(localStorage.getItem('hustings.hosts') || '{}')).length")
    assert host_kept == 1
    with me.expect_page() as opened:
        lobby.click("#created .invite-link")
    mine = opened.value
    watch_errors(mine, errors)
    mine.wait_for_selector("#join")
    tid = mine.url.split("/t/")[1].split("#")[0]

    # the friend opens the invite in their own browser (in Chinese), names themselves and takes the seat
    friend_ctx = browser.new_context(viewport={"width": 390, "height": 844})
    friend_ctx.add_init_script("localStorage.setItem('hustings.lang', 'zh-Hant')")
    friend = friend_ctx.new_page()
    watch_errors(friend, errors)
    friend.goto(invite)
    friend.wait_for_selector("#claim-name")
    no_missing_keys(friend)
    friend.screenshot(path=str(shots / "zh-Hant-phone-claim.png"), full_page=True)
    friend.fill("#claim-name", "Bo")
    friend.click("#claim")
    friend.wait_for_function("() => location.hash.includes('token=')")
    friend.wait_for_selector("#join")
    # the invite is spent: opened again elsewhere, it says so (in that page's language)
    late_ctx = browser.new_context(viewport={"width": 390, "height": 844})
    late_ctx.add_init_script("localStorage.setItem('hustings.lang', 'zh-Hans')")
    late = late_ctx.new_page()
    late.goto(invite)
    late.wait_for_selector("#claim-name")
    late.click("#claim")
    late.wait_for_selector(".toast.error")
    assert "已经失效" in str(late.locator(".toast.error").first.text_content())  # in that page's language
    late.screenshot(path=str(shots / "zh-Hans-phone-invite-spent.png"))
    assert httpx.get(f"{base_url}/api/tables/{tid}", timeout=10).json()["seats"][1]["name"] == "Bo"

    join_and_start([mine, friend])
    mine.wait_for_function("() => document.querySelector('#people li[data-seat=\"1\"]')?.dataset.connections === '1'")
    assert _conns(mine, 0) == "1"

    # a second device of my seat, by the link only my page makes
    mine.click("#add-device")
    mine.wait_for_selector("#device-link input")
    link = str(mine.locator("#device-link input").input_value())
    assert "#device=" in link
    mine.screenshot(path=str(shots / "en-laptop-device-link.png"), full_page=True)
    no_missing_keys(mine)  # the seats' panel drew "null" for the parts it left out
    phone = me.browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    watch_errors(phone, errors)
    phone.goto(link)
    phone.wait_for_function("() => location.hash.includes('token=')", timeout=15000)
    phone.wait_for_function(f"() => {STATE}.model !== null && {STATE}.seat === 0", timeout=15000)
    mine.wait_for_function("() => document.querySelector('#people li[data-seat=\"0\"]')?.dataset.connections === '2'")

    # the host (my browser) takes Bo's seat back: openly, and Bo's page stops playing it
    mine.on("dialog", lambda d: d.accept())
    mine.click('#people button.revoke[data-seat="1"]')
    mine.wait_for_selector("#new-invite input")
    assert "#invite=" in str(mine.locator("#new-invite input").input_value())
    friend.wait_for_function(f"() => {STATE}.closed === true", timeout=15000)
    assert "收回" in str(friend.locator("#turn").text_content())
    friend.screenshot(path=str(shots / "zh-Hant-phone-revoked.png"), full_page=True)
    no_missing_keys(friend)
    phone.wait_for_selector(".toast.info")
    mine.wait_for_selector("#people li.revoked")
    mine.screenshot(path=str(shots / "en-laptop-after-revoke.png"), full_page=True)
    info = httpx.get(f"{base_url}/api/tables/{tid}", timeout=10).json()
    assert [r["seat"] for r in info["revoked"]] == [1] and not info["seats"][1]["joined"]
    no_missing_keys(mine)
    assert not errors, errors


def _play_out(base_url: str, tid: str, tokens: list[str], seconds: float = 600.0) -> None:
    """Both people's seats play their first legal action whenever they may, over websockets, to the end (at most
    ``seconds``: a busy machine plays slowly, a stalled game fails)."""
    import contextlib
    import json
    import time

    from websockets.sync.client import connect

    latest: list[dict[str, Any]] = [{} for _ in tokens]
    acted = [-1 for _ in tokens]
    deadline = time.monotonic() + seconds
    with contextlib.ExitStack() as held:
        socks = [held.enter_context(connect(f"{base_url.replace('http', 'ws')}/ws/{tid}")) for _ in tokens]
        for ws, token in zip(socks, tokens, strict=True):
            ws.send(json.dumps({"type": "hello", "token": token}))
        while time.monotonic() < deadline:
            if all(m.get("over") for m in latest):
                return
            for i, ws in enumerate(socks):
                try:
                    msg = json.loads(ws.recv(timeout=0.05))
                except TimeoutError:
                    continue
                if msg.get("type") == "error":
                    acted[i] = -1  # refused (crossed by another seat's move): the seat acts again on what it has
                    msg = {"type": "update"}
                if msg.get("type") in ("state", "update"):
                    latest[i] = m = {**latest[i], **msg}
                    if m.get("legal") and not m.get("over") and acted[i] != m["step"]:
                        acted[i] = m["step"]
                        ws.send(json.dumps({"type": "act", "step": m["step"], "action": m["legal"][0]["id"]}))
        raise AssertionError(f"the game did not end in {seconds:.0f} s: {[m.get('step') for m in latest]}")


def test_a_rematch_in_the_pages_gives_each_person_their_own_seat(base_url: str, browser: Any) -> None:
    made = httpx.post(f"{base_url}/api/tables", json={"game": "election-war", "players": 2, "claim": 0,
                                                      "clock": {"mode": "none"}, "lang": "en"}, timeout=10).json()
    tid = made["table"]["id"]
    bo = httpx.post(f"{base_url}/api/tables/{tid}/claim", json={"invite": made["seats"][0]["code"], "name": "Bo",
                                                                "ready": True}, timeout=10).json()
    ann = made["you"]["token"]
    httpx.post(f"{base_url}/api/tables/{tid}/ready", json={"token": ann, "ready": True}, timeout=10)
    httpx.post(f"{base_url}/api/tables/{tid}/start", json={"token": ann}, timeout=10)
    _play_out(base_url, tid, [ann, bo["token"]])
    errors: list[str] = []
    pages = []
    for link in (made["you"]["link"], bo["link"]):
        page = browser.new_context().new_page()
        watch_errors(page, errors)
        page.goto(base_url + link)
        page.wait_for_selector("#summary #rematch")
        pages.append(page)
    ann_page, bo_page = pages
    ann_page.click("#summary #rematch")
    ann_page.wait_for_function("() => document.querySelector('#rematch-box')?.dataset.state === 'open'")
    new_id = httpx.get(f"{base_url}/api/tables/{tid}", timeout=10).json()["rematch"]
    assert new_id
    # Bo's page hears of the rematch (issue 25: an offer naming who wants it) and he takes his own seat there
    bo_page.wait_for_function("() => document.querySelector('#rematch-box')?.dataset.state === 'open'")
    bo_page.click("#summary #rematch")
    for page in pages:  # both accepted: the rematch begins and each page goes to its own seat
        page.wait_for_function(f"() => location.pathname.endsWith('{new_id}') && {STATE}.table?.id === '{new_id}'")
    info = httpx.get(f"{base_url}/api/tables/{new_id}", timeout=10).json()
    assert [s["joined"] for s in info["seats"]] == [True, True] and info["rematch_of"] == tid
    assert not errors, errors

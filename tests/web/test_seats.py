"""Seats belong to whoever claims them, clicked through the pages (issue 23, point 1): the lobby creates a table
whose creator sits at their own seat and shares an invite; a friend opens the invite, gives a name and the page
becomes their seat; the creator adds a second device by its link; the host takes the friend's seat back openly
(the friend's page says it no longer plays the seat; everyone sees it); the seats show their connections."""

from __future__ import annotations

from typing import Any

import httpx

from .helpers import STATE, join_and_start, no_missing_keys, watch_errors


def _conns(page: Any, seat: int) -> str:
    return str(page.locator(f'#people li[data-seat="{seat}"]').get_attribute("data-connections"))


def test_invite_claim_device_and_open_revocation_in_the_pages(base_url: str, browser: Any) -> None:
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
    friend.fill("#claim-name", "Bo")
    friend.click("#claim")
    friend.wait_for_function("() => location.hash.includes('token=')")
    friend.wait_for_selector("#join")
    # the invite is spent: opened again elsewhere, it says so (in that page's language)
    late = browser.new_context().new_page()
    late.goto(invite)
    late.wait_for_selector("#claim-name")
    late.click("#claim")
    late.wait_for_selector(".toast.error")
    assert "no longer works" in str(late.locator(".toast.error").first.text_content())
    assert httpx.get(f"{base_url}/api/tables/{tid}", timeout=10).json()["seats"][1]["name"] == "Bo"

    join_and_start([mine, friend])
    mine.wait_for_function("() => document.querySelector('#people li[data-seat=\"1\"]')?.dataset.connections === '1'")
    assert _conns(mine, 0) == "1"

    # a second device of my seat, by the link only my page makes
    mine.click("#add-device")
    mine.wait_for_selector("#device-link input")
    link = str(mine.locator("#device-link input").input_value())
    assert "#device=" in link
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
    phone.wait_for_selector(".toast.info")
    mine.wait_for_selector("#people li.revoked")
    info = httpx.get(f"{base_url}/api/tables/{tid}", timeout=10).json()
    assert [r["seat"] for r in info["revoked"]] == [1] and not info["seats"][1]["joined"]
    no_missing_keys(mine)
    assert not errors, errors

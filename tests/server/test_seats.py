"""Seats belong to whoever claims them (issue 23, point 1, and attack 1): invites that only claim a free seat,
claims that kill every earlier secret, a second device by a link only the holder gets, the host's revocation done
openly, connection counts per seat, spectators and codes that can never act, and the rematch under the same rule.
A real server, real websockets (tests/server/conftest.py)."""

from __future__ import annotations

import time
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from .conftest import Client, Server


def _strings(value: Any) -> set[str]:
    """Every string anywhere in a JSON answer: whatever its holder could try as a secret."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(_strings(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(_strings(v) for v in value)) if value else set()
    return set()


def _frag(link: str) -> dict[str, str]:
    return dict(p.split("=", 1) for p in link.split("#", 1)[1].split("&"))


def _hello(server: Server, tid: str, token: str, lang: str = "en") -> dict[str, Any]:
    """The first answer to a hello with ``token``: a welcome, or an error."""
    c = Client(server.ws_base, tid, hello=False)
    try:
        c.send({"type": "hello", "token": token, "lang": lang})
        return c.recv()
    finally:
        c.close()


def _toy_table(server: Server, **extra: Any) -> tuple[str, dict[str, Any]]:
    """A two-seat toy table whose creator sits at seat 0 (named Ann): its id and create's answer."""
    r = server.http.post("/api/tables", json={"game": "toy", "players": 2, "claim": {"seat": 0, "name": "Ann"},
                                              **extra})
    assert r.status_code == 200, r.text
    made: dict[str, Any] = r.json()
    return made["table"]["id"], made


def _claim(server: Server, tid: str, code: str, name: str = "Bo", lang: str = "en") -> Any:
    return server.http.post(f"/api/tables/{tid}/claim", params={"lang": lang},
                            json={"invite": code, "name": name, "ready": True})


def test_attack_1_the_creator_cannot_play_a_strangers_seat(server: Server) -> None:
    """Attack 1: create handed out every seat's token, so the creator could connect as a stranger's seat after
    the stranger joined, read the stranger's hand, move for it and rename it. Now create's answer holds nothing
    that plays another person's seat."""
    tid, made = _toy_table(server)
    stranger_link = next(s["invite"] for s in made["seats"] if s["seat"] == 1)
    # the stranger opens the invite link and takes the seat (a server of before issue 23 put the seat's token in
    # the link itself, and joining kept it: this test shows the attack there, rather than failing on the link)
    fragment = _frag(stranger_link)
    if "invite" in fragment:
        r = _claim(server, tid, fragment["invite"])
        assert r.status_code == 200, r.text
        bo = r.json()["token"]
    else:
        bo = fragment["token"]
        assert server.http.post(f"/api/tables/{tid}/join", json={"token": bo, "name": "Bo"}).status_code == 200
    creator_has = _strings(made) - {tid}
    # every string the creator was ever given, tried as seat 1's secret: nothing plays seat 1
    for guess in creator_has:
        answer = _hello(server, tid, guess)
        assert answer["type"] == "error" or answer["seat"] != 1, (guess, answer)
        r = server.http.post(f"/api/tables/{tid}/join", json={"token": guess, "name": "Mallory"})
        assert r.status_code == 403 or r.json()["seats"][1]["name"] == "Bo", r.text
    info = server.http.get(f"/api/tables/{tid}").json()
    assert info["seats"][1]["name"] == "Bo"
    # the game starts; the creator's own connection sees only its own hand, and cannot move for seat 1
    ann = made["you"]["token"]
    assert server.http.post(f"/api/tables/{tid}/ready", json={"token": ann, "ready": True}).status_code == 200
    assert server.http.post(f"/api/tables/{tid}/start", json={"token": ann}).json()["status"] == "playing"
    stranger = Client(server.ws_base, tid, bo)
    creator = Client(server.ws_base, tid, ann)
    assert creator.welcome is not None and creator.welcome["seat"] == 0
    assert stranger.latest is not None and creator.latest is not None
    assert creator.latest["view"]["you"] == 0
    stranger_ids = {a["id"] for a in stranger.latest["legal"]}
    creator_ids = {a["id"] for a in creator.latest["legal"]}
    step = stranger.latest["step"]
    for action in stranger_ids - creator_ids:  # seat 1's own choices, sent by the creator: not seat 1's move
        creator.send({"type": "act", "step": step, "action": action})
        reply = creator.recv_type("error")
        assert reply["code"] in ("illegal_action", "stale_step"), reply
    stranger.sync()
    assert stranger.latest["view"]["my_choice"] is None  # nobody chose for the stranger
    stranger.close()
    creator.close()


def test_an_invite_claims_a_free_seat_once_and_says_so_in_the_callers_language(server: Server) -> None:
    tid, made = _toy_table(server)
    code = made["seats"][0]["code"]
    assert made["seats"][0]["seat"] == 1 and "token" not in made["seats"][0]
    assert made["you"]["seat"] == 0 and made["host"] not in (made["you"]["token"], code)
    # an invite code is not a seat's secret: it cannot say hello, join, ready or start
    assert _hello(server, tid, code)["code"] == "invite_not_seat"
    for route, body in (("join", {"name": "X"}), ("ready", {"ready": True}), ("start", {}), ("device", {}),
                        ("rematch", {})):
        r = server.http.post(f"/api/tables/{tid}/{route}", json={"token": code, **body})
        assert r.status_code == 403, (route, r.text)
    first = _claim(server, tid, code)
    assert first.status_code == 200 and first.json()["seat"] == 1
    seat = first.json()["table"]["seats"][1]
    assert seat["joined"] and seat["ready"] and seat["name"] == "Bo"
    # the invite is spent: a second claim is refused clearly, in the caller's language, and changes nothing
    for lang, words in (("en", "no longer works"), ("zh-Hant", "邀請連結已經失效"), ("zh-Hans", "邀请链接已经失效")):
        again = _claim(server, tid, code, name="Eve", lang=lang)
        assert again.status_code == 403 and words in again.json()["message"], again.text
    assert server.http.get(f"/api/tables/{tid}").json()["seats"][1]["name"] == "Bo"
    # a host secret plays no seat either
    assert _hello(server, tid, made["host"])["code"] == "host_not_seat"
    r = server.http.post(f"/api/tables/{tid}/claim", json={"invite": "x" * 500})
    assert r.status_code == 403
    r = server.http.post(f"/api/tables/{tid}/claim", json={"invite": code, "device": code})
    assert r.status_code == 400


def test_a_second_device_only_through_the_holder_and_the_seat_counts_its_connections(
        make_server: Any) -> None:
    from hustings.server.limits import Limits

    server = make_server(grace_s=0.5, limits=Limits(device_link_s=1.0))
    tid, made = _toy_table(server)
    ann = made["you"]["token"]
    # only a seat's secret makes a device link: the host's, an invite, a spectator's nothing cannot
    for token in (made["host"], made["seats"][0]["code"], "", None):
        assert server.http.post(f"/api/tables/{tid}/device", json={"token": token}).status_code == 403
    link = server.http.post(f"/api/tables/{tid}/device", json={"token": ann}).json()
    assert link["seat"] == 0 and link["link"] == f"/t/{tid}#device={link['code']}" and link["expires_in"] == 1.0
    assert _hello(server, tid, link["code"])["code"] == "device_not_seat"
    phone = server.http.post(f"/api/tables/{tid}/claim", json={"device": link["code"]})
    assert phone.status_code == 200 and phone.json()["seat"] == 0
    phone_token = phone.json()["token"]
    assert phone_token != ann
    # used once
    again = server.http.post(f"/api/tables/{tid}/claim", json={"device": link["code"]})
    assert again.status_code == 403 and "device link no longer works" in again.json()["message"]
    # too old
    late = server.http.post(f"/api/tables/{tid}/device", json={"token": ann}).json()
    time.sleep(1.2)
    assert server.http.post(f"/api/tables/{tid}/claim", json={"device": late["code"]}).status_code == 403
    # both devices play the seat, and the seat shows two live connections
    laptop, mobile = Client(server.ws_base, tid, ann), Client(server.ws_base, tid, phone_token)
    watcher = Client(server.ws_base, tid)
    info = server.http.get(f"/api/tables/{tid}").json()
    assert [s["connections"] for s in info["seats"]] == [2, 0] and info["seats"][0]["connected"]
    assert mobile.welcome is not None and mobile.welcome["seat"] == 0
    mobile.close()
    deadline = time.time() + 5
    while server.http.get(f"/api/tables/{tid}").json()["seats"][0]["connections"] != 1:
        assert time.time() < deadline
        time.sleep(0.05)
    laptop.close()
    watcher.close()


def test_the_host_revokes_a_seat_openly_and_a_stand_in_plays_it_until_it_is_claimed_again(server: Server) -> None:
    tid, made = _toy_table(server)
    ann, host = made["you"]["token"], made["host"]
    bo = _claim(server, tid, made["seats"][0]["code"]).json()["token"]
    server.http.post(f"/api/tables/{tid}/ready", json={"token": ann, "ready": True})
    assert server.http.post(f"/api/tables/{tid}/start", json={"token": bo}).json()["status"] == "playing"
    ann_conn = Client(server.ws_base, tid, ann, lang="zh-Hant")
    bo_conn = Client(server.ws_base, tid, bo)
    watcher = Client(server.ws_base, tid, lang="zh-Hans")
    # only the host may revoke: a seat's secret, an unknown one, a bad seat number are refused and change nothing
    for who, seat in ((ann, 1), ("nobody", 1)):
        r = server.http.post(f"/api/tables/{tid}/revoke", json={"host": who, "seat": seat})
        assert r.status_code == 403 and "host" in r.json()["message"]
    for seat in (2, -1, "1", True):
        assert server.http.post(f"/api/tables/{tid}/revoke", json={"host": host, "seat": seat}).status_code == 400
    r = server.http.post(f"/api/tables/{tid}/revoke", json={"host": host, "seat": 1})
    assert r.status_code == 200, r.text
    fresh = r.json()
    assert fresh["seat"] == 1 and fresh["invite"] == f"/t/{tid}#invite={fresh['code']}"
    # the seat's holder is told why and closed at once
    told = bo_conn.recv_type("error")
    assert told["code"] == "seat_revoked" and "host" in told["message"]
    with pytest.raises(ConnectionClosed):
        for _ in range(20):
            bo_conn.recv(5)
    # everyone else hears it in their own language; TableInfo shows it
    notice = ann_conn.recv_type("notice")
    assert notice["seat"] == 1 and "桌主收回了" in notice["message"] and "Bo" in notice["message"]
    assert "房主收回了" in watcher.recv_type("notice")["message"]
    info = server.http.get(f"/api/tables/{tid}").json()
    assert [r["seat"] for r in info["revoked"]] == [1]
    assert info["seats"][1]["joined"] is False and info["seats"][1]["connections"] == 0
    # the old secret is dead everywhere
    assert _hello(server, tid, bo)["code"] == "unauthorized"
    r = server.http.post(f"/api/tables/{tid}/join", json={"token": bo, "name": "Bo again"})
    assert r.status_code == 403
    # a stand-in plays seat 1 under the usual rules (after the grace period): Ann's game goes on
    ann_conn.act()
    ann_conn.wait(lambda m: m["step"] >= 2 or m["over"], timeout=20)
    # a new person claims the seat with the new invite, and plays it
    cy = _claim(server, tid, fresh["code"], name="Cy").json()["token"]
    cy_conn = Client(server.ws_base, tid, cy)
    assert cy_conn.welcome is not None and cy_conn.welcome["seat"] == 1
    assert server.http.get(f"/api/tables/{tid}").json()["seats"][1]["name"] == "Cy"
    for c in (ann_conn, watcher, cy_conn):
        c.close()


def test_spectators_never_act(server: Server) -> None:
    tid, made = _toy_table(server)
    ann = made["you"]["token"]
    _claim(server, tid, made["seats"][0]["code"])
    server.http.post(f"/api/tables/{tid}/ready", json={"token": ann, "ready": True})
    server.http.post(f"/api/tables/{tid}/start", json={"token": ann})
    watcher = Client(server.ws_base, tid)
    assert watcher.welcome is not None and watcher.welcome["seat"] is None
    assert watcher.latest is not None and watcher.latest["legal"] == [] and watcher.latest["view"]["hand"] is None
    for msg in ({"type": "act", "step": watcher.latest["step"], "action": 0},
                {"type": "undo", "step": watcher.latest["step"]},
                {"type": "give_up", "step": watcher.latest["step"]}):
        watcher.send(msg)
        assert watcher.recv_type("error")["code"] == "spectator", msg
    watcher.send({"type": "hello", "token": ann})  # one hello a connection: a spectator does not become a seat
    assert watcher.recv_type("error")["code"] == "hello_again"
    # the lobby's calls with no secret, or a spectator's nothing
    for route in ("join", "ready", "start", "rematch", "device"):
        for body in ({}, {"token": None}, {"token": ""}, {"spectator": True}):
            assert server.http.post(f"/api/tables/{tid}/{route}", json=body).status_code == 403, (route, body)
    watcher.close()


def _finish(clients: list[Client]) -> None:
    """Both seats of a toy game choose their first card until it is over."""
    while True:
        for c in clients:
            c.sync()
        if all(c.latest is not None and c.latest["over"] for c in clients):
            return
        for c in clients:
            if c.latest is not None and c.latest["legal"] and not c.latest["over"]:
                c.act()


def test_a_rematch_gives_each_person_their_own_seat_only(server: Server) -> None:
    tid, made = _toy_table(server)
    ann = made["you"]["token"]
    bo = _claim(server, tid, made["seats"][0]["code"]).json()["token"]
    server.http.post(f"/api/tables/{tid}/ready", json={"token": ann, "ready": True})
    server.http.post(f"/api/tables/{tid}/start", json={"token": ann})
    clients = [Client(server.ws_base, tid, ann), Client(server.ws_base, tid, bo)]
    _finish(clients)
    # Bo asks first: the rematch is made, Bo gets only Bo's seat (and hosts it); no invite is handed out
    r = server.http.post(f"/api/tables/{tid}/rematch", json={"token": bo})
    assert r.status_code == 200, r.text
    new = r.json()
    new_id = new["table"]["id"]
    assert new["you"]["seat"] == 1 and new["seats"] == [] and "host" in new
    assert server.http.get(f"/api/tables/{tid}").json()["rematch"] == new_id
    assert _hello(server, new_id, bo)["code"] == "unauthorized"  # the old secret plays nothing there
    # Ann claims her own seat with her old secret, and nobody else's
    r = server.http.post(f"/api/tables/{tid}/rematch", json={"token": ann})
    assert r.status_code == 200 and r.json()["you"]["seat"] == 0 and "host" not in r.json()
    ann2 = r.json()["you"]["token"]
    assert _hello(server, new_id, ann2)["seat"] == 0
    assert ann2 not in _strings(new)
    # a finished game's seats are not taken back (the rematch's host re-invites there, openly)
    r = server.http.post(f"/api/tables/{tid}/revoke", json={"host": made["host"], "seat": 1})
    assert r.status_code == 409 and r.json()["error"] == "conflict"
    # asking again (issue 25: the second press is never an error) gives Bo another secret of his own seat only
    again = server.http.post(f"/api/tables/{tid}/rematch", json={"token": bo}, params={"lang": "zh-Hans"})
    assert again.status_code == 200 and again.json()["you"]["seat"] == 1 and "host" not in again.json()
    assert _hello(server, new_id, again.json()["you"]["token"])["seat"] == 1
    info = server.http.get(f"/api/tables/{new_id}").json()
    assert [s["joined"] for s in info["seats"]] == [True, True] and info["seats"][0]["name"] == "Ann"
    assert info["status"] == "playing"  # both accepted: the rematch began
    for c in clients:
        c.close()

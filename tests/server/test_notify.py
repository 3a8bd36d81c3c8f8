"""Turn notices with the browser closed (issue 25, point 4): e-mail through an SMTP server (a local aiosmtpd here)
and Web Push (a local fake push endpoint that decrypts what it gets), once a turn, only at tables of hours or days a
move, an unsubscribe link in every e-mail, addresses never shown to anyone else nor kept in the record; every input
attacked past its limit; the store's part on SQLite and PostgreSQL."""

from __future__ import annotations

import base64
import dataclasses
import email
import json
import os
import threading
import time
from collections.abc import Iterator
from email.message import Message
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

import http_ece
import pytest
from aiosmtpd.controller import Controller
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from hustings.server.limits import Limits
from hustings.server.notify import NotifySettings
from hustings.server.store import NotifyTarget, open_store

from . import pg_fixture
from .conftest import Client, Server, free_port

pg_server = pg_fixture.pg_server

DAY = {"mode": "turn", "turn_s": 86_400}


class _Inbox:
    """An aiosmtpd handler keeping every message it is given."""

    def __init__(self) -> None:
        self.messages: list[Message] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.messages.append(email.message_from_bytes(envelope.content))
        return "250 OK"


@pytest.fixture
def smtp() -> Iterator[tuple[_Inbox, int]]:
    inbox = _Inbox()
    port = free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield inbox, port
    finally:
        controller.stop()


class _PushService:
    """A fake push service: keeps each POST (path, headers, body) and answers ``status``."""

    def __init__(self) -> None:
        self.got: list[tuple[str, dict[str, str], bytes]] = []
        self.status = 201
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("content-length", "0")))
                service.got.append((self.path, {k.lower(): v for k, v in self.headers.items()}, body))
                self.send_response(service.status)
                self.send_header("content-length", "0")
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.httpd.server_address[1]
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def subscription(self, name: str = "dev1") -> tuple[dict[str, Any], ec.EllipticCurvePrivateKey, bytes]:
        """A browser's subscription at this service: (its JSON, the browser's private key, its auth secret)."""
        key = ec.generate_private_key(ec.SECP256R1())
        auth = os.urandom(16)
        raw = key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        b64 = lambda b: base64.urlsafe_b64encode(b).rstrip(b"=").decode()  # noqa: E731
        return ({"endpoint": f"http://127.0.0.1:{self.port}/push/{name}", "keys": {"p256dh": b64(raw),
                 "auth": b64(auth)}}, key, auth)


@pytest.fixture
def push() -> Iterator[_PushService]:
    service = _PushService()
    try:
        yield service
    finally:
        service.httpd.shutdown()


def _server(make_server: Any, port: int = 0, **limits: Any) -> Server:
    notify = NotifySettings.of(smtp_url=f"smtp://127.0.0.1:{port}?from=turns@example.org" if port else None,
                               push_hosts="127.0.0.1", public_url="https://games.example.org")
    notify = NotifySettings(notify.smtp, True, notify.push_hosts, True, notify.public_url, notify.contact)
    return make_server(grace_s=0.3, notify=notify, limits=Limits(**{"notify_delay_s": 0.2, **limits}))


def _table(server: Server, clock: dict[str, Any] = DAY) -> tuple[str, dict[str, Any]]:
    made = server.create(game="toy", players=2, clock=clock, lang="en")
    server.start_table(made)
    return made["table"]["id"], made


def _notify(server: Server, tid: str, token: str, **body: Any) -> Any:
    return server.http.post(f"/api/tables/{tid}/notify", json={"token": token, **body})


def _places(store: Any, tid: str) -> list[NotifyTarget]:
    """A table's notice places without their once-a-turn mark: a turn notice may be sent (and marked) while a test
    runs, which is the server's bookkeeping, not a change an input made."""
    return [dataclasses.replace(t, notified_turn=-1) for t in store.notify_targets(tid)]


def _wait(pred: Any, timeout: float = 30.0) -> None:
    deadline = time.time() + timeout
    while not pred():
        assert time.time() < deadline, "timed out"
        time.sleep(0.05)


def test_an_absent_person_is_emailed_once_a_turn_with_an_unsubscribe_link_and_nobody_else_sees_the_address(
        make_server: Any, smtp: tuple[_Inbox, int]) -> None:
    inbox, port = smtp
    server = _server(make_server, port)
    tid, made = _table(server)
    ann, bo = made["seats"][0]["token"], made["seats"][1]["token"]
    r = _notify(server, tid, ann, email="ann@example.org", lang="zh-Hant")
    assert r.status_code == 200, r.text
    assert r.json() == {"seat": 0, "days": True, "email": "ann@example.org", "push": 0, "this_device": False,
                        "can_email": True, "can_push": True}
    # Bo asks what his seat has: nothing of Ann's
    assert _notify(server, tid, bo).json()["email"] is None
    watcher = Client(server.ws_base, tid)  # a spectator
    bo_client = Client(server.ws_base, tid, bo)
    bo_client.act()  # Ann (away: never connected) is still to act: her turn
    _wait(lambda: len(inbox.messages) == 1)
    mail = inbox.messages[0]
    assert mail["To"] == "ann@example.org" and "turns@example.org" in mail["From"]
    assert str(email.header.make_header(email.header.decode_header(mail["Subject"]))).startswith("輪到你了")
    body = mail.get_payload(decode=True).decode()
    assert f"https://games.example.org/t/{tid}#turn" in body and "token" not in body  # never a seat secret
    unsubscribe = mail["List-Unsubscribe"].strip("<>")
    assert unsubscribe.startswith("https://games.example.org/unsubscribe?t=") and unsubscribe in body
    assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    # more changes during the same turn (Bo comes and goes, the table is pushed again): no second e-mail
    bo_client.close()
    bo_client = Client(server.ws_base, tid, bo)
    time.sleep(1.0)
    assert len(inbox.messages) == 1
    # the address reached nobody else: not Bo, not a spectator, not TableInfo
    for seen in (bo_client.seen, watcher.seen):
        assert "ann@example.org" not in json.dumps(seen)
    assert "ann@example.org" not in server.http.get(f"/api/tables/{tid}").text
    # the link's page asks first (a mail scanner's visit changes nothing), then its button stops the e-mails
    path = urlsplit(unsubscribe)
    secret = parse_qs(path.query)["t"][0]
    page = server.http.get(path.path, params={"t": secret, "lang": "en"})
    assert page.status_code == 200 and "Stop these e-mails" in page.text
    assert _notify(server, tid, ann).json()["email"] == "ann@example.org"  # the visit changed nothing
    done = server.http.post(path.path, params={"t": secret})
    assert done.status_code == 200 and "好了" in done.text  # in the language the address was left in
    assert _notify(server, tid, ann).json()["email"] is None
    again = server.http.post(path.path, params={"t": secret, "lang": "en"})
    assert "no longer works" in again.text
    bo_client.close()
    watcher.close()


def test_a_new_turn_is_told_again_and_the_game_over_deletes_the_addresses_and_the_record_holds_none(
        make_server: Any, smtp: tuple[_Inbox, int]) -> None:
    inbox, port = smtp
    server = _server(make_server, port)
    tid, made = _table(server)
    ann, bo = made["seats"][0]["token"], made["seats"][1]["token"]
    assert _notify(server, tid, ann, email="ann@example.org").status_code == 200
    bo_client = Client(server.ws_base, tid, bo)
    bo_client.act()
    _wait(lambda: len(inbox.messages) == 1)
    turns = 1
    while True:  # Ann comes, moves, goes; Bo moves: each of Ann's new turns is one e-mail
        ann_client = Client(server.ws_base, tid, ann)
        if ann_client.latest is None or ann_client.latest["over"]:
            ann_client.close()
            break
        ann_client.act()
        ann_client.close()
        state = bo_client.wait(lambda m: m["over"] or bool(m["legal"]))
        if state["over"]:
            break
        bo_client.act()
        if bo_client.latest is not None and bo_client.latest["over"]:
            break
        turns += 1
        _wait(lambda n=turns: len(inbox.messages) == n)  # type: ignore[misc]
    assert turns >= 2
    store = server.app.state.hub.store
    _wait(lambda: store.notify_targets(tid) == [])  # the game is over: its addresses are gone
    record = server.http.get(f"/api/tables/{tid}/record")
    assert record.status_code == 200 and "example.org" not in record.text
    bo_client.close()


def test_web_push_reaches_a_subscribed_device_encrypted_in_its_language_and_a_gone_one_is_dropped(
        make_server: Any, push: _PushService) -> None:
    server = _server(make_server)
    tid, made = _table(server)
    ann, bo = made["seats"][0]["token"], made["seats"][1]["token"]
    key = server.http.get("/api/push/key").json()["key"]
    assert len(base64.urlsafe_b64decode(key + "==")) == 65
    assert server.http.get("/api/push/key").json()["key"] == key  # made once, kept
    sub, browser_key, auth = push.subscription()
    r = _notify(server, tid, ann, push=sub, lang="zh-Hans")
    assert r.status_code == 200 and r.json()["push"] == 1 and r.json()["this_device"]
    bo_client = Client(server.ws_base, tid, bo)
    bo_client.act()
    _wait(lambda: len(push.got) == 1)
    path, headers, body = push.got[0]
    assert path == "/push/dev1" and headers["content-encoding"] == "aes128gcm"
    assert headers["authorization"].startswith("vapid t=") and f"k={key}" in headers["authorization"]
    payload = json.loads(http_ece.decrypt(body, private_key=browser_key, auth_secret=auth, version="aes128gcm"))
    assert payload["title"].startswith("轮到你了") and payload["url"] == f"https://games.example.org/t/{tid}#turn"
    # the service says the subscription is gone (410): it is dropped
    push.status = 410
    ann_client = Client(server.ws_base, tid, ann)
    ann_client.act()
    ann_client.close()
    bo_client.wait(lambda m: bool(m["legal"]))
    bo_client.act()
    _wait(lambda: len(push.got) == 2)
    _wait(lambda: _notify(server, tid, ann).json()["push"] == 0)
    bo_client.close()


def test_notices_are_for_tables_of_days_and_for_a_seats_own_secret_only(make_server: Any,
                                                                         smtp: tuple[_Inbox, int]) -> None:
    server = _server(make_server, smtp[1])
    tid, made = _table(server, {"mode": "turn", "turn_s": 60})
    r = server.http.post(f"/api/tables/{tid}/notify", params={"lang": "zh-Hant"},
                         json={"token": made["seats"][0]["token"], "email": "ann@example.org"})
    assert r.status_code == 409 and "替身" in r.json()["message"]
    tid, made = _table(server)
    for token in ("", "x" * 201, made["host"], "not-a-secret"):
        r = _notify(server, tid, token, email="eve@example.org")
        assert r.status_code == 403
    assert server.app.state.hub.store.notify_targets(tid) == []


def test_every_input_past_its_limit_is_refused_and_changes_nothing(make_server: Any, smtp: tuple[_Inbox, int],
                                                                   push: _PushService) -> None:
    server = _server(make_server, smtp[1], notify_targets_per_seat=3)
    tid, made = _table(server)
    ann = made["seats"][0]["token"]
    store = server.app.state.hub.store
    assert _notify(server, tid, ann, email="ann@example.org").status_code == 200
    before = _places(store, tid)
    too_long = "a" * 64 + "@" + ("b" * 61 + ".") * 3 + "orgx"  # 255 characters
    assert len(too_long) == 255
    sub = push.subscription()[0]
    bad: list[dict[str, Any]] = [
        {"email": too_long}, {"email": "not an address"}, {"email": "a@b"}, {"email": 7},
        {"email": "a@b.org\r\nBcc: x@y.org"},  # no header injection
        {"push": {**sub, "endpoint": "https://evil.example.org/push"}},  # not a push service's host: no SSRF
        {"push": {**sub, "endpoint": f"http://127.0.0.1:{push.port}/" + "p" * 1024}},  # past 1,024 characters
        {"push": {**sub, "endpoint": f"ftp://127.0.0.1:{push.port}/x"}},
        {"push": {**sub, "endpoint": f"http://user:pw@127.0.0.1:{push.port}/x"}},
        {"push": {**sub, "keys": {"p256dh": "AAAA", "auth": sub["keys"]["auth"]}}},  # not a P-256 key
        {"push": {**sub, "keys": {"p256dh": sub["keys"]["p256dh"], "auth": "x" * 500}}},
        {"push": {"endpoint": sub["endpoint"]}}, {"push": "yes"}, {"push_off": "e" * 1025},
        {"email": "ann@example.org", "lang": "fr"},
    ]
    for body in bad:
        r = _notify(server, tid, ann, **body)
        assert r.status_code == 400, (body, r.text)
        assert _places(store, tid) == before, body
    # the refusal a person meets is in their words
    r = server.http.post(f"/api/tables/{tid}/notify", params={"lang": "zh-Hans"},
                         json={"token": ann, "email": "nope"})
    assert "电子邮件地址" in r.json()["message"]
    # a seat holds at most notify_targets_per_seat places (3: the address and two devices)
    for name in ("d1", "d2"):
        assert _notify(server, tid, ann, push=push.subscription(name)[0]).status_code == 200
    held = _places(store, tid)
    r = _notify(server, tid, ann, push=push.subscription("d3")[0])
    assert r.status_code == 409 and _places(store, tid) == held
    # the same device again replaces itself (no new place); the address too
    assert _notify(server, tid, ann, push={**push.subscription("d1")[0]}).status_code == 200
    assert len(store.notify_targets(tid)) == 3


def test_changes_of_notices_are_rate_limited_per_client(make_server: Any, smtp: tuple[_Inbox, int]) -> None:
    server = _server(make_server, smtp[1], notify_changes_per_hour=1.0, notify_changes_burst=2)
    tid, made = _table(server)
    ann = made["seats"][0]["token"]
    assert _notify(server, tid, ann, email="a1@example.org").status_code == 200
    assert _notify(server, tid, ann, email="a2@example.org").status_code == 200
    r = _notify(server, tid, ann, email="a3@example.org")
    assert r.status_code == 429 and r.json()["error"] == "too_many_notify_changes" and "Retry-After" in r.headers
    assert [t.address for t in server.app.state.hub.store.notify_targets(tid)] == ["a2@example.org"]
    assert _notify(server, tid, ann).status_code == 200  # asking what is set is no change


def _target(tid: str, seat: int, kind: str, key: str, h: str) -> NotifyTarget:
    return NotifyTarget(tid, seat, kind, key if kind == "email" else json.dumps({"endpoint": key}), key, "en", h,
                        created_at=1.5)


def test_the_store_keeps_targets_once_a_turn_on_every_backend(db_url: str) -> None:
    from .test_store_contract import _seats
    from .test_store_contract import _table as table_record

    store = open_store(db_url)
    try:
        store.create_table(table_record("tN"), _seats("tN"))
        assert store.add_notify(_target("tN", 0, "email", "a@x.org", "h1"), max_per_seat=3)
        assert store.add_notify(_target("tN", 0, "email", "b@x.org", "h2"), max_per_seat=3)  # replaces a@
        assert store.add_notify(_target("tN", 0, "push", "https://p/1", "h3"), max_per_seat=3)
        assert store.add_notify(_target("tN", 0, "push", "https://p/2", "h4"), max_per_seat=3)
        assert not store.add_notify(_target("tN", 0, "push", "https://p/3", "h5"), max_per_seat=3)
        assert store.add_notify(_target("tN", 1, "push", "https://p/1", "h6"), max_per_seat=3)
        assert next(t.address for t in store.notify_targets("tN", 0)) == "b@x.org"
        assert len(store.notify_targets("tN", 0)) == 3 and len(store.notify_targets("tN")) == 4
        assert len(store.claim_notify("tN", 0, 4)) == 3
        assert store.claim_notify("tN", 0, 4) == [] and store.claim_notify("tN", 0, 3) == []  # once a turn
        assert len(store.claim_notify("tN", 0, 5)) == 3
        gone = store.unsubscribe("h2")
        assert gone is not None and gone.address == "b@x.org" and store.unsubscribe("h2") is None
        assert store.drop_notify("tN", 1) == 1 and store.drop_notify("tN") == 2
        assert store.server_key("k", "first") == "first" and store.server_key("k", "second") == "first"
    finally:
        store.close()
    again = open_store(db_url)  # a restarted server: the key is the one stored
    try:
        assert again.server_key("k", "third") == "first"
    finally:
        again.close()

"""A message put while its connection's outbox is empty goes to the socket at once (hustings.server.sockets
.direct_sender): without the writer task's wake-up and the ASGI send chain, in order with what is queued, and
through the outbox whenever the socket would make it wait."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from hustings.server.sockets import Outbox, direct_sender, frame_header

from .conftest import Client, Server


class _Transport:
    def __init__(self) -> None:
        self.written: list[bytes] = []
        self.closing = False

    def write(self, data: bytes) -> None:
        self.written.append(data)

    def is_closing(self) -> bool:
        return self.closing


class _Conn:
    """websockets' sans-I/O protocol as uvicorn uses it: a frame made by send_text, read by data_to_send."""

    def __init__(self) -> None:
        self.out: list[bytes] = []

    def send_text(self, data: bytes) -> None:
        self.out.append(b"\x81" + bytes([len(data)]) + data)

    def data_to_send(self) -> list[bytes]:
        out, self.out = self.out, []
        return out


class _Protocol:
    def __init__(self) -> None:
        self.conn, self.transport, self.writable = _Conn(), _Transport(), asyncio.Event()
        self.writable.set()
        self.close_sent = self.disconnected = False
        self.handshake_complete = True
        self.initial_response = None


def test_sent_at_once_while_nothing_waits_and_queued_while_the_socket_is_full_or_something_is_queued() -> None:
    async def go() -> None:
        proto = _Protocol()
        send = direct_sender(proto)
        assert send is not None
        box = Outbox(1 << 20, direct=send)
        box.put('{"type":"update","step":1}', "update")
        assert proto.transport.written == [b'\x81\x1a{"type":"update","step":1}'] and not box.queue
        proto.writable.clear()  # the client reads slowly: uvicorn paused writing
        box.put('{"type":"update","step":2}', "update")
        proto.writable.set()
        # something is queued: a newer message queues behind it, never overtakes it
        box.put('{"type":"update","step":3}', "update")
        assert [o.text for o in box.queue] == ['{"type":"update","step":2}', '{"type":"update","step":3}']
        assert len(proto.transport.written) == 1
        proto.close_sent = True
        assert not send("x")
        proto.close_sent, proto.transport.closing = False, True
        assert not send("x")

    asyncio.run(go())


def test_no_direct_path_for_a_server_that_is_not_uvicorns_sans_io_protocol() -> None:
    assert direct_sender(None) is None
    assert direct_sender(object()) is None
    half: Any = _Protocol()
    del half.close_sent
    assert direct_sender(half) is None


def test_under_uvicorn_a_game_is_played_through_the_direct_path(server: Server) -> None:
    created = server.create(game="palace-escape", players=1, seats=[{"bot": None}])
    server.start_table(created)
    token = next(s["token"] for s in created["seats"] if s["seat"] == 0)
    c = Client(server.ws_base, created["table"]["id"], token)
    outboxes = list(server.app.state.outboxes)
    assert len(outboxes) == 1 and outboxes[0].direct is not None
    state = c.latest
    assert state is not None
    first = state["step"]
    for _ in range(5):
        update = c.act(state["legal"][0]["id"])
        assert update["type"] == "update" and update["ack"] == state["step"] + 1 == update["step"]
        state = {**state, **update}  # an update leaves out what did not change
    assert [m["ack"] for m in c.seen if "ack" in m] == list(range(first + 1, first + 6))
    c.close()


def _open_server_connection(extensions: list[Any] | None = None) -> Any:
    """websockets' own sans-I/O server connection, open (as uvicorn holds it after the handshake)."""
    pytest.importorskip("websockets")
    from websockets.protocol import State
    from websockets.server import ServerProtocol

    conn = ServerProtocol()
    conn.state = State.OPEN
    if extensions:
        conn.extensions = extensions
    return conn


@pytest.mark.parametrize("size", [0, 1, 125, 126, 127, 4096, 65535, 65536, 70000])
def test_a_frame_framed_here_is_the_frame_websockets_makes(size: int) -> None:
    """RFC 6455 5.2, as websockets frames a server's final text frame: the two lengths' boundaries (126, 65,536)."""
    data = bytes(range(256)) * (size // 256) + bytes(size % 256)
    library = _open_server_connection()
    library.send_text(data)
    expected = b"".join(library.data_to_send())
    assert frame_header(size) + data == expected
    proto = _Protocol()
    proto.conn = _open_server_connection()
    send = direct_sender(proto)
    assert send is not None and send(data)
    assert b"".join(proto.transport.written) == expected


def test_the_librarys_path_when_a_client_asked_for_compression_or_the_connection_is_not_open() -> None:
    """A negotiated extension (permessage-deflate) rewrites frames: websockets frames them. A connection that is
    closing is refused (the outbox's path then says so), never written to."""
    from websockets.extensions.permessage_deflate import PerMessageDeflate
    from websockets.protocol import State

    proto = _Protocol()
    proto.conn = _open_server_connection([PerMessageDeflate(False, False, 15, 15)])
    send = direct_sender(proto)
    assert send is not None and send(b"x" * 1000)
    sent = b"".join(proto.transport.written)
    assert sent[0] & 0x40 and len(sent) < 100  # RSV1: compressed, by the library
    proto.transport.written.clear()
    proto.conn.state = State.CLOSING
    assert not send(b"y") and proto.transport.written == []


def test_what_the_library_queued_first_is_written_first() -> None:
    """A pong websockets queued (answering a ping) leaves before the frame framed here."""
    from websockets.frames import Frame, Opcode

    proto = _Protocol()
    proto.conn = conn = _open_server_connection()
    conn.send_frame(Frame(Opcode.PONG, b"p"))
    send = direct_sender(proto)
    assert send is not None and send(b"m")
    assert b"".join(proto.transport.written) == b"\x8a\x01p" + b"\x81\x01m"

"""What one websocket may hold of the server: its outbox, bounded in bytes, and its place under the connection caps.

A client that does not read must not eat the server's memory, and one client must not hold every descriptor:

- :class:`Outbox` queues what a connection is to be sent, counted in bytes (what is queued and the one message
  being sent). A newer whole ``state`` takes the place of the states and updates queued before it (it says all
  they said), a newer ``table`` push the place of a queued one: a connection that reads slowly gets the newest,
  not a pile. Past :attr:`~hustings.server.limits.Limits.max_output_bytes` the connection is to be closed.
- :class:`Admission` counts open websockets, over all and by client (:func:`~hustings.server.limits.client_key`),
  and refuses one past either cap before it costs any table work.
- :func:`raise_descriptor_limit` raises the process's descriptor limit to its hard limit at start, and
  :func:`connection_room` keeps the global cap below it, with room for the database, files and HTTP.
"""

from __future__ import annotations

import asyncio
import logging
import resource
import struct
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

log = logging.getLogger("hustings.server")

#: how a queued message relates to newer ones: a whole "state" replaces queued states and updates, a "table" push
#: a queued table push; an "update" (a delta: its events) and anything else (welcome, errors, pongs, acks,
#: explanations) are sent as they are
Kind = Literal["state", "update", "table", "other"]

_STATE = '{"type":"state",'
_STATE_UTF8 = _STATE.encode()

#: a message's text: a str, or its UTF-8 bytes as made (a seat's state or update: sent without encoding again)
Text = str | bytes


def text_bytes(text: Text) -> int:
    """The bytes ``text`` holds at most, as queued (a str: 1 byte a character if ASCII, else 2 or 4) and as sent
    (UTF-8: up to 3 bytes a character of the Basic Multilingual Plane, where all of hustings's words are); without
    encoding it (``isascii`` is a flag CPython keeps)."""
    if isinstance(text, bytes):
        return len(text)
    return len(text) if text.isascii() else 3 * len(text)


@dataclass(slots=True)
class Out:
    """One queued message: its text, its kind, when it was queued (the loop's clock), its size, and for an update
    that answers this connection's own act its ``"ack"`` fields (a state that replaces it carries them on)."""

    text: Text
    kind: Kind
    at: float
    size: int
    ack: str = ""


class Outbox:
    """The messages waiting for one connection's writer, bounded by ``max_bytes``. ``put`` never blocks (the hub
    calls it under table locks); the writer takes messages with :meth:`get` and reports each one sent with
    :meth:`sent`. :attr:`full` is set once the bytes passed the limit: nothing more is queued, and the owner
    (notified through ``on_full``) closes the connection."""

    def __init__(self, max_bytes: int, on_full: Callable[[], None] | None = None,
                 on_stall: Callable[[], None] | None = None, direct: Callable[[Text], bool] | None = None) -> None:
        self.max_bytes = max_bytes
        #: sends a message at once when the socket takes it without waiting (True), else False: a message put while
        #: nothing is queued or being sent goes that way, without waking the writer (:func:`direct_sender`)
        self.direct = direct
        #: called by :func:`watch_stalls` once the oldest message not yet sent waited too long
        self.on_stall = on_stall
        self.queue: deque[Out] = deque()
        #: bytes queued plus the message being sent (the writer holds it until the socket took it)
        self.bytes = 0
        self.sending: Out | None = None
        self.full = False
        self.closed = False
        self._wake = asyncio.Event()
        self._on_full = on_full

    def put(self, text: Text, kind: Kind = "other", ack: str = "") -> None:
        if self.full or self.closed:
            return
        q = self.queue
        if not q and self.sending is None and self.direct is not None and self.direct(text):
            return
        if kind == "state" and q:
            # a whole state says everything the states and updates before it said: they go, and the newest ack
            # among them rides in the state (the client learns its move was stored)
            kept: deque[Out] = deque()
            for out in q:
                if out.kind in ("state", "update"):
                    self.bytes -= out.size
                    ack = out.ack or ack
                else:
                    kept.append(out)
            self.queue = q = kept
            if ack:
                if isinstance(text, bytes):
                    text = _STATE_UTF8 + ack.encode() + text[len(_STATE_UTF8):]
                else:
                    text = _STATE + ack + text[len(_STATE):]
        elif kind == "table" and q:
            for out in q:
                if out.kind == "table":
                    q.remove(out)
                    self.bytes -= out.size
                    break  # there is never more than one
        size = text_bytes(text)
        q.append(Out(text, kind, asyncio.get_running_loop().time(), size, ack))
        self.bytes += size
        if self.bytes > self.max_bytes:
            self.full = True
            q.clear()  # never sent: the connection is closed
            if self._on_full is not None:
                self._on_full()
        self._wake.set()

    async def get(self) -> Out | None:
        """The next message to send (kept counted until :meth:`sent`), or None once closed and empty."""
        while not self.queue:
            if self.closed or self.full:
                return None
            self._wake.clear()
            await self._wake.wait()
        out = self.sending = self.queue.popleft()
        return out

    def sent(self) -> None:
        if self.sending is not None:
            self.bytes -= self.sending.size
            self.sending = None

    def oldest(self) -> float | None:
        """When the oldest message not yet sent was queued (the one being sent, else the first queued)."""
        if self.sending is not None:
            return self.sending.at
        return self.queue[0].at if self.queue else None

    def close(self) -> None:
        """Nothing more is queued; the writer sends what is queued, then stops."""
        self.closed = True
        self._wake.set()


def direct_sender(protocol: object) -> Callable[[Text], bool] | None:
    """For uvicorn's websocket protocol (``websockets-sansio``, its default here): a text frame written to the
    socket at once, as its own ``send`` does while the socket is writable, without the writer task's wake-up and
    the ASGI send chain a message (a few per move and connection). False when the socket would make it wait (its
    buffer full: the client reads slowly) or the connection is closing: the outbox queues the message then, and
    its limits hold as before. None for any other server or protocol: every message goes through the outbox."""
    conn = getattr(protocol, "conn", None)
    transport = getattr(protocol, "transport", None)
    writable = getattr(protocol, "writable", None)
    if (conn is None or transport is None or not isinstance(writable, asyncio.Event)
            or not all(hasattr(protocol, a) for a in ("close_sent", "disconnected", "handshake_complete",
                                                     "initial_response"))
            or not hasattr(conn, "send_text") or not hasattr(conn, "data_to_send")):
        return None
    p: Any = protocol
    c: Any = conn
    # websockets' own connection (sans-I/O): its frames are framed here while it is open and no extension (a
    # compression a client asked for) rewrites them, else by its send_text
    framing = (_OPEN is not None and isinstance(getattr(conn, "extensions", None), list)
               and hasattr(conn, "expect_continuation_frame") and hasattr(conn, "state"))

    def send_now(text: Text) -> bool:
        if (p.close_sent or p.disconnected or not p.handshake_complete or p.initial_response is not None
                or not writable.is_set() or transport.is_closing()):
            return False
        data = text if isinstance(text, bytes) else text.encode()
        if framing and not c.extensions and c.state is _OPEN and not c.expect_continuation_frame:
            pending = c.data_to_send()  # what the library queued first (a pong), in order
            if pending:
                transport.write(b"".join(pending))
            transport.write(frame_header(len(data)) + data)
            return True
        try:
            c.send_text(data)
        except Exception:  # not open any more (websockets' InvalidState): the outbox's path says so
            return False
        transport.write(b"".join(c.data_to_send()))
        return True

    return send_now


try:
    from websockets.protocol import State as _State

    _OPEN: object = _State.OPEN
except ImportError:  # websockets not installed: every message goes through its server's own send
    _OPEN = None

_SHORT = tuple(bytes((0x81, n)) for n in range(126))


def frame_header(length: int) -> bytes:
    """The header of a final, unmasked text frame of ``length`` bytes (RFC 6455 5.2), as websockets' ``Frame
    .serialize`` makes it for a server (tests/server/test_direct_send.py compares the two): its Python framing (a
    BytesIO, several calls and two copies of every message) ran for each seat at every move."""
    if length < 126:
        return _SHORT[length]
    if length < 65536:
        return struct.pack("!BBH", 0x81, 126, length)
    return struct.pack("!BBQ", 0x81, 127, length)


async def watch_stalls(outboxes: set[Outbox], stall_s: float) -> None:
    """Closes every connection whose oldest message waited longer than ``stall_s`` (its client does not read):
    one sweep over the open outboxes a second (sooner for a short ``stall_s``), so that a message's send costs no
    timer of its own (a timeout around every send cost the event loop a task and a timer handle a message)."""
    loop = asyncio.get_running_loop()
    every = min(1.0, stall_s / 4)
    while True:
        await asyncio.sleep(every)
        now = loop.time()
        for outbox in list(outboxes):
            oldest = outbox.oldest()
            if oldest is not None and now - oldest > stall_s and outbox.on_stall is not None:
                outbox.on_stall()


class Admission:
    """Open websockets, over all and by client: :meth:`enter` refuses one past either cap (the refusal's error
    code: ``server_full`` or ``too_many_connections``) and counts it otherwise; :meth:`leave` uncounts it."""

    def __init__(self, max_connections: int, per_client: int) -> None:
        self.max_connections = max_connections
        self.per_client = per_client
        self.total = 0
        self.by_client: dict[str, int] = {}

    def enter(self, client: str) -> str | None:
        if self.total >= self.max_connections:
            return "server_full"
        n = self.by_client.get(client, 0)
        if n >= self.per_client:
            return "too_many_connections"
        self.by_client[client] = n + 1
        self.total += 1
        return None

    def leave(self, client: str) -> None:
        n = self.by_client.get(client, 0) - 1
        if n > 0:
            self.by_client[client] = n
        else:
            self.by_client.pop(client, None)
        self.total -= 1


def raise_descriptor_limit() -> int:
    """Raise this process's soft limit of open descriptors to its hard limit (every websocket holds one); the limit
    in force afterwards."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = hard if hard != resource.RLIM_INFINITY else max(soft, 1 << 20)
    if want != resource.RLIM_INFINITY and soft != resource.RLIM_INFINITY and soft < want:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
            soft = want
        except (ValueError, OSError) as e:  # an unlimited hard limit above the kernel's nr_open, say
            log.warning("the descriptor limit stays at %d: %s", soft, e)
    return int(soft) if soft != resource.RLIM_INFINITY else 1 << 20


def connection_room(descriptors: int) -> int:
    """How many websockets a process with this descriptor limit may hold: a quarter of them (at least 32) stay for
    the database, the listening socket, files and plain HTTP requests."""
    return max(1, descriptors - max(32, descriptors // 4))


__all__ = [
    "Admission",
    "Kind",
    "Out",
    "Outbox",
    "connection_room",
    "direct_sender",
    "raise_descriptor_limit",
    "text_bytes",
    "watch_stalls",
]

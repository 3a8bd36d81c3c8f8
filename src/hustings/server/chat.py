"""The chat at each table: the seated players write, everyone at the table reads (spectators too, read-only).

A line is plain text a person typed or a quick phrase's key (:data:`PHRASES`: "good game", "your turn", ...), which
each reader is sent in their own language (the words are ``chat.phrase.<key>`` of the shared catalog, which the page
has too). Text is stored and sent as the person wrote it, less control and direction-override characters: escaping
is the reader's (the page sets ``textContent``, never HTML). Every line is stored with the game (the store's
``chat``), so a reload, a late joiner and a restarted server see the latest ``limits.chat_history`` lines, and the
finished game's record carries them all (a replay shows them). Limits (:class:`hustings.server.limits.Limits`):
``chat_max_chars`` a line, ``chat_per_minute``/``chat_burst`` per seat (a token bucket in this process, shared by the
seat's devices), ``chat_lines_per_table`` (0: no chat). Muting a seat is the reader's own (kept in their browser).
"""

from __future__ import annotations

import logging
import math
import time
import unicodedata
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from hustings.server.connections import dumps
from hustings.server.i18n import CATALOG
from hustings.server.live import HubBase, LiveTable, PlayError
from hustings.server.store import ChatLine, StoreError, TableNotFound

if TYPE_CHECKING:
    from hustings.server.connections import Conn

log = logging.getLogger("hustings.server")

#: the quick phrases, by key: sent as the key, shown to each reader in their language (``chat.phrase.<key>``)
PHRASES: tuple[str, ...] = ("hello", "good_luck", "your_turn", "thinking", "one_moment", "well_played", "oops",
                            "sorry", "thanks", "good_game", "rematch", "got_to_go")

#: characters taken out of a line: the direction embeddings, overrides and isolates (they turn the rest of a line,
#: and of what follows it on the page, around: a name or a link shown backwards)
_DIRECTION = frozenset(chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A)))
#: combining marks kept on one character at most (hundreds of them stack into a smear over the lines around)
MAX_MARKS = 4


def clean_text(text: str, max_chars: int) -> str:
    """A line as it is stored and shown: control characters, direction overrides and marks past :data:`MAX_MARKS`
    on one character taken out, line breaks and runs of spaces made one space, ends trimmed. Refused (PlayError)
    when nothing is left, or when it is longer than ``max_chars`` characters."""
    if len(text) > 4 * max_chars + 64:  # far past the limit: refused without reading it
        raise PlayError("chat_too_long", limit=max_chars)
    out: list[str] = []
    marks = 0
    for ch in text:
        if ch in _DIRECTION:
            continue
        category = unicodedata.category(ch)
        if category == "Cc" or category == "Cs":  # line breaks and tabs too: they become a space below
            out.append(" ")
            continue
        if unicodedata.combining(ch):
            marks += 1
            if marks > MAX_MARKS:
                continue
        else:
            marks = 0
        out.append(ch)
    cleaned = " ".join("".join(out).split())
    if not cleaned:
        raise PlayError("chat_empty")
    if len(cleaned) > max_chars:
        raise PlayError("chat_too_long", limit=max_chars)
    return cleaned


def line_json(line: ChatLine, lang: str) -> dict[str, Any]:
    """A line as a reader in ``lang`` is sent it: a phrase's ``text`` in that language, with its ``phrase`` key (a
    page that switches language words it again itself)."""
    out: dict[str, Any] = {"n": line.n, "seat": line.seat, "at": line.at}
    if line.kind == "phrase":
        out["phrase"] = line.body
        out["text"] = CATALOG.text(f"chat.phrase.{line.body}", lang)
    else:
        out["text"] = line.body
    return out


def record_chat(lines: Sequence[ChatLine]) -> list[dict[str, Any]]:
    """The chat as a finished game's record carries it: each line's seat, time and text, or its phrase's key."""
    return [{"seat": line.seat, "at": line.at, ("phrase" if line.kind == "phrase" else "text"): line.body}
            for line in lines]


class Chat(HubBase):
    """The hub's part that stores the chat's lines and tells them to everyone at the table."""

    @property
    def chat_on(self) -> bool:
        return self.limits.chat_lines_per_table > 0

    async def _chat_ready(self, table: LiveTable) -> None:
        """The table's latest lines in memory (read once, at the first hello after the table was loaded)."""
        if table.chat is not None or not self.chat_on:
            return
        async with table.chat_lock:
            if table.chat is None:
                try:
                    table.chat = await self._db(self.store.chat, table.id, last=self.limits.chat_history)
                except StoreError as e:  # the chat must not keep anyone from the game: read again at the next hello
                    log.warning("table %s: chat not read: %s", table.id, e)

    def _chat_hello(self, conn: Conn, table: LiveTable) -> None:
        """After the welcome and the state: the latest lines, whether this connection may write, and the limits a
        page needs (on the event loop, between two messages: a line stored meanwhile is either here or sent to this
        connection as it is told to everyone)."""
        msg = {"type": "chat", "lines": [line_json(line, conn.lang) for line in table.chat or ()], "history": True,
               "can_post": self.chat_on and conn.seat is not None, "max_chars": self.limits.chat_max_chars,
               "phrases": list(PHRASES)}
        conn.send(dumps(msg))

    async def post_chat(self, conn: Conn, msg: Mapping[str, Any]) -> None:
        """A seated person writes a line (``text``) or a quick phrase (``phrase``): checked, held to the seat's rate,
        stored, then told to everyone at the table (this connection too: that is its acknowledgement)."""
        table = conn.table
        if table is None:
            raise PlayError("hello_first")
        if not self.chat_on:
            raise PlayError("chat_off")
        if conn.seat is None:
            raise PlayError("chat_spectator")
        text, phrase = msg.get("text"), msg.get("phrase")
        if (text is None) == (phrase is None):
            raise PlayError("bad_message", detail="a chat message has a text or a phrase (one of them)")
        if phrase is not None:
            if phrase not in PHRASES:
                raise PlayError("chat_unknown_phrase")
            kind, body = "phrase", str(phrase)
        else:
            if not isinstance(text, str):
                raise PlayError("bad_message", detail="a chat text is a string")
            kind, body = "text", clean_text(text, self.limits.chat_max_chars)
        wait = self._chat_take(table, conn.seat)
        if wait > 0:
            raise PlayError("chat_rate_limited", seconds=max(1, math.ceil(wait)))
        await self._chat_ready(table)
        async with table.chat_lock:
            try:
                line = await self._db(self.store.add_chat, table.id, conn.seat, time.time(), kind, body,
                                      max_lines=self.limits.chat_lines_per_table)
            except TableNotFound:
                raise PlayError("unknown_table", table=table.id[:40]) from None
            except StoreError:
                raise PlayError("unavailable") from None
            if line is None:
                raise PlayError("chat_full", limit=self.limits.chat_lines_per_table)
            self._chat_add(table, [line])

    def _chat_take(self, table: LiveTable, seat: int) -> float:
        """A token of the seat's bucket: 0 when taken, else the seconds until one is there (nothing taken)."""
        rate = self.limits.chat_per_minute / 60.0
        burst = float(max(1, self.limits.chat_burst))
        now = time.monotonic()
        tokens, at = table.chat_rate.get(seat, (burst, now))
        tokens = min(burst, tokens + (now - at) * rate)
        if tokens < 1.0:
            table.chat_rate[seat] = (tokens, now)
            return (1.0 - tokens) / rate if rate > 0 else 60.0
        table.chat_rate[seat] = (tokens - 1.0, now)
        return 0.0

    def _chat_add(self, table: LiveTable, lines: Sequence[ChatLine]) -> None:
        """Lines stored (here, or read back after another process stored them): those not held yet join the
        table's latest and are told to every connection, each in its language."""
        held = table.chat if table.chat is not None else []
        known = {line.n for line in held}
        # lines older than the window held (when it is full) were told before it moved on: not told again
        floor = held[0].n if len(held) >= self.limits.chat_history and held else -1
        fresh = sorted((line for line in lines if line.n not in known and line.n > floor), key=lambda x: x.n)
        if not fresh:
            return
        if table.chat is not None:  # (not read yet, or its read failed: the next hello reads them all)
            table.chat = sorted([*held, *fresh], key=lambda x: x.n)[-self.limits.chat_history:]
        texts: dict[str, str] = {}
        for conn in list(table.conns):
            text = texts.get(conn.lang)
            if text is None:
                text = texts[conn.lang] = dumps({"type": "chat", "lines": [line_json(x, conn.lang) for x in fresh]})
            conn.send(text)

    async def _chat_refresh(self, table: LiveTable) -> None:
        """Another process stored a line (a shared database's hint): the latest lines read back and the new ones
        told here."""
        if table.chat is None:
            return  # not read here yet: the next hello reads them all
        async with table.chat_lock:
            lines = await self._db(self.store.chat, table.id, last=self.limits.chat_history)
            if self.tables.get(table.id) is table:
                self._chat_add(table, lines)


__all__ = ["MAX_MARKS", "PHRASES", "Chat", "clean_text", "line_json", "record_chat"]

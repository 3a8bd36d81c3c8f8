"""The hub's connections: who watches which table through which websocket, and what each is told.

A connection says hello to a table (as a seat, with its token, or as a spectator), gets the state, then an update
after every change: its seat's part of the table core's :class:`~hustings.table.core.Update` (view, legal actions
when it must act, the events it may see, the table commands it is offered), as JSON assembled from fragments
encoded once per step. Every word in a message (action labels, event texts) comes from the game's words layer through
:mod:`hustings.server.words` at one seam (:func:`seat_words`).
"""

from __future__ import annotations

import json
import operator
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, get_args

import orjson

from hustings.engine import LANGS, Action, Event, normalize_lang
from hustings.server import words as W
from hustings.server.live import HubBase, LiveTable, PlayError, TableRefused
from hustings.server.protocol_play import LegalForm
from hustings.server.sockets import Kind, Outbox
from hustings.server.store import TableDamaged
from hustings.table.core import Update


def _json_default(value: object) -> Any:
    if isinstance(value, tuple | frozenset | set):
        return list(value)
    if isinstance(value, Mapping):
        return dict(value)
    raise TypeError(f"not JSON: {type(value).__name__}")


_ORJSON_OPTIONS = orjson.OPT_NON_STR_KEYS
_ACTION_ID = operator.attrgetter("id")
LEGAL_FORMS: tuple[str, ...] = get_args(LegalForm)


def dumps(message: Any) -> str:
    """Compact JSON (orjson: every move sends each seat its view, legal actions and events, so encoding is a
    large share of the server's work per move)."""
    return orjson.dumps(message, default=_json_default, option=_ORJSON_OPTIONS).decode()


def dumps_utf8(message: Any) -> bytes:
    """:func:`dumps` as the UTF-8 bytes orjson makes: a seat's message is put together from these and sent as they
    are, never decoded into a str and encoded again (the labels' arrows and the euro sign make a str of two bytes a
    character, which CPython encodes slowly: a tenth of the server's work a move once)."""
    return orjson.dumps(message, default=_json_default, option=_ORJSON_OPTIONS)


def _view_json(view: Any) -> bytes:
    """A view's JSON: every seat's view is encoded at every move, and orjson encodes a view with string keys only
    (every game's, so far) in two thirds of the time without the option that allows others."""
    try:
        return orjson.dumps(view)
    except TypeError:  # orjson.JSONEncodeError: a key that is not a string, or a value it needs help with
        return dumps_utf8(view)


def dumps_bytes(message: Any) -> bytes:
    """:func:`dumps` as UTF-8 bytes (an HTTP body). A finished game's record holds its seed, an integer wider than
    orjson's 64 bits: such a body goes through the standard library's encoder."""
    try:
        return orjson.dumps(message, default=_json_default, option=_ORJSON_OPTIONS)
    except orjson.JSONEncodeError:
        return json.dumps(message, default=_json_default, ensure_ascii=False, separators=(",", ":")).encode()


def legal_json_of(entries: list[dict[str, Any]], before: dict[int, tuple[object, bytes]]) -> tuple[
        bytes, dict[int, tuple[object, bytes]]]:
    """The JSON array of ``entries`` (legal actions as sent), and each entry's JSON by its id for the next call.
    ``before``: what the last call made for the same seat. The label cache hands out the same entry object while
    its label stays the same, so a list of hundreds (Die Macher's deployments) of which a few changed is joined
    from strings, not encoded again; the entries are held beside their JSON, so that an id is not reused."""
    now: dict[int, tuple[object, bytes]] = {}
    parts = []
    for entry in entries:
        key = id(entry)
        found = before.get(key)
        if found is None or found[0] is not entry:
            if type(entry) is W.Entry:  # the label cache's: encoded once for as long as it keeps it
                made = entry.json
                if made is None:
                    made = entry.json = dumps_utf8(entry)
                found = (entry, made)
            else:
                found = (entry, dumps_utf8(entry))
        now[key] = found
        parts.append(found[1])
    return b"[" + b",".join(parts) + b"]", now


@dataclass(eq=False)
class Conn:
    """One websocket connection: whose eyes (``seat``, None for a spectator), its language, and how far it has
    been told (``cursor``: the index in the table's event list up to which it has its events)."""

    send: Callable[[str], None]
    table: LiveTable | None = None
    seat: int | None = None
    lang: str = "en"
    cursor: int = 0
    said_hello: bool = False
    #: who is connecting, for the per-client limits (hustings.server.limits.client_key of its address)
    client: str = "unknown"
    #: what this connection was last sent of the parts an "update" leaves out when they have not changed (the
    #: client keeps them from before): the view (the table core's object: the same one while it stays the same),
    #: the legal actions' JSON, and TableInfo's JSON without its step (the update's own step says that)
    sent_view: object = None
    sent_legal: bytes | None = None
    #: the client asked for its legal actions in the compact form (its hello's ``legal_form``)
    compact: bool = False
    sent_info: str | None = None
    #: the hash of the seat secret this connection said hello with (None: a spectator): when the seat's secrets
    #: die (the seat claimed by someone else, or taken back by the host), the connection is closed
    secret: str | None = None
    #: closes the connection (the web layer's; None in tests of the hub alone)
    close: Callable[[], None] | None = None
    #: the error code that closed it: every later message is refused with it
    closed_by: str | None = None
    #: TableInfo's JSON without its step as this connection last got it in any message (welcome, state, update,
    #: table push): a push goes only to connections told otherwise
    told_info: str | None = None
    #: the connection's outbox (hustings.server.sockets, set by the web layer): it knows which queued message a
    #: newer one replaces; None (a test's connection): every message goes to ``send`` as it is
    outbox: Outbox | None = None

    def tell(self, text: str | bytes, kind: Kind, ack: str = "") -> None:
        """Queue a state, update or table push (``ack``: an update's ``"ack"`` fields, which a state replacing it
        carries on); a message as UTF-8 bytes goes to the socket as it is."""
        if self.outbox is None:
            self.send(text if isinstance(text, str) else text.decode())
        else:
            self.outbox.put(text, kind, ack)


def seat_words(table: LiveTable, voice: W.Voice, seat: int, lang: str, view: Any, view_json: bytes,
               legal: tuple[Action, ...]) -> list[dict[str, Any]]:
    """The seam of the game's words in a seat's message: its legal actions, each with its label (whole and
    structured) in the table's voice. A label is a function of (action, view, voice) only, so while the seat's view
    stays the same its labels are not made again."""
    memo = table.labels.get((seat, lang))
    known = memo[2] if memo is not None and memo[0] == view_json and memo[1] == voice else {}
    out = W.legal(table.record.game, legal, view, voice, known)
    table.labels[(seat, lang)] = (view_json, voice, known)
    return out


class Connections(HubBase):
    """The hub's part that says hello, tells each connection what changed, and notices it leave."""

    def _message(self, table: LiveTable, conn: Conn, kind: str, start: int, cache: dict[Any, Any],
                 acked: str = "") -> bytes:
        """The JSON of a "state"/"update" for ``conn``: its seat's part of the update from event ``start`` on.
        Assembled from fragments encoded once per change in ``cache`` (shared by one broadcast) and
        ``table.fragments()`` (shared by every message about this step): what every connection gets alike is encoded
        once per message round, a seat's view and legal actions once per step however many connections and messages
        need them, an event's text once per seat and language."""
        core = table.core
        st = core.state
        seat, lang = conn.seat, conn.lang
        update: Update | None = cache.get(("update", start))
        if update is None:
            update = cache[("update", start)] = core.update(start)
        part = update.seat(seat)
        frags = table.fragments()
        key = ("view", seat)
        if key not in frags:
            view = part.view
            kept = table.view_json.get(seat)
            if kept is not None and kept[0] is view:  # the same view as at an earlier step: encoded then
                frags[key] = kept
            else:
                phase = view.get("phase", "") if isinstance(view, Mapping) else ""
                frags[key] = table.view_json[seat] = view, _view_json(view), dumps_utf8(str(phase))
        view, view_json, phase_json = frags[key]
        playing = table.status == "playing"
        if "info" not in cache:
            rest, full = self._info_json(table)
            cache["info"] = rest, full.encode()
        info_key, info_json = cache["info"]
        if "common" not in cache:
            # the fields every connection gets alike
            to_act = list(update.to_act) if playing else []
            outcome = None
            if update.over:  # by the rules, or given up
                o = core.outcome()
                outcome = {"winners": list(o.winners), "ranks": list(o.ranks), "utilities": list(o.utilities),
                           "scores": st.scores()}
                if core.given_up is not None:
                    outcome["given_up"] = core.given_up
            clocks = core.clocks.to_json(to_act, time.time()) if playing else []
            cache["common"] = dumps_utf8({"to_act": to_act, "clocks": clocks, "over": update.over,
                                          "outcome": outcome, "status": table.status})[1:-1]
        voice = cache.get(("voice", lang))
        if voice is None:  # the connection's language and the names people chose for the seats
            voice = cache["voice", lang] = W.voice(lang, [s.name for s in table.seats])
        legal_json = b"[]"
        advice_json = b""
        if seat is not None and playing and part.legal and not st.is_over:
            compact = conn.compact
            lkey = ("legal", seat, lang, compact)
            if lkey not in frags:
                frags[lkey] = self._legal_json(table, voice, seat, lang, view, view_json, part.legal, compact)
            legal_json = frags[lkey]
            if table.record.settings.get("tutorial"):
                akey = ("advice", seat, lang)
                if akey not in frags:  # a tutorial table: the heuristic's hint, worked out once a step and language
                    found = W.advice(table.record.game, view, part.legal, lang)
                    frags[akey] = b"" if found is None else b'"advice":' + dumps_utf8(found) + b","
                advice_json = frags[akey]
        can_undo = seat is not None and part.can_undo
        # the step after this seat's person last moved themselves: what came later happened "while you were away"
        last_turn = f'"last_turn":{part.last_turn},' if part.last_turn is not None else ""
        can_give_up = seat is not None and playing and part.can_give_up
        # an update leaves out the view, the legal actions and TableInfo when this connection was last sent the
        # same (others moving on a simultaneous step, say): the client keeps them from before
        whole = kind == "state"
        with_view, with_legal = whole or conn.sent_view is not view, whole or conn.sent_legal != legal_json
        with_info = whole or conn.sent_info != info_key
        conn.sent_view, conn.sent_legal, conn.sent_info, conn.told_info = view, legal_json, info_key, info_key
        # connections alike (the spectators, a seat's devices) get one text, not one copy each
        mkey = ("message", kind, seat, lang, start, with_view, with_legal, with_info, acked, conn.compact)
        text: bytes | None = cache.get(mkey)
        if text is not None:
            return text
        evs: list[bytes] = []
        for e in part.events:
            # an event's words depend on the language and the seats' names only, not on who reads them; e is held
            # by the core's events for as long as frags are
            ekey = ("event", id(e), lang)
            ev = frags.get(ekey)
            if ev is None:
                ev = frags[ekey] = self._event_json(table.record.game, voice, e, core.stand_in_at(e.step))
            evs.append(ev)
        # the hint rests on the view and the legal actions: sent again when either is
        # joined as bytes (see dumps_utf8); the few words of this function's own are ASCII
        head = f'{{"type":"{kind}",{acked}"step":{update.step},{last_turn}'.encode()
        text = cache[mkey] = b"".join((
            head,
            b'"view":' if with_view else b"", view_json if with_view else b"", b"," if with_view else b"",
            b'"legal":' if with_legal else b"", legal_json if with_legal else b"", b"," if with_legal else b"",
            advice_json if with_view or with_legal else b"",
            b'"table":' if with_info else b"", info_json if with_info else b"", b"," if with_info else b"",
            b'"events":[', b",".join(evs), b'],"phase":', phase_json,
            b',"can_undo":true' if can_undo else b',"can_undo":false',
            b',"can_give_up":true,' if can_give_up else b',"can_give_up":false,',
            cache["common"], b"}"))
        return text

    @staticmethod
    def _legal_json(table: LiveTable, voice: W.Voice, seat: int, lang: str, view: Any, view_json: bytes,
                    legal: tuple[Action, ...], compact: bool = False) -> bytes:
        """The JSON of ``seat``'s legal entries in ``lang``: the last one sent again when the actions are the same
        ones and so is everything their labels read (:func:`hustings.server.words.label_stamp`); else worded (the
        label cache's entries) and joined from the entries' JSON kept from before. ``compact``: the compact form,
        the array followed by the message's ``legal_words`` field (the full form when the list does not fit it)."""
        game = table.record.game
        ids = tuple(map(_ACTION_ID, legal))
        key = (seat, lang, compact)
        was = table.legal_from.get(key)
        last = table.legal_json.get(key)
        if (was is not None and last is not None and was[0] == ids and was[2] == voice
                and W.label_stamp(game, was[1], view, view_json) == was[3]):
            return last[1]
        kinds = tuple(dict.fromkeys([a.kind for a in legal]))
        table.legal_from[key] = ids, kinds, voice, W.label_stamp(game, kinds, view, view_json)
        if compact:
            made = W.compact_legal(game, legal, view, voice,
                                   lambda some: seat_words(table, voice, seat, lang, view, view_json, tuple(some)))
            if made is not None:
                text = made[0] + b',"legal_words":' + made[1]
                table.legal_json[key] = [], text, {}
                return text
        entries = seat_words(table, voice, seat, lang, view, view_json, legal)
        if last is not None and len(last[0]) == len(entries) and all(map(operator.is_, last[0], entries)):
            return last[1]
        text, by_id = legal_json_of(entries, {} if last is None else last[2])
        table.legal_json[key] = entries, text, by_id
        return text

    def _info_json(self, table: LiveTable) -> tuple[str, str]:
        """TableInfo's JSON without its step (which changes with every move, and which an update's own step says:
        every update is sent once the moves it tells of are durable), then with it. Made again only when
        something it shows may have changed: TableInfo (Lobby.info, Rematches.info) reads the table's record (a
        new one for every change of it), its seats, its table core (the bots, the clocks, who is away), who is
        connected here and elsewhere, and the time: a table with a clock, someone away, or a finished game (its
        rematch offer counts down) is worded afresh every time. A field read from anything else must join the
        signature below."""
        core = table.core
        sig: tuple[Any, ...] | None = None
        if core.clock.mode == "none" and not core.left_at and table.record.status != "over":
            sig = (table.record, core, tuple(table.seats), tuple(c.seat for c in table.conns),
                   frozenset(table.remote))
            memo = table.info_memo
            if memo is not None and memo[0] == sig:
                rest = memo[1]
                return rest, f'{rest[:-1]},"step":{core.stored}}}'
        info = self.info(table)
        step = info.pop("step")
        rest = dumps(info)
        table.info_memo = None if sig is None else (sig, rest)
        return rest, f'{rest[:-1]},"step":{step}}}'

    @staticmethod
    def _ack_json(ack: tuple[int, int] | None) -> str:
        """The ``"ack"`` fields of the update that answers a connection's act: (the new step, the step the act
        named, said only when the act was taken later)."""
        if ack is None:
            return ""
        return f'"ack":{ack[0]},' + (f'"sent":{ack[1]},' if ack[1] != ack[0] - 1 else "")

    @staticmethod
    def _event_json(game: str, voice: W.Voice, e: Event, stand_in: int | None = None) -> bytes:
        # e.data is FrozenDict/FrozenList: dict and list subclasses, which orjson writes as they are
        event: dict[str, Any] = {"type": e.type, "data": e.data, "step": e.step, "to": e.to,
                                 "text": W.event_text(game, e, voice)}
        if stand_in is not None:  # a stand-in bot made the move behind this event, for that person's seat
            event["stand_in"] = stand_in
        return dumps_utf8(event)

    def send_state(self, table: LiveTable, conn: Conn, kind: str, since: int | None,
                   cache: dict[Any, Any] | None = None) -> None:
        events = table.core.events
        start = 0 if since is None else next((i for i, e in enumerate(events) if e.step > since), len(events))
        text = self._message(table, conn, kind, start, {} if cache is None else cache)
        # a whole state takes the place of what its connection has not been sent yet (one with ``since`` is sent
        # only after hello, when there is nothing queued before it)
        conn.tell(text, "state" if kind == "state" and since is None else "other")
        conn.cursor = len(events)

    def resync(self, conn: Conn) -> None:
        """After a refused move: an "update" with whatever this connection has not been told yet (usually
        nothing: the move that came first was broadcast before the refusal), never the whole game again."""
        table = conn.table
        if table is None:
            return
        conn.tell(self._message(table, conn, "update", conn.cursor, {}), "update")
        conn.cursor = len(table.core.events)

    def _broadcast(self, table: LiveTable, full: bool = False,
                   acks: Mapping[Conn, tuple[int, int]] | None = None) -> None:
        """Tell every connection what changed: its seat's part of the update (``full``: a fresh "state" with every
        event, after an undo took events back or the game started). ``acks``: each connection whose act made the
        change, with the step its update acknowledges (the move is durable) and the step the act named."""
        cache: dict[Any, Any] = {}
        table.changes += 1
        for conn in list(table.conns):
            if full:
                self.send_state(table, conn, "state", None, cache)
            else:
                ack = acks.get(conn) if acks else None
                acked = self._ack_json(ack) if ack is not None else ""
                conn.tell(self._message(table, conn, "update", conn.cursor, cache, acked), "update", acked)
                conn.cursor = len(table.core.events)

    def _push_table(self, table: LiveTable) -> None:
        """What TableInfo shows changed, or may have (seats joined, got ready, came, went, were replaced by a bot):
        a "table" push to each connection told otherwise. Coalesced per table: the first change after a quiet
        moment is pushed at once, later ones together at most every ``limits.info_push_s``, so a wave of comings
        and goings costs one push per connection per interval, not one per change (and a spectator's, which
        TableInfo does not show, none)."""
        if not table.conns or table.info_timer is not None:
            return
        if self._loop is None:  # no event loop (a test of the hub's parts): at once
            self._flush_info(table)
            return
        wait = table.info_at + self.limits.info_push_s - self._loop.time()
        table.info_timer = self._loop.call_later(max(0.0, wait), self._flush_info, table)

    def _flush_info(self, table: LiveTable) -> None:
        table.info_timer = None
        if self._stopping or not table.conns:
            return
        if self._loop is not None:
            table.info_at = self._loop.time()
        key, full = self._info_json(table)
        msg = f'{{"type":"table","table":{full}}}'
        for conn in table.conns:
            if conn.told_info != key:
                conn.tell(msg, "table")
                conn.told_info = key
                conn.sent_info = None  # the next update says TableInfo again, whatever the client made of this

    # -- coming and going ---------------------------------------------------------------------------------

    async def hello(self, conn: Conn, table_id: str, msg: Mapping[str, Any]) -> None:
        if conn.said_hello:
            raise PlayError("hello_again")
        lang = msg.get("lang")
        if lang is not None:
            conn.lang = lang if lang in LANGS else normalize_lang(str(lang))
        since = msg.get("since")
        if since is not None and (isinstance(since, bool) or not isinstance(since, int) or since < 0):
            raise PlayError("bad_message", detail="since must be a step number")
        form = msg.get("legal_form", "full")
        if form not in LEGAL_FORMS:
            raise PlayError("bad_message", detail="legal_form must be full or compact")
        conn.compact = form == "compact"
        while True:
            try:
                table = await self._load(table_id)
            except TableRefused as e:
                if lang is None:  # no language asked for: the table's own
                    conn.lang = normalize_lang(str(e.record.settings.get("lang", "en")))
                raise PlayError(e.code, **e.fields(conn.lang)) from None
            except TableDamaged:  # its row or log is damaged (logged once by the hub): a clear refusal, not a fault
                raise PlayError("damaged_table") from None
            seat: int | None = None
            secret: str | None = None
            changed = table.secrets_changed
            if msg.get("spectator") is not True:
                found = await self._secret(table.id, msg.get("token"))
                if found is None:
                    raise PlayError("unauthorized")
                if found.kind != "seat":  # an invite or device code claims a seat over HTTP; a host plays none
                    raise PlayError(f"{found.kind}_not_seat")
                seat, secret = found.seat, found.hash
            await self._chat_ready(table)  # its latest chat lines, sent after the state (hustings.server.chat)
            async with table.lock:
                if self.tables.get(table_id) is table and table.secrets_changed == changed:
                    if lang is None:  # no language asked for: the table's own
                        conn.lang = table.record.settings.get("lang", "en")
                    conn.secret = secret
                    self._attach(conn, table, seat, since)
                    return
            # a finished table dropped from memory while we waited for its lock: join the copy loaded afresh

    def _attach(self, conn: Conn, table: LiveTable, seat: int | None, since: int | None) -> None:
        """The connection joins the table (under its lock): welcome, the state, and everyone told."""
        conn.table, conn.seat, conn.said_hello = table, seat, True
        first_here = seat is not None and not table.here(seat)
        table.conns.add(conn)
        if self.store.shared and seat is not None and first_here:
            self._presence_changed(table, seat)
        if table.evict is not None:
            table.evict.cancel()
            table.evict = None
        came_back = seat is not None and self._seat_is_back(table, seat)
        info_key, info_json = self._info_json(table)
        conn.send(f'{{"type":"welcome","seat":{dumps(seat)},"table":{info_json}}}')
        conn.told_info = info_key
        self.send_state(table, conn, "state", since)
        self._chat_hello(conn, table)
        self._push_table(table)  # to the others, if what TableInfo shows changed
        if came_back or table.bots_only:  # a table of bots only plays while watched
            self._schedule(table)

    def gone(self, conn: Conn) -> None:
        """The connection closed: if it was a person's last one, a bot plays for them after the grace period."""
        table = conn.table
        if table is None:
            return
        table.conns.discard(conn)
        if self.store.shared and conn.seat is not None and not table.here(conn.seat):
            self._presence_changed(table, conn.seat)
        if conn.seat is not None and not table.connected(conn.seat) and table.status == "playing":
            self._start_grace(table, conn.seat)
        self._push_table(table)
        self._evict_later(table)

    async def set_lang(self, conn: Conn, lang: object) -> None:
        if lang not in LANGS or conn.table is None:
            raise PlayError("bad_message", detail=f"lang must be one of {', '.join(LANGS)}")
        conn.lang = str(lang)
        async with conn.table.lock:
            self.send_state(conn.table, conn, "state", None)


__all__ = ["Conn", "Connections", "dumps", "dumps_bytes", "legal_json_of", "seat_words"]

"""Open tables and personal keys (issue 25): public tables strangers find in the lobby and sit at, quick play, and
"my tables" on any of a person's devices.

- A table created with ``public: true`` is **listed** while it waits in the lobby with a free seat and a page of one
  of its people keeps it (``keep``: ``kept_until``, every third of ``Limits.open_keep_s``); the store unlists it as
  it starts. Anyone may **take** a free seat of a listed table without an invite: the taker gets that seat's own
  fresh secret (the seat's invite dies with it), and of two takers of one seat one wins, the other is refused in
  their language. A public table starts by itself once its last free seat is taken and everyone seated is ready.
- **Quick play** takes a free seat at the longest-waiting listed table of a game, or creates a public one.
- A **personal key** (``POST /api/keys``; the browser keeps it, ``/me#key=...`` brings it to another device; the
  store holds its hash only) lists its person's tables, theirs to act first. A seat secret is **tied** to it by
  someone holding both; the tie dies with the secret (the seat changed hands: a host's revocation, an invite
  claimed). From the list another device gets a fresh secret of its own for a tied seat (``me/open``), beside the
  others', never the old one.

Every input is bounded (``Limits``): list pages, takes and quick plays per client, keys per client, seats per key,
secrets per seat. Refusals a person meets are in their language (``server.open.*``, ``server.me.*``).
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from collections.abc import Mapping
from typing import Any

from hustings.engine import get_spec, list_games
from hustings.server.i18n import CATALOG
from hustings.server.live import LiveTable, TableRefused, replace_seat
from hustings.server.lobby import Lobby, LobbyError, new_token, seat_link, stored_info, token_hash
from hustings.server.quota import CreateRate
from hustings.server.store import SeatSecret, TableDamaged, TableRecord
from hustings.table.clock import ClockError
from hustings.table.houserules import rules_of_options
from hustings.table.seats import MAX_NAME

log = logging.getLogger("hustings.server")

#: the clock of a table quick play creates: strangers wait for nobody for long
QUICK_CLOCK = {"mode": "turn", "turn_s": 120}
#: pages of the open list quick play looks through for a seat before it creates a table
QUICK_PAGES = 4
#: the longest cursor of a list page a client may send back
MAX_CURSOR = 120


def _key_text(value: object) -> str | None:
    return value if isinstance(value, str) and 0 < len(value) <= 200 else None


def house_rules(record: TableRecord) -> dict[str, Any]:
    """A table's options that are not the game's standard: what it sets beyond players and variant (a person's
    table's own options, such as the puzzle's missing action limit, are no house rule)."""
    spec = get_spec(record.game)
    out = {k: v for k, v in record.options.items() if k not in ("players", "variant", "rules")
           and not (k in spec.person_options and spec.person_options[k] == v)}
    out.update(rules_of_options(record.options))  # house rules (issue 29) by their paths
    return out


class OpenTables(Lobby):
    """The hub's part that lists public tables, seats strangers at them, and keeps personal keys."""

    _take_rate: CreateRate | None = None
    _key_rate: CreateRate | None = None
    _quick_lock: asyncio.Lock | None = None

    async def keep(self, table_id: str, until: float) -> None:
        raise NotImplementedError  # made by the hub (hustings.server.tables): kept_until, stored and in memory

    # -- limits -----------------------------------------------------------------------------------------------

    def _admit_take(self, client: str | None, lang: str) -> None:
        """``client`` may take one more free seat (quick play included) now, else 429 ``too_many_takes``."""
        if client is None:
            return
        if self._take_rate is None:
            self._take_rate = CreateRate(self.limits.takes_per_minute, self.limits.take_burst)
        wait = self._take_rate.take(client)
        if wait > 0:
            seconds = max(1, math.ceil(min(wait, 24 * 3600.0)))
            raise LobbyError("too_many_takes", CATALOG.text("server.limit.too_many_takes", lang, seconds=seconds), 429,
                             retry_after=seconds)

    def _admit_key(self, client: str | None, lang: str) -> None:
        if client is None:
            return
        if self._key_rate is None:
            self._key_rate = CreateRate(self.limits.keys_per_hour / 60.0, self.limits.key_burst)
        wait = self._key_rate.take(client)
        if wait > 0:
            seconds = max(1, math.ceil(min(wait, 24 * 3600.0)))
            raise LobbyError("too_many_keys", CATALOG.text("server.limit.too_many_keys", lang, seconds=seconds), 429,
                             retry_after=seconds)

    # -- the list of open tables ------------------------------------------------------------------------------

    async def open_list(self, game: object = None, cursor: object = None, limit: object = None,
                        lang: str = "en") -> dict[str, Any]:
        """A page of public tables waiting for players (``GET /api/open``), the longest waiting first, and the
        cursor of the next page (None after the last)."""
        if game is not None and (not isinstance(game, str) or game not in list_games()):
            raise LobbyError("bad_request", f"game must be one of {', '.join(list_games())}")
        size = self._page_size(limit, self.limits.open_page)
        after = (0.0, "")
        if cursor is not None:
            after = self._cursor(cursor)
        now = time.time()
        rows = await self._db(self.store.open_tables, game, after, size, now)
        out = []
        for record, seats in rows:
            try:
                out.append(self._open_entry(record, seats, lang, now))
            except (ClockError, KeyError, TypeError, ValueError, IndexError) as e:  # a damaged row: its own loss
                log.warning("open table %s left out of the list: %s", record.id, e)
        last = rows[-1][0] if rows else None
        return {"tables": out,
                "next": f"{last.created_at!r}~{last.id}" if last is not None and len(rows) == size else None}

    @staticmethod
    def _page_size(limit: object, most: int) -> int:
        if limit is None:
            return most
        if isinstance(limit, str) and limit.isdigit() and len(limit) < 6:
            limit = int(limit)
        if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= most:
            raise LobbyError("bad_request", f"limit must be a whole number from 1 to {most}")
        return limit

    @staticmethod
    def _cursor(cursor: object) -> tuple[float, str]:
        """A list page's cursor as the server wrote it (``<listed at>~<table id>``); anything else refused."""
        bad = LobbyError("bad_request", "cursor must be the 'next' of an earlier answer")
        if not isinstance(cursor, str) or len(cursor) > MAX_CURSOR or "~" not in cursor:
            raise bad
        at, table_id = cursor.split("~", 1)
        try:
            when = float(at)
        except ValueError:
            raise bad from None
        if not math.isfinite(when) or len(table_id) > 40:
            raise bad
        return when, table_id

    def _open_entry(self, record: TableRecord, seats: Any, lang: str, now: float) -> dict[str, Any]:
        spec = get_spec(record.game)
        layout = record.settings.get("seats") or []
        bots = [s.get("bot") if isinstance(s, dict) else None for s in layout]
        shown = [{"seat": s.seat, "name": s.name, "bot": bots[s.seat] if s.seat < len(bots) else None,
                  "joined": s.joined} for s in seats]
        info = stored_info(record, seats)
        return {"id": record.id, "game": record.game, "title": spec.title.get(lang, spec.title.get("en", record.game)),
                "variant": info["variant"], "players": info["players"],
                "free": sum(1 for s in seats if not s.joined), "seats": shown, "lang": info["lang"],
                "clock": info["clock"], "rules": house_rules(record),
                "rules_text": (info.get("rules_text") or {}).get(lang, []), "name": info["name"],
                "waiting_s": max(0.0, now - record.created_at)}

    # -- taking a free seat -----------------------------------------------------------------------------------

    async def take(self, table_id: str, body: Mapping[str, Any], *, client: str | None = None,
                   lang: str = "en") -> dict[str, Any]:
        """A free seat of a public table, without an invite (``seat``; none: the first free one): the taker's own
        fresh secret, once; ``key``: tied to that personal key too."""
        seat = body.get("seat")
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or seat < 0):
            raise LobbyError("bad_request", "seat must be a seat's number, or left out for the first free one")
        name, ready, key = self._who(body)
        self._admit_take(client, lang)
        return await self._take(table_id, seat, name, ready, key, lang)

    @staticmethod
    def _who(body: Mapping[str, Any]) -> tuple[str | None, bool, str | None]:
        name, ready, key = body.get("name"), body.get("ready", True), body.get("key")
        if name is not None and (not isinstance(name, str) or len(name) > MAX_NAME):
            raise LobbyError("bad_request", f"name must be text of at most {MAX_NAME} characters")
        if not isinstance(ready, bool):
            raise LobbyError("bad_request", "ready must be true or false")
        if key is not None and _key_text(key) is None:
            raise LobbyError("bad_request", "key must be a personal key (text of at most 200 characters)")
        return name, ready, key

    async def _take(self, table_id: str, seat: int | None, name: str | None, ready: bool, key: str | None,
                    lang: str) -> dict[str, Any]:
        table = await self._load_lobby(table_id)
        if table.record.settings.get("public") is not True:
            raise LobbyError("unauthorized", "this table is not public: its seats are taken with an invite", 403,
                             key="server.open.not_public")
        if table.status != "lobby":
            raise LobbyError("conflict", "this table has started: its seats are taken", 409,
                             key="server.open.started")
        if seat is not None and (seat >= len(table.seats) or table.core.seat_names[seat] is not None):
            raise LobbyError("bad_request", "seat must be the number of a person's seat of this table")
        mine = new_token()
        name = name or ""  # no name: not the name of whoever held the seat before (pages word it "P2", 「玩家2」)
        async with table.lock:
            got = await self._db(self.store.take_seat, table.id, seat,
                                 SeatSecret(table.id, seat or 0, "seat", token_hash(mine)), name=name, ready=ready)
            if got is None:  # someone was first (or the table filled up, or started, a moment ago)
                raise LobbyError("conflict", "that seat was taken a moment ago", 409, key="server.open.taken")
            table.seats[got] = replace_seat(table.seats[got], joined=True, ready=ready, name=name)
            table.secrets_changed += 1
            for conn in [c for c in table.conns if c.seat == got]:  # an earlier holder's page (a revoked seat)
                self._drop(table, conn, "seat_claimed")
        self._push_table(table)
        tied = await self._tie_new(key, mine) if key is not None else False
        table = await self._start_when_full(table)
        return {"table": self.info(table), "seat": got, "token": mine, "link": seat_link(table.id, got, mine),
                "tied": tied}

    async def _start_when_full(self, table: LiveTable) -> LiveTable:
        """A public table starts by itself once every seat is taken and everyone seated is ready."""
        if self.store.shared:
            await self._refresh_lobby(table)  # seats taken through another process a moment ago
        if table.status == "lobby" and all(s.joined and s.ready for s in table.seats):
            return await self._start(table)
        return table

    async def keep_open(self, table_id: str, token: object) -> dict[str, Any]:
        """A page of one of the table's people (a seat's secret, or the host's) keeps a public waiting table
        listed for ``Limits.open_keep_s`` more (written at most every half of that)."""
        table = await self._load_lobby(table_id)
        found = await self._secret(table.id, token)
        if found is None or found.kind not in ("seat", "host"):
            raise LobbyError("unauthorized", "only the table's people keep it listed (a seat's or the host's link)",
                             403, key="server.error.unauthorized")
        if table.record.settings.get("public") is not True or table.status != "lobby":
            return {"listed": False, "until": 0.0}
        now, keep = time.time(), self.limits.open_keep_s
        until = table.record.kept_until
        if until < now + keep / 2:
            until = now + keep
            await self.keep(table.id, until)
        return {"listed": any(not s.joined for s in table.seats), "until": until}

    # -- quick play --------------------------------------------------------------------------------------------

    async def quick(self, body: Mapping[str, Any], *, client: str | None = None, lang: str = "en") -> dict[str, Any]:
        """A free seat at the longest-waiting public table of ``game`` (``variant``, ``players`` if given) that the
        caller (``key``) does not sit at already; none: a new public table of it, the caller at its first seat
        (``created``: true, with the host secret). A one-player game: a table of one's own, started."""
        game = body.get("game")
        if not isinstance(game, str) or game not in list_games():
            raise LobbyError("bad_request", f"game must be one of {', '.join(list_games())}")
        spec = get_spec(game)
        variant, players = body.get("variant"), body.get("players")
        if variant is not None and variant not in spec.variants:
            raise LobbyError("bad_request", f"variant must be one of {', '.join(spec.variants)}")
        counts = spec.player_counts(variant or spec.default_variant)
        if players is not None and (isinstance(players, bool) or players not in counts):
            raise LobbyError("bad_request", f"players must be one of {', '.join(map(str, counts))}")
        name, ready, key = self._who(body)
        self._admit_take(client, lang)
        if self._quick_lock is None:
            self._quick_lock = asyncio.Lock()
        async with self._quick_lock:  # two quick players of one process at once meet at one table, not two
            mine: set[str] = set()
            if key is not None:
                tied = await self._db(self.store.key_seats, token_hash(key))
                mine = {t for t, _, _ in tied or ()}
            after = (0.0, "")
            for _ in range(QUICK_PAGES):
                rows = await self._db(self.store.open_tables, game, after, self.limits.open_page, time.time())
                for record, _seats in rows:
                    if record.id in mine or (variant is not None and record.options.get("variant") != variant) or (
                            players is not None and record.options.get("players") != players):
                        continue
                    if rules_of_options(record.options):  # quick play is the printed game: house rules are chosen
                        continue
                    try:
                        return dict(await self._take(record.id, None, name, ready, key, lang), created=False)
                    except LobbyError as e:
                        if e.code not in ("conflict", "unauthorized", "unknown_table"):
                            raise
                if len(rows) < self.limits.open_page:
                    break
                after = (rows[-1][0].created_at, rows[-1][0].id)
            return await self._quick_create(game, variant, players, counts, name, key, client, lang)

    async def _quick_create(self, game: str, variant: str | None, players: int | None, counts: list[int],
                            name: str | None, key: str | None, client: str | None, lang: str) -> dict[str, Any]:
        spec = get_spec(game)
        if players is None:
            players = next((n for n in counts if n >= 2), counts[0])
        solo = spec.max_players == 1 or players == 1
        claim: dict[str, Any] = {"seat": 0}
        if name is not None:
            claim["name"] = name
        body = {"game": game, "variant": variant or spec.default_variant, "players": players,
                "seats": [{"bot": None} for _ in range(players)], "clock": {"mode": "none"} if solo else QUICK_CLOCK,
                "lang": lang, "public": not solo, "claim": claim}
        created = await self.create(body, client=client, caller_lang=lang)
        you = created["you"]
        table = await self._load_lobby(created["table"]["id"])
        if solo:  # nobody to wait for: the puzzle starts at once
            async with table.lock:
                await self._db(self.store.update_seat, table.id, 0, ready=True)
                table.seats[0] = replace_seat(table.seats[0], ready=True)
            table = await self._start(table)
        tied = await self._tie_new(key, you["token"]) if key is not None else False
        return {"table": self.info(table), "seat": you["seat"], "token": you["token"], "link": you["link"],
                "tied": tied, "created": True, "host": created["host"]}

    # -- personal keys and my tables ---------------------------------------------------------------------------

    async def new_key(self, *, client: str | None = None, lang: str = "en") -> dict[str, Any]:
        """A personal key, once (its hash stored): the browser keeps it; ``/me#key=...`` brings it elsewhere."""
        self._admit_key(client, lang)
        key = new_token()
        await self._db(self.store.add_key, token_hash(key), time.time())
        return {"key": key, "link": f"/me#key={key}"}

    def _key_of(self, body: Mapping[str, Any]) -> str:
        key = _key_text(body.get("key"))
        if key is None:
            raise LobbyError("bad_request", "key must be a personal key (text of at most 200 characters)")
        return token_hash(key)

    @staticmethod
    def _unknown_key() -> LobbyError:
        return LobbyError("unauthorized", "this personal key is not known here", 403, key="server.me.unknown_key")

    async def _tie_new(self, key: str, token: str) -> bool:
        got = await self._db(self.store.tie_key, token_hash(key), [token_hash(token)], time.time(),
                             self.limits.seats_per_key)
        return got is not None and got[0] == "tied"

    async def tie(self, body: Mapping[str, Any]) -> dict[str, Any]:
        """Tie seat secrets (``tokens``: the caller holds them) to a personal key (``key``): ``tied``, how many are
        tied now; the others are no seat secret (any more), or the key has no room."""
        key = self._key_of(body)
        tokens = body.get("tokens")
        if not isinstance(tokens, list) or not 1 <= len(tokens) <= 200 or not all(isinstance(t, str) for t in tokens):
            raise LobbyError("bad_request", "tokens must be a list of 1 to 200 seat tokens")
        hashes = list(dict.fromkeys(token_hash(t) for t in tokens if 0 < len(t) <= 200))
        got = await self._db(self.store.tie_key, key, hashes, time.time(), self.limits.seats_per_key)
        if got is None:
            raise self._unknown_key()
        if "full" in got:
            raise LobbyError("conflict", "this personal key holds as many unfinished tables as it may", 409,
                             key="server.me.key_full", limit=self.limits.seats_per_key)
        return {"tied": sum(1 for g in got if g == "tied")}

    async def my_by_key(self, body: Mapping[str, Any]) -> dict[str, Any]:
        """The key's tables, the person's turn first (then games in play, tables waiting, finished ones; the latest
        first within each), a page at a time (``cursor``: the ``next`` of the page before)."""
        key = self._key_of(body)
        size = self._page_size(body.get("limit"), self.limits.my_page)
        cursor = body.get("cursor")
        start = 0
        if cursor is not None:
            if not isinstance(cursor, str) or not cursor.isdigit() or len(cursor) > 6:
                raise LobbyError("bad_request", "cursor must be the 'next' of an earlier answer")
            start = int(cursor)
        tied = await self._db(self.store.key_seats, key)
        if tied is None:
            raise self._unknown_key()
        records = {r.id: r for r in await self._db(self.store.tables, ids=sorted({t for t, _, _ in tied}))}
        rows: list[tuple[tuple[int, float], str, int, LiveTable | None, bool]] = []
        for table_id, seat, _at in tied:
            record = records.get(table_id)
            if record is None:
                continue
            live: LiveTable | None = self.tables.get(table_id)
            if record.status == "playing" and live is None:
                try:
                    live = await self._load(table_id)
                except (TableRefused, TableDamaged):
                    live = None
                except LobbyError:
                    continue
            status = live.status if live is not None else record.status
            turn = live is not None and status == "playing" and seat in live.core.to_act
            group = 0 if turn else {"playing": 1, "lobby": 2}.get(status, 3)
            rows.append(((group, -record.created_at), table_id, seat, live, turn))
        rows.sort(key=lambda r: (r[0], r[1], r[2]))
        page = rows[start:start + size]
        out = []
        for _, table_id, seat, live, turn in page:
            if live is not None:
                info = self.info(live)
            else:  # finished or waiting, not in memory: as stored (no replay for a list)
                info = stored_info(records[table_id], await self._db(self.store.seats, table_id))
            out.append(dict(info, seat=seat, my_turn=turn))
        return {"tables": out, "next": str(start + size) if start + size < len(rows) else None}

    async def open_mine(self, body: Mapping[str, Any]) -> dict[str, Any]:
        """A seat tied to the key, opened on this device: a fresh secret of its own for the seat, beside the other
        devices' (none of them dies), while the seat holds fewer than ``Limits.secrets_per_seat``."""
        key = self._key_of(body)
        table_id, seat = body.get("table"), body.get("seat")
        if not isinstance(table_id, str) or not 0 < len(table_id) <= 40:
            raise LobbyError("bad_request", "table must be a table's id")
        if isinstance(seat, bool) or not isinstance(seat, int) or seat < 0:
            raise LobbyError("bad_request", "seat must be a seat's number")
        table = await self._load_lobby(table_id)
        mine = new_token()
        got = await self._db(self.store.mint_for_key, key, table.id, seat,
                             SeatSecret(table.id, seat, "seat", token_hash(mine)), self.limits.secrets_per_seat)
        if got == "not_tied":
            raise LobbyError("unauthorized", "this seat is not one of this key's (any more)", 403,
                             key="server.me.not_yours")
        if got == "full":
            raise LobbyError("conflict", "this seat is open on as many devices as it may be", 409,
                             key="server.me.too_many_devices", limit=self.limits.secrets_per_seat)
        return {"seat": seat, "token": mine, "link": seat_link(table.id, seat, mine)}


__all__ = ["QUICK_CLOCK", "OpenTables", "house_rules"]

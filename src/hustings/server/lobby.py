"""The lobby: tables set up, joined, made ready, started and rematched; seat tokens; what anyone may know of a table.

Everything here is the server's own (tokens, seats, names, the table's settings); the game itself is made and
played by the table core (:mod:`hustings.table.core`) once the table starts.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import secrets
import time
from collections.abc import Mapping, Sequence
from typing import Any

import hustings
from hustings.bots.heuristic import heuristic_for
from hustings.engine import ENGINE_VERSION, LANGS, fresh_seed, get_spec, list_games, normalize_lang
from hustings.engine.rng import RNG_NAME
from hustings.server.live import HubBase, LiveTable, PlayError, TableRefused, build, replace_record, replace_seat
from hustings.server.store import SeatRecord, TableDamaged, TableRecord
from hustings.table.clock import ClockError, ClockSettings
from hustings.table.match import table_options
from hustings.table.seats import MAX_NAME, SeatSpecError, check_players, seats_from_json

BOT_LEVELS = ("random", "heuristic", "ismcts:easy", "ismcts:normal", "ismcts:hard")
#: a seat name's longest length


class LobbyError(Exception):
    """A lobby request that cannot be served: ``code`` (machine), ``message`` (one line), HTTP ``status``."""

    def __init__(self, code: str, message: str, status: int = 400, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status
        #: seconds after which the same request may succeed (HTTP Retry-After), for a limit's refusal
        self.retry_after = retry_after


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(32)


class Lobby(HubBase):
    """The hub's part that sets tables up and starts them."""

    _lobby_lock: asyncio.Lock

    def games(self, lang: str) -> list[dict[str, Any]]:
        lang = normalize_lang(lang)
        out = []
        for g in list_games():
            spec = get_spec(g)
            bots = [b for b in BOT_LEVELS if b != "heuristic" or heuristic_for(g) is not None]
            out.append({"id": g, "name": spec.title.get(lang, spec.title.get("en", g)),
                        "variants": list(spec.variants), "default_variant": spec.default_variant,
                        "players": [spec.min_players, spec.max_players],
                        "players_by_variant": {v: spec.player_counts(v) for v in spec.variants},
                        "bots": bots, "outcome": spec.outcome})
        return out

    async def create(self, body: Mapping[str, Any], rematch_of: TableRecord | None = None, *,
                     client: str | None = None, caller_lang: str = "en") -> dict[str, Any]:
        """A new table from a lobby request; the answer holds every person's seat token (only once). ``client``:
        who asks (hustings.server.limits.client_key), held to the per-client limits; refusals in
        ``caller_lang``."""
        if client is not None:
            self._admit(client, caller_lang)
        game = body.get("game")
        if not isinstance(game, str) or game not in list_games():
            raise LobbyError("bad_request", f"unknown game {str(game)[:40]!r}; games: {', '.join(list_games())}")
        spec = get_spec(game)
        variant = body.get("variant") or spec.default_variant
        seats_in = body.get("seats")
        players = body.get("players", len(seats_in) if isinstance(seats_in, list) else None)
        try:  # the one reading of seats the command line uses too (hustings.table.seats)
            players = check_players(game, variant, players, "players")
            seats = seats_from_json(game, players, seats_in)
        except SeatSpecError as e:
            raise LobbyError("bad_request", str(e)) from None
        seats_json: list[dict[str, Any]] = [{"bot": s.bot, "name": s.name} for s in seats]
        try:
            clock = ClockSettings.from_json(body.get("clock"))
        except ClockError as e:
            raise LobbyError("bad_request", str(e)) from None
        lang = body.get("lang", "en")
        if lang not in LANGS:
            raise LobbyError("bad_request", f"lang must be one of {', '.join(LANGS)}")
        options: dict[str, Any] = {"players": players, "variant": variant}
        extra = body.get("options") or {}
        if not isinstance(extra, Mapping) or any(k not in spec.options for k in extra):
            raise LobbyError("bad_request", f"options: {game} takes {', '.join(spec.options) or 'none'}")
        all_bots = all(s["bot"] is not None for s in seats_json)
        # a person's seat brings the game's person_options (a puzzle without an action limit), unless given
        options.update(table_options(game, extra, people=not all_bots))
        seed = fresh_seed()
        try:
            state = hustings.make(game, seed=seed, **options)  # refuse bad options now, not at the first replay
        except (ValueError, TypeError) as e:
            raise LobbyError("bad_request", str(e)) from None
        table_id = secrets.token_urlsafe(12)
        settings = {"seats": seats_json, "clock": clock.to_json(), "lang": lang,
                    "name": str(body.get("name") or "")[:80]}
        if client is not None and all_bots:  # its creator's tables of bots only play a few at a time
            settings["by"] = self._admit_bots(client, caller_lang)
        record = TableRecord(id=table_id, game=game, options=options, seed=seed, rules_version=spec.rules_version,
                             engine_version=ENGINE_VERSION, rng=RNG_NAME, settings=settings, status="lobby",
                             created_at=time.time(), rematch_of=None if rematch_of is None else rematch_of.id)
        tokens = {p: new_token() for p in range(players)}
        seat_records = [SeatRecord(table_id, p, token_hash(tokens[p]), s["name"], s["bot"] is not None,
                                   s["bot"] is not None) for p, s in enumerate(seats_json)]
        await self._db(self.store.create_table, record, seat_records)
        # the table in memory from what was just stored, not read back (a new id: nobody else can know of it yet)
        table = self.tables.setdefault(table_id, build(record, seat_records, (), self.store, self.grace_s, state))
        if all_bots:
            await self._start(table)
        else:
            self._evict_later(table)  # set up and never joined: not held for ever
        return {
            "table": self.info(table),
            "seats": [{"seat": p, "token": tokens[p], "invite": f"/t/{table_id}#seat={p}&token={tokens[p]}"}
                      for p, s in enumerate(seats_json) if s["bot"] is None],
            "spectate": f"/t/{table_id}",
        }

    async def _seat_of(self, table_id: str, token: object) -> tuple[LiveTable, int]:
        table = await self._load_lobby(table_id)
        seat = self._check_token(table, token)
        if seat is None:
            raise LobbyError("unauthorized", "this seat token is not valid for this table", 403)
        return table, seat

    async def _load_lobby(self, table_id: str) -> LiveTable:
        try:
            return await self._load(table_id)
        except PlayError:
            raise LobbyError("unknown_table", f"no table {table_id[:40]!r}", 404) from None

    def _check_token(self, table: LiveTable, token: object) -> int | None:
        """The seat whose token this is, compared in constant time with every seat's hash, else None."""
        if not isinstance(token, str) or not 0 < len(token) <= 200:
            return None
        digest = token_hash(token).encode("ascii")
        found = None
        for s in table.seats:  # no early exit: the time taken says nothing about which seat matched
            if hmac.compare_digest(digest, s.token_hash.encode("ascii")):
                found = s.seat
        return found

    async def table_info(self, table_id: str) -> dict[str, Any]:
        return self.info(await self._load_lobby(table_id))

    async def join(self, table_id: str, token: object, name: object, ready: object = None) -> dict[str, Any]:
        """Take the seat (``ready``: true or false sets it too, in the same write: the table page's "join and
        ready" is one request)."""
        table, seat = await self._seat_of(table_id, token)
        if name is not None and (not isinstance(name, str) or len(name) > MAX_NAME):
            raise LobbyError("bad_request", f"name must be text of at most {MAX_NAME} characters")
        if ready is not None and not isinstance(ready, bool):
            raise LobbyError("bad_request", "ready must be true or false")
        changes: dict[str, Any] = {"joined": True}
        if name is not None:  # no name given: the seat keeps the one it has
            changes["name"] = name
        if ready is not None:
            changes["ready"] = ready
        return await self._set_seat(table, seat, changes)

    async def ready(self, table_id: str, token: object, ready: object) -> dict[str, Any]:
        table, seat = await self._seat_of(table_id, token)
        if not isinstance(ready, bool):
            raise LobbyError("bad_request", "ready must be true or false")
        return await self._set_seat(table, seat, {"ready": ready, "joined": True})

    async def _set_seat(self, table: LiveTable, seat: int, changes: dict[str, Any]) -> dict[str, Any]:
        """Store a seat's changes, then hold them in memory and tell the table."""
        async with table.lock:
            await self._db(self.store.update_seat, table.id, seat, **changes)
            table.seats[seat] = replace_seat(table.seats[seat], **changes)
        self._push_table(table)
        return self.info(table)

    async def start(self, table_id: str, token: object) -> dict[str, Any]:
        table, _ = await self._seat_of(table_id, token)
        if self.store.shared and not all(s.joined and s.ready for s in table.seats):
            await self._refresh_lobby(table)  # they may have joined through another process a moment ago
        if table.status != "lobby":
            raise LobbyError("conflict", f"the table is {table.status} already", 409)
        waiting = [s.seat for s in table.seats if not (s.joined and s.ready)]
        if waiting:
            raise LobbyError("conflict", f"waiting for seats {', '.join(str(p) for p in waiting)} to join and "
                             "be ready", 409)
        return self.info(await self._start(table))

    async def _start(self, table: LiveTable) -> LiveTable:
        """Start the game; returns the table started (the copy in memory: an idle lobby table may have left
        memory, and been read back, while this call waited)."""
        while self.tables.get(table.id) is not table:
            table = await self._load(table.id)
        async with table.lock:
            if table.status != "lobby":
                return table
            if self.tables.get(table.id) is not table:  # it left memory while this waited for the lock
                return await self._start(await self._load(table.id))
            settings = dict(table.record.settings, started_at=time.time())

            def store_start() -> None:  # both writes in one trip to the store's threads
                self.store.set_settings(table.id, settings)
                self.store.set_status(table.id, "playing")

            await self._db(store_start)
            self._begin(table, settings)
        return table

    def _begin(self, table: LiveTable, settings: dict[str, Any]) -> None:
        """The game starts (here, or in another process that shares the database): clocks from ``started_at``,
        everyone told, bots and grace periods running. Under the table's lock."""
        table.record = replace_record(table.record, settings=settings, status="playing")
        if table.evict is not None:  # a lobby table's: a game in play stays in memory
            table.evict.cancel()
            table.evict = None
        table.core.restart_clocks(settings["started_at"])
        self._start_graces(table)
        self._broadcast(table, full=True)
        self._schedule(table)

    async def rematch(self, table_id: str, token: object) -> dict[str, Any]:
        """A new table with the same game, seats and settings (new seed, new tokens). The first to ask gets
        every person's new token to share, as the creator of a table does; the old table's info names the
        rematch, and later askers are told it exists (only token hashes are stored, so nobody else's token
        can be handed out again)."""
        table, seat = await self._seat_of(table_id, token)
        if table.status != "over":
            raise LobbyError("conflict", "a rematch can only follow a finished game", 409)
        async with self._lobby_lock:
            existing = table.record.settings.get("rematch")
            if existing is None:
                rec = table.record
                body = {"game": rec.game, "variant": rec.options.get("variant"), "players": rec.options["players"],
                        "seats": [{"bot": s["bot"], "name": table.seats[p].name}
                                  for p, s in enumerate(rec.settings["seats"])],
                        "clock": rec.settings.get("clock"), "lang": rec.settings.get("lang", "en"),
                        "name": rec.settings.get("name", ""),
                        "options": {k: v for k, v in rec.options.items() if k not in ("players", "variant")}}
                answer = await self.create(body, rematch_of=rec)
                settings = dict(rec.settings, rematch=answer["table"]["id"])
                await self._db(self.store.set_settings, table.id, settings)
                table.record = replace_record(table.record, settings=settings)
                self._push_table(table)
                return answer
            raise LobbyError("conflict", f"the rematch {existing} exists already: whoever asked first got every "
                             f"seat's link; ask them for the link of seat {seat}", 409)

    async def my_tables(self, tokens: object) -> list[dict[str, Any]]:
        if not isinstance(tokens, list) or len(tokens) > 200 or not all(isinstance(t, str) for t in tokens):
            raise LobbyError("bad_request", "tokens must be a list of at most 200 seat tokens")
        out = []
        for tok in tokens:
            seat = await self._db(self.store.seat_by_token_hash, token_hash(tok))
            if seat is None:
                continue
            try:
                table = await self._load(seat.table_id)
            except TableRefused as e:  # listed as stored (its page says why it cannot be played here)
                out.append(dict(stored_info(e.record, await self._db(self.store.seats, seat.table_id)),
                                seat=seat.seat))
                continue
            except TableDamaged:  # damaged (logged by the hub): left out, the others listed
                continue
            out.append(dict(self.info(table), seat=seat.seat))
        return out

    async def record_of(self, table_id: str) -> dict[str, Any]:
        try:
            table = await self._load_lobby(table_id)
        except TableRefused as e:
            if e.record.status != "over":
                raise
            # a finished game of another release is history: its record as stored, its own rules version in it
            # (so hustings.replay refuses it rather than play it out under these rules)
            return stored_record(e.record, await self._db(self.store.actions, table_id, 0))
        if table.status != "over":  # set once the last move is durable (is_over holds while it is being written)
            raise LobbyError("conflict", "the record holds the seed: it is given out only when the game is over",
                             409)
        record: dict[str, Any] = table.core.record()
        if table.core.given_up is not None:  # ended at the table: the record replays to where it was given up
            record["given_up"] = table.core.given_up
        return record

    def info(self, table: LiveTable) -> dict[str, Any]:
        """TableInfo: what anyone at the table may know about it (never a token, seed or hidden card)."""
        rec = table.record
        fixed = table.info_fixed
        if fixed is None or fixed[0] is not rec:
            # what only a new record changes (every change of a table's record replaces it): made once, not for
            # every message of every move
            fixed = table.info_fixed = (rec, {
                "id": rec.id, "game": rec.game, "variant": rec.options.get("variant"),
                "players": rec.options.get("players"), "clock": table.core.clock.to_json(),
                "lang": rec.settings.get("lang", "en"), "name": rec.settings.get("name", ""),
                "rematch": rec.settings.get("rematch"), "rematch_of": rec.rematch_of})
        now = time.time()
        playing = rec.status == "playing"
        seats = []
        core = table.core
        for s in table.seats:
            seats.append({"seat": s.seat, "name": s.name, "bot": core.seat_names[s.seat], "joined": s.joined,
                          "ready": s.ready, "connected": table.connected(s.seat),
                          "replaced_by_bot": playing and core.replaced_by_bot(s.seat, now)})
        out = dict(fixed[1])
        out["status"], out["step"], out["seats"] = rec.status, core.stored, seats
        return out


def stored_info(record: TableRecord, seats: Sequence[SeatRecord]) -> dict[str, Any]:
    """TableInfo of a table this server does not load (another release's rules): from the store alone, nobody
    connected (nobody can be), its status and step as stored."""
    bots = [s.get("bot") for s in record.settings.get("seats", [])]
    return {"id": record.id, "game": record.game, "variant": record.options.get("variant"),
            "players": record.options.get("players"),
            "clock": ClockSettings.from_json(record.settings.get("clock")).to_json(),
            "lang": record.settings.get("lang", "en"), "name": record.settings.get("name", ""),
            "rematch": record.settings.get("rematch"), "rematch_of": record.rematch_of, "status": record.status,
            "step": record.steps,
            "seats": [{"seat": s.seat, "name": s.name, "bot": bots[s.seat] if s.seat < len(bots) else None,
                       "joined": s.joined, "ready": s.ready, "connected": False, "replaced_by_bot": False}
                      for s in seats]}


def stored_record(record: TableRecord, actions: Sequence[Any]) -> dict[str, Any]:
    """The engine record of a finished table as the store holds it, without replaying it."""
    return {"game": record.game, "rules_version": record.rules_version, "engine_version": record.engine_version,
            "rng": record.rng, "options": dict(record.options), "seed": record.seed,
            "actions": [[a.seat, a.action] for a in actions]}


__all__ = ["BOT_LEVELS", "MAX_NAME", "Lobby", "LobbyError", "new_token", "stored_info", "stored_record", "token_hash"]

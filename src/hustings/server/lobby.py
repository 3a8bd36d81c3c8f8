"""The lobby: tables set up, claimed, joined, made ready, started and rematched; seat secrets; what anyone may
know of a table.

Seats belong to whoever claims them. ``create`` hands out an invite code per free person's seat (it only claims
the seat, once, while it is free), a host secret, and a seat secret only for the seat its creator sits at; claiming
issues a fresh secret to the claimer and kills every earlier one of that seat; the holder alone can add another
device; a host may take a seat back and invite someone else to it, openly. Only hashes of secrets are stored.

Everything here is the server's own (secrets, seats, names, the table's settings); the game itself is made and
played by the table core (:mod:`hustings.table.core`) once the table starts.
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import hustings
from hustings.bots.heuristic import heuristic_for
from hustings.bots.learned import Learned, learned_for
from hustings.engine import ENGINE_VERSION, LANGS, fresh_seed, get_spec, list_games, normalize_lang
from hustings.engine.rng import RNG_NAME
from hustings.server.chat import record_chat
from hustings.server.connections import dumps
from hustings.server.i18n import CATALOG
from hustings.server.live import HubBase, LiveTable, PlayError, TableRefused, build, replace_record, replace_seat
from hustings.server.store import HOST_SEAT, ChatLine, SeatRecord, SeatSecret, TableDamaged, TableRecord
from hustings.table.clock import ClockError, ClockSettings
from hustings.table.houserules import (
    HouseRulesError,
    check_table_rules,
    described,
    rules_of_options,
    settings_json,
    shown_rules,
)
from hustings.table.match import table_options
from hustings.table.seats import MAX_NAME, SeatSpecError, check_players, seats_from_json

if TYPE_CHECKING:
    from hustings.server.connections import Conn

BOT_LEVELS = ("random", "heuristic", "ismcts:easy", "ismcts:normal", "ismcts:hard")
#: a seat name's longest length


#: how many of a table's past revocations its TableInfo shows (the latest)
MAX_REVOKED_SHOWN = 20


class LobbyError(Exception):
    """A lobby request that cannot be served: ``code`` (machine), ``message`` (one line), HTTP ``status``;
    ``key``: the refusal has words of its own (that key of the server's catalog, said in the caller's language)."""

    def __init__(self, code: str, message: str, status: int = 400, key: str | None = None,
                 retry_after: float | None = None, **fields: object) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status
        #: seconds after which the same request may succeed (HTTP Retry-After), for a limit's refusal
        self.retry_after = retry_after
        self.key = key
        self.fields = fields

    def text(self, lang: str) -> str:
        return CATALOG.text(self.key, lang, **self.fields) if self.key else self.message


def _learned_ready(learned: Learned) -> bool:
    """Whether this server can play the game's learned bot (its libraries installed: ``Learned.ready``)."""
    try:
        learned.ready()
    except ValueError:
        return False
    return True


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(32)


def seat_link(table_id: str, seat: int, token: str) -> str:
    """A seat's page with its secret in the fragment (which never reaches a server)."""
    return f"/t/{table_id}#seat={seat}&token={token}"


def _secret_text(value: object) -> str | None:
    """A secret as a client may send one, else None (refused without a look at the store)."""
    return value if isinstance(value, str) and 0 < len(value) <= 200 else None


class Lobby(HubBase):
    """The hub's part that sets tables up and starts them."""

    _lobby_lock: asyncio.Lock

    def games(self, lang: str) -> list[dict[str, Any]]:
        lang = normalize_lang(lang)
        out = []
        for g in list_games():
            spec = get_spec(g)
            bots = [b for b in BOT_LEVELS if b != "heuristic" or heuristic_for(g) is not None]
            learned = learned_for(g)
            bot_players: dict[str, list[int]] = {}
            # only a game that ships a network offers it, for the counts it learned, and only on a server that has
            # what it plays with (NumPy: the rl extra), so nobody picks a seat the table would then refuse
            if learned is not None and _learned_ready(learned):
                bots.append("learned")
                bot_players["learned"] = sorted(learned.players)
            out.append({"id": g, "name": spec.title.get(lang, spec.title.get("en", g)),
                        "variants": list(spec.variants), "default_variant": spec.default_variant,
                        "players": [spec.min_players, spec.max_players],
                        "players_by_variant": {v: spec.player_counts(v) for v in spec.variants},
                        "bots": bots, "bot_players": bot_players, "outcome": spec.outcome,
                        "house_rules": settings_json(g, lang)})
        return out

    async def create(self, body: Mapping[str, Any], rematch_of: TableRecord | None = None,
                     invites: bool = True, *, client: str | None = None, caller_lang: str = "en") -> dict[str, Any]:
        """A new table from a lobby request. The answer holds, once: the host secret, an invite code (and link)
        for every free person's seat, and the seat secret of the one seat the creator claims (``claim``: its
        number, or ``{"seat": n, "name": ...}``), never a working secret of anyone else's seat. ``invites``
        False (a rematch): free seats get no invite; each is claimed with its person's secret of the old table.
        ``client``: who asks (hustings.server.limits.client_key), held to the per-client limits; refusals in
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
        claim, claim_name = self._claim_of(body.get("claim"), seats_json)
        # public (issue 25): listed in the lobby while it waits, its free seats taken without an invite
        public = body.get("public", False)
        if not isinstance(public, bool):
            raise LobbyError("bad_request", "public must be true or false")
        if public and not any(s["bot"] is None and p != claim for p, s in enumerate(seats_json)):
            raise LobbyError("bad_request", "a public table needs a free person's seat for someone to take",
                             key="server.open.needs_free_seat")
        try:
            clock = ClockSettings.from_json(body.get("clock"))
        except ClockError as e:
            raise LobbyError("bad_request", str(e)) from None
        lang = body.get("lang", "en")
        if lang not in LANGS:
            raise LobbyError("bad_request", f"lang must be one of {', '.join(LANGS)}")
        tutorial = self._tutorial_of(game, body.get("tutorial", False))
        options: dict[str, Any] = {"players": players, "variant": variant}
        extra = body.get("options") or {}
        if not isinstance(extra, Mapping) or any(k not in spec.options for k in extra):
            raise LobbyError("bad_request", f"options: {game} takes {', '.join(spec.options) or 'none'}")
        all_bots = all(s["bot"] is not None for s in seats_json)
        # a person's seat brings the game's person_options (a puzzle without an action limit), unless given
        options.update(table_options(game, extra, people=not all_bots))
        # house rules (issue 29): checked path by path, canonical, kept in the stored options (what make() takes),
        # so a restarted server, a rematch and the record play under the same ones
        try:
            rules = check_table_rules(game, body.get("rules"), self.limits.house_rules)
        except HouseRulesError as e:
            raise LobbyError("bad_request", str(e)) from None
        if rules:
            options["rules"] = rules
        seed = fresh_seed()
        try:
            state = hustings.make(game, seed=seed, **options)  # refuse bad options now, not at the first replay
        except (ValueError, TypeError) as e:
            raise LobbyError("bad_request", str(e)) from None
        table_id = secrets.token_urlsafe(12)
        if claim is not None and claim_name is not None:
            seats_json[claim]["name"] = claim_name
        settings = {"seats": seats_json, "clock": clock.to_json(), "lang": lang,
                    "name": str(body.get("name") or "")[:80]}
        digest = state.record().get("data_digest")
        if isinstance(digest, str):  # the data the table plays under, for its stored record (stored_record)
            settings["data_digest"] = digest
        if tutorial:
            settings["tutorial"] = True
        if client is not None and all_bots:  # its creator's tables of bots only play a few at a time
            settings["by"] = self._admit_bots(client, caller_lang)
        now = time.time()
        if public:
            settings["public"] = True
        record = TableRecord(id=table_id, game=game, options=options, seed=seed, rules_version=spec.rules_version,
                             engine_version=ENGINE_VERSION, rng=RNG_NAME, settings=settings, status="lobby",
                             created_at=now, rematch_of=None if rematch_of is None else rematch_of.id,
                             kept_until=now + self.limits.open_keep_s if public else 0.0)
        host = new_token()
        codes = {p: new_token() for p, s in enumerate(seats_json) if s["bot"] is None and p != claim and invites}
        mine = new_token() if claim is not None else None
        stored = [SeatSecret(table_id, HOST_SEAT, "host", token_hash(host))]
        stored += [SeatSecret(table_id, p, "invite", token_hash(c)) for p, c in codes.items()]
        if claim is not None and mine is not None:
            stored.append(SeatSecret(table_id, claim, "seat", token_hash(mine)))
        # seats.token_hash (the store's first schema) holds a value no token hashes to: the seat's secrets are in
        # the store's seat secrets, any number of them
        # at a public table its creator is ready: it starts by itself once its last free seat is taken
        seat_records = [SeatRecord(table_id, p, f"unused:{table_id}:{p}", s["name"], s["bot"] is not None or p == claim,
                                   s["bot"] is not None or (public and p == claim)) for p, s in enumerate(seats_json)]
        await self._db(self.store.create_table, record, seat_records, stored)
        # the table in memory from what was just stored, not read back (a new id: nobody else can know of it yet)
        table = self.tables.setdefault(table_id, build(record, seat_records, (), self.store, self.grace_s, state))
        if all_bots:
            await self._start(table)
        else:
            self._evict_later(table)  # set up and never joined: not held for ever
        answer: dict[str, Any] = {
            "table": self.info(table),
            "host": host,
            "seats": [{"seat": p, "code": c, "invite": f"/t/{table_id}#invite={c}"} for p, c in codes.items()],
            "spectate": f"/t/{table_id}",
        }
        if claim is not None and mine is not None:
            answer["you"] = {"seat": claim, "token": mine, "link": seat_link(table_id, claim, mine)}
        return answer

    @staticmethod
    def _tutorial_of(game: str, value: object) -> bool:
        """``tutorial``: true or false; true only for a game whose heuristic gives its reasons (its hints)."""
        if not isinstance(value, bool):
            raise LobbyError("bad_request", "tutorial must be true or false")
        h = heuristic_for(game)
        if value and (h is None or h.advise is None):
            raise LobbyError("bad_request", f"tutorial: {game} has no hints (its heuristic gives no reasons)")
        return value

    @staticmethod
    def _claim_of(value: object, seats_json: Sequence[Mapping[str, Any]]) -> tuple[int | None, str | None]:
        """The seat the creator sits at (``claim``: a seat number, or ``{"seat": n, "name": ...}``) and its name."""
        if value is None:
            return None, None
        name: object = None
        if isinstance(value, Mapping):
            asked: Mapping[str, Any] = value
            value, name = asked.get("seat"), asked.get("name")
        if (isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < len(seats_json)
                or seats_json[value]["bot"] is not None):
            raise LobbyError("bad_request", "claim must name a person's seat: its number, or {\"seat\": n, "
                             "\"name\": ...}")
        if name is not None and (not isinstance(name, str) or len(name) > MAX_NAME):
            raise LobbyError("bad_request", f"claim's name must be text of at most {MAX_NAME} characters")
        return value, name

    async def _seat_of(self, table_id: str, token: object) -> tuple[LiveTable, int]:
        """The table and the seat a seat secret plays; refused (in the caller's language) for anything else: an
        invite or device code, a host secret, a secret that died."""
        table = await self._load_lobby(table_id)
        found = await self._secret(table.id, token)
        if found is None:
            raise LobbyError("unauthorized", "this seat token is not valid for this table", 403,
                             key="server.error.unauthorized")
        if found.kind != "seat":
            raise LobbyError("unauthorized", f"a {found.kind} code does not play a seat", 403,
                             key=f"server.error.{found.kind}_not_seat")
        return table, found.seat

    async def _host_of(self, table_id: str, host: object) -> LiveTable:
        table = await self._load_lobby(table_id)
        found = await self._secret(table.id, host)
        if found is None or found.kind != "host":
            raise LobbyError("unauthorized", "this host secret is not valid for this table", 403,
                             key="server.lobby.not_host")
        return table

    async def _secret(self, table_id: str, token: object) -> SeatSecret | None:
        """The stored secret ``token`` is of this table (an expired one: None). Looked up by its hash in the store
        (where every process of a shared database sees a claim or a revocation at once), not in memory."""
        text = _secret_text(token)
        if text is None:
            return None
        found: SeatSecret | None = await self._db(self.store.secret, token_hash(text))
        if found is None or found.table_id != table_id:
            return None
        if found.expires_at is not None and found.expires_at <= time.time():
            return None
        return found

    async def _load_lobby(self, table_id: str) -> LiveTable:
        try:
            return await self._load(table_id)
        except PlayError:
            raise LobbyError("unknown_table", f"no table {table_id[:40]!r}", 404) from None

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

    async def claim(self, table_id: str, body: Mapping[str, Any]) -> dict[str, Any]:
        """Claim a seat with an invite code (``invite``: the seat changes hands, every earlier secret of it dies and
        its open connections are closed) or add a device to one (``device``: a one-time code its holder made).
        The answer holds the claimer's fresh seat secret, once."""
        invite, device = body.get("invite"), body.get("device")
        if (invite is None) == (device is None):
            raise LobbyError("bad_request", "claim needs an invite code or a device code (one of them)")
        code = _secret_text(invite if invite is not None else device)
        name, ready = body.get("name"), body.get("ready")
        if name is not None and (not isinstance(name, str) or len(name) > MAX_NAME):
            raise LobbyError("bad_request", f"name must be text of at most {MAX_NAME} characters")
        if ready is not None and not isinstance(ready, bool):
            raise LobbyError("bad_request", "ready must be true or false")
        table = await self._load_lobby(table_id)
        kind = "invite" if invite is not None else "device"
        refused = LobbyError("unauthorized", f"this {kind} link does not work (any more)", 403,
                             key=f"server.lobby.{kind}_spent")
        if code is None:
            raise refused
        mine = new_token()
        async with table.lock:
            got = await self._db(self.store.claim_seat, table.id, SeatSecret(table.id, 0, "seat", token_hash(mine)),
                                 code=token_hash(code), now=time.time(),
                                 name=name if kind == "invite" else None, ready=ready if kind == "invite" else None)
            if got is None:
                raise refused
            seat, spent = got
            if spent == "invite":
                changes: dict[str, Any] = {"joined": True, "name": name, "ready": ready}
                table.seats[seat] = replace_seat(table.seats[seat], **changes)
                table.secrets_changed += 1
                for conn in [c for c in table.conns if c.seat == seat]:  # earlier holders' pages: their keys died
                    self._drop(table, conn, "seat_claimed")
        self._push_table(table)
        return {"table": self.info(table), "seat": seat, "token": mine, "link": seat_link(table.id, seat, mine)}

    async def device(self, table_id: str, token: object) -> dict[str, Any]:
        """A one-time, short-lived link that adds another device (a phone beside the laptop) to the caller's seat:
        only the seat's holder gets one; the other device exchanges it (``claim`` with ``device``) for a secret of
        its own, and the holder's other secrets stay."""
        table, seat = await self._seat_of(table_id, token)
        code = new_token()
        ttl = self.limits.device_link_s
        await self._db(self.store.add_secret,
                       SeatSecret(table.id, seat, "device", token_hash(code), expires_at=time.time() + ttl))
        return {"seat": seat, "code": code, "link": f"/t/{table.id}#device={code}", "expires_in": ttl}

    async def revoke(self, table_id: str, host: object, seat: object) -> dict[str, Any]:
        """The host takes a person's seat back and invites someone else to it, openly: its secrets die at once
        (its connections are closed, saying why), everyone at the table is told and TableInfo shows it, a
        stand-in plays it under the table core's usual rules until someone claims it with the new invite (in the
        answer, once)."""
        table = await self._host_of(table_id, host)
        if (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(table.seats)
                or table.core.seat_names[seat] is not None):
            raise LobbyError("bad_request", "seat must be the number of a person's seat of this table")
        if table.status == "over":  # nothing left to play; a rematch has a host of its own
            raise LobbyError("conflict", "the game is over: its seats are not taken back", 409,
                             key="server.lobby.revoke_over")
        code = new_token()
        async with table.lock:
            held = table.seats[seat].joined
            settings = dict(table.record.settings)
            if held:
                past = list(settings.get("revoked") or [])
                settings["revoked"] = [*past, {"seat": seat, "at": time.time()}][-MAX_REVOKED_SHOWN:]
            await self._db(self.store.revoke_seat, table.id, seat, SeatSecret(table.id, seat, "invite",
                                                                                token_hash(code)), settings)
            table.record = replace_record(table.record, settings=settings)
            table.seats[seat] = replace_seat(table.seats[seat], joined=False, ready=False)
            table.secrets_changed += 1
            await self.forget_seat(table.id, seat)  # its person's turn notice addresses are theirs, not the seat's
            for conn in [c for c in table.conns if c.seat == seat]:
                self._drop(table, conn, "seat_revoked")
            if held:
                self._tell_revoked(table, seat)
        self._push_table(table)
        return {"table": self.info(table), "seat": seat, "code": code, "invite": f"/t/{table.id}#invite={code}"}

    def _tell_revoked(self, table: LiveTable, seat: int) -> None:
        """Every connection of the table hears, in its language, that the host took ``seat`` back."""
        name = table.seats[seat].name
        for conn in list(table.conns):
            who = name or CATALOG.text("seat", conn.lang, n=seat + 1)
            conn.send(dumps({"type": "notice", "code": "seat_revoked", "seat": seat,
                             "message": CATALOG.text("server.notice.seat_revoked", conn.lang, name=who)}))

    def _drop(self, table: LiveTable, conn: Conn, why: str) -> None:
        """Close a connection whose secret died (``why``: the error it is told, in its language): it is out of the
        table at once, whatever its client does next."""
        conn.send(dumps({"type": "error", "code": why, "message": CATALOG.text(f"server.error.{why}", conn.lang)}))
        conn.closed_by = why
        self.gone(conn)
        conn.table = None
        if conn.close is not None:
            conn.close()

    async def my_tables(self, tokens: object) -> list[dict[str, Any]]:
        if not isinstance(tokens, list) or len(tokens) > 200 or not all(isinstance(t, str) for t in tokens):
            raise LobbyError("bad_request", "tokens must be a list of at most 200 seat tokens")
        out = []
        for tok in tokens:
            seat = await self._db(self.store.secret, token_hash(tok))
            if seat is None or seat.kind != "seat":
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
            return with_chat(stored_record(e.record, await self._db(self.store.actions, table_id, 0)),
                             await self._db(self.store.chat, table_id))
        if table.status != "over":  # set once the last move is durable (is_over holds while it is being written)
            raise LobbyError("conflict", "the record holds the seed: it is given out only when the game is over",
                             409)
        record: dict[str, Any] = table.core.record()
        if table.core.given_up is not None:  # ended at the table: the record replays to where it was given up
            record["given_up"] = table.core.given_up
        # the chat goes with the finished game (a replay shows it beside the steps): read now, so lines written
        # after the end are in it too
        return with_chat(record, await self._db(self.store.chat, table_id))

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
                "rematch": rec.settings.get("rematch"), "rematch_of": rec.rematch_of,
                "revoked": list(rec.settings.get("revoked") or []),
                "tutorial": bool(rec.settings.get("tutorial", False)),
                "public": rec.settings.get("public") is True, **rules_info(rec)})
        now = time.time()
        playing = rec.status == "playing"
        seats = []
        core = table.core
        # live connections per seat: this process's, and one for each seat another process says it holds (the
        # cluster's presence tells which seats, not how many connections)
        here = Counter(c.seat for c in table.conns)
        for s in table.seats:
            count = here[s.seat] + (1 if s.seat in table.remote else 0)
            seats.append({"seat": s.seat, "name": s.name, "bot": core.seat_names[s.seat], "joined": s.joined,
                          "ready": s.ready, "connected": count > 0, "connections": count,
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
            "rematch": record.settings.get("rematch"), "rematch_of": record.rematch_of,
            "revoked": list(record.settings.get("revoked") or []), "public": record.settings.get("public") is True,
            **rules_info(record), "status": record.status, "step": record.steps,
            "seats": [{"seat": s.seat, "name": s.name, "bot": bots[s.seat] if s.seat < len(bots) else None,
                       "joined": s.joined, "ready": s.ready, "connected": False, "connections": 0,
                       "replaced_by_bot": False}
                      for s in seats]}


def rules_info(record: TableRecord) -> dict[str, Any]:
    """TableInfo's house-rules fields: ``rules`` (canonical path -> value) and ``rules_text`` (each language's
    lines), only at a table that plays house rules."""
    try:
        rules = shown_rules(record.game, record.options)
        if not rules:
            return {}
        text = described(record.game, rules)
    except ValueError:  # rules of another release's schema (or game): shown as stored
        rules, text = rules_of_options(record.options), {}
        if not rules:
            return {}
    return {"rules": rules, "rules_text": text}


def with_chat(record: dict[str, Any], lines: Sequence[ChatLine]) -> dict[str, Any]:
    """A finished game's record with its chat (``chat``: each line's seat, time and ``text`` or ``phrase`` key, in
    order), when anyone wrote; a game nobody chatted at keeps the record it always had."""
    if lines:
        record["chat"] = record_chat(lines)
    return record


def stored_record(record: TableRecord, actions: Sequence[Any]) -> dict[str, Any]:
    """The engine record of a finished table as the store holds it, without replaying it."""
    options = {k: v for k, v in record.options.items() if k != "rules"}
    out = {"game": record.game, "rules_version": record.rules_version, "engine_version": record.engine_version,
           "rng": record.rng, "options": options, "seed": record.seed,
           "actions": [[a.seat, a.action] for a in actions]}
    rules = rules_of_options(record.options)
    if rules:  # the house rules it was played under, and the digest of that data (so replay is exact or refused)
        out["rules"] = rules
    digest = record.settings.get("data_digest")
    if isinstance(digest, str):
        out["data_digest"] = digest
    return out


__all__ = ["BOT_LEVELS", "MAX_NAME", "Lobby", "LobbyError", "new_token", "rules_info", "seat_link", "stored_info",
           "stored_record", "token_hash", "with_chat"]

"""A rematch for everyone (issue 25, point 5): when a game ends, each of its people is offered the next game.

How it goes:

- At the end every page of a person's seat offers "play again" (TableInfo ``offer`` is null until someone answers).
- The first person to accept makes the rematch table (same game, seats, clock, options; a new seed), hosts it (the
  host secret of issue 23, in their answer only) and gets their own seat's fresh secret. From then on the offer is
  open for ``Limits.rematch_wait_s`` (or one turn of a turn clock, whichever is longer): the old table's TableInfo
  says who accepted, who declined and how long is left, pushed to every connection of the finished table, so each
  person sees it in their own page's language.
- Each other person accepts (their own seat, claimed with their secret of the old table; a fresh secret in the
  answer to their own request only, never anyone else's) or declines. Accepting again (a second device, a second
  press) is never an error: it gives that person another secret of their own seat, up to
  ``Limits.rematch_secrets_per_seat``.
- The rematch starts once every person answered, or when the time is up: everyone who accepted is seated; the seat
  of each person who declined or did not answer is played by a bot from the start (the game's stand-in level),
  so nobody waits for a person who left. Pressing rematch after the start is not an error either: a person who
  accepted gets another secret of their seat, anyone else the spectator's link.

The offer's answers live in the finished table's settings (``rematch_offer``), the rematch table's seats in its
own rows, so a server restarted in the middle goes on where it was: the deadline is armed again when either table
is read back.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Mapping
from typing import Any

from hustings.bots.heuristic import heuristic_for
from hustings.server.live import LiveTable, PlayError, build, replace_record, replace_seat
from hustings.server.lobby import Lobby, LobbyError, new_token, seat_link, token_hash
from hustings.server.store import SeatSecret
from hustings.table.houserules import rules_of_options

log = logging.getLogger(__name__)


def stand_in_level(game: str) -> str:
    """The bot that takes a seat whose person left: the same level the table core's stand-ins play."""
    return "heuristic" if heuristic_for(game) is not None else "random"


def _seats_of(offer: Mapping[str, Any], key: str) -> list[int]:
    got = offer.get(key)
    return [p for p in got if isinstance(p, int)] if isinstance(got, list) else []


class Rematches(Lobby):
    """The hub's part that offers, answers and starts rematches."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: finished table id -> the timer that starts its rematch when the time to answer is up
        self._offer_timers: dict[str, asyncio.TimerHandle] = {}

    # -- what everyone sees ---------------------------------------------------------------------------------

    def info(self, table: LiveTable) -> dict[str, Any]:
        out = super().info(table)
        out["offer"] = self._offer_info(table)
        return out

    def _offer_info(self, table: LiveTable) -> dict[str, Any] | None:
        """The rematch offer of a finished table as everyone at it may see it: each seat's answer ("yes", "no",
        null: none yet; "bot": a bot's seat, nobody to ask), whether it is still open, and seconds left."""
        offer = table.record.settings.get("rematch_offer")
        if table.status != "over" or not isinstance(offer, Mapping):
            return None
        yes, no = set(_seats_of(offer, "yes")), set(_seats_of(offer, "no"))
        answers: list[str | None] = []
        for p, s in enumerate(table.record.settings.get("seats") or []):
            bot = isinstance(s, Mapping) and s.get("bot") is not None
            answers.append("bot" if bot else "yes" if p in yes else "no" if p in no else None)
        until = offer.get("until")
        started = bool(offer.get("started"))
        left = None if started or not isinstance(until, int | float) else max(0.0, round(until - time.time(), 1))
        return {"answers": answers, "started": started, "open": not started and table.record.settings.get(
            "rematch") is not None, "ends_in": left}

    # -- answers --------------------------------------------------------------------------------------------

    async def rematch(self, table_id: str, token: object, accept: object = True) -> dict[str, Any]:
        """A person of a finished game answers its rematch offer: ``accept`` true (the default: today's "Rematch"
        button) or false. Never an error for a second press, by anyone: see the module's text."""
        if not isinstance(accept, bool):
            raise LobbyError("bad_request", "accept must be true or false")
        table, seat = await self._seat_of(table_id, token)
        if table.status != "over":
            raise LobbyError("conflict", "a rematch can only follow a finished game", 409,
                             key="server.lobby.rematch_not_over")
        async with self._lobby_lock:
            if self.store.shared:  # another process may have answered a moment ago: its settings, not ours
                fresh = await self._db(self.store.table, table.id)
                table.record = replace_record(table.record, settings=fresh.settings)
            answer = await (self._accept(table, seat) if accept else self._decline(table, seat))
        self._push_table(table)
        await self._settle(table.id)
        return answer

    async def _decline(self, table: LiveTable, seat: int) -> dict[str, Any]:
        offer = dict(table.record.settings.get("rematch_offer") or {})
        yes, no = _seats_of(offer, "yes"), _seats_of(offer, "no")
        if seat not in yes and seat not in no and not offer.get("started"):  # an accepted seat stays accepted
            offer["no"] = [*no, seat]
            await self._set_offer(table, offer)
        return {"table": self.info(table), "seats": [], "spectate": f"/t/{table.id}", "answer": "no",
                "started": bool(offer.get("started"))}

    async def _accept(self, table: LiveTable, seat: int) -> dict[str, Any]:
        settings = table.record.settings
        offer = dict(settings.get("rematch_offer") or {})
        existing = settings.get("rematch")
        if existing is None:
            return await self._open(table, seat, offer)
        new = await self._load_lobby(str(existing))
        yes = _seats_of(offer, "yes")
        late = bool(offer.get("started")) or new.status != "lobby"
        base: dict[str, Any] = {"seats": [], "spectate": f"/t/{new.id}", "answer": "yes", "started": late}
        if late and seat not in yes:  # a bot plays the seat now: nothing to hand out, nothing refused
            return {**base, "table": self.info(new)}
        devices = dict(offer.get("devices") or {})
        held = int(devices.get(str(seat), 0))
        if seat in yes and held >= self.limits.rematch_secrets_per_seat:
            raise LobbyError("conflict", f"your seat at the rematch has {held} links already (at most "
                             f"{self.limits.rematch_secrets_per_seat}): add this device from one of them", 409,
                             key="server.lobby.rematch_secrets", limit=self.limits.rematch_secrets_per_seat)
        mine = new_token()
        name = table.seats[seat].name
        async with new.lock:
            secret = SeatSecret(new.id, seat, "seat", token_hash(mine))
            if seat in yes:  # this person's seat already: another secret of their own, beside the others
                await self._db(self.store.add_secret, secret)
            else:
                got = await self._db(self.store.claim_seat, new.id, secret, code=None, now=time.time(), name=name,
                                     ready=True)
                if got is None:  # only a person of this seat claims it: held means claimed by them elsewhere
                    raise LobbyError("conflict", "your seat at the rematch is taken already", 409,
                                     key="server.lobby.rematch_seat_taken")
                new.seats[seat] = replace_seat(new.seats[seat], joined=True, ready=True, name=name)
        devices[str(seat)] = held + 1
        offer["devices"] = devices
        if seat not in yes:
            offer["yes"] = [*yes, seat]
            offer["no"] = [p for p in _seats_of(offer, "no") if p != seat]
        await self._set_offer(table, offer)
        self._push_table(new)
        return {**base, "table": self.info(new), "you": {"seat": seat, "token": mine,
                                                         "link": seat_link(new.id, seat, mine)}}

    async def _open(self, table: LiveTable, seat: int, offer: dict[str, Any]) -> dict[str, Any]:
        """The first acceptance: the rematch table is made, hosted by this person, their seat claimed (joined and
        ready); the offer opens for the others."""
        rec = table.record
        body = {"game": rec.game, "variant": rec.options.get("variant"), "players": rec.options["players"],
                "seats": [{"bot": s["bot"], "name": table.seats[p].name} for p, s in enumerate(rec.settings["seats"])],
                "clock": rec.settings.get("clock"), "lang": rec.settings.get("lang", "en"),
                "name": rec.settings.get("name", ""), "claim": seat,
                "tutorial": bool(rec.settings.get("tutorial", False)),
                "options": {k: v for k, v in rec.options.items() if k not in ("players", "variant", "rules")},
                "rules": rules_of_options(rec.options)}  # a rematch plays the same house rules
        answer = await self.create(body, rematch_of=rec, invites=False)
        new_id = answer["table"]["id"]
        new = await self._load_lobby(new_id)
        wait = self.limits.rematch_wait_s
        clock = table.core.clock
        if clock.mode == "turn":  # a game of hours or days a move: answering may take as long as a turn
            wait = max(wait, clock.turn_s)
        until = time.time() + wait
        async with new.lock:
            await self._db(self.store.update_seat, new_id, seat, ready=True)
            new.seats[seat] = replace_seat(new.seats[seat], ready=True)
            new_settings = dict(new.record.settings, offer={"of": table.id, "until": until})
            await self._db(self.store.set_settings, new_id, new_settings)
            new.record = replace_record(new.record, settings=new_settings)
        offer = {"yes": [seat], "no": [p for p in _seats_of(offer, "no") if p != seat], "until": until,
                 "devices": {str(seat): 1}}
        await self._set_offer(table, offer, rematch=new_id)
        self._arm(table.id, until)
        return {**answer, "table": self.info(new), "answer": "yes", "started": False}

    async def _set_offer(self, table: LiveTable, offer: dict[str, Any], rematch: str | None = None) -> None:
        settings = dict(table.record.settings, rematch_offer=offer)
        if rematch is not None:
            settings["rematch"] = rematch
        await self._db(self.store.set_settings, table.id, settings)
        table.record = replace_record(table.record, settings=settings)

    # -- the start ------------------------------------------------------------------------------------------

    def _arm(self, old_id: str, until: float) -> None:
        """Start the rematch of ``old_id`` when its time to answer is up (once per table; again after a restart)."""
        if self._loop is None or self._stopping or old_id in self._offer_timers:
            return
        loop = self._loop

        def due() -> None:
            self._offer_timers.pop(old_id, None)
            if not self._stopping:
                self._spawn(self._settle_logged(old_id))

        self._offer_timers[old_id] = loop.call_later(max(0.0, until - time.time()) + 0.05, due)

    def _offer_loaded(self, table: LiveTable) -> None:
        """A table read back from the store (after a restart, say): an open offer's deadline is armed again, from
        the finished table or from its rematch waiting in the lobby."""
        settings = table.record.settings
        offer = settings.get("rematch_offer")
        if table.status == "over" and isinstance(offer, Mapping) and not offer.get("started"):
            until = offer.get("until")
            if isinstance(until, int | float):
                self._arm(table.id, until)
        mark = settings.get("offer")
        if table.status == "lobby" and isinstance(mark, Mapping) and isinstance(mark.get("of"), str):
            until = mark.get("until")
            if isinstance(until, int | float):
                self._arm(str(mark["of"]), until)

    async def _settle_logged(self, old_id: str) -> None:
        try:
            await self._settle(old_id)
        except (LobbyError, PlayError) as e:  # a table since deleted or refused: nothing to start
            log.info("rematch of %s not started: %s", old_id, e)
        except Exception:
            log.exception("rematch of %s not started", old_id)

    async def _settle(self, old_id: str) -> None:
        """Start the rematch of ``old_id`` if every person answered or the time is up: the seats of those who
        did not accept are given to bots, then the game begins."""
        async with self._lobby_lock:
            old = await self._load_lobby(old_id)
            offer = old.record.settings.get("rematch_offer")
            new_id = old.record.settings.get("rematch")
            if not isinstance(offer, Mapping) or new_id is None or offer.get("started"):
                return
            people = [p for p, s in enumerate(old.record.settings["seats"]) if s.get("bot") is None]
            yes, no = set(_seats_of(offer, "yes")), set(_seats_of(offer, "no"))
            until = offer.get("until")
            due = isinstance(until, int | float) and until <= time.time()
            if not due and not set(people) <= yes | no:
                return
            new = await self._load_lobby(str(new_id))
            if new.status == "lobby":
                await self._seat_bots(new, [p for p in people if p not in yes])
                await self._start(new)
            await self._set_offer(old, dict(offer, started=True))
            timer = self._offer_timers.pop(old_id, None)
            if timer is not None:
                timer.cancel()
        self._push_table(old)

    async def _seat_bots(self, new: LiveTable, seats: list[int]) -> None:
        """Bots take the seats of the people who did not accept, before the rematch starts (its table core made
        again with them: no move has been made yet)."""
        if not seats:
            return
        level = stand_in_level(new.record.game)
        async with new.lock:
            layout = [dict(s) for s in new.record.settings["seats"]]
            for p in seats:
                layout[p] = {"bot": level, "name": ""}
            settings = dict(new.record.settings, seats=layout, left=sorted(seats))
            await self._db(self.store.set_settings, new.id, settings)
            for p in seats:
                await self._db(self.store.update_seat, new.id, p, name="", joined=True, ready=True)
                new.seats[p] = replace_seat(new.seats[p], joined=True, ready=True, name="")
            new.record = replace_record(new.record, settings=settings)
            new.core = build(new.record, new.seats, (), self.store, self.grace_s).core


__all__ = ["Rematches", "stand_in_level"]

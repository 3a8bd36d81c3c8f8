"""Replays of finished games for the browser (issue 24, point 5): ``GET /api/tables/<id>/replay?seat=&step=&lang=``.

A finished table's record (seed and actions) is given out by the record route anyway, so a replay shows nothing
that is not public once the game is over; while it runs, nothing is answered (a seat's view would show its hidden
cards to whoever asked). Each answer is one seat's part of one step, as a connection of that seat was sent it:
``view(seat)`` after the step's action, the events of that step the seat may see, worded in the asker's
language, and the action itself only to the seat that took it (another seat's choice may be secret: a bid, a draft
pick). Never a token, never another seat's private event.

Bounded cost: the states are worked out on demand from the record, in one worker thread of their own (a replay
never delays a table's bots or stand-ins), from the nearest kept checkpoint (every :data:`CHECKPOINT` actions)
forward. Checkpoints are kept in one LRU cache over all games (``limits.replay_states``); the records in another
(``limits.replay_tables``). A request costs at most :data:`CHECKPOINT` actions applied once the game's
checkpoints are made (the first request of a game makes them on its way, one replay of the game). Every request
counts against its client's token bucket first (``limits.replays_per_minute``, ``limits.replay_burst``).
"""

from __future__ import annotations

import asyncio
import bisect
import math
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import hustings
from hustings.engine import GameState, get_spec
from hustings.engine.core import RecordError, check_record_versions
from hustings.server import words as W
from hustings.server.i18n import CATALOG
from hustings.server.limits import Limits
from hustings.server.lobby import LobbyError
from hustings.server.quota import CreateRate
from hustings.server.store import ActionRecord
from hustings.table.core import given_up_outcome

if TYPE_CHECKING:
    from hustings.server.tables import Hub

#: a checkpoint state is kept every this many actions
CHECKPOINT = 16
#: the longest ``seat`` / ``step`` a query may hold (digits, or "spectator")
MAX_PARAM = 12
#: chat lines a replay carries at most (the newest; the chat's own limits keep a record's chat far below this)
MAX_CHAT = 500


@dataclass(frozen=True)
class ReplayGame:
    """What a replay needs of one finished table: its record and what anyone at the table may know of it."""

    id: str
    game: str
    options: Mapping[str, Any]
    seed: int
    actions: tuple[tuple[int, int], ...]
    #: the names people chose for the seats ("" for none: each reader's "P2")
    names: tuple[str, ...]
    #: the table's TableInfo fields a replay page shows (never a token)
    info: Mapping[str, Any]
    #: the seat whose person gave the game up at the table (the record ends there), else None
    given_up: int | None
    #: the table's chat as the record carries it (issue 25.2), each line with its ``step``, or None
    chat: list[dict[str, Any]] | None
    #: the moves a stand-in made for a person's seat (issue 25.6), as the store says: action index -> that seat
    stand_ins: Mapping[int, int] = field(default_factory=dict)
    #: the house rules it was played under (issue 29), {} for the printed game
    rules: Mapping[str, Any] = field(default_factory=dict)


def _param(query: Mapping[str, str], name: str) -> str | None:
    value = query.get(name)
    if value is None or value == "":
        return None
    return value


class Replays:
    """The replay route's work: the per-client rate, the two caches and the worker thread."""

    def __init__(self, hub: Hub, limits: Limits) -> None:
        self.hub = hub
        self.limits = limits
        # a token bucket per client (the lobby's create rate, with the replay's numbers)
        self.rate = CreateRate(limits.replays_per_minute, limits.replay_burst)
        self._games: OrderedDict[str, ReplayGame] = OrderedDict()
        #: (table id, step) -> the state after that many actions; only touched in the worker thread
        self._states: OrderedDict[tuple[str, int], GameState] = OrderedDict()
        # one thread: replays are worked out one at a time, never beside the bots' threads
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="hustings-replay")
        #: actions applied for replays so far (the tests read it: the cost of a request is bounded)
        self.applied = 0

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)

    @property
    def states_kept(self) -> int:
        return len(self._states)

    @property
    def games_kept(self) -> int:
        return len(self._games)

    async def step(self, table_id: str, query: Mapping[str, str], client: str, lang: str) -> dict[str, Any]:
        """One step of a finished game as ``seat`` saw it (``query``: ``seat`` a number or ``spectator``/absent,
        ``step`` 0 to the number of actions, absent for the end); refusals in ``lang``."""
        wait = self.rate.take(client)
        if wait > 0:  # counted before anything is looked up: a flood of bad requests is a flood too
            seconds = max(1, math.ceil(min(wait, 3600.0)))
            raise LobbyError("too_many_replays", CATALOG.text("server.limit.too_many_replays", lang,
                                                              seconds=seconds), 429, retry_after=seconds)
        seat_q, step_q = _param(query, "seat"), _param(query, "step")
        for name, value in (("seat", seat_q), ("step", step_q)):
            number = value is not None and value.isascii() and value.isdigit()
            if value is not None and (len(value) > MAX_PARAM or not (number or (name, value) == ("seat", "spectator"))):
                raise LobbyError("bad_request", f"{name} must be a number", key=f"server.replay.bad_{name}_text")
        game = await self._game(table_id, lang)
        players = len(game.names)
        seat = None if seat_q in (None, "spectator") else int(seat_q)
        if seat is not None and not 0 <= seat < players:
            raise LobbyError("bad_request", f"seat must be from 0 to {players - 1} or spectator",
                             key="server.replay.bad_seat", last=players - 1)
        steps = len(game.actions)
        step = steps if step_q is None else int(step_q)
        if not 0 <= step <= steps:
            raise LobbyError("bad_request", f"step must be from 0 to {steps}", key="server.replay.bad_step",
                             steps=steps)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.executor, self._answer, game, seat, step, lang)

    async def _game(self, table_id: str, lang: str) -> ReplayGame:
        found = self._games.get(table_id)
        if found is not None:
            self._games.move_to_end(table_id)
            return found
        info = await self.hub.table_info(table_id)  # an unknown, damaged or other release's table: refused there
        if info["status"] != "over":
            raise LobbyError("conflict", "a replay is shown only once the game is over", 409,
                             key="server.replay.running")
        record = await self.hub.record_of(table_id)
        spec = get_spec(str(record["game"]))
        try:  # the hub refused another release's table already; never replay one under other rules
            check_record_versions(record, spec)
        except RecordError as e:
            raise LobbyError("rules_version", str(e), 409) from None
        rules = record.get("rules") or {}
        if not isinstance(rules, Mapping):
            raise LobbyError("rules_version", "its record's house rules are not an object", 409)
        try:  # its house rules make the data it was played under, or the replay is refused (never other data)
            start = hustings.make(spec.id, seed=int(record["seed"]), rules=dict(rules),
                                  **dict(record.get("options") or {}))
        except (TypeError, ValueError) as e:
            raise LobbyError("rules_version", f"cannot start the recorded game: {e}", 409) from None
        want = record.get("data_digest")
        if want is not None and start.record().get("data_digest") != want:
            raise LobbyError("rules_version", "this game was played under other data than this server's", 409)
        given_up = record.get("given_up")
        stored = await self.hub._db(self.hub.store.actions, table_id, 0)
        chat = self._chat(stored, record.get("chat"))
        found = ReplayGame(
            id=table_id, game=spec.id, options=dict(record.get("options") or {}), seed=int(record["seed"]),
            actions=tuple((int(p), int(a)) for p, a in record["actions"]),
            names=tuple(str(s.get("name") or "") for s in info["seats"]),
            info={"id": info["id"], "game": info["game"], "variant": info["variant"], "players": info["players"],
                  "name": info["name"], "lang": info["lang"], "rematch_of": info.get("rematch_of"),
                  "seats": [{"seat": s["seat"], "name": s["name"], "bot": s["bot"]} for s in info["seats"]],
                  **{k: info[k] for k in ("rules", "rules_text") if k in info}},
            given_up=given_up if isinstance(given_up, int) and not isinstance(given_up, bool) else None,
            chat=chat, stand_ins={a.step: a.seat for a in stored if a.by == "stand_in"}, rules=dict(rules))
        self._games[table_id] = found
        while len(self._games) > max(1, self.limits.replay_tables):
            self._games.popitem(last=False)
        return found

    @staticmethod
    def _chat(stored: Sequence[ActionRecord], chat: object) -> list[dict[str, Any]] | None:
        """The record's chat lines (issue 25.2: each ``seat``, ``at`` and ``text`` or ``phrase``), each with the
        ``step`` it was written at (the actions made by then, from the stored times of the moves)."""
        if not isinstance(chat, list) or not chat:
            return None
        ats = [a.at for a in stored]
        lines = []
        for line in chat[-MAX_CHAT:]:
            if not isinstance(line, Mapping) or not isinstance(line.get("at"), int | float):
                continue
            kept = {k: line[k] for k in ("seat", "at", "text", "phrase") if k in line}
            lines.append({**kept, "step": bisect.bisect_right(ats, float(line["at"]))})
        return lines

    # -- in the worker thread ------------------------------------------------------------------------------------

    def _keep(self, key: tuple[str, int], state: GameState) -> None:
        self._states[key] = state
        self._states.move_to_end(key)
        while len(self._states) > max(1, self.limits.replay_states):
            self._states.popitem(last=False)

    def _state_at(self, game: ReplayGame, step: int) -> GameState:
        """The state after ``step`` actions, a fresh object (the caller may change it): from the nearest kept
        checkpoint at or before it, keeping the checkpoints passed on the way."""
        base = step - step % CHECKPOINT
        while base >= 0 and (game.id, base) not in self._states:
            base -= CHECKPOINT
        if base < 0:
            base = 0
            self._keep((game.id, 0), hustings.make(game.game, seed=game.seed, rules=dict(game.rules), **game.options))
        kept = self._states[(game.id, base)]
        self._states.move_to_end((game.id, base))
        state = kept.clone()
        for i in range(base, step):
            p, a = game.actions[i]
            state.play(p, a)
            self.applied += 1
            if (i + 1) % CHECKPOINT == 0 and i + 1 < step:
                self._keep((game.id, i + 1), state.clone())
        if step % CHECKPOINT == 0 and (game.id, step) not in self._states:
            self._keep((game.id, step), state.clone())
        return state

    def _answer(self, game: ReplayGame, seat: int | None, step: int, lang: str) -> dict[str, Any]:
        voice = W.voice(lang, game.names)
        acted: dict[str, Any] | None = None
        if step == 0:
            state = self._state_at(game, 0)
        else:
            state = self._state_at(game, step - 1)
            p, a = game.actions[step - 1]
            label = None
            if p == seat:  # only the seat that chose it sees its choice (another's may be secret)
                label = W.words(game.game).label(state.SPACE[a], state.view(p), voice).text
            acted = {"seat": p, "label": label}
            state.play(p, a)
            self.applied += 1
        view = state.view(seat)
        events = [{"type": e.type, "data": e.data, "step": e.step, "to": e.to,
                   "text": W.event_text(game.game, e, voice)} for e in state.events(seat) if e.step == step]
        stood_in = game.stand_ins.get(step - 1)
        if stood_in is not None:  # the move behind this step was a stand-in's, for that person's seat
            for e in events:
                e["stand_in"] = stood_in
            if acted is not None:
                acted["stand_in"] = stood_in
        outcome: dict[str, Any] | None = None
        last = step == len(game.actions)
        if state.is_over or (last and game.given_up is not None):
            o = state.outcome() if state.is_over else given_up_outcome(state, game.given_up or 0)
            outcome = {"winners": list(o.winners), "ranks": list(o.ranks), "utilities": list(o.utilities),
                       "scores": state.scores()}
            if not state.is_over:
                outcome["given_up"] = game.given_up
        phase = view.get("phase", "") if isinstance(view, Mapping) else ""
        answer: dict[str, Any] = {
            "table": dict(game.info), "steps": len(game.actions), "step": step, "seat": seat, "view": view,
            "phase": str(phase), "to_act": [] if state.is_over else list(state.current_players), "acted": acted,
            "events": events, "over": state.is_over, "outcome": outcome}
        if game.chat is not None:  # what was said up to this step
            answer["chat"] = [line for line in game.chat if line["step"] <= step]
        return answer


__all__ = ["CHECKPOINT", "MAX_CHAT", "ReplayGame", "Replays"]

"""A stand-in for hustings.server while it is being written: the agreed protocol (/work/notes/server-protocol.md)
over the real engine, in memory, bots play random legal moves. Used by the browser tests only when
``hustings.server`` has no app factory yet (conftest.py says which one ran)."""

from __future__ import annotations

import asyncio
import contextlib
import random
import secrets
from typing import Any

from fastapi import FastAPI, HTTPException, WebSocket, WebSocketDisconnect

from hustings.engine import IllegalActionError, get_spec, list_games, make, normalize_lang
from hustings.web.mount import mount_web


class Table:
    def __init__(self, tid: str, game: str, variant: str, players: int, bots: list[str | None]) -> None:
        self.id, self.game, self.variant, self.players, self.bots = tid, game, variant, players, bots
        self.tokens = {secrets.token_urlsafe(32): s for s in range(players)}
        self.joined = [b is not None for b in bots]
        self.ready = [b is not None for b in bots]
        self.names = ["" for _ in bots]
        self.status = "lobby"
        self.state: Any = None
        self.conns: list[tuple[WebSocket, int | None, str]] = []

    def info(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.game, "variant": self.variant, "players": self.players,
                "status": self.status, "step": self.state.step_count if self.state else 0,
                "seats": [{"seat": s, "name": self.names[s], "bot": self.bots[s], "joined": self.joined[s],
                           "ready": self.ready[s], "connected": False, "replaced_by_bot": False}
                          for s in range(self.players)],
                "clock": {"mode": "none"}, "lang": "en", "rematch": None}

    def message(self, kind: str, seat: int | None, lang: str, since: int = 0) -> dict[str, Any]:
        st = self.state
        to_act = list(st.current_players) if not st.is_over else []
        legal = []
        if seat is not None and seat in to_act:
            legal = [{"id": a.id, "kind": a.kind, "args": list(a.args), "label": a.text(lang)}
                     for a in st.legal_actions(seat)]
        evs = [e for e in st.events(seat)]
        evs = evs[since:]
        out = None
        if st.is_over:
            o = st.outcome()
            out = {"winners": list(o.winners), "ranks": list(getattr(o, "ranks", [])), "utilities": [],
                   "scores": st.scores()}
        view = st.view(seat)
        return {"type": kind, "step": st.step_count, "view": view, "legal": legal,
                "events": [{"type": e.type, "data": e.to_json()["data"], "step": e.step, "to": e.to,
                            "text": e.message(lang)} for e in evs],
                "to_act": to_act, "clocks": [], "over": st.is_over, "outcome": out,
                "phase": view.get("phase", "") if isinstance(view, dict) else ""}


def create_app() -> FastAPI:
    app = FastAPI()
    tables: dict[str, Table] = {}
    seen: dict[int, int] = {}  # id(ws) -> events already sent

    @app.get("/api/games")
    def games(lang: str = "en") -> list[dict[str, Any]]:
        out = []
        for g in list_games():
            spec = get_spec(g)
            out.append({"id": g, "name": spec.title.get(normalize_lang(lang), g), "variants": list(spec.variants),
                        "default_variant": spec.default_variant, "players": [spec.min_players, spec.max_players],
                        "bots": ["random", "heuristic"]})
        return out

    @app.post("/api/tables")
    def create(body: dict[str, Any]) -> dict[str, Any]:
        tid = secrets.token_urlsafe(12)
        bots = [s.get("bot") for s in body["seats"]]
        variant = body.get("variant") or get_spec(body["game"]).default_variant
        t = Table(tid, body["game"], variant, body["players"], bots)
        tables[tid] = t
        return {"table": t.info(), "spectate": f"/t/{tid}",
                "seats": [{"seat": s, "token": tok, "invite": f"/t/{tid}#seat={s}&token={tok}"}
                          for tok, s in t.tokens.items() if bots[s] is None]}

    def get(tid: str) -> Table:
        if tid not in tables:
            raise HTTPException(404, "unknown table")
        return tables[tid]

    @app.get("/api/tables/{tid}")
    def info(tid: str) -> dict[str, Any]:
        return get(tid).info()

    def seat_of(t: Table, token: str) -> int:
        if token not in t.tokens:
            raise HTTPException(403, "wrong token")
        return t.tokens[token]

    @app.post("/api/tables/{tid}/join")
    def join(tid: str, body: dict[str, Any]) -> dict[str, Any]:
        t = get(tid)
        s = seat_of(t, body["token"])
        t.joined[s] = True
        t.names[s] = body.get("name", "")
        return t.info()

    @app.post("/api/tables/{tid}/ready")
    def ready(tid: str, body: dict[str, Any]) -> dict[str, Any]:
        t = get(tid)
        t.ready[seat_of(t, body["token"])] = bool(body.get("ready", True))
        return t.info()

    @app.post("/api/tables/{tid}/start")
    async def start(tid: str, body: dict[str, Any]) -> dict[str, Any]:
        t = get(tid)
        seat_of(t, body["token"])
        if not all(t.ready):
            raise HTTPException(409, "not every seat is ready")
        if t.status == "lobby":
            t.state = make(t.game, players=t.players, variant=t.variant, seed=1234)
            t.status = "playing"
            await run_bots(t)
        return t.info()

    @app.post("/api/my")
    def my(body: dict[str, Any]) -> list[dict[str, Any]]:
        out = []
        for t in tables.values():
            for tok in body.get("tokens", []):
                if tok in t.tokens:
                    out.append({**t.info(), "seat": {"seat": t.tokens[tok]}})
        return out

    async def run_bots(t: Table) -> None:
        rng = random.Random(7)
        st = t.state
        while not st.is_over and all(t.bots[p] is not None for p in st.current_players):
            p = st.current_players[0]
            st.apply(p, rng.choice(st.legal_actions(p)))
        if st.is_over:
            t.status = "over"

    async def push(t: Table) -> None:
        for ws, seat, lang in list(t.conns):
            msg = t.message("update", seat, lang, seen.get(id(ws), 0))
            seen[id(ws)] = seen.get(id(ws), 0) + len(msg["events"])
            with contextlib.suppress(Exception):
                await ws.send_json(msg)

    @app.websocket("/ws/{tid}")
    async def play(ws: WebSocket, tid: str) -> None:
        await ws.accept()
        t = tables.get(tid)
        if t is None:
            await ws.send_json({"type": "error", "code": "unknown_table", "message": "unknown table"})
            await ws.close()
            return
        seat: int | None = None
        lang = "en"
        entry: tuple[WebSocket, int | None, str] | None = None
        try:
            while True:
                m = await ws.receive_json()
                if m.get("type") == "hello":
                    lang = normalize_lang(m.get("lang"))
                    seat = None if m.get("spectator") else t.tokens.get(m.get("token", ""))
                    if seat is None and not m.get("spectator"):
                        await ws.send_json({"type": "error", "code": "unauthorized", "message": "wrong token"})
                        continue
                    entry = (ws, seat, lang)
                    t.conns.append(entry)
                    await ws.send_json({"type": "welcome", "seat": seat, "table": t.info()})
                    msg = t.message("state", seat, lang)
                    seen[id(ws)] = len(msg["events"])
                    await ws.send_json(msg)
                elif m.get("type") == "lang" and entry is not None:
                    t.conns.remove(entry)
                    lang = normalize_lang(m.get("lang"))
                    entry = (ws, seat, lang)
                    t.conns.append(entry)
                    msg = t.message("state", seat, lang)
                    seen[id(ws)] = len(msg["events"])
                    await ws.send_json(msg)
                elif m.get("type") == "act" and seat is not None:
                    if m.get("step") != t.state.step_count:
                        await ws.send_json({"type": "error", "code": "stale_step", "message": "stale step"})
                        continue
                    try:
                        t.state.apply(seat, m.get("action"))
                    except IllegalActionError as e:
                        await ws.send_json({"type": "error", "code": "illegal_action", "message": str(e)})
                        continue
                    await ws.send_json({"type": "ack", "step": t.state.step_count})
                    await run_bots(t)
                    await asyncio.sleep(0)
                    await push(t)
                elif m.get("type") == "ping":
                    await ws.send_json({"type": "pong"})
        except WebSocketDisconnect:
            if entry in t.conns:
                t.conns.remove(entry)

    mount_web(app)
    return app


app = create_app()

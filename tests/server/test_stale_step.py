"""The stale-step rule over real websockets: on a simultaneous step, an act a person sent before they heard of
someone else's move is taken when what they see has not changed (the update that acknowledges it says which step
the act named, ``"sent"``), and refused with ``stale_step`` (naming both steps and the act; nothing stored) when
what they see did change."""

from __future__ import annotations

from typing import Any

import pytest

import hustings
from hustings.server import lobby as lobby_module
from hustings.table.core import Table

from .conftest import Client, Server

GAME, SEED = "die-macher-2019", 7


def _steps_of_interest() -> tuple[int, int]:
    """Playing each seat's first legal action, lowest seat first: the first simultaneous step where the second seat's
    view changes once the first acts, and the first where it stays the same."""
    table = Table(hustings.make(GAME, players=3, seed=SEED), [None, None, None])
    changed = same = None
    while (changed is None or same is None) and not table.is_over:
        to_act = table.to_act
        if len(to_act) > 1:
            probe = table.state.clone()
            before = probe.view(to_act[1])
            probe.apply(to_act[0], probe.legal_actions(to_act[0])[0])
            if to_act[1] in probe.current_players:
                if probe.view(to_act[1]) == before:
                    same = table.step if same is None else same
                else:
                    changed = table.step if changed is None else changed
        table.act(to_act[0], table.legal(to_act[0])[0])
    assert changed is not None and same is not None
    return changed, same


def _latest(client: Client) -> dict[str, Any]:
    client.sync()
    assert client.latest is not None
    return client.latest


def test_an_act_sent_before_another_seats_move_is_taken_while_its_view_is_unchanged(
        server: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    changed, same = _steps_of_interest()
    assert changed < same
    monkeypatch.setattr(lobby_module, "fresh_seed", lambda: SEED)
    created = server.create(game=GAME, players=3, seats=[{"bot": None}] * 3)
    server.start_table(created)
    tid = created["table"]["id"]
    clients = {s["seat"]: Client(server.ws_base, tid, s["token"]) for s in created["seats"]}
    store = server.app.state.hub.store
    for target in (changed, same):
        while _latest(clients[0])["step"] < target:
            state = _latest(clients[0])
            seat = state["to_act"][0]
            _latest(clients[seat])
            assert clients[seat].act().get("ack") == state["step"] + 1
        state = _latest(clients[0])
        assert state["step"] == target and len(state["to_act"]) > 1
        first, second = state["to_act"][:2]
        late = _latest(clients[second])
        chosen = late["legal"][0]["id"]  # chosen at `target`, before it hears of the first seat's move
        _latest(clients[first])
        assert clients[first].act().get("ack") == target + 1
        clients[second].send({"type": "act", "step": target, "action": chosen})
        reply = clients[second].recv_type("error") if target == changed else clients[second].wait(lambda m: "ack" in m)
        if target == changed:
            # what the seat sees changed: refused, one line, naming both steps and the act; nothing stored
            assert (reply["code"], reply["sent"], reply["step"], reply["action"]) == ("stale_step", target,
                                                                                     target + 1, chosen)
            assert "\n" not in reply["message"] and str(target) in reply["message"]
            assert len(store.actions(tid)) == target + 1
        else:
            # unchanged: taken as the move after the first seat's, and the ack names the step it was sent at
            assert (reply["ack"], reply["sent"], reply["step"]) == (target + 2, target, target + 2)
            assert [(a.seat, a.action) for a in store.actions(tid)[target + 1:]] == [(second, chosen)]
    for c in clients.values():
        c.close()

"""The stale-step rule over real websockets: on a simultaneous step, an act a person sent before they heard of
someone else's move is taken when the part of what they see their decision rests on has not changed, others'
progress aside (the update that acknowledges it says which step the act named, ``"sent"``), and refused with
``stale_step`` (naming both steps and the act; nothing stored) when it did change: their own move since, a reveal,
a phase that moved on."""

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
    view changes once the first acts (it shows the first seat's progress only), and the first where it stays the
    same."""
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


def _reply(client: Client) -> dict[str, Any]:
    """The answer to the act just sent: the update that acknowledges it, or the error."""
    while True:
        msg = client.recv()
        if msg["type"] == "error" or "ack" in msg:
            return msg


def _latest(client: Client) -> dict[str, Any]:
    client.sync()
    assert client.latest is not None
    return client.latest


def test_an_act_sent_before_another_seats_move_is_taken_while_its_decision_part_is_unchanged(
        server: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    changed, same = _steps_of_interest()
    assert changed < same
    monkeypatch.setattr(lobby_module, "fresh_seed", lambda: SEED)
    # people connect after the start: no stand-in may play their seats meanwhile, however slow the machine
    monkeypatch.setattr(server.app.state.hub, "grace_s", 60.0)
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
        reply = _reply(clients[second])
        # its decision part unchanged (the first seat's progress aside): taken as the move after the first seat's,
        # and the ack names the step it was sent at
        assert (reply["ack"], reply["sent"], reply["step"]) == (target + 2, target, target + 2)
        assert [(a.seat, a.action) for a in store.actions(tid)[target + 1:]] == [(second, chosen)]
        if target == changed:
            # sent again at that step, after its own move: its decision part changed; refused, one line, naming
            # both steps and the act; nothing stored
            clients[second].send({"type": "act", "step": target, "action": chosen})
            reply = clients[second].recv_type("error")
            assert (reply["code"], reply["sent"], reply["step"], reply["action"]) == ("stale_step", target,
                                                                                     target + 2, chosen)
            assert "\n" not in reply["message"] and str(target) in reply["message"]
            assert len(store.actions(tid)) == target + 2
    for c in clients.values():
        c.close()


def test_in_the_election_wars_declaration_nobody_is_refused_for_hearing_late_of_others(
        server: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    # 選舉之戰's declaration (2.): everyone places a card face down on each row, at once. Each person acts on
    # what they last heard (the ack of their own move), never waiting for the others' moves: every act is taken,
    # although each seat's view shows how far the others are; once the last card turns them all up, an act named
    # at a step before that is refused
    game, players = "election-war", 4
    monkeypatch.setattr(lobby_module, "fresh_seed", lambda: SEED)
    # people connect after the start: no stand-in may play their seats meanwhile, however slow the machine
    monkeypatch.setattr(server.app.state.hub, "grace_s", 60.0)
    created = server.create(game=game, players=players, seats=[{"bot": None}] * players)
    server.start_table(created)
    tid = created["table"]["id"]
    clients = {s["seat"]: Client(server.ws_base, tid, s["token"]) for s in created["seats"]}
    store = server.app.state.hub.store
    heard = {seat: _latest(c) for seat, c in clients.items()}  # what each person last heard: step 0, all to act
    assert heard[0]["view"]["phase"] == "declare" and sorted(heard[0]["to_act"]) == list(range(players))
    order, late, made = list(range(players)), 0, 0
    steps_heard: dict[int, list[int]] = {seat: [0] for seat in clients}
    while True:
        acting = [seat for seat in order if heard[seat]["view"]["phase"] == "declare" and seat in heard[seat]["to_act"]]
        if not acting:
            break
        for seat in acting:
            state = heard[seat]
            chosen = state["legal"][-1]["id"]
            clients[seat].send({"type": "act", "step": state["step"], "action": chosen})
            reply = _reply(clients[seat])
            made += 1
            assert (reply["ack"], reply["step"]) == (made, made)
            if state["step"] < made - 1:  # sent before it heard of others' moves: taken, and the ack says so
                assert reply["sent"] == state["step"]
                late += 1
            assert store.actions(tid)[-1].seat == seat and store.actions(tid)[-1].action == chosen
            heard[seat] = reply
            steps_heard[seat].append(reply["step"])
        order.reverse()
    assert made == len(store.actions(tid)) == 6 * players and late > players
    now = _latest(clients[0])
    assert now["view"]["phase"] != "declare"  # every card turned up: a new decision for everyone
    seat = now["to_act"][0]
    before = max(st for st in steps_heard[seat] if st < made)  # the last step this person heard of before the reveal
    clients[seat].send({"type": "act", "step": before, "action": _latest(clients[seat])["legal"][0]["id"]})
    reply = clients[seat].recv_type("error")
    assert (reply["code"], reply["sent"], reply["step"]) == ("stale_step", before, made)
    assert len(store.actions(tid)) == made
    # and a step not yet reached is refused alike
    clients[seat].send({"type": "act", "step": made + 1, "action": now["legal"][0]["id"]})
    assert clients[seat].recv_type("error")["code"] == "stale_step"
    assert len(store.actions(tid)) == made
    for c in clients.values():
        c.close()

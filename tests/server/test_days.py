"""Turn-based play over days on the server (issue 25, point 4): at a table of a day a move a person who closed the
browser keeps the seat past the grace period (no stand-in plays for them before their own clock runs out); at a
table of a minute a move a stand-in plays after the grace period, as before; clocks of days are taken at create."""

from __future__ import annotations

import time
from typing import Any

from .conftest import Client, Server


def _table(server: Server, clock: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    made = server.create(game="toy", players=2, clock=clock)
    server.start_table(made)
    return made["table"]["id"], made


def test_a_table_of_a_day_a_move_waits_for_an_absent_person_past_the_grace_period(server: Server) -> None:
    tid, made = _table(server, {"mode": "turn", "turn_s": 3 * 86_400})
    assert server.http.get(f"/api/tables/{tid}").json()["clock"]["turn_s"] == 3 * 86_400
    ann = Client(server.ws_base, tid, made["seats"][0]["token"])
    bo = Client(server.ws_base, tid, made["seats"][1]["token"])
    bo.act()
    ann.close()  # Ann goes to bed while it is her turn (grace 0.5 s at this test server)
    time.sleep(2.0)
    bo.sync()
    assert bo.latest is not None
    info = server.http.get(f"/api/tables/{tid}").json()
    assert not info["seats"][0]["replaced_by_bot"] and not info["seats"][0]["connected"]
    assert 0 in bo.latest["to_act"] and info["step"] == 1  # nobody played for her
    bo.close()


def test_a_table_of_a_minute_a_move_sends_a_stand_in_after_the_grace_period_as_before(server: Server) -> None:
    tid, made = _table(server, {"mode": "turn", "turn_s": 60})
    ann = Client(server.ws_base, tid, made["seats"][0]["token"])
    bo = Client(server.ws_base, tid, made["seats"][1]["token"])
    bo.act()
    ann.close()
    bo.wait(lambda m: m["step"] >= 2)  # a stand-in played Ann's move
    bo.close()


def test_clocks_past_two_weeks_are_refused_at_create_and_nothing_is_made(server: Server) -> None:
    before = len(server.app.state.hub.store.tables())
    r = server.http.post("/api/tables", json={"game": "toy", "players": 2,
                                              "clock": {"mode": "turn", "turn_s": 14 * 86_400 + 1}})
    assert r.status_code == 400 and "clock.turn_s" in r.json()["message"]
    assert len(server.app.state.hub.store.tables()) == before

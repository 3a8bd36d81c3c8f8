"""Creating tables is rate-limited per client (issue 23, point 5; attack 6: "table flood": 268 anonymous creates a
second, never deleted). A client is hustings.server.limits.client_key of the HTTP peer: an IPv4 address, an IPv6
/64. The buckets are bounded in memory."""

from __future__ import annotations

from typing import Any

import httpx

from hustings.server.limits import Limits

from .conftest import Server, check_lobby_answer

PERSON = {"game": "palace-escape", "players": 1, "seats": [{"bot": None}]}


def test_attack_6_a_flood_of_anonymous_creates_is_refused_past_the_rate(make_server: Any) -> None:
    server: Server = make_server(limits=Limits(creates_per_minute=6.0, create_burst=5))
    codes = [server.http.post("/api/tables", json=PERSON).status_code for _ in range(40)]
    assert 5 <= codes.count(200) <= 6, codes  # the burst (and what the rate refilled meanwhile)
    assert codes.count(429) >= 34
    r = server.http.post("/api/tables", json=PERSON, headers={"accept-language": "zh-TW"})
    assert r.status_code == 429
    body = r.json()  # the protocol's error shape (check_lobby_answer holds every answer to the schema)
    assert body["error"] == "too_many_tables" and "秒" in body["message"]
    assert int(r.headers["retry-after"]) >= 1
    # nothing was made of the refused ones
    assert len(server.app.state.hub.store.tables()) == codes.count(200)
    # another client is not held to this one's limit
    with httpx.Client(base_url=server.base, timeout=10, transport=httpx.HTTPTransport(local_address="127.0.0.2"),
                      event_hooks={"response": [check_lobby_answer]}) as other:
        assert other.post("/api/tables", json=PERSON).status_code == 200
    # the rest of the lobby goes on for the flooding client
    tid = server.app.state.hub.store.tables()[0].id
    assert server.http.get(f"/api/tables/{tid}").status_code == 200

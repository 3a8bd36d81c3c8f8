"""Creating tables is rate-limited per client (issue 23, point 5; attack 6: "table flood": 268 anonymous creates a
second, never deleted). A client is hustings.server.limits.client_key of the HTTP peer: an IPv4 address, an IPv6
/64. The buckets are bounded in memory."""

from __future__ import annotations

from typing import Any

import httpx

from hustings.server.limits import Limits, client_key
from hustings.server.quota import CreateRate

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


def test_the_bucket_refills_at_the_rate() -> None:
    rate = CreateRate(per_minute=60.0, burst=2)
    assert rate.take("a", now=0.0) == 0.0 and rate.take("a", now=0.0) == 0.0
    wait = rate.take("a", now=0.0)
    assert 0.9 < wait <= 1.0  # one a second
    assert rate.take("a", now=1.01) == 0.0
    assert rate.take("b", now=1.01) == 0.0  # each client its own


def test_ipv6_addresses_of_one_64_share_a_bucket() -> None:
    rate = CreateRate(per_minute=1.0, burst=1)
    assert rate.take(client_key("2001:db8::1"), now=0.0) == 0.0
    assert rate.take(client_key("2001:db8::2:3"), now=0.0) > 0  # the same /64: the same client
    assert rate.take(client_key("2001:db8:0:1::1"), now=0.0) == 0.0  # another /64


def test_the_buckets_stay_bounded_in_memory() -> None:
    rate = CreateRate(per_minute=1.0, burst=1, max_buckets=1000)
    for k in range(20_000):  # many addresses, each at its limit (nothing to forget as refilled)
        rate.take(f"10.{k // 65536}.{k // 256 % 256}.{k % 256}", now=0.0)
    assert len(rate) <= 1000
    for k in range(20_000):  # refilled buckets are forgotten first
        rate.take(f"c{k}", now=10_000.0 + k)
    assert len(rate) <= 1000

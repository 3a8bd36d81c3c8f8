"""The per-client limits' bookkeeping (hustings.server.quota): token buckets per client, bounded in memory, IPv6 by
/64 (issue 23, points 2 and 5)."""

from __future__ import annotations

from hustings.server.limits import client_key
from hustings.server.quota import BotTables, CreateRate


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


def test_a_creators_tables_of_bots_only_play_up_to_the_limit_and_the_held_ones_are_named_when_one_stops() -> None:
    tables = BotTables(limit=2)
    assert tables.play("a", "t1") and tables.play("a", "t2") and tables.play("a", "t1")  # playing already
    assert tables.full("a") and not tables.play("a", "t3")  # held
    assert tables.play("b", "u1")  # another creator's own count
    assert tables.drop("t1") == {"t3"}  # a place freed: the held one is asked again
    assert tables.play("a", "t3") and tables.playing("a") == 2
    assert tables.drop("nothing") == set()
    tables.drop("t2")
    tables.drop("t3")
    assert tables.playing("a") == 0 and not tables.full("a")

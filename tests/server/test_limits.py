"""Who "a client" is for the per-client limits (hustings.server.limits.client_key): issue 23, point 2."""

from hustings.server.limits import Limits, client_key


def test_ipv6_addresses_of_one_64_are_one_client() -> None:
    a = client_key("2001:db8:1:2:3:4:5:6")
    assert a == client_key("2001:db8:1:2:ffff::1") == "2001:db8:1:2::/64"
    assert a != client_key("2001:db8:1:3::1")


def test_ipv4_addresses_are_clients_one_by_one_also_when_mapped() -> None:
    assert client_key("10.0.0.1") == client_key("::ffff:10.0.0.1") == "10.0.0.1"
    assert client_key("10.0.0.1") != client_key("10.0.0.2")


def test_no_address_and_names_are_kept_apart() -> None:
    assert client_key(None) == client_key("") == "unknown"
    assert client_key("testclient") == "testclient"
    assert client_key("fe80::1%eth0") == "fe80::/64"


def test_limits_are_frozen() -> None:
    limits = Limits()
    try:
        limits.max_connections = 1  # type: ignore[misc]
    except AttributeError:
        return
    raise AssertionError("Limits can be changed after the server started")

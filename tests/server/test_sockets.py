"""A websocket's outbox and the connection caps (hustings.server.sockets), on their own: issue 23, point 3."""

from __future__ import annotations

import asyncio

from hustings.server.sockets import Admission, Outbox, connection_room, text_bytes


def _texts(box: Outbox) -> list[str | bytes]:
    return [o.text for o in box.queue]


def test_a_whole_state_replaces_queued_states_and_updates_and_keeps_the_rest() -> None:
    async def go() -> None:
        box = Outbox(1 << 20)
        box.put('{"type":"welcome"}')
        box.put('{"type":"state","step":1}', "state")
        box.put('{"type":"update","step":2}', "update")
        box.put('{"type":"error","code":"x"}')
        box.put('{"type":"update","step":3}', "update")
        box.put('{"type":"state","step":3}', "state")
        assert _texts(box) == ['{"type":"welcome"}', '{"type":"error","code":"x"}', '{"type":"state","step":3}']
        assert box.bytes == sum(text_bytes(t) for t in _texts(box))

    asyncio.run(go())


def test_a_state_that_replaces_the_update_with_an_ack_carries_the_ack() -> None:
    async def go() -> None:
        box = Outbox(1 << 20)
        box.put('{"type":"update","ack":5,"step":5}', "update", '"ack":5,')
        box.put('{"type":"update","ack":6,"sent":4,"step":6}', "update", '"ack":6,"sent":4,')
        box.put('{"type":"update","step":7}', "update")
        box.put('{"type":"state","step":7}', "state")
        assert _texts(box) == ['{"type":"state","ack":6,"sent":4,"step":7}']
        box.put('{"type":"state","step":8}', "state")  # and a newer state after it still does
        assert _texts(box) == ['{"type":"state","ack":6,"sent":4,"step":8}']

    asyncio.run(go())


def test_messages_as_utf8_bytes_are_counted_by_their_length_and_a_state_of_bytes_carries_the_ack() -> None:
    """A seat's state or update is queued as the UTF-8 bytes it was made of (never decoded and encoded again):
    counted by its length, and a state that replaces an update with an ack carries the ack in its bytes."""
    async def go() -> None:
        box = Outbox(1 << 20)
        box.put('{"type":"welcome"}')
        box.put('{"type":"update","ack":6,"step":6,"label":"Bayern → 2 €"}'.encode(), "update", '"ack":6,')
        box.put('{"type":"state","step":7,"label":"選舉之戰"}'.encode(), "state")
        state = '{"type":"state","ack":6,"step":7,"label":"選舉之戰"}'.encode()
        assert _texts(box) == ['{"type":"welcome"}', state]
        assert box.bytes == len('{"type":"welcome"}') + len(state)
        assert text_bytes(state) == len(state) < 3 * len(state.decode())

    asyncio.run(go())


def test_a_table_push_replaces_a_queued_one_in_place_of_piling_up() -> None:
    async def go() -> None:
        box = Outbox(1 << 20)
        for i in range(100):
            box.put(f'{{"type":"table","n":{i}}}', "table")
        box.put('{"type":"pong"}')
        box.put('{"type":"table","n":100}', "table")
        assert _texts(box) == ['{"type":"pong"}', '{"type":"table","n":100}']

    asyncio.run(go())


def test_past_its_bytes_an_outbox_is_full_calls_its_owner_once_and_holds_nothing() -> None:
    async def go() -> None:
        calls: list[int] = []
        box = Outbox(1000, on_full=lambda: calls.append(1))
        for _ in range(20):
            box.put('{"type":"error","message":"' + "x" * 100 + '"}')
        assert box.full and calls == [1] and not box.queue
        assert text_bytes("選舉") == 6 and text_bytes("ab") == 2  # UTF-8 counted without encoding

    asyncio.run(go())


def test_the_one_being_sent_stays_counted_until_sent() -> None:
    async def go() -> None:
        box = Outbox(1 << 20)
        box.put("a" * 100)
        box.put("b" * 10)
        out = await box.get()
        assert out is not None and out.text == "a" * 100 and box.bytes == 110 and box.oldest() == out.at
        box.sent()
        assert box.bytes == 10
        box.close()
        assert (await box.get()) is not None and box.sent() is None and (await box.get()) is None

    asyncio.run(go())


def test_admission_counts_by_client_and_over_all() -> None:
    gate = Admission(max_connections=3, per_client=2)
    assert gate.enter("a") is None and gate.enter("a") is None
    assert gate.enter("a") == "too_many_connections"
    assert gate.enter("b") is None
    assert gate.enter("c") == "server_full"
    gate.leave("a")
    assert gate.enter("c") is None and gate.by_client == {"a": 1, "b": 1, "c": 1}


def test_the_connection_cap_leaves_descriptors_for_the_rest() -> None:
    assert connection_room(256) == 192 and connection_room(64) == 32 and connection_room(1 << 20) > 700_000

"""The legal actions' JSON joined from each entry's JSON kept from the seat's last list (hustings.server.connections
.legal_json_of): the same text as encoding the whole list, and an entry object seen before is not encoded again."""

from __future__ import annotations

from typing import Any

import orjson

from hustings.server import connections
from hustings.server.connections import legal_json_of


def _entry(i: int, label: str) -> dict[str, Any]:
    return {"id": i, "kind": "deploy", "args": [i, 2], "label": label, "words": {"title": "Einsetzen", "args": []}}


def test_the_joined_json_is_the_whole_list_encoded_and_kept_entries_are_not_encoded_again(monkeypatch: Any) -> None:
    first = [_entry(i, f"Deploy {i} – Bayern") for i in range(300)]
    text, by_id = legal_json_of(first, {})
    assert orjson.loads(text) == first
    assert text == orjson.dumps(first)  # UTF-8 bytes, sent as they are
    encoded: list[object] = []
    real = connections.dumps_utf8

    def counting(value: Any) -> bytes:
        encoded.append(value)
        return real(value)

    monkeypatch.setattr(connections, "dumps_utf8", counting)
    # the next step: most entries the same objects, two new ones (a preview worded again), one gone
    second = [*first[:100], _entry(100, "Deploy 100 – Sachsen"), *first[101:299], _entry(999, "Vorschau")]
    text2, by_id2 = legal_json_of(second, by_id)
    assert text2 == orjson.dumps(second)
    assert encoded == [second[100], second[-1]]
    # an entry equal to one seen but another object is encoded afresh (its id may be a freed one's)
    assert set(by_id2) == {id(e) for e in second}
    encoded.clear()
    assert legal_json_of([], by_id2) == (b"[]", {})
    assert encoded == []

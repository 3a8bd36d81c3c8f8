"""Progress specs (hustings.engine.progress): a view compared without others' progress, and nothing else left out."""

from __future__ import annotations

import enum

import pytest

from hustings.engine.progress import IGNORE, Each, Others, Spec, WithoutProgress, progress_part, same

SPEC: Spec = {"to_act": IGNORE, "sizes": Others(IGNORE), "rows": Each(Others({"placed": IGNORE}))}


def _view(to_act: list[int], sizes: list[int], placed: list[list[bool]], **more: object) -> dict[str, object]:
    rows = [[{"seat": q, "placed": p, "card": None} for q, p in enumerate(row)] for row in placed]
    return {"phase": "declare", "to_act": to_act, "sizes": sizes, "rows": rows, "hand": [3, 4], **more}


def test_what_the_spec_names_of_other_seats_is_left_out() -> None:
    a = _view([0, 1, 2], [2, 2, 2], [[False, False, False], [False, False, False]])
    b = _view([0, 1], [2, 2, 1], [[False, False, True], [False, False, False]])
    assert a != b and same(a, b, SPEC, 1) and same(b, a, SPEC, 1)


@pytest.mark.parametrize("change", ["own size", "own placed", "hand", "card", "phase", "new key", "row count"])
def test_everything_else_counts(change: str) -> None:
    a = _view([0, 1, 2], [2, 2, 2], [[False, False, False], [False, False, False]])
    b = _view([0, 1, 2], [2, 2, 2], [[False, False, False], [False, False, False]])
    if change == "own size":
        b["sizes"] = [2, 1, 2]
    elif change == "own placed":
        b["rows"][0][1]["placed"] = True  # type: ignore[index]
    elif change == "hand":
        b["hand"] = [3]
    elif change == "card":
        b["rows"][1][2]["card"] = 7  # type: ignore[index]  # another seat's card shown: no longer progress
    elif change == "phase":
        b["phase"] = "play"
    elif change == "new key":
        b["revealed"] = True
    else:
        b["rows"] = b["rows"][:1]  # type: ignore[index]
    assert not same(a, b, SPEC, 1)


def test_a_decision_part_equals_only_one_of_the_same_seat_and_spec_and_is_never_hashed() -> None:
    view = _view([0, 1], [2, 2], [[False, False]])
    part = WithoutProgress(view, 0, SPEC)
    assert part == WithoutProgress(dict(view), 0, SPEC)
    assert part != WithoutProgress(view, 1, SPEC) and part != WithoutProgress(view, 0, {"to_act": IGNORE})
    assert part != view
    with pytest.raises(TypeError):
        hash(part)


class _Phase(enum.StrEnum):
    DECLARE = "declare"
    PLAY = "play"


def test_progress_part_leaves_progress_out_only_in_the_phases_named_and_reads_str_enums() -> None:
    decide = progress_part({"declare": SPEC})
    view = _view([0, 1], [2, 2], [[False, False]])
    assert isinstance(decide(view, 0), WithoutProgress)
    assert isinstance(decide({**view, "phase": _Phase.DECLARE}, 0), WithoutProgress)
    play = {**view, "phase": _Phase.PLAY}
    assert decide(play, 0) is play

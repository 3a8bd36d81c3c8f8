"""The view's memo of candidate rows (view.py): a view from it is the view built afresh, every dict in it is the
caller's own, and a state whose fields are edited directly gets the view of what it now holds."""

from __future__ import annotations

import random
from typing import Any

from hustings.games.election_war import view as V
from hustings.games.election_war.phases import Status

from .conftest import campaigning, new_game


def fresh_candidates(s: Any, player: int | None) -> list[list[Any]]:
    """The candidates as the view built them before the memo: one candidate_view per seat per row."""
    return [[V.candidate_view(s, r, q, player) for q in range(s.n)] for r in range(s.nrows)]


def test_views_from_the_memo_are_the_views_built_afresh_for_every_viewer_through_a_game() -> None:
    for players, seed in ((4, 3), (10, 5)):
        s = new_game(players, seed, first=None)
        rng = random.Random(seed)
        while True:
            for viewer in (None, *range(players)):
                view = s.view(viewer)
                assert view["candidates"] == fresh_candidates(s, viewer)
                assert view["candidates"] == s.view(viewer)["candidates"]  # the second from the memo
            if s.is_over:
                break
            p = rng.choice(s.current_players)
            s.apply(p, rng.choice(s.legal_actions(p)))


def test_editing_a_view_changes_neither_the_memo_nor_the_next_view() -> None:
    s = campaigning()
    before = s.view(0)
    view = s.view(0)
    for row in view["candidates"]:
        for c in row:
            c["strength"] = 99
            c.clear()
        row.clear()
    view["rows"][0]["council"] = 99
    assert s.view(0) == before


def test_a_field_edited_directly_shows_in_the_next_view() -> None:
    s = campaigning()
    assert s.view(1)["candidates"][0][2]["status"] == int(Status.STANDING)
    s.status[0][2] = int(Status.WITHDRAWN)
    s.strength[0][1] += 3
    view = s.view(1)
    assert view["candidates"][0][2]["status"] == int(Status.WITHDRAWN)
    assert view["candidates"][0][1]["strength"] == s.strength[0][1]
    assert view["candidates"] == fresh_candidates(s, 1)


def test_before_the_reveal_each_viewer_sees_only_their_own_cards_from_the_memo() -> None:
    s = new_game(4, 2)
    s.apply(0, s.legal_actions(0)[0])
    s.apply(1, s.legal_actions(1)[0])
    for viewer in (None, 0, 1, 2):
        row = s.view(viewer)["candidates"][0]
        assert [c["card"] is not None for c in row] == [q == viewer and q in (0, 1) for q in range(4)]
        assert [c["placed"] for c in row] == [True, True, False, False]

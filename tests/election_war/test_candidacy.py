"""Seed 004 多人遊戲 2. 表態參選: one role card face down on each row, secretly and at the same time; then all are
revealed (ruling R3: each player fills their rows top to bottom)."""

from __future__ import annotations

from hustings.games.election_war.phases import Phase

from .conftest import action, declare_all, new_game


def test_declaring_fills_rows_top_to_bottom_and_stays_face_down() -> None:
    """Seed 004 2. and R3: a declared card goes face down on the player's next empty row; others see only that
    the row is filled."""
    s = new_game(3)
    card = s.role_hand[1][2]
    s.apply(1, action("declare", card))
    assert s.cand[0][1] == card and card not in s.role_hand[1]
    mine = s.view(1)["candidates"][0][1]
    theirs = s.view(0)["candidates"][0][1]
    assert mine["card"] == card and mine["placed"]
    assert theirs["placed"] and theirs["card"] is None and theirs["strength"] is None and theirs["frame"] is None
    assert s.view(None)["candidates"][0][1]["card"] is None
    card2 = s.role_hand[1][0]
    s.apply(1, action("declare", card2))
    assert s.cand[1][1] == card2


def test_declaration_is_simultaneous() -> None:
    """Seed 004 2.: all players declare at the same time; a player who is done waits for the others."""
    s = new_game(3)
    for _ in range(6):
        s.apply(2, s.legal_actions(2)[0])
    assert s.current_players == (0, 1)
    assert s.legal_actions(2) == []
    assert not s.revealed


def test_everything_is_revealed_when_no_one_holds_a_role_card() -> None:
    """Seed 004 2.: when no player holds a role card, all face-down cards are turned face up."""
    s = new_game(4)
    declare_all(s)
    assert s.revealed and s.phase is Phase.PLAY
    v = s.view(2)
    for r, row in enumerate(v["candidates"]):
        for q, c in enumerate(row):
            assert c["card"] == s.cand[r][q] and c["strength"] is not None
    assert all(h == [] for h in s.role_hand)

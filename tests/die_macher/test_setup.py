"""Setup (seed 001 §遊戲準備, seed 003 4) and the short variant's removals (001 §變體規則)."""

from __future__ import annotations

import pytest

from hustings.games.die_macher import data as D

from .conftest import new_game


@pytest.mark.parametrize("players", [3, 4, 5])
def test_001_setup_components_per_player(players: int) -> None:
    """001 §遊戲準備: 25,000 each, 18 rally cubes (one on each of the 4 boards), 5 media cubes, 7 cabinet
    cards, 5 donation cards, 4 coalition tiles, membership 5."""
    s = new_game(players)
    for p in range(players):
        assert s.money[p] == 25000
        assert s.members[p] == 5
        assert s.cube_sup[p] == 18 - 4
        assert all(s.cubes[b][p] == 1 for b in range(4))
        assert s.media_sup[p] == 5
        assert s.tile_sup[p] == 4
        assert len(s.cab_left[p]) == 7
        assert len(s.don_left[p]) == 5
        assert all(s.pop[b][p] == 0 and s.votes[b][p] == 0 for b in range(4))


@pytest.mark.parametrize("seed", range(20))
def test_001_public_program_five_different_issues_and_three_hidden(seed: int) -> None:
    """001 §遊戲準備: 5 public program cards, no same or opposite issue; 3 hidden ones (may repeat)."""
    s = new_game(5, seed=seed)
    for p in range(5):
        assert len(s.prog[p]) == 5
        assert len({t >> 1 for t in s.prog[p]}) == 5
        assert len(s.hand[p]) == 3


@pytest.mark.parametrize("seed", range(20))
def test_001_board_opinions_4_3_2_1_face_up(seed: int) -> None:
    """001 §遊戲準備: boards of rounds 1-4 get 4 / 3+1 / 2+2 / 1+3 opinions, face-up ones of different
    issues; 6 face-up opinions in the exchange pool; payout tiles on the 1st and 3rd boards."""
    s = new_game(4, seed=seed)
    for b in range(4):
        assert s.elec[b] == b + 1
        assert len(s.up[b]) == 4 - b and len(s.down[b]) == b
        assert len({t >> 1 for t in s.up[b]}) == len(s.up[b])
        assert s.state[b] >= 0
    assert len(s.pool) == 6
    assert s.payout == [1, 0, 1, 0]
    assert len({s.state[b] for b in range(4)}) == 4


def test_001_card_counts() -> None:
    """001 §遊戲配件 and the facts file: 56 program cards, 42 opinions, 16 state cards, 20 polls."""
    s = new_game(3)
    total_prog = len(s.prog_deck) + sum(len(h) for h in s.hand) + sum(len(p) for p in s.prog)
    assert total_prog == 56
    total_op = len(s.op_deck) + sum(len(s.up[b]) + len(s.down[b]) for b in range(4)) + len(s.pool)
    assert total_op == 42
    assert len(s.state_deck) + 4 == 16
    assert len(s.poll_deck) == 20


def test_001_variant_short_removals() -> None:
    """001 §變體規則 1-5: the 25,000 cabinet card, the 50,000 donation card and the 10 poll cards with the
    7 symbol are removed."""
    s = new_game(4, variant="short")
    for p in range(4):
        assert 25000 not in [D.CABINET[c].cost for c in s.cab_left[p]]
        assert len(s.cab_left[p]) == 6
        assert 50000 not in [D.DONATIONS[c].amount for c in s.don_left[p]]
        assert len(s.don_left[p]) == 4
    assert len(s.poll_deck) == 10
    assert not any(D.POLL_SEVEN[c] for c in s.poll_deck)


def test_facts_ladders_reproduce_recorded_seats() -> None:
    """Facts file (ruling R16): every ladder holds each recorded seat result and tops out at the state's
    maximum below 50 votes."""
    checked = 0
    for st in D.STATES:
        assert st.ladder[0] == 0
        assert st.ladder[50] == st.max_seats
        assert st.ladder.index(st.max_seats) < 50
        for r in st.recorded:
            assert r in st.ladder
            checked += 1
    assert checked == 35


def test_facts_media_points() -> None:
    """Facts file: national media points 25, 20, 20, 15, 15, 12, 10 by election."""
    assert D.MEDIA_POINTS == [25, 20, 20, 15, 15, 12, 10]

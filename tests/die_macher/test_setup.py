"""Setup (seed 001 §遊戲準備, seed 003 4) and the short variant's removals (001 §變體規則)."""

from __future__ import annotations

import pytest

from hustings.games.die_macher import data as D
from hustings.games.die_macher.rules import DieMacher

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
        assert all(s.pop[b][p] == D.POP_START == 0 and s.votes[b][p] == 0 for b in range(4))


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


def test_ruling_r25_short_variant_item_1_removes_no_other_component() -> None:
    """Ruling R25 (001 §變體規則 1 「包含7符號的牌與小卡」): of our components only the poll cards carry the 7
    symbol (item 4; the facts file knows no other), so item 1 removes nothing more: the short game has the full
    game's program, opinion and state decks, coalition tiles and media and rally cubes."""
    full, short = new_game(4), new_game(4, variant="short")

    def decks(s: DieMacher) -> tuple[int, ...]:
        return (len(s.prog_deck) + sum(map(len, s.hand)) + sum(map(len, s.prog)),
                len(s.op_deck) + sum(len(s.up[b]) + len(s.down[b]) for b in range(4)) + len(s.pool),
                len(s.state_deck) + 4, sum(s.tile_sup), sum(s.media_sup), sum(s.cube_sup))

    assert decks(short) == decks(full) == (56, 42, 16, 16, 20, 56)
    assert sorted(D.POLL_SEVEN) == [False] * 10 + [True] * 10
    assert len(short.poll_deck) == 10 and len(full.poll_deck) == 20


def test_003_2_popularity_track_five_spaces_from_3_to_minus_3() -> None:
    """003 §2: 「每個顏色由上而下分5格…由上而下是3,2,0,-2,-3,起始每個政黨都在0」: five spaces, every party starting
    on 0; a move goes space by space and stops at the ends (001 2.iii 「民望最大僅為3」)."""
    assert D.POP_TRACK == (3, 2, 0, -2, -3) and D.POP_START == 0
    assert [D.pop_space(v) for v in D.POP_TRACK] == [1, 2, 3, 4, 5]
    assert [D.pop_move(0, k) for k in (-3, -2, -1, 0, 1, 2, 3)] == [-3, -3, -2, 0, 2, 3, 3]
    assert D.pop_move(2, 1) == 3 and D.pop_move(-3, 1) == -2 and D.pop_move(-2, 3) == 3
    s = new_game(3)
    assert all(v == 0 for row in s.pop for v in row)
    assert s.add_pop(0, 0, 5) == 2 and s.pop[0][0] == 3  # two spaces up, then the top stops it
    assert s.add_pop(0, 0, -9) == -4 and s.pop[0][0] == -3
    assert D.pop_label(2, "en") == "+2 (space 2 of 5 from the top)" and D.pop_label(-3, "en").startswith("-3 ")


def test_poll_and_cabinet_figures_are_space_moves_within_the_track() -> None:
    """001 2.vii, 003 C: poll options and cabinet cards move markers by spaces (ruling R28: the designed
    figures re-read for the five-space track: one space, two on a few)."""
    figures = {abs(x) for card in D.POLLS for o in card for x in o}
    assert figures == {0, 1, 2}
    assert sum(1 for card in D.POLLS for o in card for x in o if abs(x) == 2) == 5
    moves = {a for c in D.CABINET for a in c.actions if a.startswith(("up", "down"))}
    assert moves == {"up:1", "down:1", "up:2", "down:2"}
    assert [c.key for c in D.CABINET if "up:2" in c.actions] == ["chancellor_candidate"]


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

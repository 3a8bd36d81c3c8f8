"""Donations (001 4.iii, 003 M), the round end (001 4.i-ii, §變體規則) and final scoring (001 §遊戲結束)."""

from __future__ import annotations

import random

import pytest

from hustings.games.die_macher import data as D
from hustings.games.die_macher.rules import round_end
from hustings.games.die_macher.rules.scoring import members_bonus

from .conftest import Phase, act, events_of, new_game, play_until, random_policy


def _donations(seed: int = 6):  # type: ignore[no-untyped-def]
    return play_until(new_game(3, seed=seed), Phase.DONATION)


def test_001_4iii_accept_money_lose_highest_die() -> None:
    """001 4.iii: an accepted donation pays its amount and costs the highest die in members."""
    s = _donations()
    p = s.turn
    m, mem = s.money[p], s.members[p]
    evs = act(s, p, "donate", 1, 1)
    e = events_of(evs, "donation_accepted")[0]
    assert s.money[p] == m + D.DONATIONS[1].amount
    assert s.members[p] == mem - max(e.data["rolls"])
    assert len(e.data["rolls"]) == D.DONATIONS[1].accept_dice


def test_001_4iii_refusal_face_down_then_dice_and_largest_bonus() -> None:
    """001 4.iii: a refused card lies face down until everyone has chosen, then gains the dice total in
    members; the largest refusal alone gains three dice more."""
    s = _donations()
    order = s.order_from(s.first)
    act(s, order[0], "donate", 3, 0)
    v = s.view(order[1])
    assert v["players"][order[0]]["donation"] == [-1, 0]
    assert 3 in v["players"][order[0]]["donations_left"]  # the card is not given away
    act(s, order[1], "donate", 0, 0)
    evs = act(s, order[2], "donate", 0, 1)
    rev = events_of(evs, "donation_revealed")
    assert [e.data["seat"] for e in rev] == [order[0], order[1]]
    bonus = events_of(evs, "donation_bonus")
    assert len(bonus) == 1 and bonus[0].data["seat"] == order[0] and len(bonus[0].data["rolls"]) == 3


def test_001_4iii_shared_largest_refusal_no_bonus() -> None:
    """001 4.iii: if two refuse the same largest amount, nobody gets the bonus."""
    s = _donations()
    order = s.order_from(s.first)
    act(s, order[0], "donate", 2, 0)
    act(s, order[1], "donate", 2, 0)
    evs = act(s, order[2], "donate", 0, 0)
    assert not events_of(evs, "donation_bonus")


def test_001_4i_next_board_and_reveals() -> None:
    """001 4.i: the finished board gets a new state card and 1 + 3 opinions (election 5); the other boards
    each turn one opinion up; 4.ii.1: the 5th-round payout tile goes on after round 1."""
    s = _donations()
    b = s.cur_board()
    ups = {o: len(s.up[o]) for o in s.active_boards() if o != b}
    for p in s.order_from(s.first):
        act(s, p, "donate", 0, 1)
    assert s.round == 2
    assert s.elec[b] == 5 and len(s.up[b]) == 1 and len(s.down[b]) == 3
    assert s.payout[b] == 1
    for o, k in ups.items():
        assert len(s.up[o]) == min(4, k + 1)


@pytest.mark.parametrize(("variant", "removed_after", "last"), [("full", (4, 5, 6), 7), ("short", (2, 3, 4), 5)])
def test_001_4ii_boards_leave_and_last_board(variant: str, removed_after: tuple[int, ...], last: int) -> None:
    """001 4.ii.2-4 (§變體規則 for short): the last board gets 2 + 2 opinions and the no-coalition tile; boards
    leave after rounds 4, 5, 6 (2, 3, 4); the last round only scores."""
    s = new_game(3, variant=variant, seed=7)
    pol = random_policy(7)
    boards_by_round = {}
    while not s.is_over:
        boards_by_round[s.round] = len(s.active_boards())
        p = s.current_players[0]
        s.apply(p, pol(s, p, s.legal_actions(p)))
        if s.round == last and last not in boards_by_round:
            lb = s.cur_board()
            assert s.nocoal[lb] == 1
    counts = [boards_by_round[r] for r in sorted(boards_by_round)]
    assert counts[-len(removed_after) - 1:] == [4, 3, 2, 1]
    assert len(s.results) == last


def test_001_4ii_last_board_prepared_two_up() -> None:
    """001 4.ii.2: the board of the last election is prepared with 2 face-up and 2 face-down opinions."""
    s = new_game(3, variant="short", seed=8)
    s = play_until(s, Phase.DONATION)
    b = s.cur_board()
    for p in s.order_from(s.first):
        act(s, p, "donate", 0, 1)
    assert s.elec[b] == 5
    assert s.nocoal[b] == 1
    assert s.payout[b] == 0  # the short game has no 5th-round payout tile


def test_001_end_members_bonus() -> None:
    """001 §遊戲結束: 10 for most members, 6 for second; a tie for most shares 16; a tie for second gets
    nothing (ruling R15 rounds down)."""
    assert members_bonus([9, 7, 3]) == [10, 6, 0]
    assert members_bonus([9, 9, 3]) == [8, 8, 0]
    assert members_bonus([9, 9, 9]) == [5, 5, 5]
    assert members_bonus([9, 4, 4]) == [10, 0, 0]


def test_001_end_scoring_components() -> None:
    """001 §遊戲結束: seats + national media points + members bonus + national opinion matches (+5 secured)."""
    s = new_game(3)
    s.seats = [[10, 5, 0, 0, 0, 0, 0], [0] * 7, [1] * 7]
    s.nat_media = [[0, 1], [0, 3], [2, 7]]
    s.members = [20, 10, 5]
    s.prog[0] = [0, 2, 4, 6, 8]
    s.prog[1] = [1, 3, 5, 7, 9]
    s.prog[2] = [1, 3, 5, 7, 9]
    s.nat_row = [[0, 1], [3, 0]]
    sc = s.scores()
    assert sc[0] == {"seats": 15, "media": 25 + 20, "members": 10, "opinions": D.NATIONAL_POINTS[0] + 5,
                     "total": 15 + 45 + 10 + D.NATIONAL_POINTS[0] + 5}
    assert sc[1]["opinions"] == D.NATIONAL_POINTS[1]
    assert sc[2]["media"] == 10 and sc[2]["members"] == 0


@pytest.mark.parametrize("seed", range(6))
def test_random_games_end_well_formed(seed: int) -> None:
    """001 §決定勝利者: a random game ends after all elections with final scores."""
    variant = ("full", "short")[seed % 2]
    s = new_game(3 + seed % 3, variant=variant, seed=seed)
    pol = random_policy(seed)
    while not s.is_over:
        p = s.current_players[0]
        s.apply(p, pol(s, p, s.legal_actions(p)))
    assert len(s.results) == D.ROUNDS[variant]
    assert s.final == s.scores()
    assert round_end  # module under test
    assert random.Random(seed)  # deterministic policy


def test_001_4i4_revealed_repeat_goes_under_the_deck() -> None:
    """001 4.i.4: a turned-up opinion repeating or opposing a face-up issue goes under the deck, and a new
    card is drawn until none conflicts."""
    s = new_game(3, seed=9)
    s.up[3] = [0]
    s.down[3] = [5, 7, 1]  # the top (last) card, 1, opposes the face-up 0
    s.op_deck.append(8)
    known = s.op_known
    s.reveal_opinion(3)
    assert s.op_deck[0] == 1 and s.op_known == known + 1
    assert s.up[3] == [0, 8]


def test_001_2v_media_control_from_last_board_backwards() -> None:
    """001 2.v: media control swaps run from the last board in election order backwards."""
    s = play_until(new_game(3, seed=10), Phase.MEDIA)
    for b in range(4):
        s.media[b] = [0, 0, 0]
    s.media[0] = [1, 0, 0]
    s.media[3] = [0, 2, 0]
    for p in range(3):
        s.media_sup[p] = 0  # nobody can buy: the phase ends at once
    from hustings.games.die_macher.rules import media

    media.advance(s)
    assert [row[1] for row in s.ex_list] == [3, 0]

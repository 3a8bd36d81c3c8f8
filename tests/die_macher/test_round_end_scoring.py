"""Donations (001 4.iii, 003 M), the round end (001 4.i-ii, §變體規則) and final scoring (001 §遊戲結束)."""

from __future__ import annotations

from typing import Any

import pytest

import hustings
from hustings.games.die_macher import data as D
from hustings.games.die_macher.rules import DieMacher
from hustings.games.die_macher.rules.scoring import member_points, members_bonus

from .conftest import GAME, Phase, act, events_of, new_game, play_until, random_policy


def _donations(seed: int = 6, **options: str):  # type: ignore[no-untyped-def]
    s = hustings.make(GAME, players=3, seed=seed, **options)  # type: ignore[arg-type]
    return play_until(s, Phase.DONATION)  # type: ignore[arg-type]


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


def _round_1_board_and_ups(s: DieMacher) -> tuple[int, dict[int, int]]:
    """The slot of election 1 and the face-up opinions of the other slots, as round 1 left them."""
    b = s.results[0]["board"]
    before = {o: int(e.data["down"]) for e in s.all_events() if e.type == "board_prepared"
              for o in [e.data["board"]] if o != b}
    return b, {o: 4 - k for o, k in before.items()}


@pytest.mark.parametrize("order", ["after_setup", "before_setup"])
def test_001_4i_next_board_and_reveals(order: str) -> None:
    """001 4.i: the finished board gets a new state card and 1 + 3 opinions (election 5); the other boards
    each turn one opinion up; 4.ii.1: the 5th-round payout tile goes on after round 1. Ruling R24: this set-up
    comes before the donations (001 §4 i, ii, iii; its §遊戲簡短流程: 設定下一回合, 政治獻金), or after them with the
    option donations="before_setup" (003: M, then 回合結束)."""
    s = _donations(donations=order) if order != "after_setup" else _donations()
    b, ups = _round_1_board_and_ups(s)
    set_up = s.elec[b] == 5
    assert set_up == (order == "after_setup")
    assert s.cur_board() == (-1 if set_up else b)  # the board of round 1 is no longer round 1's once set up
    for p in s.order_from(s.first):
        act(s, p, "donate", 0, 1)
    assert s.round == 2
    assert s.elec[b] == 5 and len(s.up[b]) == 1 and len(s.down[b]) == 3
    assert s.payout[b] == 1
    for o, k in ups.items():
        assert len(s.up[o]) == min(4, k + 1)
    kinds = [e.type for e in s.all_events() if e.type in ("board_prepared", "donation_accepted")][-4:]
    if order == "after_setup":
        assert kinds == ["board_prepared", "donation_accepted", "donation_accepted", "donation_accepted"]
    else:
        assert kinds == ["donation_accepted", "donation_accepted", "donation_accepted", "board_prepared"]


@pytest.mark.parametrize(("variant", "removed_after", "last"), [("full", (4, 5, 6), 7), ("short", (2, 3, 4), 5)])
def test_001_4ii_boards_leave_and_last_board(variant: str, removed_after: tuple[int, ...], last: int) -> None:
    """001 4.ii.2-4 (§變體規則 for short): the last board gets 2 + 2 opinions and the no-coalition tile; boards
    leave after rounds 4, 5, 6 (2, 3, 4); the last round only scores."""
    s = new_game(3, variant=variant, seed=7)
    pol = random_policy(7)
    boards_by_round = {}
    while not s.is_over:
        boards_by_round.setdefault(s.round, len(s.active_boards()))  # as each round begins
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
    b = s.results[0]["board"]
    for p in s.order_from(s.first):
        act(s, p, "donate", 0, 1)
    assert s.elec[b] == 5 and len(s.up[b]) == 2 and len(s.down[b]) == 2
    assert s.nocoal[b] == 1
    assert s.payout[b] == 0  # the short game has no 5th-round payout tile


def test_001_end_members_bonus() -> None:
    """001 §遊戲結束: 10 for most members, 6 for second; a tie for most shares 16; a tie for second gets
    nothing (ruling R15 rounds down)."""
    assert members_bonus([9, 7, 3]) == [10, 6, 0]
    assert members_bonus([9, 9, 3]) == [8, 8, 0]
    assert members_bonus([9, 9, 9]) == [5, 5, 5]
    assert members_bonus([9, 4, 4]) == [10, 0, 0]


def test_ruling_r15_members_score_their_count_and_the_bonus() -> None:
    """Ruling R15: 003 結束遊戲記分 「黨員人數(最多二名額外加 10/6 分)」 sums the member count and, extra (額外, as
    001 §遊戲結束 says too), 10 / 6 for the two largest; the option member_score="bonus" scores the bonus only."""
    assert member_points([9, 7, 3], "count_and_bonus") == [19, 13, 3]
    assert member_points([9, 9, 3], "count_and_bonus") == [17, 17, 3]
    assert member_points([9, 7, 3], "bonus") == [10, 6, 0]
    for option, want in (({}, 20 + 10), ({"member_score": "bonus"}, 10)):
        s = hustings.make(GAME, players=3, seed=1, **option)
        assert isinstance(s, DieMacher)
        s.members = [20, 10, 5]
        assert s.scores()[0]["members"] == want
        assert s.view(None)["rules"]["member_score"] == (option.get("member_score") or "count_and_bonus")


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
    assert sc[0] == {"seats": 15, "media": 25 + 20, "members": 20 + 10, "opinions": D.NATIONAL_POINTS[0] + 5,
                     "total": 15 + 45 + 30 + D.NATIONAL_POINTS[0] + 5}
    assert sc[1]["opinions"] == D.NATIONAL_POINTS[1] and sc[1]["members"] == 10 + 6
    assert sc[2]["media"] == 10 and sc[2]["members"] == 5


@pytest.mark.parametrize("seed", range(6))
def test_random_games_end_well_formed(seed: int) -> None:
    """001 §決定勝利者: a random game ends after all elections with final scores."""
    variant = ("full", "short")[seed % 2]
    s = new_game(3 + seed % 3, variant=variant, seed=seed)
    pol = random_policy(seed)
    while not s.is_over:
        p = s.current_players[0]
        s.apply(p, pol(s, p, s.legal_actions(p)))
    assert [r["round"] for r in s.results] == list(range(1, D.ROUNDS[variant] + 1))
    assert s.final == s.scores() and s.phase == Phase.OVER and s.legal_actions(0) == []
    assert sum(1 for e in s.all_events() if e.type == "game_over") == 1
    assert all(row["total"] == sum(row[k] for k in ("seats", "media", "members", "opinions")) for row in s.final)


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


# --- money and members by round (001 3.v, §遊戲概要 2.2; 003 L; ruling R13) -------------------------------


def _play_out(s: DieMacher, seed: int) -> dict[int, list[dict[str, Any]]]:
    """Play ``s`` to the end at random; the income events of each round."""
    pol = random_policy(seed)
    while not s.is_over:
        p = s.current_players[0]
        s.apply(p, pol(s, p, s.legal_actions(p)))
    income: dict[int, list[dict[str, Any]]] = {}
    rnd = 0
    for e in s.all_events():
        if e.type == "round_started":
            rnd = e.data["round"]
        elif e.type == "income":
            income.setdefault(rnd, []).append(dict(e.data))
    return income


@pytest.mark.parametrize("seed", range(3))
def test_001_3v_member_income_after_rounds_1_3_5_and_seat_income(seed: int) -> None:
    """001 3.v: 「僅在第1,3,5回合結束後有此收入」: members pay 1,000 each after rounds 1, 3 and 5 (the boards with a
    payout tile), never after 2 and 4; every round with income pays 1,000 a seat won there."""
    s = new_game(3 + seed, seed=40 + seed)
    income = _play_out(s, seed)
    assert sorted(income) == [1, 2, 3, 4, 5]  # ruling R13: none after rounds 6 and 7
    for rnd, rows in income.items():
        assert [r["seat"] for r in rows] == list(range(s.n))
        for r in rows:
            assert r["seat_count"] == s.seats[r["seat"]][rnd - 1] and r["seats"] == 1000 * r["seat_count"]
            if rnd in (1, 3, 5):
                assert r["member_count"] > 0 and r["members"] == 1000 * r["member_count"]
            else:
                assert r["member_count"] == 0 and r["members"] == 0
    assert any(r["seat_count"] > 0 for rows in income.values() for r in rows)  # seats did pay


def test_001_3v_short_game_member_income_after_rounds_1_and_3() -> None:
    """001 §變體規則 5 removes the 5th-round payout tile: members pay after rounds 1 and 3 of the short game."""
    income = _play_out(new_game(4, variant="short", seed=44), 4)
    assert sorted(income) == [1, 2, 3]
    assert [rnd for rnd, rows in sorted(income.items()) if all(r["member_count"] > 0 for r in rows)] == [1, 3]
    assert all(r["member_count"] == 0 for r in income[2])


def _events_of_round(s: DieMacher, rnd: int) -> list[str]:
    out, now = [], 0
    for e in s.all_events():
        if e.type == "round_started":
            now = e.data["round"]
        if now == rnd:
            out.append(e.type)
    return out


@pytest.mark.parametrize(("variant", "second_last"), [("full", 6), ("short", 4)])
def test_ruling_r13_no_money_after_the_second_last_round(variant: str, second_last: int) -> None:
    """Ruling R13 (003 L 「以下的階段只有在1-5輪[第6,7輪沒錢可拿]」 and 「第六回合結束:沒結束回合, 只結束到 K」
    against 001 §遊戲概要 2.2 「每一回合結束後均可得到資金(除了第7回合)」): played through the phases, round 6
    (4 of the short game) ends with no income and no donations."""
    s = new_game(3, variant=variant, seed=50)
    _play_out(s, 5)
    evs = _events_of_round(s, second_last)
    assert "election" in evs and "income" not in evs
    assert not any(t.startswith("donation") for t in evs)
    assert "income" not in _events_of_round(s, second_last + 1)


@pytest.mark.parametrize(("variant", "second_last", "donors"), [("full", 6, 0), ("short", 4, 3)])
def test_ruling_r13_option_money_after_every_round_but_the_last(variant: str, second_last: int,
                                                                 donors: int) -> None:
    """Ruling R13, the other reading as an option (001 §遊戲概要 2.2: money after every round but the 7th):
    money_rounds="all_but_last" pays seats (members only on a payout tile: none there) and holds donations
    after round 6 (4 of the short game), for parties with a donation card left: none in the full game (five
    cards, 001 §遊戲配件, all played in rounds 1-5), one each in the short game (four cards); the last round
    still pays nothing."""
    s = hustings.make(GAME, players=3, variant=variant, seed=50, money_rounds="all_but_last")
    assert isinstance(s, DieMacher) and s.record()["options"]["money_rounds"] == "all_but_last"
    income = _play_out(s, 5)
    assert sorted(income) == list(range(1, second_last + 1))
    assert all(r["member_count"] == 0 and r["seats"] == 1000 * r["seat_count"] for r in income[second_last])
    evs = _events_of_round(s, second_last)
    assert sum(1 for t in evs if t in ("donation_accepted", "donation_refused")) == donors
    assert "income" not in _events_of_round(s, second_last + 1)
    assert hustings.replay(s.record()).state_key() == s.state_key()


# --- the end (001 §決定勝利者; ruling R27) ----------------------------------------------------------------


def test_ruling_r27_all_tied_on_the_highest_total_win() -> None:
    """Ruling R27: 001 §決定勝利者 「擁有最高勝利點的玩家即獲得勝利」 names no tie-break, so every party tied on the
    highest total wins; the ranks show the standings."""
    s = new_game(3, seed=7)
    _play_out(s, 7)
    s.seats = [[0] * s.rounds for _ in range(s.n)]
    s.nat_media, s.nat_row = [], []
    s.members = [10, 10, 5]  # the 16 shared: 10 + 8 each, 5 for the third
    assert [r["total"] for r in s.scores()] == [18, 18, 5]
    out = s.outcome()
    assert out.winners == (0, 1) and out.ranks == (1, 1, 3) and s.winners() == [0, 1]

"""Vote conversion (001 2.viii, 003 H), the election (001 3.i-iv, 003 I-K) and income (001 3.v, 003 L)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from hustings.games.die_macher import data as D
from hustings.games.die_macher.formulas import coincidence, media_controller, votes_for
from hustings.games.die_macher.phases import NationalStep
from hustings.games.die_macher.rules import conversion, election

from .conftest import Phase, act, con, legal, new_game, play_until, pro, refresh


def test_001_2viii_vote_formula() -> None:
    """001 2.viii: votes = cubes x (popularity + coincidence), at least 0.5 a cube; 003 H: two cubes make one
    vote at zero or less. Popularity is the value of the marker's space (003 §2: 3, 2, 0, -2, -3)."""
    assert votes_for(6, 2, 1) == 18
    assert votes_for(4, 3, 0) == 12
    assert votes_for(4, 0, 1) == 4
    assert votes_for(6, -2, 1) == 3
    assert votes_for(6, -3, -2) == 3


def test_ruling_r26_votes_rounded_down_per_conversion() -> None:
    """Ruling R26 (the seeds are silent; 003 H 「二個選舉集會 = 1 票」 and the whole spaces of the vote track, 003
    §2 「最外圈的50格位」): half votes are dropped, each conversion on its own."""
    assert votes_for(5, 0, 0) == 2 and votes_for(3, -2, 1) == 1
    s = _election()
    b = s.cur_board()
    s.pop[b] = [0] * s.n
    s.up[b] = []
    s.votes[b] = [0] * s.n
    s.cubes[b] = [10, 0, 0]
    conversion.convert(s, b, 0, 5)
    conversion.convert(s, b, 0, 5)
    assert s.votes[b][0] == 2 + 2  # not 10 x 0.5 = 5


def test_001_2viii_one_space_is_worth_its_value() -> None:
    """001 2.viii with 003 §2: a conversion uses the value of the marker's space, so one space up from the
    start doubles a plain cube's worth (0 -> +2) and the next adds one (+2 -> +3)."""
    s = _election()
    b = s.cur_board()
    s.up[b] = []
    s.cubes[b] = [4, 4, 4]
    s.votes[b] = [0] * s.n
    s.pop[b] = [0] * s.n
    s.add_pop(b, 1, 1)
    s.add_pop(b, 2, 2)
    assert s.pop[b] == [0, 2, 3]
    for p in range(3):
        conversion.convert(s, b, p, 4)
    assert s.votes[b] == [2, 8, 12]


def test_001_2viii_coincidence_key_issue_counts_twice() -> None:
    """001 2.viii: +1 per matching opinion, -1 per opposite; the key issue counts twice."""
    program = [pro(0), pro(1), con(2), pro(3), pro(4)]
    up = [pro(0), con(1), con(2), pro(5)]
    assert coincidence(program, up, -1) == 1 - 1 + 1
    assert coincidence(program, up, 1) == 1 - 2 + 1
    assert coincidence(program, up, 0) == 2 - 1 + 1


def test_001_2viii_cap_50_later_arrival_on_top() -> None:
    """001 2.viii: votes stop at 50; of parties on 50 the last to arrive is on top."""
    s = new_game(3)
    s.add_votes(1, 0, 60)
    s.add_votes(1, 2, 55)
    assert s.votes[1][0] == 50 and s.votes[1][2] == 50
    assert s.arrive[1][2] > s.arrive[1][0]


def test_ruling_r29_a_party_already_on_50_stays_under_the_later_one() -> None:
    """Ruling R29 (001 2.viii 「將後來政黨的指示物放在本來政黨指示物的上方，而最後一個達到50票的政黨為該州的勝利者」;
    003 I 「後放者的指示物會壓在先放者的上面」; 001 3.ii 「最後到達那個票數的政黨獲勝」): party A reaches 50, then
    B; A converts again and stays on 50 without moving, so B, the later to reach 50, wins the state."""
    s = _election()
    b = s.cur_board()
    a, bb = s.first, (s.first + 1) % s.n
    s.up[b] = []  # coincidence 0: a cube is worth the popularity, +3
    s.pop[b] = [3] * s.n
    s.votes[b] = [0] * s.n
    s.cubes[b] = [0] * s.n
    s.votes[b][a] = s.votes[b][bb] = 45
    s.cubes[b][a], s.cubes[b][bb] = 10, 5
    conversion.convert(s, b, a, 5)  # A reaches 50
    conversion.convert(s, b, bb, 5)  # then B
    assert s.votes[b][a] == s.votes[b][bb] == 50 and s.arrive[b][bb] > s.arrive[b][a]
    on_top = s.arrive[b][bb]
    election.start_election(s)  # A, the start player, converts its last 5 cubes first: capped, it stays on 50
    conv = [e.data for e in s.all_events() if e.type == "converted"][-1]
    assert (conv["seat"], conv["votes"], conv["total"], conv["capped"]) == (a, 15, 50, True)
    assert s.arrive[b][a] < s.arrive[b][bb] == on_top
    r = s.results[-1]
    assert r["winners"] == [bb] and r["kind"] == "short_head" and r["tied"] == [a]


def test_001_3ii_equal_totals_below_50_go_to_the_later_arrival() -> None:
    """001 3.ii: 「若多個政黨同票，則最後到達那個票數的政黨獲勝」: a party that moved to a total later wins a tie
    on it; a conversion that gives no vote does not move a marker."""
    s = new_game(3)
    s.add_votes(1, 1, 20)
    s.add_votes(1, 0, 20)
    t = s.arrive[1][0]
    s.add_votes(1, 1, 0)  # nothing gained: the marker stays where it was
    assert s.arrive[1][1] < t == s.arrive[1][0]


def _to_convert(seed: int = 4):  # type: ignore[no-untyped-def]
    s = play_until(new_game(3, seed=seed), Phase.POLL_BID)
    # rig board 3 (election 4) for conversions
    return s


def test_001_2viii_needs_five_cubes_skips_election_board() -> None:
    """001 2.viii, 003 H: from the last board backwards, skipping the election board; a party needs at least
    5 cubes on a board to convert, and may convert part of them (ruling R21)."""
    s = _to_convert()
    cur = s.cur_board()
    for b in range(4):
        s.cubes[b] = [6, 4, 0]
    conversion.start(s)
    s.run()
    assert s.phase == Phase.CONVERT
    assert s.boards_todo == sorted([b for b in s.active_boards() if b != cur], key=lambda b: -s.elec[b])
    p = s.turn
    assert p == 0
    assert max(a.args[0] for a in legal(s, 0) if a.kind == "convert") == 6
    act(s, 0, "convert", 5)
    b = s.boards_todo[0]
    assert s.cubes[b][0] == 1


def test_001_2viii_absolute_majority_swap() -> None:
    """001 2.viii: a party with more votes on a board than all others together may swap an opinion."""
    s = _to_convert()
    cur = s.cur_board()
    other = next(b for b in s.active_boards() if b != cur)
    for b in range(4):
        s.cubes[b] = [0, 0, 0]
        s.votes[b] = [0, 0, 0]
    s.votes[other] = [0, 11, 10]
    s.pool = [pro(x) for x in range(6)]
    conversion.start(s)
    s.run()
    assert s.phase == Phase.EXCHANGE and s.turn == 1 and s.ex_list == [[1, other]]


def _election(seed: int = 5, players: int = 3):  # type: ignore[no-untyped-def]
    s = play_until(new_game(players, seed=seed), Phase.POLL_BID)
    return s


def _run_election(s, votes, coal=()):  # type: ignore[no-untyped-def]
    b = s.cur_board()
    s.cubes[b] = [0] * s.n
    s.votes[b] = list(votes)
    for i, p in enumerate(range(s.n)):
        s.arrive[b][p] = i + 1
    s.coal[b] = list(coal)
    s.media[b] = [1] * s.n
    for p in range(s.n):
        s.media_sup[p] = min(s.media_sup[p], 4)
    election.start_election(s)
    return b


def test_001_3i_seats_from_state_card() -> None:
    """001 3.i: each party's seats come from the state card's ladder for its own votes."""
    s = _election()
    b = _run_election(s, [30, 12, 0])
    st = D.STATES[s.state[b]]
    assert [s.seats[p][0] for p in range(3)] == [st.seats(30), st.seats(12), 0]


def test_001_3iii_clear_win_media_and_two_opinions() -> None:
    """001 3.iii: a clear winner may move a media cube to the national board and two opinions to the row."""
    s = _election()
    _run_election(s, [30, 12, 0])
    s.run()
    assert s.phase == Phase.NATIONAL and s.turn == 0 and s.step == NationalStep.MEDIA
    act(s, 0, "natmedia")
    assert s.nat_media == [[0, 1]]
    assert s.nat_left == 2
    t1 = legal(s, 0)[1]
    act(s, 0, t1.kind, *t1.args)
    t2 = legal(s, 0)[1]
    act(s, 0, t2.kind, *t2.args)
    assert len(s.nat_row) == 2
    assert s.phase != Phase.NATIONAL


def test_001_3iii_short_head() -> None:
    """001 3.iii / 003 J: equal votes won by the later arrival: one media cube and one opinion; the party it
    beat on equal votes places a media cube only."""
    s = _election()
    b = _run_election(s, [20, 20, 5])
    assert s.results[-1]["kind"] == "short_head" and s.results[-1]["winners"] == [1]
    assert s.nat_list == [[1, 1, 1], [0, 1, 0]]
    assert b >= 0


def test_001_3ii_coalition_votes_combined_past_50() -> None:
    """001 3.ii: a coalition's votes are combined and may pass 50; both members place a media cube and one
    opinion, the one with more votes first."""
    s = _election()
    _run_election(s, [30, 25, 50], coal=[0, 1])
    r = s.results[-1]
    assert r["kind"] == "coalition" and r["winners"] == [0, 1]
    assert s.nat_list == [[0, 1, 1], [1, 1, 1]]


def test_001_3ii_tie_coalition_vs_party_higher_member() -> None:
    """001 3.ii: a coalition tied with a party: the one whose best party has more votes wins; 001 3.iii:
    「以同票數落敗的聯盟不能放媒體方塊或民意牌」: the beaten coalition gets no power (003 J: only a beaten single
    party places a media cube)."""
    s = _election()
    _run_election(s, [20, 20, 40], coal=[0, 1])
    r = s.results[-1]
    assert r["winners"] == [2] and r["kind"] == "short_head" and r["tied"] == []
    assert s.nat_list == [[2, 1, 1]]


def test_001_3ii_coalition_beaten_on_a_tie_by_a_later_party() -> None:
    """001 3.ii: equal totals and equal best members: the later arrival of that member decides; a coalition
    that loses so gets nothing (001 3.iii)."""
    s = _election()
    b = _run_election(s, [30, 0, 30], coal=[0, 1])  # party 2 arrived after party 0
    assert s.arrive[b][2] > s.arrive[b][0]
    r = s.results[-1]
    assert r["winners"] == [2] and r["kind"] == "short_head" and r["tied"] == []
    assert s.nat_list == [[2, 1, 1]]


def test_001_3ii_coalition_against_coalition() -> None:
    """001 3.ii: 「若有另一個同盟或政黨也達到相同票數，則依該同盟較高得票數的那一黨的票數決定，若還是平手，則看哪個黨哪
    個較後達到該票數」: equal totals go to the coalition whose higher-voted member has more votes, then to the
    later arrival of that member; the winners place in order of votes (001 3.iii)."""
    s = _election(players=4)
    _run_election(s, [20, 15, 10, 25], coal=[0, 1, 2, 3])
    r = s.results[-1]
    assert r["kind"] == "coalition" and r["winners"] == [3, 2]
    s = _election(players=4)
    b = _run_election(s, [20, 15, 15, 20], coal=[0, 1, 2, 3])  # arrivals 1, 2, 3, 4: party 3 after party 0
    assert s.results[-1]["winners"] == [3, 2]
    s = _election(players=4)
    b = s.cur_board()
    s.cubes[b] = [0] * 4
    s.votes[b] = [20, 15, 15, 20]
    s.arrive[b] = [9, 1, 2, 3]  # now party 0 reached 20 last
    s.coal[b] = [0, 1, 2, 3]
    s.media[b] = [1] * 4
    election.start_election(s)
    assert s.results[-1]["winners"] == [0, 1] and s.nat_list == [[0, 1, 1], [1, 1, 1]]


def test_ruling_r18_national_row_regimes() -> None:
    """Ruling R18 (001 3.iii, 003 J): not full: new issue leftmost, same card secures, opposite replaces;
    full: a new issue replaces an unsecured card (shift left, new card rightmost)."""
    s = _election()
    b = _run_election(s, [30, 1, 0])
    s.run()
    act(s, 0, "pass")
    s.nat_row = [[pro(0), 1], [pro(1), 0], [pro(2), 0], [pro(3), 0], [pro(4), 0]]
    s.up[b] = [con(0), pro(1), pro(5), con(3)]
    refresh(s)
    acts = {(a.args[0], a.args[1]) for a in legal(s, 0) if a.kind == "natop"}
    assert (con(0), 5) in acts  # the opposite replaces even a secured one
    assert (pro(1), 5) in acts  # securing
    assert {(pro(5), j) for j in (1, 2, 3, 4)} <= acts and (pro(5), 0) not in acts  # secured stays
    act(s, 0, "natop", pro(5), 2)
    assert [x[0] for x in s.nat_row] == [pro(0), pro(1), pro(3), pro(4), pro(5)]
    act(s, 0, "natop", pro(1), 5)
    assert s.nat_row[1] == [pro(1), 1]


def test_001_3iv_members_from_national_matches_and_3v_income() -> None:
    """001 3.iv: members for program cards matching the national opinions (slot's number); 3.v: 1,000 per
    seat, and 1,000 per member after a round with a payout tile (round 1)."""
    s = _election()
    s.nat_row = [[s.prog[0][0], 0]]
    m0 = s.members[0]
    money = s.money[:]
    b = _run_election(s, [0, 0, 0])
    s.run()
    assert s.members[0] == m0 + D.NATIONAL_MEMBERS[0]
    inc = [e.data for e in s.all_events() if e.type == "income"]
    assert len(inc) == 3
    assert s.elec[b] == 5 and s.payout[b] == 1  # the round-1 board, set up again for election 5 with its tile
    for p in range(3):
        assert inc[p] == {"seat": p, "seats": 0, "members": s.members[p] * 1000, "seat_count": 0,
                          "member_count": s.members[p]}
    assert s.money[0] == money[0] + s.members[0] * 1000


def test_003_l_money_rounds_helper() -> None:
    """003 L / ruling R13: income and donations follow rounds 1-5 only (1-3 in the short game)."""
    s = new_game(3)
    s.round = 6
    assert not s.money_round()
    s.round = 5
    assert s.money_round()
    t = new_game(3, variant="short")
    t.round = 3
    assert t.money_round()
    t.round = 4
    assert not t.money_round()


def test_event_breakdown() -> None:
    """001 2.viii: the conversion event carries its parts (cubes, popularity, coincidence), and they give its
    votes."""
    s = _election()
    b = s.cur_board()
    s.cubes[b] = [3, 0, 0]
    s.pop[b][0] = -2
    before = s.votes[b][0]
    election.start_election(s)
    e = [x.data for x in s.all_events() if x.type == "converted"][-1]
    assert (e["seat"], e["cubes"], e["popularity"]) == (0, 3, -2)
    assert e["coincidence"] == s.coinc(b, 0)
    assert e["votes"] == votes_for(3, -2, e["coincidence"]) and e["total"] == min(50, before + e["votes"])


@given(st.lists(st.integers(min_value=0, max_value=12), min_size=3, max_size=5))
def test_003_E_media_controller_is_the_one_strict_majority_of_cubes(media: list[int]) -> None:
    """003 E: a board's media controller has strictly more media cubes there than every other party; nobody on a
    tie for the most, or with no cube. (media_controller counts in C passes: this holds it to the rule's words.)"""
    top = max(media)
    holders = [p for p, m in enumerate(media) if m == top]
    expected = holders[0] if top > 0 and len(holders) == 1 else -1
    assert media_controller(media) == expected
    assert media_controller([0] * len(media)) == -1


def test_003_E_media_controller_examples() -> None:
    """003 E, by hand: one leader, a tie at the top, a tie below a leader, nobody."""
    assert media_controller([2, 5, 1, 0]) == 1
    assert media_controller([3, 3, 1]) == -1
    assert media_controller([4, 1, 1, 0, 0]) == 0
    assert media_controller([0, 0, 0]) == -1

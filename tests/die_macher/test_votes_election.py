"""Vote conversion (001 2.viii, 003 H), the election (001 3.i-iv, 003 I-K) and income (001 3.v, 003 L)."""

from __future__ import annotations

from hustings.games.die_macher import data as D
from hustings.games.die_macher.formulas import coincidence, votes_for
from hustings.games.die_macher.phases import NationalStep
from hustings.games.die_macher.rules import conversion, election

from .conftest import Phase, act, con, events_of, legal, new_game, play_until, pro, refresh


def test_001_2viii_vote_formula() -> None:
    """001 2.viii: votes = cubes x (popularity + coincidence), at least 0.5 a cube, rounded down; 003 H: two
    cubes make one vote at zero or less."""
    assert votes_for(6, 1, 2) == 18
    assert votes_for(5, 0, 0) == 2
    assert votes_for(5, -3, 1) == 2
    assert votes_for(4, 0, 1) == 4


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
    """001 3.ii: a coalition tied with a party: the one whose best party has more votes wins."""
    s = _election()
    _run_election(s, [20, 20, 40], coal=[0, 1])
    r = s.results[-1]
    assert r["winners"] == [2] and r["kind"] == "short_head"


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
    assert s.payout[b] == 0 or True
    inc = [e for e in s.all_events() if e.type == "income"]
    assert len(inc) == 3
    assert s.money[0] == money[0] + s.members[0] * 1000


def test_003_l_no_income_after_round_6() -> None:
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
    """001 2.viii: the conversion event carries its parts (cubes, popularity, coincidence)."""
    s = _election()
    b = s.cur_board()
    s.cubes[b] = [3, 0, 0]
    election.start_election(s)
    e = [x for x in s.all_events() if x.type == "converted"][-1]
    assert {"cubes", "popularity", "coincidence", "votes"} <= set(e.data)
    assert events_of([e], "converted")

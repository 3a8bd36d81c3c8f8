"""Seed 000 四.8: the expanded game (7 elections in 5 rounds), with R13, R16, R28, R30."""

from __future__ import annotations

from collections import Counter

from hustings.games.die_macher_2019 import data as D
from hustings.games.die_macher_2019.phases import Phase
from hustings.games.die_macher_2019.rules import DieMacher2019, schedule

from .conftest import (
    act,
    clear_boards,
    events,
    legal,
    make_first,
    of_kind,
    play_until,
    started,
    to_exec,
    to_phase,
)


def expanded(players: int = 4, seed: int = 3) -> DieMacher2019:
    return started(players, "expanded", seed)


def test_expanded_setup_reserve_states_and_resources() -> None:
    """seed 000 四.8: 5 media markers each, 8 politicians, the 4 standard states plus 3 reserve states
    drawn face down from the remaining cards."""
    s = DieMacher2019(players=4, variant="expanded", seed=3)
    for p in range(4):
        s.apply(p, legal(s, p)[0])
    assert s.media_res == [5] * 4
    assert len(s.reserve) == 3
    assert Counter(D.STATES[x].size for x in s.board_state) == {"large": 2, "small": 2}
    assert not set(s.reserve) & set(s.board_state)
    assert sorted(s.reserve + s.board_state + s.state_pool) == list(range(16))
    v = s.view(0)
    assert v["reserve_states"] == 3
    assert [b["state"] for b in v["boards"]] == s.board_state  # the reserve stays hidden


def test_expanded_offers_eight_politicians() -> None:
    """seed 000 四.8: all 8 politicians per player in the expanded game."""
    s = expanded()
    clear_boards(s)
    make_first(s, 0)
    to_phase(s, Phase.PLACE)
    assert {a.args[0] for a in of_kind(legal(s), "place")} == set(range(8))
    assert sum(p.expanded_only for p in D.POLITICIANS) == 3


def test_seven_elections_in_five_rounds() -> None:
    """seed 000 四.8: rounds 1-3 one election each; round 4 elections 4 and 5; round 5 elections 6 and 7;
    after each of the first 3 elections a reserve state takes the empty board."""
    s = expanded()
    reserve = list(s.reserve)
    original = list(s.board_state)
    play_until(s, lambda t: t.is_over)
    assert schedule.ELECTIONS["expanded"] == [(1, 0), (2, 1), (3, 2), (4, 3), (4, 0), (5, 1), (5, 2)]
    assert [r["board"] for r in s.results] == [0, 1, 2, 3, 0, 1, 2]
    states = [r["state"] for r in s.results]
    assert states[:4] == original
    assert sorted(states[4:]) == sorted(reserve)
    assert len(set(states)) == 7
    assert [e.data["round"] for e in events(s, "round_started")] == [1, 2, 3, 4, 5]
    assert [len(e.data["elections"]) for e in events(s, "round_started")] == [1, 1, 1, 2, 2]
    added = events(s, "state_added")
    assert [(e.data["board"], e.data["election_round"]) for e in added] == [(0, 4), (1, 5), (2, 5)]
    assert [r["presence_value"] for r in s.results] == D.MEDIA_PRESENCE["expanded"]
    assert len(D.MEDIA_PRESENCE["expanded"]) == 7


def test_expanded_income_rounds_one_to_four_donations_one_to_three() -> None:
    """seed 000 四.8, 三.9.3, R13: income after rounds 1 to 4, donations in rounds 1 to 3 only."""
    s = expanded(players=3, seed=4)
    rounds_with_income = []
    rounds_with_donation = set()
    while not s.is_over:
        n = len(events(s, "income"))
        r = s.round
        if s.phase == Phase.DONATION:
            rounds_with_donation.add(r)
        p = s.current_players[0]
        s.apply(p, legal(s, p)[0])
        if len(events(s, "income")) > n:
            rounds_with_income.append(r)
    assert sorted(set(rounds_with_income)) == [1, 2, 3, 4]
    assert len(events(s, "income")) == 4 * 3
    assert rounds_with_donation == {1, 2, 3}


def test_round_four_income_counts_both_elections() -> None:
    """R13: the round-4 income pays the table points of both elections and the base once."""
    s = expanded(players=3, seed=4)
    play_until(s, lambda t: t.round == 4 and t.phase == Phase.PLACE)
    s.votes[3] = [20, 0, 0]
    s.votes[0] = [0, 0, 0]
    s.votes[0][0] = 30
    before = s.money[0]
    base = s.base[0]
    play_until(s, lambda t: t.round == 5)
    r4, r5 = s.results[3], s.results[4]
    income = [e for e in events(s, "income") if e.data["player"] == 0][-1]
    assert income.data["points"] == r4["points"][0] + r5["points"][0] > 0
    assert income.data["amount"] == 1000 * (r4["points"][0] + r5["points"][0] + base)
    assert s.money[0] == before + income.data["amount"]  # passing costs nothing


def test_reserve_state_reveals_by_rounds_to_its_election() -> None:
    """seed 000 四.8, R16: a reserve state enters with 4 face-down cards and shows 4 minus the rounds until
    its election at the start of each round."""
    s = expanded()
    play_until(s, lambda t: t.round == 2 and t.phase == Phase.BID)
    assert s.elec_round[0] == 4
    assert len(s.up[0]) == 2 and len(s.up[0]) + len(s.down[0]) == 4
    assert [len(s.up[b]) for b in (1, 2, 3)] == [4, 3, 2]
    play_until(s, lambda t: t.round == 3 and t.phase == Phase.BID)
    assert [len(s.up[b]) for b in range(4)] == [3, 2, 4, 3]
    play_until(s, lambda t: t.round == 4 and t.phase == Phase.BID)
    assert [len(s.up[b]) for b in range(4)] == [4, 3, 3, 4]
    play_until(s, lambda t: t.round == 5 and t.phase == Phase.BID)
    assert [len(s.up[b]) for b in range(4)] == [0, 4, 4, 0]
    for b in range(4):
        assert len({c >> 1 for c in s.up[b]}) == len(s.up[b])


def test_two_election_round_order() -> None:
    """seed 000 四.8, R30: in round 4 the states resolve from the first election state (board 4)
    clockwise; conversion takes the other states from the one before it counter-clockwise, then both
    election states in election order."""
    s = expanded()
    play_until(s, lambda t: t.round == 4 and t.phase == Phase.PLACE)
    assert s._election_boards(4) == [3, 0]
    assert s._round_order() == [3, 0, 1, 2]
    for p in range(4):
        s.rallies[1][p] = s.rallies[2][p] = 4
        s.rally_res[p] = 20 - 8 - sum(s.rallies[b][p] for b in (0, 3))
    to_exec(s, [])
    play_until(s, lambda t: t.phase == Phase.CONVERT)
    assert s.conv_boards == [2, 1, 3, 0]
    play_until(s, lambda t: t.round == 5)
    assert [r["board"] for r in s.results[3:5]] == [3, 0]
    assert s._election_boards(5) == [1, 2]


def test_expanded_politician_general_secretary() -> None:
    """seed 000 四.8, R28: an expanded politician works like the others (placeholder card: 3 free rallies
    capped by the 8-cube limit, then a secondary action)."""
    s = expanded()
    clear_boards(s)
    make_first(s, 0)
    to_phase(s, Phase.PLACE)
    gs = next(p.index for p in D.POLITICIANS if p.key == "general_secretary")
    s.rallies[1][2] = 6
    s.rally_res[2] = 14
    to_exec(s, [(2, gs, 1)])
    act(s, "pay")
    assert s.money[2] == 30_000 - D.POLITICIANS[gs].cost
    assert s.rallies[1][2] == 8 and s.rally_res[2] == 12
    act(s, "second", 1)
    assert s.votes[1][2] == 4

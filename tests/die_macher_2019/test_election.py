"""Seed 000 三.9 (vote conversion, state election, income and donations, next round) and 四.2, 四.5."""

from __future__ import annotations

from dataclasses import replace

import pytest

from hustings.engine import IllegalActionError
from hustings.games.die_macher_2019 import data as D
from hustings.games.die_macher_2019.actions import A
from hustings.games.die_macher_2019.phases import Phase
from hustings.games.die_macher_2019.rules import DieMacher2019, conversion
from hustings.games.die_macher_2019.rules import election as election_rules

from .conftest import (
    PLAT,
    act,
    clear_boards,
    con,
    election,
    events,
    last,
    legal,
    make_first,
    messages_differ,
    play_until,
    pro,
    round_at,
    started,
    to_phase,
    turn,
)


def at_placement(first: int = 0, players: int = 4) -> DieMacher2019:
    s = started(players)
    clear_boards(s)
    make_first(s, first)
    return to_phase(s, Phase.PLACE)


def pass_to(s: DieMacher2019, phase: str) -> None:
    """First legal actions (passes where there is a choice) up to ``phase``."""
    play_until(s, lambda t: t.phase == phase)


# ---------------------------------------------------------------------------- 三.9.1 conversion


def test_conversion_order_and_non_election_choices() -> None:
    """seed 000 三.9.1, R11: states from the one before the election state counter-clockwise, the election
    state last; outside the election state each player with at least 4 cubes converts 4..all once or
    passes, in turn order from the first player."""
    s = at_placement(first=2)
    s.rallies[1] = [5, 0, 4, 3]
    s.rallies[3] = [0, 8, 0, 4]
    s.rallies[2] = [0, 0, 0, 0]
    s.rallies[0] = [2, 0, 0, 1]
    for p in range(4):
        s.rally_res[p] = 20 - sum(s.rallies[b][p] for b in range(4))
    pass_to(s, Phase.CONVERT)
    assert s.conv_boards == [3, 2, 1, 0]
    # board 3 first: seats 3 (first after 2), then 1
    assert turn(s) == 3
    assert legal(s) == [A("pass"), A("convert", 4)]
    act(s, "convert", 4)
    assert s.rallies[3][3] == 0 and s.rally_res[3] == 20 - 3 - 1
    assert turn(s) == 1
    assert legal(s) == [A("pass")] + [A("convert", k) for k in range(4, 9)]
    act(s, "convert", 6)
    assert s.rallies[3][1] == 2
    # board 1: seat 2 (first), then 0; seat 3 has only 3 cubes there
    assert s.conv_boards[0] == 1
    assert turn(s) == 2
    act(s, "pass")
    assert turn(s) == 0
    with pytest.raises(IllegalActionError):
        act(s, "convert", 6)
    act(s, "convert", 5)
    # election state: everything converted automatically, then the election
    assert s.phase == Phase.DONATION
    conv = [(e.data["board"], e.data["player"], e.data["cubes"]) for e in events(s, "votes_converted")]
    assert conv == [(3, 3, 4), (3, 1, 6), (1, 0, 5), (0, 3, 1), (0, 0, 2)]
    assert messages_differ(last(s, "convert_pass")) is None


def test_election_state_converts_everything_in_turn_order() -> None:
    """seed 000 三.9.1: in the election state every player converts all cubes; no cubes, no conversion."""
    s = at_placement(first=1)
    s.rallies[0] = [3, 0, 8, 1]
    pass_to(s, Phase.DONATION)
    conv = [(e.data["player"], e.data["cubes"]) for e in events(s, "votes_converted")]
    assert conv == [(2, 8), (3, 1), (0, 3)]


@pytest.mark.parametrize(
    "cubes,trend,up,dbl,match,votes",
    [
        (4, 0, [pro(0), pro(1)], -1, 2, 8),
        (4, 1, [pro(0), con(1), pro(5)], -1, 0, 5),  # match 0 counts as 1
        (5, -3, [con(0), con(1)], -1, -2, 2),  # negative match counts as 1
        (2, -3, [pro(0)], -1, 1, 1),  # cubes + trend <= 0 counts as 1
        (4, 2, [pro(0), pro(1), con(2)], 0, 2, 12),  # doubled agreement +2
        (4, 0, [pro(0), pro(1), con(2)], 2, 0, 4),  # doubled disagreement -2
        (8, 3, [pro(0), pro(1), pro(2), pro(3)], 3, 5, 55),
        (6, 0, [pro(5), con(6)], -1, 0, 6),  # other issues: no effect
    ],
)
def test_vote_formula(cubes: int, trend: int, up: list[int], dbl: int, match: int, votes: int) -> None:
    """seed 000 三.9.1, 四.2: votes = max(1, cubes + trend) x max(1, match); match +1 same stance, -1 opposite,
    doubled issue +2/-2; the cubes go back to the reserve."""
    s = round_at(Phase.MEDIA)
    s.platform[1] = list(PLAT)
    s.up[2] = list(up)
    s.dbl[2] = dbl
    s.trend[2][1] = trend
    s.rallies[2][1] = cubes
    s.rally_res[1] = 20 - cubes
    s.votes[2][1] = 7
    assert conversion.match_in(s, 1, 2)[0] == match
    conversion.convert(s, 2, 1, cubes)
    assert s.votes[2][1] == 7 + votes
    assert s.rallies[2][1] == 0 and s.rally_res[1] == 20
    e = last(s, "votes_converted")
    assert {k: e.data[k] for k in ("player", "state", "cubes", "trend", "match", "votes")} == {
        "player": 1, "state": s.board_state[2], "cubes": cubes, "trend": trend, "match": match, "votes": votes}
    assert e.data["total"] == 7 + votes
    messages_differ(e)


# ---------------------------------------------------------------------------- 三.9.2 election


def table(s: DieMacher2019, v: int) -> int:
    return D.STATES[s.results[-1]["state"]].points_for(v) if v >= 5 else 0


def test_single_majority_12_points() -> None:
    """seed 000 三.9.2 case 1, 五.2: one party with 50+ votes wins and gets 12."""
    s, r = election([55, 30, 10, 4])
    assert r["winners"] == [0] and r["coalition"] == []
    assert r["bonus"] == [12, 0, 0, 0]
    assert r["points"] == [table(s, 55), table(s, 30), table(s, 10), 0]
    assert r["points"][0] > r["points"][1] > r["points"][2] > 0
    assert s.vp_elec == r["points"] and s.vp_bonus == [12, 0, 0, 0]
    e = last(s, "election_result")
    assert {"state", "votes", "points", "bonus", "winners", "coalition"} <= set(e.data)
    assert e.data["votes"] == [55, 30, 10, 4]
    messages_differ(e)


def test_five_vote_minimum_for_table_points() -> None:
    """seed 000 三.9.2, 五.2: below 5 votes no table points; from 5 the state card's table applies."""
    _, r = election([4, 5, 9, 10])
    card = D.STATES[r["state"]]
    assert r["points"][0] == 0
    assert r["points"][1] == card.table[0][1] > 0
    assert r["points"][2] == card.table[0][1]
    assert r["points"][3] == card.table[1][1]
    assert card.table[0][0] == D.BONUS["min_votes_for_points"] == 5


def test_five_vote_minimum_even_if_a_table_started_lower() -> None:
    """seed 000 三.9.2, 五.2: the 5-vote minimum is a rule, not only a property of the printed tables."""
    assert all(c.table[0][0] >= 5 for c in D.STATES)
    cheap = [replace(c, table=((1, 1), *c.table)) for c in D.STATES]
    _, r = election([4, 1, 5, 0], setup=lambda s: setattr(s, "data", s.data.replace(STATES=cheap)))
    assert r["points"][0] == r["points"][1] == 0
    assert r["points"][2] == cheap[r["state"]].points_for(5) > 0


def test_points_follow_the_state_card() -> None:
    """seed 000 三.9.2: each state card has its own table; large states score more."""
    big = max(D.STATES, key=lambda c: c.max_points)
    small = min(D.STATES, key=lambda c: c.max_points)
    assert big.size == "large" and small.size == "small"
    assert big.points_for(45) == big.max_points and small.points_for(45) == small.max_points
    assert big.points_for(25) > small.points_for(25)
    assert big.points_for(4) == 0


def test_several_majorities_10_each_most_votes_wins() -> None:
    """seed 000 三.9.2 case 2, 五.2: every party with 50+ gets 10; the most votes wins."""
    _, r = election([60, 50, 49, 0])
    assert r["bonus"] == [10, 10, 0, 0]
    assert r["winners"] == [0]


def test_several_majorities_tied_top_all_win() -> None:
    """seed 000 三.9.2 case 2: tied top parties are all winners (and all move a media marker)."""

    def setup(t: DieMacher2019) -> None:
        t.media[0] = [1, 1, 1, 0]

    s, r = election([55, 55, 50, 0], setup)
    assert r["bonus"] == [10, 10, 10, 0]
    assert r["winners"] == [0, 1]
    assert r["media_presence"] == [0, 1]
    assert s.presence[:3] == [[0], [0], []]


def test_coalition_partner_with_most_shared_program_cards() -> None:
    """seed 000 三.9.2 case 3, R12: no majority: the leader allies with the party whose program shares the
    most cards (issue and stance) among those reaching 50 together; both get 7."""

    def setup(t: DieMacher2019) -> None:
        t.platform[0] = list(PLAT)
        t.platform[1] = [pro(0), con(1), con(2), con(3), pro(5)]  # shares 1
        t.platform[2] = [pro(0), pro(1), pro(2), con(3), con(4)]  # shares 3
        t.platform[3] = [pro(0), pro(1), pro(2), pro(3), pro(4)]  # shares 5 but 40 + 5 < 50

    _, r = election([40, 15, 10, 5], setup)
    assert r["coalition"] == [0, 2]
    assert sorted(r["winners"]) == [0, 2]
    assert r["bonus"] == [7, 0, 7, 0]


def test_coalition_tie_goes_to_nearest_first_player() -> None:
    """seed 000 三.9.2 case 3, R12: equal matches: the candidate nearest the first player (clockwise)."""

    def setup(t: DieMacher2019) -> None:
        for p in range(4):
            t.platform[p] = list(PLAT)

    _, r = election([10, 40, 10, 10], setup, first=3)
    assert r["coalition"] == [1, 3]
    _, r = election([10, 40, 10, 10], setup, first=2)
    assert r["coalition"] == [1, 2]


def test_coalition_leader_tie_nearest_first_player() -> None:
    """seed 000 三.9.2 case 3: tied leaders: the first player or the tied one nearest after them leads."""

    def setup(t: DieMacher2019) -> None:
        t.platform[0] = [con(0), con(1), pro(2), pro(3), pro(4)]  # shares 2 with seat 2, 3 with seat 1
        t.platform[1] = list(PLAT)  # shares 0 with seat 2
        t.platform[2] = [con(0), con(1), con(2), con(3), con(4)]
        t.platform[3] = [con(0), con(1), con(2), con(3), con(4)]  # shares 5 with 2, but 30 + 0 < 50

    _, r = election([30, 20, 30, 0], setup, first=1)
    assert r["coalition"] == [2, 0]  # leader 2 (nearest after 1) prefers 0 (2 shared) to 1 (0 shared)
    _, r = election([30, 20, 30, 0], setup, first=0)
    assert r["coalition"] == [0, 1]  # leader 0 prefers 1 (3 shared) to 2 (2 shared)


def test_no_coalition_possible_plurality_5() -> None:
    """seed 000 三.9.2, 五.2: no pair reaches 50: the party with most votes gets 5 and wins."""

    def setup(t: DieMacher2019) -> None:
        t.media[0] = [0, 2, 0, 0]

    _, r = election([30, 19, 10, 0], setup)
    assert r["bonus"] == [0 + 5, 0, 0, 0]
    assert r["winners"] == [0] and r["coalition"] == []
    # 0 has no marker there; 1 controls the media and is not a winner: 1 moves a marker
    assert r["media_presence"] == [1]


def test_winner_moves_a_media_marker_to_presence() -> None:
    """seed 000 三.9.2 case 1, 四.3, R14: the winner with a media marker in the state moves one to the media
    presence space of this election; the state's media controller outside the winners moves one too."""

    def setup(t: DieMacher2019) -> None:
        t.media[0] = [1, 0, 3, 1]
        t.media_res[0] -= 1
        t.media_res[2] -= 3
        t.media_res[3] -= 1

    s, r = election([70, 0, 10, 0], setup)
    assert r["media_presence"] == [0, 2]
    assert r["presence_value"] == D.MEDIA_PRESENCE["standard"][0] == 6
    assert s.presence == [[0], [], [0], []]
    # R15: the other markers go back to their owners
    assert s.media_res == [3, 4, 3, 4]


def test_winner_without_marker_moves_nothing_controller_winner_moves_once() -> None:
    """seed 000 三.9.2, R14: no marker in the state, no presence; a winner who controls moves only one."""

    def setup(t: DieMacher2019) -> None:
        t.media[0] = [2, 1, 0, 0]

    s, r = election([70, 0, 10, 0], setup)
    assert r["media_presence"] == [0]
    assert s.presence[0] == [0] and s.presence[1] == []
    _, r = election([0, 70, 10, 0], lambda t: t.media.__setitem__(0, [0, 0, 0, 0]))
    assert r["media_presence"] == []


def test_coalition_partners_both_move_markers() -> None:
    """seed 000 三.9.2 case 3: each coalition party with a marker in the state moves one."""

    def setup(t: DieMacher2019) -> None:
        t.media[0] = [1, 1, 0, 0]

    _, r = election([30, 25, 0, 0], setup)
    assert r["coalition"] == [0, 1]
    assert r["media_presence"] == [0, 1]


def test_state_leaves_the_game_after_its_election() -> None:
    """seed 000 三.9.4, R15: the elected state leaves with its markers: cubes and media markers back to their
    owners, the double marker back to the supply, opinions to the discard pile."""

    def setup(t: DieMacher2019) -> None:
        t.rallies[0] = [2, 0, 0, 0]
        t.rally_res[0] = 18
        t.media[0] = [0, 1, 1, 0]
        t.media_res[1] = t.media_res[2] = 3
        t.dbl[0] = t.up[0][0] >> 1
        t.double_supply = 3

    s = round_at(Phase.MEDIA)
    setup(s)
    up = list(s.up[0])
    disc = len(s.op_disc)
    election_rules.election(s, 0)
    assert s.board_state[0] == -1
    assert s.rally_res == [20] * 4 and s.media_res == [4] * 4
    assert s.dbl[0] == -1 and s.double_supply == 4
    assert s.op_disc[disc:] == up and s.up[0] == [] and s.down[0] == []
    assert s.votes[0] == [0] * 4 and s.trend[0] == [0] * 4


# ---------------------------------------------------------------------------- 三.9.3 income


def test_income_table_points_and_base_not_bonus() -> None:
    """seed 000 三.9.3: after the election, 1,000 € per table point (not the bonus) and per base point."""
    s = at_placement(first=0)
    s.votes[0] = [55, 20, 0, 7]
    s.base = [10, 4, 0, 13]
    before = list(s.money)
    pass_to(s, Phase.DONATION)
    r = s.results[-1]
    assert r["bonus"][0] == 12
    for p in range(4):
        assert s.money[p] == before[p] + 1000 * r["points"][p] + 1000 * s.base[p]
    inc = events(s, "income")
    assert [e.data["amount"] for e in inc] == [1000 * (r["points"][p] + s.base[p]) for p in range(4)]
    messages_differ(inc[0])


@pytest.mark.parametrize("card,amount,acc,ref", [(0, 10_000, -1, 1), (1, 20_000, -2, 3), (2, 30_000, -3, 5)])
def test_donation_accept_or_refuse(card: int, amount: int, acc: int, ref: int) -> None:
    """seed 000 三.9.3: accept 10/20/30 thousand for base -1/-2/-3, or refuse for +1/+3/+5."""
    d = D.DONATIONS[card]
    assert (d.amount, d.accept_base, d.refuse_base) == (amount, acc, ref)
    s = at_placement(first=1)
    pass_to(s, Phase.DONATION)
    assert turn(s) == 1
    money, base = list(s.money), list(s.base)
    options = legal(s)
    assert set(options) == {A("pass")} | {A("donate", c, x) for c in range(3) for x in (0, 1)}
    act(s, "donate", card, 1)
    assert s.money[1] == money[1] + amount and s.base[1] == base[1] + acc
    assert turn(s) == 2
    act(s, "donate", card, 0)
    assert s.money[2] == money[2] and s.base[2] == base[2] + ref
    e = last(s, "donation")
    assert e.data == {"player": 2, "amount": amount, "accepted": False, "base_change": ref}
    messages_differ(e)


def test_donation_each_card_once_in_turn_order() -> None:
    """seed 000 三.9.3, R24: in turn order from the first player; each card is decided once per game."""
    s = at_placement(first=3)
    pass_to(s, Phase.DONATION)
    order = []
    while s.phase == Phase.DONATION:
        order.append(turn(s))
        act(s, "donate", 2, 1) if turn(s) == 0 else act(s, "pass")
    assert order == [3, 0, 1, 2]
    pass_to(s, Phase.DONATION)
    assert s.round == 2
    play = []
    while s.phase == Phase.DONATION:
        p = turn(s)
        play.append(p)
        if p == 0:
            assert A("donate", 2, 1) not in legal(s) and A("donate", 2, 0) not in legal(s)
            assert A("donate", 1, 0) in legal(s)
        act(s, "pass")
    assert len(play) == 4


def test_donation_base_never_below_zero() -> None:
    """R24: the party base does not go below 0."""
    s = at_placement(first=0)
    pass_to(s, Phase.DONATION)
    s.base[0] = 1
    act(s, "donate", 2, 1)
    assert s.base[0] == 0


# ---------------------------------------------------------------------------- 三.9.4 next round


def test_next_round_preparation() -> None:
    """seed 000 三.9.4, R16: the elected state is gone; each remaining state reveals one more opinion
    (no duplicate issue); the program display is replaced by new cards; the next state votes."""
    s = at_placement(first=0)
    s.prog_display = list(s.prog_display)
    pass_to(s, Phase.DONATION)
    old_display = list(s.prog_display)
    ups = [len(s.up[b]) for b in range(4)]
    assert ups[0] == 0 and ups[1:] == [3, 2, 1]
    deck_top = list(reversed(s.prog_deck[-5:]))
    pass_to(s, Phase.BID)
    assert s.round == 2
    assert s.board_state[0] == -1
    assert [len(s.up[b]) for b in range(1, 4)] == [4, 3, 2]
    for b in range(1, 4):
        issues = [c >> 1 for c in s.up[b]]
        assert len(set(issues)) == len(issues)
    assert s.prog_display == deck_top
    assert s.prog_disc[-5:] == old_display
    assert s._election_boards(2) == [1]
    assert last(s, "round_started").data["elections"] == [s.board_state[1]]


def test_no_income_or_donation_after_last_election() -> None:
    """seed 000 三.9.3, 五.1: after the 4th election, no income and no donation; the game ends."""
    s = at_placement(first=0)
    play_until(s, lambda t: t.round == 4 and t.phase == Phase.PLACE)
    s.votes[3] = [30, 0, 0, 0]
    before = list(s.money)
    n_income = len(events(s, "income"))
    play_until(s, lambda t: t.is_over or t.phase == Phase.DONATION)
    assert s.is_over
    assert len(events(s, "income")) == n_income == 12
    assert s.money == before
    assert s.elections_done == 4 and len(s.results) == 4

"""Seed 000 section 五 (end of game and scoring) and 四.1, 四.5, 四.7 (trend, rallies, standard mode)."""

from __future__ import annotations

import pytest

from hustings.games.die_macher_2019 import data as D
from hustings.games.die_macher_2019.actions import A
from hustings.games.die_macher_2019.phases import Phase
from hustings.games.die_macher_2019.rules import DieMacher2019, scoring

from .conftest import (
    VICE_CHAIR,
    act,
    events,
    exec_game,
    last,
    legal,
    messages_differ,
    play_until,
    round_at,
    started,
)

COMPONENTS = ("election_points", "election_bonus", "media_presence", "party_base", "money_rank")


def final(money: list[int], **fields: list) -> DieMacher2019:  # type: ignore[type-arg]
    s = round_at(Phase.MEDIA, players=len(money))
    s.money = list(money)
    for k, v in fields.items():
        setattr(s, k, v)
    scoring.final_scoring(s)
    s._settle()  # the rule function called directly, not through apply: set whose turn it is as apply does
    return s


# ------------------------------------------------------------------------------------ 五 scoring


def test_final_score_components_and_total() -> None:
    """seed 000 五.2 to 五.6: total = election points + election bonuses + media presence + party base +
    money rank."""
    s = final(
        [40_000, 12_000, 31_000, 5_000],
        vp_elec=[20, 14, 9, 0],
        vp_bonus=[12, 17, 0, 5],
        presence=[[0, 2], [1], [], [3]],
        base=[18, 7, 0, 11],
    )
    pres = D.MEDIA_PRESENCE["standard"]
    assert pres == [6, 5, 4, 3]
    want = [
        {"election_points": 20, "election_bonus": 12, "media_presence": 6 + 4, "party_base": 18, "money_rank": 6},
        {"election_points": 14, "election_bonus": 17, "media_presence": 5, "party_base": 7, "money_rank": 0},
        {"election_points": 9, "election_bonus": 0, "media_presence": 0, "party_base": 0, "money_rank": 3},
        {"election_points": 0, "election_bonus": 5, "media_presence": 3, "party_base": 11, "money_rank": 0},
    ]
    for w in want:
        w["total"] = sum(w[k] for k in COMPONENTS)
    assert s.scores() == want
    assert s.phase == Phase.OVER and s.is_over
    e = last(s, "final_scores")
    assert e.data["scores"] == want
    assert e.data["money"] == [40_000, 12_000, 31_000, 5_000]
    messages_differ(e)
    assert s.winners() == [0]
    assert all(legal_empty(s, p) for p in range(4))


def legal_empty(s: DieMacher2019, p: int) -> bool:
    return s.legal_actions(p) == []


def test_party_base_one_point_each() -> None:
    """seed 000 五.4: party base 18 scores 18 points."""
    s = final([0, 0, 0], base=[18, 0, 3])
    assert [r["party_base"] for r in s.scores()] == [18, 0, 3]


@pytest.mark.parametrize(
    "money,points",
    [
        ([50, 40, 30, 20], [6, 3, 0, 0]),
        ([50, 40, 40, 10], [6, 3, 3, 0]),  # tied second: 3 each
        ([50, 50, 40, 10], [6, 6, 0, 0]),  # tied first: 6 each, no second place
        ([10, 10, 10, 10], [6, 6, 6, 6]),
        ([0, 7, 7, 7], [0, 6, 6, 6]),
        ([1, 0, 0, 0], [6, 3, 3, 3]),
    ],
)
def test_money_rank(money: list[int], points: list[int]) -> None:
    """seed 000 五.5, R23: most money 6, second most 3; ties share; a tie for first leaves no second."""
    s = final([1000 * m for m in money])
    assert [r["money_rank"] for r in s.scores()] == points
    assert D.MONEY_RANK_POINTS == [6, 3]


def test_tied_totals_all_win() -> None:
    """seed 000 五.7: equal best totals share the victory."""
    s = final([10_000, 10_000, 0], base=[5, 5, 3])
    assert s.scores()[0]["total"] == s.scores()[1]["total"] == 11
    assert s.winners() == [0, 1]


def test_standard_game_four_rounds_four_elections() -> None:
    """seed 000 三, 四.7, 五.1: 4 rounds, one election each in ballot-box order, then the final scoring."""
    s = started(4, seed=5)
    play_until(s, lambda t: t.is_over)
    assert [r["board"] for r in s.results] == [0, 1, 2, 3]
    assert [e.data["round"] for e in events(s, "round_started")] == [1, 2, 3, 4]
    assert len(events(s, "election_result")) == 4
    assert s.elections_done == 4 and s.round == 4
    assert all(st == -1 for st in s.board_state)
    assert len(events(s, "final_scores")) == 1
    for row in s.scores():
        assert row["total"] == sum(row[k] for k in COMPONENTS)
    assert sorted(r["presence_value"] for r in s.results) == [3, 4, 5, 6]


# ------------------------------------------------------------------------------- 四.1 trend (R1)


def test_trend_stays_within_minus_three_plus_three() -> None:
    """seed 000 四.1, R1: trend is -3..+3; changes beyond the ends are lost."""
    s = round_at(Phase.MEDIA)
    s._add_trend(1, 0, 5)
    assert s.trend[1][0] == 3
    s._add_trend(1, 0, -2)
    assert s.trend[1][0] == 1
    s._add_trend(1, 0, -9)
    assert s.trend[1][0] == -3
    assert s.trend[2][0] == 0  # each state separately
    assert (D.TREND_MIN, D.TREND_MAX) == (-3, 3)


def test_trend_raise_at_top_is_lost() -> None:
    """seed 000 四.1, R1: a vice-chair at trend +3 leaves it at +3."""

    def setup(t: DieMacher2019) -> None:
        t.trend[1][2] = 3

    s = exec_game([(2, VICE_CHAIR, 1)], setup=setup)
    act(s, "pay")
    assert s.trend[1][2] == 3


# --------------------------------------------------------------------------------- 四.5 rallies


def test_converted_cubes_return_and_can_be_bought_again() -> None:
    """seed 000 三.4, 四.5: cubes converted go back to the reserve and can be used in later rounds; a state
    at 8 cubes takes more only after a conversion."""
    s = round_at(Phase.RALLY, first=0)
    s.money[0] = 100_000
    act(s, "rally", 2, 8)
    assert s.rally_res[0] == 12
    play_until(s, lambda t: t.phase == Phase.CONVERT and t.conv_boards[0] == 2)
    assert legal(s, 0)[-1] == A("convert", 8)
    act(s, "convert", 8, p=0)
    assert s.rally_res[0] == 20 and s.rallies[2][0] == 0
    play_until(s, lambda t: t.round == 2 and t.phase == Phase.RALLY and t.current_players == (0,))
    s.money[0] = 100_000
    assert s.rally_res[0] == 20
    assert A("rally", 2, 8) in legal(s, 0)

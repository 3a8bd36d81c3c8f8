"""Seed 000 三.9.1 worked example: 6 rallies, trend +2, program match 3 -> (6 + 2) x 3 = 24 votes."""

from __future__ import annotations

from hustings.games.die_macher_2019.actions import A
from hustings.games.die_macher_2019.phases import Phase
from hustings.games.die_macher_2019.rules import DieMacher2019, conversion

from .conftest import (
    PLAT,
    act,
    clear_boards,
    con,
    last,
    legal,
    make_first,
    messages_differ,
    play_until,
    pro,
    round_at,
    started,
    to_phase,
)


def example(s: DieMacher2019, b: int, p: int) -> None:
    s.platform[p] = list(PLAT)
    s.up[b] = [pro(0), pro(1), pro(2), con(6)]  # three agreements, one issue not on the platform
    s.trend[b][p] = 2
    s.rallies[b][p] = 6
    s.rally_res[p] = 14


def test_worked_example_direct() -> None:
    """seed 000 三.9.1 example: (6 rallies + trend 2) x match 3 = 24 votes."""
    s = round_at(Phase.MEDIA)
    example(s, 1, 3)
    assert conversion.match_in(s, 3, 1)[0] == 3
    conversion.convert(s, 1, 3, 6)
    assert s.votes[1][3] == 24
    e = last(s, "votes_converted")
    assert (e.data["cubes"], e.data["trend"], e.data["match"], e.data["votes"]) == (6, 2, 3, 24)
    messages_differ(e)
    for lang in ("zh-Hans", "zh-Hant", "en"):
        assert "24" in e.message(lang)


def test_worked_example_in_play_outside_the_election_state() -> None:
    """seed 000 三.9.1 example, played: the player converts all 6 cubes in a non-election state."""
    s = started(4)
    clear_boards(s)
    make_first(s, 0)
    to_phase(s, Phase.PLACE)
    example(s, 2, 1)
    play_until(s, lambda t: t.phase == Phase.CONVERT)
    assert s.conv_boards[0] == 2 and s.current_players == (1,)
    assert legal(s)[-1] == A("convert", 6)
    act(s, "convert", 6)
    assert s.votes[2][1] == 24 and s.rallies[2][1] == 0 and s.rally_res[1] == 20


def test_worked_example_in_the_election_state_with_a_double() -> None:
    """seed 000 三.9.1 example with 四.2: a doubled agreement (+2) and one more agreement also make match 3;
    the election state converts automatically and the 24 votes count in the election."""
    s = started(4)
    clear_boards(s)
    make_first(s, 0)
    to_phase(s, Phase.PLACE)
    s.platform[0] = list(PLAT)
    s.up[0] = [pro(0), pro(1), con(5), pro(6)]
    s.dbl[0] = 0
    s.double_supply = 3
    s.trend[0][0] = 2
    s.rallies[0][0] = 6
    s.rally_res[0] = 14
    play_until(s, lambda t: t.phase == Phase.DONATION)
    e = last(s, "votes_converted")
    assert (e.data["player"], e.data["cubes"], e.data["trend"], e.data["match"], e.data["votes"]) == (0, 6, 2, 3, 24)
    assert s.results[0]["votes"][0] == 24

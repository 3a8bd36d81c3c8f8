"""Seed 004 多人遊戲 5. 宣佈當選: one card one vote; a sole top player wins (鬼島之王); two share the win (南霸天,
北霸天); three or more tied at the top: everyone loses."""

from __future__ import annotations

from hustings.games.election_war.phases import Phase

from .conftest import campaigning


def ended(won: list[int]):  # type: ignore[no-untyped-def]
    s = campaigning(len(won))
    s.won_roles = [list(range(k)) for k in won]
    s.won_districts = [[] for _ in won]
    s.phase = Phase.OVER
    return s


def test_one_card_one_vote() -> None:
    s = campaigning(3)
    s.won_roles = [[1, 2], [], [3]]
    s.won_districts = [[4], [5], []]
    assert s.votes() == [3, 1, 1]
    assert [x["total"] for x in s.scores()] == [3, 1, 1]


def test_sole_top_player_wins() -> None:
    out = ended([3, 5, 1, 0]).outcome()
    assert out.winners == (1,) and out.detail["title"] == "king"
    assert out.utilities[1] == 1.0


def test_two_tied_at_the_top_share_the_win() -> None:
    out = ended([4, 2, 4, 1]).outcome()
    assert out.winners == (0, 2) and out.detail["title"] == "north_south"
    assert out.win_share(0) == 0.5


def test_three_or_more_tied_at_the_top_everyone_loses() -> None:
    out = ended([2, 2, 0, 2]).outcome()
    assert out.winners == () and not out.won
    assert out.utilities == (-1.0,) * 4 and out.detail["title"] == "none"


def test_nobody_elected_in_a_two_player_game_is_a_shared_win() -> None:
    out = ended([0, 0]).outcome()
    assert out.winners == (0, 1)


def test_most_cards_win_without_more_than_half_of_the_districts() -> None:
    """Ruling R21 (seed 004 5. decides; the story's 「控制超過一半的選區」 is not required): three role cards and no
    district beat a role card with its district: nobody needs more than half of the districts."""
    s = campaigning(3)
    s.won_roles = [[1, 2, 3], [4], []]
    s.won_districts = [[], [0], []]
    s.phase = Phase.OVER
    out = s.outcome()
    assert out.winners == (0,) and out.detail["title"] == "king"


def test_more_than_half_of_the_districts_always_wins() -> None:
    """Ruling R21: a district card comes only with its row's winner (seed 004 4.), so whoever holds four or more of
    the six districts has the most cards and wins alone; checked over random games at several counts."""
    import random

    import hustings

    seen = 0
    for n in (2, 3, 4):
        for seed in range(40):
            s = hustings.make("election-war", players=n, seed=seed)
            r = random.Random(seed)
            while not s.is_over:
                p = s.current_players[0]
                s.apply(p, r.choice(s.legal_actions(p)))
            holders = [p for p in range(n) if len(s.won_districts[p]) * 2 > 6]
            for p in holders:
                seen += 1
                assert s.outcome().winners == (p,)
    assert seen > 0

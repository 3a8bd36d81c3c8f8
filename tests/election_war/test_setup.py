"""Seed 004 多人遊戲 1. 準備選舉, and who starts (ruling R1)."""

from __future__ import annotations

from collections import Counter

import pytest

import hustings
from hustings.games.election_war import data as D
from hustings.games.election_war.phases import Phase

from .conftest import GAME, new_game


@pytest.mark.parametrize("players", [2, 4, 10, 15])
def test_six_district_cards_of_different_cities(players: int) -> None:
    """Seed 004 1.: six green cards of different cities, top to bottom; the rest stay out of play (R2)."""
    for seed in range(20):
        s = new_game(players, seed)
        assert len(s.rows) == D.ROWS
        assert len({D.DISTRICTS[d].city for d in s.rows}) == D.ROWS
        assert sorted(s.rows + s.district_pool) == list(range(len(D.DISTRICTS)))


@pytest.mark.parametrize("players", [2, 7, 15])
def test_role_deal_one_red_two_blue_three_yellow(players: int) -> None:
    """Seed 004 1.: every player is dealt one red, two blue and three yellow role cards."""
    s = new_game(players, seed=3)
    for hand in s.role_hand:
        frames = Counter(D.FRAMES[D.ROLES[c].frame] for c in hand)
        assert frames == {"red": 1, "blue": 2, "yellow": 3}
    dealt = [c for h in s.role_hand for c in h]
    assert len(set(dealt)) == len(dealt) == 6 * players
    assert sorted(dealt + s.role_pool) == list(range(len(D.ROLES)))


def test_news_deck_shuffled_face_down_with_an_empty_discard_pile() -> None:
    """Seed 004 1.: the news deck is shuffled face down, with room for a discard pile."""
    a, b = new_game(seed=1), new_game(seed=2)
    assert sorted(a.deck) == sorted(D.NEWS_DECK) and a.discard == [] and all(h == [] for h in a.hands)
    assert a.deck != b.deck
    assert len(D.NEWS_DECK) == 120


def test_first_player_is_the_chosen_seat_or_drawn() -> None:
    """Seed 004 3. (the youngest player starts every round), ruling R1: a chosen seat, else drawn at random."""
    assert new_game(5, seed=1, first=3).first == 3
    drawn = {new_game(5, seed=k, first=None).first for k in range(40)}
    assert drawn == set(range(5))
    with pytest.raises(ValueError, match="first_player"):
        hustings.make(GAME, players=3, seed=1, first_player=3)
    with pytest.raises(ValueError, match="first_player"):
        hustings.make(GAME, players=3, seed=1, first_player=True)
    with pytest.raises(ValueError, match="unknown option"):
        hustings.make(GAME, players=3, seed=1, youngest=1)


def test_first_player_option_is_recorded_and_replays() -> None:
    """Ruling R1: the chosen seat is part of the record, so a replay starts from the same seat."""
    s = new_game(4, seed=9, first=2)
    rec = s.record()
    assert rec["options"]["first_player"] == 2
    assert hustings.replay(rec).first == 2


def test_game_starts_with_the_declaration_for_everyone() -> None:
    """Seed 004 2.: the game opens with every player declaring at the same time."""
    s = new_game(6)
    assert s.phase is Phase.DECLARE
    assert s.current_players == tuple(range(6))

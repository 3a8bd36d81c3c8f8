"""Die Macher classic's house rules (issue 29): changes reach what the rules read and what a seat sees."""

from __future__ import annotations

import hustings
from playout import play_out as _play_out


def test_money_and_members_at_the_start_are_what_the_rules_say() -> None:
    s = hustings.make("die-macher", players=3, seed=4, rules={"start_money": 40_000, "start_members": 9})
    view = s.view(0)
    me = view["players"][0]
    assert me["money"] == 40_000 and me["members"] == 9
    printed = hustings.make("die-macher", players=3, seed=4).view(0)["players"][0]
    assert printed["money"] == 25_000 and printed["members"] == 5


def test_a_shorter_game_ends_after_its_rounds_and_scores_its_media_points() -> None:
    s = _play_out(hustings.make("die-macher", players=3, variant="short", seed=6,
                                rules={"rounds.short": 3, "media_points": [40, 30, 20, 1, 1, 1, 1]}), 6)
    assert s.view(None)["round"] <= 3
    long = _play_out(hustings.make("die-macher", players=3, variant="short", seed=6), 6)
    assert long.view(None)["round"] == 5 and s.step_count < long.step_count


def test_members_bonus_scores_as_set() -> None:
    s = _play_out(hustings.make("die-macher", players=3, seed=8, rules={"members_bonus": [0, 0],
                                                                         "member_score": "bonus"}), 8)
    assert all(t["members"] == 0 for t in s.scores())

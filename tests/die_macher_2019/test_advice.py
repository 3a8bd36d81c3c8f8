"""The tutorial's hints for die-macher-2019 (issue 24.4): the heuristic's advice is the action it chooses, with a
reason in every language filled with the numbers of its evaluation."""

from __future__ import annotations

from advice_check import check_games, check_source_reasons

GAME = "die-macher-2019"


def test_advice_is_the_heuristic_choice_with_its_reason_in_every_language() -> None:
    seen = check_games(GAME, range(4))
    assert len(seen) >= 3, seen  # several rules gave reasons, not one canned text


def test_every_reason_the_heuristic_can_give_has_words_in_every_language() -> None:
    check_source_reasons(GAME)

"""A search bot keeps to a wall-clock bound per move when given one (``IsmctsBot.deadline_s``: a server's
Limits.search_move_s), even before the few iterations its level's time limit always allows; without one, a search
is as it was (labs stay reproducible)."""

from __future__ import annotations

import time

import pytest

import hustings
from hustings.bots import IsmctsBot, make_bot
from hustings.bots.runner import ask

DM = "die-macher-2019"


def _clock_jumping(monkeypatch: pytest.MonkeyPatch, step: float) -> None:
    now = [time.perf_counter()]

    def jump() -> float:
        now[0] += step
        return now[0]

    monkeypatch.setattr(time, "perf_counter", jump)


def _decide(bot: IsmctsBot) -> int:
    s = hustings.make(DM, seed=4, players=4)
    seat = s.current_players[0]
    legal = s.legal_actions(seat)
    assert len(legal) > 1
    action = ask(bot, s, seat, legal)
    assert action in legal
    return bot.last_iterations


def test_the_deadline_stops_the_search_even_before_the_levels_few_iterations(monkeypatch: pytest.MonkeyPatch) -> None:
    _clock_jumping(monkeypatch, 0.5)
    timed = make_bot("ismcts:hard", DM, 1, clock=True)
    assert isinstance(timed, IsmctsBot)
    timed.deadline_s = 1.2
    assert _decide(timed) < 8  # the level's clock alone always makes 8
    cut = make_bot("ismcts:hard", DM, 1, clock=True)
    assert isinstance(cut, IsmctsBot)
    cut.deadline_s = 0.1
    assert _decide(cut) == 0  # past its bound at once: the hint stands, no search at all


def test_without_a_deadline_nothing_changes() -> None:
    plain = make_bot("ismcts:easy", DM, 3)
    bounded = make_bot("ismcts:easy", DM, 3)
    assert isinstance(plain, IsmctsBot) and isinstance(bounded, IsmctsBot)
    bounded.deadline_s = 3600.0
    s = hustings.make(DM, seed=4, players=4)
    seat = s.current_players[0]
    assert ask(plain, s, seat, s.legal_actions(seat)) == ask(bounded, s, seat, s.legal_actions(seat))
    assert plain.last_iterations == bounded.last_iterations == plain.iterations

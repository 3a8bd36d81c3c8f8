"""Turn-based play over days (issue 25, point 4) in the table core: clocks of hours or days a move, and at such a
table nobody goes to a stand-in before their own clock runs out (at a table of seconds or minutes, a person away
past the grace period does, as before)."""

from __future__ import annotations

import pytest

import hustings
from hustings.table.clock import DAYS_CLOCK_S, MAX_SECONDS, ClockError, ClockSettings
from hustings.table.core import Table

GAME = "palace-escape"
DAY = 86_400.0


def _table(clock: dict[str, float | str], **kwargs: object) -> Table:
    return Table(hustings.make(GAME, seed=3), [None], clock=ClockSettings.from_json(clock), started_at=0.0,
                 grace_s=30.0, **kwargs)  # type: ignore[arg-type]


def test_clocks_of_hours_and_days_are_accepted_up_to_two_weeks_and_past_it_refused() -> None:
    for turn_s in (3_600, DAY, 3 * DAY, MAX_SECONDS):
        assert ClockSettings.from_json({"mode": "turn", "turn_s": turn_s}).turn_s == turn_s
    assert ClockSettings.from_json({"mode": "bank", "bank_s": 7 * DAY, "increment_s": DAY}).bank_s == 7 * DAY
    for bad in (MAX_SECONDS + 1, 1e18, float("inf"), -1):
        with pytest.raises(ClockError, match=r"clock\.turn_s must be a number of seconds from 0 to 1209600"):
            ClockSettings.from_json({"mode": "turn", "turn_s": bad})


def test_a_clock_of_an_hour_or_more_a_move_is_a_clock_over_days() -> None:
    assert ClockSettings.from_json({"mode": "turn", "turn_s": DAYS_CLOCK_S}).over_days
    assert ClockSettings.from_json({"mode": "bank", "bank_s": 3 * DAY}).over_days
    assert not ClockSettings.from_json({"mode": "turn", "turn_s": 600}).over_days
    assert not ClockSettings.from_json({"mode": "bank", "bank_s": 1_800, "increment_s": 3_600}).over_days
    assert not ClockSettings().over_days
    assert not _table({"mode": "turn", "turn_s": DAY}).stand_in_when_away
    assert _table({"mode": "turn", "turn_s": 60}).stand_in_when_away
    assert _table({"mode": "none"}).stand_in_when_away
    # a table setting: derived from the clock unless an interface says otherwise
    assert _table({"mode": "turn", "turn_s": DAY}, stand_in_when_away=True).stand_in_when_away


def test_at_a_table_of_a_day_a_move_an_absent_person_keeps_the_seat_until_their_own_clock_runs_out() -> None:
    table = _table({"mode": "turn", "turn_s": DAY})
    seat = table.to_act[0]
    table.seat_left(seat, now=10.0)  # the browser closed: gone for the night
    for now in (41.0, 3_600.0, DAY - 1):
        assert not table.is_away(seat, now) and not table.replaced_by_bot(seat, now)
        assert table.bot_turn(now=now) is None and not table.bot_due(now)
        assert table.next_actor(now) == seat
    # the only time who plays changes by itself is the end of the person's day, not the grace period
    assert table.next_wakeup(now=11.0) == pytest.approx(DAY)
    turn = table.bot_turn(now=DAY + 1)  # the day is over: now a stand-in plays this move
    assert turn is not None and turn.seat == seat and turn.stand_in
    assert table.replaced_by_bot(seat, DAY + 1)
    assert not table.seat_back(seat, now=DAY + 2)  # no grace period ran out: only the clock did


def test_at_a_table_of_a_minute_a_move_an_absent_person_is_replaced_after_the_grace_period_as_before() -> None:
    table = _table({"mode": "turn", "turn_s": 60})
    seat = table.to_act[0]
    table.seat_left(seat, now=10.0)
    assert table.next_wakeup(now=11.0) == pytest.approx(40.0)  # grace 30 s
    assert table.bot_turn(now=39.0) is None
    turn = table.bot_turn(now=41.0)
    assert turn is not None and turn.seat == seat and turn.stand_in and table.is_away(seat, 41.0)
    assert table.seat_back(seat, now=42.0)

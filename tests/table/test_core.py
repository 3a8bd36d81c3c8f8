"""The table core (hustings.table.core.Table): the one place that checks a seat's turn and step, applies, stores and
takes moves back, under the terminal, the server and the lab alike.

The stale-step rule: an act sent at an older step is taken when the seat is to act and what it sees has not changed
since that step (someone else moved on a simultaneous step), others' progress aside where the game names it (its
``decision`` adapter: tests/table/test_stale_step.py); an act whose seat's view did change is refused with
``stale_step``, one line naming both steps, and nothing of it is applied or stored.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

import hustings
from hustings.server import store as server_store
from hustings.table import FileStore, Match, MemoryStore
from hustings.table import decision as decision_module
from hustings.table import store as match_store
from hustings.table.core import BOT, BOT_PAUSE, FAST_PAUSE, PERSON, Refused, SaveError, Table
from hustings.table.storage import ActionRecord, ActionStore, StoreError
from hustings.tui.session import Session

GAME = "die-macher-2019"


def _table(store: MemoryStore | None = None) -> Table:
    """Three people at a table; with ``store``, kept there as game "g" (a match: the table core with a save file)."""
    match = Match(hustings.make(GAME, players=3, seed=7), [None, None, None], store, None if store is None else "g")
    match.save()
    return match


def _to_simultaneous(table: Table, view_changes: bool) -> tuple[int, int]:
    """Play first legal actions (each seat looking at its view first, as every interface does) up to a step where
    several seats are to act and, once the first of them acts, the second's view stays the same (``view_changes``
    False) or does not; return (first, second)."""
    while not table.is_over:
        for seat in table.to_act:
            table.view(seat)
        to_act = table.to_act
        if len(to_act) > 1:
            first, second = to_act[0], to_act[1]
            probe = table.state.clone()
            before = probe.view(second)
            probe.apply(first, probe.legal_actions(first)[0])
            if second in probe.current_players and (probe.view(second) != before) == view_changes:
                return first, second
        seat = to_act[0]
        table.act(seat, table.legal(seat)[0], step=table.step)
    raise AssertionError("the game ended before such a step")


def _snapshot(table: Table) -> tuple[Any, ...]:
    return (table.step, list(table.state.history), len(table.events), list(table.times), dict(table.made_by),
            table.clocks.to_json(table.to_act, 0.0))


def test_an_act_at_an_older_step_is_taken_while_the_seats_view_has_not_changed() -> None:
    store = MemoryStore()
    table = _table(store)
    first, second = _to_simultaneous(table, view_changes=False)
    step = table.step
    chosen = table.legal(second)[0]  # what the second seat chose from, at that step
    first_choice = table.legal(first)[0]
    table.act(first, first_choice, step=step)
    applied = table.act(second, chosen, step=step)  # sent before it heard of the first seat's move
    assert (applied.index, applied.seat, applied.action, table.step) == (step + 1, second, chosen, step + 2)
    assert table.state.history[-2:] == [(first, first_choice.id), (second, chosen.id)]
    assert [(a.step, a.seat, a.action) for a in store.read("g")[-2:]] == [(step, first, first_choice.id),
                                                                         (step + 1, second, chosen.id)]


def test_an_act_at_an_older_step_whose_view_changed_is_refused_and_changes_nothing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # the game compared by its whole view, as a game that names no progress is (Die Macher 2019 names the others'
    # progress in its simultaneous steps: there, this act would be taken)
    monkeypatch.setattr(decision_module, "decision_part_of", lambda game: None)
    store = MemoryStore()
    table = _table(store)
    first, second = _to_simultaneous(table, view_changes=True)
    step = table.step
    chosen = table.legal(second)[0]
    table.act(first, table.legal(first)[0], step=step)
    before = _snapshot(table)
    with pytest.raises(Refused) as refused:
        table.act(second, chosen, step=step)
    e = refused.value
    assert (e.code, e.fields) == ("stale_step", {"step": step + 1, "sent": step})
    assert str(e) == f"the game is at step {step + 1}, not {step}" and "\n" not in str(e)
    assert _snapshot(table) == before and len(store.read("g")) == step + 1
    # sent at the step it saw, the same act is taken (if still legal) or refused as illegal, never half-applied
    table.view(second)
    if second in table.to_act and chosen in table.legal(second):
        assert table.act(second, chosen, step=step + 1).index == step + 1


def test_an_older_step_is_refused_for_a_seat_not_to_act_or_never_shown_its_view_and_a_future_step_always() -> None:
    table = _table()
    first, second = _to_simultaneous(table, view_changes=False)
    step = table.step
    chosen = table.legal(second)[0]
    table.act(first, table.legal(first)[0], step=step)
    for seat, sent in ((first, step), (second, step + 5), (second, -1)):
        with pytest.raises(Refused) as refused:
            table.act(seat, chosen, step=sent)
        assert refused.value.code == "stale_step"
    # a table that never showed the seat its view at that step cannot know it is unchanged: refused
    fresh = Table(table.state.clone(), [None, None, None])
    with pytest.raises(Refused, match="not"):
        fresh.act(second, chosen, step=step)
    assert fresh.step == step + 1


class _Failing(MemoryStore):
    """A save-file store whose appends fail (a full disk)."""

    def append(self, game_id: str, start: int, actions: Sequence[ActionRecord], *, over: bool = False,
               scores: Sequence[Mapping[str, Any]] | None = None) -> None:
        raise OSError(28, "No space left on device")


def test_a_move_that_cannot_be_stored_is_taken_back_whole() -> None:
    store = _Failing()
    table = _table(store)
    before = _snapshot(table)
    seat = table.to_act[0]
    with pytest.raises(SaveError, match="No space left on device"):
        table.act(seat, table.legal(seat)[0], step=0)
    assert _snapshot(table) == before and store.read("g") == []


def test_the_store_holds_each_move_and_the_one_undo_cuts_it_back() -> None:
    store = MemoryStore()
    match = Match(hustings.make(GAME, players=3, seed=7), [None, "random", "random"], store, "g")
    match.save()
    assert match.to_act == (0,) and len(match.legal(0)) > 1
    match.act(0, match.legal(0)[0], step=0)
    assert len(store.read("g")) == 1 and match.made_by[0] == PERSON and match.to_act == (1,)
    assert match.undo(0, step=1) == 1
    assert match.step == 0 and store.read("g") == [] and match.to_act == (0,)
    # once another seat has acted, the move is theirs to keep: refused, one line, nothing cut back
    match.act(0, match.legal(0)[0], step=0)
    match.play_bots(max_steps=1)
    held = len(store.read("g"))
    assert held == match.step == 2
    with pytest.raises(Refused) as refused:
        match.undo(0)
    assert (refused.value.code, refused.value.key) == ("cannot_undo", "undo.not_yours")
    assert len(store.read("g")) == held and match.step == held


def test_a_bots_late_answer_is_refused_once_a_person_plays_the_seat_again() -> None:
    table = Table(hustings.make(GAME, players=3, seed=7), [None, None, None], grace_s=0.0)
    seat = table.to_act[0]
    table.seat_left(seat, now=0.0)
    turn = table.bot_turn(now=1.0, detach=True)  # the person is away: a stand-in thinks for the seat
    assert turn is not None and turn.seat == seat and turn.stand_in
    action = turn.think()
    assert action in table.legal(seat) and turn.at_random() in table.legal(seat)  # (a failed bot plays at random)
    assert table.seat_back(seat, now=2.0)  # the person came back meanwhile
    with pytest.raises(Refused) as refused:
        table.act(seat, action, step=turn.step, by=BOT, at=3.0)
    assert refused.value.code == "not_bot_turn" and table.step == turn.step


def test_refusals_of_the_store_are_one_hierarchy_and_the_save_files_follow_the_one_protocol(tmp_path: Path) -> None:
    # the server's stores: tests/server/test_store_contract.py (the same protocol, on SQLite and PostgreSQL)
    assert isinstance(MemoryStore(), ActionStore) and isinstance(FileStore(tmp_path), ActionStore)
    assert server_store.StoreError is StoreError is match_store.StoreError
    assert issubclass(server_store.StaleStep, StoreError) and issubclass(server_store.TableNotFound, StoreError)
    assert issubclass(match_store.RulesVersionError, StoreError)


def test_one_turn_policy_bots_before_people_on_a_simultaneous_step_and_one_pause_rule() -> None:
    """Who acts next is the table core's answer for the terminal as for the server: of the seats to act, the bots
    first (a bot never waits on a person), then the first person; and one pause before a bot's move."""
    table = Match(hustings.make(GAME, players=3, seed=7), [None, "random", "random"])
    session = Session.of(table, None)
    seen_simultaneous = False
    while not table.is_over and table.step < 60:
        to_act = table.to_act
        actor = table.next_actor()
        assert session.actor() == actor
        bots = [p for p in to_act if table.bots[p] is not None]
        assert actor == (bots[0] if bots else to_act[0])
        turn = table.bot_turn()
        assert (turn.seat if turn is not None else None) == (bots[0] if bots else None)
        if len(to_act) > 1 and 0 in to_act and bots:
            seen_simultaneous = True
        assert actor is not None
        legal = table.legal(actor)
        pause = table.bot_pause(actor)
        assert pause == (FAST_PAUSE if len(legal) == 1 else BOT_PAUSE)
        assert table.bot_pause(actor, fast=True) == FAST_PAUSE
        table.act(actor, legal[0])
    assert seen_simultaneous

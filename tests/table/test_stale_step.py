"""The stale-step rule in every game with steps several seats act in at once (選舉之戰's declaration, Die Macher
classic's starting sheet and bids, Die Macher 2019's draft, platform, deployment and bids).

An act sent at an older step is taken when its seat is to act and the part of its view its decision rests on has
not changed since: the view without what only shows how far the others are (the game's ``decision`` adapter,
:mod:`hustings.table.decision`). People who act at once are thus never refused for acting after someone else;
an act whose seat's decision part did change (its own move since, a phase that moved on, a card revealed) is
refused with ``stale_step``, nothing of it applied or stored; a future step always.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import hustings
from hustings.engine import Action
from hustings.table import Match, MemoryStore
from hustings.table import decision as decision_module
from hustings.table.core import Refused, Table
from hustings.table.decision import decision_part_of

#: each game with steps several seats act in, at a player count, and the phases (the view's "phase") of those steps
SIMULTANEOUS = {
    "election-war": (4, {"declare"}),
    "die-macher": (4, {"sheet", "bid", "tie"}),
    "die-macher-2019": (4, {"draft", "platform", "deploy", "bid"}),
}
GAMES = sorted(SIMULTANEOUS)


def _table(game: str, seed: int = 7, store: MemoryStore | None = None) -> Table:
    """People in every seat; with ``store``, kept there as game "g"."""
    n = SIMULTANEOUS[game][0]
    match = Match(hustings.make(game, players=n, seed=seed), [None] * n, store, None if store is None else "g")
    match.save()
    return match


def _to_simultaneous(table: Table) -> tuple[int, int]:
    """Play first legal actions, each seat looking at its view first (as every interface does), up to a step
    several seats act in; return the first two of them."""
    while not table.is_over:
        for seat in table.to_act:
            table.view(seat)
        if len(table.to_act) > 1:
            return table.to_act[0], table.to_act[1]
        seat = table.to_act[0]
        table.act(seat, table.legal(seat)[0], step=table.step)
    raise AssertionError("the game ended before a step several seats act in")


def _snapshot(table: Table) -> tuple[Any, ...]:
    return (table.step, list(table.state.history), len(table.events), list(table.times), dict(table.made_by))


def _refused(table: Table, seat: int, action: Action, step: int) -> Refused:
    with pytest.raises(Refused) as refused:
        table.act(seat, action, step=step)
    assert refused.value.code == "stale_step" and "\n" not in str(refused.value)
    return refused.value


def _people_who_hear_only_of_their_own_moves(table: Table, rng: random.Random, steps: int) -> Iterator[int]:
    """Each seat decides when it sees it is to act (its view, a random legal action) and acts some time later,
    naming the step it decided at; it hears of the others' moves only when its own is acknowledged. Yields each
    step an act was taken at an older step than the table's."""
    decided: dict[int, tuple[int, Action]] = {}
    for _ in range(steps):
        if table.is_over:
            return
        to_act = table.to_act
        for seat in list(decided):
            if seat not in to_act:
                del decided[seat]
        for seat in to_act:
            if seat not in decided:
                table.view(seat)
                decided[seat] = (table.step, rng.choice(table.legal(seat)))
        seat = rng.choice(to_act)
        step, action = decided.pop(seat)
        late = table.step > step
        applied = table.act(seat, action, step=step)
        assert (applied.seat, applied.action, applied.index) == (seat, action, table.step - 1)
        if late:
            yield applied.index


@pytest.mark.parametrize("game", GAMES)
def test_people_acting_at_once_are_never_refused_however_late_they_hear_of_others(game: str) -> None:
    late = 0
    for seed in range(3):
        table = _table(game, seed=seed)
        late += sum(1 for _ in _people_who_hear_only_of_their_own_moves(table, random.Random(seed), 400))
    assert late > 20  # many acts were taken after others' moves they had not heard of


@pytest.mark.parametrize("game", GAMES)
def test_with_the_whole_view_compared_the_same_people_are_refused(game: str,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    # the rule before the decision adapter: a seat's view shows the others' progress, so acting late is refused
    monkeypatch.setattr(decision_module, "decision_part_of", lambda game: None)
    table = _table(game, seed=0)
    with pytest.raises(Refused) as refused:
        list(_people_who_hear_only_of_their_own_moves(table, random.Random(0), 400))
    assert refused.value.code == "stale_step"


@pytest.mark.parametrize("game", GAMES)
def test_an_act_sent_before_another_seats_move_in_the_same_step_is_taken_and_stored(game: str) -> None:
    store = MemoryStore()
    table = _table(game, store=store)
    first, second = _to_simultaneous(table)
    step = table.step
    assert table.view(second)["phase"] in SIMULTANEOUS[game][1]
    chosen = table.legal(second)[-1]  # what the second seat chose from, at that step
    first_choice = table.legal(first)[0]
    table.act(first, first_choice, step=step)
    applied = table.act(second, chosen, step=step)  # sent before it heard of the first seat's move
    assert (applied.index, applied.seat, applied.action, table.step) == (step + 1, second, chosen, step + 2)
    assert table.state.history[-2:] == [(first, first_choice.id), (second, chosen.id)]
    assert [(a.step, a.seat, a.action) for a in store.read("g")[-2:]] == [(step, first, first_choice.id),
                                                                         (step + 1, second, chosen.id)]


@pytest.mark.parametrize("game", GAMES)
def test_an_act_resent_after_its_seats_own_move_is_refused_and_changes_nothing(game: str) -> None:
    store = MemoryStore()
    table = _table(game, store=store)
    first, second = _to_simultaneous(table)
    step = table.step
    table.act(second, table.legal(second)[0], step=step)
    table.act(first, table.legal(first)[0], step=step)  # the first seat was spared: it had not heard either
    before, stored = _snapshot(table), len(store.read("g"))
    again = table.legal(second) or table.legal(table.to_act[0])  # if still to act, legal now: only the step fails
    e = _refused(table, second, again[0], step)
    assert e.fields == {"step": step + 2, "sent": step}
    assert _snapshot(table) == before and len(store.read("g")) == stored


@pytest.mark.parametrize("game", GAMES)
def test_an_act_from_before_the_phase_moved_on_is_refused_and_changes_nothing(game: str) -> None:
    store = MemoryStore()
    table = _table(game, store=store)
    _to_simultaneous(table)
    phase = str(table.view(None)["phase"])
    # a seat done with its part of the step, shown its view while the others go on
    while True:
        seat = table.to_act[0]
        table.act(seat, table.legal(seat)[0], step=table.step)
        done = [p for p in range(table.state.num_players) if p not in table.to_act]
        if done and len(table.to_act) > 1:
            break
    waiting, seen = done[0], table.step
    table.view(waiting)
    # the others finish, the step's secrets are turned up, the game moves on until that seat is to act again
    while waiting not in table.to_act:
        assert not table.is_over
        seat = table.to_act[0]
        table.view(seat)
        table.act(seat, table.legal(seat)[0], step=table.step)
    assert str(table.view(waiting)["phase"]) != phase or table.step > seen + 1
    before, stored = _snapshot(table), len(store.read("g"))
    e = _refused(table, waiting, table.legal(waiting)[0], seen)
    assert e.fields == {"step": table.step, "sent": seen}
    assert _snapshot(table) == before and len(store.read("g")) == stored


def _leaving_nothing_out(view: Any, seat: int) -> object:
    """A decision part that leaves nothing out, though it is not the view itself (so the table compares it)."""
    return dict(view)


@pytest.mark.parametrize("game", GAMES)
def test_an_act_whose_decision_part_changed_is_refused_and_changes_nothing(game: str,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    # the table compares what the game names as the decision part, nothing less: with others' progress kept in
    # it, the first seat's move changes the second seat's decision part, and its late act is refused
    monkeypatch.setattr(decision_module, "decision_part_of", lambda g: _leaving_nothing_out)
    store = MemoryStore()
    table = _table(game, store=store)
    first, second = _to_simultaneous(table)
    step = table.step
    chosen = table.legal(second)[0]
    table.act(first, table.legal(first)[0], step=step)
    before, stored = _snapshot(table), len(store.read("g"))
    e = _refused(table, second, chosen, step)
    assert e.fields == {"step": step + 1, "sent": step}
    assert _snapshot(table) == before and len(store.read("g")) == stored
    table.view(second)  # shown the new step, the same act is taken there
    assert table.act(second, chosen, step=step + 1).index == step + 1


@pytest.mark.parametrize("game", GAMES)
def test_a_seats_own_move_starts_a_new_decision_whatever_the_game_leaves_out(game: str,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    # a decision part that leaves everything out still cannot let a seat's act at a step before its own move in
    monkeypatch.setattr(decision_module, "decision_part_of", lambda g: lambda view, seat: ("nothing",))
    table = _table(game)
    checked = 0
    while not checked:  # up to a step after which a seat that acted is still to act
        first, second = _to_simultaneous(table)
        step = table.step
        table.act(first, table.legal(first)[0], step=step)
        table.act(second, table.legal(second)[0], step=step)  # spared: nothing it decides on changed
        for seat in (first, second):
            if seat in table.to_act:
                before = _snapshot(table)
                _refused(table, seat, table.legal(seat)[0], step)  # legal now, but sent before its own move
                assert _snapshot(table) == before
                checked += 1


@pytest.mark.parametrize("game", GAMES)
def test_a_future_step_a_negative_one_or_one_never_shown_is_always_refused(game: str) -> None:
    table = _table(game)
    first, second = _to_simultaneous(table)
    step = table.step
    chosen = table.legal(second)[0]
    fresh = Table(table.state.clone(), [None] * table.state.num_players)  # never showed anyone a view
    table.act(first, table.legal(first)[0], step=step)
    before = _snapshot(table)
    for sent in (step + 2, step + 5, -1):
        _refused(table, second, chosen, sent)
    _refused(table, first, chosen, step)  # a seat whose own move was taken at that step
    assert _snapshot(table) == before
    fresh.act(first, fresh.legal(first)[0], step=step)
    _refused(fresh, second, chosen, step)
    assert fresh.step == step + 1


@pytest.mark.parametrize("game", GAMES)
def test_an_act_no_longer_legal_is_refused_as_illegal_even_when_its_step_is_spared(game: str) -> None:
    table = _table(game)
    first, second = _to_simultaneous(table)
    step = table.step
    table.act(first, table.legal(first)[0], step=step)
    legal = set(table.legal(second))
    space = table.state.SPACE
    other = next(space[i] for i in range(len(space)) if space[i] not in legal)
    before = _snapshot(table)
    with pytest.raises(Refused) as refused:
        table.act(second, other, step=step)
    assert refused.value.code == "illegal_action" and _snapshot(table) == before


# -- what each game leaves out --------------------------------------------------------------------------------

#: what each game's decision part leaves out, in the phases several seats act in: paths in the view, "other" for
#: any seat but the viewer's, "*" for any index
LEFT_OUT = {
    "election-war": {("to_act", "*"), ("role_hand_sizes", "other"), ("candidates", "*", "other", "placed")},
    "die-macher": {("current", "*"), ("players", "other", "sheet_written", "*"), ("players", "other", "bid_written")},
    "die-macher-2019": {("current_players", "*"), ("bids_submitted", "other"), ("players", "other", "hand_size")},
}


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _leaves(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _leaves(v, (*path, i))
    else:
        yield path


def _replaced(value: Any, path: tuple[Any, ...], new: object) -> Any:
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        return {**value, head: _replaced(value[head], rest, new)}
    out = list(value)
    out[head] = _replaced(value[head], rest, new)
    return out


def _general(path: tuple[Any, ...], seat: int) -> tuple[Any, ...]:
    # a seat's index in a per-seat list is "other" (or the seat's own: kept as it is); other indexes are "*"
    per_seat = {("role_hand_sizes",), ("candidates", "*"), ("players",), ("bids_submitted",)}
    out: list[Any] = []
    for x in path:
        if isinstance(x, int):
            out.append(("me" if x == seat else "other") if tuple(out) in per_seat else "*")
        else:
            out.append(x)
    return tuple(out)


@pytest.mark.parametrize("game", GAMES)
def test_only_others_progress_is_left_out_and_only_in_steps_several_seats_act_in(game: str) -> None:
    decide = decision_part_of(game)
    assert decide is not None
    phases = SIMULTANEOUS[game][1]
    seen: set[str] = set()
    several: set[str] = set()  # the phases of the steps several seats were to act in
    for seed in range(2):
        state = hustings.make(game, players=SIMULTANEOUS[game][0], seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = rng.choice(list(state.current_players))
            view = state.view(seat)
            part = decide(view, seat)
            phase = str(view["phase"])
            if len(state.current_players) > 1:
                several.add(phase)
            if phase not in phases:
                assert part is view  # elsewhere the whole view, as it is
            elif phase not in seen or rng.random() < 0.02:
                seen.add(phase)
                left_out = set()
                for path in _leaves(view):
                    # every leaf changed on its own: the decision part changes, unless it is others' progress
                    if decide(_replaced(view, path, ("changed",)), seat) == part:
                        left_out.add(_general(path, seat))
                assert left_out <= LEFT_OUT[game], left_out - LEFT_OUT[game]
                assert not any("me" in p for p in left_out)  # the seat's own progress counts
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert several <= seen <= phases and {"declare", "sheet", "draft"} & seen

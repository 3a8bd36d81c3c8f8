"""Views and events are independent of the state (issue 9.4).

A view is the player's own copy: editing any list or dict in it, at any depth, never changes the state, the
views taken afterwards or the events. Event data is shared by every player, so it is read-only: editing it
raises TypeError and changes nothing.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hustings.engine import Event, GameState

from .conftest import CONTRACT_SETTINGS, VARIANT_IDS, VARIANTS, counts, hypothesis_game, play_random, viewers

SENTINEL = "edited-by-a-client"


def frozen_text(value: Any) -> str:
    """A comparable text of a view or of event data (JSON: plain types only, keys sorted)."""
    return json.dumps(value, sort_keys=True, default=str)


def vandalize(value: Any) -> int:
    """Edit every list and dict in ``value`` in place, innermost first: set items, append, pop.
    Returns how many containers were edited (so a test can tell it reached the nested ones)."""
    edited = 0
    if isinstance(value, dict):
        for v in list(value.values()):
            edited += vandalize(v)
        for k in list(value):
            value[k] = SENTINEL
        value[SENTINEL] = [SENTINEL]
        value.pop(next(iter(value)))
        return edited + 1
    if isinstance(value, list):
        for v in value:
            edited += vandalize(v)
        for i in range(len(value)):
            value[i] = SENTINEL
        value.append(SENTINEL)
        value.pop(0)
        return edited + 1
    return 0


def containers(value: Any) -> int:
    if isinstance(value, dict):
        return 1 + sum(containers(v) for v in value.values())
    if isinstance(value, list | tuple):
        return 1 + sum(containers(v) for v in value)
    return 0


def assert_read_only(value: Any, where: str) -> int:
    """Every mutating call on every dict and list inside event data raises TypeError; returns the count."""
    checked = 0
    if isinstance(value, Mapping):
        attempts = [
            lambda: value.__setitem__(SENTINEL, 1),
            lambda: value.update({SENTINEL: 1}),
            lambda: value.setdefault(SENTINEL, 1),
            lambda: value.clear(),
            lambda: value.popitem(),
        ]
        for k in list(value):
            attempts.append(lambda k=k: value.__delitem__(k))
            attempts.append(lambda k=k: value.pop(k))
        for attempt in attempts:
            with pytest.raises(TypeError):
                attempt()
        for v in value.values():
            checked += assert_read_only(v, where)
        return checked + 1
    if isinstance(value, list | tuple):
        if isinstance(value, list):
            attempts = [
                lambda: value.append(SENTINEL),
                lambda: value.extend([SENTINEL]),
                lambda: value.insert(0, SENTINEL),
                lambda: value.clear(),
                lambda: value.sort(),
                lambda: value.reverse(),
            ]
            if value:
                attempts += [
                    lambda: value.__setitem__(0, SENTINEL),
                    lambda: value.pop(),
                    lambda: value.remove(value[0]),
                    lambda: value.__delitem__(0),
                ]
            for attempt in attempts:
                with pytest.raises(TypeError):
                    attempt()
        # a tuple cannot change at all; its items are checked like any other
        for v in value:
            checked += assert_read_only(v, where)
        return checked + 1
    return 0


def observe(s: GameState) -> tuple[Any, ...]:
    return (
        s.state_key(),
        tuple(frozen_text(s.view(p)) for p in viewers(s)),
        tuple(frozen_text([e.to_json() for e in s.events(p)]) for p in viewers(s)),
        frozen_text([e.to_json() for e in s.all_events()]),
        tuple(tuple(a.id for a in s.legal_actions(p)) for p in s.current_players),
    )


@pytest.mark.parametrize(("game", "variant"), VARIANTS, ids=VARIANT_IDS)
@CONTRACT_SETTINGS
@given(
    players_index=st.integers(0, 10),
    seed=st.integers(0, 2**63 - 1),
    choices=st.lists(st.integers(0, 2**16), max_size=30),
    tail=st.integers(0, 1200),
)
def test_editing_views_and_events_never_changes_the_state(
    game: str, variant: str, players_index: int, seed: int, choices: list[int], tail: int
) -> None:
    s, where = hypothesis_game(game, variant, players_index, seed, choices, tail)
    before = observe(s)
    views = {p: s.view(p) for p in viewers(s)}
    texts = {p: frozen_text(v) for p, v in views.items()}
    for p, v in views.items():
        total = containers(v)
        assert vandalize(v) == total, f"{where}: view({p}) holds containers that could not be edited"
    # each view was its own: editing one did not edit another taken at the same time
    assert all(frozen_text(s.view(p)) == texts[p] for p in viewers(s)), f"{where}: an edited view showed through"
    events: list[Event] = list(s.all_events())
    for e in events:
        assert_read_only(e.data, f"{where} event {e.type}")
        plain = e.to_json()["data"]  # a plain copy is the client's to edit
        vandalize(plain)
    assert observe(s) == before, f"{where}: editing views or events changed the state, a view or the events"


@pytest.mark.parametrize(("game", "variant"), VARIANTS, ids=VARIANT_IDS)
def test_views_of_finished_games_share_nothing_with_the_history(game: str, variant: str) -> None:
    """The regression of issue 9.4: Die Macher's ``view()["results"]`` was a shallow copy, so appending to a
    result's list rewrote the public election history that every later view (and the state) showed."""
    for seed in range(3):
        n = counts(game, variant)[seed % len(counts(game, variant))]
        s = play_random(game, variant, n, seed=seed)
        before = observe(s)
        for p in viewers(s):
            v = s.view(p)
            total = containers(v)
            assert vandalize(v) == total
        assert observe(s) == before, f"{game} {variant} {n}p seed {seed}: an edited final view showed through"

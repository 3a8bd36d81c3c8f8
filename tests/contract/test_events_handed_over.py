"""A game hands each event's data over when it emits it (``GameState.emit``): a fresh dict whose lists are copies, and
nothing of it changed afterwards. The engine records it as given and freezes it only when somebody first reads it (a
driver that reads none, ``play``, copies none), so a game that changed a list after emitting it would rewrite what
happened. Checked for every game and variant, as an attacker of the log would: what was emitted, copied at that very
moment, against what the log says at the end of the game, read once at the end (``play``) and step by step
(``apply``)."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from typing import Any

import pytest

import hustings
from hustings.engine import GameState, thaw
from hustings.engine.core import __file__ as _core_file

from .conftest import SCALE, VARIANT_IDS, VARIANTS, config_for

GAMES = 12 * SCALE
"""Seeded random games per (game, variant), over its player counts."""

SEED_BASE = 7_100_000

COMPILED = not str(_core_file).endswith(".py")
"""A compiled engine (docs/build.md): its GameState's methods cannot be wrapped, so the snapshot at emit time is
taken on the pure build only; the comparison of play with apply runs on both."""


def _as_read(e: hustings.Event) -> tuple[str, Any, int | None, int]:
    return e.type, thaw(e.data), e.to, e.step


def _game(game: str, variant: str, i: int) -> tuple[GameState, GameState, random.Random]:
    cfg = config_for(game, variant, i)
    return cfg.make(SEED_BASE + i), cfg.make(SEED_BASE + i), random.Random(SEED_BASE + i)


@pytest.fixture
def emitted(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[int, list[tuple[str, Any, int | None, int]]]]:
    """Per state (by id), every event as the game emitted it, deep-copied at that moment."""
    seen: dict[int, list[tuple[str, Any, int | None, int]]] = {}
    emit = GameState.emit

    def snapshot(self: GameState, type: str, data: dict[str, Any], to: int | None = None) -> None:
        seen.setdefault(id(self), []).append((type, thaw(copy.deepcopy(data)), to, self.step_count))
        emit(self, type, data, to)

    monkeypatch.setattr(GameState, "emit", snapshot)
    yield seen


@pytest.mark.skipif(COMPILED, reason="a compiled GameState's emit cannot be wrapped; play against apply runs below")
@pytest.mark.parametrize(("game", "variant"), VARIANTS, ids=VARIANT_IDS)
def test_no_game_changes_an_event_after_emitting_it(
    game: str, variant: str, emitted: dict[int, list[tuple[str, Any, int | None, int]]]
) -> None:
    checked = 0
    for i in range(GAMES):
        emitted.clear()
        s, _, r = _game(game, variant, i)
        while not s.is_over:
            p = s.current_players[0]
            legal = s.legal_actions(p)
            s.play(p, legal[r.randrange(len(legal))])
        log = [_as_read(e) for e in s.all_events()]
        assert log == emitted[id(s)], f"{game} {variant} game {i}: an event's data changed after it was emitted"
        checked += len(log)
    assert checked > GAMES  # events were made and compared


@pytest.mark.parametrize(("game", "variant"), VARIANTS, ids=VARIANT_IDS)
def test_events_read_at_the_end_are_those_read_at_each_step(game: str, variant: str) -> None:
    for i in range(GAMES):
        quiet, told, r = _game(game, variant, i)
        step_by_step = [_as_read(e) for e in told.all_events()]
        while not told.is_over:
            p = told.current_players[0]
            legal = told.legal_actions(p)
            action = legal[r.randrange(len(legal))]
            quiet.play(p, action)
            step_by_step += [_as_read(e) for e in told.apply(p, action)]
        assert [_as_read(e) for e in quiet.all_events()] == step_by_step, (
            f"{game} {variant} game {i}: the log read at the end differs from the one read step by step (an event "
            "changed after it was emitted)")


@pytest.mark.parametrize(("game", "variant"), VARIANTS, ids=VARIANT_IDS)
def test_a_sample_of_a_state_played_quietly_holds_only_its_viewers_events(game: str, variant: str) -> None:
    """As an attacker would try it: a state played with ``play`` keeps its events raw until read, and a search's sample
    (``resample``) is the one way a bot sees a log. Every seat's and a spectator's sample holds exactly the events that
    viewer may see, none addressed to another seat, and reading them first or not changes nothing."""
    from hustings.engine import Rng

    checked = 0
    for i in range(2):
        s, whole, r = _game(game, variant, i)
        length = 0
        while not whole.is_over:  # the game's length, to stop this one midway
            p = whole.current_players[0]
            legal = whole.legal_actions(p)
            whole.play(p, legal[random.Random(length).randrange(len(legal))])
            length += 1
        for _ in range(min(60, length // 2)):
            p = s.current_players[0]
            legal = s.legal_actions(p)
            s.play(p, legal[r.randrange(len(legal))])
        if s.is_over:
            continue
        twin = s.clone()  # shares the raw records; sampled before anything read them
        for viewer in (None, *range(s.num_players)):
            sample = twin.resample(viewer, Rng(i))
            seen = list(sample.all_events())
            assert all(e.to is None or e.to == viewer for e in seen), f"{game} {variant}: a sample leaks an event"
            assert seen == s.events(viewer)
            checked += 1
    assert checked, f"{game} {variant}: nothing was sampled"

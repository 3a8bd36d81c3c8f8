"""Shared machinery for the game contract suite.

Every registered game, every variant and every allowed player count is collected at import time, so a
new game is covered by the contract as soon as it registers itself. The helpers here play seeded random
games and check the invariants every test relies on; failures name game, variant, players, seed and step
so they can be reproduced with :func:`play_random`.
"""

from __future__ import annotations

import json
import math
import os
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

import hustings
from hustings.engine import GameState, get_spec

# ------------------------------------------------------------------------------------------ parameters

SCALE = max(1, int(os.environ.get("HUSTINGS_CONTRACT_SCALE", "1")))
"""Multiplies the number of random games and hypothesis examples (e.g. 20 for a nightly soak run)."""

STEP_CAP = 20_000
"""A random game that has not ended after this many applied actions is a failure (a loop or a stall)."""

GAMES_PER_VARIANT = 200 * SCALE
"""Seeded random games played to the end per (game, variant), spread round-robin over the player counts."""

CHUNKS = 8
"""The games of one (game, variant) are split into this many test items so pytest-xdist can share them."""

CONTRACT_SETTINGS = settings(
    deadline=None,
    derandomize=True,  # reproducible in CI: the same examples on every run
    database=None,
    max_examples=40 * SCALE,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@dataclass(frozen=True)
class Config:
    game: str
    variant: str
    players: int

    def __str__(self) -> str:
        return f"{self.game}-{self.variant}-{self.players}p"

    def make(self, seed: int) -> GameState:
        return hustings.make(self.game, players=self.players, variant=self.variant, seed=seed)


def _collect() -> tuple[list[tuple[str, str]], list[Config]]:
    variants: list[tuple[str, str]] = []
    configs: list[Config] = []
    for game in hustings.list_games():
        spec = get_spec(game)
        for variant in spec.variants:
            variants.append((game, variant))
            configs.extend(Config(game, variant, n) for n in spec.player_counts(variant))
    return variants, configs


GAMES: list[str] = hustings.list_games()
VARIANTS, CONFIGS = _collect()
VARIANT_IDS = [f"{g}-{v}" for g, v in VARIANTS]
CONFIG_IDS = [str(c) for c in CONFIGS]


def counts(game: str, variant: str) -> list[int]:
    return get_spec(game).player_counts(variant)


def config_for(game: str, variant: str, index: int) -> Config:
    """The player count of the ``index``-th seeded game of a (game, variant): round-robin over counts."""
    cs = counts(game, variant)
    return Config(game, variant, cs[index % len(cs)])


@pytest.fixture
def global_random() -> Iterator[None]:
    """Lets a test reseed the global ``random`` module and restores it afterwards."""
    saved = random.getstate()
    yield
    random.setstate(saved)


# ------------------------------------------------------------------------------------------------ play


class StepCapExceeded(AssertionError):
    pass


Chooser = Callable[[GameState, int, list[Any]], Any]


def random_chooser(rng: random.Random) -> Chooser:
    """Pick uniformly among the legal actions with ``rng``."""

    def choose(state: GameState, player: int, legal: list[Any]) -> Any:
        return legal[rng.randrange(len(legal))]

    return choose


def index_chooser(choices: list[int], then: Chooser | None = None) -> Chooser:
    """Pick ``legal[choices[i] % len(legal)]`` at step i; after the list, defer to ``then`` (or stop)."""
    it = iter(choices)

    def choose(state: GameState, player: int, legal: list[Any]) -> Any:
        c = next(it, None)
        if c is None:
            return None if then is None else then(state, player, legal)
        return legal[c % len(legal)]

    return choose


def current_player(s: GameState, where: str) -> int:
    cur = tuple(s.current_players)
    assert cur, f"{where}: game not over but current_players is empty"
    n = s.num_players
    assert all(isinstance(p, int) and not isinstance(p, bool) and 0 <= p < n for p in cur), (
        f"{where}: current_players {cur!r} are not all players 0..{n - 1}"
    )
    assert len(set(cur)) == len(cur), f"{where}: current_players {cur!r} repeats a player"
    return cur[0]


def steps(
    s: GameState,
    choose: Chooser,
    *,
    where: str,
    max_steps: int | None = None,
    cap: int = STEP_CAP,
    between: Callable[[int], None] | None = None,
) -> Iterator[tuple[int, int, Any]]:
    """Play ``s`` forward in place; yield (step, player, action) *before* each apply.

    Each step takes ``p = s.current_players[0]`` (several current players of a simultaneous step are
    thus taken in order) and ``choose(s, p, s.legal_actions(p))``. Stops when the game is over, after
    ``max_steps`` actions, or when the chooser returns None; raises :class:`StepCapExceeded` past ``cap``.
    ``between(step)`` runs after each apply.
    """
    done = 0
    while not s.is_over:
        if max_steps is not None and done >= max_steps:
            return
        step = s.step_count
        if step >= cap:
            raise StepCapExceeded(f"{where}: game not over after {cap} steps (step cap); random play stalls")
        here = f"{where} step {step}"
        p = current_player(s, here)
        legal = s.legal_actions(p)
        assert legal, f"{here}: current player {p} has no legal action"
        action = choose(s, p, legal)
        if action is None:
            return
        yield step, p, action
        try:
            s.apply(p, action)
        except Exception as e:
            raise AssertionError(f"{here}: applying legal action {action!r} for player {p} raised {e!r}") from e
        assert s.step_count == step + 1, f"{here}: step_count did not advance"
        done += 1
        if between is not None:
            between(step)


def play(s: GameState, choose: Chooser, *, where: str, max_steps: int | None = None, cap: int = STEP_CAP) -> GameState:
    for _ in steps(s, choose, where=where, max_steps=max_steps, cap=cap):
        pass
    return s


def play_random(
    game: str,
    variant: str,
    players: int,
    seed: int,
    *,
    choice_seed: int | None = None,
    max_steps: int | None = None,
) -> GameState:
    """The canonical seeded random game: ``make(..., seed=seed)`` and choices from
    ``random.Random(choice_seed if given else seed)``. Use it to reproduce a reported failure."""
    cfg = Config(game, variant, players)
    s = cfg.make(seed)
    rng = random.Random(seed if choice_seed is None else choice_seed)
    return play(s, random_chooser(rng), where=f"{cfg} seed {seed}", max_steps=max_steps)


# ------------------------------------------------------------------------------------------- observers


def viewers(s: GameState) -> list[int | None]:
    return [*range(s.num_players), None]


def all_views(s: GameState) -> dict[int | None, Any]:
    return {p: s.view(p) for p in viewers(s)}


def snapshot(s: GameState) -> dict[str, Any]:
    """Everything observable about a state, for 'nothing changed' checks beyond ``==``."""
    return {
        "views": all_views(s),
        "record": s.record(),
        "steps": s.step_count,
        "current": tuple(s.current_players),
        "over": s.is_over,
        "events": len(list(s.all_events())),
    }


def assert_unchanged(s: GameState, before: GameState, snap: dict[str, Any], where: str) -> None:
    assert s == before, f"{where}: the state changed (no longer == to a clone taken before)"
    now = snapshot(s)
    for key, value in snap.items():
        assert now[key] == value, f"{where}: {key} changed"


def json_problems(value: Any, path: str = "$") -> Iterator[str]:
    """Where ``value`` is not plain JSON data (str keys; dict/list/str/int/finite float/bool/None)."""
    if value is None or isinstance(value, bool | int | str):
        return
    if isinstance(value, float):
        if not math.isfinite(value):
            yield f"{path}: non-finite float {value!r}"
        return
    if isinstance(value, dict):
        for k, v in value.items():
            if not isinstance(k, str):
                yield f"{path}: non-string key {k!r} ({type(k).__name__})"
            yield from json_problems(v, f"{path}.{k}")
        return
    if isinstance(value, list | tuple):
        for i, v in enumerate(value):
            yield from json_problems(v, f"{path}[{i}]")
        return
    yield f"{path}: {type(value).__name__} {value!r:.60} is not JSON"


def assert_json(value: Any, where: str) -> str:
    problems = list(json_problems(value))
    assert not problems, f"{where}: not JSON-serializable: {problems[:5]}"
    return json.dumps(value, allow_nan=False, sort_keys=True)


def assert_views_json(s: GameState, where: str, secrets: tuple[int, ...] = ()) -> None:
    """Every view is a JSON object and mentions none of the ``secrets`` (seed, RNG state) as a number.

    Only secrets of at least 9 digits are looked for: a small seed such as 51 is also a fine score."""
    secrets = tuple(x for x in secrets if abs(x) >= 10**8)
    for p in viewers(s):
        v = s.view(p)
        assert isinstance(v, dict), f"{where}: view({p}) is {type(v).__name__}, not a dict"
        text = assert_json(v, f"{where} view({p})")
        for secret in secrets:
            assert str(secret) not in text, f"{where}: view({p}) contains the secret number {secret}"


def assert_events_filtered(s: GameState, where: str) -> None:
    """events(p) is exactly the public events plus p's private ones, in log order; spectators see
    public events only; every event is JSON and addressed to nobody or to a real player."""
    everything = list(s.all_events())
    n = s.num_players
    for e in everything:
        assert e.to is None or (isinstance(e.to, int) and 0 <= e.to < n), f"{where}: event to={e.to!r}"
        assert isinstance(e.type, str) and e.type, f"{where}: event with empty type {e!r}"
    public = [e for e in everything if e.to is None]
    assert s.events(None) == public, f"{where}: events(None) is not exactly the public events"
    for p in range(n):
        mine = s.events(p)
        assert all(e.to in (None, p) for e in mine), f"{where}: events({p}) holds another player's event"
        assert [e for e in mine if e.to is None] == public, f"{where}: events({p}) misses public events"
        assert mine == [e for e in everything if e.to in (None, p)], f"{where}: events({p}) misses its own"


def assert_final(s: GameState, where: str) -> None:
    assert s.is_over, f"{where}: not over"
    n = s.num_players
    scores = s.scores()
    assert isinstance(scores, list) and len(scores) == n, f"{where}: scores() has {len(scores)} rows for {n}"
    for p, row in enumerate(scores):
        assert "total" in row, f"{where}: scores()[{p}] has no 'total': {row!r}"
        total = row["total"]
        assert isinstance(total, int | float) and not isinstance(total, bool), f"{where}: total {total!r}"
    assert_json(scores, f"{where} scores()")
    out = s.outcome()
    winners = s.winners()
    assert winners == list(out.winners), f"{where}: winners() {winners} disagrees with outcome() {out.winners}"
    assert len(set(winners)) == len(winners), f"{where}: winners() repeats {winners}"
    assert set(winners) <= set(range(n)), f"{where}: winners() {winners} are not players 0..{n - 1}"
    assert len(out.utilities) == n and all(-1.0 <= u <= 1.0 for u in out.utilities), f"{where}: {out.utilities}"
    assert len(out.ranks) == n and min(out.ranks) == 1, f"{where}: ranks {out.ranks}"
    assert all(out.utilities[w] >= max(out.utilities) for w in winners), f"{where}: a winner has less utility"
    # the utilities are the win share on [-1, 1] (issue 21): 2/k - 1 for each of k winners, -1 for the rest
    for p in range(n):
        assert math.isclose(out.utilities[p], 2.0 * out.win_share(p) - 1.0, abs_tol=1e-12), (
            f"{where}: seat {p} has utility {out.utilities[p]}, win share {out.win_share(p)}")
    kind = get_spec(s.GAME_ID).outcome
    if kind == "solo":
        assert n == 1 and "won" in out.detail and "moves" in out.detail, f"{where}: solo outcome {out}"
    assert_json(out.to_json(), f"{where} outcome()")
    assert all(s.legal_actions(p) == [] for p in range(n)), f"{where}: legal actions after the end"


def json_roundtrip(value: Any) -> Any:
    return json.loads(json.dumps(value))


def assert_replays(s: GameState, where: str) -> GameState:
    """The record survives JSON and replays to an equal state with equal views and events."""
    rec = s.record()
    text = assert_json(rec, f"{where} record()")
    again = json.loads(text)
    assert again == rec, f"{where}: record() changes through a JSON round trip"
    r = hustings.replay(again)
    assert r == s, f"{where}: replay(record) is not == to the played state"
    assert r.step_count == s.step_count and r.is_over == s.is_over, f"{where}: replay differs in progress"
    assert tuple(r.current_players) == tuple(s.current_players), f"{where}: replay differs in current players"
    for p in viewers(s):
        assert r.view(p) == s.view(p), f"{where}: view({p}) of the replay differs"
        assert r.events(p) == s.events(p), f"{where}: events({p}) of the replay differ"
    assert r.record() == rec, f"{where}: record of the replay differs"
    if s.is_over:
        assert r.scores() == s.scores() and r.winners() == s.winners(), f"{where}: replay scores differ"
    return r


def checkpoints(rng: random.Random, growth: float = 0.5) -> Iterator[int]:
    """Increasing step numbers to inspect a game at: dense early, then roughly geometric (each gap up
    to ``2*growth`` times the step so far), so long games get O(log length) checks spread to the end."""
    step = 0
    while True:
        yield step
        step += 1 + int(step * growth * 2 * rng.random())


def play_with_checks(
    cfg: Config,
    seed: int,
    check: Callable[[GameState, str], None],
    *,
    growth: float = 0.5,
    check_end: bool = True,
) -> GameState:
    """Play the canonical random game of ``cfg``/``seed`` and call ``check(state, where)`` at
    :func:`checkpoints` (before the action of that step) and at the end. ``check`` must not change
    the state; this is verified."""
    s = cfg.make(seed)
    where0 = f"{cfg} seed {seed}"
    points = checkpoints(random.Random(seed ^ 0x5EED), growth)
    nxt = next(points)
    for step, _p, _a in steps(s, random_chooser(random.Random(seed)), where=where0):
        if step == nxt:
            _checked(s, check, f"{where0} step {step}")
            while nxt <= step:
                nxt = next(points)
    if check_end:
        _checked(s, check, f"{where0} end (step {s.step_count})")
    return s


def _checked(s: GameState, check: Callable[[GameState, str], None], where: str) -> None:
    before = s.clone()
    assert before == s, f"{where}: clone() is not == to its origin"
    check(s, where)
    assert s == before, f"{where}: the check changed the state"


# ---------------------------------------------------------------------------------------- hypothesis


def hypothesis_game(
    game: str, variant: str, players_index: int, seed: int, choices: list[int], tail: int
) -> tuple[GameState, str]:
    """A game driven by hypothesis: ``choices[i] % len(legal)`` picks step i, then up to ``tail`` more
    steps use ``random.Random(seed)``. Returns the state and a reproduction note."""
    cs = counts(game, variant)
    cfg = Config(game, variant, cs[players_index % len(cs)])
    s = cfg.make(seed)
    where = f"{cfg} seed {seed} choices {choices} tail {tail}"
    choose = index_chooser(choices, random_chooser(random.Random(seed)))
    play(s, choose, where=where, max_steps=len(choices) + tail)
    return s, f"{where} (step {s.step_count})"

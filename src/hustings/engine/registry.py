"""The game registry: games known by id (:func:`register`; installed games through their entry points, loaded on
the first lookup), their specs (:func:`get_spec`, :func:`list_games`), a new game (:func:`make`) and a recorded
one replayed (:func:`replay`, :func:`check_record_versions`). The engine names no game: they come from here."""

from __future__ import annotations

import threading
from collections.abc import Mapping
from importlib import metadata
from typing import TYPE_CHECKING, Any

from hustings.engine.actions import _SPACES
from hustings.engine.basics import JSON, IllegalActionError, RecordError, _short
from hustings.engine.rng import RNG_NAME, check_seed, fresh_seed

if TYPE_CHECKING:  # the spec and the state (hustings.engine.core) read the registry; it needs them only typed
    from hustings.engine.core import GameSpec, GameState

#: entry-point group through which installed packages declare games ("module:SPEC")
ENTRY_POINT_GROUP = "hustings.games"


_REGISTRY: dict[str, GameSpec] = {}
_ENTRY_POINTS_LOADED = False
#: the first lookup loads the entry points; a server asks from several threads at once, and a thread that came
#: second must wait for the whole registry, not read it half loaded
_ENTRY_POINTS_LOCK = threading.RLock()
_ENTRY_POINTS_LOADING = False  # a game module asking the registry while it is being loaded sees what is there


def register(spec: GameSpec) -> GameSpec:
    """Make a game known (entry points do this for installed games; tests call it for their own)."""
    if spec.space is not None:
        _SPACES[spec.id] = spec.space
    _REGISTRY[spec.id] = spec
    return spec


def unregister(game: str) -> None:
    """Forget a game registered by :func:`register` (for tests)."""
    _REGISTRY.pop(game, None)
    _SPACES.pop(game, None)


def _load_entry_points() -> None:
    # Installed games declare themselves as entry points, so the engine never imports a game by name.
    global _ENTRY_POINTS_LOADED, _ENTRY_POINTS_LOADING
    if _ENTRY_POINTS_LOADED:
        return
    from hustings.engine import core  # GameSpec: core imports this module, so it is asked for when first needed
    with _ENTRY_POINTS_LOCK:
        if _ENTRY_POINTS_LOADED or _ENTRY_POINTS_LOADING:
            return
        _ENTRY_POINTS_LOADING = True
        try:
            for ep in metadata.entry_points(group=ENTRY_POINT_GROUP):
                if ep.name in _REGISTRY:
                    continue
                spec = ep.load()
                if not isinstance(spec, core.GameSpec) or spec.id != ep.name:
                    raise RuntimeError(f"entry point {ep.name} = {ep.value} does not name the GameSpec of "
                                       f"{ep.name!r}")
                register(spec)
            _ENTRY_POINTS_LOADED = True
        finally:
            _ENTRY_POINTS_LOADING = False


def list_games() -> list[str]:
    _load_entry_points()
    return sorted(_REGISTRY)


def get_spec(game: str) -> GameSpec:
    _load_entry_points()
    try:
        return _REGISTRY[game]
    except (KeyError, TypeError):
        raise ValueError(f"unknown game {_short(game)}; known games: {', '.join(sorted(_REGISTRY))}") from None


def make(game: str, players: int | Any | None = None, variant: str | Any | None = None, seed: int | Any | None = None,
         *, rules: Mapping[str, JSON] | None = None, **options: JSON) -> GameState:
    """Start a new game. Raises ValueError naming a bad game, variant, player count, seed, option or house rule.
    (``players``, ``variant`` and ``seed`` are typed ``... | Any``: they are checked here, and the compiled build,
    docs/build.md, would refuse a value of another type with a TypeError before the check could name it.)

    ``seed=None`` draws a fresh 128-bit seed from the operating system (what a game people play needs); pass
    a seed to make a game reproducible. ``rules``: house rules, ``{path: value}`` of the game's schema
    (:mod:`hustings.engine.house`; empty or None: the printed game); the state then carries the variant data."""
    spec = get_spec(game)
    variant = spec.default_variant if variant is None else variant
    if variant not in spec.variants:
        raise ValueError(f"unknown variant {_short(variant)} for {game}; variants: {', '.join(spec.variants)}")
    counts = spec.player_counts(variant)
    if players is None:
        players = counts[0]
    if isinstance(players, bool) or not isinstance(players, int) or players not in counts:
        raise ValueError(f"{game} {variant} takes {counts[0]} to {counts[-1]} players, not {_short(players)}")
    if seed is None:
        seed = fresh_seed()
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"seed must be a non-negative integer, not {_short(seed)}")
    for name in options:
        if name not in spec.options:
            known = ", ".join(["players", "variant", "seed", *spec.options])
            raise ValueError(f"unknown option {name!r} for {game}; options: {known}")
    if rules:
        from hustings.engine import house  # house builds on the kit, which builds on the core that imports this

        schema = house.require(game)
        made = schema.apply(rules, players, variant, options)
        extra: dict[str, JSON] = {} if made.data is schema.printed() else {"data": made.data}
        try:
            return spec.factory(players=players, variant=variant, seed=seed, **extra, **made.options)
        except ValueError as e:  # an option path's value the game refused: say which rules asked for it
            raise ValueError(f"{e} (house rules {house.format_rules(made.rules)})") from None
    elif rules is not None and not isinstance(rules, Mapping):
        raise ValueError(f"house rules must be a mapping of path to value, not {_short(rules)}")
    return spec.factory(players=players, variant=variant, seed=seed, **options)


#: records written before records carried versions (hustings 0.1) used this generator and no rules version
LEGACY_RNG = "splitmix64"


def check_record_versions(record: Mapping[str, JSON], spec: GameSpec) -> None:
    """Raise RecordError unless ``record`` was made by these rules and this generator."""
    rules = record.get("rules_version")
    rng = record.get("rng", LEGACY_RNG)
    if rules is None:
        raise RecordError(
            f"this record of {spec.id} was written before records carried a rules version (hustings 0.1, "
            f"generator {LEGACY_RNG}); it cannot be replayed by rules version {spec.rules_version}"
        )
    if rules != spec.rules_version:
        raise RecordError(
            f"this record was played under {spec.id} rules version {_short(rules)}; this program has rules "
            f"version {spec.rules_version}, which could play it out differently"
        )
    if rng != RNG_NAME:
        raise RecordError(f"this record used the random generator {_short(rng)}; this program has {RNG_NAME}")
    rules_field = record.get("rules", {})
    if not isinstance(rules_field, Mapping):
        raise RecordError(f"record field 'rules' must be an object of house rules, not {_short(rules_field)}")
    digest = record.get("data_digest")
    if digest is not None and not isinstance(digest, str):
        raise RecordError(f"record field 'data_digest' must be a string, not {_short(digest)}")


def replay(record: Mapping[str, JSON]) -> GameState:
    """Rebuild a state from :meth:`GameState.record`, action by action."""
    if not isinstance(record, Mapping):
        raise RecordError("a record must be a JSON object with game, options, seed and actions")
    try:
        game = record["game"]
        options = record.get("options", {})
        seed = record["seed"]
        actions = record["actions"]
    except (KeyError, TypeError, ValueError) as e:
        raise RecordError(f"record is missing a field: {e}") from None
    if not isinstance(game, str):
        raise RecordError(f"record field 'game' must be a game id, not {_short(game)}")
    if not isinstance(options, Mapping):
        raise RecordError(f"record field 'options' must be an object, not {_short(options)}")
    if not isinstance(actions, list):
        raise RecordError("record field 'actions' must be a list of [player, action id]")
    try:
        check_seed(seed)
    except ValueError as e:
        raise RecordError(f"record field 'seed': {e}") from None
    try:
        spec = get_spec(game)
    except ValueError as e:
        raise RecordError(str(e)) from None
    check_record_versions(record, spec)
    rules = record.get("rules") or {}
    assert isinstance(rules, Mapping)  # checked by check_record_versions
    try:
        state = make(game, seed=seed, rules={str(k): v for k, v in rules.items()},
                     **{str(k): v for k, v in options.items()})
    except (TypeError, ValueError) as e:
        raise RecordError(f"cannot start the recorded game: {e}") from None
    want = record.get("data_digest")
    if want is not None:
        from hustings.engine.house import data_digest, state_data

        data = state_data(state)
        have = data_digest(data) if data is not None else None
        if have != want:
            raise RecordError(
                f"this record was played under other data (digest {_short(want)}, here {have}): its house rules "
                f"differ or {game}'s data files were edited without a rules version bump"
            )
    for i, step in enumerate(actions):
        if not isinstance(step, list | tuple) or len(step) != 2:
            raise RecordError(f"action {i} is not [player, action id]: {_short(step)}")
        try:
            state.play(step[0], step[1])
        except IllegalActionError as e:
            raise RecordError(f"action {i} ({_short(step)}) is illegal: {e}") from None
    return state


__all__ = ["ENTRY_POINT_GROUP", "LEGACY_RNG", "check_record_versions", "get_spec", "list_games", "make", "register",
           "replay", "unregister"]

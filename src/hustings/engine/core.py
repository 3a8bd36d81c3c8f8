"""The game-agnostic core: actions, events, the state contract and the game registry.

A game state is plain data. The only ways in are :meth:`GameState.legal_actions` and
:meth:`GameState.apply`; the only ways out to a player are :meth:`GameState.view` and
:meth:`GameState.events`, both filtered for that player (``None`` is a spectator).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from hustings.engine.rng import Rng

JSON = Any  # a JSON-serializable value
LANGS: tuple[str, ...] = ("zh-Hans", "zh-Hant", "en")


class IllegalActionError(ValueError):
    """An action the rules do not allow now. The message names the rule; the state is unchanged."""


class RecordError(ValueError):
    """A record that cannot be replayed: unknown game, bad options, or an illegal action in it."""


def normalize_lang(lang: str | None) -> str:
    """Map a locale or language tag to one of :data:`LANGS` (default English)."""
    if not lang:
        return "en"
    tag = lang.replace("_", "-").split(".")[0].lower()
    if tag in ("zh-hant", "zh-tw", "zh-hk", "zh-mo") or tag.startswith("zh-hant"):
        return "zh-Hant"
    if tag.startswith("zh"):
        return "zh-Hans"
    return "en"


# --------------------------------------------------------------------------------------------- actions


_SPACES: dict[str, ActionSpace] = {}


def _action_by_id(game: str, action_id: int) -> Action:
    if game not in _SPACES:
        get_spec(game)  # importing the games registers their spaces
    return _SPACES[game][action_id]


class ActionSpace:
    """The fixed, ordered set of every action a game can ever take; the index is the stable action id.

    Games build one space at import time, so legal-action lists hand out shared immutable objects
    and no action is ever constructed on the hot path.
    """

    def __init__(self, game: str, describe: Callable[[Action, str], str]) -> None:
        _SPACES[game] = self
        self.game = game
        self._describe = describe
        self.actions: list[Action] = []
        self._by_key: dict[tuple[str, tuple[int, ...]], Action] = {}

    def add(self, kind: str, *args: int) -> Action:
        key = (kind, tuple(args))
        if key in self._by_key:
            raise ValueError(f"duplicate action {key}")
        a = Action(len(self.actions), kind, key[1], self)
        self.actions.append(a)
        self._by_key[key] = a
        return a

    def get(self, kind: str, *args: int) -> Action:
        return self._by_key[(kind, tuple(args))]

    def __len__(self) -> int:
        return len(self.actions)

    def __getitem__(self, action_id: int) -> Action:
        return self.actions[action_id]

    def resolve(self, value: object) -> Action:
        """Turn an Action, an integer id or a JSON form into this space's Action, or raise."""
        if isinstance(value, Action):
            if value.space is not self:
                raise IllegalActionError(f"action {value!r} belongs to another game, not {self.game}")
            return value
        if isinstance(value, bool):
            raise IllegalActionError(f"malformed action {value!r}: expected an Action, an id or a JSON form")
        if isinstance(value, int):
            if 0 <= value < len(self.actions):
                return self.actions[value]
            raise IllegalActionError(f"unknown action id {value} (this game has ids 0..{len(self.actions) - 1})")
        if isinstance(value, Mapping):
            if "id" in value and isinstance(value["id"], int) and not isinstance(value["id"], bool):
                return self.resolve(value["id"])
            kind, args = value.get("kind"), value.get("args", [])
            if isinstance(kind, str) and isinstance(args, list | tuple):
                a = self._by_key.get((kind, tuple(args)))
                if a is not None:
                    return a
                raise IllegalActionError(f"unknown action {kind}{tuple(args)} in {self.game}")
        raise IllegalActionError(f"malformed action {value!r}: expected an Action, an id or a JSON form")


class Action:
    """An immutable action: a stable integer ``id``, a ``kind`` and integer ``args``."""

    __slots__ = ("args", "id", "kind", "space")

    id: int
    kind: str
    args: tuple[int, ...]
    space: ActionSpace

    def __init__(self, id: int, kind: str, args: tuple[int, ...], space: ActionSpace) -> None:
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "args", args)
        object.__setattr__(self, "space", space)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Action is immutable")

    # Equality and hashing stay identity-based: each action exists once per space, and identity keeps
    # ``action in legal_list`` at C speed on the hot path.

    def __int__(self) -> int:
        return self.id

    def __reduce__(self) -> tuple[Any, tuple[str, int]]:
        # pickle by reference: the one Action object with this id in its game's space
        return (_action_by_id, (self.space.game, self.id))

    def __repr__(self) -> str:
        return f"<Action {self.id} {self.kind}{self.args}>"

    def text(self, lang: str = "en") -> str:
        """Readable text in ``zh-Hans``, ``zh-Hant`` or ``en``."""
        return self.space._describe(self, normalize_lang(lang))

    def to_json(self) -> dict[str, JSON]:
        return {"id": self.id, "kind": self.kind, "args": list(self.args)}


# ---------------------------------------------------------------------------------------------- events


Renderer = Callable[["Event", str, Any], str]


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened. ``to`` is None for a public event, else the one player who may see it.

    ``data`` is structured (numbers carry their breakdown); ``message(lang)`` renders it. The renderer is
    a module-level function and ``context`` an immutable value (e.g. the seats' parties): an event never
    refers to the state that emitted it, so logs shared between clones keep no state alive.
    """

    type: str
    data: Mapping[str, JSON]
    to: int | None = None
    render: Renderer | None = field(default=None, compare=False, repr=False)
    context: Any = field(default=None, compare=False, repr=False)

    def visible_to(self, player: int | None) -> bool:
        return self.to is None or self.to == player

    def message(self, lang: str = "en") -> str:
        if self.render is None:
            return self.type
        return self.render(self, normalize_lang(lang), self.context)

    def to_json(self, lang: str | None = None) -> dict[str, JSON]:
        out: dict[str, JSON] = {"type": self.type, "to": self.to, "data": dict(self.data)}
        if lang is not None:
            out["message"] = self.message(lang)
        return out


# A persistent singly linked list (newest first): appending is O(1) and a clone shares the whole past.
Chain = tuple[Any, "Chain"] | None


def chain_items(chain: Chain) -> list[Any]:
    out: list[Any] = []
    while chain is not None:
        out.append(chain[0])
        chain = chain[1]
    out.reverse()
    return out


# ----------------------------------------------------------------------------------------------- state


class GameState(ABC):
    """Base of every game state.

    Subclasses keep their data in plain attributes (ints, lists, dicts of those) and implement the
    abstract hooks. The base class owns input checking, the action history and the event log.
    """

    GAME_ID: ClassVar[str]
    SPACE: ClassVar[ActionSpace]

    game_options: dict[str, JSON]
    seed: int
    rng: Rng
    _history: Chain
    _log: Chain
    _legal_player: int
    _legal_step: int
    _legal: list[Action]
    _nsteps: int

    def _init_base(self, options: dict[str, JSON], seed: int) -> None:
        self.game_options = dict(options)
        self.seed = seed
        self.rng = Rng(seed)
        self._history = None
        self._log = None
        self._legal_player = -1
        self._legal_step = -1
        self._legal = []
        self._nsteps = 0

    def _copy_base_into(self, other: GameState) -> None:
        other.game_options = self.game_options  # never mutated after construction
        other.seed = self.seed
        other.rng = Rng(self.rng.state)
        other._history = self._history
        other._log = self._log
        other._legal_player = -1
        other._legal_step = -1
        other._legal = []
        other._nsteps = self._nsteps

    # -- hooks for games ------------------------------------------------------------------------

    @property
    @abstractmethod
    def num_players(self) -> int: ...

    @property
    @abstractmethod
    def current_players(self) -> tuple[int, ...]:
        """Players who must act now (several during a secret simultaneous step)."""

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def _legal_actions(self, player: int) -> list[Action]:
        """Legal actions of a player who is in ``current_players``."""

    @abstractmethod
    def _apply(self, player: int, action: Action) -> None:
        """Apply a legal action. Must not raise for a legal action."""

    @abstractmethod
    def scores(self) -> list[dict[str, int]]:
        """Per player: each scoring component and ``total``."""

    @abstractmethod
    def view(self, player: int | None) -> dict[str, JSON]:
        """Everything ``player`` may know, JSON-serializable; None = spectator."""

    @abstractmethod
    def clone(self) -> GameState: ...

    @abstractmethod
    def resample(self, player: int | None, rng: random.Random | Rng) -> GameState:
        """A full state consistent with everything ``player`` can see."""

    # -- public API ------------------------------------------------------------------------------

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Legal actions of ``player`` (default: the single current player); empty if they need not act.

        Returns a fresh list: what a caller does with it can never change what ``apply`` accepts."""
        if player is None:
            cur = self.current_players
            if len(cur) != 1:
                return []
            player = cur[0]
        return list(self._cached_legal(player))

    def _cached_legal(self, player: int) -> list[Action]:
        # apply() checks against this list, so it never leaves the state
        if self._legal_step == self._nsteps and self._legal_player == player:
            return self._legal
        if self.is_over or player not in self.current_players:
            return []
        acts = self._legal_actions(player)
        self._legal_player = player
        self._legal_step = self._nsteps
        self._legal = acts
        return acts

    def apply(self, player: int, action: object) -> None:
        """Apply ``action`` (an Action, its id or its JSON form) for ``player``.

        Raises :class:`IllegalActionError` naming the broken rule; the state is then unchanged.
        """
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < self.num_players:
            raise IllegalActionError(f"unknown player {player!r} (players are 0..{self.num_players - 1})")
        act = self.SPACE.resolve(action)
        if self.is_over:
            raise IllegalActionError("the game is over")
        if player not in self.current_players:
            raise IllegalActionError(
                f"player {player} acted out of turn: waiting for {list(self.current_players)}"
            )
        legal = self._cached_legal(player)
        if act not in legal:
            raise IllegalActionError(self._why_illegal(player, act))
        self._history = ((player, act.id), self._history)
        self._nsteps += 1
        self._apply(player, act)

    def _why_illegal(self, player: int, action: Action) -> str:
        """Games override to name the rule; the default names the action and the phase."""
        return f"{action.text('en')} is not legal for player {player} now"

    def emit(
        self,
        type: str,
        data: dict[str, JSON],
        to: int | None = None,
    ) -> None:
        self._log = (Event(type, data, to, self._event_renderer(), self._event_context()), self._log)

    def _event_renderer(self) -> Renderer | None:
        """The game's module-level message function (default: messages are the event type)."""
        return None

    def _event_context(self) -> Any:
        """An immutable value the game's renderer needs besides the event data (default: none)."""
        return None

    def __getstate__(self) -> dict[str, Any]:
        # the legal-action cache is derived data; Actions pickle by (game, id) anyway
        d = dict(self.__dict__)
        d["_legal"] = []
        d["_legal_player"] = -1
        d["_legal_step"] = -1
        return d

    def __setstate__(self, d: dict[str, Any]) -> None:
        self.__dict__.update(d)

    def events(self, player: int | None) -> list[Event]:
        """Events ``player`` may see, oldest first (spectator: public events only)."""
        return [e for e in chain_items(self._log) if e.to is None or e.to == player]

    def all_events(self) -> Iterator[Event]:
        """Every event, private ones included: for records and referees, never for a player."""
        return iter(chain_items(self._log))

    @property
    def history(self) -> list[tuple[int, int]]:
        return chain_items(self._history)

    @property
    def step_count(self) -> int:
        return self._nsteps

    def winners(self) -> list[int]:
        """Players with the highest total (several on a tie); empty until the game is over."""
        if not self.is_over:
            return []
        totals = [s["total"] for s in self.scores()]
        best = max(totals)
        return [p for p, t in enumerate(totals) if t == best]

    def record(self) -> dict[str, JSON]:
        """Game, options, seed and actions: enough to replay exactly. Holds the seed, so it is
        for after the game or for the referee, never for a player during play."""
        return {
            "game": self.GAME_ID,
            "options": dict(self.game_options),
            "seed": self.seed,
            "actions": [[p, a] for p, a in self.history],
        }

    def state_key(self) -> tuple[Any, ...]:
        """Comparable snapshot of the full state (for equality tests)."""
        return (self.GAME_ID, self.seed, tuple(sorted(self.game_options.items())), self._data_key())

    @abstractmethod
    def _data_key(self) -> tuple[Any, ...]: ...

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameState) and self.state_key() == other.state_key()

    __hash__ = None  # type: ignore[assignment]


# -------------------------------------------------------------------------------------------- registry


@dataclass(frozen=True)
class GameSpec:
    """How to build a game and what it accepts."""

    id: str
    title: dict[str, str]
    factory: Callable[..., GameState]
    variants: tuple[str, ...]
    min_players: int
    max_players: int
    default_variant: str
    players_for_variant: Callable[[str], Sequence[int]] | None = None
    # names of the sides a seat can play (Die Macher: parties), indexed as the view's "party" field
    sides: Sequence[Mapping[str, str]] = ()
    # scoring component -> language -> label, for tables of scores() (the key "total" included)
    score_labels: Mapping[str, Mapping[str, str]] = field(default_factory=dict)

    def side_name(self, side: int, lang: str) -> str:
        if not isinstance(side, int) or not 0 <= side < len(self.sides):
            return str(side)
        names = self.sides[side]
        return names.get(normalize_lang(lang), names.get("en", str(side)))

    def score_label(self, component: str, lang: str) -> str:
        labels = self.score_labels.get(component, {})
        return labels.get(normalize_lang(lang), labels.get("en", component))

    def player_counts(self, variant: str) -> list[int]:
        if self.players_for_variant is not None:
            return list(self.players_for_variant(variant))
        return list(range(self.min_players, self.max_players + 1))


_REGISTRY: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> None:
    _REGISTRY[spec.id] = spec


def _load_builtin_games() -> None:
    # Importing a game package registers it; done lazily so the engine never imports a game at load.
    import hustings.games  # noqa: F401


def list_games() -> list[str]:
    _load_builtin_games()
    return sorted(_REGISTRY)


def get_spec(game: str) -> GameSpec:
    _load_builtin_games()
    try:
        return _REGISTRY[game]
    except KeyError:
        raise ValueError(f"unknown game {game!r}; known games: {', '.join(sorted(_REGISTRY))}") from None


def make(game: str, players: int | None = None, variant: str | None = None, seed: int = 0,
         **options: JSON) -> GameState:
    """Start a new game. Raises ValueError naming a bad game, variant or player count."""
    spec = get_spec(game)
    variant = spec.default_variant if variant is None else variant
    if variant not in spec.variants:
        raise ValueError(f"unknown variant {variant!r} for {game}; variants: {', '.join(spec.variants)}")
    counts = spec.player_counts(variant)
    if players is None:
        players = counts[0]
    if isinstance(players, bool) or not isinstance(players, int) or players not in counts:
        raise ValueError(f"{game} {variant} takes {counts[0]} to {counts[-1]} players, not {players!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be an integer, not {seed!r}")
    return spec.factory(players=players, variant=variant, seed=seed, **options)


def replay(record: Mapping[str, JSON]) -> GameState:
    """Rebuild a state from :meth:`GameState.record`, action by action."""
    if not isinstance(record, Mapping):
        raise RecordError("a record must be a JSON object with game, options, seed and actions")
    try:
        game = record["game"]
        options = dict(record.get("options", {}))
        seed = record["seed"]
        actions = record["actions"]
    except (KeyError, TypeError, ValueError) as e:
        raise RecordError(f"record is missing a field: {e}") from None
    if not isinstance(actions, list):
        raise RecordError("record field 'actions' must be a list of [player, action id]")
    try:
        state = make(str(game), seed=seed, **options)
    except (TypeError, ValueError) as e:
        raise RecordError(f"cannot start the recorded game: {e}") from None
    for i, step in enumerate(actions):
        if not isinstance(step, list | tuple) or len(step) != 2:
            raise RecordError(f"action {i} is not [player, action id]: {step!r}")
        try:
            state.apply(step[0], step[1])
        except IllegalActionError as e:
            raise RecordError(f"action {i} ({step!r}) is illegal: {e}") from None
    return state

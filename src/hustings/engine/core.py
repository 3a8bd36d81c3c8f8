"""The game-agnostic core: actions, events, the state contract and the game registry.

A game state is plain data. The only ways in are :meth:`GameState.legal_actions` and
:meth:`GameState.apply`; the only ways out to a player are :meth:`GameState.view` and
:meth:`GameState.events`, both filtered for that player (``None`` is a spectator).
"""

from __future__ import annotations

import operator
import random
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import import_module, metadata
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, TypeVar, overload

from hustings.engine.outcome import OUTCOME_KINDS, Outcome, ranked_outcome
from hustings.engine.rng import RNG_NAME, Rng, check_seed, fresh_seed

if TYPE_CHECKING:  # the kinds (hustings.engine.adapters) build on Action and Event from here
    from hustings.engine.adapters import AdapterKind

_A = TypeVar("_A")

#: the engine's version, written into every record beside the game's rules version
ENGINE_VERSION = "0.2.0"
#: entry-point group through which installed packages declare games ("module:SPEC")
ENTRY_POINT_GROUP = "hustings.games"

JSON = Any  # a JSON-serializable value
LANGS: tuple[str, ...] = ("zh-Hans", "zh-Hant", "en")


class IllegalActionError(ValueError):
    """An action the rules do not allow now. The message names the rule; the state is unchanged."""


class RecordError(ValueError):
    """A record that cannot be replayed: unknown game, bad options, or an illegal action in it."""


class ResampleError(RuntimeError):
    """A game could not deal a sample consistent with a player's information (never answered with the truth)."""


def as_index(value: object, what: str) -> int:
    """An integer from ``value`` (int or numpy integer, never a bool or float), else IllegalActionError."""
    if isinstance(value, bool):
        raise IllegalActionError(f"{what} must be an integer, not {value!r}")
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise IllegalActionError(f"{what} must be an integer, not {_short(value)}") from None


def _short(value: object, limit: int = 60) -> str:
    try:
        text = repr(value)
    except Exception:  # a hostile __repr__ must not turn bad input into a crash
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


_LANG_SET = frozenset(LANGS)


def normalize_lang(lang: str | None) -> str:
    """Map a locale or language tag to one of :data:`LANGS` (default English)."""
    if lang is not None and lang in _LANG_SET:  # one of ours already: asked several times a move by every text
        return lang
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
        """Turn an Action, an integer id (numpy integers too) or a JSON form into this space's Action.

        Anything else raises :class:`IllegalActionError` naming what was wrong: floats and booleans are not
        ids, a JSON form's ``args`` must be a list of integers, and a form giving both an ``id`` and
        ``kind``/``args`` must have them agree.
        """
        if isinstance(value, Action):
            if value.space is not self:
                raise IllegalActionError(f"action {value!r} belongs to another game, not {self.game}")
            return value
        if isinstance(value, Mapping):
            return self._resolve_json(value)
        if isinstance(value, bool | float | str | bytes) or not hasattr(value, "__index__"):
            raise IllegalActionError(
                f"malformed action {_short(value)}: expected an Action, an integer id or a JSON form"
            )
        action_id = as_index(value, "an action id")
        if 0 <= action_id < len(self.actions):
            return self.actions[action_id]
        raise IllegalActionError(f"unknown action id {_short(action_id)} (ids are 0..{len(self.actions) - 1})")

    def _resolve_json(self, value: Mapping[Any, Any]) -> Action:
        unknown = [k for k in value if k not in ("id", "kind", "args")]
        if unknown:
            raise IllegalActionError(f"malformed action: unknown field {_short(unknown[0])} (fields: id, kind, args)")
        if "id" in value and isinstance(value["id"], Mapping):  # no nesting: a bounded check for any input
            raise IllegalActionError(f"malformed action: id must be an integer, not {_short(value['id'])}")
        by_id = self.resolve(value["id"]) if "id" in value else None
        if "kind" not in value and "args" not in value:
            if by_id is None:
                raise IllegalActionError("malformed action {}: give an id or a kind with args")
            return by_id
        kind, args = value.get("kind"), value.get("args", [])
        if not isinstance(kind, str):
            raise IllegalActionError(f"malformed action: kind must be a string, not {_short(kind)}")
        if not isinstance(args, list | tuple):
            raise IllegalActionError(f"malformed action: args must be a list of integers, not {_short(args)}")
        key_args = []
        for i, x in enumerate(args):
            if isinstance(x, bool | float) or not hasattr(x, "__index__"):
                raise IllegalActionError(f"malformed action: args[{i}] must be an integer, not {_short(x)}")
            key_args.append(operator.index(x))
        a = self._by_key.get((kind, tuple(key_args)))
        if a is None:
            raise IllegalActionError(f"unknown action {_short(kind)}{tuple(key_args)} in {self.game}")
        if by_id is not None and by_id is not a:
            raise IllegalActionError(
                f"action id {by_id.id} is {by_id.kind}{by_id.args}, but kind and args say {a.kind}{a.args}"
            )
        return a


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


class FrozenDict(dict[str, Any]):
    """A dict that refuses changes: event data handed to every player is shared, so nobody may edit it."""

    __slots__ = ()

    def _refuse(self, *args: object, **kwargs: object) -> Any:
        raise TypeError("event data is read-only; copy it (e.to_json()) to change it")

    __setitem__ = __delitem__ = __ior__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse

    def __reduce__(self) -> tuple[Any, tuple[dict[str, Any]]]:
        return (FrozenDict, (dict(self),))

    def __copy__(self) -> FrozenDict:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> FrozenDict:
        return self


class FrozenList(list[Any]):
    """A list that refuses changes (it still compares equal to a list with the same items)."""

    __slots__ = ()

    def _refuse(self, *args: object, **kwargs: object) -> Any:
        raise TypeError("event data is read-only; copy it (e.to_json()) to change it")

    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse
    append = extend = insert = pop = remove = clear = sort = reverse = _refuse

    def __reduce__(self) -> tuple[Any, tuple[list[Any]]]:
        return (FrozenList, (list(self),))

    def __copy__(self) -> FrozenList:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> FrozenList:
        return self


_SCALARS = frozenset({int, str, float, bool, type(None)})


def freeze(value: Any) -> Any:
    """Dicts become :class:`FrozenDict` and lists :class:`FrozenList` (tuples stay tuples), recursively; a fresh
    copy, so later changes to what the game passed in never reach the event. Runs on every emit: the common
    shapes (flat dicts, lists of numbers) take a fast path."""
    t = type(value)
    if t is dict or t is FrozenDict:
        for v in value.values():
            if type(v) not in _SCALARS:
                return FrozenDict({k: v if type(v) in _SCALARS else freeze(v) for k, v in value.items()})
        return FrozenDict(value)  # flat: one copy in C
    if t is list or t is FrozenList:
        for v in value:
            if type(v) not in _SCALARS:
                return FrozenList([freeze(v) for v in value])
        return FrozenList(value)
    if t is tuple:
        return tuple([freeze(v) for v in value])
    return value


def thaw(value: Any) -> Any:
    """Plain JSON data (dicts and lists) from frozen data; always a fresh copy."""
    if isinstance(value, dict):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [thaw(v) for v in value]
    return value


class Event(NamedTuple):
    """Something that happened. ``to`` is None for a public event, else the one player who may see it.

    ``step`` is the number of actions applied when it happened (0 for setup before the first action).
    ``data`` is structured (numbers carry their breakdown) and read-only; ``message(lang)`` renders it. The
    renderer is a module-level function and ``context`` an immutable value (e.g. the seats' parties): an
    event never refers to the state that emitted it, so logs shared between clones keep no state alive.
    An immutable named tuple: one is made for every event on the hot path, and a tuple is the cheapest.
    """

    type: str
    data: Mapping[str, JSON]
    to: int | None = None
    step: int = 0
    render: Renderer | None = None
    context: Any = None

    def visible_to(self, player: int | None) -> bool:
        return self.to is None or self.to == player

    def message(self, lang: str = "en") -> str:
        if self.render is None:
            return self.type
        return self.render(self, normalize_lang(lang), self.context)

    def to_json(self, lang: str | None = None) -> dict[str, JSON]:
        out: dict[str, JSON] = {"type": self.type, "to": self.to, "step": self.step, "data": thaw(self.data)}
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
    abstract hooks. The base class owns input checking, the action history, the event log, cloning of its
    own fields and the plumbing of :meth:`resample`.
    """

    GAME_ID: ClassVar[str]
    SPACE: ClassVar[ActionSpace]
    #: True only for a game where, once dealt, nothing is hidden from any seat or spectator and no action draws
    #: on chance (逃出總統府): then no action can reveal anything, and undo needs no re-dealt samples. The
    #: contract suite checks the claim on random games.
    PERFECT_INFORMATION: ClassVar[bool] = False

    game_options: dict[str, JSON]
    seed: int
    rng: Rng
    _history: Chain
    _log: Chain
    _legal_player: int
    _legal_step: int
    _legal: list[Action]
    _nsteps: int

    #: attributes the engine owns; a game's ``_clone_data`` and ``_position_key`` leave them alone
    BASE_FIELDS: ClassVar[frozenset[str]] = frozenset(
        {"game_options", "seed", "rng", "_history", "_log", "_legal_player", "_legal_step", "_legal", "_nsteps"}
    )

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
        other.rng = self.rng.copy()
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
    def view(self, player: int | None) -> Any:
        """Everything ``player`` may know, JSON-serializable and independent of the state; None = spectator."""

    def _clone_data(self, new: Any) -> None:
        """Copy the game's own fields into ``new`` (a bare instance); the engine has copied its fields."""
        raise NotImplementedError(f"{type(self).__name__} implements neither _clone_data nor clone")

    def _resample_hidden(self, new: Any, player: int | None, rng: Rng) -> None:
        """Re-deal in ``new`` (a clone) everything ``player`` cannot see, drawing from ``rng``.

        Must never keep the true hidden information as a fallback: raise :class:`ResampleError` instead."""
        raise NotImplementedError(f"{type(self).__name__} implements neither _resample_hidden nor resample")

    def _position_key(self) -> tuple[Any, ...]:
        """Comparable snapshot of the game's own data (no seed, rng, history or log)."""
        raise NotImplementedError(f"{type(self).__name__} implements no _position_key")

    # -- public API ------------------------------------------------------------------------------

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Legal actions of ``player`` (default: the single current player); empty if they need not act.

        Returns a fresh list: what a caller does with it can never change what ``apply`` accepts."""
        if player is None:
            cur = self.current_players
            if len(cur) != 1:
                return []
            player = cur[0]
        else:
            player = self._check_player(player, allow_none=False)
        # _cached_legal inlined: one call fewer on every step of every game
        if self._legal_step == self._nsteps and self._legal_player == player:
            return list(self._legal)
        if self.is_over or player not in self.current_players:
            return []
        acts = self._legal_actions(player)
        self._legal_player = player
        self._legal_step = self._nsteps
        self._legal = acts
        return list(acts)

    def _check_player(self, player: object, allow_none: bool) -> Any:
        if type(player) is int and 0 <= player < self.num_players:  # the common case, first
            return player
        if player is None and allow_none:
            return None
        if isinstance(player, bool) or not hasattr(player, "__index__"):
            raise IllegalActionError(f"unknown player {_short(player)} (players are 0..{self.num_players - 1})")
        p = operator.index(player)
        if not 0 <= p < self.num_players:
            raise IllegalActionError(f"unknown player {_short(player)} (players are 0..{self.num_players - 1})")
        return p

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

    def apply(self, player: int, action: object) -> list[Event]:
        """Apply ``action`` (an Action, its id or its JSON form) for ``player``; return the events it produced
        (private ones included: filter them with :meth:`Event.visible_to` before showing them to anyone).

        Raises :class:`IllegalActionError` naming the broken rule; the state is then unchanged.
        """
        if (
            type(player) is int
            and player == self._legal_player
            and self._legal_step == self._nsteps
            and action.__class__ is Action
            and action in self._legal
        ):
            # The usual call: an Action from the list legal_actions just gave this player. That list is cached
            # only for a current player of a game not over, at this step, so every check below would pass.
            act = action
        else:
            player = self._check_player(player, allow_none=False)
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
        before = self._log
        self._history = ((player, act.id), self._history)
        self._nsteps += 1
        self._apply(player, act)
        produced: list[Event] = []
        node = self._log
        while node is not before and node is not None:
            produced.append(node[0])
            node = node[1]
        produced.reverse()
        return produced

    def _why_illegal(self, player: int, action: Action) -> str:
        """Games override to name the rule; the default names the action and the phase."""
        return f"{action.text('en')} is not legal for player {player} now"

    def emit(
        self,
        type: str,
        data: dict[str, JSON],
        to: int | None = None,
    ) -> None:
        for v in data.values():
            if v.__class__ not in _SCALARS:
                frozen = freeze(data)
                break
        else:
            frozen = FrozenDict(data)  # the common flat event: one copy in C
        self._log = (Event(type, frozen, to, self._nsteps, self._event_renderer(), self._event_context()), self._log)

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
        player = self._check_player(player, allow_none=True)
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

    # -- copies and samples -----------------------------------------------------------------------

    def clone(self) -> GameState:
        """An independent copy sharing nothing mutable with this state (history and log are persistent)."""
        new = type(self).__new__(type(self))
        self._copy_base_into(new)
        self._clone_data(new)
        return new

    RESAMPLE_TRIES: ClassVar[int] = 8

    def resample(self, player: int | None, rng: random.Random | Rng) -> GameState:
        """A full state consistent with everything ``player`` can see, the rest dealt anew from ``rng``.

        The sample carries a fresh seed and generator, no history, and only the events ``player`` may see, so
        searching on it reveals nothing else. A game whose dealing fails is retried from the same stream a few
        times; then :class:`ResampleError` is raised (a sample never falls back to the true hidden cards)."""
        player = self._check_player(player, allow_none=True)
        if not isinstance(rng, Rng | random.Random):
            raise TypeError(f"resample needs a random.Random or an engine Rng, not {type(rng).__name__}")
        last: ResampleError | None = None
        for _ in range(self.RESAMPLE_TRIES):
            new = self.clone()
            seed = rng.getrandbits(128)
            new.seed = seed
            new.rng = Rng(seed)
            new._history = None
            new._log = _filter_chain(self._log, player)
            try:
                self._resample_hidden(new, player, Rng.from_random(rng))
            except ResampleError as e:
                last = e
                continue
            return new
        raise ResampleError(f"{self.GAME_ID}: no consistent deal found for player {player}: {last}")

    # -- ends -----------------------------------------------------------------------------------

    def outcome(self) -> Outcome:
        """How the game ended for each seat; the default: the highest ``scores()[p]["total"]`` wins, ties at
        the top share the win, every other seat loses (utilities: the win share on [-1, 1], see
        :class:`Outcome`), and ranks follow the totals.

        Raises ValueError while the game goes on."""
        if not self.is_over:
            raise ValueError("the game is not over: no outcome yet")
        return ranked_outcome([s["total"] for s in self.scores()])

    def winners(self) -> list[int]:
        """The winning seats (several on a shared win, none when everyone lost); empty until the game is over."""
        if not self.is_over:
            return []
        return list(self.outcome().winners)

    # -- records and keys -------------------------------------------------------------------------

    def record(self) -> dict[str, JSON]:
        """Game, versions, options, seed and actions: enough to replay exactly. Holds the seed, so it is
        for after the game or for the referee, never for a player during play."""
        return {
            "game": self.GAME_ID,
            "rules_version": get_spec(self.GAME_ID).rules_version if self.GAME_ID in _REGISTRY else None,
            "engine_version": ENGINE_VERSION,
            "rng": RNG_NAME,
            "options": dict(self.game_options),
            "seed": self.seed,
            "actions": [[p, a] for p, a in self.history],
        }

    def position_key(self) -> tuple[Any, ...]:
        """The position without how it was reached: game, options and the game's data (no seed, generator,
        history or log), for transposition tables and solvers."""
        return (self.GAME_ID, tuple(sorted(self.game_options.items())), self._position_key())

    def state_key(self) -> tuple[Any, ...]:
        """Comparable snapshot of the full state (for equality tests): the position, seed, generator, history."""
        return (self.position_key(), self.seed, self.rng._key, self.rng.position, tuple(self.history))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameState) and self.state_key() == other.state_key()

    __hash__ = None  # type: ignore[assignment]


def _filter_chain(chain: Chain, player: int | None) -> Chain:
    """The log as ``player`` may see it (a fresh chain of the visible events)."""
    out: Chain = None
    for e in chain_items(chain):
        if e.to is None or e.to == player:
            out = (e, out)
    return out


# -------------------------------------------------------------------------------------------- registry


@dataclass(frozen=True)
class GameSpec:
    """One game's declaration: everything interfaces need to offer it, without making a state.

    ``adapters`` names the game's optional adapters by kind as ``"module:attribute"`` strings, imported only when
    asked for (:meth:`adapter`). The kinds are declared once each with their type (:mod:`hustings.engine.adapters`,
    listed in docs/new-game.md): ``bot``, ``rl_encoder``, ``tui``, ``keys``, ``schema``, ``web`` and ``words``
    (every word an interface shows: :class:`hustings.engine.words.Words`).
    """

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
    #: changes whenever the same (options, seed, actions) could play out differently; records carry it
    rules_version: str = "1"
    #: the game's action space, available without making a state
    space: ActionSpace | None = None
    #: "ranked" (seats ranked by the game's outcome) or "solo" (one seat, won or lost)
    outcome: str = "ranked"
    #: options ``make()`` accepts besides players, variant and seed: name -> short description
    options: Mapping[str, str] = field(default_factory=dict)
    #: options a table where a person plays sets, unless whoever sets up the table gives them: name -> value
    #: (a puzzle's action limit, say, that programs need and people do not). ``make()`` never applies them
    person_options: Mapping[str, Any] = field(default_factory=dict)
    adapters: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.outcome not in OUTCOME_KINDS:
            raise ValueError(f"{self.id}: outcome must be one of {OUTCOME_KINDS}, not {self.outcome!r}")
        if self.default_variant not in self.variants:
            raise ValueError(f"{self.id}: default variant {self.default_variant!r} is not among {self.variants}")
        unknown = [k for k in self.person_options if k not in self.options]
        if unknown:
            raise ValueError(f"{self.id}: person_options names {', '.join(unknown)}, not among its options")

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

    def has_adapter(self, name: str) -> bool:
        return name in self.adapters

    @overload
    def adapter(self, kind: AdapterKind[_A]) -> _A | None: ...

    @overload
    def adapter(self, kind: str) -> Any: ...

    def adapter(self, kind: AdapterKind[Any] | str) -> Any:
        """The game's adapter of ``kind`` (imported on first use and checked against the kind's type: a TypeError
        names a wrong one), or None if the game has none. A kind's bare name gives the object unchecked and
        untyped, for callers not yet moved to the declared kinds (:mod:`hustings.engine.adapters`)."""
        name = kind if isinstance(kind, str) else kind.name
        target = self.adapters.get(name)
        if target is None:
            return None
        module, _, attr = target.partition(":")
        obj: Any = import_module(module)
        for part in attr.split(".") if attr else ():
            obj = getattr(obj, part)
        return obj if isinstance(kind, str) else kind.accept(self.id, obj)


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
    with _ENTRY_POINTS_LOCK:
        if _ENTRY_POINTS_LOADED or _ENTRY_POINTS_LOADING:
            return
        _ENTRY_POINTS_LOADING = True
        try:
            for ep in metadata.entry_points(group=ENTRY_POINT_GROUP):
                if ep.name in _REGISTRY:
                    continue
                spec = ep.load()
                if not isinstance(spec, GameSpec) or spec.id != ep.name:
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


def make(game: str, players: int | None = None, variant: str | None = None, seed: int | None = None,
         **options: JSON) -> GameState:
    """Start a new game. Raises ValueError naming a bad game, variant, player count, seed or option.

    ``seed=None`` draws a fresh 128-bit seed from the operating system (what a game people play needs); pass
    a seed to make a game reproducible."""
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
    try:
        state = make(game, seed=seed, **{str(k): v for k, v in options.items()})
    except (TypeError, ValueError) as e:
        raise RecordError(f"cannot start the recorded game: {e}") from None
    for i, step in enumerate(actions):
        if not isinstance(step, list | tuple) or len(step) != 2:
            raise RecordError(f"action {i} is not [player, action id]: {_short(step)}")
        try:
            state.apply(step[0], step[1])
        except IllegalActionError as e:
            raise RecordError(f"action {i} ({_short(step)}) is illegal: {e}") from None
    return state

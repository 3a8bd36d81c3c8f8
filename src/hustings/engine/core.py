"""The game-agnostic core: the state contract (:class:`GameState`) and a game's declaration (:class:`GameSpec`).

A game state is plain data. The only ways in are :meth:`GameState.legal_actions` and
:meth:`GameState.apply`; the only ways out to a player are :meth:`GameState.view` and
:meth:`GameState.events`, both filtered for that player (``None`` is a spectator).

The rest of the engine is beside it, and every name stays importable from here too: actions
(:mod:`hustings.engine.actions`), events (:mod:`hustings.engine.events`), the registry, ``make`` and ``replay``
(:mod:`hustings.engine.registry`), the errors, languages and input checks (:mod:`hustings.engine.basics`).
"""

from __future__ import annotations

import operator
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import import_module
from typing import TYPE_CHECKING, Any, ClassVar, Self, TypeVar, overload

from mypy_extensions import mypyc_attr

from hustings.engine.actions import Action, ActionSpace, _action_by_id
from hustings.engine.basics import (
    JSON,
    LANGS,
    IllegalActionError,
    RecordError,
    ResampleError,
    _short,
    as_index,
    normalize_lang,
)
from hustings.engine.events import (
    Chain,
    Event,
    FrozenDict,
    FrozenList,
    Renderer,
    chain_items,
    freeze,
    thaw,
)
from hustings.engine.outcome import OUTCOME_KINDS, Outcome, ranked_outcome
from hustings.engine.registry import (
    _REGISTRY,
    ENTRY_POINT_GROUP,
    LEGACY_RNG,
    check_record_versions,
    get_spec,
    list_games,
    make,
    register,
    replay,
    unregister,
)
from hustings.engine.rng import RNG_NAME, Rng

if TYPE_CHECKING:  # the kinds (hustings.engine.adapters) build on Action and Event from here
    from hustings.engine.adapters import AdapterKind

_A = TypeVar("_A")
_tuple_new = tuple.__new__

#: the engine's version, written into every record beside the game's rules version
ENGINE_VERSION = "0.2.0"

__all__ = [
    "ENGINE_VERSION",
    "ENTRY_POINT_GROUP",
    "JSON",
    "LANGS",
    "LEGACY_RNG",
    "Action",
    "ActionSpace",
    "Chain",
    "Event",
    "FrozenDict",
    "FrozenList",
    "GameSpec",
    "GameState",
    "IllegalActionError",
    "RecordError",
    "Renderer",
    "ResampleError",
    "_action_by_id",  # Actions pickled before the split name it here
    "as_index",
    "chain_items",
    "check_record_versions",
    "freeze",
    "get_spec",
    "list_games",
    "make",
    "normalize_lang",
    "register",
    "replay",
    "thaw",
    "unregister",
]


# ----------------------------------------------------------------------------------------------- state


#: a seat number (or None where a spectator is meant) from anyone: the entry points check it themselves and refuse a
#: bad one with IllegalActionError, so their signature takes any value (a compiled build, docs/build.md, would
#: otherwise refuse it with a TypeError before the check)
PlayerArg = Any


# mypyc (docs/build.md): games stay free to be interpreted (the toy games, a third-party game) and subclass it
@mypyc_attr(allow_interpreted_subclasses=True)
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

    #: read-only (a :class:`FrozenDict`): one mapping shared by the state, its clones and bots' samples, so none of
    #: them can change another's options (a sample writing to it once changed the real game's record)
    game_options: Mapping[str, JSON]
    seed: int
    rng: Rng
    _history: Chain
    _log: Chain
    _legal_player: int
    _legal_step: int
    _legal: list[Action]
    _nsteps: int
    #: no events are made (mute_events): for drivers that never read them
    _muted: bool

    #: attributes the engine owns; a game's ``_clone_data`` and ``_position_key`` leave them alone
    BASE_FIELDS: ClassVar[frozenset[str]] = frozenset(
        {"game_options", "seed", "rng", "_history", "_log", "_legal_player", "_legal_step", "_legal", "_nsteps",
         "_muted"}
    )

    #: the underscored names a game may define or call: the hooks it implements and ``_init_base``. Every other
    #: underscored name of the engine is its own (tests/engine/test_kit.py scans games/ for any use of one).
    GAME_HOOKS: ClassVar[frozenset[str]] = frozenset(
        {"_init_base", "_legal_actions", "_apply", "_clone_data", "_resample_hidden", "_position_key",
         "_why_illegal", "_event_renderer", "_event_context"}
    )

    def _init_base(self, options: dict[str, JSON], seed: int) -> None:
        self.game_options = freeze(dict(options))
        self.seed = seed
        self.rng = Rng(seed)
        self._history = None
        self._log = None
        self._legal_player = -1
        self._legal_step = -1
        self._legal = []
        self._nsteps = 0
        self._muted = False

    def _copy_base_into(self, other: GameState) -> None:
        other.game_options = self.game_options  # read-only: shared, never copied
        other.seed = self.seed
        other.rng = self.rng.copy()
        other._history = self._history
        other._log = self._log
        other._legal_player = -1
        other._legal_step = -1
        other._legal = []
        other._nsteps = self._nsteps
        other._muted = self._muted

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
    def view(self, player: Any) -> Any:
        """Everything ``player`` may know, JSON-serializable and independent of the state; None = spectator. Any:
        the game checks it (``check_player``), on either build: a compiled caller would otherwise refuse another
        type with a TypeError before the game names it."""

    def shared_view(self, player: Any, shared: dict[str, Any]) -> Any:  # Any: view checks it, on either build
        """:meth:`view` for a caller that asks for several seats' views at every step (a table telling each seat
        what changed) and keeps ``shared`` for the game, one dict per game for as long as it asks: a game may build
        there once a step what every seat sees alike, and hand the same objects to each seat's view (and from step
        to step while they stay equal). Such views are read-only. By default: :meth:`view`."""
        return self.view(player)

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

    def legal_actions(self, player: PlayerArg = None) -> list[Action]:
        """Legal actions of ``player`` (default: the single current player); empty if they need not act.

        Returns a fresh list: what a caller does with it can never change what ``apply`` accepts."""
        if type(player) is int:
            # the usual call, a seat number: the cache (only ever filled for a valid seat), then a seat to act now is
            # a valid seat with no check_player call; any other int is checked (an unknown seat raises) and gets []
            if self._legal_step == self._nsteps and self._legal_player == player:
                return list(self._legal)
            if player not in self.current_players:
                self.check_player(player, allow_none=False)
                return []
        elif player is None:
            cur = self.current_players
            if len(cur) != 1:
                return []
            player = cur[0]
            if self._legal_step == self._nsteps and self._legal_player == player:
                return list(self._legal)
        else:
            player = self.check_player(player, allow_none=False)
            if self._legal_step == self._nsteps and self._legal_player == player:
                return list(self._legal)
            if player not in self.current_players:
                return []
        if self.is_over:
            return []
        acts = self._legal_actions(player)
        self._legal_player = player
        self._legal_step = self._nsteps
        self._legal = acts
        return list(acts)

    def check_player(self, player: object, allow_none: bool = False) -> Any:
        """``player`` as a seat index (an int 0..n-1; None too when ``allow_none``), else IllegalActionError naming it.
        Public so that a game's ``view`` checks its argument the way the engine does, without an engine private."""
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

    def apply(self, player: PlayerArg, action: object) -> list[Event]:
        """Apply ``action`` (an Action, its id or its JSON form) for ``player``; return the events it produced
        (private ones included: filter them with :meth:`Event.visible_to` before showing them to anyone).

        Raises :class:`IllegalActionError` naming the broken rule; the state is then unchanged.
        """
        before = self._log
        self.play(player, action)
        if self._log is before:
            return []
        return self._seal_log(before)

    def play(self, player: PlayerArg, action: object) -> None:
        """:meth:`apply` for a driver that reads no events as it goes (random play, a search's rollouts, simulated
        games, a learner's opponents): the same checks, the same new state and the same events (read later with
        :meth:`events` or :meth:`all_events`), but the events are not handed back, so none is copied or frozen
        unless somebody reads it."""
        if (
            type(player) is int
            and player == self._legal_player
            and self._legal_step == self._nsteps
            and action.__class__ is Action
            and action in self._legal
        ):
            # The usual call: an Action from the list legal_actions just gave this player. That list is cached
            # only for a current player of a game not over, at this step, so every check of _checked would pass.
            act = action
        else:
            player, act = self._checked(player, action)
        self._history = ((player, act.id), self._history)
        self._nsteps += 1
        self._apply(player, act)

    def _checked(self, player: PlayerArg, action: object) -> tuple[int, Action]:
        """Every check of an unusual call of play (and apply): the seat, the action, the turn, the rules
        (IllegalActionError, and nothing changes)."""
        player = self.check_player(player, allow_none=False)
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
        return player, act

    def _why_illegal(self, player: int, action: Action) -> str:
        """Games override to name the rule; the default names the action and the phase."""
        return f"{action.text('en')} is not legal for player {player} now"

    #: the game's module-level message function, when it has one renderer for every state (read once per event,
    #: without a call); a game may instead override :meth:`_event_renderer`
    EVENT_RENDERER: ClassVar[Renderer | None] = None

    def emit(
        self,
        type: str,
        data: dict[str, JSON],
        to: int | None = None,
    ) -> None:
        """Record an event made of ``data``, visible to ``to`` (None: everyone), at this step. The one way a game
        writes its log.

        The game hands ``data`` over: a fresh dict (a literal) whose lists are the game's copies, never a list the
        state keeps, and it changes none of it afterwards (the contract suite checks every game for it). The event is
        recorded as given and made an :class:`Event` of frozen data when it is first read (:meth:`apply`'s answer,
        :meth:`events`, :meth:`all_events`, :meth:`event_chain`, a sample, a pickle): a driver that reads no events
        (:meth:`play`) copies none, and a flat record of scalars is no object the collector walks."""
        if self._muted:
            return
        # a raw node: six items where a sealed one has two (_seal_log); the context is the game's at this moment
        self._log = (type, data, to, self._nsteps, self._event_context(), self._log)

    def _seal_log(self, since: Chain = None) -> list[Event]:
        """Make the raw events at the head of the log (emit's records) Events with frozen data, in place, and return
        those recorded after node ``since`` (every raw one when ``since`` is not among them), oldest first.

        The log stays a persistent chain: the sealed nodes are new ones in front of the part already sealed, which
        clones may share; a clone that shares raw nodes seals its own copies when it reads them."""
        node = self._log
        raw: list[Any] = []
        cut = -1
        while node is not None and len(node) == 6:
            if node is since:
                cut = len(raw)
            raw.append(node)
            node = node[5]
        if not raw:
            return []
        render = self.__class__.EVENT_RENDERER  # through the class: a plain function, not a bound method
        if render is None:
            render = self._event_renderer()
        out: list[Event] = []
        i = len(raw)
        while i:  # oldest first (no reversed(): mypyc 1.x crashes compiling a for over it, see _filter_chain)
            i -= 1
            rec = raw[i]
            # tuple.__new__ is what Event's generated __new__ calls, minus one Python frame
            ev = _tuple_new(Event, (rec[0], freeze(rec[1]), rec[2], rec[3], render, rec[4]))
            out.append(ev)
            node = (ev, node)
        self._log = node
        return out if cut < 0 else out[len(raw) - cut:]

    def mute_events(self) -> None:
        """Let go of the event log and make no event from now on (clones too), for a driver that never reads
        events (the learner environments, whose learner sees views only and whose opponents do not search): making
        them was a sixth of classic's random play, and while many games are played at once their logs were most of
        what the garbage collector walked. The game plays on exactly as before (no rule reads the log), but
        :meth:`apply` returns no events and :meth:`events`, :meth:`all_events` and :meth:`resample` know none:
        never for a state a search, a record of events or a player reads."""
        self._log = None
        self._muted = True

    def event_chain(self) -> Chain:
        """The log as the engine keeps it (newest first, shared with clones), every event private ones included:
        for a game's own deductions (a resampler reading what its seat saw) and referees, never for a player.
        Its identity changes exactly when an event is added, so it can key a cache."""
        self._seal_log()
        return self._log

    def _event_renderer(self) -> Renderer | None:
        """The game's module-level message function (default: messages are the event type)."""
        return None

    def _event_context(self) -> Any:
        """An immutable value the game's renderer needs besides the event data (default: none)."""
        return None

    def __getstate__(self) -> dict[str, Any]:
        # an interpreted class keeps its fields in __dict__; a compiled one (docs/build.md) in slots that mypyc names in
        # each compiled class's __mypyc_attrs__
        self._seal_log()  # a pickle holds Events, as every reader sees them
        d: dict[str, Any] = dict(getattr(self, "__dict__", {}))
        for cls in type(self).__mro__:
            for name in cls.__dict__.get("__mypyc_attrs__", ()):
                # dunders there (``__dict__``, the class's ``__hash__ = None``) are the class's, not the state's
                if not name.startswith("__") and name not in d and hasattr(self, name):
                    d[name] = getattr(self, name)
        # the legal-action cache is derived data; Actions pickle by (game, id) anyway
        d["_legal"] = []
        d["_legal_player"] = -1
        d["_legal_step"] = -1
        return d

    def __setstate__(self, d: dict[str, Any]) -> None:
        for name, value in d.items():
            setattr(self, name, value)
        if "_muted" not in d:  # a state pickled before states could be muted
            self._muted = False

    def events(self, player: PlayerArg) -> list[Event]:
        """Events ``player`` may see, oldest first (spectator: public events only)."""
        player = self.check_player(player, allow_none=True)
        self._seal_log()
        return [e for e in chain_items(self._log) if e.to is None or e.to == player]

    def all_events(self) -> Iterator[Event]:
        """Every event, private ones included: for records and referees, never for a player."""
        self._seal_log()
        return iter(chain_items(self._log))

    @property
    def history(self) -> list[tuple[int, int]]:
        return chain_items(self._history)

    @property
    def step_count(self) -> int:
        return self._nsteps

    # -- copies and samples -----------------------------------------------------------------------

    def clone(self) -> Self:
        """An independent copy sharing nothing mutable with this state (history and log are persistent)."""
        cls = type(self)
        # a compiled game's state class (docs/build.md) runs its __init__ here, called with no arguments: an empty shell
        new = cls.__new__(cls)
        if cls.__dictoffset__:
            # under a compiled engine a new object has no __dict__ until an attribute is set, and an interpreted
            # game's _clone_data may fill __dict__ directly (a compiled class's fields are slots: this dict stays empty)
            new.__dict__ = {}
        self._copy_base_into(new)
        self._clone_data(new)
        return new

    RESAMPLE_TRIES: ClassVar[int] = 8

    def resample(self, player: PlayerArg, rng: random.Random | Rng) -> GameState:
        """A full state consistent with everything ``player`` can see, the rest dealt anew from ``rng``.

        The sample carries a fresh seed and generator, no history, and only the events ``player`` may see, so
        searching on it reveals nothing else. A game whose dealing fails is retried from the same stream a few
        times; then :class:`ResampleError` is raised (a sample never falls back to the true hidden cards)."""
        player = self.check_player(player, allow_none=True)
        if not isinstance(rng, Rng | random.Random):
            raise TypeError(f"resample needs a random.Random or an engine Rng, not {type(rng).__name__}")
        last: ResampleError | None = None
        self._seal_log()
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
        """Game, versions, options, house rules (``rules``, only when not the printed game), the digest of the
        effective data (``data_digest``), seed and actions: enough to replay exactly. Holds the seed, so it is
        for after the game or for the referee, never for a player during play."""
        from hustings.engine.house import record_fields  # house builds on the kit, which builds on this module

        out: dict[str, JSON] = {
            "game": self.GAME_ID,
            "rules_version": get_spec(self.GAME_ID).rules_version if self.GAME_ID in _REGISTRY else None,
            "engine_version": ENGINE_VERSION,
            "rng": RNG_NAME,
            "options": thaw(self.game_options),
            "seed": self.seed,
            "actions": [[p, a] for p, a in self.history],
        }
        if self.GAME_ID in _REGISTRY:
            out.update(record_fields(self))
        return out

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


#: per viewer, the last log filtered for it and the result: a search resamples the same state again and again, and
#: successive states share their past, so only the events since that log are walked (the chains are immutable, so
#: a result stays right; a race between threads only costs a miss)
_FILTERED: dict[int | None, tuple[Chain, Chain]] = {}


def _filter_chain(chain: Chain, player: int | None) -> Chain:
    """The log as ``player`` may see it (a chain of the visible events, sharing its past with earlier results)."""
    last = _FILTERED.get(player)
    known, base = (last[0], last[1]) if last is not None else (None, None)
    newer: list[Event] = []
    node = chain
    while node is not None and node is not known:
        newer.append(node[0])
        node = node[1]
    if node is None:  # the last log is no part of this one: filter it all
        base = None
    out = base
    newer.reverse()  # oldest first; not reversed(): mypyc 1.x crashes compiling a for over reversed() here
    for e in newer:
        if e.to is None or e.to == player:
            out = (e, out)
    _FILTERED[player] = (chain, out)
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
    #: the rules have an undo of their own, one of the game's moves that they count (the puzzle's, seed 004 R9):
    #: a table never takes a move back by replay there (that undo would go uncounted); ``u`` and Undo choose the
    #: game's own undo move instead
    own_undo: bool = False
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


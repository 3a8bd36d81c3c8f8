"""Every hustings game as an OpenSpiel Python game (``pyspiel.Game`` and ``pyspiel.State``).

    import pyspiel
    import hustings.rl.openspiel  # registers the games
    game = pyspiel.load_game("python_hustings_die_macher_2019", {"players": 4, "variant": "standard"})

Importing this module registers each game under ``python_hustings_<game id with underscores>`` with the
parameters ``players``, ``variant`` and ``utility`` (defaults: the smallest player count, the default
variant and ``"outcome"``; ``{"utility": "rank"}`` pays the rank utility instead, see
:mod:`hustings.rl.utility`).

How the game looks to OpenSpiel (see docs/rl.md):

- **Chance.** hustings draws every shuffle from a seeded generator inside the state, so a whole game is
  fixed by its seed and the players' actions. OpenSpiel sees that seed as the only chance event: the game
  starts with :data:`DEAL_BYTES` chance nodes, each drawing one byte uniformly (256 outcomes), and the
  bytes make the engine seed. The chance mode is therefore ``EXPLICIT_STOCHASTIC``; every later node is a
  player decision. No player's information state contains the seed.
- **Turns.** Sequential. During a secret simultaneous step the players waiting to act move one at a time,
  lowest seat first; a player's view shows nobody's pending choice, so moving later reveals nothing.
- **Actions.** ``num_distinct_actions`` is the size of the game's fixed action space; an OpenSpiel action
  is the engine's stable action id.
- **Observations.** The observation string is the JSON of ``view(player)``, the tensor its encoding
  (:mod:`hustings.rl.encoding`). The information-state string is the same JSON followed by one line per
  event the player has seen (``events(player)``), which gives perfect recall; the information-state
  tensor is the view's encoding (the view already carries what the rules let a player keep track of).
  Public observations (``private_info=NONE``) use the spectator's view and public events. Nothing is ever
  read from the state directly.
- **Utility.** By default the game's own ``outcome().utilities`` in [-1, 1] (the win share: ``2/k - 1``
  for each of k winners, -1 for everyone else), paid at the end only; the ``utility`` parameter picks
  another of :mod:`hustings.rl.utility` (``rank``, ``win``, ``score``). The game type follows from what
  the chosen utilities add up to at the loaded player count (:func:`hustings.rl.utility.utility_sum`):
  ``ZERO_SUM`` when always 0 (``rank``; ``outcome`` at 2 players of a game that keeps the engine's
  outcome), ``CONSTANT_SUM`` with ``utility_sum`` when always the same other number (``outcome`` of such
  a game at n > 2 players sums to 2 - n; ``win`` to 1), ``GENERAL_SUM`` otherwise (a game that decides its
  own outcome may let everyone lose; a one-player game, a 1-player OpenSpiel game). The registered type
  holds at every player count.
- **Search.** ``resample_from_infostate(player, sampler)`` is the engine's ``resample``: a state consistent
  with everything ``player`` can see, with all hidden cards and choices dealt again. It keeps the player's
  information state and has an empty OpenSpiel history (like the engine's sample, whose past is not a
  replayable record), so OpenSpiel's ``ISMCTSBot`` works on it.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

import hustings
from hustings.engine import ActionSpace, GameState, get_spec, list_games
from hustings.rl.encoding import (
    FloatArray,
    SharedViews,
    adapter_for,
    fresh_encoder,
    max_game_length,
    resolve,
    withheld_kinds,
)
from hustings.rl.utility import UTILITIES, bounds, utilities, utility_sum

if TYPE_CHECKING:
    from hustings.rl.openspiel_exact import ExactGame

DEAL_BYTES = 16
"""Chance nodes at the start of a game; their bytes (big-endian) are the engine seed."""

_DEAL_OUTCOMES = [(b, 1.0 / 256) for b in range(256)]
_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
_JSON = json.JSONEncoder(ensure_ascii=False, sort_keys=True, separators=(",", ":"))
_REGISTERED: dict[str, str] = {}  # OpenSpiel short name -> hustings game id
_CLASSES: dict[str, type[HustingsGame]] = {}  # OpenSpiel short name -> its game class


def short_name(game: str) -> str:
    """The OpenSpiel name of a hustings game: ``python_hustings_<game id with underscores>``."""
    return "python_hustings_" + game.replace("-", "_")


@cache
def _sharer(game: str) -> SharedViews | None:
    return adapter_for(game).views


@cache
def _space(game: str) -> ActionSpace:
    return type(hustings.make(game, seed=0)).SPACE


class _Engine:
    """The engine state of an OpenSpiel state, with per-viewer caches of what observers read.

    OpenSpiel clones a Python state by deep-copying its attributes; ``__deepcopy__`` makes that the
    engine's cheap ``clone()`` instead. The JSON lines of each viewer's events are shared between a state
    and its clones: events only ever get appended, so a clone keeps the list and how many lines of it are
    its own, and copies that prefix only if another copy has appended to the list meanwhile.
    """

    __slots__ = ("events", "parts", "shared", "sharer", "state", "texts", "trail", "views")

    def __init__(self, state: GameState, events: dict[int | None, tuple[list[str], int]] | None = None,
                 trail: tuple[tuple[FloatArray, ...], ...] = ()) -> None:
        self.state = state
        # the game's builder of several seats' views at once (SharedViews), and (step, its shared parts)
        self.sharer = _sharer(state.GAME_ID)
        self.parts: tuple[int, Any] | None = None
        # for a game without one, its own GameState.shared_view keeps here what every seat sees alike (Die Macher
        # 2019 builds it once a step, as it does for the server's tables); a state's own, never a clone's
        self.shared: dict[str, Any] = {}
        # the mini game's perfect-recall tensors (MiniState.trail): per viewer (seats, then the spectator) the
        # encoded view after every step so far; tuples, replaced when rebuilt, so a clone shares them safely
        self.trail = trail
        # viewer -> (JSON lines of events, how many of them this state has seen)
        self.events: dict[int | None, tuple[list[str], int]] = events if events is not None else {}
        # viewer -> (step, view); viewer -> (step, view JSON), made only when a string is asked for
        self.views: dict[int | None, tuple[int, Mapping[str, Any]]] = {}
        self.texts: dict[int | None, tuple[int, str]] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> _Engine:
        return _Engine(self.state.clone(), dict(self.events), self.trail)

    def __getstate__(self) -> tuple[GameState, dict[int | None, tuple[list[str], int]], Any]:
        return (self.state, {k: (lines[:n], n) for k, (lines, n) in self.events.items()}, self.trail)

    def __setstate__(self, st: tuple[Any, ...]) -> None:
        self.state, self.events = st[0], st[1]
        self.trail = st[2] if len(st) > 2 else ()  # pickles of before the mini game have no trail
        self.views = {}
        self.texts = {}
        self.sharer = _sharer(self.state.GAME_ID)
        self.parts = None
        self.shared = {}

    def view(self, viewer: int | None) -> Mapping[str, Any]:
        """``viewer``'s view at this step: read-only (views of one step may share their public parts)."""
        step = self.state.step_count
        hit = self.views.get(viewer)
        if hit is not None and hit[0] == step:
            return hit[1]
        sharer = self.sharer
        v: Mapping[str, Any]
        if sharer is None:
            v = self.state.shared_view(viewer, self.shared)  # by default the game's view
        else:  # observers ask every seat's view of a step: what no seat's secret is in is built once
            parts = self.parts
            if parts is None or parts[0] != step:
                parts = self.parts = (step, sharer.parts(self.state))
            v = sharer.view(self.state, viewer, parts[1])
        self.views[viewer] = (step, v)
        return v

    def text(self, viewer: int | None) -> str:
        """The view's JSON (keys sorted, compact)."""
        step = self.state.step_count
        hit = self.texts.get(viewer)
        if hit is not None and hit[0] == step:
            return hit[1]
        js = _JSON.encode(self.view(viewer))
        self.texts[viewer] = (step, js)
        return js

    def event_lines(self, viewer: int | None) -> list[str]:
        """One JSON line per event ``viewer`` has seen (read at once: a clone may append to the list)."""
        seen = self.state.events(viewer)
        lines, n = self.events.get(viewer, ([], 0))
        if len(seen) == n:
            return lines if len(lines) == n else lines[:n]
        if len(lines) != n:  # a clone sharing the list went on: keep our own prefix
            lines = lines[:n]
        for e in seen[n:]:
            lines.append(_JSON.encode([e.type, dict(e.data)]))
        self.events[viewer] = (lines, len(lines))
        return lines


class HustingsState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state over a hustings engine state (created by :class:`HustingsGame`)."""

    def __init__(self, game: HustingsGame) -> None:
        super().__init__(game)
        # Only small immutable values and the engine holder: OpenSpiel deep-copies these to clone.
        self._config: tuple[str, int, str, str] = (game.game_id, game.players, game.variant, game.utility)
        self._deal: tuple[int, ...] = ()
        self._engine: _Engine | None = None

    # -- engine access ---------------------------------------------------------------------------

    @property
    def engine_state(self) -> GameState | None:
        """The engine state (None before the deal). It holds every secret: for referees and tests."""
        return None if self._engine is None else self._engine.state

    # -- OpenSpiel API ---------------------------------------------------------------------------

    def current_player(self) -> int:
        # OpenSpiel asks this about fifteen times a step (rl_environment): plain ints, no enum conversion
        eng = self._engine
        if eng is None:
            return _CHANCE
        s = eng.state
        if s.is_over:
            return _TERMINAL
        return s.current_players[0]

    def _legal_actions(self, player: int) -> list[int]:
        eng = self._engine
        if eng is None:
            return []
        s = eng.state
        if s.is_over:
            return []
        current = s.current_players
        if not current or player != current[0]:
            return []
        withheld = self.get_game().withheld
        if withheld:
            return sorted([a.id for a in s.legal_actions(player) if a.kind not in withheld])
        return sorted([a.id for a in s.legal_actions(player)])

    def legal_actions(self, *args: Any) -> list[int]:
        # rl_environment asks every seat's legal actions at every step; OpenSpiel's path asks this state about
        # four times in Python (terminal? chance? current player?) before asking _legal_actions. After the deal a
        # seat's are the same ids (none for a seat not to act, none once the game is over) asked once here.
        eng = self._engine
        if eng is not None and len(args) == 1 and type(args[0]) is int and args[0] >= 0:
            return self._legal_actions(args[0])
        return list(super().legal_actions(*args))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return list(_DEAL_OUTCOMES) if self._engine is None else []

    def _apply_action(self, action: int) -> None:
        if self._engine is not None and self._engine.state.is_over:
            raise RuntimeError(
                f"{self._config[0]}: apply_action({action}) on a terminal state: the game is over, no action applies"
            )
        if self._engine is None:
            if not 0 <= action < 256:
                raise ValueError(f"a deal byte is 0..255, not {action}")
            self._deal = (*self._deal, int(action))
            if len(self._deal) == DEAL_BYTES:
                game, players, variant, _ = self._config
                seed = int.from_bytes(bytes(self._deal), "big")
                self._engine = _Engine(hustings.make(game, players=players, variant=variant, seed=seed))
            return
        s = self._engine.state
        withheld = self.get_game().withheld
        if withheld and 0 <= action < len(s.SPACE) and s.SPACE[action].kind in withheld:
            raise ValueError(f"{s.SPACE[action].kind} is withheld from learners in this game (load it with "
                             "assists=True to allow it)")
        s.play(s.current_players[0], int(action))

    # OpenSpiel's own tensor methods ask the game's tensor shape at every call (a new initial state, encoded), then
    # copy the tensor twice; rl_environment calls one for every seat at every step. A Python caller gets the same
    # floats from the game's observer of that type here; C++ callers keep OpenSpiel's path (the same observer type).
    def information_state_tensor(self, *args: Any) -> list[float]:
        if len(args) == 1 and type(args[0]) is int and 0 <= args[0] < self._config[1]:
            game: HustingsGame = self.get_game()
            return game.tensor_observer(True).tensor_list(self, args[0])
        return list(super().information_state_tensor(*args))

    def observation_tensor(self, *args: Any) -> list[float]:
        if len(args) == 1 and type(args[0]) is int and 0 <= args[0] < self._config[1]:
            game: HustingsGame = self.get_game()
            return game.tensor_observer(False).tensor_list(self, args[0])
        return list(super().observation_tensor(*args))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal byte {action}"
        return _space(self._config[0])[action].text("en")

    def is_terminal(self) -> bool:
        return self._engine is not None and self._engine.state.is_over

    def returns(self) -> list[float]:
        if self._engine is None or not self._engine.state.is_over:
            return [0.0] * self._config[1]
        return utilities(self._engine.state, self._config[3])

    def resample_from_infostate(self, player_id: int, probability_sampler: Callable[[], float]) -> HustingsState:
        """A state ``player_id`` cannot tell from this one, hidden cards and choices dealt again.

        ``probability_sampler`` returns floats in [0, 1) (``pyspiel.UniformProbabilitySampler`` or, for
        reproducible searches, e.g. ``random.Random(seed).random``); it seeds the engine's ``resample``.
        """
        new: HustingsState = self.get_game().new_initial_state()
        if self._engine is None:  # before the deal nobody knows anything yet: any deal will do
            return new
        seed = int(probability_sampler() * 2**32) << 32 | int(probability_sampler() * 2**32)
        sample = self._engine.state.resample(player_id, random.Random(seed))
        # the player's events are the very same ones: share their text
        lines = self._engine.event_lines(player_id)
        events: dict[int | None, tuple[list[str], int]] = {player_id: (lines, len(lines))}
        new._deal = ()
        new._engine = _Engine(sample, events)
        return new

    def __str__(self) -> str:
        if self._engine is None:
            return f"dealing: {len(self._deal)} of {DEAL_BYTES} seed bytes drawn"
        s = self._engine.state
        head = "over" if s.is_over else f"to act: {list(s.current_players)}"
        return head + "\n" + self._engine.text(None)


class HustingsObserver:
    """OpenSpiel's Python observer interface over views: ``tensor``/``dict``, ``set_from``, ``string_from``."""

    def __init__(self, game: HustingsGame, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("hustings observes through one player's view at a time: private_info=ALL_PLAYERS "
                             "is not supported")
        if not iig_obs_type.public_info:
            raise ValueError("hustings views always include the public information: public_info=False "
                             "is not supported")
        self.public_only = private == pyspiel.PrivateInfoType.NONE
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.encoder = fresh_encoder(game.game_id, game.players, game.variant, egocentric=game.egocentric)
        self.encoder.trust_view_identity()  # it encodes _Engine's views only, which nobody changes
        self.tensor = np.zeros(self.encoder.size, np.float32)
        self.dict = {"observation": self.tensor}
        # player -> (self.tensor, its bits, the bits last listed for that player, that list): see tensor_list
        self._listed: dict[int, tuple[FloatArray, Any, Any, list[float]]] = {}

    def set_from(self, state: HustingsState, player: int) -> None:
        eng = state._engine
        if eng is None:
            self.tensor.fill(0.0)
            return
        self.encoder.encode_into(eng.view(None if self.public_only else player), self.tensor)

    def tensor_list(self, state: HustingsState, player: int) -> list[float]:
        """``set_from``'s tensor as a new list of floats, what pyspiel's tensor methods return. Making a float object
        per value (tolist) cost more than encoding a classic view; a seat's tensor differs from the last one listed
        for it in a few values, so the list kept for it is patched there and copied."""
        self.set_from(state, player)
        t = self.tensor
        kept = self._listed.get(player)
        if kept is None or kept[0] is not t:
            listed = t.tolist()
            # compared as bits, so that -0.0 against 0.0 (or a NaN) still counts as a change
            self._listed[player] = (t, t.view(np.uint32), t.copy().view(np.uint32), listed)
            return listed[:]
        _t, bits, last, listed = kept
        changed = (bits != last).nonzero()[0]
        if len(changed):
            last[changed] = bits[changed]
            for i, v in zip(changed.tolist(), t[changed].tolist(), strict=True):
                listed[i] = v
        return listed[:]

    def string_from(self, state: HustingsState, player: int) -> str:
        eng = state._engine
        if eng is None:
            return "dealing"
        viewer = None if self.public_only else player
        text = eng.text(viewer)
        if not self.perfect_recall:
            return text
        return "\n".join([text, *eng.event_lines(viewer)])


class HustingsGame(pyspiel.Game):  # type: ignore[misc]
    """A hustings game for OpenSpiel; parameters ``players``, ``variant`` and ``utility``.

    :func:`register` makes one subclass per game (OpenSpiel's registry keeps the class, as it does for its
    own Python games), with ``GAME_ID`` and ``GAME_TYPE`` set.
    """

    GAME_ID: str
    GAME_TYPE: Any

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game_id = self.GAME_ID
        params = dict(params or {})
        players, variant = resolve(game_id, _int_param(params.get("players")), params.get("variant"))
        utility = params.get("utility", "outcome")
        if utility not in UTILITIES:
            raise ValueError(f"unknown utility {utility!r}; choose one of {', '.join(UTILITIES)}")
        self.game_id = game_id
        self.players = players
        self.variant = variant
        self.utility = utility
        self.egocentric = _bool_param("egocentric", params.get("egocentric", False))
        assists = _bool_param("assists", params.get("assists", False))
        self.withheld = withheld_kinds(game_id, assists)
        low, high, total = bounds(game_id, utility, players)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(_space(game_id)),
            max_chance_outcomes=256,
            num_players=players,
            min_utility=low,
            max_utility=high,
            utility_sum=total,
            max_game_length=max_game_length(game_id, players, variant),
        )
        # this instance's type: its utility at its player count (the registered one holds at every count)
        super().__init__(game_type(game_id, utility, players), info,
                         {"players": players, "variant": variant, "utility": utility, "egocentric": self.egocentric,
                          "assists": assists})

    def new_initial_state(self) -> HustingsState:
        return HustingsState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: dict[str, Any] | None = None) -> HustingsObserver:
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        return HustingsObserver(self, iig_obs_type, params)

    def tensor_observer(self, perfect_recall: bool) -> HustingsObserver:
        """The observer of a Python caller's ``information_state_tensor`` (perfect recall) or ``observation_tensor``:
        the observation types OpenSpiel's own methods use (a player's private information), one each per game,
        as OpenSpiel keeps one each."""
        observers: dict[bool, HustingsObserver] = self.__dict__.setdefault("_tensor_observers", {})
        obs = observers.get(perfect_recall)
        if obs is None:
            obs = observers[perfect_recall] = self.make_py_observer(
                pyspiel.IIGObservationType(public_info=True, perfect_recall=perfect_recall,
                                           private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER))
        return obs


def _bool_param(name: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{name} must be true or false, not {value!r}")
    return value


def _int_param(value: Any) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or int(value) != value:
        raise ValueError(f"players must be an integer, not {value!r}")
    return int(value)


_UTILITY_TYPES = {"zero": pyspiel.GameType.Utility.ZERO_SUM, "constant": pyspiel.GameType.Utility.CONSTANT_SUM,
                  "general": pyspiel.GameType.Utility.GENERAL_SUM}


def utility_type(game: str, utility: str = "outcome", players: int | None = None) -> Any:
    """``ZERO_SUM``, ``CONSTANT_SUM`` or ``GENERAL_SUM``: what ``utility`` adds up to at ``players`` seats, or,
    with ``players=None``, at every player count of every variant (a constant that differs between counts
    is still constant-sum: each loaded game declares its own ``utility_sum``)."""
    if players is not None:
        sums = {utility_sum(game, utility, players)}
    else:
        spec = get_spec(game)
        sums = {utility_sum(game, utility, n) for v in spec.variants for n in spec.player_counts(v)}
    if None in sums:
        return _UTILITY_TYPES["general"]
    return _UTILITY_TYPES["zero" if sums == {0.0} else "constant"]


def game_type(game: str, utility: str = "outcome", players: int | None = None) -> Any:
    """The ``pyspiel.GameType`` of a hustings game: the registered one (``players=None``: its utility type
    holds at every player count) or that of one loaded game."""
    spec = get_spec(game)
    default_players, variant = resolve(game)
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"hustings {spec.title.get('en', game)}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility_type(game, utility, players),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": default_players, "variant": variant, "utility": "outcome",
                                 "egocentric": False, "assists": False},
    )


def register(game: str) -> str:
    """Register one hustings game with OpenSpiel (idempotent); returns its short name."""
    name = short_name(game)
    if name in _REGISTERED:
        return name
    if name not in pyspiel.registered_names():
        gt = game_type(game)
        cls_name = "HustingsGame_" + game.replace("-", "_")
        cls = type(cls_name, (HustingsGame,), {"GAME_ID": game, "GAME_TYPE": gt, "__module__": __name__})
        globals()[cls_name] = cls  # reachable by name, so games and states pickle
        _CLASSES[name] = cls
        pyspiel.register_game(gt, cls)
    _REGISTERED[name] = game
    return name


def register_all() -> list[str]:
    """Register every hustings game (games without their own encoder observe through the generic one) and
    every exact variant; returns their short names."""
    from hustings.rl.openspiel_exact import register_exact

    return [name for game in list_games() for name in (register(game), *register_exact(game))]


def load(game: str, players: int | None = None, variant: str | None = None, utility: str = "outcome",
         egocentric: bool = False, assists: bool = False) -> HustingsGame:
    """``pyspiel.load_game`` for a hustings game id, registering it first; ``utility`` as in
    :mod:`hustings.rl.utility`; ``egocentric`` observes through the encoder's egocentric form; ``assists``
    lets players use the game's assists (the puzzle's hint), withheld by default."""
    players, variant = resolve(game, players, variant)
    loaded: HustingsGame = pyspiel.load_game(register(game), {"players": players, "variant": variant,
                                                              "utility": utility, "egocentric": egocentric,
                                                              "assists": assists})
    return loaded


def seeded_resampler(seed: int) -> Callable[[HustingsState, int], HustingsState]:
    """A resampler for ``ISMCTSBot.set_resampler`` that makes a search reproducible."""
    rng = random.Random(seed)

    def resample(state: HustingsState, player: int) -> HustingsState:
        return state.resample_from_infostate(player, rng.random)

    return resample


def load_exact(game: str, name: str, utility: str = "outcome") -> ExactGame:
    """``pyspiel.load_game`` of a game's exact variant (``load_exact("election-war", "mini")``); the variants live
    in :mod:`hustings.rl.openspiel_exact`."""
    from hustings.rl.openspiel_exact import load_exact as load

    return load(game, name, utility)


# the games; the exact variants register when their module is first imported (it imports this one, so it comes
# last: imported first, it finds every name here defined)
for _game in list_games():
    register(_game)
from hustings.rl import openspiel_exact as _exact  # noqa: E402, F401

__all__ = ["DEAL_BYTES", "HustingsGame", "HustingsObserver", "HustingsState", "game_type", "load", "load_exact",
           "register", "register_all", "seeded_resampler", "short_name", "utility_type"]

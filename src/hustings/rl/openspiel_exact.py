"""Exact variants of hustings games for OpenSpiel: configurations small enough for CFR, best responses and
exploitability (選舉之戰's mini game), each with one explicit chance node and a perfect-recall information-state
tensor (docs/rl.md, *Exact variants*).

A game declares its variants in its RL adapter (``EncoderAdapter.exact``); importing this module (which
:mod:`hustings.rl.openspiel` does) registers each as ``python_hustings_<game>_<name>``.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import cache
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

import hustings
from hustings.engine import GameState, get_spec, list_games
from hustings.rl.encoding import RL_ENCODER_KIND, Encoder, ExactVariant, FloatArray, withheld_kinds
from hustings.rl.openspiel import (
    HustingsGame,
    HustingsObserver,
    HustingsState,
    _Engine,
    _space,
    short_name,
    utility_type,
)
from hustings.rl.utility import UTILITIES, bounds

_SPECTATOR = 2  # the trail's index of the public observer (two-seat exact variants)
_EXACT: dict[str, tuple[str, ExactVariant]] = {}  # OpenSpiel short name -> (hustings game, its exact variant)


def exact_name(game: str, name: str) -> str:
    """The OpenSpiel name of a game's exact variant: ``python_hustings_<game>_<name>``."""
    return f"{short_name(game)}_{name}"


@cache
def exact_seeds(short: str) -> tuple[int, ...]:
    """The engine seed of each deal of an exact variant, deal ``i`` being the ``i``-th in sorted order.

    The variant's only chance is its deal, and every deal is as likely as every other (the engine shuffles
    uniformly). So OpenSpiel gets one chance node with an outcome per deal, each of probability
    ``1 / deals``, and a deal is played as the smallest engine seed that deals it. Finding them reads the
    dealt states (``ExactVariant.deal_key``): this is the chance side, a referee, never a player."""
    game, ex = _EXACT[short]
    found: dict[Hashable, int] = {}
    seed = 0
    while len(found) < ex.deals:
        if seed > 10_000 * ex.deals:
            raise RuntimeError(f"{short}: only {len(found)} of {ex.deals} deals found; check ExactVariant.deals")
        found.setdefault(ex.deal_key(hustings.make(game, players=ex.players, seed=seed, **ex.options)), seed)
        seed += 1
    return tuple(found[k] for k in sorted(found, key=repr))


class ExactState(HustingsState):
    """A state of an exact variant: one chance node (the deal), then the engine's decisions."""

    def _exact(self) -> tuple[str, ExactVariant]:
        return _EXACT[self.get_game().get_type().short_name]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self._engine is not None:
            return []
        k = self._exact()[1].deals
        return [(i, 1.0 / k) for i in range(k)]

    def _make(self, deal: int) -> GameState:
        game, ex = self._exact()
        return hustings.make(game, players=ex.players, seed=exact_seeds(self.get_game().get_type().short_name)[deal],
                             **ex.options)

    def _apply_action(self, action: int) -> None:
        if self._engine is not None:
            eng = self._engine
            before = len(eng.state.history)
            player = eng.state.current_players[0] if eng.state.current_players else -1
            super()._apply_action(action)
            # each viewer's trail in use is extended, never replayed; the others (the spectator's, most often)
            # are built when first asked for
            if any(len(t) == before + 1 for t in eng.trail):
                short = self.get_game().get_type().short_name
                eng.trail = tuple((*t, trail_block(short, eng.state, v, (player, int(action))))
                                  if len(t) == before + 1 else t for t, v in zip(eng.trail, (0, 1, None), strict=True))
            return
        deals = self._exact()[1].deals
        if not 0 <= action < deals:
            raise ValueError(f"a deal is 0..{deals - 1}, not {action}")
        self._deal = (int(action),)
        self._engine = _Engine(self._make(int(action)))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        return super()._action_to_string(player, action)

    def trail(self, viewer: int | None) -> list[FloatArray]:
        """What ``viewer`` has seen, step by step: the encoded view after the deal, then for every step since the
        acting seat, the action (or "hidden" for another seat's secret one) and the encoded view after it
        (:func:`trail_block`; the game is replayed from its deal; only tensors of perfect recall ask for it)."""
        eng = self._engine
        if eng is None:
            return []
        key = _SPECTATOR if viewer is None else viewer
        trails = eng.trail if len(eng.trail) == 3 else ((), (), ())
        if len(trails[key]) == len(eng.state.history) + 1:
            return list(trails[key])
        if not self._deal:
            raise RuntimeError("a resampled state has no replayable past: only its player's trail is known")
        short = self.get_game().get_type().short_name
        replay = self._make(self._deal[0])
        out = [trail_block(short, replay, viewer, None)]
        for p, a in eng.state.history:
            replay.play(p, a)
            out.append(trail_block(short, replay, viewer, (p, a)))
        eng.trail = tuple(tuple(out) if i == key else t for i, t in enumerate(trails))
        return out

    def resample_from_infostate(self, player_id: int, probability_sampler: Callable[[], float]) -> HustingsState:
        own = tuple(self.trail(player_id))
        new = super().resample_from_infostate(player_id, probability_sampler)
        if new._engine is not None:  # the player's trail is the same in the sample; nobody else's is known
            new._engine.trail = tuple(own if i == player_id else () for i in range(3))
        return new


@cache
def _exact_encoder(short: str) -> Encoder:
    return _EXACT[short][1].encoder()


#: the most decision nodes an exact variant's game tree may have (its deals together): exact tools walk it whole
EXACT_TREE_LIMIT = 1_000_000


@cache
def exact_actions(short: str) -> tuple[int, ...]:
    """The action ids an exact variant can ever play, in id order: its game tree walked whole, every deal (the
    chance side's work, as :func:`exact_seeds`). The perfect-recall tensor's action one-hot runs over these, not
    over the game's whole action space (the mini game plays 14 of 596). Raises if a game lasts longer than the
    variant's ``max_game_length`` or the tree is larger than :data:`EXACT_TREE_LIMIT` decisions."""
    game, ex = _EXACT[short]
    seen: set[int] = set()
    nodes = 0
    stack = [hustings.make(game, players=ex.players, seed=seed, **ex.options) for seed in exact_seeds(short)]
    while stack:
        s = stack.pop()
        if s.is_over:
            continue
        nodes += 1
        if nodes > EXACT_TREE_LIMIT:
            raise RuntimeError(f"{short}: more than {EXACT_TREE_LIMIT:,} decisions in its game tree; too large for "
                               "an exact variant")
        if len(s.history) >= ex.max_game_length:
            raise RuntimeError(f"{short}: a game longer than its max_game_length ({ex.max_game_length})")
        p = s.current_players[0]
        for a in s.legal_actions(p):
            seen.add(a.id)
            child = s.clone()
            child.play(p, a)
            stack.append(child)
    return tuple(sorted(seen))


@cache
def _exact_action_index(short: str) -> dict[int, int]:
    return {a: i for i, a in enumerate(exact_actions(short))}


def trail_size(short: str) -> int:
    """One block of the perfect-recall tensor: the encoded view, the acting seat (one-hot), the action (one-hot
    over :func:`exact_actions`) and a "hidden action" flag."""
    return _exact_encoder(short).size + _EXACT[short][1].players + len(exact_actions(short)) + 1


def trail_block(short: str, state: GameState, viewer: int | None, step: tuple[int, int] | None) -> FloatArray:
    """The block of ``viewer`` after ``step`` (seat, action id; None for the deal): what it saw of that step."""
    game, ex = _EXACT[short]
    enc = _exact_encoder(short)
    out = np.zeros(trail_size(short), np.float32)
    enc.encode_into(state.view(viewer), out[:enc.size])
    if step is not None:
        p, a = step
        out[enc.size + p] = 1.0
        if viewer != p and _space(game)[a].kind in ex.secret_kinds:
            out[-1] = 1.0
        else:
            out[enc.size + ex.players + _exact_action_index(short)[a]] = 1.0
    return out


class ExactObserver(HustingsObserver):
    """An exact variant's observer: the observation tensor is the view's encoding; the perfect-recall
    information-state tensor stacks a block per step so far (the deal first; :func:`trail_block`: the acting
    seat, the action as the player saw it, the encoded view after it), zero-padded to ``max_game_length + 1``
    blocks, so two histories a player can tell apart give different tensors."""

    def __init__(self, game: ExactGame, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        super().__init__(game, iig_obs_type, params)
        self.encoder = _exact_encoder(game.short)
        self.block = trail_size(game.short)
        size = self.block * (game.exact.max_game_length + 1) if self.perfect_recall else self.encoder.size
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: HustingsState, player: int) -> None:
        eng = state._engine
        self.tensor.fill(0.0)
        if eng is None:
            return
        viewer = None if self.public_only else player
        if not self.perfect_recall:
            self.tensor[:] = self.encoder.encode(eng.view(viewer))
            return
        assert isinstance(state, ExactState)
        size = self.block
        for k, x in enumerate(state.trail(viewer)):
            self.tensor[k * size:(k + 1) * size] = x


class ExactGame(HustingsGame):
    """An exact variant (e.g. ``python_hustings_election_war_mini``): explicit chance (one node, a uniform
    outcome per deal), a perfect-recall information-state tensor; parameter ``utility`` as for every game.
    :func:`register_exact` makes one subclass per variant with ``SHORT`` set."""

    SHORT: str

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        utility = params.get("utility", "outcome")
        if utility not in UTILITIES:
            raise ValueError(f"unknown utility {utility!r}; choose one of {', '.join(UTILITIES)}")
        self.short = self.SHORT
        game, ex = _EXACT[self.short]
        self.exact = ex
        self.game_id = game
        self.players = ex.players
        self.variant = get_spec(game).default_variant
        self.utility = utility
        self.egocentric = False
        self.withheld = withheld_kinds(game)
        low, high, total = bounds(game, utility, ex.players)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(_space(game)),
            max_chance_outcomes=ex.deals,
            num_players=ex.players,
            min_utility=low,
            max_utility=high,
            utility_sum=total,
            max_game_length=ex.max_game_length,
        )
        pyspiel.Game.__init__(self, exact_game_type(self.short, utility), info, {"utility": utility})

    def new_initial_state(self) -> ExactState:
        return ExactState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: dict[str, Any] | None = None) -> ExactObserver:
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        return ExactObserver(self, iig_obs_type, params)


def exact_game_type(short: str, utility: str = "outcome") -> Any:
    game, ex = _EXACT[short]
    return pyspiel.GameType(
        short_name=short,
        long_name=f"hustings {get_spec(game).title.get('en', game)} {ex.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility_type(game, utility, ex.players),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=ex.players,
        min_num_players=ex.players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"utility": "outcome"},
    )


def register_exact(game: str) -> list[str]:
    """Register a game's exact variants (``EncoderAdapter.exact``) with OpenSpiel; returns their short names."""
    adapter = get_spec(game).adapter(RL_ENCODER_KIND)
    names = []
    for ex in adapter.exact if adapter is not None else ():
        if ex.players != 2:
            raise ValueError(f"{game} {ex.name}: exact variants are two-player games here")
        short = exact_name(game, ex.name)
        names.append(short)
        if short in _EXACT:
            continue
        _EXACT[short] = (game, ex)
        if short not in pyspiel.registered_names():
            cls_name = "ExactGame_" + short.removeprefix("python_hustings_")
            cls = type(cls_name, (ExactGame,), {"SHORT": short, "__module__": __name__})
            globals()[cls_name] = cls  # reachable by name, so games and states pickle
            pyspiel.register_game(exact_game_type(short), cls)
    return names


def load_exact(game: str, name: str, utility: str = "outcome") -> ExactGame:
    """``pyspiel.load_game`` of a game's exact variant (``load_exact("election-war", "mini")``)."""
    register_exact(game)
    loaded: ExactGame = pyspiel.load_game(exact_name(game, name), {"utility": utility})
    return loaded


for _game in list_games():
    register_exact(_game)

__all__ = ["EXACT_TREE_LIMIT", "ExactGame", "ExactObserver", "ExactState", "exact_actions", "exact_game_type",
           "exact_name", "exact_seeds", "load_exact", "register_exact", "trail_block", "trail_size"]

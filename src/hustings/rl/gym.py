"""A Gymnasium single-agent environment: one learner seat of any game against chosen opponents.

    from hustings.rl.gym import HustingsEnv
    env = HustingsEnv("election-war", players=4, seat="random", opponents="heuristic")
    obs, info = env.reset(seed=1)
    while True:
        action = env.action_space.sample(info["action_mask"].astype("int8"))
        obs, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            break

The learner's observation is the encoding of its seat's ``view`` (:mod:`hustings.rl.encoding`); the legal ids are
``info["action_mask"]`` (bool) and :meth:`HustingsEnv.action_masks` (what sb3-contrib's MaskablePPO reads).
Opponents (:mod:`hustings.rl.pool`: bot names, bots, factories or a :class:`~hustings.rl.pool.PolicyPool` for
self-play) play the other seats between the learner's decisions, each asked through
:func:`hustings.bots.runner.ask`: its view and legal actions, never the state. The reward is 0 until the game
ends, then the learner's utility (``utility="outcome"``: the win share on [-1, 1], see
:mod:`hustings.rl.utility`). :mod:`hustings.rl.vector` steps several games in one call.
"""

from __future__ import annotations

import os
import random
from collections.abc import Mapping
from typing import Any, Literal, cast

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

import hustings
from hustings.bots.random_bot import Bot, RandomBot
from hustings.bots.runner import ask
from hustings.engine import Action, GameState, IllegalActionError, house
from hustings.rl.encoding import Encoder, fresh_encoder, resolve, withheld_kinds
from hustings.rl.pool import Opponents, check_opponents, seat_opponents
from hustings.rl.utility import UTILITIES, utilities

FloatArray = npt.NDArray[np.float32]
BoolArray = npt.NDArray[np.bool_]
SeatChoice = int | Literal["random"]


class Episode:
    """One game seen from the learner's seat: the state (the referee's), the opponents, and the loop that lets
    them move until the learner must decide or the game ends. Shared by :class:`HustingsEnv` and
    :class:`hustings.rl.vector.HustingsVectorEnv`."""

    __slots__ = ("bots", "decisions", "forced", "muted", "names", "offer", "seat", "skip_forced", "state",
                 "withheld")

    def __init__(self, state: GameState, seat: int, bots: list[Bot | None], names: list[str | None],
                 skip_forced: bool = False, withheld: frozenset[str] = frozenset(),
                 keep_events: bool = True) -> None:
        self.state = state
        self.seat = seat
        self.bots = bots
        self.names = names
        self.skip_forced = skip_forced
        #: action kinds the learner is never offered (the game's assists, unless asked: withheld_kinds)
        self.withheld = withheld
        # the game makes no events (GameState.mute_events) unless they are to be kept or an opponent searches (an
        # information set is dealt from what its seat saw, the log included)
        self.muted = not keep_events and not any(getattr(b, "searches", False) for b in bots if b is not None)
        if self.muted:
            state.mute_events()
        self.decisions = 0  # the learner's (those it was asked for)
        self.forced = 0  # the learner's single-choice moves played for it (skip_forced)
        # (step, the legal ids) of the learner's decision the last mask showed (see play)
        self.offer: tuple[int, list[int]] = (-1, [])

    def advance(self) -> None:
        """Let the opponents play until the learner is to act (a simultaneous step: seats in order, as in
        :func:`hustings.bots.loop.drive`) or the game is over. With ``skip_forced`` a learner's decision with a
        single legal action is played for it (no choice, so nothing to learn from it)."""
        state = self.state
        seat = self.seat
        while not state.is_over:
            p = state.current_players[0]
            if p == seat:
                if self.skip_forced:
                    only = self.legal()
                    if len(only) == 1:
                        state.play(seat, only[0])
                        self.forced += 1
                        continue
                return
            bot = self.bots[p]
            assert bot is not None
            legal = state.legal_actions(p)
            if type(bot) is RandomBot:
                # the project's random bot ignores its view: skip building one (the same choice, from its rng)
                action = legal[bot.rng.randrange(len(legal))]
            else:
                action = ask(bot, state, p, legal)
            state.play(p, action)

    def legal(self) -> list[Any]:
        """The learner's legal actions, its withheld kinds left out."""
        legal = self.state.legal_actions(self.seat)
        withheld = self.withheld
        if withheld:
            legal = [a for a in legal if a.kind not in withheld]
        return legal

    def fill_mask(self, row: BoolArray, cells: Any = None) -> None:
        """Write the learner's legal ids into ``row`` (all False once the game is over). ``cells``: a memoryview
        of ``row`` the caller keeps, through which a short list of ids is written one by one (a few tens of
        nanoseconds each, where NumPy's fancy indexing costs most of a microsecond whatever the length)."""
        row.fill(False)
        state = self.state
        if not state.is_over:
            legal = state.legal_actions(self.seat)
            withheld = self.withheld
            ids = [a.id for a in legal if a.kind not in withheld] if withheld else [a.id for a in legal]
            if cells is not None and len(ids) <= 32:
                for i in ids:
                    cells[i] = True
            else:
                row[ids] = True
            self.offer = (state.step_count, ids)

    def play(self, action: Any) -> None:
        """Apply the learner's ``action`` (an id, or anything ``apply`` takes). An id of the decision the last mask
        showed goes in as its Action, which ``apply`` accepts without resolving and checking it again; anything
        else goes through every check (an illegal id raises IllegalActionError and changes nothing; so does a
        withheld kind, which the mask never offers)."""
        step, ids = self.offer
        state = self.state
        if step == state.step_count and type(action) is int and action in ids:
            action = state.SPACE[action]  # else not offered: apply names the broken rule
        elif self.withheld:
            kind = _kind_of(state, action)
            if kind in self.withheld:
                raise _withheld(kind)
        state.play(self.seat, action)

    def refuse(self, action: Any) -> None:
        """Raise the IllegalActionError :meth:`play` would raise for ``action``, without playing it (a copy of the
        game is asked which rule it breaks): for a caller refusing a batch before any game moves. An action
        ``play`` would take raises one saying it was not offered."""
        kind = _kind_of(self.state, action)
        if kind in self.withheld:
            raise _withheld(kind)
        self.state.clone().play(self.seat, action)
        raise IllegalActionError(f"{action!r} is not among the learner's legal actions shown in the mask")


def _withheld(kind: str | None) -> IllegalActionError:
    return IllegalActionError(f"{kind} is withheld from learners in this environment (make it with assists=True to "
                              "allow it)")


def _kind_of(state: GameState, action: Any) -> str | None:
    """The kind of the action ``action`` names, or None when it names none (``apply`` then says why)."""
    if isinstance(action, Action):
        return action.kind
    if isinstance(action, int | np.integer) and not isinstance(action, bool) and 0 <= int(action) < len(state.SPACE):
        return state.SPACE[int(action)].kind
    return None


class GameConfig:
    """What every game of an environment is: the game, its player count, variant and rule options, the
    learner's seat rule, the opponents and the utility; plus the encoder and the size of the action space."""

    def __init__(self, game: str, players: int | None, variant: str | None, seat: SeatChoice,
                 opponents: Opponents, utility: str, options: Mapping[str, Any] | None,
                 max_steps: int | None, skip_forced: bool = False, assists: bool = False,
                 keep_events: bool = False) -> None:
        players, variant = resolve(game, players, variant)
        if utility not in UTILITIES:
            raise ValueError(f"unknown utility {utility!r}; choose one of {', '.join(UTILITIES)}")
        if seat != "random" and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players):
            raise ValueError(f"seat must be 0..{players - 1} or 'random', not {seat!r}")
        if max_steps is not None and (isinstance(max_steps, bool) or max_steps < 1):
            raise ValueError(f"max_steps must be a positive integer or None, not {max_steps!r}")
        self.game = game
        self.players = players
        self.variant = variant
        self.seat = seat
        self.opponents = opponents
        self.utility = utility
        self.options = dict(options or {})
        self.max_steps = max_steps
        self.skip_forced = bool(skip_forced)
        self.withheld = withheld_kinds(game, assists)
        self.keep_events = bool(keep_events)
        probe = hustings.make(game, players=players, variant=variant, seed=0, **self.options)  # checks options
        # house rules (``options={"rules": ...}``) that move the encoder's layout or the action space are refused
        house.refuse_action_changes(game, house.rules_of(probe), "the learner's encoder")
        if players > 1:
            check_opponents(opponents, game, players)
        self.num_actions = len(type(probe).SPACE)
        self.encoder: Encoder = fresh_encoder(game, players, variant)  # this env's own (it may keep a memo)

    def observation_space(self) -> spaces.Space[FloatArray]:
        return cast(spaces.Space[FloatArray], spaces.Box(0.0, 1.0, (self.encoder.size,), np.float32))

    def new_episode(self, rng: random.Random, game_seed: int) -> Episode:
        seat = rng.randrange(self.players) if self.seat == "random" else self.seat
        state = hustings.make(self.game, players=self.players, variant=self.variant, seed=game_seed, **self.options)
        bots, names = seat_opponents(self.opponents, seat, self.players, self.game, rng)
        ep = Episode(state, seat, bots, names, self.skip_forced, self.withheld, self.keep_events)
        ep.advance()
        return ep

    def reward(self, ep: Episode) -> float:
        return float(utilities(ep.state, self.utility)[ep.seat])


def env_rng(seed: int | None, current: random.Random | None) -> tuple[random.Random, int]:
    """The environment's generator after ``reset(seed)`` and the next game's seed: ``seed`` itself when given (so
    ``hustings.make(game, ..., seed=seed)`` is the same game), else drawn from the generator."""
    if seed is not None:
        return random.Random(int(seed)), int(seed)
    rng = current if current is not None else random.Random(int.from_bytes(os.urandom(8), "little"))
    return rng, rng.getrandbits(63)


class HustingsEnv(gymnasium.Env[FloatArray, np.int64]):
    """One learner seat of ``game`` against ``opponents`` (see the module's docstring).

    ``seat``: the learner's seat, or ``"random"`` (drawn at each reset). ``opponents``: one bot name for every
    other seat (``"heuristic"``), one per other seat in seat order, bots or factories ``seed -> bot``, or a
    :class:`~hustings.rl.pool.PolicyPool` drawn from at every reset. ``options``: the game's rule options.
    ``max_steps``: truncate after that many learner decisions (no final reward then). ``skip_forced``: play the
    learner's decisions that have a single legal action for it, without returning them (off by default).
    ``assists``: offer the game's assists (the puzzle's ``hint``), withheld by default, as in every RL interface.
    ``keep_events``: keep each game's events for a referee reading ``episode.state`` (by default a game makes none,
    :meth:`GameState.mute_events`, since nothing the learner or a non-searching opponent gets reads them; a searching
    opponent keeps them anyway).
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012  # Gymnasium's convention

    def __init__(self, game: str, players: int | None = None, variant: str | None = None, *,
                 seat: SeatChoice = 0, opponents: Opponents = "random", utility: str = "outcome",
                 options: Mapping[str, Any] | None = None, max_steps: int | None = None,
                 skip_forced: bool = False, assists: bool = False, keep_events: bool = False,
                 render_mode: str | None = None) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None")
        self.config = GameConfig(game, players, variant, seat, opponents, utility, options, max_steps, skip_forced,
                                 assists, keep_events)
        self.render_mode = render_mode
        self.observation_space = self.config.observation_space()
        self.action_space = spaces.Discrete(self.config.num_actions)
        self._mask = np.zeros(self.config.num_actions, dtype=np.bool_)
        self._rng: random.Random | None = None
        self._episode: Episode | None = None
        self.game_seed = 0

    @property
    def episode(self) -> Episode:
        if self._episode is None:
            raise RuntimeError("call reset() first")
        return self._episode

    def _observe(self) -> tuple[FloatArray, dict[str, Any]]:
        ep = self.episode
        ep.fill_mask(self._mask)
        obs = self.config.encoder.encode(ep.state.view(ep.seat))
        info = {"action_mask": self._mask.copy(), "seat": ep.seat, "opponents": list(ep.names),
                "game_seed": self.game_seed}
        return obs, info

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[FloatArray, dict[str, Any]]:
        super().reset(seed=seed)
        self._rng, self.game_seed = env_rng(seed, self._rng)
        for _ in range(8):
            self._episode = self.config.new_episode(self._rng, self.game_seed)
            if not self._episode.state.is_over:
                break
            self.game_seed = self._rng.getrandbits(63)  # a game the learner never had a say in: deal another
        else:
            raise RuntimeError(f"{self.config.game}: the opponents ended 8 games before the learner's first turn")
        return self._observe()

    def action_masks(self) -> BoolArray:
        """The legal ids of the learner's current decision (all False once the game is over)."""
        return self._mask.copy()

    def step(self, action: Any) -> tuple[FloatArray, float, bool, bool, dict[str, Any]]:
        ep = self.episode
        if ep.state.is_over or (self.config.max_steps is not None and ep.decisions >= self.config.max_steps):
            raise RuntimeError(f"{self.config.game}: step() after the episode ended; call reset()")
        ep.play(int(action) if isinstance(action, np.integer) else action)  # illegal: raises, nothing changes
        ep.decisions += 1
        ep.advance()
        obs, info = self._observe()
        if ep.state.is_over:
            info["outcome"] = ep.state.outcome().to_json()
            info["scores"] = ep.state.scores()[ep.seat]
            return obs, self.config.reward(ep), True, False, info
        truncated = self.config.max_steps is not None and ep.decisions >= self.config.max_steps
        return obs, 0.0, False, truncated, info

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode (use 'ansi')")
            return None
        ep = self.episode
        who = None if ep.state.is_over else ep.seat
        return f"{self.config.game} seat {ep.seat}: " + repr(ep.state.view(who))


__all__ = ["Episode", "GameConfig", "HustingsEnv", "env_rng"]

"""Several games stepped in one call: a Gymnasium :class:`~gymnasium.vector.VectorEnv` of learner seats.

    from hustings.rl.vector import HustingsVectorEnv
    envs = HustingsVectorEnv("election-war", num_envs=16, players=4, seat="random", opponents="heuristic")
    obs, info = envs.reset(seed=1)                 # obs: float32[16, size]; info["action_mask"]: bool[16, A]
    obs, rewards, terminated, truncated, info = envs.step(actions)   # actions: int[16]

Each sub-environment is what :class:`hustings.rl.gym.HustingsEnv` is, in one process, written straight into
preallocated arrays (no per-env wrapper objects, no dict observations). A finished game is reset in the same
step (Gymnasium's ``AutoresetMode.SAME_STEP``): its row of ``obs`` is the next game's first observation, the
reward and ``terminated`` are the finished game's, and ``info["final_outcome"]`` (an object array, None for the
others) holds its outcome. Sub-environment ``i`` of ``reset(seed=s)`` plays the game of seed ``s + i`` first.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, cast

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from hustings.engine import IllegalActionError
from hustings.rl.encoding import fresh_encoder
from hustings.rl.gym import Episode, GameConfig, SeatChoice, env_rng
from hustings.rl.pool import Opponents

FloatArray = npt.NDArray[np.float32]
BoolArray = npt.NDArray[np.bool_]


class HustingsVectorEnv(VectorEnv[FloatArray, npt.NDArray[np.int64], npt.NDArray[np.int64]]):
    """``num_envs`` independent games, each a learner seat against its opponents (arguments as in
    :class:`hustings.rl.gym.HustingsEnv`)."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012

    def __init__(self, game: str, num_envs: int, players: int | None = None, variant: str | None = None, *,
                 seat: SeatChoice = 0, opponents: Opponents = "random", utility: str = "outcome",
                 options: Mapping[str, Any] | None = None, max_steps: int | None = None,
                 skip_forced: bool = False, assists: bool = False, keep_events: bool = False) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be a positive integer, not {num_envs!r}")
        self.config = GameConfig(game, players, variant, seat, opponents, utility, options, max_steps, skip_forced,
                                 assists, keep_events)
        self.num_envs = num_envs
        self.single_observation_space = self.config.observation_space()
        self.single_action_space = spaces.Discrete(self.config.num_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        # the encodings before their cast to float32, which step() makes once for every row (the same bits as
        # encoding each row into float32), each row kept as its own array (no view made per encoding)
        self._obs = np.zeros((num_envs, self.config.encoder.size), dtype=np.float64)
        self._rows = list(self._obs)
        # one encoder per game: an encoder's memo of the last rows it saw then follows one game
        cfg = self.config
        encoders = [cfg.encoder, *(fresh_encoder(game, cfg.players, cfg.variant) for _ in range(num_envs - 1))]
        self._writers = [enc.row_writer(row) for enc, row in zip(encoders, self._rows, strict=True)]
        self._mask = np.zeros((num_envs, self.config.num_actions), dtype=np.bool_)
        self._mask_rows = list(self._mask)
        self._mask_cells = [memoryview(cast(Any, row)) for row in self._mask_rows]
        self._rngs: list[random.Random | None] = [None] * num_envs
        self._episodes: list[Episode | None] = [None] * num_envs
        self.game_seeds = [0] * num_envs

    def _new(self, i: int, seed: int | None) -> Episode:
        rng, game_seed = env_rng(seed, self._rngs[i])
        self._rngs[i] = rng
        for _ in range(8):
            ep = self.config.new_episode(rng, game_seed)
            if not ep.state.is_over:
                break
            game_seed = rng.getrandbits(63)
        else:
            raise RuntimeError(f"{self.config.game}: the opponents ended 8 games before the learner's first turn")
        self.game_seeds[i] = game_seed
        self._episodes[i] = ep
        self._write(i, ep)
        return ep

    def _write(self, i: int, ep: Episode) -> None:
        self._writers[i](ep.state.view(ep.seat))
        ep.fill_mask(self._mask_rows[i], self._mask_cells[i])

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self._mask.copy(),
                "seat": np.fromiter((ep.seat if ep else -1 for ep in self._episodes), np.int64, self.num_envs)}

    def reset(self, *, seed: int | list[int | None] | None = None,
              options: dict[str, Any] | None = None) -> tuple[FloatArray, dict[str, Any]]:
        if seed is None:
            seeds: list[int | None] = [None] * self.num_envs
        elif isinstance(seed, int):
            seeds = [seed + i for i in range(self.num_envs)]
        else:
            seeds = list(seed)
            if len(seeds) != self.num_envs:
                raise ValueError(f"{len(seeds)} seeds for {self.num_envs} environments")
        for i, s in enumerate(seeds):
            self._new(i, s)
        return self._obs.astype(np.float32), self._info()

    def action_masks(self) -> BoolArray:
        return self._mask.copy()

    def step(self, actions: Any) -> tuple[FloatArray, Any, Any, Any, dict[str, Any]]:
        """Apply one learner action per game, let the opponents move, reset finished games (same step).
        Returns observations, rewards (float64), terminated and truncated (bool) and the info."""
        acts = np.asarray(actions)
        if acts.shape != (self.num_envs,):
            raise ValueError(f"step() needs one action per environment ({self.num_envs}), not shape {acts.shape}")
        # Python scalars at once (tolist), not a NumPy scalar per game; anything but an integer id (a float, a bool)
        # is refused below with the engine's reason, as the single env refuses it
        ids = acts.tolist()
        rewards = np.zeros(self.num_envs, dtype=np.float64)
        terminated = np.zeros(self.num_envs, dtype=np.bool_)
        truncated = np.zeros(self.num_envs, dtype=np.bool_)
        final: npt.NDArray[np.object_] | None = None
        cfg = self.config
        # every action checked against its game's mask before any game moves: a bad one refuses the whole step,
        # with the rule it breaks, and changes nothing (not the games before it either)
        if None in self._episodes:
            raise RuntimeError("call reset() first")
        limit = cfg.num_actions
        bad = [i for i, (a, cells) in enumerate(zip(ids, self._mask_cells, strict=True))
               if not (type(a) is int and 0 <= a < limit and cells[a])]
        if bad:
            i = bad[0]
            try:
                cast(Episode, self._episodes[i]).refuse(ids[i])
            except IllegalActionError as e:
                raise IllegalActionError(f"environment {i}: {e}") from None
        for i in range(self.num_envs):
            ep = self._episodes[i]
            assert ep is not None
            ep.play(ids[i])
            ep.decisions += 1
            ep.advance()
            if ep.state.is_over:
                rewards[i] = cfg.reward(ep)
                terminated[i] = True
            elif cfg.max_steps is not None and ep.decisions >= cfg.max_steps:
                truncated[i] = True
            else:
                self._write(i, ep)
                continue
            if final is None:
                final = np.full(self.num_envs, None, dtype=object)
            final[i] = ep.state.outcome().to_json() if terminated[i] else None
            self._new(i, None)
        info = self._info()
        if final is not None:
            info["final_outcome"] = final
            info["_final_outcome"] = terminated | truncated
        return self._obs.astype(np.float32), rewards, terminated, truncated, info

    def episodes(self) -> list[Episode]:
        """The games being played (for referees and tests: their states hold every secret)."""
        return [ep for ep in self._episodes if ep is not None]


__all__ = ["HustingsVectorEnv"]

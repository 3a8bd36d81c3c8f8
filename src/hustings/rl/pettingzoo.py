"""PettingZoo AEC environments for every hustings game and variant.

    from hustings.rl.pettingzoo import env
    e = env("die-macher-2019", players=4, variant="standard", render_mode="ansi")
    e.reset(seed=7)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

Agents are ``player_0`` ... ``player_{n-1}`` (the engine's seats). Each observation is a dict:
``observation``, the ``float32`` encoding of ``view(agent)`` (:mod:`hustings.rl.encoding`), and
``action_mask``, an ``int8`` mask over the game's stable action ids (only the agent to act has ones).
The action space is ``Discrete(len(SPACE))``: an action is an action id. An illegal id raises
:class:`hustings.IllegalActionError` and changes nothing.

A secret simultaneous step (several ``current_players``) is taken one agent at a time, lowest seat
first; each sees only its own view, which shows nobody's pending choice until the rules reveal them.

Rewards are 0 until the game ends; then every agent gets its utility (``utility="outcome"`` by default: the
game's own ``outcome().utilities``, the win share on [-1, 1]; ``utility="rank"`` pays the rank utility; see
:mod:`hustings.rl.utility`) and is terminated. Once every agent
has stepped ``None`` and left, another ``step`` raises RuntimeError: ``reset()`` starts a new game.
``max_cycles`` optionally truncates a game after ``max_cycles * players`` decisions (no final reward then).
``egocentric=True`` orders every per-seat block of the observation from the observer; ``assists=True`` lets
agents use a game's assists (逃出總統府's ``hint``), withheld by default (never in the mask, refused by ``step``).
An agent that reads views rather than encodings (the project's bots, a learned scorer) asks the raw environment
for ``view(agent)`` and ``legal_actions(agent)`` and steps an action's id. ``events=False`` makes the game keep no
event log (no agent reads it; a trainer playing many games spares a sixth of a step).

Seeding: ``reset(seed=s)`` plays the engine game with seed ``s`` (so ``hustings.make(game, players,
variant, seed=s)`` replays it) and seeds the env's own generator, from which later ``reset()`` calls draw
their seeds. Nothing reads or disturbs the global ``random`` or ``numpy.random`` state.
"""

from __future__ import annotations

import json
import os
import random
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

import hustings
from hustings.engine import Action, GameState, IllegalActionError
from hustings.rl.encoding import fresh_encoder, resolve, withheld_kinds
from hustings.rl.utility import UTILITIES, utilities

Observation = dict[str, npt.NDArray[Any]]


def agent_name(player: int) -> str:
    return f"player_{player}"


class raw_env(AECEnv):  # type: ignore[misc]  # lower case: PettingZoo's naming convention
    """The AEC environment without PettingZoo's wrappers (see :func:`env`)."""

    # per instance too: __init__ names it after the game
    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "name": "hustings_v0",  # noqa: RUF012
                                "is_parallelizable": False}

    def __init__(
        self,
        game: str,
        players: int | None = None,
        variant: str | None = None,
        render_mode: str | None = None,
        utility: str = "outcome",
        max_cycles: int | None = None,
        egocentric: bool = False,
        assists: bool = False,
        events: bool = True,
    ) -> None:
        super().__init__()
        players, variant = resolve(game, players, variant)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None")
        if utility not in UTILITIES:
            raise ValueError(f"unknown utility {utility!r}; choose one of {', '.join(UTILITIES)}")
        if max_cycles is not None and (isinstance(max_cycles, bool) or max_cycles < 1):
            raise ValueError(f"max_cycles must be a positive integer or None, not {max_cycles!r}")
        self.game = game
        self.players = players
        self.variant = variant
        self.render_mode = render_mode
        self.utility = utility
        self.max_cycles = max_cycles
        self.metadata = {**self.metadata, "name": f"hustings_{game.replace('-', '_')}_v0"}
        self.encoder = fresh_encoder(game, players, variant, egocentric=egocentric)  # its own: see fresh_encoder
        self.egocentric = bool(egocentric)
        # no agent reads the game's events (observations encode views): a trainer may spare making them
        self.events = bool(events)
        # action kinds left out unless asked (the puzzle's hint): never in the mask, refused by step()
        self.withheld = withheld_kinds(game, assists)
        self.num_actions = len(type(hustings.make(game, players=players, variant=variant, seed=0)).SPACE)
        self.possible_agents = [agent_name(p) for p in range(players)]
        self.agent_name_mapping = {a: p for p, a in enumerate(self.possible_agents)}
        # one space object per agent, so that seeding one agent's space leaves the others alone
        self.observation_spaces = {a: self._observation_space() for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.num_actions) for a in self.possible_agents}
        self._seeds: random.Random | None = None
        self._game_state: GameState | None = None
        self.num_steps = 0

    # -- spaces ------------------------------------------------------------------------------------

    def _observation_space(self) -> spaces.Dict:
        return spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (self.encoder.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.num_actions,), np.int8),
        })

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- the game ----------------------------------------------------------------------------------

    @property
    def game_state(self) -> GameState:
        """The engine state (holds every secret: for referees and tests, never for an agent)."""
        if self._game_state is None:
            raise RuntimeError("call reset() first")
        return self._game_state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            game_seed = int(seed)
            self._seeds = random.Random(game_seed)
        else:
            if self._seeds is None:
                self._seeds = random.Random(int.from_bytes(os.urandom(8), "little"))
            game_seed = self._seeds.getrandbits(63)
        self.game_seed = game_seed
        self._game_state = hustings.make(self.game, players=self.players, variant=self.variant, seed=game_seed)
        if not self.events:
            self._game_state.mute_events()
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.num_steps = 0
        self._skip_agent_selection = None
        self.agent_selection = agent_name(self._game_state.current_players[0])

    def view(self, agent: str) -> dict[str, Any]:
        """``agent``'s view, the game's own data that its observation encodes: for an agent that reads views rather
        than encodings (the project's bots, a learned scorer). Like the observation, it holds only what that seat may
        see."""
        view: dict[str, Any] = self.game_state.view(self._player(agent))
        return view

    def legal_actions(self, agent: str) -> list[Action]:
        """The actions ``agent`` may take now, as the game's actions (``step(action.id)`` takes one): the ones of its
        ``action_mask``, empty when it is not the agent to act."""
        s = self.game_state
        p = self._player(agent)
        if agent != self.agent_selection or s.is_over:
            return []
        withheld = self.withheld
        return [a for a in s.legal_actions(p) if a.kind not in withheld]

    def _player(self, agent: str) -> int:
        p = self.agent_name_mapping.get(agent)
        if p is None:
            raise ValueError(f"no agent {agent!r}: the agents are {', '.join(self.possible_agents)}")
        return p

    def observe(self, agent: str) -> Observation:
        s = self.game_state
        p = self.agent_name_mapping[agent]
        mask = np.zeros(self.num_actions, dtype=np.int8)
        if agent == self.agent_selection and not s.is_over:
            withheld = self.withheld
            mask[[a.id for a in s.legal_actions(p) if a.kind not in withheld]] = 1
        return {"observation": self.encoder.encode(s.view(p)), "action_mask": mask}

    def step(self, action: Any) -> None:
        if self._game_state is not None and not self.agents:
            raise RuntimeError(f"{self.game}: step({action!r}) after the end: every agent has left; call reset()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: None is only for terminated or truncated agents")
        s = self.game_state
        p = self.agent_name_mapping[agent]
        if isinstance(action, np.integer):
            action = int(action)
        if self.withheld and isinstance(action, int) and not isinstance(action, bool) \
                and 0 <= action < self.num_actions and s.SPACE[action].kind in self.withheld:
            raise IllegalActionError(f"{s.SPACE[action].kind} is withheld from learners in this environment "
                                     "(make it with assists=True to allow it)")
        s.play(p, action)  # an id; anything else, or an illegal id, raises IllegalActionError (nothing changes)
        self.num_steps += 1
        self._cumulative_rewards[agent] = 0.0
        if s.is_over:
            scores = s.scores()
            outcome = s.outcome()
            for q, u in enumerate(utilities(s, self.utility)):
                a = agent_name(q)
                self.rewards[a] = u
                self.terminations[a] = True
                self.infos[a] = {"scores": scores[q], "winners": [agent_name(w) for w in outcome.winners],
                                 "outcome": outcome.to_json()}
            self.agent_selection = self.agents[0]
        elif self.max_cycles is not None and self.num_steps >= self.max_cycles * self.players:
            for a in self.agents:
                self.truncations[a] = True
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = agent_name(s.current_players[0])
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    # -- rendering ---------------------------------------------------------------------------------

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode (use 'ansi' or 'human')")
            return None
        text = self._text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def _text(self) -> str:
        """The view of the agent to act (the spectator's once the game is over), one key per line."""
        s = self.game_state
        who = None if s.is_over or not self.agents else self.agent_name_mapping[self.agent_selection]
        view = s.view(who)
        head = (f"{self.game} ({self.variant}, {self.players} players), step {self.num_steps}: "
                + (f"view of {agent_name(who)}, to act" if who is not None else "spectator view"))
        lines = [head]
        for key, value in view.items():
            if isinstance(value, list) and value and isinstance(value[0], dict):
                lines.append(f"{key}:")
                lines += ["  " + json.dumps(v, ensure_ascii=False, separators=(",", ":")) for v in value]
            else:
                lines.append(f"{key}: " + json.dumps(value, ensure_ascii=False, separators=(",", ":")))
        return "\n".join(lines)

    def close(self) -> None:
        pass

    def __str__(self) -> str:
        return str(self.metadata["name"])


def env(
    game: str,
    players: int | None = None,
    variant: str | None = None,
    render_mode: str | None = None,
    utility: str = "outcome",
    max_cycles: int | None = None,
    egocentric: bool = False,
    assists: bool = False,
) -> AECEnv:
    """The environment wrapped as PettingZoo's classic games are: action bounds are asserted and the
    API order (reset before use) is enforced. ``egocentric=True`` observes through the encoder's egocentric
    form (the observer's seat first); ``assists=True`` lets agents use the game's assists (the puzzle's
    ``hint``), which are withheld by default."""
    e = raw_env(game, players=players, variant=variant, render_mode=render_mode, utility=utility,
                max_cycles=max_cycles, egocentric=egocentric, assists=assists)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)


__all__ = ["agent_name", "env", "raw_env"]

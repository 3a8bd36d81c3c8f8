"""A learner seat against the project's bots, through Gymnasium (docs/rl.md): a uniform random policy over the
legal ids in 選舉之戰 (4 players) against heuristic bots, then the same in 8 games at once with the vector env,
against a pool that mixes random and heuristic bots.

    python examples/gym_against_bots.py
"""

from __future__ import annotations

import numpy as np

from hustings.rl.gym import HustingsEnv
from hustings.rl.pool import PolicyPool
from hustings.rl.vector import HustingsVectorEnv

rng = np.random.default_rng(0)

env = HustingsEnv("election-war", players=4, seat="random", opponents="heuristic")
wins = 0.0
for game in range(5):
    obs, info = env.reset(seed=game)
    while True:
        action = rng.choice(np.flatnonzero(info["action_mask"]))  # a legal id
        obs, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            wins += (reward + 1) / 2  # the outcome utility 2 * win share - 1
            break
print(f"random learner against 3 heuristic bots: win share {wins / 5:.2f} over 5 games")

envs = HustingsVectorEnv("election-war", 8, players=4, seat="random", opponents=PolicyPool(["random", "heuristic"]))
obs, info = envs.reset(seed=100)
finished: list[float] = []
while len(finished) < 16:
    mask = info["action_mask"]
    actions = (rng.random(mask.shape) * mask).argmax(axis=1)  # a uniform legal id per game
    obs, rewards, terminated, truncated, info = envs.step(actions)
    finished += [(r + 1) / 2 for r in rewards[terminated]]
print(f"8 games a step against a random/heuristic pool: win share {np.mean(finished):.2f} over {len(finished)} games")

"""The shipped `learned` bot of 選舉之戰 (docs/bots.md): a network trained by `hustings train`, played with NumPy
alone, in one seat against three heuristic bots; then the same network read as a checkpoint and used as a Gymnasium
learner's policy (it maps an observation and a mask to an action id).

    python examples/learned_bot.py
"""

from __future__ import annotations

from pathlib import Path

import hustings
from hustings.bots import make_bot, play_game
from hustings.rl.gym import HustingsEnv
from hustings.rl.policy import LearnedPolicy

won = 0.0
for seed in range(8):
    seat = seed % 4
    bots = [make_bot("learned" if p == seat else "heuristic", "election-war", seed) for p in range(4)]
    state = play_game(hustings.make("election-war", players=4, seed=seed), bots)
    winners = state.outcome().winners
    won += 1 / len(winners) if seat in winners else 0.0
print(f"learned against 3 heuristic bots: win share {won / 8:.2f} over 8 games (the benchmark plays 200)")

weights = Path(hustings.__file__).parent / "games" / "election_war" / "adapters" / "learned-4p.npz"
policy = LearnedPolicy.load(weights)
print("trained:", policy.meta.get("trained"))
env = HustingsEnv("election-war", players=4, seat=0, opponents="heuristic")
obs, info = env.reset(seed=100)
done = False
while not done:
    obs, reward, terminated, truncated, info = env.step(policy(obs, info["action_mask"]))
    done = terminated or truncated
print(f"one Gymnasium game from seat 0: reward {reward:+.0f}")

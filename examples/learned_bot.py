"""The shipped `learned` bot of 選舉之戰 (docs/bots.md): a scorer of each legal action's features, its weights found
by `hustings train election-war --method evolve`, played with NumPy alone in one seat against three heuristic bots;
then the same checkpoint read, to show what it learned to weigh.

    python examples/learned_bot.py
"""

from __future__ import annotations

from pathlib import Path

import hustings
from hustings.bots import make_bot, play_game
from hustings.rl.scorer import ScorerPolicy

won = 0.0
for seed in range(8):
    seat = seed % 4
    bots = [make_bot("learned" if p == seat else "heuristic", "election-war", seed) for p in range(4)]
    state = play_game(hustings.make("election-war", players=4, seed=seed), bots)
    winners = state.outcome().winners
    won += 1 / len(winners) if seat in winners else 0.0
print(f"learned against 3 heuristic bots: win share {won / 8:.2f} over 8 games (the benchmark plays 200)")

weights = Path(hustings.__file__).parent / "games" / "election_war" / "adapters" / "learned-4p.npz"
policy = ScorerPolicy.load(weights)
print("trained:", policy.meta.get("trained"))
w = policy.weights[0][:, 0]
names = policy.features.names
print("the heaviest weights (a weight of 1 on heuristic_pick alone plays the heuristic):")
for i in sorted(range(len(w)), key=lambda i: -abs(w[i]))[:8]:
    print(f"  {names[i]:28s} {w[i]:+.2f}")

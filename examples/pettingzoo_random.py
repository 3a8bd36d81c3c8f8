"""A PettingZoo random-policy loop on Die Macher 2019 (needs ``pip install -e '.[rl]'``).

    .venv/bin/python examples/pettingzoo_random.py [--players 4] [--variant standard] [--games 3] [--seed 0]

Every agent picks uniformly among the legal actions its observation's ``action_mask`` allows. At the end
of each game every agent receives its utility (the game's own outcome by default) and the final scores are printed;
``--show`` prints the ansi rendering of the last view too.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from hustings.rl.pettingzoo import env


def main() -> None:
    ap = argparse.ArgumentParser(description="random policy in the hustings PettingZoo environment")
    ap.add_argument("--game", default="die-macher-2019")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--variant", default="standard")
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--utility", default="outcome", choices=["outcome", "rank", "win", "score"])
    ap.add_argument("--show", action="store_true", help="print the final view (render_mode='ansi')")
    args = ap.parse_args()

    e = env(args.game, players=args.players, variant=args.variant, render_mode="ansi", utility=args.utility)
    policy = np.random.default_rng(args.seed)  # the policy's own generator; the env has its own
    for g in range(args.games):
        e.reset(seed=args.seed + g)
        steps, t0 = 0, time.perf_counter()
        returns = dict.fromkeys(e.possible_agents, 0.0)
        for agent in e.agent_iter():
            obs, reward, terminated, truncated, _info = e.last()
            returns[agent] += reward
            if terminated or truncated:
                action = None
                if g == args.games - 1 and args.show and agent == e.possible_agents[0]:
                    print(e.render())
            else:
                action = int(policy.choice(np.flatnonzero(obs["action_mask"])))
                steps += 1
            e.step(action)
        dt = time.perf_counter() - t0
        print(f"game {g} (seed {args.seed + g}): {steps} decisions in {dt:.2f}s ({steps / dt:,.0f}/s)")
        for agent, r in returns.items():
            print(f"  {agent}: utility {r:+.3f}")


if __name__ == "__main__":
    main()

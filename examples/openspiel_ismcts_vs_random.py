"""OpenSpiel's own ISMCTS bot against random players on Die Macher 2019 (needs ``pip install -e '.[rl]'``).

    .venv/bin/python examples/openspiel_ismcts_vs_random.py [--players 4] [--games 2] [--simulations 16]

Seat 0 is ``open_spiel.python.algorithms.ismcts.ISMCTSBot`` with random rollouts; it searches over states
drawn by ``resample_from_infostate`` (the engine's resample), so it never sees another player's cards.
The other seats play uniformly at random. Chance (the deal, i.e. the engine seed) is sampled from
``chance_outcomes()``. Everything is seeded, so a run is reproducible.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import hustings.rl.openspiel as hos


def main() -> None:
    ap = argparse.ArgumentParser(description="OpenSpiel ISMCTS (seat 0) against random players")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--variant", default="standard")
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--simulations", type=int, default=16, help="ISMCTS simulations per decision")
    ap.add_argument("--rollouts", type=int, default=1, help="random rollouts per leaf")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()

    game = pyspiel.load_game(hos.short_name("die-macher-2019"), {"players": args.players, "variant": args.variant})
    print(f"{game}: {game.num_distinct_actions()} actions, observation tensor {game.observation_tensor_shape()}")
    rng = np.random.RandomState(args.seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=args.rollouts, random_state=np.random.RandomState(args.seed + 1))
    bot = ismcts.ISMCTSBot(game=game, evaluator=evaluator, uct_c=2.0, max_simulations=args.simulations,
                           random_state=np.random.RandomState(args.seed + 2))
    bot.set_resampler(hos.seeded_resampler(args.seed + 3))  # reproducible world samples

    totals = np.zeros(args.players)
    wins = 0
    for g in range(args.games):
        state = game.new_initial_state()
        t0, decisions = time.perf_counter(), 0
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                action = rng.choice(actions, p=probs)
            elif state.current_player() == 0:
                action = bot.step(state)
                decisions += 1
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(int(action))
        returns = np.array(state.returns())
        totals += returns
        scores = [s["total"] for s in state.engine_state.scores()]
        wins += returns[0] == returns.max()
        print(f"game {g}: ISMCTS made {decisions} decisions in {time.perf_counter() - t0:.1f}s; "
              f"final totals {scores}; returns {np.round(returns, 3).tolist()}")
    print(f"ISMCTS (seat 0) mean return {totals[0] / args.games:+.3f} (random seats "
          f"{np.round(totals[1:] / args.games, 3).tolist()}), top score in {wins} of {args.games} games")


if __name__ == "__main__":
    main()

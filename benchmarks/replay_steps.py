"""What one replay step costs the server (hustings.server.replays, issue 24 point 5).

    .venv/bin/python benchmarks/replay_steps.py            # a random game of each game, 200 steps asked each

For each game a whole game of random moves is played here, then its replay is asked for as the route does
(``Replays._answer`` in this thread: the worked-out state, one seat's view, its events of the step in words):
the first answer at the end (which replays the whole game and keeps its checkpoints), then steps at random (each
from the nearest checkpoint, at most ``CHECKPOINT`` actions applied), and a cold answer with no checkpoint kept.
Prints the median and the worst time per answer, and the actions applied per warm answer.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

import hustings
from hustings.server.limits import Limits
from hustings.server.replays import CHECKPOINT, ReplayGame, Replays

GAMES = [("die-macher-2019", 4), ("die-macher", 4), ("election-war", 10), ("palace-escape", 1)]


def _game(game: str, players: int, seed: int) -> ReplayGame:
    rng = random.Random(seed)
    s = hustings.make(game, players=players, seed=seed)
    while not s.is_over:
        p = s.current_players[0]
        s.apply(p, rng.choice(s.legal_actions(p)))
    rec = s.record()
    info: dict[str, Any] = {"id": game, "game": game, "variant": None, "players": players, "name": "", "lang": "en",
                            "rematch_of": None, "seats": [{"seat": i, "name": "", "bot": "random"}
                                                          for i in range(players)]}
    return ReplayGame(id=game, game=game, options=rec["options"], seed=int(rec["seed"]),  # type: ignore[arg-type]
                      actions=tuple((int(p), int(a)) for p, a in rec["actions"]),  # type: ignore[union-attr]
                      names=("",) * players, info=info, given_up=None, chat=None)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--steps", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    for game, players in GAMES:
        g = _game(game, players, args.seed)
        n = len(g.actions)
        replays = Replays(hub=None, limits=Limits())  # type: ignore[arg-type]  # _answer needs no hub
        t0 = time.perf_counter()
        replays._answer(g, 0, n, "en")
        first = time.perf_counter() - t0
        rng = random.Random(args.seed)
        times, applied = [], []
        for _ in range(args.steps):
            k, seat = rng.randrange(n + 1), rng.choice([None, *range(players)])
            before = replays.applied
            t0 = time.perf_counter()
            replays._answer(g, seat, k, rng.choice(["en", "zh-Hans", "zh-Hant"]))
            times.append(time.perf_counter() - t0)
            applied.append(replays.applied - before)
        cold = Replays(hub=None, limits=Limits())  # type: ignore[arg-type]
        t0 = time.perf_counter()
        cold._answer(g, 0, n // 2, "en")
        half = time.perf_counter() - t0
        print(f"{game} ({players} seats, {n} actions): first answer at the end {first * 1000:.1f} ms, cold at the "
              f"middle {half * 1000:.1f} ms; warm answers median {statistics.median(times) * 1000:.2f} ms, worst "
              f"{max(times) * 1000:.2f} ms, at most {max(applied)} actions applied (checkpoint every {CHECKPOINT}); "
              f"states kept {replays.states_kept}")
        replays.close()
        cold.close()


if __name__ == "__main__":
    main()

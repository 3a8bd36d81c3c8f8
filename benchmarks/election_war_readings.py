"""選舉之戰: what the two readings of a carried-out news card's fate do to the deck (rulings.md R7).

    .venv/bin/python benchmarks/election_war_readings.py              # 200 random games at 4, 10 and 15 players
    .venv/bin/python benchmarks/election_war_readings.py --games 50

Seed 004 3-2 lays a played news card on the candidate and sends it to the discard pile only when the wind fails
or the name is cleared. Reading (a) keeps a carried-out card on the candidate, out of the deck cycle for the rest
of the game; reading (b), the ruling, discards it like the others. For each reading and player count this prints
how many wind checks (press conferences and council checks included) found no card to flip even after
reshuffling the discard pile (R8, a rule the seed does not have) and in how many games that happened. Play is
uniformly random through the public API; reading (a) is this script's stand-in for the game's ``carry_out``.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable

import hustings
from hustings.games.election_war import data as D
from hustings.games.election_war.rules import campaign
from hustings.games.election_war.rules.state import ElectionWar

CHECKS = ("wind_check", "press_conference")


def kept_on_candidate(s: ElectionWar) -> None:
    """Reading (a): the effect happens and the card stays on the candidate (it never returns to the deck)."""
    t, q = s.pending
    campaign.effects.apply_effect(s, t, q)
    s.pending = []
    if D.NEWS_STOPS[t]:
        s.emit("explosion", {"player": s.turn, "card": t})
        campaign.to_discard(s)
    else:
        campaign.settle(s)


def measure(players: int, games: int) -> tuple[int, int, int]:
    """(checks, checks with no card to flip, games with one) over ``games`` random games."""
    checks = dry = dry_games = 0
    for seed in range(games):
        s = hustings.make("election-war", players=players, seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            p = s.current_players[0]
            s.apply(p, rng.choice(s.legal_actions(p)))
        n_dry = 0
        for e in s.all_events():
            if e.type in CHECKS:
                checks += 1
                n_dry += e.data["card"] == -1
            elif e.type == "count_row" and e.data["check"] is not None:
                checks += 1
                n_dry += e.data["check"]["card"] == -1
        dry += n_dry
        dry_games += n_dry > 0
    return checks, dry, dry_games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="random games per reading and player count")
    args = parser.parse_args()
    ruling: Callable[[ElectionWar], None] = campaign.carry_out
    readings = {"(a) kept on the candidate": kept_on_candidate, "(b) discarded (R7)": ruling}
    print(f"{'reading':28} {'players':>7} {'checks':>8} {'no card':>8} {'games with one':>15}")
    try:
        for name, carry_out in readings.items():
            campaign.carry_out = carry_out  # type: ignore[assignment]
            for players in (4, 10, 15):
                checks, dry, dry_games = measure(players, args.games)
                print(f"{name:28} {players:>7} {checks:>8,} {dry:>8,} {dry_games:>9} / {args.games}", flush=True)
    finally:
        campaign.carry_out = ruling  # type: ignore[assignment]


if __name__ == "__main__":
    main()

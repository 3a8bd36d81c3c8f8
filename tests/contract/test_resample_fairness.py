"""resample(p) never hands back the truth by default (issue 9.2 and the engine contract).

Over many samples of one information state the exact true position is no more frequent than any other
sampled position, dealing never fails (a game that cannot deal raises ResampleError instead of keeping the
true hidden information), and every sample shows ``p`` exactly what the true state shows.
"""

from __future__ import annotations

import random
import statistics
from collections import Counter

import pytest

from hustings.engine import GameState, ResampleError

from .conftest import VARIANT_IDS, VARIANTS, Config, counts, play_with_checks, viewers

SAMPLES = 40


def position(s: GameState) -> str:
    # repr: a position key may hold unhashable parts (dicts of a finished game)
    return repr(s.position_key())


def check_fairness(s: GameState, q: int | None, seed: int, where: str, tally: Counter[str]) -> None:
    rng = random.Random(seed)
    true = position(s)
    view = s.view(q)
    seen: Counter[str] = Counter()
    for _ in range(SAMPLES):
        try:
            r = s.resample(q, rng)
        except ResampleError as e:
            tally["failures"] += 1
            raise AssertionError(f"{where}: resample({q}) found no deal: {e}") from e
        assert r.view(q) == view, f"{where}: resample({q}) changed what {q} sees"
        seen[position(r)] += 1
    others = [c for k, c in seen.items() if k != true]
    if not others:
        return  # nothing hidden from q here: the truth is the only consistent position
    tally["with_alternatives"] += 1
    tally["samples"] += SAMPLES
    tally["truth"] += seen[true]
    mean, sd = statistics.fmean(others), statistics.pstdev(others)
    assert seen[true] <= mean + 4 * sd + 1, (
        f"{where}: resample({q}) returned the true position {seen[true]} times in {SAMPLES}, "
        f"other positions {mean:.2f}±{sd:.2f}"
    )
    if len(seen) >= SAMPLES // 2:
        assert seen[true] <= max(others), f"{where}: the truth is the most frequent of {len(seen)} positions"


@pytest.mark.parametrize(("game", "variant"), VARIANTS, ids=VARIANT_IDS)
def test_resample_does_not_favour_the_true_position(game: str, variant: str) -> None:
    tally: Counter[str] = Counter()
    for n in counts(game, variant):
        cfg = Config(game, variant, n)
        seed = 9_100 + n

        def check(s: GameState, where: str, seed: int = seed) -> None:
            for q in viewers(s):
                check_fairness(s, q, seed, f"{where} viewer {q}", tally)

        play_with_checks(cfg, seed, check, growth=0.8, check_end=False)
    assert tally["failures"] == 0
    assert tally["with_alternatives"] > 0, f"{game} {variant}: no state with hidden information was checked"
    # pooled: the truth is as rare as any one deal, far below one sample in a hundred
    assert tally["truth"] <= tally["samples"] // 100 + 2, dict(tally)

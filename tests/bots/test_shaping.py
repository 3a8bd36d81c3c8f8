"""ISMCTS's objective and the shapings of a cut-off rollout (issue 21): the bot's objective is the win share
the lab measures (the game's outcome utilities); a rollout cut off before the end is scored by one of
``SHAPINGS`` from the evaluator's values, a setting of the bot and of its name (``ismcts:normal:shaping=…``).
The ladder that chose the default is in docs/bots.md."""

from __future__ import annotations

import math
import random
import re
from pathlib import Path

import pytest

import hustings
from hustings.bots import IsmctsBot, make_bot
from hustings.bots.ismcts import (
    DEFAULT_OBJECTIVE,
    DEFAULT_SHAPING,
    OBJECTIVES,
    SHAPINGS,
    margin,
    rank_utilities,
    win_chance,
)
from hustings.bots.registry import parse_bot_name, parse_bots
from hustings.engine.outcome import ranked_outcome, solo_outcome
from hustings.rl.utility import rank_utility

DOCS = Path(__file__).resolve().parents[2] / "docs" / "bots.md"


def _values(rng: random.Random) -> list[float]:
    n = rng.randint(2, 15)
    spread = rng.choice([0.1, 5.0, 50.0, 5000.0])  # 5000: gaps that would overflow a naive exp
    return [rng.uniform(-spread, spread) for _ in range(n)]


@pytest.mark.parametrize("name", sorted(SHAPINGS))
def test_every_shaping_gives_utilities_in_range_that_follow_the_values(name: str) -> None:
    shape = SHAPINGS[name]
    rng = random.Random(name)
    for _ in range(400):
        values = _values(rng)
        u = shape(values, 12.0)
        assert len(u) == len(values) and all(-1.0 <= x <= 1.0 for x in u)
        for a in range(len(values)):
            for b in range(len(values)):
                if values[a] > values[b]:
                    assert u[a] >= u[b]  # a higher value is never worth less
    assert shape([3.0], 12.0) == [0.0]


def test_with_two_seats_every_shaping_is_the_old_reward() -> None:
    d = 7.0
    old = 1.0 / (1.0 + math.exp(-d / 6.0))  # what ISMCTS backed up before outcomes existed, in [0, 1]
    for shape in SHAPINGS.values():
        assert shape([d, 0.0], 12.0) == pytest.approx([2 * old - 1, 1 - 2 * old])


def test_win_chance_is_an_expected_win_share() -> None:
    # equal values: everyone's chance is 1/n, worth 2/n - 1, like the equal share of the win
    assert win_chance([5.0] * 4, 12.0) == pytest.approx([-0.5] * 4)
    u = win_chance([30.0, 20.0, 20.0, -5.0], 12.0)
    assert sum(u) == pytest.approx(2 - 4)  # like the outcome's utilities when somebody wins
    assert u[0] > u[1] > u[3] and u[1] == pytest.approx(u[2])
    assert win_chance([1e6, 0.0, 0.0], 12.0) == pytest.approx([1.0, -1.0, -1.0])


def test_margin_counts_only_the_seat_to_beat() -> None:
    u = margin([30.0, 20.0, 20.0, -5.0], 12.0)
    assert u[0] == pytest.approx(math.tanh(10 / 12)) and u[1] == u[2] == pytest.approx(math.tanh(-10 / 12))
    assert u[3] == pytest.approx(math.tanh(-35 / 12))
    assert margin([4.0, 4.0, 1.0], 12.0)[:2] == [0.0, 0.0]  # tied at the top: nobody is ahead
    # the runner-up's lead over the last counts for nothing: only the gap to the leader
    assert margin([30.0, 20.0, -50.0], 12.0)[1] == margin([30.0, 20.0, 19.0], 12.0)[1]


@pytest.mark.parametrize("seed", range(30))
def test_the_rank_objective_is_the_old_outcome_utility(seed: int) -> None:
    """objective="rank" reproduces what the engine's outcome paid before issue 21 (the rank utility; -1 for
    all when everyone lost), so the "before" column of the ladder runs on today's code."""
    rng = random.Random(seed)
    totals = [rng.randint(0, 4) for _ in range(rng.randint(2, 15))]
    assert rank_utilities(ranked_outcome(totals)) == pytest.approx(rank_utility(totals))
    lost = ranked_outcome([9, 9, 9, *totals], all_lose_if_tied=3)
    assert rank_utilities(lost) == [-1.0] * len(lost.ranks)
    assert rank_utilities(solo_outcome(False, 3)) == [-1.0] and rank_utilities(ranked_outcome([4])) == [1.0]


def test_settings_reach_the_bot_through_its_name() -> None:
    g = "die-macher-2019"
    for shaping in SHAPINGS:
        for objective in OBJECTIVES:
            bot = make_bot(f"ismcts:easy:shaping={shaping}:objective={objective}", g, 1)
            assert isinstance(bot, IsmctsBot)
            assert (bot.shaping, bot.objective, bot.level) == (shaping, objective, "easy")
    plain = make_bot("ismcts", g, 1)
    assert isinstance(plain, IsmctsBot)
    assert (plain.shaping, plain.objective, plain.level) == (DEFAULT_SHAPING, DEFAULT_OBJECTIVE, "normal")
    assert parse_bot_name("ismcts:shaping=margin") == ("ismcts", "", {"shaping": "margin"})
    assert parse_bots("ismcts:hard:shaping=win_chance,heuristic", 3)[0] == "ismcts:hard:shaping=win_chance"


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("ismcts:normal:shaping=best", "unknown shaping 'best'"),
        ("ismcts:normal:objective=elo", "unknown objective 'elo'"),
        ("ismcts:normal:depth=3", "'depth=3' is not an ismcts setting"),
        ("ismcts:normal:margin", "'margin' is not an ismcts setting"),
        ("ismcts:normal:shaping=margin:shaping=soft_rank", "shaping is named twice"),
        ("ismcts:hardest", "unknown ismcts level"),
        ("random:shaping=margin", "takes no level or settings"),
    ],
)
def test_bad_settings_are_refused_with_a_reason(name: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make_bot(name, "die-macher-2019", 1)


def test_a_bot_built_by_hand_refuses_unknown_settings() -> None:
    with pytest.raises(ValueError, match="unknown ismcts shaping 'x'; shapings: soft_rank, win_chance, margin"):
        IsmctsBot(shaping="x")
    with pytest.raises(ValueError, match="unknown ismcts objective"):
        IsmctsBot(objective="x")


def test_a_cut_off_rollout_is_scored_by_the_bots_shaping() -> None:
    s = hustings.make("election-war", players=4, seed=3)
    rng = random.Random(3)
    for _ in range(40):
        p = s.current_players[0]
        s.apply(p, rng.choice(s.legal_actions(p)))
    assert not s.is_over
    values = [float(x["total"]) for x in s.scores()]  # no evaluator: the score totals
    for name, shape in SHAPINGS.items():
        assert IsmctsBot(shaping=name, scale=3.0).utilities(s) == shape(values, 3.0)


def test_the_default_shaping_is_the_one_that_measured_best() -> None:
    """docs/bots.md's ladder: over the games where every shaping was measured on the win-share objective, the
    default's win share relative to the equal share, averaged over those games, is the highest."""
    text = DOCS.read_text(encoding="utf-8")
    rows = re.findall(r"^\| ([^|]+?) \| `ismcts:normal:shaping=(\w+)` \| (\d+) \| \*{0,2}([0-9.]+)\*{0,2} "
                      r"\[[0-9.]+, [0-9.]+\] \| ([0-9.]+) \|", text, flags=re.M)
    by_game: dict[str, dict[str, float]] = {}
    for game, shaping, _games, share, equal in rows:
        by_game.setdefault(game, {})[shaping] = float(share) / float(equal)
    full = [r for r in by_game.values() if set(r) == set(SHAPINGS)]
    assert len(full) >= 2, "the ladder in docs/bots.md measures every shaping in at least two games"
    mean = {name: sum(r[name] for r in full) / len(full) for name in SHAPINGS}
    assert max(mean, key=mean.__getitem__) == DEFAULT_SHAPING, mean

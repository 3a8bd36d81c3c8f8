"""Bot ratings (issue 27 point 4): openskill over lab games, in `hustings tournament` and `hustings ratings`."""

from __future__ import annotations

import builtins
import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from hustings.cli import app
from hustings.sim.lab import SimConfig, run
from hustings.sim.ratings import RatingsUnavailable, match_ranks, rate

pytest.importorskip("openskill")
runner = CliRunner()


@dataclass(frozen=True)
class G:
    index: int
    bots: list[str]
    winners: list[int]


def _games(n: int, strong_wins: float, seed: int = 1) -> list[G]:
    """A strong bot against three copies of a weak one, seats rotating; it wins ``strong_wins`` of the games."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        bots = ["weak"] * 4
        bots[i % 4] = "strong"
        winner = i % 4 if rng.random() < strong_wins else (i + 1 + rng.randrange(3)) % 4
        out.append(G(i, bots, [winner]))
    return out


def test_places_follow_the_win_share_runner_up_is_last_everyone_lost_is_a_draw() -> None:
    assert match_ranks(4, [2]) == [2, 2, 1, 2]
    assert match_ranks(3, [0, 2]) == [1, 2, 1]
    assert match_ranks(5, []) == [1] * 5


def test_a_bot_that_wins_more_than_its_share_rates_above_the_others() -> None:
    rated = rate(_games(80, 0.7))
    assert [r.bot for r in rated] == ["strong", "weak"]
    strong, weak = rated
    assert strong.mu > 25 > weak.mu
    assert strong.ordinal > weak.ordinal
    assert strong.games == weak.games == 80
    assert strong.sigma < 25 / 3 and weak.sigma < 25 / 3  # games made both surer


def test_a_bot_at_its_equal_share_stays_near_the_others() -> None:
    # the strong bot wins a quarter of 4-seat games: no better than any copy of the weak one
    rated = {r.bot: r for r in rate(_games(400, 0.25, seed=3))}
    assert abs(rated["strong"].mu - rated["weak"].mu) < 3.0


def test_everyone_losing_moves_nobody() -> None:
    rated = rate([G(i, ["a", "b", "c"], []) for i in range(10)])
    assert len({round(r.mu, 9) for r in rated}) == 1
    assert rated[0].mu == pytest.approx(25.0)


def test_the_order_of_the_results_given_does_not_matter_only_their_index() -> None:
    games = _games(40, 0.6)
    shuffled = list(games)
    random.Random(9).shuffle(shuffled)
    assert rate(games) == rate(shuffled)


def test_puzzle_games_are_not_rated() -> None:
    assert rate([G(0, ["heuristic"], [0])]) == []


def test_without_openskill_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    real = builtins.__import__

    def no_openskill(name: str, *args: Any, **kw: Any) -> Any:
        if name.startswith("openskill"):
            raise ImportError(name)
        return real(name, *args, **kw)

    monkeypatch.setattr(builtins, "__import__", no_openskill)
    with pytest.raises(RatingsUnavailable, match=r"pip install 'hustings\[lab\]'"):
        rate(_games(4, 0.5))


def test_tournament_prints_ratings_from_the_same_games() -> None:
    res = runner.invoke(app, ["tournament", "election-war", "--bots", "heuristic,random,random,random", "-n", "8",
                              "--lang", "en"])
    assert res.exit_code == 0, res.output
    assert "ratings (openskill" in res.output
    cfg = SimConfig.build("election-war", 4, None, "heuristic,random,random,random", 8, 0)
    expected = rate(list(run(cfg)))
    for r in expected:
        assert f"{r.mu:.2f} ± {r.sigma:.2f}" in res.output


def test_ratings_command_joins_runs_of_one_game(tmp_path: Path) -> None:
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    for out, bots in ((a, "heuristic,random"), (b, "random")):
        res = runner.invoke(app, ["simulate", "election-war", "-p", "4", "-n", "4", "--bots", bots, "-o", str(out)])
        assert res.exit_code == 0, res.output
    res = runner.invoke(app, ["ratings", str(a), str(b), "--lang", "zh-Hant"])
    assert res.exit_code == 0, res.output
    assert "等級分" in res.output and "heuristic" in res.output
    # the second run's games count for random only
    lines = [json.loads(x) for p in (a, b) for x in p.read_text().splitlines()]
    games = [G(i, d["bots"], d["winners"]) for i, d in enumerate(lines)]
    by_bot = {r.bot: r for r in rate(games)}
    assert by_bot["random"].games == 8 and by_bot["heuristic"].games == 4
    assert f"{by_bot['random'].mu:.2f}" in res.output


@pytest.mark.parametrize(
    ("line", "error"),
    [
        ("not json", "not JSON"),
        ('{"winners": [0]}', "no 'bots' list"),
        ('{"bots": ["a", "b"], "winners": [2]}', "'winners' must list seats from 0 to 1"),
        ('{"bots": ["a", "b"], "winners": [true]}', "'winners' must list seats"),
    ],
)
def test_ratings_command_refuses_bad_lines_by_file_and_line(tmp_path: Path, line: str, error: str) -> None:
    f = tmp_path / "r.jsonl"
    f.write_text('{"game": "x", "bots": ["a", "b"], "winners": [0]}\n' + line + "\n")
    res = runner.invoke(app, ["ratings", str(f)])
    assert res.exit_code != 0
    assert f"{f}:2: {error}" in res.output
    assert "Traceback" not in res.output


def test_ratings_command_refuses_two_games_in_one_ladder(tmp_path: Path) -> None:
    f = tmp_path / "r.jsonl"
    f.write_text('{"game": "x", "bots": ["a", "b"], "winners": [0]}\n'
                 '{"game": "y", "bots": ["a", "b"], "winners": []}\n')
    res = runner.invoke(app, ["ratings", str(f)])
    assert res.exit_code != 0 and "rate one game at a time" in res.output

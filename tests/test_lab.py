"""The simulation lab: reproducible whatever the workers or backend, summaries, plots, clear errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import hustings
from hustings.cli import app
from hustings.sim.lab import SimConfig, run, summarize, wilson

GAME = "die-macher-2019"
runner = CliRunner()


def _lines(cfg: SimConfig, **kw: object) -> list[str]:
    return [json.dumps(r.to_json(), sort_keys=True) for r in run(cfg, **kw)]  # type: ignore[arg-type]


def test_same_seed_same_games_whatever_the_worker_count() -> None:
    cfg = SimConfig.build(GAME, 4, None, "heuristic,random", 6, 40)
    one = _lines(cfg, workers=1)
    two = _lines(cfg, workers=2)
    assert one == two
    assert [json.loads(x)["index"] for x in one] == list(range(6))


def test_ray_backend_on_two_local_workers_gives_the_same_games() -> None:
    pytest.importorskip("ray")
    cfg = SimConfig.build(GAME, 3, "standard", "heuristic,random,random", 4, 7)
    assert _lines(cfg, workers=2, backend="ray") == _lines(cfg, workers=1)


def test_seats_rotate_and_every_line_replays() -> None:
    cfg = SimConfig.build(GAME, 4, None, "heuristic,random", 4, 3)
    results = list(run(cfg))
    assert [r.bots.index("heuristic") for r in results] == [0, 1, 2, 3]
    for r in results:
        state = hustings.replay(json.loads(json.dumps(r.to_json())))
        assert state.scores() == r.scores and state.winners() == r.winners


def test_summary_counts_wins_by_bot_seat_and_side() -> None:
    cfg = SimConfig.build(GAME, 4, None, "heuristic,random", 8, 11)
    summary = summarize(list(run(cfg)))
    by_bot = {s.label: s for s in summary.by_bot}
    assert by_bot["heuristic"].games == 8 and by_bot["random"].games == 24
    assert by_bot["heuristic"].wins + by_bot["random"].wins == pytest.approx(8)
    assert sum(s.wins for s in summary.by_seat) == pytest.approx(8)
    assert sum(s.games for s in summary.by_side) == 32
    assert set(summary.components) >= {"total", "election_points", "party_base"}
    lo, hi = by_bot["heuristic"].interval
    assert lo <= by_bot["heuristic"].share <= hi


def test_wilson_interval() -> None:
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


def test_simulate_with_bots_workers_and_plot(tmp_path: Path) -> None:
    out, png = tmp_path / "g.jsonl", tmp_path / "s.png"
    res = runner.invoke(app, ["simulate", GAME, "-p", "4", "-n", "4", "--bots", "heuristic,random",
                              "--workers", "2", "--out", str(out), "--plot", str(png)])
    assert res.exit_code == 0, res.output
    assert len(out.read_text().splitlines()) == 4
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    for word in ("win share by bot", "win share by seat", "win share by party", "score components"):
        assert word in res.stdout


def test_tournament_reports_each_bot_with_an_interval() -> None:
    res = runner.invoke(app, ["tournament", GAME, "--bots", "heuristic,random,random", "-n", "3", "--lang", "en"])
    assert res.exit_code == 0, res.output
    assert "heuristic" in res.stdout and "[" in res.stdout and "ms/decision" in res.stdout


def test_search_settings_in_bot_names_meet_in_one_run() -> None:
    """Issue 21: a shaping is a setting of the bot, so the lab can set two of them against each other."""
    names = "ismcts:easy:shaping=win_chance,ismcts:easy:shaping=soft_rank:objective=rank"
    cfg = SimConfig.build("election-war", 2, None, names, 2, 5)
    results = list(run(cfg))
    assert {b for r in results for b in r.bots} == set(names.split(","))
    by_bot = {s.label: s for s in summarize(results).by_bot}
    assert set(by_bot) == set(names.split(",")) and sum(s.wins for s in by_bot.values()) == pytest.approx(2.0)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "nobot"], "unknown bot"),
        (["--bots", "ismcts:insane"], "unknown ismcts level"),
        (["--bots", "ismcts:normal:shaping=best"], "unknown shaping 'best'"),
        (["-p", "9"], "takes 3 to 5 players"),
        (["--variant", "mega"], "unknown variant"),
        (["--workers", "0"], "--workers"),
        (["--backend", "mpi"], "--backend"),
        (["--out", "/nonexistent/dir/x.jsonl"], "cannot write --out"),
        (["--plot", "/nonexistent/dir/x.png"], "cannot write --plot"),
        (["--plot", "summary.txt"], ".png"),
    ],
)
def test_bad_lab_arguments_give_one_line_and_exit_2(tmp_path: Path, args: list[str], message: str) -> None:
    base = ["simulate", GAME, "-p", "4", "-n", "1", "--out", str(tmp_path / "x.jsonl")]
    if "-p" in args:
        base = base[:3] + base[5:]
    if "--out" in args:
        base = base[:-2]
    res = runner.invoke(app, [*base, *args])
    assert res.exit_code == 2
    err = res.stderr.strip()
    assert message in err and "\n" not in err and "Traceback" not in res.output


def test_unknown_game_in_tournament() -> None:
    res = runner.invoke(app, ["tournament", "chess", "--bots", "random"])
    assert res.exit_code == 2 and "unknown game" in res.stderr

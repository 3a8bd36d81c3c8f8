"""Outside policies (issue 26 point 2): ``module:Object`` and ``learned:FILE.npz`` in the lab and tournaments with the
isolation of every bot (a view and the legal actions), refused at tables (the terminal, the server's lobby); the
``learned`` checkpoint format read with NumPy alone and checked before use."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")

import hustings  # noqa: E402
from hustings.bots.registry import check_bot_name  # noqa: E402
from hustings.rl import encoder_for  # noqa: E402
from hustings.rl.policy import CheckpointError, LearnedPolicy, save_learned  # noqa: E402
from hustings.sim.lab import SimConfig, run  # noqa: E402
from hustings.table.seats import SeatSpecError, seats_from_json, seats_from_options  # noqa: E402

HERE = Path(__file__).resolve().parent
POLICY = f"{HERE / 'outside_policy.py'}:FirstLegal"
GAME = "election-war"


def _num_actions(game: str = GAME, players: int = 4) -> int:
    return len(type(hustings.make(game, players, seed=0)).SPACE)


def _checkpoint(path: Path, seed: int = 0, game: str = GAME, players: int = 4, variant: str = "standard") -> Path:
    enc = encoder_for(game, players, variant)
    rs = np.random.default_rng(seed)
    num = _num_actions(game, players)
    return save_learned(path, game, players, variant, [rs.normal(size=(enc.size, 16)), rs.normal(size=(16, num))],
                        [rs.normal(size=16), rs.normal(size=num)], activation="relu", extra={"trained": "test"})


def test_outside_policy_plays_lab_games_seeing_views_only() -> None:
    from tests_rl_outside import SEEN  # type: ignore[import-not-found]  # the module as the lab loaded it

    SEEN.clear()
    cfg = SimConfig.build(GAME, 4, None, f"{POLICY},random", games=4, seed=3)
    assert cfg.bots == (POLICY, "random", "random", "random")
    results = list(run(cfg))
    assert [r.bots[r.index % 4] for r in results] == [POLICY] * 4  # seats rotate
    assert SEEN and set(SEEN) == {("dict", "Action")}
    for r in results:  # each line still replays: the policy's moves are plain legal actions
        assert hustings.replay(r.record).is_over


@pytest.fixture(autouse=True)
def _alias_outside_module(monkeypatch: pytest.MonkeyPatch) -> None:
    """Let the test read the SEEN list of the module the lab loaded from its file path."""
    import sys

    from hustings.bots.outside import load_object

    obj = load_object(POLICY)
    monkeypatch.setitem(sys.modules, "tests_rl_outside", sys.modules[obj.__module__])


def test_learned_checkpoint_plays_in_the_lab_and_picks_the_best_legal_logit(tmp_path: Path) -> None:
    path = _checkpoint(tmp_path / "p.npz")
    results = list(run(SimConfig.build(GAME, 4, None, f"learned:{path},heuristic", games=2, seed=1)))
    assert len(results) == 2 and all(hustings.replay(r.record).is_over for r in results)
    policy = LearnedPolicy.load(path)
    state = hustings.make(GAME, 4, seed=9)
    p = state.current_players[0]
    legal = state.legal_actions(p)
    chosen = policy.act(state.view(p), legal)
    logits = policy.logits(encoder_for(GAME, 4).encode(state.view(p)))
    assert chosen.id == max((a.id for a in legal), key=lambda i: logits[i])
    # sampling: seeded, reproducible, always legal
    picks = [LearnedPolicy.load(path, seed=4, temperature=2.0).act(state.view(p), legal).id for _ in range(2)]
    assert picks[0] == picks[1] and picks[0] in {a.id for a in legal}
    assert json.loads(str(np.load(path)["meta"]))["trained"] == "test"


def test_bad_outside_policies_are_refused_with_one_line(tmp_path: Path) -> None:
    def refused(bots: str, match: str) -> None:
        with pytest.raises(ValueError, match=match) as e:
            SimConfig.build(GAME, 4, None, bots, games=1, seed=0)
        assert "\n" not in str(e.value)

    refused("no_such_module_xyz:Policy", "cannot import no_such_module_xyz")
    refused(f"{HERE / 'outside_policy.py'}:Missing", "has no Missing")
    refused(f"{HERE / 'outside_policy.py'}:NOT_A_BOT", "neither a bot")
    refused(f"{tmp_path / 'none.py'}:X", "no file")
    refused(f"learned:{tmp_path / 'none.npz'}", "no such checkpoint")
    (tmp_path / "junk.npz").write_bytes(b"not a zip")
    refused(f"learned:{tmp_path / 'junk.npz'}", "not a readable .npz")
    other = _checkpoint(tmp_path / "dm.npz", game="die-macher-2019", players=4)
    refused(f"learned:{other}", "plays die-macher-2019")
    obj = np.empty(1, dtype=object)
    np.savez(tmp_path / "pickled.npz", meta=obj)  # an object array would need pickle: never loaded
    refused(f"learned:{tmp_path / 'pickled.npz'}", "pickled.npz")
    bad = dict(np.load(_checkpoint(tmp_path / "ok.npz")))
    bad["w1"], bad["b1"] = bad["w1"][:, :5], bad["b1"][:5]
    with open(tmp_path / "shape.npz", "wb") as f:
        np.savez(f, **bad)
    refused(f"learned:{tmp_path / 'shape.npz'}", "logits for a game of")
    # a policy that returns something else than a legal action stops the game naming the policy
    cheat = f"{HERE / 'outside_policy.py'}:CHEAT"
    cfg = SimConfig.build(GAME, 4, None, cheat, games=1, seed=0)
    with pytest.raises(ValueError, match="CHEAT chose 'pass', which is not one of"):
        list(run(cfg))


def test_tables_refuse_outside_policies(tmp_path: Path) -> None:
    for name in (POLICY, "my_agents:Policy", "learned:policy.npz"):
        with pytest.raises(ValueError, match="outside policy: those run only in the lab"):
            check_bot_name(name)
        with pytest.raises(SeatSpecError, match="only in the lab"):  # the lobby's reading of a table's seats
            seats_from_json(GAME, 2, [{"bot": name}, {"bot": None}])
        with pytest.raises(SeatSpecError, match="only in the lab"):  # the terminal's `play --bots`
            seats_from_options(GAME, 2, "0", name)
    np.savez(tmp_path / "other.npz", meta=np.array(json.dumps({"format": "other"})))
    with pytest.raises(CheckpointError, match="not a hustings-learned checkpoint"):
        LearnedPolicy.load(tmp_path / "other.npz")


def test_tournament_command_scores_an_outside_policy(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from hustings.cli import app

    path = _checkpoint(tmp_path / "p.npz")
    result = CliRunner().invoke(app, ["tournament", GAME, "--bots", f"learned:{path},random,random,random",
                                      "--games", "2", "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert "learned:" in result.output
    bad = CliRunner().invoke(app, ["tournament", GAME, "--bots", "nope_mod_q:X,random", "--games", "1"])
    assert bad.exit_code == 2 and "cannot import nope_mod_q" in bad.output


def test_lab_records_export_as_arrays_from_each_seats_view(tmp_path: Path) -> None:
    from hustings.rl.export import records_to_arrays, save_arrays
    from hustings.rl.utility import utilities

    lines = [json.dumps(r.to_json()) for r in run(SimConfig.build(GAME, 4, None, "heuristic,random", games=3, seed=7))]
    (tmp_path / "games.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    data = records_to_arrays([tmp_path / "games.jsonl"])
    enc = encoder_for(GAME, 4)
    total = sum(len(json.loads(x)["actions"]) for x in lines)
    assert data["observations"].shape == (total, enc.size) and data["masks"].shape == (total, _num_actions())
    assert data["masks"][np.arange(total), data["actions"]].all()  # every action taken was legal
    first = json.loads(lines[0])
    state = hustings.replay({**first, "actions": []})
    for i, (player, action) in enumerate(first["actions"][:40]):  # the first game, decision by decision
        assert data["seats"][i] == player and data["actions"][i] == action and data["steps"][i] == i
        assert np.array_equal(data["observations"][i], enc.encode(state.view(player)))
        state.apply(player, action)
    final = hustings.replay(first)
    n0 = len(first["actions"])
    assert np.allclose(data["returns"][:n0], [utilities(final)[s] for s in data["seats"][:n0]])
    only = records_to_arrays([tmp_path / "games.jsonl"], only_bots=["heuristic"], utility="rank")
    names = list(only["bot_names"])
    assert names == ["heuristic"] and set(only["bots"].tolist()) == {0} and 0 < len(only["actions"]) < total
    path = save_arrays(only, tmp_path / "h.npz")
    with np.load(path, allow_pickle=False) as back:
        assert json.loads(str(back["meta"]))["utility"] == "rank"
        assert np.array_equal(back["observations"], only["observations"])
    # a tampered line is refused, naming its file and line
    bad = json.loads(lines[1])
    bad["actions"][3][1] = 10**6
    (tmp_path / "bad.jsonl").write_text(lines[0] + "\n" + json.dumps(bad) + "\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"bad.jsonl:2: the record does not replay"):
        records_to_arrays([tmp_path / "bad.jsonl"])


def test_benchmark_and_dataset_commands(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from hustings.cli import app
    from hustings.sim.benchmark import PROTOCOLS, Row

    cli = CliRunner()
    path = _checkpoint(tmp_path / "p.npz")
    # the game comes from the checkpoint; a quick look plays 2% of the protocol's 200 games against random
    result = cli.invoke(app, ["benchmark", f"learned:{path}", "--opponents", "random", "--quick", "0.02",
                              "--json", str(tmp_path / "rows.json"), "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert "| election-war standard 4p | `learned:" in result.output and "3 × `random` | 4 |" in result.output
    rows = json.loads((tmp_path / "rows.json").read_text(encoding="utf-8"))
    assert [r["games"] for r in rows] == [4] and rows[0]["policy"] == f"learned:{path}"
    assert "not the protocol's row" in result.output
    for args, message in ((["benchmark", "heuristic"], "--game"),
                          (["benchmark", "heuristic", "--game", "chess"], "no benchmark protocol"),
                          (["benchmark", "heuristic", "--game", GAME, "--opponents", "ismcts:x"], "not an opponent"),
                          (["benchmark", "nope_mod_q:X", "--game", GAME], "cannot import")):
        bad = cli.invoke(app, args)
        assert bad.exit_code == 2 and message in bad.output, bad.output
    shipped = {g for g in hustings.list_games() if not g.startswith("toy")}  # the tests register toy games
    assert set(PROTOCOLS) == shipped  # every game the project ships has its protocol
    # the Elo of the Luce model: 0 at the equal share, symmetric in the odds
    assert Row(GAME, 4, "standard", "x", "y", 100, 25, 0).elo() == pytest.approx(0.0)
    assert Row(GAME, 2, "standard", "x", "y", 100, 75, 0).elo() == pytest.approx(400 * np.log10(3))
    # dataset: lab records to arrays on the command line
    lines = [json.dumps(r.to_json()) for r in run(SimConfig.build(GAME, 4, None, "heuristic,random", games=2, seed=1))]
    (tmp_path / "g.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = cli.invoke(app, ["dataset", str(tmp_path / "g.jsonl"), "--out", str(tmp_path / "d.npz"),
                              "--only-bots", "heuristic"])
    assert result.exit_code == 0, result.output
    with np.load(tmp_path / "d.npz", allow_pickle=False) as data:
        assert len(data["actions"]) > 0 and list(data["bot_names"]) == ["heuristic"]
    bad = cli.invoke(app, ["dataset", str(tmp_path / "missing.jsonl"), "--out", str(tmp_path / "x.npz")])
    assert bad.exit_code == 2 and "cannot read" in bad.output

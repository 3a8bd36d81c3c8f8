"""House rules in the lab (issue 29 points 1 and 4): simulate, tournament, demo, benchmark and compare take
--set/--rules, say the rules, and write records that replay under them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import hustings
from hustings.cli import app
from hustings.sim.benchmark import PROTOCOLS, configs
from hustings.sim.compare import CompareConfig, parse_rule_set
from hustings.sim.lab import SimConfig, play_one

runner = CliRunner()


def test_simulate_with_house_rules_writes_records_that_replay_under_them(tmp_path: Path) -> None:
    out = tmp_path / "g.jsonl"
    rules = tmp_path / "r.toml"
    rules.write_text("all_lose_if_tied = 16\n[news.gaffe]\ncount = 9\n", encoding="utf-8")
    res = runner.invoke(app, ["simulate", "election-war", "-p", "4", "-n", "3", "--bots", "heuristic", "-o", str(out),
                              "--rules", str(rules), "--set", "hand_size=5", "--lang", "zh-Hant"])
    assert res.exit_code == 0, res.output
    assert "房規（與原版不同之處）：" in res.stdout and "抽牌後手中新聞卡的張數：5（原版：6）" in res.stdout
    lines = [json.loads(x) for x in out.read_text(encoding="utf-8").splitlines()]
    want = {"all_lose_if_tied": 16, "hand_size": 5, "news.gaffe.count": 9}
    assert [x["rules"] for x in lines] == [want] * 3
    for line in lines:
        assert hustings.replay(line).scores() == line["scores"]


@pytest.mark.parametrize(("args", "message"), [
    (["--set", "all_lose_if_tie=4"], "unknown house rule 'all_lose_if_tie' for election-war; nearest: "
                                     "all_lose_if_tied"),
    (["--set", "hand_size=99"], "house rule hand_size must be 1..12, not 99"),
    (["--set", "hand_size"], "--set takes PATH=VALUE"),
    (["--rules", "missing.toml"], "cannot read house rules missing.toml"),
])
def test_bad_house_rules_are_one_line_and_exit_2(args: list[str], message: str, tmp_path: Path) -> None:
    res = runner.invoke(app, ["tournament", "election-war", "--bots", "random,random", "-n", "2", *args])
    assert res.exit_code == 2 and message in res.output and "Traceback" not in res.output


def test_the_same_rules_written_as_an_option_or_a_house_rule_play_the_same_games() -> None:
    by_option = SimConfig.build("die-macher", 3, "short", "random", 2, 4, options={"member_score": "bonus"})
    by_rule = SimConfig.build("die-macher", 3, "short", "random", 2, 4, rules={"member_score": "bonus"})
    assert by_option == by_rule and by_rule.rules == ()
    assert play_one(by_option, 1).record == play_one(by_rule, 1).record


def test_compare_sides_take_house_rules_and_say_them() -> None:
    a = parse_rule_set("", "election-war")
    b = parse_rule_set("--set all_lose_if_tied=16 --set news.gaffe.amount=-1", "election-war")  # -1: printed
    assert b.rules == (("all_lose_if_tied", 16),) and b.describe("standard") == "--set all_lose_if_tied=16"
    cfg = CompareConfig.build("election-war", 4, a, b, "heuristic", 2, 1)
    assert cfg.b.rules == (("all_lose_if_tied", 16),) and cfg.a.rules == ()
    with pytest.raises(ValueError, match="the same rules"):
        CompareConfig.build("election-war", 4, a, parse_rule_set("--set all_lose_if_tied=3", "election-war"),
                            "heuristic", 2, 1)


def test_compare_command_with_house_rules(tmp_path: Path) -> None:
    rep = tmp_path / "c.json"
    res = runner.invoke(app, ["compare", "election-war", "-p", "4", "--b", "--set all_lose_if_tied=2", "-n", "4",
                              "--report", str(rep)])
    assert res.exit_code == 0, res.output
    assert "B: --set all_lose_if_tied=2" in res.stdout
    data = json.loads(rep.read_text(encoding="utf-8"))
    assert data["b"]["rules"] == {"all_lose_if_tied": 2} and "rules" not in data["a"]


def test_benchmark_under_house_rules_says_so_and_rows_carry_them() -> None:
    plan = configs("random", PROTOCOLS["election-war"], ["random"], 0.01, {"hand_size": 5})
    assert plan[0][1].rules == (("hand_size", 5),)
    res = runner.invoke(app, ["benchmark", "random", "--game", "election-war", "--opponents", "random",
                              "--quick", "0.01", "--set", "hand_size=5"])
    assert res.exit_code == 0, res.output
    assert "House rules (changed from the printed game): hand_size=5" in res.stdout


def test_demo_says_the_house_rules() -> None:
    res = runner.invoke(app, ["demo", "palace-escape", "--seed", "3", "--set", "max_actions=60", "--lang", "en"])
    assert res.exit_code == 0, res.output
    assert "the game is lost after this many actions (swaps, hints, undos): 60 (printed: 200)" in res.stdout


def test_hustings_rules_lists_a_games_schema_in_the_readers_language() -> None:
    res = runner.invoke(app, ["rules", "die-macher", "--lang", "zh-Hans"])
    assert res.exit_code == 0 and "rounds.full" in res.stdout and "路径" in res.stdout
    res = runner.invoke(app, ["rules", "toy"])
    assert res.exit_code == 2 and "toy takes no house rules" in res.output


def test_the_step_through_replay_and_the_dataset_export_follow_the_records_rules(tmp_path: Path) -> None:
    pytest.importorskip("textual")
    np = pytest.importorskip("numpy")
    from hustings.engine import RecordError
    from hustings.rl.export import records_to_arrays
    from hustings.tui.replay import Stepper

    cfg = SimConfig.build("election-war", 3, None, "random", 1, 7, rules={"hand_size": 4})
    line = play_one(cfg, 0).to_json()
    stepper = Stepper(line)
    assert stepper.at(len(stepper)).state_key() == hustings.replay(line).state_key()
    with pytest.raises(RecordError, match="played under other data"):
        Stepper({**line, "rules": {}})
    path = tmp_path / "g.jsonl"
    path.write_text(json.dumps(line) + "\n", encoding="utf-8")
    arrays = records_to_arrays([path])
    assert np.asarray(arrays["actions"]).shape[0] == line["steps"]
    tie = play_one(SimConfig.build("election-war", 3, None, "random", 1, 7, rules={"all_lose_if_tied": 2}), 0)
    path.write_text(json.dumps(tie.to_json()) + "\n", encoding="utf-8")
    with pytest.raises(ValueError, match="house rule all_lose_if_tied changes them"):
        records_to_arrays([path])

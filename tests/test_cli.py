"""The command line: listing, simulating, replaying, the demo, and one-line errors for bad arguments."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import hustings
from hustings.cli import app

GAME = "die-macher-2019"
CJK = re.compile(r"[\u4e00-\u9fff]")
# No inherited locale: each test says which language it expects.
NEUTRAL_ENV = {"LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"}

runner = CliRunner()


def invoke(*args: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), env={**NEUTRAL_ENV, **(env or {})})
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Three simulated 4-player games, shared by the replay tests."""
    out = tmp_path_factory.mktemp("sim") / "games.jsonl"
    code, _, stderr = invoke("simulate", GAME, "--players", "4", "-n", "3", "--seed", "5", "--out", str(out))
    assert code == 0, stderr
    return out


def assert_usage_error(code: int, stderr: str) -> None:
    assert code == 2
    lines = [ln for ln in stderr.splitlines() if ln.strip()]
    assert len(lines) == 1, stderr
    assert "Traceback" not in stderr
    assert lines[0].startswith("hustings: error: ")


# ------------------------------------------------------------------------------------------- games


def test_games_lists_die_macher() -> None:
    code, out, _ = invoke("games")
    assert code == 0
    assert GAME in out
    assert "standard" in out and "expanded" in out
    assert "3-5" in out


# ---------------------------------------------------------------------------------------- simulate


def test_simulate_writes_replayable_lines(records: Path) -> None:
    lines = records.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 3
    for i, line in enumerate(lines):
        rec = json.loads(line)
        assert rec["game"] == GAME
        assert rec["seed"] == 5 + i
        state = hustings.replay(rec)
        assert state.is_over
        assert state.num_players == 4
        assert state.scores() == rec["scores"]
        assert state.winners() == rec["winners"]


def test_simulate_is_reproducible_and_summarises(tmp_path: Path, records: Path) -> None:
    out = tmp_path / "again.jsonl"
    code, stdout, _ = invoke("simulate", GAME, "-p", "4", "-n", "3", "--seed", "5", "--out", str(out))
    assert code == 0
    assert out.read_bytes() == records.read_bytes()
    for word in ("mean total", "win share", "mean steps", "P4"):
        assert word in stdout


def test_simulate_other_variant_and_seat_count(tmp_path: Path) -> None:
    out = tmp_path / "exp.jsonl"
    args = ["simulate", GAME, "-p", "3", "--variant", "expanded", "-n", "1", "--out", str(out)]
    code, _, stderr = invoke(*args)
    assert code == 0, stderr
    rec = json.loads(out.read_text(encoding="utf-8"))
    state = hustings.replay(rec)
    assert state.num_players == 3 and state.scores() == rec["scores"]


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["no-such-game", "-p", "4"], "no-such-game"),
        ([GAME, "-p", "9"], "9"),
        ([GAME, "-p", "2"], "2"),
        ([GAME, "-p", "4", "--variant", "deluxe"], "deluxe"),
        ([GAME, "-p", "4", "--games", "0"], "--games"),
        ([GAME, "-p", "4", "--lang", "fr"], "fr"),
    ],
)
def test_simulate_bad_arguments(tmp_path: Path, args: list[str], needle: str) -> None:
    out = tmp_path / "x.jsonl"
    code, _, stderr = invoke("simulate", *args, "--out", str(out))
    assert_usage_error(code, stderr)
    assert needle in stderr
    assert not out.exists()  # nothing is written before the arguments are known to be good


@pytest.mark.parametrize("where", ["missing-dir/x.jsonl", "."])
def test_simulate_unwritable_out(tmp_path: Path, where: str) -> None:
    # A missing parent and a directory: both fail even as root, unlike a chmod'ed file.
    code, _, stderr = invoke("simulate", GAME, "-p", "4", "-n", "1", "--out", str(tmp_path / where))
    assert_usage_error(code, stderr)
    assert "--out" in stderr


def test_bad_arguments_in_a_real_process(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "hustings.cli", "simulate", "nope", "--players", "4", "--out",
         str(tmp_path / "x.jsonl")],
        capture_output=True, text=True, timeout=120,
    )
    assert_usage_error(proc.returncode, proc.stderr)
    assert proc.stdout == ""


# ------------------------------------------------------------------------------------------ replay


def test_replay_prints_events_in_each_language(records: Path) -> None:
    code_zh, zh, _ = invoke("replay", str(records), "--game-index", "1", "--lang", "zh-Hans")
    code_en, en, _ = invoke("replay", str(records), "--game-index", "1", "--lang", "en")
    code_tw, tw, _ = invoke("replay", str(records), "--game-index", "1", "--lang", "zh_TW")
    assert code_zh == code_en == code_tw == 0
    assert zh != en and tw != zh
    assert "最终得分" in zh and "Final scores" in en and "最終得分" in tw
    zh_events = zh.split("最终得分")[0].strip().splitlines()
    en_events = en.split("Final scores")[0].strip().splitlines()
    assert len(zh_events) == len(en_events) > 10
    assert sum(bool(CJK.search(line)) for line in zh_events) > len(zh_events) // 2
    assert not any(CJK.search(line) for line in en_events)


def test_replay_events_match_the_engine(records: Path) -> None:
    rec = json.loads(records.read_text(encoding="utf-8").splitlines()[2])
    state = hustings.replay(rec)
    for player in (None, 0):
        args = ["replay", str(records), "-i", "2", "--lang", "en"]
        if player is not None:
            args += ["--player", str(player)]
        code, out, _ = invoke(*args)
        assert code == 0
        expected = "".join(e.message("en") + "\n" for e in state.events(player))
        assert expected and out.startswith(expected)


def test_replay_single_json_record(tmp_path: Path, records: Path) -> None:
    rec = json.loads(records.read_text(encoding="utf-8").splitlines()[0])
    single = tmp_path / "one.json"
    single.write_text(json.dumps(rec, indent=2), encoding="utf-8")
    code, out, _ = invoke("replay", str(single), "--lang", "en")
    assert code == 0 and "Final scores" in out


def test_replay_errors(tmp_path: Path, records: Path) -> None:
    bad_json = tmp_path / "bad.jsonl"
    bad_json.write_text('{"game": \n', encoding="utf-8")
    illegal = tmp_path / "illegal.jsonl"
    rec = json.loads(records.read_text(encoding="utf-8").splitlines()[0])
    rec["actions"] = [[99, 0], *rec["actions"]]
    illegal.write_text(json.dumps(rec) + "\n", encoding="utf-8")
    unknown = tmp_path / "unknown.jsonl"
    unknown.write_text(json.dumps({"game": "nope", "seed": 1, "actions": []}) + "\n", encoding="utf-8")
    cases = [
        (["replay", str(tmp_path / "missing.jsonl")], "cannot read"),
        (["replay", str(bad_json)], "bad JSON"),
        (["replay", str(records), "--game-index", "3"], "out of range"),
        (["replay", str(illegal)], "illegal"),
        (["replay", str(unknown)], "nope"),
        (["replay", str(records), "--player", "4"], "--player"),
        (["replay", str(records), "--lang", "klingon"], "klingon"),
    ]
    for args, needle in cases:
        code, _, stderr = invoke(*args)
        assert_usage_error(code, stderr)
        assert needle in stderr, (args, stderr)


# -------------------------------------------------------------------------------------------- demo


def test_demo_runs_to_final_scores() -> None:
    code, out, stderr = invoke("demo", GAME, "--players", "4", "--seed", "3", "--lang", "en")
    assert code == 0, stderr
    assert "seed 3" in out
    assert "Final scores" in out and "total" in out and "winner" in out
    assert len(out.splitlines()) > 20


def test_demo_language_follows_the_locale() -> None:
    code, out, _ = invoke("demo", GAME, "-p", "3", "--seed", "2", env={"LANG": "zh_CN.UTF-8"})
    assert code == 0 and "最终得分" in out
    # LC_ALL wins over LANG.
    both = {"LANG": "zh_CN.UTF-8", "LC_ALL": "zh_TW.UTF-8"}
    code, out, _ = invoke("demo", GAME, "-p", "3", "--seed", "2", env=both)
    assert code == 0 and "最終得分" in out
    code, out, _ = invoke("demo", GAME, "-p", "3", "--seed", "2")
    assert code == 0 and "Final scores" in out


def test_demo_bad_player_count() -> None:
    code, _, stderr = invoke("demo", GAME, "--players", "6")
    assert_usage_error(code, stderr)


# ------------------------------------------------------------------------------------------ --option


def test_games_lists_each_games_options() -> None:
    code, out, _ = invoke("games", "--lang", "en")
    assert code == 0 and "money_rounds" in out and "capture" in out and "first_player" in out


def test_simulate_and_tournament_play_under_the_options_given(tmp_path: Path) -> None:
    """The lab plays the rule option asked for (issue 21: the 001/003 readings are options players and the lab
    choose), records it in every line, and the lines replay under it."""
    out = tmp_path / "g.jsonl"
    code, _, err = invoke("simulate", "die-macher", "-p", "3", "-n", "2", "--seed", "3", "--out", str(out),
                          "--variant", "short", "--option", "money_rounds=all_but_last", "-O", "secret_poll=members")
    assert code == 0, err
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    assert len(lines) == 2
    for line in lines:
        assert line["options"]["money_rounds"] == "all_but_last" and line["options"]["secret_poll"] == "members"
        assert hustings.replay(line).record()["options"]["money_rounds"] == "all_but_last"
    code, _, err = invoke("tournament", "palace-escape", "--bots", "heuristic", "-n", "2",
                          "-O", "capture=strict", "-O", "difficulty=12", "--out", str(tmp_path / "p.jsonl"))
    assert code == 0, err
    for line in (tmp_path / "p.jsonl").read_text().splitlines():
        rec = json.loads(line)
        assert rec["options"]["capture"] == "strict" and rec["options"]["difficulty"] == 12


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["-O", "money_rounds"], "write NAME=VALUE"),
        (["-O", "=3"], "write NAME=VALUE"),
        (["-O", "nonsense=1"], "die-macher has the options money_rounds"),
        (["-O", "players=9"], "die-macher has the options"),
        (["-O", "donations=after_setup", "-O", "donations=before_setup"], "given twice"),
        (["-O", "money_rounds=sometimes"], "money_rounds"),
    ],
)
def test_bad_options_are_one_line(tmp_path: Path, args: list[str], needle: str) -> None:
    for command in (["simulate", "die-macher", "-p", "3", "-n", "1", "--out", str(tmp_path / "x.jsonl")],
                    ["demo", "die-macher", "-p", "3", "--seed", "1"]):
        code, _, err = invoke(*command, *args)
        assert_usage_error(code, err)
        assert needle in err, err
    assert not (tmp_path / "x.jsonl").exists()


def test_demo_plays_under_the_options_given() -> None:
    demo = ("demo", "palace-escape", "-p", "1", "--variant", "hard", "--seed", "4", "--lang", "en")
    code, out, err = invoke(*demo, "-O", "capture=strict")
    assert code == 0, err
    code2, out2, _ = invoke(*demo)
    assert code2 == 0 and out != out2  # the strict reading deals among the solvable deals only: another deal

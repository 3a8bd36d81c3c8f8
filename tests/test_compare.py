"""``hustings compare``: rule sets read like the other commands' flags, paired metrics, the tests and their Holm
correction checked against hand-computed values, the report and plot, and one-line errors."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hustings.cli import app
from hustings.sim.compare import (
    CompareConfig,
    Metric,
    RuleSet,
    compare_results,
    detectable,
    holm,
    metric_label,
    paired_metrics,
    paired_test,
    parse_rule_set,
    table_rows,
)
from hustings.sim.lab import GameResult, run

runner = CliRunner()


# ------------------------------------------------------------------------------------------- rule sets


def test_rule_sets_read_like_the_commands_flags() -> None:
    full = parse_rule_set("", "die-macher")
    assert full == RuleSet("full", ())
    b = parse_rule_set("--variant short -O money_rounds=all_but_last member_score=bonus", "die-macher")
    assert b == RuleSet("short", (("member_score", "bonus"), ("money_rounds", "all_but_last")))
    assert parse_rule_set("--variant=short --option=secret_poll=members", "die-macher") == RuleSet(
        "short", (("secret_poll", "members"),))
    # a side's own setting wins over the base both sides share; JSON values are read as JSON
    base = parse_rule_set("--variant short -O donations=before_setup", "die-macher")
    assert parse_rule_set("--variant full", "die-macher", base) == RuleSet("full", (("donations", "before_setup"),))
    assert parse_rule_set("first_player=3", "election-war").options == (("first_player", 3),)
    assert b.describe("full") == "--variant short member_score=bonus money_rounds=all_but_last"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("nonsense=1", "--b: die-macher has no option 'nonsense'; its options: money_rounds"),
        ("--variant mega", "--b: die-macher has no variant 'mega'; variants: full, short"),
        ("money_rounds", "--b: 'money_rounds': write NAME=VALUE"),
        ("-O money_rounds=all_but_last money_rounds=all_but_last", "option money_rounds is given twice"),
        ("--seat 0", "--b: unknown '--seat'"),
        ("--variant", "--b: --variant needs a value"),
        ("'unclosed", "No closing quotation"),
        # house rules (issue 29): the schema names the nearest path; a missing file is named
        ("--set rounds=5", "--b: unknown house rule 'rounds' for die-macher; nearest: rounds.full"),
        ("--set rounds.full=99", "--b: house rule rounds.full must be 3..7, not 99"),
        ("--set rounds.full", "--b: --set takes PATH=VALUE"),
        ("--rules house.toml", "--b: cannot read house rules house.toml"),
    ],
)
def test_a_bad_rule_set_is_refused_in_one_line_naming_the_side(text: str, message: str) -> None:
    with pytest.raises(ValueError) as err:
        parse_rule_set(text, "die-macher", side="--b")
    assert message in str(err.value) and "\n" not in str(err.value)


def test_both_sides_are_checked_before_a_game_is_played() -> None:
    a, b = RuleSet("full"), RuleSet("full", (("money_rounds", "all_but_last"),))
    cfg = CompareConfig.build("die-macher", 4, a, b, "heuristic", 3, 7)
    assert cfg.a.bots == cfg.b.bots and cfg.a.seed == cfg.b.seed == 7 and cfg.a.games == cfg.b.games == 3
    assert dict(cfg.a.options) == {} and dict(cfg.b.options) == {"money_rounds": "all_but_last"}
    with pytest.raises(ValueError, match="the same rules"):
        CompareConfig.build("die-macher", 4, a, a, "heuristic", 3, 7)
    with pytest.raises(ValueError, match="an option at its default is no change"):
        CompareConfig.build("die-macher", 4, a, RuleSet("full", (("money_rounds", "all_but_last_two"),)), "heuristic",
                            3, 7)
    with pytest.raises(ValueError, match="an option at its default is no change"):
        CompareConfig.build("election-war", 4, RuleSet("standard"), RuleSet("standard", (("first_player", None),)),
                            "heuristic", 3, 7)
    with pytest.raises(ValueError, match=r"--b: .*money_rounds must be one of"):
        CompareConfig.build("die-macher", 4, a, RuleSet("full", (("money_rounds", "sometimes"),)), "heuristic", 3, 7)
    with pytest.raises(ValueError, match="--a: die-macher full takes 3 to 5 players, not 6"):
        CompareConfig.build("die-macher", 6, a, b, "heuristic", 3, 7)


# ------------------------------------------------------------------------------------------- statistics


def test_holm_matches_hand_computed_values() -> None:
    # sorted 0.01, 0.03, 0.04 -> 3 * 0.01, max(0.03, 2 * 0.03), max(0.06, 1 * 0.04); monotone, capped at 1
    assert holm([0.01, 0.04, 0.03]) == pytest.approx([0.03, 0.06, 0.06])
    assert holm([0.5, 0.9]) == pytest.approx([1.0, 1.0])
    assert holm([]) == []


def _metric(a: list[float], b: list[float], share: bool = True) -> Metric:
    return Metric("tie", None, tuple(a), tuple(b), share)


def test_mcnemar_on_the_discordant_pairs() -> None:
    # 9 games went from 0 to 1 and 1 from 1 to 0: exact two-sided binomial p = 2 * (1 + 10) / 2**10
    a = [0.0] * 9 + [1.0] + [1.0] * 5 + [0.0] * 5
    b = [1.0] * 9 + [0.0] + [1.0] * 5 + [0.0] * 5
    d = paired_test(_metric(a, b))
    assert d.test == "mcnemar" and d.discordant == (9, 1)
    assert d.p == pytest.approx(22 / 1024)
    assert d.diff == pytest.approx(8 / 20) and d.mean_a == pytest.approx(6 / 20) and d.mean_b == pytest.approx(14 / 20)
    assert d.ci is not None and d.ci[0] < d.diff < d.ci[1]


def test_wilcoxon_on_counts_and_an_unchanged_metric() -> None:
    a = [float(100 + i % 7) for i in range(40)]
    shifted = paired_test(_metric(a, [x + 3 + (i % 3) for i, x in enumerate(a)], share=False))
    assert shifted.test == "wilcoxon" and shifted.p < 1e-6 and shifted.diff == pytest.approx(4.0, abs=0.05)
    same = paired_test(_metric(a, a, share=False))
    assert same.p == 1.0 and same.diff == 0.0 and same.ci == (0.0, 0.0)


def test_smallest_detectable_effect() -> None:
    a = [0.0, 1.0] * 50
    b = [1.0, 1.0] * 50  # differences 1, 0, 1, 0 ... (sd 0.5025, n 100)
    sd = math.sqrt(sum((x - 0.5) ** 2 for x in [1.0, 0.0] * 50) / 99)
    z = 2.241402727604947 + 0.8416212335729143  # z(1 - 0.05 / (2 * 2)) + z(0.8)
    assert detectable(_metric(a, b), tests=2) == pytest.approx(z * sd / 10)
    # more tests at once: a stricter level, a larger effect needed; more games: a smaller one
    assert detectable(_metric(a, b), tests=20) > detectable(_metric(a, b), tests=2)  # type: ignore[operator]
    assert detectable(_metric(a * 4, b * 4), tests=2) < detectable(_metric(a, b), tests=2)  # type: ignore[operator]
    # every pair agreed: the arms' own spread (as if unpaired), not a zero
    assert detectable(_metric(a, a), tests=1) == pytest.approx(
        (1.959963984540054 + 0.8416212335729143) * math.sqrt(2 * 0.25 * 100 / 99) / 10)


# ------------------------------------------------------------------------------------------- metrics


def _result(i: int, winners: list[int], totals: list[int], sides: list[int], steps: int = 10,
            bots: tuple[str, ...] = ("x", "x", "x")) -> GameResult:
    scores = [{"seats": t, "total": t + 1} for t in totals]
    return GameResult(i, {"actions": [steps]}, scores, winners, list(bots), sides, steps, 0.0)


def test_paired_metrics_of_seats_parties_bots_ties_and_scores() -> None:
    a = [_result(0, [0], [5, 3, 1], [0, 1, 2]), _result(1, [1, 2], [2, 6, 6], [2, 0, 1], steps=12)]
    b = [_result(0, [], [5, 3, 1], [0, 1, 2]), _result(1, [1], [2, 9, 6], [2, 0, 1], steps=14)]
    by_key = {m.key: m for m in paired_metrics(a, b)}
    assert by_key["win_seat:1"].a == (1.0, 0.0) and by_key["win_seat:1"].b == (0.0, 0.0)
    assert by_key["win_seat:2"].a == (0.0, 0.5) and by_key["win_seat:2"].b == (0.0, 1.0)
    assert by_key["win_party:0"].a == (1.0, 0.5)  # party 0 sat at seat 1, then at seat 2
    assert by_key["tie"].a == (0.0, 1.0) and by_key["tie"].b == (0.0, 0.0)
    assert by_key["everyone_lost"].b == (1.0, 0.0)
    assert by_key["length"].b == (10.0, 14.0) and by_key["spread"].b == (4.0, 7.0)
    assert by_key["score:total"].b == (4.0, 20 / 3) and by_key["score:seats"].b == (3.0, 17 / 3)
    assert "win_bot:x" not in by_key  # one bot only: nothing to compare between bots


def test_parties_at_fixed_seats_and_constant_metrics_are_left_out() -> None:
    a = [_result(i, [i % 3], [3, 2, 1], [0, 1, 2], bots=("h", "r", "r")) for i in range(3)]
    b = [_result(i, [(i + 1) % 3], [3, 2, 1], [0, 1, 2], bots=("h", "r", "r")) for i in range(3)]
    keys = {m.key for m in paired_metrics(a, b)}
    assert not any(k.startswith("win_party") for k in keys)  # party p is always seat p: its rows would repeat
    by_key = {m.key: m for m in paired_metrics(a, b)}
    assert "win_bot:r" in keys and "win_bot:h" not in keys  # h always sat at seat 1: the same question, one row
    assert by_key["win_seat:1"].aliases == (("win_bot", "h"),)
    assert metric_label(by_key["win_seat:1"], "en") == "win share P1 = win share h"
    assert not keys & {"tie", "everyone_lost", "length", "spread", "score:total"}  # never vary: no question
    with pytest.raises(ValueError, match="same games"):
        paired_metrics(a, b[:2])


# ------------------------------------------------------------------------------------------- real games


def _runs(cfg: CompareConfig) -> tuple[list[GameResult], list[GameResult]]:
    return list(run(cfg.a)), list(run(cfg.b))


def test_same_seeds_and_seats_under_both_rules_and_a_real_difference() -> None:
    """The puzzle's hard deal under its two capture rules: 'strict' deals only solvable deals, so the same
    seeds give other deals. The heuristic solves every deal in the fewest moves, so whether it solved is no
    question, and its moves, swaps, par and the game's length are one metric (one row, one test)."""
    a = parse_rule_set("--variant hard", "palace-escape")
    b = parse_rule_set("--variant hard capture=strict", "palace-escape")
    cfg = CompareConfig.build("palace-escape", 1, a, b, "heuristic", 40, 3)
    ra, rb = _runs(cfg)
    assert [r.record["seed"] for r in ra] == [r.record["seed"] for r in rb] == list(range(3, 43))
    assert all(x.bots == y.bots for x, y in zip(ra, rb, strict=True))
    assert rb[0].record["options"]["capture"] == "strict" and ra[0].record["options"]["capture"] == "moving"
    report = compare_results(ra, rb)
    keys = [d.metric.key for d in report.differences]
    assert keys == ["length"] and ("score", "moves") in report.differences[0].metric.aliases
    assert report.differences[0].to_json()["same_as"][:2] == ["score:moves", "score:par"]
    assert report.games == 40 and 0 <= report.identical < 40
    assert all(d.p_holm >= d.p for d in report.differences)
    again = compare_results(*_runs(cfg))
    assert [d.to_json() for d in again.differences] == [d.to_json() for d in report.differences]
    res = runner.invoke(app, ["compare", "palace-escape", "--variant", "hard", "--b", "capture=strict", "-n", "3",
                              "--lang", "en"])
    assert res.exit_code == 0, res.output
    assert "1 player · bot heuristic · 3 games" in res.stdout and "rotated" not in res.stdout
    rows = table_rows(report, "zh-Hant")
    assert rows[0][0].startswith("對局長度（步） = 平均") and rows[0][-1] in ("有變化", "未檢出變化")


def test_compare_command_report_plot_and_records(tmp_path: Path) -> None:
    png, rep, out = tmp_path / "c.png", tmp_path / "c.json", tmp_path / "c.jsonl"
    res = runner.invoke(app, ["compare", "election-war", "-p", "3", "--b", "first_player=0", "-n", "6",
                              "--seed", "2", "--bots", "heuristic,random", "--plot", str(png), "--report", str(rep),
                              "--out", str(out), "--lang", "zh-Hans"])
    assert res.exit_code == 0, res.output
    assert "规则 A 对比规则 B" in res.stdout and "配对检验" in res.stdout and "Holm" in res.stdout
    assert "B：first_player=0" in res.stdout and "A：游戏默认规则" in res.stdout
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    data = json.loads(rep.read_text())
    assert data["games"] == 6 and data["b"] == {"variant": "standard", "options": {"first_player": 0}}
    assert data["metrics"] and {"metric", "p_holm", "mde", "ci", "label", "share"} <= set(data["metrics"][0])
    assert data["metrics"][0]["metric"] == "win_seat:1" and data["metrics"][0]["label"] == "玩家1 胜率"
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    assert [x["arm"] for x in lines] == ["A"] * 6 + ["B"] * 6
    assert [x["seed"] for x in lines] == [2, 3, 4, 5, 6, 7] * 2
    assert all(x["options"].get("first_player") == 0 for x in lines[6:])


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--b", "money_rounds=never"], "--b: die-macher option money_rounds must be one of"),
        (["--b", "rounds=5"], "--b: die-macher has no option 'rounds'"),
        (["--b", "--set rounds=5"], "unknown house rule 'rounds' for die-macher; nearest: rounds.full"),
        (["--a", "--set money_rounds=all_but_last", "--b", "money_rounds=all_but_last"], "the same rules"),
        (["--a", "money_rounds=all_but_last", "--b", "money_rounds=all_but_last"], "the same rules"),
        (["--b", "--variant short", "-p", "7"], "takes 3 to 5 players, not 7"),
        (["--b", "--variant short", "--alpha", "1.5"], "--alpha must lie between 0 and 1"),
        (["--b", "--variant short", "--bots", "nobot"], "unknown bot"),
        (["--b", "--variant short", "--plot", "x.txt"], ".png"),
        (["--b", "--variant short", "-O", "donations=never"], "donations must be one of"),
        (["--b", "--variant short", "-n", "0"], "--games must be at least 2"),
    ],
)
def test_bad_compare_arguments_give_one_line_and_exit_2(args: list[str], message: str) -> None:
    res = runner.invoke(app, ["compare", "die-macher", *(["-n", "2"] if "-n" not in args else []), *args])
    assert res.exit_code == 2
    err = res.stderr.strip()
    assert message in err and "\n" not in err and "Traceback" not in res.output


def test_the_comparisons_words_in_every_language() -> None:
    from hustings.sim.compare import CATALOG

    keys = {lang: CATALOG.keys(lang, own=True) for lang in ("en", "zh-Hans", "zh-Hant")}
    assert len(keys["en"]) > 30 and keys["zh-Hans"] == keys["en"] == keys["zh-Hant"]
    for key in keys["en"]:
        assert CATALOG.placeholders(key, "zh-Hans") == CATALOG.placeholders(key, "en") == CATALOG.placeholders(
            key, "zh-Hant"), key

"""`hustings puzzle`: the palace escape from the command line (issue 11)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from hustings.cli import app

runner = CliRunner()


@pytest.mark.parametrize(("args", "par"), [(["--difficulty", "14"], 14), (["--hard", "--difficulty", "23"], 23)])
def test_solution_prints_a_shortest_escape(args: list[str], par: int) -> None:
    r = runner.invoke(app, ["puzzle", *args, "--seed", "5", "--solution", "--lang", "en"])
    assert r.exit_code == 0, r.output
    lines = r.output.strip().splitlines()
    assert f"Shortest escape: {par} moves" in lines[0]
    assert sum(1 for line in lines if line.startswith("Move ")) == par
    assert f"in {par} moves (par {par})" in lines[-1]


def test_solution_in_traditional_chinese() -> None:
    r = runner.invoke(app, ["puzzle", "--seed", "1", "--solution", "--lang", "zh-Hant"])
    assert r.exit_code == 0 and "凱達格蘭大道" in r.output


@pytest.mark.parametrize(("args", "needle"), [
    (["--difficulty", "30"], "difficulties are 10 to 18"),
    (["--hard", "--difficulty", "5"], "difficulties are 10 to 23"),
    (["--lang", "fr"], "unknown language"),
])
def test_bad_arguments_are_one_line_and_exit_2(args: list[str], needle: str) -> None:
    r = runner.invoke(app, ["puzzle", *args, "--solution"])
    assert r.exit_code == 2 and needle in r.output and "Traceback" not in r.output


def test_without_a_terminal_it_says_so(tmp_path: Path) -> None:
    r = runner.invoke(app, ["puzzle", "--seed", "1", "--save", str(tmp_path / "p.json")])
    assert r.exit_code == 2 and "interactive terminal" in r.output

"""One seed rule (issue 22): a seed is a non-negative integer of at most 512 bits wherever it comes from, and a bad
one gets the same words from the command line, from the table every interface starts games at (the server's lobby
makes its tables there with fresh seeds; a save file's match too) and from a record."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

import hustings
from hustings.cli import app
from hustings.engine import MAX_SEED_BITS, SEED_RULE, RecordError, check_seed
from hustings.table import MatchError, TableSettings
from hustings.table.match import Match
from hustings.table.seeds import check_seed as table_check_seed

GAME = "die-macher-2019"
BAD = (-1, 2**MAX_SEED_BITS, 2**600)
NEUTRAL_ENV = {"LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"}


def _error_line(*args: str) -> str:
    result = CliRunner().invoke(app, list(args), env=NEUTRAL_ENV)
    assert result.exit_code == 2, result.output
    lines = [ln for ln in result.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("hustings: error: --seed"), result.stderr
    return lines[0]


def test_the_rule_is_one_function_with_one_bound() -> None:
    assert table_check_seed is check_seed and MAX_SEED_BITS == 512
    assert check_seed(0) == 0 and check_seed(2**MAX_SEED_BITS - 1) == 2**MAX_SEED_BITS - 1
    for bad in (*BAD, True, 1.5, "7", None):
        with pytest.raises(ValueError, match=SEED_RULE):
            check_seed(bad)
    with pytest.raises(ValueError, match="not an integer of 601 bits"):
        check_seed(2**600)  # says what was given without printing 181 digits


@pytest.mark.parametrize("seed", BAD)
def test_a_bad_seed_gets_the_same_words_from_the_command_line_the_table_and_a_record(seed: int,
                                                                                     tmp_path: Path) -> None:
    lines = [
        _error_line("play", GAME, "--players", "4", "--seed", str(seed), "--save", str(tmp_path / "x.json")),
        _error_line("demo", GAME, "--players", "4", "--seed", str(seed)),
        _error_line("simulate", GAME, "--players", "4", "--seed", str(seed), "--out", str(tmp_path / "x.jsonl")),
    ]
    assert all(SEED_RULE in line for line in lines), lines
    assert not (tmp_path / "x.json").exists() and not (tmp_path / "x.jsonl").exists()
    # the table core's way in, where the lobby and the terminal start their games
    with pytest.raises(MatchError, match=SEED_RULE):
        Match.new(GAME, TableSettings((None, "random", "random", "random")), seed=seed)
    record = hustings.make(GAME, players=4, seed=1).record()
    record["seed"] = seed
    with pytest.raises(RecordError, match=f"record field 'seed': {SEED_RULE}"):
        hustings.replay(record)


def test_a_lab_run_whose_last_game_would_pass_the_bound_is_refused(tmp_path: Path) -> None:
    line = _error_line("simulate", GAME, "--players", "4", "--games", "3", "--seed", str(2**MAX_SEED_BITS - 2),
                       "--out", str(tmp_path / "x.jsonl"))
    assert "SEED+2, the last game's" in line and SEED_RULE in line

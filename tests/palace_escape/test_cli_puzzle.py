"""The palace escape from the command line (issue 11), through the generic commands since issue 22: `hustings play
palace-escape` (one seat, the game's person_options, `--keys` for its grid) and `hustings demo palace-escape` (its
heuristic plays a shortest escape: what `hustings puzzle --solution` printed)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import hustings
from hustings.cli import app

runner = CliRunner()
GAME = "palace-escape"


@pytest.mark.parametrize(("args", "par"), [(["--option", "difficulty=14"], 14),
                                           (["--variant", "hard", "--option", "difficulty=23"], 23)])
def test_demo_prints_a_shortest_escape(args: list[str], par: int) -> None:
    r = runner.invoke(app, ["demo", GAME, *args, "--seed", "5", "--lang", "en"])
    assert r.exit_code == 0, r.output
    lines = r.output.strip().splitlines()
    # the title, the chosen difficulty said as a change from the printed game (any deal), then the deal
    assert lines[1].startswith("House rules") and f": {par} (printed: —)" in lines[2]
    assert f"Shortest escape: {par} moves" in lines[3]
    assert sum(1 for line in lines if line.startswith("Move ")) == par
    assert any(f"in {par} moves (par {par})" in line for line in lines)


def test_demo_in_traditional_chinese() -> None:
    r = runner.invoke(app, ["demo", GAME, "--seed", "1", "--lang", "zh-Hant"])
    assert r.exit_code == 0 and "凱達格蘭大道" in r.output


@pytest.mark.parametrize(("args", "needle"), [
    (["--option", "difficulty=30"], "difficulties are 10 to 18"),
    (["--variant", "hard", "--option", "difficulty=5"], "difficulties are 10 to 23"),
    (["--lang", "fr"], "unknown language"),
    (["--players", "2"], "takes 1 to 1 players"),
])
@pytest.mark.parametrize("command", ["play", "demo"])
def test_bad_arguments_are_one_line_and_exit_2(command: str, args: list[str], needle: str, tmp_path: Path) -> None:
    r = runner.invoke(app, [command, GAME, *args, *(["--save", str(tmp_path / "p.json")] if command == "play" else [])])
    assert r.exit_code == 2 and needle in r.output and "Traceback" not in r.output
    assert not (tmp_path / "p.json").exists()


def test_without_a_terminal_it_says_so(tmp_path: Path) -> None:
    r = runner.invoke(app, ["play", GAME, "--seed", "1", "--save", str(tmp_path / "p.json")])
    assert r.exit_code == 2 and "interactive terminal" in r.output


def test_play_keys_plays_the_games_own_grid_on_a_one_seat_table(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """`hustings play palace-escape --keys`: one seat (the game's only count), a person's, so no action limit (R7);
    the grid is the game's `keys` adapter, handed the table session; a game without one says so in one line."""
    from hustings.cli import play

    ran: list[tuple[Any, Any]] = []
    monkeypatch.setattr(play, "need_terminal", lambda command: None)
    monkeypatch.setattr(play, "_run_keys", lambda session, keys: ran.append((session, keys)))
    path = tmp_path / "p.json"
    r = runner.invoke(app, ["play", GAME, "--variant", "hard", "--option", "capture=strict", "--seed", "3",
                            "--keys", "--save", str(path), "--lang", "en"])
    assert r.exit_code == 0, r.output
    (session, keys), = ran
    assert keys is hustings.get_spec(GAME).adapter("keys")
    assert session.path == path and session.state.num_players == 1 and session.table.bots == (None,)
    assert session.state.game_options["variant"] == "hard" and session.state.game_options["capture"] == "strict"
    assert session.state.game_options["max_actions"] is None  # a person plays: no action limit (R7)
    r = runner.invoke(app, ["play", "die-macher-2019", "--keys", "--save", str(tmp_path / "d.json")])
    assert r.exit_code == 2 and "--keys" in r.stderr and "die-macher-2019" in r.stderr
    assert not (tmp_path / "d.json").exists()

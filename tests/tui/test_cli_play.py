"""`hustings play` and `hustings replay --step` on the command line: one-line errors, files left alone."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import hustings
from hustings.cli import app
from hustings.tui.recordfile import TableSettings, save

from .drive import GAME

NEUTRAL_ENV = {"LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"}
runner = CliRunner()


def invoke(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), env=NEUTRAL_ENV)
    return result.exit_code, result.stdout, result.stderr


def assert_one_line_error(code: int, stderr: str, words: str) -> None:
    assert code == 2, stderr
    lines = [ln for ln in stderr.splitlines() if ln.strip()]
    assert len(lines) == 1, stderr
    assert lines[0].startswith("hustings: error: ") and "Traceback" not in stderr
    assert words in lines[0], lines[0]


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def play_record(tmp_path: Path) -> Path:
    state = hustings.make(GAME, players=4, seed=51)
    for _ in range(20):
        p = state.current_players[0]
        state.apply(p, state.legal_actions(p)[0])
    path = tmp_path / "game.json"
    save(path, state, TableSettings((None, "heuristic", "heuristic", "heuristic"), "en"))
    return path


def test_bad_options_give_one_line(tmp_path: Path) -> None:
    save_to = str(tmp_path / "new.json")
    cases = [
        (["play", GAME, "--seat", "7", "--save", save_to], "--seat 7"),
        (["play", GAME, "--seat", "one", "--save", save_to], "--seat"),
        (["play", GAME, "--seat", "0,0", "--save", save_to], "twice"),
        (["play", GAME, "--bots", "alphago", "--save", save_to], "alphago"),
        (["play", GAME, "--seat", "all", "--bots", "random", "--save", save_to], "no seat for a bot"),
        (["play", GAME, "--players", "9", "--save", save_to], "9"),
        (["play", GAME, "--variant", "deluxe", "--save", save_to], "deluxe"),
        (["play", "chess", "--save", save_to], "chess"),
        (["play", GAME, "--lang", "fr", "--save", save_to], "fr"),
        (["play", GAME, "--names", "latin", "--save", save_to], "latin"),
        (["play", GAME, "--save", str(tmp_path / "no" / "such" / "dir.json")], "folder"),
        (["play", GAME, "--save", save_to], "interactive terminal"),  # the test runner is no terminal
        (["replay", str(tmp_path / "missing.json"), "--step"], "cannot read"),
    ]
    for args, words in cases:
        code, _, stderr = invoke(*args)
        assert_one_line_error(code, stderr, words)
    assert not (tmp_path / "new.json").exists()  # nothing was started, so nothing was written


def test_unknown_option_is_a_usage_error() -> None:
    result = runner.invoke(app, ["play", GAME, "--colour", "red"], env=NEUTRAL_ENV)
    assert result.exit_code == 2
    assert "No such option" in result.output and "Traceback" not in result.output


def test_resume_refuses_bad_files_and_leaves_them_alone(tmp_path: Path, play_record: Path) -> None:
    foreign = tmp_path / "games.jsonl"
    foreign.write_text(json.dumps(hustings.make(GAME, players=3, seed=1).record()) + "\n", encoding="utf-8")
    corrupt = tmp_path / "corrupt.json"
    data = json.loads(play_record.read_text(encoding="utf-8"))
    data["table"]["bots"][1] = "random"  # an edit: the integrity check fails
    corrupt.write_text(json.dumps(data), encoding="utf-8")
    garbage = tmp_path / "garbage.json"
    garbage.write_bytes(b"\x00\x01 not json")
    for path, words in ((foreign, "not a record of `hustings play`"), (corrupt, "changed since hustings saved it"),
                        (garbage, "not a hustings record"), (tmp_path / "none.json", "cannot read")):
        before = _digest(path) if path.exists() else None
        code, _, stderr = invoke("play", "--resume", str(path))
        assert_one_line_error(code, stderr, words)
        assert (_digest(path) if path.exists() else None) == before
    before = _digest(play_record)
    code, _, stderr = invoke("play", "--resume", str(play_record), "--players", "3")
    assert_one_line_error(code, stderr, "--players")
    code, _, stderr = invoke("play", "--resume", str(play_record))  # a good record, but no terminal here
    assert_one_line_error(code, stderr, "interactive terminal")
    assert _digest(play_record) == before


def test_new_game_refuses_to_overwrite_a_record(play_record: Path) -> None:
    before = _digest(play_record)
    code, _, stderr = invoke("play", GAME, "--save", str(play_record))
    assert_one_line_error(code, stderr, "--resume")
    assert _digest(play_record) == before


def test_replay_prints_a_play_record_and_step_needs_a_terminal(play_record: Path) -> None:
    code, out, _ = invoke("replay", str(play_record), "--lang", "en")
    assert code == 0 and "Die Macher 2019 starts" in out and "not over" in out
    code, _, stderr = invoke("replay", str(play_record), "--step", "--player", "1", "--referee")
    assert_one_line_error(code, stderr, "interactive terminal")
    code, _, stderr = invoke("replay", str(play_record), "--step", "--player", "9")
    assert_one_line_error(code, stderr, "--player 9")


def _make_play_args() -> list[str]:
    """The arguments `make play` gives `hustings`."""
    makefile = (Path(__file__).parents[2] / "Makefile").read_text(encoding="utf-8")
    line = next(ln for ln in makefile.splitlines() if ln.startswith("\t") and "hustings play" in ln)
    return line.split("hustings", 1)[1].split()


def test_make_play_starts_the_table_in_the_locale_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """`make play` is Die Macher 2019, you in seat 0 against 3 heuristic bots (the command's defaults), in the
    locale's language."""
    from hustings.cli import play as cli

    args = _make_play_args()
    assert "--lang" not in args  # the locale decides
    ran: list[Any] = []
    monkeypatch.setattr(cli, "need_terminal", lambda command: None)
    monkeypatch.setattr(cli, "_run_table", lambda session, fast: ran.append(session))
    result = runner.invoke(app, args, env={"LC_ALL": "zh_TW.UTF-8", "LC_MESSAGES": "", "LANG": ""})
    assert result.exit_code == 0, result.output
    (session,) = ran
    assert session.state.GAME_ID == "die-macher-2019" and session.state.num_players == 4
    assert session.table.bots == (None, "heuristic", "heuristic", "heuristic") and session.table.lang == "zh-Hant"


def test_make_play_offers_to_continue_and_continues(monkeypatch: pytest.MonkeyPatch, hustings_data_dir: Path) -> None:
    """Issue 25 bug 1: `make play` offered the unfinished game and, answered yes, stopped with "GAME, --players,
    --seat, --bots come(s) from the record". Now it continues it; so does `hustings play GAME` (the game named
    only picks which saved game is offered); settings of a new game mean a new game, so nothing is offered."""
    from hustings.cli import play as cli

    path = _saved_game(hustings_data_dir / "games", "old.json", 12)
    ran: list[Any] = []
    monkeypatch.setattr(cli, "_interactive", lambda: True)
    monkeypatch.setattr(cli, "need_terminal", lambda command: None)
    monkeypatch.setattr(cli, "_run_table", lambda session, fast: ran.append(session))
    for args in (_make_play_args(), ["play", GAME], ["play", GAME, "--lang", "en", "--fast"]):
        ran.clear()
        result = runner.invoke(app, args, input="y\n", env=NEUTRAL_ENV)
        assert result.exit_code == 0 and "come(s) from the record" not in result.output, (args, result.output)
        assert "Continue your unfinished game" in result.output
        (session,) = ran
        assert session.path == path and session.state.step_count == 12 and session.state.num_players == 3
    ran.clear()
    result = runner.invoke(app, ["play", GAME, "--players", "4", "--save", str(hustings_data_dir / "n.json")],
                           input="y\n", env=NEUTRAL_ENV)
    assert result.exit_code == 0 and "Continue your unfinished game" not in result.output, result.output
    (session,) = ran
    assert session.path != path and session.state.step_count == 0 and session.state.num_players == 4


def test_a_game_quit_before_anyone_moved_is_not_offered(monkeypatch: pytest.MonkeyPatch,
                                                        hustings_data_dir: Path) -> None:
    """Issue 25 bug 1: quitting a new game at once left a 0-move save that `make play` then offered. A save in which
    none of its people has moved is not offered (`hustings saves` still lists it)."""
    from hustings.cli import play as cli

    _saved_game(hustings_data_dir / "games", "empty.json", 0)
    asked: list[str] = []
    monkeypatch.setattr(cli.typer, "confirm", lambda text, default: asked.append(text) or True)
    assert cli._offer_unfinished(GAME, "en") is None and asked == []
    assert "empty.json" in runner.invoke(app, ["saves"], env=NEUTRAL_ENV).output


# -- issue 14: the command line of a newcomer ---------------------------------------------------------


def test_version_prints_the_version_and_the_build() -> None:
    import hustings.engine.core as engine_core

    build = "pure Python" if str(engine_core.__file__).endswith(".py") else "compiled"
    code, out, _ = invoke("--version")
    assert code == 0 and out.strip() == f"hustings {hustings.__version__} ({build})"


def test_typers_own_usage_errors_are_one_line_too(tmp_path: Path) -> None:
    for args, words in ((["play", GAME, "--players", "x"], "--players"),
                        (["play", GAME, "--colour", "red"], "--colour"),
                        (["nosuch"], "nosuch")):
        code, _, stderr = invoke(*args)
        assert_one_line_error(code, stderr, words)


def test_bots_are_counted_per_bot_seat() -> None:
    """Bug 8: four names for the three bot seats of a 4-player game, or two for three, are refused naming the
    bot seats; one name fills them all."""
    for bots, n in (("heuristic,random,random,random", 4), ("heuristic,random", 2)):
        code, _, stderr = invoke("play", GAME, "--players", "4", "--bots", bots, "--new")
        assert_one_line_error(code, stderr, f"{n} bots for 3 bot seat(s) (P2, P3, P4)")
    code, _, stderr = invoke("play", GAME, "--players", "4", "--bots", "heuristic,random,random", "--new")
    assert_one_line_error(code, stderr, "interactive terminal")  # accepted: it only lacks a terminal


def test_the_resume_hint_names_the_command_that_was_run(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Bug 4: after `make play` (which runs .venv/bin/hustings) the hint must not say a bare `hustings` that
    the PATH does not find."""
    from hustings.cli import common as cli

    exe = tmp_path / ".venv" / "bin" / "hustings"
    exe.parent.mkdir(parents=True)
    exe.write_text("#!/bin/sh\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(cli.sys, "argv", [str(exe), "play"])
    monkeypatch.setattr(cli.shutil, "which", lambda name: None)
    assert cli.command_name() == ".venv/bin/hustings"
    monkeypatch.setattr(cli.shutil, "which", lambda name: str(exe))
    assert cli.command_name() == "hustings"


def _saved_game(folder: Path, name: str, steps: int, over: bool = False) -> Path:
    from hustings.table.settings import TableSettings as Seats
    from hustings.table.store import FileStore, StoredMatch

    state = hustings.make(GAME, players=3, seed=5)
    while (state.step_count < steps or over) and not state.is_over:
        p = state.current_players[0]
        state.apply(p, state.legal_actions(p)[0])
    folder.mkdir(parents=True, exist_ok=True)
    FileStore(folder).create(name, StoredMatch.of(state, Seats((None, "random", "random"), "en")))
    return folder / name


def test_saves_lists_saved_games(hustings_data_dir: Path) -> None:
    folder = hustings_data_dir / "games"
    code, out, _ = invoke("saves")
    assert code == 0 and "No saved games" in out
    _saved_game(folder, "a.json", 10)
    _saved_game(folder, "b.json", 0, over=True)
    code, out, _ = invoke("saves")
    assert code == 0
    assert "a.json" in out and "b.json" in out and "unfinished" in out and "finished" in out
    assert "play --resume" in out


def test_play_offers_to_continue_the_unfinished_game(monkeypatch: pytest.MonkeyPatch, hustings_data_dir: Path) -> None:
    from hustings.cli import play as cli

    path = _saved_game(hustings_data_dir / "games", "old.json", 12)
    ran: list[object] = []
    monkeypatch.setattr(cli, "_interactive", lambda: True)
    monkeypatch.setattr(cli, "need_terminal", lambda command: None)
    monkeypatch.setattr(cli, "_run_table", lambda session, fast: ran.append(session))
    result = runner.invoke(app, ["play"], input="y\n", env=NEUTRAL_ENV)
    assert result.exit_code == 0, result.output
    assert "Continue your unfinished game" in result.output
    assert len(ran) == 1 and getattr(ran[0], "path", None) == path
    assert ran[0].state.step_count == 12  # type: ignore[attr-defined]
    # --new never asks
    result = runner.invoke(app, ["play", "--new"], env=NEUTRAL_ENV)
    assert "Continue your unfinished game" not in result.output


def test_play_starts_under_the_options_given(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`hustings play --option NAME=VALUE` starts the game under that rule option and saves it in the record (so a
    resumed game keeps it); --resume takes the options from the record, not from the command line."""
    from hustings.cli import play as cli

    ran: list[object] = []
    monkeypatch.setattr(cli, "need_terminal", lambda command: None)
    monkeypatch.setattr(cli, "_run_table", lambda session, fast: ran.append(session))
    path = tmp_path / "dm.json"
    code, _, err = invoke("play", "die-macher", "--players", "3", "--save", str(path), "--seed", "3",
                          "--option", "member_score=bonus", "--option", "donations=before_setup")
    assert code == 0, err
    assert len(ran) == 1
    saved = json.loads(path.read_text())
    options = saved["options"]
    assert options["member_score"] == "bonus" and options["donations"] == "before_setup"
    code, _, err = invoke("play", "--resume", str(path), "--option", "member_score=count_and_bonus")
    assert_one_line_error(code, err, "--option")
    code, _, err = invoke("play", "die-macher", "--players", "3", "--save", str(tmp_path / "x.json"),
                          "--option", "member_score=all")
    assert_one_line_error(code, err, "member_score")
    assert not (tmp_path / "x.json").exists()

"""`hustings replay`, `play --resume` and `export` with save files: one line and exit 2 for any bad file,
and an unfinished game shows no seat's secrets to anyone but that seat's person (or a referee)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import hustings
from hustings.cli import app
from hustings.table import FileStore, Match, TableSettings

GAME = "die-macher-2019"
NEUTRAL_ENV = {"LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"}
runner = CliRunner()


def invoke(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), env=NEUTRAL_ENV)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception  # a crash, not a refusal: show it
    return result.exit_code, result.stdout, result.stderr


def assert_one_line_error(code: int, stderr: str, words: str = "") -> None:
    assert code == 2, stderr
    lines = [ln for ln in stderr.splitlines() if ln.strip()]
    assert len(lines) == 1, stderr
    assert lines[0].startswith("hustings: error: ") and "Traceback" not in stderr
    assert words in lines[0], lines[0]


def _save(folder: Path, name: str, seats: list[str | None], steps: int | None, seed: int = 31) -> Match:
    """A save file where people take their first legal action; ``steps`` None plays to the end."""
    m = Match.new(GAME, TableSettings(tuple(seats), "en"), seed=seed, store=FileStore(folder), match_id=name)
    while not m.is_over and (steps is None or m.step < steps):
        m.play_bots(max_steps=None if steps is None else steps - m.step)
        if not m.is_over and (steps is None or m.step < steps):
            seat = m.to_act[0]
            m.submit(seat, m.legal(seat)[0])
    return m


@pytest.fixture
def unfinished(tmp_path: Path) -> tuple[Path, Match]:
    return tmp_path / "solo.json", _save(tmp_path, "solo.json", [None, "random", "random"], 60)


# ------------------------------------------------------------------------------------------ bad files


def _bad_files(tmp_path: Path) -> dict[str, Path]:
    good_play = tmp_path / "good.json"
    _save(tmp_path, "good.json", [None, "random", "random"], 30)
    play_text = good_play.read_text(encoding="utf-8")
    record = hustings.make(GAME, players=3, seed=4).record()
    files: dict[str, bytes] = {
        "nested_list": b"[" * 100_000,
        "nested_object": b'{"a":' * 50_000 + b"1" + b"}" * 50_000,
        "nested_in_play_file": play_text[:-2].encode() + b',"x":' + b"[" * 100_000 + b"]" * 100_000 + b"}",
        "seed_5000_digits": json.dumps({**record, "seed": 0}).replace('"seed": 0', '"seed": ' + "9" * 5000).encode(),
        "seed_5000_digits_jsonl": json.dumps({**record, "seed": 0}).replace('"seed": 0', '"seed": ' + "9" * 5000)
        .encode() + b"\n" + json.dumps(record).encode(),
        "seed_5000_digits_play": play_text.replace('"steps":', '"seed":' + "9" * 5000 + ',"steps":').encode(),
        "seed_4000_digits": json.dumps({**record, "seed": 0}).replace('"seed": 0', '"seed": ' + "9" * 4000).encode(),
        "truncated_play": play_text[: len(play_text) // 2].encode(),
        "truncated_record": json.dumps(record)[:40].encode(),
        "binary_junk": bytes(range(256)) * 4,
        "utf8_junk": "\x00\x01 ☃ not json at all".encode(),
        "empty": b"",
    }
    for i, actions in enumerate([
        [["x", 3]], [[0, 1.5]], [[0, [1]]], [[0, {"id": "3"}]], [[0, None]], "abc", [[0]], [[True, 0]],
        [[0, json.loads('{"id":' * 600 + "0" + "}" * 600)]],  # deep enough to exhaust the engine's recursion
        [[0, {"kind": "bid", "args": ["a"]}]], [[0, {"args": [1] * 10}]],
        [[10**30, 0]], [[0, 10**30]], [[0, -1]], [{"player": 0, "action": 0}],
    ]):
        files[f"actions_{i}"] = json.dumps({**record, "actions": actions}).encode()
    for i, change in enumerate([{"options": "x"}, {"options": {"players": "3"}}, {"options": {"colour": 1}},
                                {"game": ["die-macher-2019"]}, {"seed": "1"}, {"seed": -1}, {"seed": 1.5}]):
        files[f"fields_{i}"] = json.dumps({**record, **change}).encode()
    paths = {}
    for name, data in files.items():
        path = tmp_path / f"{name}.json"
        path.write_bytes(data)
        paths[name] = path
    return paths


def test_replay_refuses_every_bad_file_in_one_line(tmp_path: Path) -> None:
    for name, path in _bad_files(tmp_path).items():
        before = path.read_bytes()
        code, _, stderr = invoke("replay", str(path), "--print")
        assert code == 2, (name, stderr)
        assert_one_line_error(code, stderr)
        assert path.read_bytes() == before, name


def test_play_resume_refuses_every_bad_file_in_one_line(tmp_path: Path) -> None:
    for name, path in _bad_files(tmp_path).items():
        before = path.read_bytes()
        code, _, stderr = invoke("play", "--resume", str(path))
        assert code == 2, (name, stderr)
        assert_one_line_error(code, stderr)
        assert "interactive terminal" not in stderr, name  # refused for the file, before any terminal check
        assert path.read_bytes() == before, name


def test_the_messages_say_what_is_wrong(tmp_path: Path) -> None:
    bad = _bad_files(tmp_path)
    for name, command, words in [
        ("nested_list", "replay", "nested too deeply"),
        ("nested_in_play_file", "replay", "nested too deeply"),
        ("seed_5000_digits", "replay", "digits"),
        ("seed_5000_digits_play", "play", "digits"),
        ("seed_4000_digits", "replay", "512 bits"),
        ("seed_5000_digits_jsonl", "replay", ":1: bad JSON"),
        ("truncated_play", "play", "bad JSON"),
        ("binary_junk", "replay", "not UTF-8"),
        ("binary_junk", "play", "not UTF-8"),
        ("actions_0", "replay", "unknown player"),
        ("actions_1", "replay", "malformed action"),
        ("fields_2", "replay", "colour"),
    ]:
        args = ["replay", str(bad[name]), "--print"] if command == "replay" else ["play", "--resume", str(bad[name])]
        code, _, stderr = invoke(*args)
        assert_one_line_error(code, stderr, words)


def test_a_real_process_prints_no_traceback_for_deep_json(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_bytes(b"[" * 1_000_000)
    for args in (["replay", str(path)], ["play", "--resume", str(path)]):
        proc = subprocess.run([sys.executable, "-m", "hustings.cli", *args], capture_output=True, text=True,
                              timeout=120, env={**NEUTRAL_ENV, "PATH": "/usr/bin:/bin",
                                                "PYTHONPATH": ":".join(sys.path)})
        assert proc.returncode == 2, proc.stderr
        assert "Traceback" not in proc.stderr and len(proc.stderr.strip().splitlines()) == 1


# ------------------------------------------------------------------------------- whose view, and when


def _messages(events: list[hustings.Event]) -> list[str]:
    return [e.message("en") for e in events]


def test_an_unfinished_game_shows_its_person_only_their_own_view(unfinished: tuple[Path, Match]) -> None:
    path, m = unfinished
    code, out, _ = invoke("replay", str(path), "--print", "--lang", "en")
    assert code == 0 and out.splitlines()[:-1] == _messages(m.events_for(None)) and "not over" in out
    code, out, _ = invoke("replay", str(path), "--print", "--player", "0", "--lang", "en")
    assert code == 0 and out.splitlines()[:-1] == _messages(m.events_for(0))
    # other seats' private events never show (messages that are not also among P1's own)
    secrets = set(_messages([e for e in m.state.all_events() if e.to not in (None, 0)])) - set(out.splitlines())
    assert secrets, "the game hid nothing: the test would prove nothing"
    for seat in (1, 2):
        code, _, stderr = invoke("replay", str(path), "--print", "--player", str(seat))
        assert_one_line_error(code, stderr, "bot's seat")
    code, _, stderr = invoke("replay", str(path), "--step")
    assert_one_line_error(code, stderr, "--step on an unfinished game")
    # a referee asks explicitly, and still sees only that seat's events
    code, out, _ = invoke("replay", str(path), "--print", "--player", "1", "--referee", "--lang", "en")
    assert code == 0 and out.splitlines()[:-1] == _messages(m.events_for(1))
    code, _, stderr = invoke("replay", str(path), "--step", "--referee")
    assert_one_line_error(code, stderr, "interactive terminal")


def test_hot_seat_views_need_a_referee_while_the_game_goes_on(tmp_path: Path) -> None:
    m = _save(tmp_path, "hot.json", [None, None, "random"], 40)
    path = tmp_path / "hot.json"
    for seat in ("0", "1"):
        code, _, stderr = invoke("replay", str(path), "--print", "--player", seat)
        assert_one_line_error(code, stderr, "several people")
    code, out, _ = invoke("replay", str(path), "--print", "--player", "1", "--referee", "--lang", "en")
    assert code == 0 and out.splitlines()[:-1] == _messages(m.events_for(1))


def test_a_finished_game_shows_every_view(tmp_path: Path) -> None:
    m = _save(tmp_path, "done.json", [None, "random", "random"], None)
    assert m.is_over
    code, out, _ = invoke("replay", str(tmp_path / "done.json"), "--print", "--player", "2", "--lang", "en")
    assert code == 0 and "Final scores" in out
    assert out.splitlines()[: len(m.events_for(2))] == _messages(m.events_for(2))


# -------------------------------------------------------------------------------------------- export


def test_export_gives_the_plain_record_of_a_finished_game_only(tmp_path: Path,
                                                               unfinished: tuple[Path, Match]) -> None:
    path, m = unfinished
    code, _, stderr = invoke("export", str(path))
    assert_one_line_error(code, stderr, "not over")
    code, out, _ = invoke("export", str(path), "--referee")
    assert code == 0 and hustings.replay(json.loads(out)) == m.state
    done = _save(tmp_path, "done.json", [None, "random", "random"], None, seed=32)
    out_file = tmp_path / "done-record.json"
    code, _, _ = invoke("export", str(tmp_path / "done.json"), "--out", str(out_file))
    assert code == 0
    record = json.loads(out_file.read_text(encoding="utf-8"))
    assert record["seed"] == 32 and hustings.replay(record) == done.state and record["scores"] == done.state.scores()
    code, out, _ = invoke("replay", str(out_file), "--print", "--player", "1", "--lang", "en")
    assert code == 0 and "Final scores" in out
    code, _, stderr = invoke("export", str(tmp_path / "done.json"), "--out", str(out_file))
    assert_one_line_error(code, stderr, "exists")
    code, _, stderr = invoke("export", str(tmp_path / "nothing.json"))
    assert_one_line_error(code, stderr, "cannot read")


def test_play_refuses_seeds_beyond_512_bits_and_saves_in_the_data_folder(
    tmp_path: Path, hustings_data_dir: Path
) -> None:
    code, _, stderr = invoke("play", GAME, "--seed", str(2**600), "--save", str(tmp_path / "x.json"))
    assert_one_line_error(code, stderr, "512 bits")
    code, _, stderr = invoke("play", GAME)  # no terminal here, but the default folder is chosen first
    assert_one_line_error(code, stderr, "interactive terminal")
    assert (hustings_data_dir / "games").is_dir()

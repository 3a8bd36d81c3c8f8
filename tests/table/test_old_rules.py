"""Saves of `hustings play` made under other rules (issue 21, item 5): every terminal path refuses them in one line
in the player's language, naming the file, the game and both rules versions, replays nothing and changes no byte
of the file; `hustings saves` marks them, and the offer to continue never offers one. Also saves whose record is
damaged or whose game this program does not have."""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

import hustings
from hustings.cli import app
from hustings.engine import RNG_NAME, RecordError, core, get_spec
from hustings.table import FileStore, Match, RulesVersionError, StoredMatch, StoreError, TableSettings, rules_refusal
from hustings.table.store import _canonical

GAME = "die-macher-2019"
NEUTRAL_ENV = {"LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"}
runner = CliRunner()
CURRENT = get_spec(GAME).rules_version
TITLE = {lang: get_spec(GAME).title[lang] for lang in ("en", "zh-Hans", "zh-Hant")}


def invoke(*args: str, env: dict[str, str] | None = None, input: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), env=env or NEUTRAL_ENV, input=input)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception  # a crash, not a refusal: show it
    return result.exit_code, result.stdout, result.stderr


def one_error_line(code: int, stderr: str) -> str:
    assert code == 2, stderr
    lines = [ln for ln in stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and "Traceback" not in stderr, stderr
    assert lines[0].startswith("hustings: error: "), lines[0]
    return lines[0]


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def save(folder: Path, name: str, *, steps: int = 12, over: bool = False, rules_version: str | None = None,
         game: str | None = None, rng: str | None = None) -> Path:
    """A genuine save (written by the file store, its integrity check good) of a game played to ``steps`` actions
    (or to the end), recorded as made under ``rules_version`` (default: this program's)."""
    state = hustings.make(GAME, players=3, seed=5)
    while (over or state.step_count < steps) and not state.is_over:
        p = state.current_players[0]
        state.apply(p, state.legal_actions(p)[0])
    stored = StoredMatch.of(state, TableSettings((None, "random", "random"), "en"))
    changes = {k: v for k, v in (("rules_version", rules_version), ("game", game), ("rng", rng)) if v is not None}
    folder.mkdir(parents=True, exist_ok=True)
    FileStore(folder).create(name, dataclasses.replace(stored, **changes))
    return folder / name


@pytest.fixture
def bumped(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """This program's rules of GAME one version on (as a release that changes them): saves made before are older."""
    spec = get_spec(GAME)
    newer = str(int(spec.rules_version) + 1)
    monkeypatch.setitem(core._REGISTRY, GAME, dataclasses.replace(spec, rules_version=newer))
    yield newer


# ------------------------------------------------------------------------------------ the table layer


def test_rules_refusal_names_how_the_versions_stand() -> None:
    assert rules_refusal(GAME, CURRENT, RNG_NAME, "f") is None
    cases = {"0": "older", str(int(CURRENT) + 1): "newer", "999": "newer", None: "older", "2019.1": "other",
             "": "other", "9" * 5000: "other", 5: "other"}
    for recorded, age in cases.items():
        refusal = rules_refusal(GAME, recorded, RNG_NAME, "'f.json'")
        assert refusal is not None and refusal.age == age, (recorded, refusal)
        assert refusal.current == CURRENT and len(refusal.recorded) <= 40 and "\n" not in str(refusal)
    other_rng = rules_refusal(GAME, CURRENT, "splitmix64", "f")
    assert other_rng is not None and other_rng.age == "other" and "splitmix64" in other_rng.recorded
    unknown = rules_refusal("chess", "1", RNG_NAME, "f")
    assert unknown is not None and unknown.age == "unknown_game" and unknown.current is None


def test_resume_refuses_older_rules_before_replaying_anything(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    path = save(tmp_path, "old.json", rules_version="0")
    before = digest(path)

    def replay(record: object) -> None:
        raise AssertionError("a game of older rules was replayed")

    monkeypatch.setattr(hustings, "replay", replay)
    with pytest.raises(RulesVersionError) as caught:
        Match.resume(FileStore(tmp_path), "old.json", label=repr(str(path)))
    assert caught.value.age == "older" and caught.value.recorded == "0" and caught.value.current == CURRENT
    assert isinstance(caught.value, StoreError)  # every caller that catches store errors still does
    assert digest(path) == before


# --------------------------------------------------------------------- play --resume, replay, export


def _commands(path: Path) -> dict[str, list[str]]:
    return {"resume": ["play", "--resume", str(path)], "replay": ["replay", str(path), "--print"],
            "replay-referee": ["replay", str(path), "--print", "--referee"],
            "export": ["export", str(path), "--referee"]}


@pytest.mark.parametrize("over", [False, True], ids=["unfinished", "finished"])
def test_every_command_refuses_a_save_of_older_rules_in_one_line_and_keeps_it(tmp_path: Path, over: bool) -> None:
    path = save(tmp_path, "old.json", rules_version="0", over=over)
    before = digest(path)
    for name, args in _commands(path).items():
        line = one_error_line(*invoke(*args)[::2])
        for words in (str(path), TITLE["en"], "older rules", "rules version 0", f"version {CURRENT}",
                      "kept as it is"):
            assert words in line, (name, words, line)
        assert digest(path) == before, name


def test_the_refusal_is_in_the_players_language(tmp_path: Path) -> None:
    path = save(tmp_path, "old.json", rules_version="0")
    before = digest(path)
    for lang, older in (("zh-Hant", "舊版規則"), ("zh-Hans", "旧版规则"), ("en", "older rules")):
        for args in (["play", "--resume", str(path), "--lang", lang], ["replay", str(path), "--lang", lang]):
            line = one_error_line(*invoke(*args)[::2])
            assert TITLE[lang] in line and older in line and str(path) in line and CURRENT in line, line
    # export has no --lang: the locale's
    locale = {"LC_ALL": "zh_TW.UTF-8", "LC_MESSAGES": "", "LANG": ""}
    line = one_error_line(*invoke("export", str(path), "--referee", env=locale)[::2])
    assert TITLE["zh-Hant"] in line and "舊版規則" in line, line
    assert digest(path) == before


def test_a_rules_bump_refuses_the_saves_made_before_it(tmp_path: Path, bumped: str) -> None:
    """The real case: saves made under this release's rules, then a release that changes them."""
    made_now = save(tmp_path, "made-before.json", rules_version=CURRENT)
    before = digest(made_now)
    for name, args in _commands(made_now).items():
        line = one_error_line(*invoke(*args)[::2])
        assert "older rules" in line and f"rules version {CURRENT};" in line and f"version {bumped})" in line, line
        assert digest(made_now) == before, name


def test_a_save_from_a_newer_release_says_so(tmp_path: Path) -> None:
    path = save(tmp_path, "future.json", rules_version="999")
    before = digest(path)
    for name, args in _commands(path).items():
        line = one_error_line(*invoke(*args)[::2])
        assert "newer rules" in line and "rules version 999" in line and "newer hustings" in line, (name, line)
    assert digest(path) == before


def test_a_save_of_a_game_this_program_lacks_is_refused_and_kept(tmp_path: Path) -> None:
    path = save(tmp_path, "chess.json", game="chess")
    before = digest(path)
    for name, args in _commands(path).items():
        line = one_error_line(*invoke(*args)[::2])
        assert "chess" in line and "does not have" in line and str(path) in line, (name, line)
    assert digest(path) == before


def _tampered(folder: Path) -> dict[str, Path]:
    """Saves edited by hand (their integrity check fails) and one damaged inside a good integrity check."""
    text = save(folder, "good.json").read_text(encoding="utf-8")
    body = json.loads(text)
    assert body["rules_version"] == CURRENT
    files: dict[str, str] = {
        "version-0": text.replace(f'"rules_version":"{CURRENT}"', '"rules_version":"0"'),
        "version-999": text.replace(f'"rules_version":"{CURRENT}"', '"rules_version":"999"'),
        "version-removed": text.replace(f'"rules_version":"{CURRENT}",', ""),
    }
    # damaged under a good MAC (a bug, or another release): the sealed part holds fewer actions than it says
    key = FileStore(folder).key(create=False)
    damaged = {k: v for k, v in body.items() if k != "mac"}
    damaged["steps"] += 1
    damaged["mac"] = key.mac(_canonical(damaged))
    files["damaged"] = json.dumps(damaged, separators=(",", ":")) + "\n"
    paths = {}
    for name, content in files.items():
        assert content != text, name
        paths[name] = folder / f"{name}.json"
        paths[name].write_text(content, encoding="utf-8")
    return paths


def test_tampered_and_damaged_saves_are_refused_in_one_line_and_kept(tmp_path: Path) -> None:
    for name, path in _tampered(tmp_path).items():
        before = digest(path)
        expected = "is corrupt" if name == "damaged" else "has been changed since hustings saved it"
        for command, args in _commands(path).items():
            line = one_error_line(*invoke(*args)[::2])
            assert expected in line and str(path) in line, (name, command, line)
        assert digest(path) == before, name


def test_a_plain_record_of_older_rules_is_refused_in_the_players_language(tmp_path: Path) -> None:
    state = hustings.make(GAME, players=3, seed=2)
    path = tmp_path / "games.jsonl"
    path.write_text(json.dumps(dict(state.record(), rules_version="0")) + "\n", encoding="utf-8")
    before = digest(path)
    line = one_error_line(*invoke("replay", str(path), "--print", "--lang", "zh-Hans")[::2])
    assert "旧版规则" in line and TITLE["zh-Hans"] in line and "record 0 of" in line, line
    assert digest(path) == before


def test_the_replay_stepper_never_steps_through_a_record_of_other_rules() -> None:
    from hustings.tui.replay import Stepper

    record = hustings.make(GAME, players=3, seed=2).record()
    assert len(Stepper(record)) == 0
    for version in ("0", "999", None):
        with pytest.raises(RecordError, match="rules version"):
            Stepper(dict(record, rules_version=version))


# --------------------------------------------------------------------------------- hustings saves


def test_saves_marks_what_cannot_be_continued_and_changes_nothing(hustings_data_dir: Path) -> None:
    folder = hustings_data_dir / "games"
    files = {
        "ok.json": save(folder, "ok.json"),
        "old.json": save(folder, "old.json", rules_version="0"),
        "old-over.json": save(folder, "old-over.json", rules_version="0", over=True),
        "future.json": save(folder, "future.json", rules_version="999"),
        "chess.json": save(folder, "chess.json", game="chess"),
    }
    files.update({p.name: p for p in _tampered(folder).values()})
    files["good.json"] = folder / "good.json"  # what the tampered ones were made from
    (folder / "notes.json").write_text('{"not": "a save"}', encoding="utf-8")  # another program's: left out
    before = {name: digest(p) for name, p in files.items()}
    code, out, err = invoke("saves", "--lang", "en")
    assert code == 0 and not err, err
    rows = {line.split("│")[5].strip().rsplit("/", 1)[-1]: line for line in out.splitlines() if line.count("│") == 6}
    assert set(rows) == set(files), rows.keys()
    expect = {"ok.json": " unfinished ", "old.json": "older rules", "old-over.json": "older rules",
              "future.json": "newer rules", "chess.json": "unknown game", "good.json": " unfinished ",
              "version-0.json": "cannot be opened", "version-999.json": "cannot be opened",
              "version-removed.json": "cannot be opened", "damaged.json": "cannot be opened"}
    for name, state in expect.items():
        assert state in rows[name], (name, rows[name])
    assert "cannot be continued by this hustings and are kept as they are" in out
    assert {name: digest(p) for name, p in files.items()} == before
    code, out, _ = invoke("saves", "--lang", "zh-Hant")
    assert code == 0 and "舊版規則" in out and "無法開啟" in out


# ---------------------------------------------------------------------- the offer to continue (make play)


@pytest.fixture
def table_runs(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """`hustings play` as at a terminal, the table itself not run: what it would have run is collected."""
    from hustings.cli import play as cli

    ran: list[object] = []
    monkeypatch.setattr(cli, "_interactive", lambda: True)
    monkeypatch.setattr(cli, "need_terminal", lambda command: None)
    monkeypatch.setattr(cli, "_run_table", lambda session, fast: ran.append(session))
    return ran


def test_the_offer_never_offers_a_game_of_older_rules(hustings_data_dir: Path, table_runs: list[object]) -> None:
    old = save(hustings_data_dir / "games", "old.json", rules_version="0")
    before = digest(old)
    # declined: nothing starts, the program ends cleanly
    code, out, err = invoke("play", input="n\n")
    assert code == 0 and not table_runs and "Traceback" not in out + err, out + err
    assert "Continue your unfinished game" not in out
    lines = [ln for ln in out.splitlines() if ln.strip()]
    assert len(lines) == 1 and str(old) in lines[0] and "older rules" in lines[0] and "Start a new game?" in lines[0]
    # in the player's language
    code, out, _ = invoke("play", "--lang", "zh-Hans", input="n\n")
    assert code == 0 and not table_runs and "旧版规则" in out and "开始新的一局吗" in out
    # accepted: a new game in a new file, the old one left alone
    code, out, err = invoke("play", input="y\n")
    assert code == 0, out + err
    assert len(table_runs) == 1
    session = table_runs[0]
    assert session.path != old and session.path.parent == old.parent  # type: ignore[attr-defined]
    assert session.state.step_count == 0  # type: ignore[attr-defined]
    assert digest(old) == before


def test_the_offer_says_why_then_offers_the_game_it_can_continue(hustings_data_dir: Path,
                                                                  table_runs: list[object]) -> None:
    import os

    folder = hustings_data_dir / "games"
    playable = save(folder, "playable.json", steps=7)
    old = save(folder, "old.json", rules_version="0")
    os.utime(playable, (1_700_000_000, 1_700_000_000))  # the old-rules game is the one played last
    before = digest(old)
    code, out, err = invoke("play", input="y\n")
    assert code == 0, out + err
    notice, question = [ln for ln in out.splitlines() if ln.strip()][:2]
    assert str(old) in notice and "older rules" in notice
    assert "Continue your unfinished game" in question and str(playable) in question
    assert len(table_runs) == 1 and table_runs[0].path == playable  # type: ignore[attr-defined]
    assert table_runs[0].state.step_count == 7  # type: ignore[attr-defined]
    assert digest(old) == before


def test_a_finished_or_older_old_rules_save_does_not_hold_up_the_offer(hustings_data_dir: Path,
                                                                        table_runs: list[object]) -> None:
    import os

    folder = hustings_data_dir / "games"
    old = save(folder, "old.json", rules_version="0")
    os.utime(old, (1_700_000_000, 1_700_000_000))  # played long ago; a newer game of these rules since
    save(folder, "playable.json", steps=7)
    code, out, _ = invoke("play", input="y\n")
    assert code == 0 and "older rules" not in out and "Continue your unfinished game" in out
    assert len(table_runs) == 1 and table_runs[0].state.step_count == 7  # type: ignore[attr-defined]


def test_saves_offers_no_continue_when_nothing_can_be_continued(hustings_data_dir: Path) -> None:
    """Only saves this hustings can open are offered: with every save of other rules, no "Continue one with" line."""
    folder = hustings_data_dir / "games"
    save(folder, "old.json", rules_version="0")
    code, out, _ = invoke("saves", "--lang", "en")
    assert code == 0 and "older rules" in out
    assert "Continue one with" not in out and "are kept as they are" in out
    save(folder, "ok.json")
    code, out, _ = invoke("saves", "--lang", "en")
    assert code == 0 and "Continue one with" in out

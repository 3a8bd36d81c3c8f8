"""Giving up at a table (palace-escape rulings.md R12): a command of the table, not a legal action. The one
person of a one-player game may give it up; the table stores the game as ended, given up, lost, so it is not
offered to resume and replays as given up. And the options a table where a person plays sets
(``GameSpec.person_options``: palace-escape R7, no action limit)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import hustings
from hustings.engine import IllegalActionError
from hustings.table import FileStore, Match, MatchError, MemoryStore
from hustings.table.files import open_file

GAME = "palace-escape"


def _puzzle(store: FileStore | MemoryStore, match_id: str = "p.json") -> Match:
    m = Match.new(GAME, [None], variant="hard", seed=5, store=store, match_id=match_id)
    swap = next(a for a in m.legal(0) if a.kind == "swap")
    m.submit(0, swap)
    return m


@pytest.mark.parametrize("kind", ["file", "memory"])
def test_the_person_of_a_puzzle_gives_up_and_it_is_stored_as_lost(tmp_path: Path, kind: str) -> None:
    """R12: the game ends given up (lost), nothing can follow, and the store keeps it as finished and given up."""
    store = FileStore(tmp_path) if kind == "file" else MemoryStore()
    m = _puzzle(store)
    assert m.can_give_up(0) and not m.is_over
    m.give_up(0)
    assert m.is_over and m.given_up == 0 and m.to_act == () and m.legal(0) == []
    assert not m.state.is_over  # the rules did not end it: the table did
    out = m.outcome()
    assert out.winners == () and out.utilities == (-1.0,) and out.detail["end"] == "given_up"
    with pytest.raises(IllegalActionError, match="given up"):
        m.submit(0, m.state.legal_actions(0)[0])
    with pytest.raises(MatchError, match="over"):
        m.undo(0)
    with pytest.raises(MatchError, match="cannot give up: the game is over"):
        m.give_up(0)
    stored = store.load("p.json")
    assert stored.over and stored.given_up == 0 and len(stored.actions) == 1
    again = Match.resume(store, "p.json")
    assert again.given_up == 0 and again.is_over and again.state == m.state
    record = again.record()  # a finished game's record (its seed): allowed once given up
    assert hustings.replay(record).view(0) == m.state.view(0)


def test_a_given_up_save_is_not_offered_to_resume_and_replays_as_given_up(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """R12 through the command line: `hustings saves` says given up, `hustings play` does not offer it, and
    `hustings replay` prints that it was given up."""
    from typer.testing import CliRunner

    from hustings.cli import play as cli

    monkeypatch.setenv("HUSTINGS_DATA_DIR", str(tmp_path / "data"))
    folder = tmp_path / "data" / "games"
    folder.mkdir(parents=True)
    asked: list[str] = []
    monkeypatch.setattr(cli.typer, "confirm", lambda text, default: asked.append(text) or True)
    _puzzle(FileStore(folder), "palace.json").give_up(0)
    assert cli._offer_unfinished(GAME, "en") is None and asked == []  # a given-up game is not unfinished
    _puzzle(FileStore(folder), "open.json")
    os.utime(folder / "open.json", (1_000_000, 1_000_000))  # older than the given-up one
    assert cli._offer_unfinished(GAME, "en") == folder / "open.json" and "1 moves" in asked[0]
    runner = CliRunner()
    listing = runner.invoke(cli.app, ["saves", "--lang", "en"])
    assert listing.exit_code == 0
    rows = {name: line for line in listing.output.splitlines() for name in ("palace.json", "open.json")
            if name in line}
    assert "given up" in rows["palace.json"] and "unfinished" in rows["open.json"]
    shown = runner.invoke(cli.app, ["replay", str(folder / "palace.json"), "--print", "--lang", "zh-Hant"])
    assert shown.exit_code == 0 and "已放棄" in shown.output
    exported = runner.invoke(cli.app, ["export", str(folder / "palace.json")])
    assert exported.exit_code == 0 and '"given_up":0' in exported.output
    plain = tmp_path / "record.json"
    plain.write_text(exported.output, encoding="utf-8")
    shown = runner.invoke(cli.app, ["replay", str(plain), "--print", "--lang", "en"])
    assert shown.exit_code == 0 and "given up" in shown.output and "not over" not in shown.output


def test_the_step_by_step_replay_ends_given_up() -> None:
    """R12: `hustings replay --step` of a given-up game ends on "given up", not on "(unfinished game)"."""
    pytest.importorskip("textual")
    import asyncio

    from hustings.tui.replay import ReplayApp
    from tui.drive import table_text

    m = _puzzle(MemoryStore())
    m.give_up(0)
    record = {**m.record(), "given_up": 0}

    async def run() -> str:
        app = ReplayApp(record, None, "en")
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            return table_text(app)

    text = asyncio.run(run())
    assert "given up" in text and "unfinished" not in text


def test_a_given_up_file_whose_seat_was_edited_is_refused(tmp_path: Path) -> None:
    """The given-up seat is one of the fields the save's integrity check covers."""
    m = _puzzle(FileStore(tmp_path))
    m.give_up(0)
    path = tmp_path / "p.json"
    text = path.read_text(encoding="utf-8")
    assert '"given_up":0' in text
    path.write_text(text.replace('"given_up":0', '"given_up":1'), encoding="utf-8")
    with pytest.raises(hustings.table.StoreError, match="changed"):
        open_file(path)


def test_only_the_person_of_a_one_player_game_may_give_up() -> None:
    """R12: a game of several seats has no giving up (the seeds provide none, and it would change the others'
    game); nor does a bot's seat, or a game already over."""
    m = Match.new("toy", [None, "random", "random"], seed=3)
    assert not m.can_give_up(0)
    with pytest.raises(MatchError, match="only the player of a one-player game"):
        m.give_up(0)
    bot = Match.new(GAME, ["heuristic"], seed=3)
    assert bot.why_not_give_up(0) == "seat 0 is a bot's"
    bot.play_bots()
    assert bot.is_over and bot.why_not_give_up(0) == "the game is over"


def test_giving_up_is_generic_the_toy_puzzle_too(tmp_path: Path) -> None:
    """The table knows no game: the toy solo game (tests/toygame) is given up the same way."""
    store = FileStore(tmp_path)
    m = Match.new("toy-solo", [None], seed=4, store=store, match_id="toy.json")
    m.give_up(0)
    assert Match.resume(store, "toy.json").outcome().detail["end"] == "given_up"


def test_a_table_with_a_person_sets_the_games_person_options(tmp_path: Path) -> None:
    """R7: a table where a person plays the puzzle has no action limit (person_options); a table of bots, and
    make() itself, keep the limit; an option given to the table wins over person_options."""
    person = Match.new(GAME, [None], seed=1)
    assert person.state.view(0)["actions_left"] is None
    assert person.record(referee=True)["options"]["max_actions"] is None
    bots = Match.new(GAME, ["heuristic"], seed=1)
    assert bots.state.view(0)["actions_left"] == 200 and "max_actions" not in bots.record(referee=True)["options"]
    assert hustings.make(GAME, seed=1).view(0)["actions_left"] == 200
    chosen = Match.new(GAME, [None], seed=1, options={"max_actions": 30, "capture": "strict"}, variant="hard")
    assert chosen.state.view(0)["actions_left"] == 30 and chosen.state.view(0)["capture"] == "strict"
    store = FileStore(tmp_path)
    Match.new(GAME, [None], seed=1, store=store, match_id="p.json")
    assert Match.resume(store, "p.json").state.view(0)["actions_left"] is None  # the record carries it

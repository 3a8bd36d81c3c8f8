"""逃出總統府 on the grid with the arrow keys (the ``keys`` adapter of `hustings play palace-escape --keys`):
keys in, only legal actions out (seed 004 步驟 2)."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console

import hustings
from hustings.engine import get_spec
from hustings.games.palace_escape import solver
from hustings.games.palace_escape.adapters.keys import GIVE_UP, QUIT, GridCursor, play
from hustings.table.settings import TableSettings
from hustings.tui.session import Session

from .helpers import position


def _path_keys(frm: int, to: int) -> list[str]:
    (r0, c0), (r1, c1) = divmod(frm, 3), divmod(to, 3)
    vert = ["down" if r1 > r0 else "up"] * abs(r1 - r0)
    return vert + ["right" if c1 > c0 else "left"] * abs(c1 - c0)


def test_arrows_move_the_cursor_and_stop_at_the_edge() -> None:
    s = hustings.make("palace-escape", seed=1)
    g = GridCursor()
    for key in ["up", "left", "right", "right", "right", "down", "down", "down"]:
        assert g.press(key, s.view(0), s.legal_actions(0)) is None
    assert g.cursor == 8


def test_pick_up_and_arrow_swaps_only_when_the_rules_allow() -> None:
    """步驟 2: the president swaps with a mayor; a president and a legislator do not swap."""
    s = position([1, 0, 2, 1, 2, 3, 2, 3, 3])
    g = GridCursor("zh-Hant")
    view, legal = s.view(0), s.legal_actions(0)
    g.press("right", view, legal)
    g.press("enter", view, legal)
    assert g.picked == 1 and "總統" in g.message
    assert g.press("right", view, legal) is None and "不能交換" in g.message  # president-legislator
    assert g.press("up", view, legal) is None and g.message  # the edge
    act = g.press("left", view, legal)
    assert act is s.SPACE.get("swap", 0, 1) and g.picked is None and g.cursor == 0
    assert g.press("u", view, legal) is None and g.message  # nothing on the board to undo yet
    assert g.press("h", view, legal) is s.SPACE.get("hint")
    assert g.press("q", view, legal) == QUIT


def test_a_whole_game_by_arrow_keys_makes_par_and_is_saved(tmp_path: Path) -> None:
    state = hustings.make("palace-escape", variant="hard", seed=6, difficulty=21)
    session = Session(state, TableSettings((None,), "en", "local"), tmp_path / "p.json")
    session.save()
    keys: list[str] = ["h"]
    cursor = 0
    board = state.view(0)["board"]
    for pair in solver.table(True).solution(board):
        a, b = solver.PAIRS[pair]
        keys += [*_path_keys(cursor, a), "enter", *_path_keys(a, b)]
        cursor = b
    out = io.StringIO()
    lines: list[str] = []
    play(session, "en", iter(keys), Console(file=out, width=100), lines.append)
    o = session.state.outcome()
    assert o.won and o.detail["moves"] == o.detail["par"] and o.detail["hints"] == 1
    assert "won in" in out.getvalue() and any("Ketagalan" in line for line in lines)
    assert hustings.replay(session.state.record()).view(0) == session.state.view(0)
    from hustings.table.files import open_file

    assert open_file(tmp_path / "p.json").state.view(0) == session.state.view(0)  # what --resume reads back


def test_the_spec_names_the_keys_adapter() -> None:
    assert get_spec("palace-escape").adapter("keys") is play


def test_g_twice_gives_up_on_the_grid(tmp_path: Path) -> None:
    """Seed 004 R12: on the grid (`play palace-escape --keys`), g asks, a second g gives up (the table's command:
    lost, saved as given up); another key between the two forgets the question."""
    from hustings.table import FileStore, Match

    g = GridCursor("zh-Hans")
    s = hustings.make("palace-escape", seed=1)
    assert g.press("g", s.view(0), s.legal_actions(0)) is None and "再按 g 放弃" in g.message
    assert g.press("right", s.view(0), s.legal_actions(0)) is None
    assert g.press("g", s.view(0), s.legal_actions(0)) is None  # asked again, not given up
    assert g.press("g", s.view(0), s.legal_actions(0)) == GIVE_UP

    store = FileStore(tmp_path)
    match = Match.new("palace-escape", TableSettings((None,), "en", "local"), seed=2, store=store, match_id="p.json")
    session = Session.of(match, tmp_path / "p.json")
    out = io.StringIO()
    play(session, "en", iter(["right", "g", "g"]), Console(file=out, width=100))
    assert session.given_up == 0 and "given up" in out.getvalue()
    assert store.load("p.json").given_up == 0

"""Issue 25, bug 5: an undo the terminal refuses says why in the player's language (it was 「無法撤回：another seat
has acted since your last move…」). Every reason the table core can give is a key of the shared catalog, worded in
every language, and the server sends the same words."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

from hustings.engine import LANGS
from hustings.messages import SHARED
from hustings.tui.app import PlayApp

from .drive import SIZE, new_session, settle

SRC = Path(__file__).resolve().parents[2] / "src" / "hustings" / "table"
LATIN_WORD = re.compile(r"[A-Za-z]{3,}")


def test_every_undo_reason_is_worded_in_every_language() -> None:
    keys = set()
    for module in ("core.py", "takeback.py", "undo.py"):
        keys |= set(re.findall(r'"(undo\.[a-z_]+)"', (SRC / module).read_text(encoding="utf-8")))
    assert {"undo.not_yours", "undo.reveals", "undo.no_choice", "undo.bot"} <= keys
    for key in keys:
        for lang in LANGS:
            assert SHARED.has(key, lang), (key, lang)
            if lang != "en":
                assert not LATIN_WORD.search(SHARED.text(key, lang)), (key, lang, SHARED.text(key, lang))


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_a_refused_undo_in_the_terminal_speaks_the_players_language(tmp_path: Path, lang: str) -> None:
    session = new_session(tmp_path, seed=3, lang=lang)

    async def run() -> list[str]:
        app = PlayApp(session, fast=True)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            refused = session.match.undo_refused(0)
            assert refused is not None and refused.key  # at the start: nothing of the person's to take back
            await pilot.press("u")
            await pilot.pause()
            said = [str(n.message) for n in app._notifications]
            await pilot.press("q")
            return said

    said = asyncio.run(run())
    refusal = [s for s in said if s.startswith(SHARED.text("undo_refused", lang, why=""))]
    assert refusal, said
    assert not any(LATIN_WORD.search(s) for s in refusal), refusal

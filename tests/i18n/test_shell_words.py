"""The terminal shell speaks only shared words, games keep their own words, and no interface source carries
inline translations (issue 8 point 6): every word is a catalog key."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import pytest

import hustings
from hustings.engine.i18n import REQUIRED_LANGS
from hustings.games.die_macher_2019 import data as D
from hustings.messages import SHARED

SRC = Path(hustings.__file__).parent
SHELL = sorted((SRC / "tui").glob("*.py"))
# the sources that show words to a person: the shell, and each game's adapters
INTERFACE = [*SHELL, *sorted((SRC / "games").glob("*/adapters/*.py"))]
# every source outside the games: the shell, the CLI, the engine and the tools
NOT_GAMES = [p for p in SRC.rglob("*.py") if "games" not in p.relative_to(SRC).parts]
GAMES = sorted((SRC / "games").rglob("*.py"))

_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\u3000-\u303f\uff01-\uff5e]")


def _string_literals(path: Path, *, docstrings: bool = True) -> list[tuple[int, str]]:
    """(line, value) of every string constant in ``path``; without the docstrings if asked."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip: set[int] = set()
    if not docstrings:
        for node in ast.walk(tree):
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                body = node.body
                if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                    skip.add(id(body[0].value))
    return [(n.lineno, n.value) for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in skip]


def _tr_keys(path: Path) -> set[str]:
    """The literal keys the shell passes to ``tr`` (``tr("key", ...)``, ``tr("a" if x else "b", ...)``)."""
    keys: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "tr" and node.args:
            first = node.args[0]
            options = [first.body, first.orelse] if isinstance(first, ast.IfExp) else [first]
            for opt in options:
                assert isinstance(opt, ast.Constant) and isinstance(opt.value, str), (
                    f"{path.name}:{node.lineno}: tr() with a computed key; name the keys so they can be checked")
                keys.add(opt.value)
    return keys


def test_the_shell_asks_only_for_shared_keys() -> None:
    used = set().union(*(_tr_keys(p) for p in SHELL))
    assert len(used) > 40, "the tr() scan found too few keys"
    for key in sorted(used):
        assert all(SHARED.has(key, lang) for lang in REQUIRED_LANGS), f"the shell uses {key!r}, not a shared key"


def test_no_shared_word_serves_only_a_game() -> None:
    """A key the games use from the shared catalog is one the shell (or the CLI) uses too: game words live
    in the game's catalog (Die Macher: ``tui.*``), so the shell stays game-agnostic."""
    shared = SHARED.keys("en", own=True)
    outside = {v for p in NOT_GAMES for _, v in _string_literals(p)}
    in_games = {v for p in GAMES for _, v in _string_literals(p)} & shared
    only_games = sorted(k for k in in_games if k not in outside)
    assert not only_games, f"shared keys only a game uses: move them to the game's catalog: {only_games}"


def test_die_macher_words_are_in_the_game_catalog() -> None:
    own = D.CATALOG.keys("en", own=True)
    for key in ("tui.board", "tui.col_party", "tui.rally_title", "tui.points_table", "tui.votes_now",
                "tui.explain.votes_title", "help.poll", "party_abbr.LINKE"):
        assert key in own, key
    for key in ("board", "col_party", "rally_title", "points_table", "votes_now", "round", "parties"):
        assert not SHARED.has(key), f"{key!r} is a Die Macher word but sits in the shared catalog"


@pytest.mark.parametrize("path", INTERFACE, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_no_inline_translations(path: Path) -> None:
    """No Chinese in the code of the shell or of a game's adapters (docstrings aside), and no helper that
    picks one of several inline languages."""
    for line, value in _string_literals(path, docstrings=False):
        assert not _CJK.search(value), f"{path.name}:{line}: inline text {value!r}: use a catalog key"
    names = {t.string for t in tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline)
             if t.type == tokenize.NAME}
    assert "_t" not in names, f"{path.name}: a _t(lang, en, hans, hant) helper; use a catalog key"
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict) and node.keys:
            keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
            assert not {"zh-Hans", "zh-Hant"} <= keys, f"{path.name}:{node.lineno}: a dict of languages"

"""The test suite holds no assertion that cannot fail.

An ``assert x or True``, an ``assert`` on a constant, on an imported module or function, on a freshly built object
or on a non-empty tuple passes whatever the code under test does, so it only looks like a check (issue 21 found
three in the classic game's tests). This test reads every test file's syntax tree and names each such assertion
with its file and line; its own cases below show that each pattern is caught.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent


def _ours(module: str) -> bool:
    """Modules this test may import to see what a name is: the project's and the standard library's (importing a
    third-party kit here would only slow it down and warn)."""
    top = module.split(".")[0]
    return top == "hustings" or top in sys.stdlib_module_names


def _imported_names(tree: ast.Module) -> set[str]:
    """Names bound by an import in the file to a module, a class or a function: always true. An imported constant
    (a list, say) can be empty, so it is left out; so is what cannot be imported here (relative imports)."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module and _ours(node.module):
            try:
                module = importlib.import_module(node.module)
            except ImportError:
                continue
            for alias in node.names:
                value = getattr(module, alias.name, None)
                if value is None:
                    try:
                        value = importlib.import_module(f"{node.module}.{alias.name}")
                    except ImportError:
                        continue
                if inspect.ismodule(value) or inspect.isclass(value) or inspect.isroutine(value):
                    names.add(alias.asname or alias.name)
    return names


def _always_true(test: ast.expr, imported: set[str]) -> str | None:
    """Why ``assert test`` cannot fail, or None when it can."""
    if isinstance(test, ast.Constant):
        return "asserts a constant" if test.value else None  # `assert False` fails, on purpose
    if isinstance(test, ast.JoinedStr | ast.Lambda):
        return f"asserts a {type(test).__name__.lower()}, which is always true"
    if isinstance(test, ast.Dict | ast.Set | ast.List | ast.Tuple):
        items = test.keys if isinstance(test, ast.Dict) else test.elts
        return f"asserts a non-empty {type(test).__name__.lower()}, which is always true" if items else None
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.Or):
        for v in test.values:
            if isinstance(v, ast.Constant) and v.value:
                return f"`or {ast.unparse(v)}` makes it always true"
    if isinstance(test, ast.Name) and test.id in imported:
        return f"asserts the imported name {test.id!r}, which is always true"
    if isinstance(test, ast.Call):
        f = test.func
        name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
        if name[:1].isupper():  # a class built on the spot: an object without __bool__ or __len__ is true
            return f"asserts a new {name} object, which is always true"
    if (
        isinstance(test, ast.Compare)
        and len(test.ops) == 1
        and isinstance(test.ops[0], ast.Eq | ast.Is | ast.LtE | ast.GtE)
        and ast.dump(test.left) == ast.dump(test.comparators[0])
        and not any(isinstance(n, ast.Call) for n in ast.walk(test.left))  # two calls may well differ
    ):
        return "compares an expression with itself"
    return None


def vacuous_asserts(source: str, filename: str = "<test>") -> list[str]:
    """Every assertion in ``source`` that cannot fail, as ``file:line: reason: code``."""
    tree = ast.parse(source, filename)
    imported = _imported_names(tree)
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Assert):
            why = _always_true(node.test, imported)
            if why:
                out.append(f"{filename}:{node.lineno}: {why}: assert {ast.unparse(node.test)}")
    return out


def test_no_test_asserts_something_that_cannot_fail() -> None:
    files = sorted(TESTS.rglob("*.py"))
    assert len(files) > 50  # the suite is really read
    found = []
    for path in files:
        found += vacuous_asserts(path.read_text(encoding="utf-8"), str(path.relative_to(TESTS.parent)))
    assert not found, "assertions that cannot fail:\n" + "\n".join(found)


@pytest.mark.parametrize(
    "code",
    [
        "assert x == 0 or True",
        "assert f(x) or 1",
        "assert True",
        "assert 'checked'",
        "assert (x == 1, 'x is one')",
        "assert f'{x}'",
        "assert [x]",
        "import random\nassert random",
        "from hustings import engine\nassert engine",
        "from hustings.engine import GameState\nassert GameState",
        "from hustings import make\nassert make",
        "assert random.Random(seed)",
        "assert Thing()",
        "assert Path(p)",
        "assert s.total == s.total",
    ],
)
def test_each_pattern_is_caught(code: str) -> None:
    assert len(vacuous_asserts(code)) == 1


@pytest.mark.parametrize(
    "code",
    [
        "assert x",
        "assert x == 0 or y",
        "assert not found, 'message'",
        "assert f(x)",
        "assert Path(p).exists()",
        "assert s.a == s.b",
        "assert []",
        "assert False, 'unreachable'",
        "assert isinstance(x, Thing)",
        "from hustings import list_games\nassert list_games()",
        "from hustings.engine.outcome import OUTCOME_KINDS\nassert OUTCOME_KINDS",
        "assert make(seed=7).view(0) == make(seed=7).view(0)",
    ],
)
def test_real_checks_are_left_alone(code: str) -> None:
    assert vacuous_asserts(code) == []

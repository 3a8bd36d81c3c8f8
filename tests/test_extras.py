"""Every library a module imports when it is loaded is declared by the install that serves it (pyproject.toml).

A module that imports a library its extra does not name works in the development environment (which has every
extra) and fails for a user who installed only that extra: ``pip install 'hustings[rl]'`` once gave a learned bot
and an encoder that could not import ``orjson``. This reads every module's imports at load time (not those inside
functions, under ``TYPE_CHECKING`` or guarded by ``except ImportError``) and checks each library's distribution
against the core dependencies and the extras of the module's part of the package.
"""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]

# module prefix -> the extras a user installs for it (first match wins; everything else: the core install)
PARTS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("hustings.rl.train", ("learn",)),
    ("hustings.rl.", ("rl",)),
    ("hustings.games.*.adapters.rl", ("rl",)),
    ("hustings.server.", ("server",)),
    ("hustings.web", ("server",)),
    ("hustings.tui.", ("tui",)),
)
# what `hustings train` (the learn extra) loads of the RL package besides itself
LEARN_USES = ("hustings.rl.encoding", "hustings.rl.policy", "hustings.rl.utility")


def _norm(requirement: str) -> str:
    return re.split(r"[\[<>=!~ ;]", requirement, maxsplit=1)[0].lower().replace("_", "-")


CORE = {_norm(r) for r in PROJECT["dependencies"]}
EXTRAS = {name: {_norm(r) for r in reqs} for name, reqs in PROJECT["optional-dependencies"].items()}
DISTRIBUTIONS = {name: {_norm(d) for d in dists} for name, dists in packages_distributions().items()}


def _module(path: Path) -> str:
    parts = path.relative_to(SRC).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _load_time_imports(path: Path) -> set[str]:
    """Top-level names of the libraries imported when the module loads."""
    found: set[str] = set()

    def walk(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.Import):
                found.update(a.name.split(".")[0] for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.add(node.module.split(".")[0])
            elif isinstance(node, ast.If) and "TYPE_CHECKING" not in ast.unparse(node.test):
                walk(node.body)
                walk(node.orelse)
            elif isinstance(node, ast.Try):
                guarded = any(h.type is not None and re.search(r"ImportError|ModuleNotFoundError", ast.unparse(h.type))
                              for h in node.handlers)
                if not guarded:
                    walk(node.body)

    walk(ast.parse(path.read_text(encoding="utf-8")).body)
    return {n for n in found if n not in sys.stdlib_module_names and n != "hustings"}


def _extras_of(module: str) -> tuple[str, ...]:
    for prefix, extras in PARTS:
        pattern = re.escape(prefix).replace(r"\*", r"[^.]+")
        if re.match(pattern, module + "."):
            return extras
    return ()


def _missing(module: str, names: set[str], extras: tuple[str, ...]) -> list[str]:
    declared = set(CORE).union(*(EXTRAS[e] for e in extras))
    out = []
    for name in sorted(names):
        dists = DISTRIBUTIONS.get(name)
        if not dists:
            out.append(f"{module} imports {name}, which no installed distribution provides")
        elif not dists & declared:
            where = " + ".join(("core", *extras))
            out.append(f"{module} imports {name} ({', '.join(sorted(dists))}), not declared in {where}")
    return out


def test_every_module_imports_only_what_its_install_declares() -> None:
    problems: list[str] = []
    modules = 0
    for path in sorted((SRC / "hustings").rglob("*.py")):
        module = _module(path)
        modules += 1
        problems += _missing(module, _load_time_imports(path), _extras_of(module))
    assert modules > 200, modules  # the walk found the package
    assert not problems, "\n".join(problems)


def test_the_learn_extra_covers_what_training_loads() -> None:
    problems: list[str] = []
    for module in LEARN_USES:
        path = SRC / Path(*module.split(".")).with_suffix(".py")
        problems += _missing(module, _load_time_imports(path), ("learn",))
    assert not problems, "\n".join(problems)


def test_the_check_sees_an_undeclared_library(tmp_path: Path) -> None:
    # the check itself: a load-time import of a server library in an RL module is caught; one in a function, under
    # TYPE_CHECKING or guarded by ImportError is not a load-time import
    module = tmp_path / "m.py"
    module.write_text("import orjson\nfrom typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import fastapi\n"
                      "try:\n    import psycopg\nexcept ImportError:\n    psycopg = None\n"
                      "def f():\n    import uvicorn\n", encoding="utf-8")
    assert _load_time_imports(module) == {"orjson"}
    assert _missing("hustings.rl.x", {"fastapi"}, ("rl",)) == [
        "hustings.rl.x imports fastapi (fastapi), not declared in core + rl"]
    assert _extras_of("hustings.games.election_war.adapters.rl") == ("rl",)
    assert _extras_of("hustings.rl.train") == ("learn",)
    assert _extras_of("hustings.engine.core") == ()

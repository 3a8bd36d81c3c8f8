"""Build the compiled hustings: the modules listed in pyproject.toml ([tool.hustings.compiled]) compiled with mypyc.

    .venv/bin/python scripts/build_compiled.py            # build or reuse build/compiled (make compiled)
    PYTHONPATH=build/compiled .venv/bin/pytest tests/contract   # run anything on the compiled build
    .venv/bin/python scripts/build_compiled.py --key      # print the cache key and stop

The tree build/compiled is a copy of src/ (every module, data and message file) in which the listed modules are C
extensions beside their .py sources: Python prefers an extension to a source, so putting the tree first on
PYTHONPATH runs the compiled build and the rest of the package as it is. The pure-Python package (src/) is the
fallback: without a C compiler this script says so, removes any stale tree and exits 0 (make test then runs the
pure build only).

Cache: the build is kept while its key is unchanged. The key hashes this script, the module list, Python's ABI,
mypy's version, the C compiler and every source of the packages the compiled modules may import. That set is
known from the import contracts (pyproject.toml, [tool.importlinter]): the engine imports only the engine, a game
only the engine and its own folder, so a change in the server or the bots keeps the build, a change of a rule or
of the engine rebuilds it. Other files (data, messages, uncompiled modules) are copied afresh on every run.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shlex
import shutil
import sys
import sysconfig
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
DEFAULT_OUT = ROOT / "build" / "compiled"
MARKER = "BUILT"
"""In the tree: the key of the extensions in it. No marker, no compiled build."""


def compiled_modules(pyproject: Path = ROOT / "pyproject.toml") -> list[str]:
    """The one list: module or package paths under src/ (e.g. ``hustings/engine``), from pyproject.toml."""
    with pyproject.open("rb") as f:
        config = tomllib.load(f)
    entries = config["tool"]["hustings"]["compiled"]["modules"]
    if not isinstance(entries, list) or not all(isinstance(e, str) for e in entries):
        raise SystemExit("pyproject.toml: [tool.hustings.compiled] modules must be a list of paths under src/")
    return entries


def source_files(entries: list[str], src: Path = SRC) -> list[Path]:
    """The .py files to compile, relative to ``src``: a package entry means every module in it (recursively)."""
    files: list[Path] = []
    for entry in entries:
        path = src / entry
        if path.is_dir():
            files.extend(p.relative_to(src) for p in sorted(path.rglob("*.py")))
        elif path.with_suffix(".py").is_file():
            files.append(path.with_suffix(".py").relative_to(src))
        else:
            raise SystemExit(f"pyproject.toml: [tool.hustings.compiled] lists {entry!r}, which is no module under src/")
    return files


def closure_dirs(files: list[Path]) -> list[Path]:
    """The folders whose sources a compiled module may import (relative to src): the engine, and for a game its
    own folder; the import contracts guarantee nothing else is reached."""
    dirs = {Path("hustings/engine")}
    for f in files:
        parts = f.parts
        if parts[:2] == ("hustings", "games") and len(parts) > 3:
            dirs.add(Path(*parts[:3]))
        elif parts[:2] != ("hustings", "engine"):
            raise SystemExit(f"{f}: only the engine and games' modules may be compiled (the cache key relies on it)")
    return sorted(dirs)


def c_compiler() -> list[str] | None:
    """The C compiler setuptools will call (CC or Python's own), if it is installed."""
    cc = shlex.split(os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc")
    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"  # a compiler without Python's headers builds nothing
    return cc if cc and shutil.which(cc[0]) and headers.is_file() else None


def cache_key(files: list[Path], cc: list[str], opt_level: str = "3", src: Path = SRC) -> str:
    import mypy.version

    h = hashlib.sha256()
    h.update(Path(__file__).read_bytes())
    abi = sysconfig.get_config_var("SOABI") or ""
    for item in (sys.version, abi, mypy.version.__version__, " ".join(cc), opt_level):
        h.update(item.encode() + b"\0")
    for f in files:
        h.update(str(f).encode() + b"\0")
    for d in closure_dirs(files):
        for p in sorted((src / d).rglob("*.py")):
            h.update(str(p.relative_to(src)).encode() + b"\0" + p.read_bytes() + b"\0")
    return h.hexdigest()[:20]


def _is_extension(p: Path) -> bool:
    return any(p.name.endswith(s) for s in (".so", ".pyd"))


def sync_tree(out: Path, keep_extensions: bool, src: Path = SRC) -> None:
    """Make ``out`` a copy of ``src``'s packages (no caches); keep the built extensions if asked."""
    wanted = {p.relative_to(src) for p in src.rglob("*") if p.is_file() and "__pycache__" not in p.parts
              and not p.name.endswith(".egg-info") and ".egg-info" not in str(p)}
    out.mkdir(parents=True, exist_ok=True)
    for p in sorted(out.rglob("*"), reverse=True):
        rel = p.relative_to(out)
        if p.is_file() and rel not in wanted and rel.name != MARKER and not (keep_extensions and _is_extension(p)):
            p.unlink()
    for rel in sorted(wanted):
        a, b = src / rel, out / rel
        if not b.exists() or a.read_bytes() != b.read_bytes():
            b.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(a, b)


def build(out: Path, files: list[Path], jobs: int, opt_level: str = "3") -> None:
    """Compile ``files`` with mypyc inside the tree ``out`` (extensions land beside their sources)."""
    from mypyc.build import mypycify
    from setuptools import Distribution

    cwd = Path.cwd()
    work = out.parent / (out.name + "-work")  # mypyc's C sources and objects: kept, so a rebuild compiles less
    work.mkdir(parents=True, exist_ok=True)
    os.chdir(out)
    try:
        # the project's own mypy settings (strict); the paths given replace its `files`, so sections about modules
        # outside them (PyTorch's, for the learn extra) are unused here and no error
        extensions = mypycify(
            ["--config-file", str(ROOT / "pyproject.toml"), "--no-warn-unused-configs", *[str(f) for f in files]],
            opt_level=opt_level,
            multi_file=True,  # one C file per module: compiled in parallel, and only changed ones again
            target_dir=str(work / "c"),
        )
        dist = Distribution({"name": "hustings-compiled", "ext_modules": extensions})
        dist.script_name = "build_compiled.py"
        dist.script_args = ["build_ext", "--inplace", "--parallel", str(jobs),
                            "--build-temp", str(work / "temp"), "--build-lib", str(work / "lib")]
        dist.parse_command_line()
        dist.run_commands()
    finally:
        os.chdir(cwd)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="the compiled tree (default build/compiled)")
    parser.add_argument("--force", action="store_true", help="rebuild even if the cached build is current")
    parser.add_argument("--key", action="store_true", help="print the cache key and stop")
    parser.add_argument("--opt-level", default="3", choices=["0", "1", "2", "3"],
                        help="the C compiler's optimisation (0: a quick build to check that everything compiles)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="C compiler processes")
    args = parser.parse_args(argv)
    out: Path = args.out.resolve()
    files = source_files(compiled_modules())
    cc = c_compiler()
    if cc is None:
        if out.exists():
            shutil.rmtree(out)
        print("build_compiled: no C compiler (CC or Python's own) or no Python.h: "
              "the pure-Python package is the only build")
        return 0
    key = cache_key(files, cc, args.opt_level)
    if args.key:
        print(key)
        return 0
    marker = out / MARKER
    current = marker.is_file() and marker.read_text().strip() == key and not args.force
    sync_tree(out, keep_extensions=current)
    if current:
        print(f"build_compiled: {out} is current ({len(files)} compiled modules, key {key})")
        return 0
    marker.unlink(missing_ok=True)
    print(f"build_compiled: compiling {len(files)} modules with mypyc into {out} ...", flush=True)
    build(out, files, max(1, args.jobs), args.opt_level)
    marker.write_text(key + "\n")
    print(f"build_compiled: built {out} (key {key})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

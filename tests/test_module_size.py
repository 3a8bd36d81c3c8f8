"""No module in src/ over about 800 lines (issue 22, "one job a module"): a module that grows past it is split by
concern, as the server's stores, its protocol and the table core were."""

from __future__ import annotations

from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"
LIMIT = 800


def test_no_module_is_over_the_limit() -> None:
    sizes = {p.relative_to(SRC).as_posix(): len(p.read_text(encoding="utf-8").splitlines())
             for p in SRC.rglob("*.py")}
    assert len(sizes) > 200  # the walk found the package
    over = sorted((n, f) for f, n in sizes.items() if n > LIMIT)
    assert not over, "split by concern (docs/architecture.md): " + ", ".join(f"{f} ({n} lines)" for n, f in over)

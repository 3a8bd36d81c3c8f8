"""docs/benchmark.md states the protocol that `hustings benchmark` runs: its table and the code's must agree."""

from __future__ import annotations

import re
from pathlib import Path

from hustings.sim.benchmark import BENCHMARK_SEED, PROTOCOLS

DOC = Path(__file__).resolve().parents[2] / "docs" / "benchmark.md"


def test_the_documented_protocol_is_the_one_that_runs() -> None:
    text = DOC.read_text(encoding="utf-8")
    table = text.split("## The protocol", 1)[1].split("\n\n", 2)[1]
    rows = [line for line in table.splitlines() if line.startswith("|") and "`" in line]
    documented = {}
    for line in rows:
        cells = [c.strip() for c in line.strip("|").split("|")]
        game = re.search(r"`([a-z0-9-]+)`", cells[0]).group(1)  # type: ignore[union-attr]
        variant, players = re.fullmatch(r"(\w+), (\d+) players?", cells[1]).groups()  # type: ignore[union-attr]
        opponents = tuple((o, int(g)) for o, g in re.findall(r"`([^`]+)` \((\d+)\)", cells[2]))
        if not opponents:
            opponents = (("solo", int(re.search(r"\((\d+)\)", cells[2]).group(1))),)  # type: ignore[union-attr]
        documented[game] = (variant, int(players), opponents)
    assert documented == {g: (p.variant, p.players, p.opponents) for g, p in PROTOCOLS.items()}
    assert f"{BENCHMARK_SEED:,} + i" in text and all(p.seed == BENCHMARK_SEED for p in PROTOCOLS.values())

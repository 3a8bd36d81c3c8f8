"""Every game's rulings file cites its seeds by file name (never by a path of one machine), and every seed it names
exists in ``../shared/seeds/`` (the project's rule documents, README "Rules fidelity")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GAMES = ROOT / "src" / "hustings" / "games"
SEEDS = ROOT.parent / "shared" / "seeds"
SEED_NAME = re.compile(r"\b\d{3}_[0-9a-f]{16}\.txt\b")
MACHINE_PATH = re.compile(r"(?<![\w.])/(?:work|home|root|tmp|Users)/\S*|[A-Za-z]:\\\S+")

RULINGS = sorted(GAMES.glob("*/rulings.md"))


def test_every_game_has_a_rulings_file() -> None:
    games = sorted(p.parent.name for p in GAMES.glob("*/__init__.py"))
    assert games and [p.parent.name for p in RULINGS] == games


@pytest.mark.parametrize("path", RULINGS, ids=lambda p: p.parent.name)
def test_rulings_cite_seeds_by_file_name(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    machine = MACHINE_PATH.findall(text)
    assert not machine, f"{path.name} of {path.parent.name} cites a machine path: {machine}"
    cited = set(SEED_NAME.findall(text))
    assert cited, f"{path.parent.name}'s rulings name no seed file"
    if SEEDS.is_dir():  # ../shared is there for every developer and CI run; a bare copy of the repository lacks it
        missing = sorted(c for c in cited if not (SEEDS / c).is_file())
        assert not missing, f"{path.parent.name}'s rulings cite seeds that do not exist: {missing}"


def test_the_pattern_catches_machine_paths() -> None:
    bad = ["(`/work/shared/seeds/004_b2ffc76be6994281.txt`)", "see /home/me/seeds/x.txt", r"C:\seeds\004.txt"]
    good = ["`004_b2ffc76be6994281.txt` 步驟 4", "`../shared/seeds/001_526827792dc02765.txt`", "R1/R2 and 3/4"]
    assert all(MACHINE_PATH.search(b) for b in bad)
    assert not any(MACHINE_PATH.search(g) for g in good)

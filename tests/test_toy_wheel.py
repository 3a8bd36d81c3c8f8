"""A fifth game is its folder plus one entry-point line (issue 22), and its package data travels with it: a wheel of
the toy game in tests/toygame_fifth (its own distribution) is built and installed apart from hustings, and the
registry finds it with its words (messages/*.json) and its browser renderer (web/*.js). hustings' own wheel ships
every game's web assets and catalogs by one packaging rule."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import hustings

pytest.importorskip("wheel", reason="building a wheel with setuptools needs the wheel package (the dev extra)")

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"


def _wheel(project: Path, out: Path) -> Path:
    """A wheel of ``project``, built offline with this interpreter's setuptools (no build isolation, no index)."""
    proc = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index",
                           "-q", "-w", str(out), str(project)], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    (wheel,) = out.glob("*.whl")
    return wheel


def test_a_fifth_game_installed_from_its_own_wheel_is_found_with_its_words_and_web_assets(tmp_path: Path) -> None:
    project = tmp_path / "toygame_fifth"
    shutil.copytree(ROOT / "tests" / "toygame_fifth", project, ignore=shutil.ignore_patterns("__pycache__", "build",
                                                                                             "*.egg-info"))
    wheel = _wheel(project, tmp_path / "dist")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {"toyfifth/web/renderer.js", "toyfifth/messages/en.json", "toyfifth/messages/zh-Hans.json",
            "toyfifth/messages/zh-Hant.json"} <= names
    site = tmp_path / "site"
    proc = subprocess.run([sys.executable, "-m", "pip", "install", "--no-index", "--no-deps", "-q", "--target",
                           str(site), str(wheel)], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    # a fresh interpreter that sees the installed wheel and hustings, and not the copy under tests/
    probe = r"""
import json, hustings
from pathlib import Path
from hustings.engine.words import WORDS_KIND, Voice
from hustings.web import WEB_KIND, game_meta
spec = hustings.get_spec("toy-fifth")
folder = Path(spec.adapter(WEB_KIND))
state = hustings.make("toy-fifth", players=2, seed=1)
while not state.is_over:
    p = state.current_players[0]
    state.apply(p, state.legal_actions(p)[-1])
meta = game_meta("toy-fifth", "zh-Hant")
print(json.dumps({"games": hustings.list_games(), "folder": str(folder), "js": (folder / "renderer.js").is_file(),
                  "events": [e.message("zh-Hans") for e in state.events(None)],
                  "replayed": hustings.replay(state.record()).scores() == state.scores(),
                  "rules": spec.adapter(WORDS_KIND).rules_help()["goal"]["en"],
                  "names": dict(spec.adapter(WORDS_KIND).names(Voice("en"))), "page_names": meta["names"],
                  "title": meta["title"], "renderer": meta["renderer"], "catalog": sorted(meta["catalog"])}))
"""
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": f"{site}:{SRC}", "PYTHONDONTWRITEBYTECODE": "1"}
    proc = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, env=env,
                          cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    got = json.loads(proc.stdout)
    assert "toy-fifth" in got["games"] and set(hustings.list_games()) - {"toy", "toy-solo"} <= set(got["games"])
    assert got["js"] and Path(got["folder"]).is_relative_to(site)
    assert got["events"] == ["P1 加 2：2", "P2 加 2：4", "P1 加 1：5"] and got["replayed"]
    assert got["rules"] == "Add 1 or 2 in turn; whoever reaches 5 wins." and got["names"]["goal"] == got["rules"]
    assert got["page_names"]["goal"] == "先加到 5 者勝。" or got["page_names"]["goal"]
    assert got["title"] == "搶五（玩具）" and got["renderer"] == "/games/toy-fifth/renderer.js"
    assert {"game.title", "action.add", "event.added"} <= set(got["catalog"])


def test_hustings_ships_every_games_web_assets_and_words_by_one_rule(tmp_path: Path) -> None:
    """No line per game in pyproject.toml: the one package-data rule puts each game's web/*.js and messages/*.json
    in the wheel."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert ".web\" = [\"*.js\"]" not in text  # the per-game lines are gone
    project = tmp_path / "hustings"
    shutil.copytree(SRC, project / "src", ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, project / name)
    names = set(zipfile.ZipFile(_wheel(project, tmp_path / "dist")).namelist())
    games = [p for p in (SRC / "hustings" / "games").iterdir() if (p / "__init__.py").is_file()]
    assert len(games) >= 4
    for folder in games:
        for data in (*folder.glob("web/*.js"), *folder.glob("messages/*.json")):
            assert str(data.relative_to(SRC)) in names, data
        assert (folder / "web").is_dir() and any(n.startswith(f"hustings/games/{folder.name}/web/") and
                                                 n.endswith(".js") for n in names), folder.name

"""Issue 25, bug 10: the README said the classic edition came "next", showed `list_games()` with one game and had no
word on the puzzle, and `hustings --help` spoke only of simulating. The README's tour and command lines are checked
against the code: every `hustings ...` line parses (its command and options exist), the games it lists are the
registered ones, and every game is named."""

from __future__ import annotations

import ast
import re
import shlex
from pathlib import Path

import typer
from typer.core import TyperGroup

import hustings
from hustings.cli.app import app

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")


def _command_lines() -> list[list[str]]:
    text = README.replace("\\\n", " ")
    out = []
    for line in text.splitlines():
        m = re.match(r"\s*\.venv/bin/hustings\s+(.*)", line)
        if m:
            out.append(shlex.split(m.group(1), comments=True))
    return out


def test_every_command_line_of_the_readme_parses() -> None:
    lines = _command_lines()
    assert len(lines) >= 15
    group = typer.main.get_command(app)
    assert isinstance(group, TyperGroup)
    for args in lines:
        ctx = group.make_context("hustings", list(args), resilient_parsing=False)
        name, cmd, rest = group.resolve_command(ctx, [*getattr(ctx, "protected_args", ctx._protected_args), *ctx.args])
        assert cmd is not None, args
        with cmd.make_context(name or "", rest, parent=ctx) as sub:  # unknown options or bad values raise here
            assert sub.command is cmd


def test_the_tour_lists_the_registered_games_and_names_each() -> None:
    m = re.search(r"hustings\.list_games\(\)\s+# (\[.*\])", README)
    assert m is not None
    shipped = [g for g in hustings.list_games()
               if hustings.get_spec(g).factory.__module__.startswith("hustings.games.")]
    assert ast.literal_eval(m.group(1)) == shipped
    intro = README.split("## The two commands")[0]
    for game in shipped:
        assert hustings.get_spec(game).title["zh-Hant"].split("（")[0] in intro or \
            hustings.get_spec(game).title["en"].split(" (")[0] in intro, game
    assert "next" not in intro


def test_the_command_line_says_it_plays() -> None:
    assert app.info.help is not None and "play" in app.info.help

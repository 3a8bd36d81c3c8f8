"""Golden playthroughs: one seeded game per game, variant and representative player count, written as text.

In the spirit of OpenSpiel's ``integration_tests/playthroughs``: each file is a readable trace of a whole game
played by a fixed policy, with a digest of every view after every step and every event the step produced. A
change of behaviour anywhere (rules, data, views, events, action ids, the generator) shows up as a diff of
these files, which a reviewer reads like code.

Only the public API is used (``list_games``, ``get_spec``, ``make``, ``legal_actions``, ``apply``, ``view``,
``all_events``, ``scores``, ``outcome``), so every registered game is covered without any code of its own.

    python -m hustings.golden --regen      # rewrite tests/golden/ (make golden)
    python -m hustings.golden --check      # compare, print the first differences, exit 1 if any
"""

from __future__ import annotations

import argparse
import difflib
import hashlib
import json
import random
import sys
from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import hustings
from hustings.engine import ENGINE_VERSION, Action, Event, GameState, get_spec

#: bump when the layout of the files changes (not when a game's behaviour does)
FORMAT = 1
#: the seed of every golden game (the game's and the policy's)
SEED = 1
#: a game still going after this many actions is written as stopped (random play should end well before)
STEP_CAP = 3000
#: where the files live, relative to the repository root
DEFAULT_DIR = Path("tests") / "golden"
HINT = "run `make golden` if the change is intended, and review the diff of tests/golden/ like code"

POLICY = (
    "kind-balanced random with random.Random(seed): of several players to act, one uniformly; "
    "then a kind among the legal kinds uniformly; then an action of that kind uniformly"
)


@dataclass(frozen=True, order=True)
class Case:
    """One golden game: its file is ``<game>/<variant>-<players>p.txt``."""

    game: str
    variant: str
    players: int
    seed: int = SEED

    @property
    def relpath(self) -> Path:
        return Path(self.game) / f"{self.variant}-{self.players}p.txt"

    def __str__(self) -> str:
        return f"{self.game} {self.variant} {self.players}p seed {self.seed}"


def cases(games: Sequence[str] | None = None) -> list[Case]:
    """Every registered game and variant, at its fewest and its most players (one case if those are equal)."""
    out: list[Case] = []
    for game in hustings.list_games() if games is None else games:
        spec = get_spec(game)
        for variant in spec.variants:
            counts = spec.player_counts(variant)
            for n in sorted({min(counts), max(counts)}):
                out.append(Case(game, variant, n))
    return out


# ------------------------------------------------------------------------------------------- writing


def canonical_json(value: Any) -> str:
    """Sorted keys, no spaces, UTF-8 text: the same data always gives the same string."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def digest(value: Any) -> str:
    """BLAKE2b, 8 bytes, hex, of the canonical JSON of ``value``."""
    return hashlib.blake2b(canonical_json(value).encode("utf-8"), digest_size=8).hexdigest()


def choose(rng: random.Random, state: GameState) -> tuple[int, Action, int]:
    """The policy: (player, action, number of legal actions). Sorting makes it independent of list order."""
    cur = sorted(state.current_players)
    player = cur[rng.randrange(len(cur))] if len(cur) > 1 else cur[0]
    legal = state.legal_actions(player)
    if not legal:
        raise GoldenError(f"player {player} must act but has no legal action")
    by_kind: dict[str, list[Action]] = defaultdict(list)
    for a in sorted(legal, key=lambda a: a.id):
        by_kind[a.kind].append(a)
    kinds = sorted(by_kind)
    group = by_kind[kinds[rng.randrange(len(kinds))]]
    return player, group[rng.randrange(len(group))], len(legal)


class GoldenError(RuntimeError):
    """A game could not be played through (names the case and step)."""


def _seat(to: int | None) -> str:
    return "*" if to is None else f"p{to}"


def _views(state: GameState, where: str) -> str:
    parts = []
    for seat in [None, *range(state.num_players)]:
        try:
            parts.append(f"{'spec' if seat is None else f'p{seat}'}={digest(state.view(seat))}")
        except (TypeError, ValueError) as e:
            raise GoldenError(f"{where}: view({seat}) is not plain JSON data: {e}") from None
    return "  views  " + "  ".join(parts)


def _events(events: Sequence[Event]) -> Iterator[str]:
    for e in events:
        yield f"  event  {_seat(e.to)} {e.type} {canonical_json(e.to_json()['data'])}"


def _header(case: Case) -> list[str]:
    spec = get_spec(case.game)
    space = spec.space
    lines = [
        f"# hustings golden playthrough, format {FORMAT}. Generated by `make golden`: do not edit by hand.",
        f"game: {case.game}",
        f"variant: {case.variant}",
        f"players: {case.players}",
        f"seed: {case.seed}",
        f"rules_version: {spec.rules_version}",
        f"engine_version: {ENGINE_VERSION}",
        f"policy: {POLICY}",
    ]
    if space is not None:
        lines.append(f"action_space: {len(space)} actions, {len({a.kind for a in space.actions})} kinds")
    lines += [
        "views: BLAKE2b-64 hex of the canonical JSON (sorted keys, no spaces, UTF-8) of view(None) and each view(p)",
        "steps: step number, actor, #action id kind(args), [how many actions were legal], English text",
        "events: to (* public, pN private to seat N), type, data as canonical JSON",
        "",
    ]
    return lines


def playthrough(case: Case, step_cap: int = STEP_CAP) -> str:
    """The text of one golden game (deterministic: the same code and case always give the same text)."""
    state = hustings.make(case.game, players=case.players, variant=case.variant, seed=case.seed)
    rng = random.Random(case.seed)
    lines = _header(case)
    lines.append("setup")
    lines.append(_views(state, f"{case} setup"))
    lines.extend(_events(list(state.all_events())))
    used: set[str] = set()
    while not state.is_over and state.step_count < step_cap:
        step = state.step_count + 1
        where = f"{case} step {step}"
        try:
            player, action, nlegal = choose(rng, state)
        except GoldenError as e:
            raise GoldenError(f"{where}: {e}") from None
        used.add(action.kind)
        args = ",".join(str(x) for x in action.args)
        lines.append("")
        said = f"#{action.id} {action.kind}({args})  [{nlegal} legal]  {action.text('en')}"
        lines.append(f"step {step}  p{player}  {said}")
        try:
            events = state.apply(player, action)
        except Exception as e:
            raise GoldenError(f"{where}: applying legal action {action!r} for p{player} raised {e!r}") from e
        lines.append(_views(state, where))
        lines.extend(_events(events))
    lines.append("")
    if not state.is_over:
        lines.append(f"stopped after {state.step_count} steps (step cap {step_cap}); the game is not over")
    else:
        lines.append(f"end after {state.step_count} steps")
        spec = get_spec(case.game)
        for p, sc in enumerate(state.scores()):
            lines.append(f"  score  p{p} {canonical_json(sc)}")
        o = state.outcome()
        lines.append(
            f"  outcome  winners={canonical_json(list(o.winners))} ranks={canonical_json(list(o.ranks))} "
            f"utilities={canonical_json([round(u, 6) for u in o.utilities])} detail={canonical_json(dict(o.detail))}"
        )
        if spec.space is not None:
            never = sorted({a.kind for a in spec.space.actions} - used)
            lines.append(f"  kinds  {len(used)} used; never: {', '.join(never) if never else '-'}")
    return "\n".join(lines) + "\n"


def actions_of(text: str) -> list[list[int]]:
    """The ``[player, action id]`` pairs of a golden file, in order: with its header it is a replayable record."""
    out: list[list[int]] = []
    for line in text.splitlines():
        if line.startswith("step "):
            fields = line.split()
            out.append([int(fields[2][1:]), int(fields[3][1:])])
    return out


# ----------------------------------------------------------------------------------------- comparing


def diff(expected: str, actual: str, name: str, max_lines: int = 40) -> str | None:
    """None if equal, else the first ``max_lines`` lines of a unified diff (file = expected) and the hint."""
    if expected == actual:
        return None
    lines = list(
        difflib.unified_diff(
            expected.splitlines(), actual.splitlines(), f"{name} (file)", f"{name} (this code)", n=2, lineterm=""
        )
    )
    shown = lines[:max_lines]
    more = len(lines) - len(shown)
    tail = [f"... {more} more diff lines"] if more > 0 else []
    return "\n".join([f"golden playthrough {name} differs:", *shown, *tail, HINT])


def stale_files(directory: Path, wanted: Sequence[Case], games: Sequence[str] | None = None) -> list[Path]:
    """Golden files in ``directory`` that no current case writes (a game, variant or count that went away);
    with ``games``, only in those games' folders."""
    keep = {directory / c.relpath for c in wanted}
    patterns = ["*/*.txt"] if games is None else [f"{g}/*.txt" for g in games]
    return sorted(p for pat in patterns for p in directory.glob(pat) if p not in keep)


def regen(directory: Path, wanted: Sequence[Case], games: Sequence[str] | None = None) -> list[str]:
    """Rewrite the golden files (and drop stale ones); returns a line per file saying what happened."""
    report = []
    for c in wanted:
        path = directory / c.relpath
        text = playthrough(c)
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old != text:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        state = "new" if old is None else "unchanged" if old == text else "changed"
        report.append(f"{state:9} {path} ({len(text.encode('utf-8')) // 1024} KB)")
    for path in stale_files(directory, wanted, games):
        path.unlink()
        report.append(f"removed   {path}")
    return report


def check(directory: Path, wanted: Sequence[Case], games: Sequence[str] | None = None) -> list[str]:
    """A message per file that is missing, differs or is stale; empty when all match."""
    problems = []
    for c in wanted:
        path = directory / c.relpath
        if not path.exists():
            problems.append(f"golden playthrough {path} is missing; {HINT}")
            continue
        d = diff(path.read_text(encoding="utf-8"), playthrough(c), str(c.relpath))
        if d is not None:
            problems.append(d)
    for path in stale_files(directory, wanted, games):
        problems.append(f"golden playthrough {path} belongs to no registered game, variant or count; {HINT}")
    return problems


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m hustings.golden", description="Golden playthroughs: write or compare tests/golden/."
    )
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--regen", action="store_true", help="rewrite the golden files")
    mode.add_argument("--check", action="store_true", help="compare with the golden files; exit 1 on a difference")
    parser.add_argument("--dir", type=Path, default=DEFAULT_DIR, help=f"where the files live (default {DEFAULT_DIR})")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    args = parser.parse_args(argv)
    try:
        for game in args.game or ():
            get_spec(game)
        wanted = cases(args.game)
        if args.regen:
            for line in regen(args.dir, wanted, args.game):
                print(line)
            return 0
        problems = check(args.dir, wanted, args.game)
    except (GoldenError, ValueError, OSError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    for p in problems:
        print(p, end="\n\n")
    if not problems:
        print(f"{len(wanted)} golden playthroughs match")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
